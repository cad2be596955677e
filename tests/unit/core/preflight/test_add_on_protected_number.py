"""``ADD`` on a protected attribute, judged by the preflight (on a stub reader).

ADD of a Number to a protected Number is a sum, exactly as ``SET a = a + :n`` (DynamoDB's
arithmetic: 38 digits; on an absent attribute the value becomes the operand), so the preflight
judges the real after-state. What it cannot compute (a set, a type DynamoDB refuses to add, a
result past 38 digits) is unknown for the rules reading that attribute only, and the refusal
names the Update and the attribute, never the lock Put or Delete beside it.
"""

from __future__ import annotations

from typing import Any, cast

from dynoview.core.preflight.check import FREE, UNPREDICTABLE, run_preflight
from dynoview.core.preflight.model import Preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import MISSING_LOCK, OK, ORPHAN_LOCK
from tests.unit.core.preflight.stub_reader import SCHEMA, TABLE, StubReader, acct, lock, table_info

ONE = {":one": {"N": "1"}}


def _account(username: dict[str, str] | None) -> dict[str, Any]:
    item = acct("n1", "n@x.io")
    if username is not None:
        item["username"] = username
    return item


def _items(username: dict[str, str] | None = None) -> list[dict[str, Any]]:
    locks = [lock("EMAIL", "n@x.io")] + ([lock("HANDLE", username["N"])] if username else [])
    return [_account(username), *locks, acct("a1", "ada@x.io", "ada"), lock("EMAIL", "ada@x.io"),
            lock("HANDLE", "ada")]


def _update(expression: str, values: dict[str, Any] | None = None,
            names: dict[str, str] | None = None) -> Action:
    return Action("Update", TABLE, key=acct("n1"), update=expression, values=values or dict(ONE),
                  names=names or {})


def _move(update: Action, old: str = "5", new: str = "6") -> Transaction:
    """The repro's transaction: a guarded Put of the new lock, a guarded Delete of the old one,
    then the account's Update."""
    return Transaction([
        Action("Put", TABLE, item=lock("HANDLE", new), condition="attribute_not_exists(PK)"),
        Action("Delete", TABLE, key=lock("HANDLE", old), condition="attribute_exists(PK)"),
        update])


def _run(items: list[dict[str, Any]], tx: Transaction) -> Preflight:
    return run_preflight(cast(Reader, StubReader(items)), tx, SCHEMA, {TABLE: table_info()})


def _statuses(result: Preflight) -> dict[tuple[str, str], str]:
    return {(p.rule, p.value): p.status_after for p in result.pairs}


def test_add_of_a_number_moves_the_lock_as_the_set_sum_does() -> None:
    five = _items({"N": "5"})
    by_add = _run(five, _move(_update("ADD username :one")))
    by_set = _run(five, _move(_update("SET username = username + :one")))
    for result in (by_add, by_set):
        assert not result.refused, [r.message for r in result.refusals]
        assert _statuses(result) == {("username", "5"): FREE, ("username", "6"): OK}
    assert [p.line() for p in by_add.pairs] == [p.line() for p in by_set.pairs]
    assert "after: lock UNIQ#HANDLE#6 held by ACCT#n1 ✓" in by_add.lines()


def test_add_of_zero_keeps_the_value_and_its_lock() -> None:
    result = _run(_items({"N": "5"}), Transaction([_update("ADD username :z", {":z": {"N": "0"}})]))
    assert not result.refused and result.pairs == []  # a value the account keeps: nothing in play


def test_the_sum_is_judged_so_a_forgotten_lock_move_is_refused_on_the_update() -> None:
    result = _run(_items({"N": "5"}), Transaction([_update("ADD username :one")]))
    assert _statuses(result) == {("username", "5"): ORPHAN_LOCK, ("username", "6"): MISSING_LOCK}
    assert {r.action for r in result.refusals} == {0}
    assert all("cannot tell" not in r.message for r in result.refusals)


def test_add_on_an_absent_protected_attribute_sets_the_operand() -> None:
    # As DynamoDB does: ADD on a missing Number attribute stores the operand.
    items = _items(None)
    seven = {":n": {"N": "7"}}
    put = Action("Put", TABLE, item=lock("HANDLE", "7"), condition="attribute_not_exists(PK)")
    claimed = Transaction([put, _update("ADD username :n", seven)])
    result = _run(items, claimed)
    assert not result.refused and _statuses(result) == {("username", "7"): OK}
    bare = _run(items, Transaction([_update("ADD username :n", seven)]))
    assert _statuses(bare) == {("username", "7"): MISSING_LOCK}


def _unpredictable_username(result: Preflight, update_index: int = 2) -> None:
    """Refused for username only, every refusal blaming the Update and naming username."""
    assert result.refused
    assert _statuses(result) == {("username", "5"): UNPREDICTABLE, ("username", "6"): UNPREDICTABLE}
    for refusal in result.refusals:
        assert refusal.action == update_index and refusal.rule == "username", refusal.message
        assert refusal.message.startswith(
            f"Action {update_index + 1}: the preflight cannot tell what this Update does to username, "
            f"so it cannot check username {refusal.value} (lock UNIQ#HANDLE#{refusal.value})."
        ), refusal.message
        assert "email" not in refusal.message
    assert {r.value for r in result.refusals} == {"5", "6"}


def test_what_add_or_delete_cannot_compute_is_unknown_for_that_attribute_only() -> None:
    five = _items({"N": "5"})
    for update in (
        _update("ADD username :s", {":s": {"SS": ["x"]}}),  # a set: DynamoDB refuses it on a Number
        _update("ADD username :s", {":s": {"S": "x"}}),  # not a Number: refused too
        _update("ADD username :missing"),  # a placeholder the request does not define
        _update("DELETE username :s", {":s": {"NS": ["5"]}}),  # a set operation
        _update("ADD #u :s", {":s": {"SS": ["x"]}}, {"#u": "username"}),
        # Past 38 significant digits: DynamoDB refuses the sum, it does not round it.
        _update("ADD username :d", {":d": {"N": "0.12345678901234567890123456789012345678"}}),
    ):
        _unpredictable_username(_run(five, _move(update)))


def test_a_number_added_to_a_string_is_unknown_and_the_other_rules_are_still_judged() -> None:
    items = [acct("n1", "n@x.io", "5"), lock("EMAIL", "n@x.io"), lock("HANDLE", "5")]
    tx = _move(_update("SET email = :e ADD username :one", {":one": {"N": "1"}, ":e": {"S": "m@x.io"}}))
    result = _run(items, tx)
    statuses = _statuses(result)
    assert statuses[("username", "5")] == statuses[("username", "6")] == UNPREDICTABLE
    # email is computed: the new value lacks its lock, the old one is left behind.
    assert (statuses[("email", "m@x.io")], statuses[("email", "n@x.io")]) == (MISSING_LOCK, ORPHAN_LOCK)
    email = [r for r in result.refusals if r.rule == "email"]
    assert email and all("cannot tell" not in r.message for r in email)
    assert all(r.action == 2 for r in result.refusals if r.rule == "username")


def test_an_update_whose_names_cannot_be_read_is_blamed_not_the_lock_writes() -> None:
    result = _run(_items({"N": "5"}), _move(_update("ADD #nope :one")))
    assert result.refused and result.refusals
    for refusal in result.refusals:
        assert refusal.action == 2, refusal.message
        assert refusal.message.startswith("Action 3: the preflight cannot tell which attributes this "
                                          "Update changes"), refusal.message
