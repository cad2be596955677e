"""The locks panel's diagnose and repair flows, driven without a widget (issue 23)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.uniqueness.diagnose import Diagnosis
from dynoview.core.uniqueness.findings import (
    DUPLICATE_VALUE,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
    Cell,
    PairRow,
)
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.locks.diagnose_flow import (
    ANSWERED,
    EMPTY,
    FAILED,
    IDLE,
    READING,
    STALE,
    Ask,
    Buttons,
    DiagnoseFlow,
)
from dynoview.ui.locks.repair_flow import (
    ACCEPTED,
    CLAIM,
    CLOSED,
    FORM_OPEN,
    RELEASE,
    RepairFlow,
    RowActions,
    claimable_rule,
    row_actions,
)

ROOT = Path(__file__).resolve().parents[4]


def s(text: str) -> dict[str, str]:
    return {"S": text}


def diagnosis(status: str, *, accounts: list[dict[str, Any]] | None = None, lock: bool = True,
              method: str = VIA_SCAN, typed: str = "ken@thompson.dev") -> Diagnosis:
    lock_key = {"PK": s("UNIQ#EMAIL#ken@thompson.dev"), "SK": s("LOCK")}
    accounts = accounts or []
    return Diagnosis("email", typed, "ken@thompson.dev", status, "sentence", lock_key,
                     dict(lock_key) if lock else None, accounts, [a["PK"]["S"] for a in accounts],
                     method, None)


def account(n: int, email: str = "ken@thompson.dev") -> dict[str, Any]:
    return {"PK": s(f"ACCT#{n}"), "SK": s("PROFILE"), "email": s(email)}


@pytest.mark.parametrize("module", ["diagnose_flow", "repair_flow", "live_rows"])
def test_the_flows_import_no_qt(module: str) -> None:
    tree = ast.parse((ROOT / "dynoview" / "ui" / "locks" / f"{module}.py").read_text())
    names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    names |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {n for n in names if n.startswith("PySide6")}


def test_diagnose_from_question_to_answer() -> None:
    flow = DiagnoseFlow()
    schema = article_schema()
    assert flow.state == IDLE and flow.buttons(schema) == Buttons()
    assert flow.ask("email", "") is None and flow.state == EMPTY
    assert flow.ask("email", "Ken@Thompson.dev") == Ask("email", "Ken@Thompson.dev", True)
    assert flow.state == READING and flow.buttons(schema) == Buttons()
    d = flow.answered(diagnosis(ORPHAN_LOCK, typed="Ken@Thompson.dev"))
    assert flow.state == ANSWERED and flow.diagnosis is d
    assert flow.buttons(schema) == Buttons(release=True, open_lock=True)
    assert flow.subject() == d.lock_item  # no account holds it: the lock is the selection
    flow.failed("Throttled")
    assert flow.state == FAILED and flow.error == "Throttled" and flow.buttons(schema) == Buttons()


def test_diagnose_buttons_follow_the_answer() -> None:
    flow, schema = DiagnoseFlow(), article_schema()
    flow.answered(diagnosis(MISSING_LOCK, accounts=[account(1)], lock=False))
    assert flow.buttons(schema) == Buttons(claim=True, accounts=1)
    assert flow.subject() == account(1)
    flow.answered(diagnosis(DUPLICATE_VALUE, accounts=[account(1), account(2)]))
    assert flow.buttons(schema) == Buttons(resolve=True, open_lock=True, accounts=2)
    # A case variant is a clash, not a second holder: nothing to resolve between them.
    flow.answered(diagnosis(DUPLICATE_VALUE, accounts=[account(1), account(2, "KEN@thompson.dev")]))
    assert not flow.buttons(schema).resolve
    flow.answered(diagnosis(OK, accounts=[account(1)]))
    assert flow.buttons(schema) == Buttons(open_lock=True, accounts=1)


def test_a_write_makes_the_answer_stale_or_asks_again() -> None:
    flow = DiagnoseFlow()
    assert flow.written(refresh=True) is None  # no answer: nothing to redo
    flow.answered(diagnosis(ORPHAN_LOCK, typed="Ken@Thompson.dev"))
    assert flow.written(refresh=False) is None and flow.state == STALE and flow.stale
    assert flow.buttons(article_schema()).release  # a stale answer still offers its repair
    # A small local table is read again at once, without moving the selection.
    assert flow.written(refresh=True) == Ask("email", "Ken@Thompson.dev", select=False)
    assert flow.state == READING
    flow.answered(diagnosis(ORPHAN_LOCK, method=VIA_INDEX))
    assert flow.written(refresh=False) == Ask("email", "ken@thompson.dev", select=False)
    flow.show(None)
    assert flow.state == IDLE and flow.diagnosis is None


def _row(kind: str, status: str, value: str = "a@x.io") -> PairRow:
    row = PairRow(kind, "ACCT#1" if kind == "account" else None, {"PK": s("x")})
    row.cells["email"] = Cell(value, status)
    return row


# Its lock key would be over DynamoDB's 2,048 bytes: no lock can ever be written for it.
UNLOCKABLE = "a" * 2_040 + "@x.io"


def test_row_actions() -> None:
    schema = article_schema()
    assert row_actions(schema, None, partial=False) == row_actions(schema, None, partial=True)
    assert not row_actions(schema, None, partial=False).open_item
    orphan = row_actions(schema, _row("lock", ORPHAN_LOCK), partial=False)
    assert orphan.open_item and orphan.release and not orphan.claim
    assert row_actions(schema, _row("account", MISSING_LOCK), partial=False).claim
    assert row_actions(schema, _row("account", DUPLICATE_VALUE), partial=False).resolve
    # Rows found while the audit still reads are for reading: no repair before the whole table.
    partial = row_actions(schema, _row("lock", ORPHAN_LOCK), partial=True)
    assert partial.open_item and not (partial.release or partial.claim or partial.resolve)
    assert not row_actions(schema, _row("account", MISSING_LOCK), partial=True).claim


def test_no_claim_is_offered_for_a_value_whose_lock_can_never_exist() -> None:
    """The audit says to change such a value (its claim fails DynamoDB's key limit every
    time); Claim lock… was still enabled, in the row's buttons and in the diagnosis'."""
    schema = article_schema()
    row = _row("account", MISSING_LOCK, UNLOCKABLE)
    assert row_actions(schema, row, partial=False) == RowActions(open_item=True)
    assert claimable_rule(schema, row) is None
    flow = DiagnoseFlow()
    flow.answered(diagnosis(MISSING_LOCK, accounts=[account(1, UNLOCKABLE)], lock=False, typed=UNLOCKABLE))
    assert flow.buttons(schema) == Buttons(accounts=1)


def test_repair_flow_one_form_at_a_time() -> None:
    flow = RepairFlow()
    first, second = object(), object()
    assert flow.opened(RELEASE, first) is None and flow.state == FORM_OPEN
    assert flow.opened(CLAIM, second) is first  # the first is closed for the second
    assert flow.finished(first, {"TransactItems": []}) is None  # replaced: changes nothing
    assert flow.state == FORM_OPEN and flow.kind == CLAIM
    request: dict[str, Any] = {"TransactItems": [{"Put": {}}]}
    assert flow.finished(second, request) is request and flow.state == ACCEPTED
    flow.opened(RELEASE, first)
    assert flow.finished(first, None) is None and flow.state == CLOSED and flow.form is None
