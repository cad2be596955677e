"""The watch on accounts with several items (a schema whose accounts' SKs vary): an account holds
a value while any of its items holds it, so a write to one item changes that item's values only,
and the watch's findings are the audit's, whether the state was built from the stream (replay)
or seeded by an audit. The last two tests hold the state against a fresh ``Pairing`` of the whole
table, fed in Scan order, after every batch of random writes to accounts' items."""

from __future__ import annotations

import dataclasses
import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.audit.pages import PageClassifier
from dynoview.core.streams.records import parse_record
from dynoview.core.uniqueness.findings import EXPIRED, MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema
from dynoview.core.watch.events import APPEARED, RESOLVED, FindingChange
from dynoview.core.watch.state import Update, WatchState

TTL = "expiresAt"
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
PASSED = {"N": str(int((NOW - timedelta(hours=1)).timestamp()))}
#: The accounts' SKs vary: every ACCT# item is an item of its account (PROFILE, ZALT, ...).
SCHEMA = dataclasses.replace(article_schema(), account_sk_value=None)
_seq = iter(range(1, 10**9))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def item(n: int, sk: str, email: str | None = None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"PK": s(f"ACCT#{n}"), "SK": s(sk), **extra}
    if email is not None:
        out["email"] = s(email)
    return out


def lock(value: str, kind: str = "EMAIL") -> dict[str, Any]:
    return {"PK": s(f"UNIQ#{kind}#{value}"), "SK": s("LOCK")}


def key(of: dict[str, Any]) -> dict[str, Any]:
    return {"PK": of["PK"], "SK": of["SK"]}


def _event(name: str, keys: dict[str, Any], old: dict[str, Any] | None,
           new: dict[str, Any] | None) -> Any:
    ddb: dict[str, Any] = {"Keys": keys, "SequenceNumber": str(next(_seq)),
                           "ApproximateCreationDateTime": NOW.timestamp()}
    if old is not None:
        ddb["OldImage"] = old
    if new is not None:
        ddb["NewImage"] = new
    return parse_record({"eventName": name, "dynamodb": ddb}, "shard-1", key_names=("PK", "SK"))


def put(new: dict[str, Any], old: dict[str, Any] | None = None, *, images: bool = True) -> Update:
    """A put or update: with images (NEW_AND_OLD_IMAGES), or keys only and the item read back."""
    name = "MODIFY" if old is not None else "INSERT"
    if images:
        return Update(_event(name, key(new), old, new), new)
    return Update(_event(name, key(new), None, None), new, "read back")


def delete(old: dict[str, Any], *, images: bool = True) -> Update:
    if images:
        return Update(_event("REMOVE", key(old), old, None), None)
    return Update(_event("REMOVE", key(old), None, None), None, "keys")


def scan_order(table: dict[tuple[str, str], dict[str, Any]]) -> list[dict[str, Any]]:
    """The table as a Scan reads it: an account's items together, by SK (UTF-8 byte order)."""
    return [table[k] for k in sorted(table)]


def audit(items: list[dict[str, Any]], schema: UniquenessSchema = SCHEMA) -> Pairing:
    pairing = Pairing(schema, TTL, NOW)
    pairing.feed(items)
    return pairing


def audit_seeded(items: list[dict[str, Any]], *, pages: bool,
                 schema: UniquenessSchema = SCHEMA) -> WatchState:
    """The state a watch's seeding audit leaves (``seed_with_audit``): Scan pages classified from
    their bodies (``pages``: the audit's usual path, batches applied) or fed as parsed items."""
    from dynoview.core.watch.seed_items import ItemsPairing

    pairing = ItemsPairing(schema, TTL, NOW, keep_ttls_ahead=True)
    classifier = PageClassifier(pairing)
    for start in range(0, len(items), 3):  # pages of 3: an account's items may span two
        page = items[start:start + 3]
        if pages:
            classifier.feed(json.dumps({"Items": page}).encode())
        else:
            pairing.feed(page)
    return WatchState.from_pairing(pairing, pairing.findings(), items=pairing.item_records())


def found(state: WatchState) -> list[tuple[str, str | None, str | None, tuple[str, ...]]]:
    return sorted((f.status, f.rule, f.value, f.account_ids) for f in state.all_findings())


