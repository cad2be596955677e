"""Release on the other lock of a case or lookalike clash (hostile window test, defect 2), decided
without a widget: offered for a lock no account holds whose clash's accounts each keep a lock of
their own spelling, and only then."""

from __future__ import annotations

import dataclasses
from typing import Any

from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    LOOKALIKE_CLASH,
    ORPHAN_LOCK,
    Cell,
    Finding,
    PairRow,
)
from dynoview.core.uniqueness.forms import NORMALISE_LOWER
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema
from dynoview.ui.locks.diagnose_flow import DiagnoseFlow, other_clash_lock
from dynoview.ui.locks.repair_flow import row_actions

OTHER, OWN = "Margaret@Hamilton.space", "margaret@hamilton.space"


def s(text: str) -> dict[str, str]:
    return {"S": text}


def lock(value: str) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#EMAIL#{value}"), "SK": s("LOCK")}


def account(n: int, email: str) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{n}"), "SK": s("PROFILE"), "email": s(email)}


# ---------------------------------------------------------------- the audit's rows


def clash_rows(status: str = CASE_CLASH, *, own_lock: bool = True,
               accounts: tuple[str, ...] = ("ACCT#1",)) -> tuple[PairRow, dict[str, PairRow]]:
    """The other lock's row and the clash's account rows (by id)."""
    finding = Finding(status, "email", OWN, accounts, (lock(OTHER), lock(OWN)), "sentence", "why")
    row = PairRow("lock", None, lock(OTHER), cells={"email": Cell(OTHER, status, lock(OTHER), finding)})
    held = {a: PairRow("account", a, {"PK": s(a), "SK": s("PROFILE")}, cells={
        "email": Cell(OWN, status, lock(OWN) if own_lock else None, finding)}) for a in accounts}
    return row, held


def test_a_clash_lock_row_offers_release_when_its_accounts_keep_their_own_locks() -> None:
    schema = article_schema()
    for status in (CASE_CLASH, LOOKALIKE_CLASH):
        row, held = clash_rows(status)
        assert row_actions(schema, row, partial=False, account_row=held.get).release
        # Rows of an audit still reading are for reading only.
        assert not row_actions(schema, row, partial=True, account_row=held.get).release
        # Without the accounts' rows, nothing says their locks are there: not offered.
        assert not row_actions(schema, row, partial=False).release
        assert not row_actions(schema, row, partial=False, account_row=lambda _a: None).release


def test_no_release_when_an_account_of_the_clash_has_no_lock_of_its_own() -> None:
    row, held = clash_rows(own_lock=False)
    assert not row_actions(article_schema(), row, partial=False, account_row=held.get).release


def test_a_clash_of_locks_no_account_holds_offers_release() -> None:
    row, held = clash_rows(accounts=())
    assert row_actions(article_schema(), row, partial=False, account_row=held.get).release


def test_an_account_row_of_a_clash_never_offers_release() -> None:
    _row, held = clash_rows()
    assert not row_actions(article_schema(), held["ACCT#1"], partial=False, account_row=held.get).release


# ---------------------------------------------------------------- a diagnosis


def diagnosis(stored: str = OTHER, *, accounts: list[dict[str, Any]] | None = None,
              status: str = CASE_CLASH, method: str = VIA_INDEX, variant: str | None = OWN,
              locked: bool = True) -> Diagnosis:
    found = [account(1, OWN)] if accounts is None else accounts
    return Diagnosis("email", stored, stored, status, "sentence", lock(stored),
                     lock(stored) if locked else None, found, [a["PK"]["S"] for a in found], method,
                     "email-index", variant_lock_key=lock(variant) if variant is not None else None)


def released(schema: UniquenessSchema, d: Diagnosis) -> bool:
    flow = DiagnoseFlow()
    flow.answered(d)
    assert flow.buttons(schema).release == other_clash_lock(schema, d)
    return flow.buttons(schema).release


def test_the_diagnosed_other_lock_of_a_clash_offers_release() -> None:
    schema = article_schema()
    assert released(schema, diagnosis())
    assert released(schema, diagnosis(status=LOOKALIKE_CLASH))
    assert released(schema, diagnosis(accounts=[]))  # no account holds any spelling


def test_the_diagnosed_clash_offers_no_release_otherwise() -> None:
    schema = article_schema()
    assert not released(schema, diagnosis(OWN, variant=OTHER))  # the account's own lock
    assert not released(schema, diagnosis(locked=False))  # no lock to release
    assert not released(schema, diagnosis(variant=None))  # no other lock was read
    # An account named holds a third spelling, whose lock nothing read: left to the person.
    assert not released(schema, diagnosis(accounts=[account(1, OWN), account(2, "MARGARET@hamilton.space")]))
    assert not released(schema, diagnosis(status=ORPHAN_LOCK, accounts=[account(1, OWN)]))
    # A rule that folds spellings: an index finds only those asked for, so a holder of this
    # lock may not have been seen; a Scan reads them all.
    folded = dataclasses.replace(schema, rules=tuple(
        dataclasses.replace(r, normalisation=NORMALISE_LOWER) for r in schema.rules))
    low = diagnosis("m@x.io", accounts=[account(1, "m\u200b@x.io")], variant="m\u200b@x.io")
    assert not released(folded, low)
    assert released(folded, dataclasses.replace(low, method=VIA_SCAN))
