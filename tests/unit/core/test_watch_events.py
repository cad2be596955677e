"""What the watch prints: an event's text lines and JSON object, the records of the same
moment (related by account or value, within a second), the classes a write can touch, and
how one item is read (as the audit reads it)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.streams.records import parse_record
from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.core.uniqueness.forms import lookalike_key
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema
from dynoview.core.watch import classes
from dynoview.core.watch.classes import RuleForms, ascii_spellings
from dynoview.core.watch.events import APPEARED, Cause, FindingChange, ValueChange, WatchEvent
from dynoview.core.watch.projection import ACCOUNT, LOCK, OTHER, ItemClassifier
from dynoview.core.watch.recent import RecentRecords
from dynoview.core.watch.state import WatchState

NOW = datetime(2026, 12, 1, 12, 0, 5, tzinfo=UTC)
SCHEMA = article_schema()


def s(text: str) -> dict[str, str]:
    return {"S": text}


def cause(pk: str, sk: str, when: datetime = NOW, account_id: str | None = None,
          forms: set[tuple[str, str]] | None = None, seq: int = 1) -> Cause:
    event = parse_record({"eventName": "INSERT", "dynamodb": {
        "Keys": {"PK": s(pk), "SK": s(sk)}, "NewImage": {"PK": s(pk), "SK": s(sk)},
        "SequenceNumber": str(seq), "ApproximateCreationDateTime": when.timestamp()}},
        "shard-1", key_names=("PK", "SK"))
    return Cause(event, "account" if account_id else "lock", account_id=account_id,
                 forms=frozenset(forms or ()))


def missing_event(*moment: Cause, more: int = 0) -> WatchEvent:
    state = WatchState(SCHEMA, None)
    ada = cause("ACCT#1", "PROFILE", account_id="ACCT#1", forms={("email", "ada@x.io")})
    ada = Cause(ada.event, ada.kind, account_id="ACCT#1", forms=ada.forms,
                changes=(ValueChange("email", "email", None, "ada@x.io"),))
    from dynoview.core.uniqueness.pairing import Pairing
    pairing = Pairing(SCHEMA, None, NOW)
    pairing.feed([{"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("ada@x.io")}])
    [finding] = pairing.findings()
    assert state is not None and finding.status == MISSING_LOCK
    return WatchEvent(FindingChange(APPEARED, finding, (ada,)), NOW, moment, more)


def test_text_lines_name_the_write_its_values_and_the_same_moment() -> None:
    handle = cause("UNIQ#HANDLE#ada", "LOCK", forms={("username", "ada")})
    lines = missing_event(handle, more=2).text_lines()
    assert lines[0] == "2026-12-01T12:00:05Z  APPEARED  Missing lock  email 'ada@x.io' (account ACCT#1)"
    assert lines[1].startswith("    Account ACCT#1 uses email 'ada@x.io' without a lock")
    assert lines[2] == ("    caused by: INSERT (inserted) PK=ACCT#1, SK=PROFILE at 2026-12-01T12:00:05Z; "
                        "email: (none) → 'ada@x.io'")
    assert lines[3] == ("    same moment: INSERT (inserted) PK=UNIQ#HANDLE#ada, SK=LOCK at "
                        "2026-12-01T12:00:05Z")
    assert lines[4] == "    same moment: and 2 more records"


def test_json_is_one_object_with_the_records_in_dynamodb_json() -> None:
    handle = cause("UNIQ#HANDLE#ada", "LOCK", forms={("username", "ada")})
    data = json.loads(json.dumps(missing_event(handle).to_json()))
    assert (data["type"], data["change"], data["status"], data["label"]) == (
        "finding", "appeared", "MISSING_LOCK", "Missing lock")
    assert data["detected_at"] == "2026-12-01T12:00:05Z"
    assert data["accounts"] == ["ACCT#1"] and data["lock_keys"] == []
    [caused] = data["caused_by"]
    assert caused["event"] == "INSERT" and caused["keys"] == {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}
    assert caused["protected"] == [{"rule": "email", "attribute": "email", "old": None, "new": "ada@x.io"}]
    assert caused["values_from"] == "images" and caused["ttl_delete"] is False
    assert data["same_moment"][0]["keys"]["PK"] == {"S": "UNIQ#HANDLE#ada"}


def test_the_same_moment_is_related_records_within_a_second_nearest_first() -> None:
    recent = RecentRecords()
    mine = cause("ACCT#1", "PROFILE", account_id="ACCT#1", forms={("email", "ada@x.io"), ("username", "ada")})
    handle = cause("UNIQ#HANDLE#ada", "LOCK", NOW + timedelta(milliseconds=400), forms={("username", "ada")})
    email = cause("UNIQ#EMAIL#ada@x.io", "LOCK", NOW, forms={("email", "ada@x.io")})
    late = cause("UNIQ#EMAIL#ada@x.io", "LOCK", NOW + timedelta(seconds=3), forms={("email", "ada@x.io")})
    other = cause("UNIQ#EMAIL#bob@x.io", "LOCK", NOW, forms={("email", "bob@x.io")})
    recent.add([mine, handle, email, late, other], 0.0)
    shown, more = recent.same_moment([mine])
    assert shown == (email, handle) and more == 0
    shown, more = recent.same_moment([mine], limit=1)
    assert shown == (email,) and more == 1


def test_recent_records_are_forgotten_after_a_while() -> None:
    recent = RecentRecords(keep_s=10)
    old = cause("UNIQ#EMAIL#ada@x.io", "LOCK", forms={("email", "ada@x.io")})
    recent.add([old], 0.0)
    recent.add([cause("UNIQ#EMAIL#bob@x.io", "LOCK", forms={("email", "bob@x.io")})], 11.0)
    mine = cause("ACCT#1", "PROFILE", account_id="ACCT#1", forms={("email", "ada@x.io")})
    assert recent.same_moment([mine]) == ((), 0) and len(recent) == 1


# --------------------------------------------------------------------------- classes


def test_ascii_spellings_of_a_lookalike_key() -> None:
    assert sorted(ascii_spellings("bobl", 100) or []) == ["bob1", "bobl", "bob|"]
    assert sorted(ascii_spellings(lookalike_key("mam"), 100) or []) == ["mam", "marn", "rnam", "rnarn"]
    assert ascii_spellings("l" * 12, 100) is None  # 3**12 spellings: the caller walks the forms
    assert all(lookalike_key(t) == "bobl" for t in ascii_spellings("bobl", 100) or [])


@pytest.mark.parametrize("limit", [classes.MAX_SPELLINGS, 0])
def test_a_lookalike_class_holds_its_ascii_members(limit: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(classes, "MAX_SPELLINGS", limit)  # 0: the walk of every form
    forms = RuleForms(SCHEMA.rules[1], {"bob1": False, "b0b": False},
                      {"bobl": "ACCT#1", "BOBL": "ACCT#2", "b\u043ebl": "ACCT#3"})
    assert forms.has_lookalikes(lookalike_key("bobl"))
    assert forms.lookalike_class(lookalike_key("bobl")) == {"bob1", "bobl", "BOBL", "b\u043ebl"}
    assert forms.clash_class("bobl") == {"bobl", "BOBL"}


def test_the_indexes_follow_forms_in_and_out() -> None:
    forms = RuleForms(SCHEMA.rules[0])
    forms.add_holder("Ada@x.io", "ACCT#1")
    forms.set_lock("\u0430da@x.io", False)
    assert forms.unlike == {"ada@x.io": {"Ada@x.io"}}
    assert forms.odd == {"ada@x.io": {"\u0430da@x.io"}}
    forms.remove_holder("Ada@x.io", "ACCT#1")
    forms.set_lock("\u0430da@x.io", None)
    assert forms.unlike == {} and forms.odd == {} and not forms.holders and not forms.locks


# --------------------------------------------------------------------------- one item


def test_items_are_read_as_the_audit_reads_them_even_one_key_twice_in_a_batch() -> None:
    reader = ItemClassifier(SCHEMA, "expiresAt")
    ahead = int((NOW + timedelta(hours=1)).timestamp())
    items: list[dict[str, Any]] = [
        {"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("ada@x.io"), "username": {"N": "42"}},
        {"PK": s("UNIQ#EMAIL#ada@x.io"), "SK": s("LOCK"), "expiresAt": {"N": str(ahead)}},
        {"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("ada@new.io"),
         "expiresAt": {"N": str(ahead - 7200)}},
        {"PK": s("ORDER#1"), "SK": s("LOCK")},
        {"PK": s("UNIQ#EMAIL#ada@x.io"), "SK": s("OTHER")},
    ]
    views = reader.views(items, NOW)
    assert [v.kind for v in views] == [ACCOUNT, LOCK, ACCOUNT, OTHER, OTHER]
    assert views[0].account_id == "ACCT#1" and not views[0].expired
    assert views[1].value == "ada@x.io" and views[1].rule == 0 and views[1].expires_at == ahead
    assert views[2].expired and "ada@new.io" in str(views[2].record)
    assert "42" in str(views[0].record)  # a Number's text is its value


def test_locks_whose_sort_key_repeats_the_value_and_locks_with_any_sort_key() -> None:
    schema = UniquenessSchema("PK", "SK", "USER#", None, (
        LockRule("email", "email", "UNIQUE#{value}", sk_value="UNIQUE#{value}"),
        LockRule("handle", "handle", "HANDLE#{value}", sk_value=None)))
    reader = ItemClassifier(schema, None)
    views = reader.views([{"PK": s("UNIQUE#a@x.io"), "SK": s("UNIQUE#a@x.io")},
                          {"PK": s("UNIQUE#a@x.io"), "SK": s("UNIQUE#b@x.io")},
                          {"PK": s("HANDLE#ada"), "SK": s("anything")},
                          {"PK": s("USER#1"), "SK": s("v2"), "email": s("a@x.io")}], NOW)
    assert [(v.kind, v.value or v.account_id) for v in views] == [
        (LOCK, "a@x.io"), (OTHER, None), (LOCK, "ada"), (ACCOUNT, "USER#1")]