def same_as_audit(state: WatchState, items: list[dict[str, Any]]) -> None:
    """The state's findings are a whole audit's, word for word (keys included), and so are its
    account records (values of the last item read, its SK, expired when any item is)."""
    fresh = audit(items)
    assert sorted(map(repr, state.all_findings())) == sorted(map(repr, fresh.findings()))
    assert state.accounts == dict(fresh.accounts)


def kinds(changes: list[FindingChange]) -> list[tuple[str, str, str | None]]:
    return sorted((c.kind, c.finding.status, c.finding.value) for c in changes)


# The tester's table: three accounts of two items each, every value locked; the audit is clean.
TABLE = [item(1, "PROFILE", "a@x.io"), item(1, "ZALT", "b@x.io"), lock("a@x.io"), lock("b@x.io"),
         item(2, "PROFILE", "c@x.io"), lock("c@x.io"), item(2, "ZNOTE"),
         item(3, "B", "d@x.io"), item(3, "A", "e@x.io"), lock("d@x.io"), lock("e@x.io")]


def writes(images: bool) -> list[Update]:
    """Delete ACCT#1/ZALT; update ACCT#2/ZNOTE; put ACCT#3/C (e@x.io, as A); delete ACCT#3/A."""
    return [delete(TABLE[1], images=images),
            put(item(2, "ZNOTE", note=s("hi")), TABLE[6], images=images),
            put(item(3, "C", "e@x.io"), images=images),
            delete(TABLE[8], images=images)]


def after_writes() -> list[dict[str, Any]]:
    table = {(i["PK"]["S"], i["SK"]["S"]): i for i in TABLE}
    del table[("ACCT#1", "ZALT")], table[("ACCT#3", "A")]
    table[("ACCT#2", "ZNOTE")] = item(2, "ZNOTE", note=s("hi"))
    table[("ACCT#3", "C")] = item(3, "C", "e@x.io")
    return scan_order(table)


@pytest.mark.parametrize("images", [True, False], ids=["new-and-old-images", "keys-only"])
def test_replayed_items_of_one_account_each_hold_their_values(images: bool) -> None:
    """Replay: the stream from the table's first write. The second item of an account does not
    take the first one's value from the account."""
    state = WatchState(SCHEMA, TTL)
    changes, _ = state.apply([put(i, images=images) for i in TABLE], NOW)
    assert changes == [] and state.all_findings() == []
    changes, _ = state.apply(writes(images), NOW)
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, "b@x.io")]
    assert found(state) == [(ORPHAN_LOCK, "email", "b@x.io", ())]
    same_as_audit(state, after_writes())


@pytest.mark.parametrize("pages", [True, False], ids=["page-bodies", "parsed-items"])
@pytest.mark.parametrize("images", [True, False], ids=["new-and-old-images", "keys-only"])
def test_audit_seeded_items_of_one_account_each_hold_their_values(images: bool, pages: bool) -> None:
    """Audit seed: the audit keeps one record per account (its last item); the seed keeps each
    item of the accounts with several, so a delete of one leaves the others' values held."""
    state = audit_seeded(scan_order({(i["PK"]["S"], i["SK"]["S"]): i for i in TABLE}), pages=pages)
    assert state.all_findings() == []
    changes, _ = state.apply(writes(images), NOW)
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, "b@x.io")]
    same_as_audit(state, after_writes())


def test_a_write_to_one_item_changes_only_its_values() -> None:
    state = WatchState(SCHEMA, TTL)
    state.apply([put(i) for i in TABLE], NOW)
    # ACCT#1's PROFILE changes a@x.io to z@x.io: a@x.io is left (orphan), b@x.io (ZALT) stays held.
    changes, _ = state.apply([put(item(1, "PROFILE", "z@x.io"), TABLE[0])], NOW)
    assert kinds(changes) == [(APPEARED, MISSING_LOCK, "z@x.io"), (APPEARED, ORPHAN_LOCK, "a@x.io")]
    assert state.rules[0].holders_of("b@x.io") == ["ACCT#1"]
    # Its last item gone, the account holds nothing: b@x.io and z@x.io follow.
    changes, _ = state.apply([delete(TABLE[1]), delete(item(1, "PROFILE", "z@x.io"))], NOW)
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, "b@x.io"), (RESOLVED, MISSING_LOCK, "z@x.io")]
    assert state.accounts is not None and "ACCT#1" not in state.accounts


