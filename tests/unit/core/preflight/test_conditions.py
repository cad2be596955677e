"""``preflight.conditions``: a condition the preflight can judge on what it read, and the
transaction DynamoDB would cancel refused before it is sent (on a stub reader)."""

from __future__ import annotations

import dataclasses
import time
from typing import Any, cast

from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.conditions import CANCELLED, evaluate
from dynoview.core.preflight.model import Preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.tx import templates
from dynoview.core.tx.model import Action, Transaction
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, EXPIRED, ORPHAN_LOCK
from tests.unit.core.preflight.stub_reader import ADA, SCHEMA, TABLE, StubReader, acct, lock, table_info

TTL = "expiresAt"


def _check(condition: str, item: dict[str, Any] | None, values: dict[str, Any] | None = None,
           names: dict[str, str] | None = None) -> bool | None:
    return evaluate(Action("ConditionCheck", TABLE, key=acct("a1"), condition=condition,
                           values=values or {}, names=names or {}), item)


def test_existence_is_judged_on_the_item_read() -> None:
    ada = acct("a1", "ada@x.io")
    assert _check("attribute_not_exists(#p)", ada, names={"#p": "PK"}) is False
    assert _check("attribute_not_exists(PK)", None) is True
    assert _check("attribute_exists(PK)", None) is False
    assert _check("attribute_exists(email.domain)", acct("a1")) is False  # nothing below a missing one
    assert _check("attribute_exists(email.domain)", ada) is None  # a nested path: DynamoDB's to judge


def test_equality_and_logic() -> None:
    ada = acct("a1", "ada@x.io")
    assert _check("email = :e", ada, {":e": {"S": "ada@x.io"}}) is True
    assert _check("email <> :e", ada, {":e": {"S": "ada@x.io"}}) is False
    assert _check("n = :n", {"n": {"N": "1.0"}}, {":n": {"N": "1"}}) is True
    assert _check("email = :e", acct("a1"), {":e": {"S": "x"}}) is None  # a missing attribute
    assert _check("attribute_not_exists(PK) OR email = :e", ada, {":e": {"S": "b"}}) is False
    assert _check("attribute_exists(PK) AND size(email) > :n", ada, {":n": {"N": "1"}}) is None
    assert _check("NOT attribute_exists(PK) AND size(email) > :n", ada, {":n": {"N": "1"}}) is False
    assert _check("", ada) is None and _check("((", ada) is None


def _run(items: list[dict[str, Any]], tx: Transaction, ttl: str | None = None) -> Preflight:
    info = dataclasses.replace(table_info(), ttl_attribute=ttl)
    return run_preflight(cast(Reader, StubReader(items)), tx, SCHEMA, {TABLE: info})


def test_a_guarded_lock_put_on_an_orphan_lock_is_refused_as_cancelled() -> None:
    stuck = [*ADA, lock("EMAIL", "stuck@x.io")]
    result = _run(stuck, templates.sign_up(SCHEMA, TABLE, acct("b2", "stuck@x.io", "bob")))
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and refusal.action == 1
    assert (refusal.rule, refusal.value) == ("email", "stuck@x.io")
    assert "DynamoDB would cancel this transaction" in refusal.message
    assert "attribute_not_exists(PK)" in refusal.message
    assert "PK=UNIQ#EMAIL#stuck@x.io" in refusal.message
    assert "no account holds it (an orphan lock)" in refusal.message
    assert "Release the lock with the Release orphan lock template first" in refusal.message
    (choice,) = refusal.choices  # the release, which passed its own preflight
    assert choice.template == "release_orphan_lock" and choice.suggestion is not None
    assert choice.suggestion.actions[0].kind == "Delete"
    # Nothing is written: no repair is claimed, and the orphan is still there afterwards.
    assert result.refused and not result.repairs and not result.warnings
    assert "DynamoDB would cancel" in result.summary()
    assert any("✗ orphan lock" in line for line in result.lines())
    pair = next(p for p in result.pairs if p.value == "stuck@x.io")
    assert pair.status_after == ORPHAN_LOCK and pair.holders_after == ()


