"""The watch of OneTable's scoped unique fields (``unique: true, scope: '${tenantId}'``): each
account's form is its scope, the middle and its value, a marker's its key after ``_unique#``,
so the same email in two tenants is two values, a lone marker is an orphan in its scope, and
an account moved to another tenant without its marker is judged in both scopes. Findings are
the audit's, word for word; the last test holds the state against a fresh ``Pairing`` of the
whole table after every batch of random writes (tenant moves, templates of two variables,
normalising rules, TTLs, deletes)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from dynoview.core.streams.records import parse_record
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, EXPIRED, MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.presets import PRESET_ONETABLE_SCOPED, get_preset
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.watch.events import APPEARED, RESOLVED, FindingChange
from dynoview.core.watch.follow import FollowResult
from dynoview.core.watch.projection import LOCK, ItemClassifier
from dynoview.core.watch.scoped import account_attributes, held_form, judging_schema, recorded_value
from dynoview.core.watch.state import Update, WatchState
from dynoview.core.watch.watcher import Watcher
from tests.unit.core.test_watch_watcher import Clock, ScriptedFollower, table_info

TTL = "expiresAt"
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
PASSED = {"N": str(int((NOW - timedelta(hours=1)).timestamp()))}
KEYS = ("pk", "sk")
#: What the onetable-scoped preset detects on a User model with email scoped by tenant.
SCHEMA = get_preset(PRESET_ONETABLE_SCOPED).build(
    "pk", "sk", entity="User", attributes=("email",), account_pk_prefix="user#",
    account_sk_value="user#", context=("email=${tenantId}",))
_seq = iter(range(1, 10**9))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def user(user_id: str, tenant: str | None, email: str | None, **extra: Any) -> dict[str, Any]:
    """A User as dynamodb-onetable 2.7.7 writes it (tests/integration/test_presets_onetable_scoped.py)."""
    item: dict[str, Any] = {"pk": s(f"user#{user_id}"), "sk": s("user#"), "id": s(user_id),
                            "_type": s("User"), **extra}
    if tenant is not None:
        item["tenantId"] = s(tenant)
    if email is not None:
        item["email"] = s(email)
    return item


def marker(scope: str, value: str, attribute: str = "email", **extra: Any) -> dict[str, Any]:
    """createUnique's marker: `_unique#${scope}#User#${attribute}#${value}` / `_unique#`."""
    return {"pk": s(f"_unique#{scope}#User#{attribute}#{value}"), "sk": s("_unique#"),
            "_type": s("_Unique"), **extra}


def _event(name: str, item: dict[str, Any], old: dict[str, Any] | None,
           new: dict[str, Any] | None) -> Any:
    ddb: dict[str, Any] = {"Keys": {k: item[k] for k in KEYS}, "SequenceNumber": str(next(_seq)),
                           "ApproximateCreationDateTime": NOW.timestamp()}
    if old is not None:
        ddb["OldImage"] = old
    if new is not None:
        ddb["NewImage"] = new
    return parse_record({"eventName": name, "dynamodb": ddb}, "shard-1", key_names=KEYS)


def put(item: dict[str, Any], old: dict[str, Any] | None = None) -> Update:
    return Update(_event("MODIFY" if old else "INSERT", item, old, item), item)


def delete(item: dict[str, Any]) -> Update:
    return Update(_event("REMOVE", item, item, None), None)


def audit(*items: dict[str, Any], schema: UniquenessSchema = SCHEMA) -> Pairing:
    pairing = Pairing(schema, TTL, NOW)
    pairing.feed(items)
    return pairing


def seeded(*items: dict[str, Any], records: bool = True) -> WatchState:
    """The state an audit of ``items`` leaves."""
    pairing = audit(*items)
    return WatchState.from_pairing(pairing, pairing.findings(), records=records)


def kinds(changes: list[FindingChange]) -> list[tuple[str, str, str | None, tuple[str, ...]]]:
    return sorted((c.kind, c.finding.status, c.finding.value, c.finding.account_ids) for c in changes)


# --------------------------------------------------------------------------- forms