def test_memory_only_accounts_with_several_items_are_kept_per_item() -> None:
    """One record per account, as the audit's; per item only for accounts with two or more (the
    items without values share one string); back to one record when one item is left."""
    state = WatchState(SCHEMA, TTL)
    lone = [item(n, "PROFILE", f"u{n}@x.io") for n in range(10, 20)]
    notes = [item(4, f"NOTE#{n}") for n in range(5)]
    state.apply([put(i) for i in [*lone, item(4, "PROFILE", "d4@x.io"), *notes]], NOW)
    assert state.book is not None and set(state.book.items) == {"ACCT#4"}
    kept = state.book.items["ACCT#4"]
    assert len(kept) == 6 and len({id(kept[f"NOTE#{n}"]) for n in range(5)}) == 1
    state.apply([delete(i) for i in notes], NOW)
    assert state.book.items == {}
    assert state.accounts == dict(audit([*lone, item(4, "PROFILE", "d4@x.io")]).accounts)


def test_an_expired_item_expires_its_account_until_it_is_deleted() -> None:
    """An account is expired while any of its items is (the audit's rule); its TTL is kept per
    item, so another item's TTL does not replace it."""
    ahead = {"N": str(int((NOW + timedelta(seconds=30)).timestamp()))}
    later = {"N": str(int((NOW + timedelta(hours=5)).timestamp()))}
    table = [item(5, "PROFILE", "e5@x.io"), item(5, "SESSION", expiresAt=ahead),
             item(5, "TOKEN", expiresAt=later), lock("e5@x.io")]
    state = WatchState(SCHEMA, TTL)
    state.apply([put(i) for i in table], NOW)
    assert state.all_findings() == []
    changes = state.expire_due(NOW + timedelta(seconds=31))
    assert kinds(changes) == [(APPEARED, EXPIRED, None)]
    assert [f.account_keys for f in state.all_findings()] == [({"PK": s("ACCT#5"), "SK": s("TOKEN")},)]
    changes, _ = state.apply([delete(table[1])], NOW + timedelta(seconds=32))
    assert kinds(changes) == [(RESOLVED, EXPIRED, None)]


def test_an_audit_seed_expires_the_item_whose_ttl_passes() -> None:
    ahead = {"N": str(int((NOW + timedelta(seconds=30)).timestamp()))}
    table = [item(6, "A", "a6@x.io"), item(6, "B", expiresAt=ahead), lock("a6@x.io")]
    state = audit_seeded(table, pages=True)
    state.note_ttls([key(table[1]) | {TTL: ahead}], NOW)
    assert kinds(state.expire_due(NOW + timedelta(seconds=31))) == [(APPEARED, EXPIRED, None)]


def test_the_account_is_named_by_its_last_item_as_the_audit_names_it() -> None:
    """A missing lock names the account by the key of its last item in Scan order (greatest SK),
    as the audit does; that key follows the items written and deleted."""
    state = WatchState(SCHEMA, TTL)
    state.apply([put(item(7, "M", "m7@x.io"))], NOW)
    state.apply([put(item(7, "Z"))], NOW)
    [finding] = state.all_findings()
    assert finding.status == MISSING_LOCK and finding.account_keys == ({"PK": s("ACCT#7"), "SK": s("Z")},)
    state.apply([delete(item(7, "Z"))], NOW)
    [finding] = state.all_findings()
    assert finding.account_keys == ({"PK": s("ACCT#7"), "SK": s("M")},)


# --------------------------------------------------------------------------- the property

VALUES = ["a@x.io", "A@x.io", "b@x.io", "c@x.io", "\u0430@x.io", "d@x.io"]
SKS = ["PROFILE", "ALT", "ZNOTE", "ORDER#1", "ORDER#2"]


def _random_batch(rng: random.Random, table: dict[tuple[str, str], dict[str, Any]],
                  images: bool) -> list[Update]:
    updates: list[Update] = []
    for _ in range(rng.randint(1, 5)):
        if rng.random() < 0.65:
            new = item(rng.randint(1, 4), rng.choice(SKS),
                       rng.choice(VALUES) if rng.random() < 0.7 else None)
            if rng.random() < 0.1:
                new[TTL] = PASSED
        else:
            new = lock(rng.choice(VALUES))
        updates += _written(rng, table, new, images)
    return updates


