"""The watch (``watch`` and Live mode) of a OneTable scoped rule whose scope holds the rule's
middle text (tenantId ``Org#User#email#EU`` under ``_unique#{scope}#User#email#{value}``,
lowercase): a form is not cut at its first middle where something says where its scope ends,
so the watch gives the audit's answer (tests/integration/test_scope_holding_middle.py holds the
audit, the template and the preflight to it). The judge rebuilt such an account with the scope
cut short and the rest lowercased, so a released marker was a missing lock on another form."""

from __future__ import annotations

import pytest

from dynoview.core.uniqueness.findings import MISSING_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.scope import JoinedForm, split_form
from dynoview.core.watch.events import APPEARED, RESOLVED
from dynoview.core.watch.scoped import account_attributes, held_form, judging_schema, recorded_value
from dynoview.core.watch.state import WatchState
from tests.unit.core.test_watch_scoped import NOW, audit, delete, kinds, marker, put, user

MIDDLE = "#User#email#"
TENANT = "Org#User#email#EU"  # holds the middle
BOB_FORM = "Org#User#email#EU#User#email#bob@x.io"  # the lock the Sign up template writes


def _schema(mode: str = "lowercase") -> UniquenessSchema:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                    scope="${tenantId}")
    return UniquenessSchema("pk", "sk", "user#", "user#", (rule,))


def test_a_recorded_value_keeps_where_its_scope_ends() -> None:
    [rule] = _schema().rules
    bob = user("1", TENANT, "Bob@x.io")
    recorded = recorded_value(rule, bob)
    assert recorded == "Org#User#email#EU#User#email#Bob@x.io"
    assert isinstance(recorded, JoinedForm) and split_form(MIDDLE, recorded) == (TENANT, "Bob@x.io")
    assert held_form(rule, recorded) == rule.held_form(bob) == BOB_FORM
    # Its value holding the middle instead: the same text, another form, as the audit keys it.
    cy = user("2", "Org", "EU#User#email#Bob@x.io")
    assert recorded_value(rule, cy) == recorded
    assert held_form(rule, recorded_value(rule, cy)) == rule.held_form(cy) == (
        "Org#User#email#eu#user#email#bob@x.io")


def test_a_plain_recorded_value_is_cut_where_the_account_holds_it() -> None:
    [rule] = _schema().rules
    plain = "Org#User#email#EU#User#email#Bob@x.io"  # an account record's text: no parts
    assert held_form(rule, plain) == "Org#User#email#eu#user#email#bob@x.io"  # its first middle
    assert held_form(rule, plain, holds={BOB_FORM}.__contains__) == BOB_FORM
    assert held_form(rule, plain, holds=set().__contains__) == "Org#User#email#eu#user#email#bob@x.io"
    joined = JoinedForm("Org", MIDDLE, "EU#User#email#Bob@x.io")  # its own parts win
    assert held_form(rule, joined, holds={BOB_FORM}.__contains__) == "Org#User#email#eu#user#email#bob@x.io"


@pytest.mark.parametrize("mode", ["lowercase", "trim+lowercase", "nfkc+casefold"])
def test_the_judge_rebuilds_an_account_whose_scope_holds_the_middle(mode: str) -> None:
    schema = _schema(mode)
    [rule] = schema.rules
    judged, [attribute] = judging_schema(schema)
    for form in (BOB_FORM, "A#User#email#B#User#email#C#User#email#dee@x.io",
                 "Org#User#email#eu#user#email#cy@x.io"):
        rebuilt = {"pk": {"S": "user#1"}, "sk": {"S": "user#"},
                   **account_attributes(rule, attribute, form)}
        assert judged.rules[0].held_form(rebuilt) == form


@pytest.mark.parametrize("records", [True, False], ids=["account-records", "old-images"])
def test_a_released_marker_is_missing_on_the_form_the_audit_names(records: bool) -> None:
    schema = _schema()
    bob, bobs = user("1", TENANT, "Bob@x.io"), marker(TENANT, "bob@x.io")
    assert bobs["pk"]["S"] == f"_unique#{BOB_FORM}"
    pairing = audit(bob, bobs, schema=schema)
    assert pairing.findings() == []
    state = WatchState.from_pairing(pairing, pairing.findings(), records=records)
    changes, _ = state.apply([delete(bobs)], NOW)
    assert kinds(changes) == [(APPEARED, MISSING_LOCK, BOB_FORM, ("user#1",))]
    assert state.all_findings() == audit(bob, schema=schema).findings()
    changes, _ = state.apply([put(bobs)], NOW)
    assert kinds(changes) == [(RESOLVED, MISSING_LOCK, BOB_FORM, ("user#1",))]
    assert state.all_findings() == []
