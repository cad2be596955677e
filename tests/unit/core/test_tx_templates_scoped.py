"""The builder's templates on OneTable's scoped unique fields (``unique: true, scope:
'${tenantId}'``): each builds the marker OneTable 2.7.7 writes (``_unique#<scope>#User#email#
<value>`` / ``_unique#``, ``_type`` ``_Unique``), in the scope filled from the account it writes,
and guards the account on the attribute its scope is read from. Exact requests."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.codegen import PYTHON, template_code
from dynoview.core.codegen.model import CodegenError
from dynoview.core.edits.staging import CellChange, ItemEdits, check_cell
from dynoview.core.edits.transaction import item_actions
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.applicability import CLAIM_LOCK, RESOLVE_DUPLICATE, Evidence, templates_for
from dynoview.core.tx.template_inputs import (
    check_scope,
    check_value,
    protected_changes,
    scope_problem,
    sign_up_account,
)
from dynoview.core.tx.templates import (
    OwnerRead,
    change_scope,
    change_value,
    claim_missing_lock,
    delete_account,
    edit_account,
    lock_value,
    release_orphan_lock,
    resolve_duplicate,
    scope_attributes,
    sign_up,
)
from dynoview.core.tx.validation import validate
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, Finding
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

EMAIL = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", scope="${tenantId}")
SCHEMA = UniquenessSchema(pk_name="pk", sk_name="sk", account_pk_prefix="user#", account_sk_value="user#",
                          rules=(EMAIL,))
APP = TableInfo("app", KeyAttribute("pk", "S"), KeyAttribute("sk", "S"))
NOT_EXISTS = {"ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "pk"}}
EXISTS = {"ConditionExpression": "attribute_exists(#n0)", "ExpressionAttributeNames": {"#n0": "pk"}}


def s(text: str) -> dict[str, str]:
    return {"S": text}


def user(user_id: str, tenant: str | None, email: str) -> dict[str, Any]:
    """A User as OneTable writes it (pk ``user#${id}``, sk ``user#``)."""
    item = {"pk": s(f"user#{user_id}"), "sk": s("user#"), "id": s(user_id), "email": s(email),
            "_type": s("User")}
    if tenant is not None:
        item["tenantId"] = s(tenant)
    return item


def marker(scope: str, email: str) -> dict[str, Any]:
    """createUnique's marker, as OneTable 2.7.7 writes it through its _Unique model."""
    return {"pk": s(f"_unique#{scope}#User#email#{email}"), "sk": s("_unique#"), "_type": s("_Unique")}


def key(item: dict[str, Any]) -> dict[str, Any]:
    return {"pk": item["pk"], "sk": item["sk"]}


def put_marker(scope: str, email: str) -> dict[str, Any]:
    return {"Put": {"TableName": "app", "Item": marker(scope, email), **NOT_EXISTS,
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}


def delete_marker(scope: str, email: str) -> dict[str, Any]:
    return {"Delete": {"TableName": "app", "Key": key(marker(scope, email)), **EXISTS}}


def test_sign_up_puts_the_marker_in_the_accounts_scope() -> None:
    ada = user("1", "acme", "ada@x.io")
    tx = sign_up(SCHEMA, "app", ada)
    assert tx.to_request()["TransactItems"] == [
        {"Put": {"TableName": "app", "Item": ada, **NOT_EXISTS}}, put_marker("acme", "ada@x.io")]
    assert validate(tx, schema=SCHEMA) == []
    assert tx.actions[1].label == "email lock 'ada@x.io' in scope acme"


def test_a_missing_scope_attribute_gives_undefined_as_onetable_writes() -> None:
    # runTemplate leaves the variable undefined, and `undefined + '#'` is the text undefined#.
    tx = sign_up(SCHEMA, "app", user("1", None, "ada@x.io"))
    assert tx.to_request()["TransactItems"][1] == put_marker("undefined", "ada@x.io")


def test_padded_and_composite_scopes_are_filled_like_run_template() -> None:
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#",
                    scope="${org}-${team:4:0}")
    item = {"org": s("acme"), "team": {"N": "7"}}
    assert lock_value(rule, item, "ada@x.io") == "acme-0007#User#email#ada@x.io"
    assert lock_value(EMAIL, {}, "ada@x.io") == "undefined#User#email#ada@x.io"
    assert lock_value(LockRule("email", "email", "UNIQ#EMAIL#{value}"), item, "ada@x.io") == "ada@x.io"


def test_change_value_moves_the_marker_within_the_scope_guarded_on_the_scope() -> None:
    ada = user("1", "acme", "ada@x.io")
    items = change_value(SCHEMA, "app", ada, "email", "ada@y.io").to_request()["TransactItems"]
    assert items == [
        put_marker("acme", "ada@y.io"),
        delete_marker("acme", "ada@x.io"),
        {"Update": {"TableName": "app", "Key": key(ada), "UpdateExpression": "SET #n0 = :v0",
                    "ConditionExpression": "#n0 = :v1 AND #n1 = :v2",
                    "ExpressionAttributeNames": {"#n0": "email", "#n1": "tenantId"},
                    "ExpressionAttributeValues": {":v0": s("ada@y.io"), ":v1": s("ada@x.io"),
                                                  ":v2": s("acme")},
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]


def test_change_scope_moves_every_marker_to_the_new_scope() -> None:
    ada = user("1", "acme", "ada@x.io")
    tx = change_scope(SCHEMA, "app", ada, "tenantId", "globex")
    assert tx.to_request()["TransactItems"] == [
        put_marker("globex", "ada@x.io"),
        delete_marker("acme", "ada@x.io"),
        {"Update": {"TableName": "app", "Key": key(ada), "UpdateExpression": "SET #n0 = :v0",
                    "ConditionExpression": "#n1 = :v1 AND #n0 = :v2",
                    "ExpressionAttributeNames": {"#n0": "tenantId", "#n1": "email"},
                    "ExpressionAttributeValues": {":v0": s("globex"), ":v1": s("ada@x.io"),
                                                  ":v2": s("acme")},
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]
    assert validate(tx, schema=SCHEMA) == []
    assert scope_attributes(SCHEMA) == ["tenantId"]
    with pytest.raises(ValueError, match="No uniqueness rule takes its scope from email"):
        change_scope(SCHEMA, "app", ada, "email", "x")
    # An account with no value under a scoped rule only moves itself.
    bare = {**ada}
    del bare["email"]
    [update] = change_scope(SCHEMA, "app", bare, "tenantId", "globex").actions
    assert update.condition == "#n0 = :v1"


def test_delete_account_releases_its_own_scopes_marker() -> None:
    ada = user("1", "acme", "ada@x.io")
    items = delete_account(SCHEMA, "app", ada).to_request()["TransactItems"]
    assert items[1] == delete_marker("acme", "ada@x.io")
    assert items[0]["Delete"]["ConditionExpression"] == "#n0 = :v0 AND #n1 = :v1"
    assert items[0]["Delete"]["ExpressionAttributeNames"] == {"#n0": "email", "#n1": "tenantId"}


def test_claim_writes_the_missing_marker_while_the_account_holds_value_and_scope() -> None:
    cy = user("4", "globex", "cy@x.io")
    items = claim_missing_lock(SCHEMA, "app", cy, "email").to_request()["TransactItems"]
    assert items == [
        put_marker("globex", "cy@x.io"),
        {"ConditionCheck": {"TableName": "app", "Key": key(cy),
                            "ConditionExpression": "#n0 = :v0 AND #n1 = :v1",
                            "ExpressionAttributeNames": {"#n0": "email", "#n1": "tenantId"},
                            "ExpressionAttributeValues": {":v0": s("cy@x.io"), ":v1": s("globex")},
                            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]


def test_release_checks_the_owner_holds_neither_the_value_nor_the_scope() -> None:
    lock = key(marker("globex", "eve@x.io"))
    eve = user("5", None, "x")
    items = release_orphan_lock(SCHEMA, "app", lock, OwnerRead(key(eve), eve)).to_request()["TransactItems"]
    assert items[0] == {"Delete": {"TableName": "app", "Key": lock, **EXISTS}}
    check = items[1]["ConditionCheck"]  # the owner unchanged since read: value and scope
    assert check["ConditionExpression"] == "#n0 = :v0 AND attribute_not_exists(#n1)"
    assert check["ExpressionAttributeNames"] == {"#n0": "email", "#n1": "tenantId"}
    assert check["ExpressionAttributeValues"] == {":v0": s("x")}
    elsewhere = user("5", "acme", "eve@x.io")  # the value in another scope: not this lock
    check = release_orphan_lock(SCHEMA, "app", lock, OwnerRead(key(eve), elsewhere)).actions[1]
    assert check.values == {":v0": s("eve@x.io"), ":v1": s("acme")}
    with pytest.raises(ValueError, match="still holds"):
        release_orphan_lock(SCHEMA, "app", lock, OwnerRead(key(eve), user("5", "globex", "eve@x.io")))


def test_resolve_duplicate_within_one_scope() -> None:
    bob, eve = user("3", "acme", "bob@x.io"), user("5", "acme", "bob@x.io")
    items = resolve_duplicate(SCHEMA, "app", bob, eve, "email", "eve@x.io").to_request()["TransactItems"]
    assert items[1]["ConditionCheck"]["Key"] == key(marker("acme", "bob@x.io"))
    assert items[2] == put_marker("acme", "eve@x.io")
    assert items[0]["ConditionCheck"]["ConditionExpression"] == "#n0 = :v0 AND #n1 = :v1"
    assert items[3]["Update"]["ConditionExpression"] == "#n0 = :v1 AND #n1 = :v2"
    assert items[3]["Update"]["ExpressionAttributeValues"] == {
        ":v0": s("eve@x.io"), ":v1": s("bob@x.io"), ":v2": s("acme")}
    # The same address in two tenants is two values: no duplicate to resolve.
    with pytest.raises(ValueError, match="do not share"):
        resolve_duplicate(SCHEMA, "app", bob, user("6", "globex", "bob@x.io"), "email", "z@x.io")


def test_an_edit_that_moves_the_account_to_another_tenant_moves_its_marker() -> None:
    ada = user("1", "acme", "ada@x.io")
    moved = {**ada, "tenantId": s("globex")}
    request = edit_account(SCHEMA, APP, ada, moved).to_request()["TransactItems"]
    assert request[1:] == [put_marker("globex", "ada@x.io"), delete_marker("acme", "ada@x.io")]
    (change,) = protected_changes(SCHEMA, ada, moved)
    assert (change.old, change.new) == ("ada@x.io", "ada@x.io")
    assert change.described() == "email 'ada@x.io' in scope acme → 'ada@x.io' in scope globex"
    assert protected_changes(SCHEMA, ada, {**ada, "name": s("Ada")}) == []


def test_an_edit_of_the_email_guards_the_tenant_its_markers_are_keyed_by() -> None:
    """The account's Update writes only the email, but the markers it moves are in the tenant's
    scope: the Update is guarded on the tenant as seen too, so a tenant moved meanwhile cancels
    it instead of leaving the new marker in the wrong scope."""
    ada = {**user("1", "acme", "ada@x.io"), "name": s("Ada")}
    edited = {**ada, "email": s("ada@y.io"), "name": s("Ada L.")}
    update, put, delete = edit_account(SCHEMA, APP, ada, edited).to_request()["TransactItems"]
    assert update["Update"]["UpdateExpression"] == "SET #n1 = :v0, #n2 = :v2"
    assert update["Update"]["ConditionExpression"] == (
        "attribute_exists(#n0) AND #n1 = :v1 AND #n2 = :v3 AND #n3 = :v4")
    assert update["Update"]["ExpressionAttributeNames"] == {
        "#n0": "pk", "#n1": "email", "#n2": "name", "#n3": "tenantId"}
    assert update["Update"]["ExpressionAttributeValues"][":v4"] == s("acme")
    assert (put, delete) == (put_marker("acme", "ada@y.io"), delete_marker("acme", "ada@x.io"))


def test_a_staged_tenant_edit_moves_the_marker_in_the_same_transaction() -> None:
    ada = user("1", "acme", "ada@x.io")
    edits = ItemEdits("app", key(ada), ada, (CellChange("tenantId", s("acme"), s("globex")),))
    put, delete, update = item_actions(edits, ("pk", "sk"), SCHEMA)
    assert (put.item, delete.key) == (marker("globex", "ada@x.io"), key(marker("acme", "ada@x.io")))
    assert update.kind == "Update" and update.key == key(ada)


def test_a_staged_email_cell_is_checked_in_the_accounts_scope() -> None:
    ada = user("1", "acme", "ada@x.io")
    assert check_cell(APP, SCHEMA, ada, "email", s("ada@y.io"), s("ada@x.io")) is None
    lost = user("2", None, "old@x.io")
    assert (check_cell(APP, SCHEMA, lost, "email", s("new@x.io"), s("old@x.io")) or "").startswith(
        "The email is unique per ${tenantId}, and the account has no tenantId")


def test_form_inputs_key_the_lock_in_the_accounts_scope() -> None:
    acme = sign_up_account(SCHEMA, "1", {"email": "ada@x.io"}, {"tenantId": "acme"})
    assert acme == {"pk": s("user#1"), "sk": s("user#"), "tenantId": s("acme"), "email": s("ada@x.io")}
    check = check_value(EMAIL, "ada@x.io", account=acme)
    assert check.ok and check.lock_pk == "_unique#acme#User#email#ada@x.io"
    assert check.preview == "lock _unique#acme#User#email#ada@x.io; the account stores ada@x.io"
    same = check_value(EMAIL, "ada@x.io", "ada@x.io", account=acme)
    assert (same.error or "").startswith("This is the account's current email")
    # An account whose scope cannot be filled: said at the value's field, with the fix.
    lost = check_value(EMAIL, "ada@x.io", account=user("2", None, "old@x.io"))
    assert lost.error == ("The email is unique per ${tenantId}, and the account has no tenantId: its "
                          "lock would be in the scope 'undefined'. Set tenantId on the account first.")
    assert scope_problem(EMAIL, acme) is None
    assert check_scope("tenantId", "") == ("Type the tenantId: the unique values are unique per "
                                           "tenantId, so their locks need it.")
    assert (check_scope("tenantId", " acme") or "").startswith("Remove the spaces")
    assert check_scope("tenantId", "acme") is None


def test_generated_code_refuses_a_scoped_schema_rather_than_guess_the_scope() -> None:
    with pytest.raises(CodegenError, match=r"unique per scope \(\$\{tenantId\}\), and generated code"):
        template_code(SCHEMA, "app", "sign_up", {"account_id": "1", "values": {"email": "a@x.io"}},
                      lang=PYTHON)


def test_repairs_are_offered_on_scoped_findings() -> None:
    cy = user("4", "globex", "cy@x.io")
    missing = Finding(MISSING_LOCK, "email", "globex#User#email#cy@x.io", ("user#4",), (), "", "")
    assert CLAIM_LOCK in templates_for(SCHEMA, cy, Evidence((missing,))).names()
    # A finding about the same address in another tenant says nothing about this account.
    elsewhere = Finding(DUPLICATE_VALUE, "email", "acme#User#email#cy@x.io", ("user#4", "user#9"), (), "", "")
    names = templates_for(SCHEMA, cy, Evidence((elsewhere,))).names()
    assert RESOLVE_DUPLICATE not in names and CLAIM_LOCK not in names
    here = Finding(DUPLICATE_VALUE, "email", "globex#User#email#cy@x.io", ("user#4", "user#9"), (), "", "")
    assert RESOLVE_DUPLICATE in templates_for(SCHEMA, cy, Evidence((here,))).names()
