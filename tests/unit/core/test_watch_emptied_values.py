"""Values a rule's normalisation empties ("   ", a tab, "\u3000" trimmed; a lone zero-width
space under nfkc+casefold, which drops invisibles, but not under trim+lowercase, which keeps
it) are no value to the watch, exactly as to the audit (``Pairing.feed``: ``normalise`` returning
"" is the one test): no finding, no form held, and a write of one is no change of value. The
watch's state, built by replay or seeded by an audit, is held against ``classify`` of the same
items, for fixed-SK, multi-item and scoped accounts."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.pairing_state import pack_record
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.watch.account_items import AccountItems
from dynoview.core.watch.projection import Record
from dynoview.core.watch.scoped import held_form, recorded_value
from dynoview.core.watch.state import WatchState
from tests.unit.core import test_watch_multi_item_accounts as multi
from tests.unit.core.test_watch_state import NOW, SCHEMA, TTL, account, delete, lock, put, s, seeded

#: (normalisation, value): emptied by it, so no value.
EMPTIED = [(mode, value) for mode in ("trim+lowercase", "nfkc+casefold")
           for value in ("   ", "\t", "\u3000", " \u3000\t")] + [("nfkc+casefold", "\u200b")]
#: Kept by trim+lowercase (not whitespace): a value whose lock is UNIQ#EMAIL#\u200b.
KEPT = [("trim+lowercase", "\u200b"), ("none", "   "), ("lowercase", "\t")]


def _schema(mode: str, schema: UniquenessSchema = SCHEMA) -> UniquenessSchema:
    return dataclasses.replace(schema, rules=tuple(
        dataclasses.replace(r, normalisation=mode) for r in schema.rules))


def _found(findings: Any) -> list[str]:
    return sorted(map(repr, findings))


def _table(value: str) -> list[dict[str, Any]]:
    """Three accounts holding ``value`` (one also with a locked email), its handles locked."""
    return [account(1, value, "ada"), account(2, value, "bob"), account(3, "c@x.io", value),
            lock("HANDLE", "ada"), lock("HANDLE", "bob"), lock("EMAIL", "c@x.io")]


@pytest.mark.parametrize("records", [True, False], ids=["account-records", "old-images"])
@pytest.mark.parametrize(("mode", "value"), EMPTIED + KEPT)
def test_replayed_and_seeded_states_find_what_the_audit_finds(mode: str, value: str,
                                                               records: bool) -> None:
    schema = _schema(mode)
    items = _table(value)
    replayed = WatchState(schema, TTL, records=records)
    replayed.apply([put(i) for i in items], NOW)
    assert _found(replayed.all_findings()) == _found(classify(items, schema, TTL, NOW).findings())
    # A seeded state, then the value written over, then back, then an account deleted.
    state = seeded(*items, schema=schema, records=records)
    fixed = account(1, "ada@x.io", "ada")
    later = [fixed, *items[1:]]
    state.apply([put(fixed, old=items[0])], NOW)
    assert _found(state.all_findings()) == _found(classify(later, schema, TTL, NOW).findings())
    state.apply([put(items[0], old=fixed), delete(items[1])], NOW)
    last = [items[0], *items[2:]]
    assert _found(state.all_findings()) == _found(classify(last, schema, TTL, NOW).findings())


@pytest.mark.parametrize(("mode", "value"), EMPTIED)
def test_a_write_of_an_emptied_value_changes_no_value(mode: str, value: str) -> None:
    """The audit records no value: the record's images say no value changed either (Live mode
    shows an account's values from them)."""
    schema = _schema(mode)
    state = WatchState(schema, TTL)
    _, [cause] = state.apply([put(account(1, value))], NOW)
    assert cause.changes == () and cause.forms == frozenset()
    assert cause.account_values == (None, None)
    _, [cause] = state.apply([put(account(1, "\u3000" + value), old=account(1, value))], NOW)
    assert cause.changes == ()
    assert state.all_findings() == []


@pytest.mark.parametrize(("mode", "value"), EMPTIED)
def test_held_form_is_none_where_the_audit_records_no_value(mode: str, value: str) -> None:
    rule = _schema(mode).rules[0]
    assert held_form(rule, value) is None and held_form(rule, None) is None
    assert recorded_value(rule, account(1, value)) is None
    scoped = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                      scope="${tenantId}")
    item = {"pk": s("user#1"), "sk": s("user#"), "tenantId": s("acme"), "email": s(value)}
    assert recorded_value(scoped, item) is None
    assert held_form(scoped, "acme#User#email#" + value) is None
    assert held_form(scoped, "acme#User#email#Ada@x.io ") == "acme#User#email#ada@x.io"


def test_a_zero_width_space_is_a_value_under_trim_lowercase() -> None:
    rule = _schema("trim+lowercase").rules[0]
    assert held_form(rule, "\u200b") == "\u200b"
    assert recorded_value(rule, account(1, "\u200b")) == "\u200b"


@pytest.mark.parametrize(("mode", "value"), EMPTIED)
def test_an_items_emptied_value_is_held_by_no_item(mode: str, value: str) -> None:
    """Accounts with several items: an item whose value is emptied holds no form."""
    rules = list(_schema(mode).rules)
    book = AccountItems(len(rules))
    book.put("ACCT#1", "A", _record(value, "A"))
    book.put("ACCT#1", "B", _record("ada@x.io", "B"))
    assert book.forms("ACCT#1", rules) == {(0, "ada@x.io")}
    assert not book.holds("ACCT#1", 0, rules[0], "")


def _record(email: str, sk: str) -> Record:
    """An item's record holding ``email`` as is (what a raw record would keep)."""
    return pack_record([email, None], False, sk)


@pytest.mark.parametrize("images", [True, False], ids=["new-and-old-images", "keys-only"])
@pytest.mark.parametrize(("mode", "value"), EMPTIED + KEPT)
def test_accounts_with_several_items_find_what_the_audit_finds(mode: str, value: str,
                                                               images: bool) -> None:
    schema = _schema(mode, multi.SCHEMA)
    table = [multi.item(1, "PROFILE", "a@x.io"), multi.item(1, "ZALT", value), multi.lock("a@x.io"),
             multi.item(2, "PROFILE", value), multi.item(3, "A", value)]
    replayed = WatchState(schema, TTL)
    replayed.apply([multi.put(i, images=images) for i in table], NOW)
    audit = multi.audit(multi.scan_order({(i["PK"]["S"], i["SK"]["S"]): i for i in table}), schema)
    assert _found(replayed.all_findings()) == _found(audit.findings())
    assert replayed.accounts == dict(audit.accounts)
    state = multi.audit_seeded(multi.scan_order({(i["PK"]["S"], i["SK"]["S"]): i for i in table}),
                               pages=True, schema=schema)
    state.apply([multi.delete(table[0], images=images)], NOW)
    rest = [i for i in table if i is not table[0]]
    audit = multi.audit(multi.scan_order({(i["PK"]["S"], i["SK"]["S"]): i for i in rest}), schema)
    assert _found(state.all_findings()) == _found(audit.findings())
