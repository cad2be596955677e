"""The lock actions a missing lock needs: a check that it is still missing in a release's
place, the guarded Put in a kept lock's check's place; the templates keep their guarded
releases (a wrong key is still reported); and generated code derives the resolve that claims
the kept account's lock where no lock holds the duplicated value."""

from __future__ import annotations

import dynoview.core.codegen.model as m
from dynoview.core.codegen.derive import build_model
from dynoview.core.tx import lock_actions, templates
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key, lock_key, s

SCHEMA = article_schema()
HANDLE = SCHEMA.rule("username")
LINUS = {**account_key("1d2e3f"), "email": s("linus@torvalds.fi"), "username": s("linus")}


def test_the_templates_still_release_each_lock_guarded_by_attribute_exists() -> None:
    tx = templates.delete_account(SCHEMA, "accounts", LINUS)
    releases = [a for a in tx.actions if a.kind == DELETE and a.key != account_key("1d2e3f")]
    assert [(a.key, a.condition, a.names) for a in releases] == [
        (lock_key("EMAIL", "linus@torvalds.fi"), "attribute_exists(#n0)", {"#n0": "PK"}),
        (lock_key("HANDLE", "linus"), "attribute_exists(#n0)", {"#n0": "PK"})]
    assert templates.lock_delete is lock_actions.lock_delete  # one definition, re-exported
    assert templates.lock_put is lock_actions.lock_put


def test_a_missing_locks_release_becomes_a_check_that_it_is_still_missing() -> None:
    release = templates.lock_delete(SCHEMA, "accounts", HANDLE, "linus")
    check = lock_actions.lock_still_missing(SCHEMA, release, HANDLE, "linus")
    assert check.to_request() == {"ConditionCheck": {
        "TableName": "accounts", "Key": lock_key("HANDLE", "linus"),
        "ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}}
    assert check.kind == CONDITION_CHECK and "still missing" in check.label


def test_a_missing_kept_locks_check_becomes_its_guarded_put() -> None:
    tx = templates.resolve_duplicate(SCHEMA, "accounts", {**LINUS, "email": s("dup@x.io")},
                                     {**account_key("d2"), "email": s("dup@x.io")}, "email")
    claim = lock_actions.lock_claimed(SCHEMA, tx.actions[1], SCHEMA.rule("email"), "dup@x.io")
    assert claim.to_request() == templates.lock_put(SCHEMA, "accounts", SCHEMA.rule("email"),
                                                    "dup@x.io").to_request()


def test_generated_resolve_claims_the_kept_lock_where_no_lock_holds_the_value() -> None:
    """``kept_lock=False`` derives the template's no-lock variant: its second step is the
    lock's guarded Put (a failure there means the value is taken), not a check that it exists."""
    with_lock = build_model(SCHEMA, "accounts", (m.RESOLVE_DUPLICATE, "email"))
    without = build_model(SCHEMA, "accounts", (m.RESOLVE_DUPLICATE, "email"), kept_lock=False)
    for variant in with_lock.operations[0].variants:
        assert list(variant.steps[1].request) == ["ConditionCheck"]
        assert variant.steps[1].failure.kind == m.LOCK_MISSING
    for variant in without.operations[0].variants:
        step = variant.steps[1]
        assert list(step.request) == ["Put"] and step.failure.kind == m.TAKEN
        assert step.request["Put"]["ConditionExpression"] == "attribute_not_exists(#n0)"
    assert "gets its lock" in without.operations[0].summary
    # The rest of the module is unchanged.
    whole = build_model(SCHEMA, "accounts", kept_lock=False)
    assert [(o.template, o.rule) for o in whole.operations] == [
        (o.template, o.rule) for o in build_model(SCHEMA, "accounts").operations]
    assert PUT in {next(iter(st.request)) for o in whole.operations for v in o.variants for st in v.steps}
