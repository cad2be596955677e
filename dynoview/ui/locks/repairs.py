"""The repair forms Accounts & locks offers, built from an audit row or a diagnosis.

Each function returns the form to show (the panel opens it; accepting it opens its
transaction in the builder) or None when the row or answer offers no such repair. A form
may raise ``ValueError`` with a sentence (a lock that is not a lock of the schema).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, PairRow
from dynoview.core.uniqueness.key_limits import unlockable
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.builder.template_forms import ClaimLockForm, ReleaseLockForm, ResolveDuplicateForm
from dynoview.ui.locks.diagnose import exact_holders
from dynoview.ui.locks.diagnose_flow import other_clash_lock
from dynoview.ui.locks.model import row_item
from dynoview.ui.locks.repair_flow import CLASHES, claimable_rule


def release_for_row(schema: UniquenessSchema, table: str, row: PairRow, *, stale: bool,
                    parent: QWidget) -> ReleaseLockForm | None:
    """Release a lock row's lock, with the audit as the evidence that no account holds it (in
    a case or lookalike clash: its spelling; the clash's accounts hold others, with their locks)."""
    if row.kind != "lock":
        return None
    note = QCoreApplication.translate(
        "locks.repairs", " — stale: the table was written since, re-run the audit") if stale else ""
    evidence = QCoreApplication.translate(
        "locks.repairs", "No account holds it, according to the audit{note}.").format(note=note)
    clash = next((c.finding for c in row.cells.values() if c.status in CLASHES and c.finding), None)
    if clash is not None:
        evidence = QCoreApplication.translate(
            "locks.repairs", "No account holds this spelling, according to the audit{note}. Accounts "
            "holding another spelling of it, each with its own lock: {accounts}.").format(
                note=note, accounts=", ".join(clash.account_ids) or QCoreApplication.translate(
                    "locks.repairs", "none"))
    return ReleaseLockForm(schema, table, row.key, [], evidence, parent)


def claim_for_row(schema: UniquenessSchema, table: str, row: PairRow,
                  parent: QWidget) -> ClaimLockForm | None:
    """Claim the first missing lock of an account row that can be claimed."""
    rule = claimable_rule(schema, row)
    return None if rule is None else ClaimLockForm(schema, table, row_item(schema, row), rule, parent)


def resolve_for_row(schema: UniquenessSchema, table: str, row: PairRow,
                    account_row: Callable[[str], PairRow | None],
                    parent: QWidget) -> ResolveDuplicateForm | None:
    """Ask which of the accounts holding a duplicated value keeps it (never decided for the
    user); ``account_row`` finds the other holders' rows in the audit by id."""
    for rule, cell in row.cells.items():
        f = cell.finding
        if cell.status == DUPLICATE_VALUE and f is not None and cell.value:
            holders = [row_item(schema, held) for a in f.account_ids
                       if (held := account_row(a)) is not None]
            # No lock holds the value (none found by the audit): the kept account claims it.
            return ResolveDuplicateForm(schema, table, rule, holders, parent, kept_lock=bool(f.lock_keys))
    return None


def release_for_diagnosis(schema: UniquenessSchema, table: str, d: Diagnosis,
                          parent: QWidget) -> ReleaseLockForm | None:
    """Release the diagnosed lock, with where it came from as evidence (and its former owner).
    Its holders are the accounts holding its spelling: in a case or lookalike clash, the
    accounts the answer names hold another (``diagnose_flow.other_clash_lock``)."""
    if d.lock_item is None:
        return None
    origin: Any = getattr(d, "origin", None)
    evidence = QCoreApplication.translate("locks.repairs", "No account holds it, according to the diagnosis.")
    if origin is not None:
        evidence += f" {origin.label.capitalize()}: {origin.evidence}"
    if other_clash_lock(schema, d):
        evidence = QCoreApplication.translate(
            "locks.repairs", "No account holds this spelling, according to the diagnosis. Accounts "
            "holding another spelling of it, each with its own lock: {accounts}.").format(
                accounts=", ".join(d.account_ids) or QCoreApplication.translate("locks.repairs", "none"))
    holders = [a[schema.pk_name].get("S", "") for a in exact_holders(schema, d)]
    form = ReleaseLockForm(schema, table, d.lock_item, holders, evidence, parent)
    former = getattr(origin, "account_id", None)
    if former:
        form.owner.setText(former)  # the evidence names the account that left it
    return form


def claim_for_diagnosis(schema: UniquenessSchema, table: str, d: Diagnosis,
                        parent: QWidget) -> ClaimLockForm | None:
    if len(d.accounts) != 1 or unlockable(schema, d.rule, d.value) is not None:
        return None
    return ClaimLockForm(schema, table, d.accounts[0], d.rule, parent)


def resolve_for_diagnosis(schema: UniquenessSchema, table: str, d: Diagnosis,
                          parent: QWidget) -> ResolveDuplicateForm:
    return ResolveDuplicateForm(schema, table, d.rule, exact_holders(schema, d), parent,
                                kept_lock=d.lock_item is not None)