def test_a_marker_is_read_as_its_form_and_an_account_records_its_scope() -> None:
    [rule] = SCHEMA.rules
    [view] = ItemClassifier(SCHEMA, TTL).views([marker("acme", "ada@x.io")], NOW)
    assert (view.kind, view.rule, view.value) == (LOCK, 0, "acme#User#email#ada@x.io")
    ada = user("1", "acme", "Ada@x.io")
    assert recorded_value(rule, ada) == "acme#User#email#Ada@x.io"
    assert recorded_value(rule, user("1", None, "ada@x.io")) == "undefined#User#email#ada@x.io"
    assert recorded_value(rule, user("1", "acme", None)) is None
    lower = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", "lowercase",
                     scope="${tenantId}")
    assert held_form(lower, "Acme#User#email#Ada@x.io") == "Acme#User#email#ada@x.io"  # the value only


def test_the_judge_rebuilds_an_account_that_gives_its_form_back() -> None:
    # A template of two variables, padded, has no inverse: the judge's schema reads the scope
    # from one attribute of its own, so the rebuilt item's form is the one the state holds.
    rule = LockRule("handle", "handle", "_unique#{scope}#User#handle#{value}", "_unique#", "lowercase",
                    scope="${org}-${team:3:0}")
    schema = UniquenessSchema("pk", "sk", "user#", "user#", (SCHEMA.rules[0], rule))
    judged, attributes = judging_schema(schema)
    assert [r.name for r in judged.rules] == ["email", "handle"]
    assert [r.pk_template for r in judged.rules] == [r.pk_template for r in schema.rules]
    original = {"pk": s("user#1"), "sk": s("user#"), "org": s("acme"), "team": {"N": "7"},
                "handle": s("Ada"), "tenantId": s("acme"), "email": s("ada@x.io")}
    forms = [r.held_form(original) for r in schema.rules]
    assert forms == ["acme#User#email#ada@x.io", "acme-007#User#handle#ada"]
    rebuilt: dict[str, Any] = {"pk": s("user#1"), "sk": s("user#")}
    for r, attribute, form in zip(judged.rules, attributes, forms, strict=True):
        rebuilt.update(account_attributes(r, attribute, form))
    assert [r.held_form(rebuilt) for r in judged.rules] == forms
    # A template without variables fills alike for every account: read from the rule as it is.
    constant = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", scope="all")
    with_constant = UniquenessSchema("pk", "sk", "user#", "user#", (constant,))
    assert judging_schema(with_constant) == (with_constant, [None])
    assert constant.held_form(account_attributes(constant, None, "all#User#email#ada@x.io")) == (
        "all#User#email#ada@x.io")
    # No scoped rule: the schema itself.
    unscoped = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}"),))
    assert judging_schema(unscoped) == (unscoped, [None])


# --------------------------------------------------------------------------- the state


def test_the_same_email_signed_up_in_two_tenants_is_nothing() -> None:
    state = WatchState(SCHEMA, TTL)
    changes, _ = state.apply([put(marker("acme", "ada@x.io")), put(user("1", "acme", "ada@x.io")),
                              put(marker("beta", "ada@x.io")), put(user("2", "beta", "ada@x.io"))], NOW)
    assert changes == [] and state.all_findings() == []
    # A third sign-up in acme, its marker refused by the guard: a duplicate in acme only.
    changes, _ = state.apply([put(user("3", "acme", "ada@x.io"))], NOW)
    assert kinds(changes) == [(APPEARED, DUPLICATE_VALUE, "acme#User#email#ada@x.io", ("user#1", "user#3"))]


def test_a_lone_acme_marker_is_an_orphan_in_scope_acme_as_the_audit_says() -> None:
    stuck = marker("acme", "ada@x.io")
    state = seeded(user("2", "beta", "ada@x.io"), marker("beta", "ada@x.io"))
    changes, causes = state.apply([put(stuck)], NOW)
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, "acme#User#email#ada@x.io", ())]
    finding = changes[0].finding
    assert "'ada@x.io' in scope acme is locked, and no account uses it" in finding.sentence
    assert finding.lock_keys == ({"pk": s("_unique#acme#User#email#ada@x.io"), "sk": s("_unique#")},)
    # The audit of the same table: the same finding, word for word.
    assert state.all_findings() == audit(user("2", "beta", "ada@x.io"), marker("beta", "ada@x.io"),
                                         stuck).findings()
    assert causes[0].forms == frozenset({("email", "acme#User#email#ada@x.io")})
    changes, _ = state.apply([delete(stuck)], NOW)
    assert kinds(changes) == [(RESOLVED, ORPHAN_LOCK, "acme#User#email#ada@x.io", ())]


