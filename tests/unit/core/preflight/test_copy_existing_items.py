"""Copy to table… onto a target that already holds one of the items (a plain item: neither an
account nor a lock). Its Put is guarded by ``attribute_not_exists(PK)``, so DynamoDB cancels
the whole batch: the preflight says so at that action before anything is sent, and the
cancellation says the item is already there (never "changed since it was built", which a
rebuild cannot fix). On a stub reader; ``tests/integration/test_copy_existing_items.py``
runs the same on both engines."""

from __future__ import annotations

from typing import Any, cast

from dynoview.core.items.copy_to_table import copy_plan
from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.conditions import CANCELLED
from dynoview.core.preflight.model import Preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.tx.cancellation import explain_cancellation
from dynoview.core.tx.model import Transaction
from tests.unit.core.preflight.stub_reader import SCHEMA, TABLE, StubReader, acct, table_info


def _doc(n: int, v: str = "copied") -> dict[str, Any]:
    return {"PK": {"S": f"DOC#{n}"}, "SK": {"S": "D"}, "v": {"S": v}}


def _batch(items: list[dict[str, Any]]) -> Transaction:
    (tx,) = copy_plan(items, table_info(), SCHEMA).batches
    return tx


def _run(held: list[dict[str, Any]], tx: Transaction) -> Preflight:
    return run_preflight(cast(Reader, StubReader(held)), tx, SCHEMA, {TABLE: table_info()})


def test_a_copied_item_the_target_holds_is_refused_at_its_action() -> None:
    result = _run([_doc(2, "already in the target")], _batch([_doc(i) for i in range(4)]))
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and refusal.action == 2 and refusal.value == "DOC#2"
    assert refusal.message.startswith("Action 3: DynamoDB would cancel this transaction")
    assert "An item with PK=DOC#2, SK=D already exists in accounts" in refusal.message
    assert "does not replace it" in refusal.message
    assert "changed since this transaction was built" not in refusal.message
    assert result.summary().startswith("Refused by the preflight: DynamoDB would cancel")
    assert not result.checked  # no account or lock: nothing for the uniqueness checks


def test_a_copy_onto_free_keys_passes_and_only_reads_them() -> None:
    reader = StubReader([_doc(9)])
    result = run_preflight(cast(Reader, reader), _batch([_doc(i) for i in range(3)]), SCHEMA,
                           {TABLE: table_info()})
    assert not result.refused and not result.checked
    (get,) = reader.of("TransactGetItems")
    assert [g["Get"]["Key"]["PK"]["S"] for g in get["TransactItems"]] == ["DOC#0", "DOC#1", "DOC#2"]


def test_beside_an_account_the_existing_item_is_refused_too() -> None:
    bob = acct("b2")  # an account without protected values: nothing else to refuse
    result = _run([_doc(1)], _batch([bob, _doc(1)]))
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and refusal.action == 1
    assert "An item with PK=DOC#1, SK=D already exists in accounts" in refusal.message
    assert result.checked


def test_the_cancellation_says_the_item_already_exists() -> None:
    tx = _batch([_doc(i) for i in range(4)])
    reasons: list[dict[str, Any]] = [{"Code": "None"}] * 4
    reasons[2] = {"Code": "ConditionalCheckFailed", "Message": "The conditional request failed"}
    outcome = explain_cancellation(tx, reasons, SCHEMA, {TABLE: table_info()})[2]
    assert outcome.message.startswith("An item with PK=DOC#2, SK=D already exists in accounts, and "
                                      "this Put writes only where no item has its key")
    assert "changed since this transaction was built" not in outcome.message
    assert outcome.field == "item.PK"
    returned = {**reasons[2], "Item": _doc(2, "there")}
    shown = explain_cancellation(tx, [reasons[0], reasons[1], returned, reasons[3]], SCHEMA,
                                 {TABLE: table_info()})[2]
    assert "already exists in accounts" in shown.message and "v=there" in shown.message