def test_a_change_onto_an_expired_lock_says_it_has_expired() -> None:
    past = {"N": str(int(time.time()) - 7200)}
    items = [*ADA, {**lock("EMAIL", "old@x.io"), TTL: past}]
    ada = items[0]
    result = _run(items, templates.change_value(SCHEMA, TABLE, ada, "email", "old@x.io"), ttl=TTL)
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and refusal.value == "old@x.io"
    assert "its TTL has passed" in refusal.message and "Release orphan lock" in refusal.message
    pair = next(p for p in result.pairs if p.value == "old@x.io")
    assert pair.status_after == EXPIRED and not result.repairs


def test_a_taken_value_keeps_the_refusal_that_names_its_holder() -> None:
    items = [*ADA, acct("g1", "grace@x.io", "grace"), lock("EMAIL", "grace@x.io"), lock("HANDLE", "grace")]
    result = _run(items, templates.change_value(SCHEMA, TABLE, items[0], "email", "grace@x.io"))
    assert [r.status for r in result.refusals] == [DUPLICATE_VALUE]
    assert any("DynamoDB would cancel" in n and "ACCT#g1 holds it" in n for n in result.notes)


def test_releasing_a_lock_that_is_gone_is_cancelled() -> None:
    release = Transaction([Action("Delete", TABLE, key=lock("EMAIL", "gone@x.io"),
                                  condition="attribute_exists(PK)")])
    result = _run(ADA, release)
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and "no longer exists" in refusal.message
    assert "the preflight found no item there" in refusal.message


def test_an_unguarded_or_unjudgeable_condition_stays_dynamodbs() -> None:
    tx = Transaction([Action("Update", TABLE, key=acct("a1"), update="SET visits = :v",
                             values={":v": {"N": "1"}, ":n": {"N": "3"}}, condition="size(email) > :n")])
    assert not _run(ADA, tx).refused


def test_an_update_setting_a_past_expiry_warns_it_expires() -> None:
    past = {"N": str(int(time.time()) - 3600)}
    tx = Transaction([Action("Update", TABLE, key=lock("EMAIL", "ada@x.io"), update="SET #t = :e",
                             names={"#t": TTL}, values={":e": past})])
    result = _run(ADA, tx, ttl=TTL)
    assert not result.refused and result.needs_confirmation
    assert [w.status for w in result.warnings] == [EXPIRED]
    # An account's own expiry too.
    tx = Transaction([Action("Update", TABLE, key=acct("a1"), update="SET expiresAt = :e",
                             values={":e": past})])
    result = _run(ADA, tx, ttl=TTL)
    assert [w.status for w in result.warnings] == [EXPIRED]
    assert result.warnings[0].accounts == ("ACCT#a1",)


def test_an_expiry_the_preflight_cannot_compute_is_a_warning() -> None:
    tx = Transaction([Action("Update", TABLE, key=lock("EMAIL", "ada@x.io"),
                             update="SET expiresAt = expiresAt + :d", values={":d": {"N": "60"}})])
    result = _run(ADA, tx, ttl=TTL)  # the lock has no expiresAt: the sum cannot be computed
    (warning,) = result.warnings
    assert warning.status == EXPIRED and warning.rule == "email" and warning.action == 0
    assert "cannot tell whether the email lock ada@x.io would expire" in warning.message
    assert not _run(ADA, tx).warnings  # no TTL on the table: nothing expires


def test_values_in_a_cancellation_read_one_way_and_stay_on_one_line() -> None:
    """A value quoted in the refusal is ``visible_value``'s: a line break cannot start a line of
    its own, and ``a\\`` with a line break never reads like the four characters ``a\\n``; the
    refusal keeps the stored value to act on."""
    tricky = "stuck\\\nPreflight passed@x.io"
    items = [*ADA, lock("EMAIL", tricky)]
    result = _run(items, templates.sign_up(SCHEMA, TABLE, acct("b2", tricky, "bob")))
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and refusal.value == tricky
    assert "\n" not in refusal.message
    assert "Email stuck\\\\\\nPreflight passed@x.io is already taken" in refusal.message
    taken = [*ADA, acct("g1", tricky, "grace"), lock("EMAIL", tricky), lock("HANDLE", "grace")]
    notes = _run(taken, templates.change_value(SCHEMA, TABLE, taken[0], "email", tricky)).notes
    assert not any("\n" in n for n in notes)