@pytest.mark.parametrize("records", [True, False], ids=["account-records", "old-images"])
def test_a_tenant_change_without_its_marker_is_missing_and_orphan(records: bool) -> None:
    ada = user("1", "acme", "ada@x.io")
    state = seeded(ada, marker("acme", "ada@x.io"), records=records)
    moved = user("1", "beta", "ada@x.io")
    changes, causes = state.apply([put(moved, old=ada)], NOW)
    assert kinds(changes) == [(APPEARED, MISSING_LOCK, "beta#User#email#ada@x.io", ("user#1",)),
                              (APPEARED, ORPHAN_LOCK, "acme#User#email#ada@x.io", ())]
    assert state.all_findings() == audit(moved, marker("acme", "ada@x.io")).findings()
    # The email did not change, its scope did: the record's protected value says so.
    assert [c.text() for c in causes[0].changes] == [
        "email: 'acme#User#email#ada@x.io' → 'beta#User#email#ada@x.io'"]
    missing = next(c.finding for c in changes if c.finding.status == MISSING_LOCK)
    assert "uses email 'ada@x.io' in scope beta without a lock" in missing.sentence
    # Its marker moved after it: both resolve.
    changes, _ = state.apply([put(marker("beta", "ada@x.io")), delete(marker("acme", "ada@x.io"))], NOW)
    assert kinds(changes) == [(RESOLVED, MISSING_LOCK, "beta#User#email#ada@x.io", ("user#1",)),
                              (RESOLVED, ORPHAN_LOCK, "acme#User#email#ada@x.io", ())]
    assert state.all_findings() == []


def test_a_tenant_move_written_whole_is_nothing() -> None:
    ada = user("1", "acme", "ada@x.io")
    state = seeded(ada, marker("acme", "ada@x.io"))
    # updateUnique's transaction: the new marker, the old one deleted, the item updated.
    changes, _ = state.apply([put(marker("beta", "ada@x.io")), delete(marker("acme", "ada@x.io")),
                              put(user("1", "beta", "ada@x.io"), old=ada)], NOW)
    assert changes == [] and state.all_findings() == []


def test_a_keys_only_removal_leaves_the_marker_of_its_scope() -> None:
    ada = user("1", "acme", "ada@x.io")
    state = seeded(ada, marker("acme", "ada@x.io"))
    event = parse_record({"eventName": "REMOVE", "dynamodb": {
        "Keys": {k: ada[k] for k in KEYS}, "SequenceNumber": str(next(_seq)),
        "ApproximateCreationDateTime": NOW.timestamp()}}, "shard-1", key_names=KEYS)
    changes, causes = state.apply([Update(event, None, "keys")], NOW)
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, "acme#User#email#ada@x.io", ())]
    assert causes[0].changes[0].text() == "email: 'acme#User#email#ada@x.io' → (none)"


def test_an_expired_marker_is_expired_in_its_scope() -> None:
    live = marker("acme", "ada@x.io")
    state = seeded(user("1", "acme", "ada@x.io"), live)
    changes, _ = state.apply([put(marker("acme", "ada@x.io", expiresAt=PASSED), old=live)], NOW)
    assert kinds(changes) == [(APPEARED, EXPIRED, "acme#User#email#ada@x.io", ("user#1",))]


# --------------------------------------------------------------------------- ordering


def watcher(*rounds: FollowResult) -> tuple[Watcher, Clock]:
    clock = Clock()
    w = Watcher(None, table_info(), SCHEMA, settle_s=0.3, clock=clock)  # type: ignore[arg-type]
    w.state = WatchState(SCHEMA, TTL)
    w.follower = ScriptedFollower(*rounds)  # type: ignore[assignment]
    return w, clock


def test_a_marker_one_poll_behind_its_account_is_never_a_finding() -> None:
    w, clock = watcher(FollowResult(updates=[put(user("1", "acme", "ada@x.io"))], records=1),
                       FollowResult(updates=[put(marker("acme", "ada@x.io"))], records=1))
    assert w.step().events == [] and w.pending == 1
    clock.now += 0.31
    assert w.step().events == [] and w.pending == 0
    clock.now += 1
    assert w.step().events == [] and w.finish() == []


