"""The watch's state: stream records applied one batch at a time, the touched classes judged
again by the engine, and what appeared, was resolved or changed, with the records that did
it. The last test holds the state against a fresh ``Pairing`` of the whole table after every
batch of random writes (Unicode look-alikes, every normalisation, TTLs, deletes)."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.streams.records import TTL_DELETE_LABEL, parse_record
from dynoview.core.uniqueness import sharded_dict
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.forms import NORMALISATIONS
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, FindingChange
from dynoview.core.watch.state import Update, WatchState

TTL = "expiresAt"
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
SCHEMA = article_schema()
PASSED = {"N": str(int((NOW - timedelta(hours=1)).timestamp()))}  # a TTL an hour ago
_seq = iter(range(1, 10**9))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def account(n: int, email: str | None = None, username: str | None = None, **extra: Any) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": s(f"ACCT#{n}"), "SK": s("PROFILE"), **extra}
    if email is not None:
        item["email"] = s(email)
    if username is not None:
        item["username"] = s(username)
    return item


def lock(kind: str, value: str, **extra: Any) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#{kind}#{value}"), "SK": s("LOCK"), **extra}


def key(item: dict[str, Any]) -> dict[str, Any]:
    return {"PK": item["PK"], "SK": item["SK"]}


def record(event: str, keys: dict[str, Any], old: dict[str, Any] | None = None,
           new: dict[str, Any] | None = None, identity: dict[str, str] | None = None,
           when: datetime = NOW) -> dict[str, Any]:
    ddb: dict[str, Any] = {"Keys": keys, "SequenceNumber": str(next(_seq)),
                           "ApproximateCreationDateTime": when.timestamp()}
    if old is not None:
        ddb["OldImage"] = old
    if new is not None:
        ddb["NewImage"] = new
    out: dict[str, Any] = {"eventName": event, "dynamodb": ddb}
    if identity:
        out["userIdentity"] = identity
    return out


def put(item: dict[str, Any], old: dict[str, Any] | None = None) -> Update:
    event = parse_record(record("MODIFY" if old else "INSERT", key(item), old, item), "shard-1",
                         key_names=("PK", "SK"))
    return Update(event, item)


def delete(item: dict[str, Any], **kw: Any) -> Update:
    return Update(parse_record(record("REMOVE", key(item), item, None, **kw), "shard-1",
                               key_names=("PK", "SK")), None)


def seeded(*items: dict[str, Any], schema: UniquenessSchema = SCHEMA, records: bool = True) -> WatchState:
    """The state an audit of ``items`` leaves."""
    pairing = Pairing(schema, TTL, NOW)
    for start in range(0, len(items), 3):  # pages: a big dict is split between them
        pairing.feed(items[start:start + 3])
    return WatchState.from_pairing(pairing, pairing.findings(), records=records)


def kinds(changes: list[FindingChange]) -> list[tuple[str, str, str | None]]:
    return sorted((c.kind, c.finding.status, c.finding.value) for c in changes)


def test_a_signup_without_its_lock_is_a_missing_lock_caused_by_the_account_write() -> None:
    state = WatchState(SCHEMA, TTL)
    ada = account(1, "ada@x.io", "ada")
    changes, causes = state.apply([put(ada), put(lock("HANDLE", "ada"))], NOW)
    assert kinds(changes) == [(APPEARED, MISSING_LOCK, "ada@x.io")]
    [cause] = changes[0].causes
    assert cause.event is not None and cause.event.event_name == "INSERT"
    assert cause.event.key_text() == "PK=ACCT#1, SK=PROFILE"
    assert [c.text() for c in cause.changes] == ["email: (none) → 'ada@x.io'",
                                                 "username: (none) → 'ada'"]
    assert len(causes) == 2  # one per record, for the records of the same moment


def test_a_correct_signup_finds_nothing() -> None:
    state = WatchState(SCHEMA, TTL)
    ada = account(1, "ada@x.io", "ada")
    changes, _ = state.apply([put(ada), put(lock("EMAIL", "ada@x.io")), put(lock("HANDLE", "ada"))], NOW)
    assert changes == [] and state.all_findings() == []


def test_a_lock_release_resolves_the_orphan_seeded_by_the_audit() -> None:
    stuck = lock("EMAIL", "stuck@x.io")
    state = seeded(stuck)
    assert [f.status for f in state.all_findings()] == [ORPHAN_LOCK]
    changes, _ = state.apply([delete(stuck)], NOW)
    assert kinds(changes) == [(RESOLVED, ORPHAN_LOCK, "stuck@x.io")]
    assert changes[0].causes[0].event.event_name == "REMOVE"  # type: ignore[union-attr]
    assert state.all_findings() == []


def test_an_email_change_that_keeps_the_old_lock_leaves_an_orphan() -> None:
    ada = account(1, "ada@x.io", "ada")
    state = seeded(ada, lock("EMAIL", "ada@x.io"), lock("HANDLE", "ada"))
    moved = account(1, "ada@new.io", "ada")
    changes, _ = state.apply([put(lock("EMAIL", "ada@new.io")), put(moved, old=ada)], NOW)
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, "ada@x.io")]
    account_cause = [c for c in changes[0].causes if c.kind == "account"]
    assert [c.text() for c in account_cause[0].changes] == ["email: 'ada@x.io' → 'ada@new.io'"]


def test_a_third_holder_changes_a_duplicate() -> None:
    state = seeded(account(1, "ada@x.io"), account(2, "ada@x.io"), lock("EMAIL", "ada@x.io"))
    changes, _ = state.apply([put(account(3, "ada@x.io"))], NOW)
    assert kinds(changes) == [(CHANGED, DUPLICATE_VALUE, "ada@x.io")]
    assert changes[0].previous is not None
    assert changes[0].previous.account_ids == ("ACCT#1", "ACCT#2")
    assert changes[0].finding.account_ids == ("ACCT#1", "ACCT#2", "ACCT#3")


def test_a_second_spelling_is_a_case_clash_and_its_removal_resolves_it() -> None:
    state = seeded(account(1, "ada@x.io"), lock("EMAIL", "ada@x.io"))
    shouting = lock("EMAIL", "ADA@x.io")
    changes, _ = state.apply([put(shouting)], NOW)
    assert kinds(changes) == [(APPEARED, CASE_CLASH, "ada@x.io")]
    changes, _ = state.apply([delete(shouting)], NOW)
    assert kinds(changes) == [(RESOLVED, CASE_CLASH, "ada@x.io")]


def test_a_cyrillic_lookalike_signup_is_a_lookalike_clash() -> None:
    state = seeded(account(1, "ada@x.io"), lock("EMAIL", "ada@x.io"))
    cyrillic = "\u0430da@x.io"  # Cyrillic а
    changes, _ = state.apply([put(account(2, cyrillic)), put(lock("EMAIL", cyrillic))], NOW)
    assert kinds(changes) == [(APPEARED, LOOKALIKE_CLASH, "ada@x.io")]
    assert changes[0].finding.account_ids == ("ACCT#1", "ACCT#2")


def test_a_ttl_delete_is_labelled_as_the_services() -> None:
    session = lock("EMAIL", "gone@x.io")
    state = seeded(session)
    service = {"type": "Service", "principalId": "dynamodb.amazonaws.com"}
    changes, _ = state.apply([delete(session, identity=service)], NOW)
    [cause] = changes[0].causes
    assert cause.event is not None and cause.event.label == TTL_DELETE_LABEL
    assert "expired: deleted by DynamoDB" in cause.text()


def test_a_ttl_written_while_watching_expires_on_time_without_a_record() -> None:
    state = WatchState(SCHEMA, TTL)
    soon = int((NOW + timedelta(seconds=30)).timestamp())
    ada = account(1, "ada@x.io")
    state.apply([put(ada), put(lock("EMAIL", "ada@x.io", expiresAt={"N": str(soon)}))], NOW)
    assert state.all_findings() == [] and state.next_expiry() == soon
    assert state.expire_due(NOW + timedelta(seconds=29)) == []
    changes = state.expire_due(NOW + timedelta(seconds=31))
    assert kinds(changes) == [(APPEARED, EXPIRED, "ada@x.io")]
    assert changes[0].causes[0].event is None and "TTL passed" in changes[0].causes[0].text()


def test_a_ttl_renewed_before_it_passed_does_not_expire() -> None:
    state = WatchState(SCHEMA, TTL)
    soon, later = (int((NOW + timedelta(seconds=d)).timestamp()) for d in (30, 3600))
    first = lock("EMAIL", "ada@x.io", expiresAt={"N": str(soon)})
    state.apply([put(account(1, "ada@x.io")), put(first)], NOW)
    state.apply([put(lock("EMAIL", "ada@x.io", expiresAt={"N": str(later)}), old=first)], NOW)
    assert state.expire_due(NOW + timedelta(seconds=60)) == []


def test_keys_only_removal_uses_the_state() -> None:
    ada = account(1, "ada@x.io")
    state = seeded(ada, lock("EMAIL", "ada@x.io"))
    event = parse_record(record("REMOVE", key(ada)), "shard-1", key_names=("PK", "SK"))
    changes, causes = state.apply([Update(event, None, "keys")], NOW)
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, "ada@x.io")]
    assert causes[0].changes[0].text() == "email: 'ada@x.io' → (none)"
    assert "keys only" in causes[0].text()


def test_seeding_adopts_the_audits_dicts() -> None:
    pairing = Pairing(SCHEMA, TTL, NOW)
    pairing.feed([account(1, "ada@x.io"), lock("EMAIL", "ada@x.io"), account(2, expiresAt=PASSED)])
    state = WatchState.from_pairing(pairing, pairing.findings())
    assert state.accounts is pairing.accounts
    assert state.rules[0].locks is pairing.rules["email"].locks
    assert state.rules[0].holders is pairing.rules["email"].holders
    # With old images the accounts' records are not kept: only who has expired.
    lean = WatchState.from_pairing(pairing, pairing.findings(), records=False)
    assert lean.accounts is None and lean.expired_accounts == {"ACCT#2"}
    assert lean.rules[0].holders is pairing.rules["email"].holders


def test_with_old_images_an_email_change_moves_the_holder() -> None:
    ada = account(1, "ada@x.io")
    state = seeded(ada, lock("EMAIL", "ada@x.io"), records=False)
    changes, _ = state.apply([put(account(1, "ada@new.io"), old=ada)], NOW)
    assert kinds(changes) == [(APPEARED, MISSING_LOCK, "ada@new.io"), (APPEARED, ORPHAN_LOCK, "ada@x.io")]
    assert state.rules[0].holders == {"ada@new.io": "ACCT#1"}


def test_other_items_change_nothing() -> None:
    state = WatchState(SCHEMA, TTL)
    changes, causes = state.apply([put({"PK": s("ORDER#1"), "SK": s("X"), "email": s("a@x.io")})], NOW)
    assert changes == [] and causes[0].kind == "other"


# --------------------------------------------------------------------------- the property

VALUES = ["ada@x.io", "Ada@x.io", " ada@x.io", "\u0430da@x.io", "\u0410DA@x.io", "bob1", "bobl",
          "BOB1", "bob|", "bobI", "jose\u0301", "jos\u00e9", "JOS\u00c9", "\uff21\uff24\uff21@x.io",
          "ada\u200b@x.io", "m@x", "rn@x", "rn@\u0445", "x", "\u00df", "ss", "SS", "0o", "Oo", "1", "l"]


def _random_batches(rng: random.Random, table: dict[tuple[str, str], dict[str, Any]]) -> list[Update]:
    updates: list[Update] = []
    for _ in range(rng.randint(1, 5)):
        if rng.random() < 0.5:
            item = account(rng.randint(1, 7),
                           rng.choice(VALUES) if rng.random() < 0.85 else None,
                           rng.choice(VALUES) if rng.random() < 0.85 else None)
            if rng.random() < 0.1:
                item[TTL] = PASSED
        else:
            item = lock(rng.choice(["EMAIL", "HANDLE"]), rng.choice(VALUES))
            if rng.random() < 0.15:
                item[TTL] = PASSED
        where = (item["PK"]["S"], item["SK"]["S"])
        old = table.get(where)
        if rng.random() < 0.25:
            if old is not None:
                del table[where]
                updates.append(delete(old))
        else:
            table[where] = item
            updates.append(put(item, old))
    return updates


@pytest.mark.parametrize("split", [False, True], ids=["whole-dicts", "split-dicts"])
@pytest.mark.parametrize("records", [True, False], ids=["account-records", "old-images"])
@pytest.mark.parametrize("modes", [("none", "lowercase"), ("trim+lowercase", "nfkc+casefold"),
                                   ("nfkc+casefold", "none")])
def test_the_state_always_agrees_with_an_audit_of_the_whole_table(modes: tuple[str, str],
                                                                   records: bool, split: bool,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Account records kept (KEYS_ONLY streams), or old values from the records' old images
    (NEW_AND_OLD_IMAGES): either way, after every round, the findings of a whole audit. The
    audit's dicts the state adopts may be split into parts (``ShardedDict``, past a few keys here
    as past 65,536 in a real table)."""
    if split:
        monkeypatch.setattr(sharded_dict, "SPLIT_AT", 4)
    assert set(modes) <= set(NORMALISATIONS)
    schema = dataclasses.replace(SCHEMA, rules=tuple(
        dataclasses.replace(r, normalisation=m) for r, m in zip(SCHEMA.rules, modes, strict=True)))
    seeded_split = 0
    for seed in range(25):
        rng = random.Random(seed)
        table: dict[tuple[str, str], dict[str, Any]] = {}
        state = WatchState(schema, TTL, records=records)
        seed_at = rng.randint(0, 20)  # an audit seeds the state part-way, as the watch does
        for step in range(30):
            if step == seed_at:
                state = seeded(*table.values(), schema=schema, records=records)
                seeded_split += any(getattr(d, "mask", 0) for r in state.rules for d in (r.locks, r.holders))
            state.apply(_random_batches(rng, table), NOW)
            audit = Pairing(schema, TTL, NOW)
            audit.feed(list(table.values()))
            assert sorted(map(repr, state.all_findings())) == sorted(map(repr, audit.findings())), \
                f"seed {seed}, step {step}"
    assert bool(seeded_split) == split
