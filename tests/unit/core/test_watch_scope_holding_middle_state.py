"""The watch's state on a scoped rule whose scope may hold the rule's middle text: sign-ups,
deletes and moves in such a tenant give the audit's findings (the state cut each account's
recorded value at its first middle: a whole sign-up in tenant ``Org#User#email#EU`` was a case
clash, and deleting the account left no orphan). Needs ``state.py`` to join the item's values."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.watch.events import APPEARED
from dynoview.core.watch.state import Update, WatchState
from tests.unit.core.test_watch_scoped import NOW, TTL, audit, change, delete, kinds, marker, put, user

TENANT = "Org#User#email#EU"


def _schema(mode: str = "lowercase") -> UniquenessSchema:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                    scope="${tenantId}")
    return UniquenessSchema("pk", "sk", "user#", "user#", (rule,))


@pytest.mark.parametrize("records", [True, False], ids=["account-records", "old-images"])
def test_a_whole_sign_up_then_a_delete_in_a_middle_holding_tenant(records: bool) -> None:
    schema = _schema()
    bob, bobs = user("1", TENANT, "Bob@x.io"), marker(TENANT, "bob@x.io")
    pairing = audit(schema=schema)
    state = WatchState.from_pairing(pairing, [], records=records)
    changes, _ = state.apply([put(bobs), put(bob)], NOW)
    assert changes == [] and state.all_findings() == []
    changes, _ = state.apply([delete(bob)], NOW)
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, f"{TENANT}#User#email#bob@x.io", ())]
    assert state.all_findings() == audit(bobs, schema=schema).findings()


TENANTS = ["Org", TENANT, "EU", "A#User#email#B", None]
VALUES = ["Bob@x.io", "bob@x.io", "EU#User#email#Bob@x.io", "eu#user#email#bob@x.io", "B#User#email#x",
          "  ", "x"]


def _batch(rng: random.Random, table: dict[tuple[str, str], dict[str, Any]]) -> list[Update]:
    updates: list[Update] = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.55:
            item = user(str(rng.randint(1, 5)), rng.choice(TENANTS), rng.choice(VALUES))
        else:
            item = marker(rng.choice(["Org", TENANT, "EU", "A#User#email#B", "undefined"]),
                          rng.choice(VALUES).strip().lower() or "x")
        updates.extend(change(rng, table, item))
    return updates


@pytest.mark.parametrize("records", [True, False], ids=["account-records", "old-images"])
@pytest.mark.parametrize("mode", ["lowercase", "trim+lowercase", "nfkc+casefold"])
def test_the_state_agrees_with_an_audit_when_scopes_hold_the_middle(mode: str, records: bool) -> None:
    schema = _schema(mode)
    for seed in range(25):
        rng = random.Random(seed)
        table: dict[tuple[str, str], dict[str, Any]] = {}
        state = WatchState(schema, TTL, records=records)
        seed_at = rng.randint(0, 15)
        for step in range(25):
            if step == seed_at:
                pairing = audit(*table.values(), schema=schema)
                state = WatchState.from_pairing(pairing, pairing.findings(), records=records)
            state.apply(_batch(rng, table), NOW)
            whole = audit(*table.values(), schema=schema)
            assert sorted(map(repr, state.all_findings())) == sorted(map(repr, whole.findings())), \
                f"seed {seed}, step {step}"