def test_a_marker_of_another_tenant_one_poll_behind_leaves_the_account_missing() -> None:
    w, clock = watcher(FollowResult(updates=[put(user("1", "acme", "ada@x.io"))], records=1),
                       FollowResult(updates=[put(marker("beta", "ada@x.io"))], records=1))
    events = w.step().events
    for _ in range(2):
        clock.now += 0.31
        events += w.step().events
    assert w.pending == 0 and w.finish() == []
    assert sorted((e.kind, e.finding.status, e.finding.value) for e in events) == [
        (APPEARED, MISSING_LOCK, "acme#User#email#ada@x.io"),
        (APPEARED, ORPHAN_LOCK, "beta#User#email#ada@x.io")]


# --------------------------------------------------------------------------- the property

TENANTS = ["acme", "beta", "Acme", None]  # None: no tenantId, a scope of `undefined`
VALUES = ["ada@x.io", "Ada@x.io", " ada@x.io", "\u0430da@x.io", "bob1", "bobl", "x#y", "undefined"]


def _random_batch(rng: random.Random, table: dict[tuple[str, str], dict[str, Any]]) -> list[Update]:
    updates: list[Update] = []
    for _ in range(rng.randint(1, 5)):
        if rng.random() < 0.5:
            extra: dict[str, Any] = {"org": s(rng.choice(["o", "p"]))}
            if rng.random() < 0.8:
                extra["team"] = {"N": rng.choice(["1", "7"])}
            if rng.random() < 0.1:
                extra[TTL] = PASSED
            item = user(str(rng.randint(1, 6)), rng.choice(TENANTS),
                        rng.choice(VALUES) if rng.random() < 0.85 else None, **extra)
            if rng.random() < 0.85:
                item["handle"] = s(rng.choice(VALUES))
        else:
            attribute = rng.choice(["email", "handle"])
            scope = (rng.choice(["acme", "beta", "Acme", "undefined"]) if attribute == "email"
                     else rng.choice(["o-001", "p-007", "o-007", "undefined"]))
            item = marker(scope, rng.choice(VALUES), attribute)
            if rng.random() < 0.15:
                item[TTL] = PASSED
        updates.extend(change(rng, table, item))
    return updates


def change(rng: random.Random, table: dict[tuple[str, str], dict[str, Any]],
           item: dict[str, Any]) -> list[Update]:
    """A random write at ``item``'s key, applied to ``table``: a delete of what is there (a
    quarter of the time; nothing when the key is free) or a put of ``item``, as its record."""
    where = (item["pk"]["S"], item["sk"]["S"])
    old = table.get(where)
    if rng.random() < 0.25:
        if old is None:
            return []
        del table[where]
        return [delete(old)]
    table[where] = item
    return [put(item, old)]


@pytest.mark.parametrize("records", [True, False], ids=["account-records", "old-images"])
@pytest.mark.parametrize("modes", [("none", "lowercase"), ("trim+lowercase", "nfkc+casefold")])
def test_the_state_always_agrees_with_an_audit_of_the_whole_table(modes: tuple[str, str],
                                                                   records: bool) -> None:
    """Two scoped rules (one template of two variables, padded), after every round: the
    findings of a whole audit, word for word."""
    email, handle = (LockRule(a, a, f"_unique#{{scope}}#User#{a}#{{value}}", "_unique#", m, scope=t)
                     for a, m, t in zip(("email", "handle"), modes, ("${tenantId}", "${org}-${team:3:0}"),
                                        strict=True))
    schema = UniquenessSchema("pk", "sk", "user#", "user#", (email, handle))
    for seed in range(20):
        rng = random.Random(seed)
        table: dict[tuple[str, str], dict[str, Any]] = {}
        state = WatchState(schema, TTL, records=records)
        seed_at = rng.randint(0, 20)  # an audit seeds the state part-way, as the watch does
        for step in range(30):
            if step == seed_at:
                pairing = audit(*table.values(), schema=schema)
                state = WatchState.from_pairing(pairing, pairing.findings(), records=records)
            state.apply(_random_batch(rng, table), NOW)
            whole = audit(*table.values(), schema=schema)
            assert sorted(map(repr, state.all_findings())) == sorted(map(repr, whole.findings())), \
                f"seed {seed}, step {step}"