def _written(rng: random.Random, table: dict[tuple[str, str], dict[str, Any]], new: dict[str, Any],
             images: bool) -> list[Update]:
    """``new`` put over its item in ``table``, or (three times in ten) that item deleted: the
    stream's records of it."""
    where = (new["PK"]["S"], new["SK"]["S"])
    old = table.get(where)
    if rng.random() < 0.3:
        if old is None:
            return []
        del table[where]
        return [delete(old, images=images)]
    table[where] = new
    return [put(new, old, images=images)]


@pytest.mark.parametrize("images", [True, False], ids=["new-and-old-images", "keys-only"])
@pytest.mark.parametrize("pages", [True, False], ids=["page-bodies", "parsed-items"])
def test_the_state_always_agrees_with_an_audit_of_accounts_with_several_items(images: bool,
                                                                             pages: bool) -> None:
    for seed in range(30):
        rng = random.Random(seed)
        table: dict[tuple[str, str], dict[str, Any]] = {}
        state = WatchState(SCHEMA, TTL)
        seed_at = rng.randint(0, 15)  # an audit seeds the state part-way, as the watch does
        for step in range(25):
            if step == seed_at:
                state = audit_seeded(scan_order(table), pages=pages)
            state.apply(_random_batch(rng, table, images), NOW)
            try:
                same_as_audit(state, scan_order(table))
            except AssertionError as exc:
                raise AssertionError(f"seed {seed}, step {step}") from exc


def _seed_at(items: list[dict[str, Any]], now: datetime) -> WatchState:
    """``audit_seeded`` at ``now``, with the TTLs still ahead given to the state as the seed does."""
    from dynoview.core.watch.seed_items import ItemsPairing

    pairing = ItemsPairing(SCHEMA, TTL, now, keep_ttls_ahead=True)
    classifier = PageClassifier(pairing)
    for start in range(0, len(items), 3):
        classifier.feed(json.dumps({"Items": items[start:start + 3]}).encode())
    state = WatchState.from_pairing(pairing, pairing.findings(), items=pairing.item_records())
    ahead = [{"PK": s(pk), "SK": s(sk), TTL: {"N": ttl}} for pk, sk, ttl in pairing.ttls_ahead or []]
    state.note_ttls(ahead, now)
    return state


@pytest.mark.parametrize("images", [True, False], ids=["new-and-old-images", "keys-only"])
def test_items_ttls_pass_as_the_audit_sees_them(images: bool) -> None:
    """Items written with TTLs ahead (or passed), time moving on: each item's TTL is its own, an
    account is expired while any of its items is, before and after an audit seed."""
    for seed in range(40):
        rng = random.Random(seed)
        table: dict[tuple[str, str], dict[str, Any]] = {}
        state = WatchState(SCHEMA, TTL)
        seed_at = rng.randint(0, 12)
        now = NOW + timedelta(milliseconds=500)  # never on a whole second: a TTL passes after it
        for step in range(20):
            now += timedelta(seconds=rng.randint(0, 20))
            if step == seed_at:
                state = _seed_at(scan_order(table), now)
            updates = []
            for _ in range(rng.randint(1, 4)):
                email = rng.choice(VALUES[2:5])
                new = (item(rng.randint(1, 3), rng.choice(SKS[:4]), email if rng.random() < 0.6 else None)
                       if rng.random() < 0.7 else lock(email))
                if new["PK"]["S"].startswith("ACCT#") and rng.random() < 0.4:
                    new[TTL] = {"N": str(int(now.timestamp()) + rng.randint(-30, 60))}
                updates += _written(rng, table, new, images)
            state.apply(updates, now)
            state.expire_due(now)
            fresh = Pairing(SCHEMA, TTL, now)
            fresh.feed(scan_order(table))
            assert sorted(map(repr, state.all_findings())) == sorted(map(repr, fresh.findings())), \
                f"seed {seed}, step {step}"
            assert state.accounts == dict(fresh.accounts), f"seed {seed}, step {step}"
