"""Templates from the article: exact requests, every action guarded."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.item_writes import EditRefused
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.templates import (
    OwnerRead,
    change_value,
    claim_missing_lock,
    delete_account,
    delete_item,
    edit_item,
    edit_refusal,
    release_orphan_lock,
    resolve_duplicate,
    sign_up,
    templates_for,
)
from dynoview.core.tx.validation import validate
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
    article_schema,
    normalise,
)

S = article_schema()
ACCT = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@lovelace.io"},
        "username": {"S": "ada"}}
ACCT_KEY = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}
EMAIL_LOCK = {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}
NOT_EXISTS = {"ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}
EXISTS = {"ConditionExpression": "attribute_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}


def test_sign_up() -> None:
    tx = sign_up(S, "accounts", ACCT)
    assert tx.to_request()["TransactItems"] == [
        {"Put": {"TableName": "accounts", "Item": ACCT, **NOT_EXISTS}},
        {"Put": {"TableName": "accounts", "Item": EMAIL_LOCK, **NOT_EXISTS,
                 "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#HANDLE#ada"}, "SK": {"S": "LOCK"}},
                 **NOT_EXISTS, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    ]
    assert validate(tx, schema=S) == []


def test_change_email() -> None:
    items = change_value(S, "accounts", ACCT, "email", "ada@analytical.engine").to_request()["TransactItems"]
    assert items == [
        {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#EMAIL#ada@analytical.engine"},
                                                    "SK": {"S": "LOCK"}},
                 **NOT_EXISTS, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"Delete": {"TableName": "accounts", "Key": EMAIL_LOCK, **EXISTS}},
        {"Update": {"TableName": "accounts", "Key": ACCT_KEY, "UpdateExpression": "SET #n0 = :v0",
                    "ConditionExpression": "#n0 = :v1", "ExpressionAttributeNames": {"#n0": "email"},
                    "ExpressionAttributeValues": {":v0": {"S": "ada@analytical.engine"},
                                                  ":v1": {"S": "ada@lovelace.io"}},
                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    ]


def test_delete_account_deletes_every_lock_guarded() -> None:
    items = delete_account(S, "accounts", ACCT).to_request()["TransactItems"]
    assert items[0] == {"Delete": {
        "TableName": "accounts", "Key": ACCT_KEY, "ConditionExpression": "#n0 = :v0 AND #n1 = :v1",
        "ExpressionAttributeNames": {"#n0": "email", "#n1": "username"},
        "ExpressionAttributeValues": {":v0": {"S": "ada@lovelace.io"}, ":v1": {"S": "ada"}},
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}
    assert items[1:] == [
        {"Delete": {"TableName": "accounts", "Key": EMAIL_LOCK, **EXISTS}},
        {"Delete": {"TableName": "accounts", "Key": {"PK": {"S": "UNIQ#HANDLE#ada"}, "SK": {"S": "LOCK"}},
                    **EXISTS}},
    ]


def test_release_orphan_lock_with_owner() -> None:
    # The owner's check is the owner unchanged since the caller read it: exact and race-free.
    lock = {"PK": {"S": "UNIQ#EMAIL#barbara@mit.edu"}, "SK": {"S": "LOCK"}}
    owner = {"PK": {"S": "ACCT#4c5d6e"}, "SK": {"S": "PROFILE"}}
    read = {**owner, "email": {"S": "barbara@new.edu"}}
    items = release_orphan_lock(S, "accounts", lock, OwnerRead(owner, read)).to_request()["TransactItems"]
    assert items == [
        {"Delete": {"TableName": "accounts", "Key": lock, **EXISTS}},
        {"ConditionCheck": {
            "TableName": "accounts", "Key": owner,
            "ConditionExpression": "#n0 = :v0",
            "ExpressionAttributeNames": {"#n0": "email"},
            "ExpressionAttributeValues": {":v0": {"S": "barbara@new.edu"}},
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    ]
    for seen, condition, name in ((None, "attribute_not_exists(#n0)", "PK"),
                                  (owner, "attribute_not_exists(#n0)", "email")):
        check = release_orphan_lock(S, "accounts", lock, OwnerRead(owner, seen)).actions[1]
        assert (check.condition, check.names, check.values) == (condition, {"#n0": name}, {})
    holding = OwnerRead(owner, {**owner, "email": {"S": "barbara@mit.edu"}})
    with pytest.raises(ValueError, match=r"still holds email 'barbara@mit\.edu'"):
        release_orphan_lock(S, "accounts", lock, holding)
    with pytest.raises(TypeError, match="OwnerRead"):  # a key alone cannot guard
        release_orphan_lock(S, "accounts", lock, owner)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", [NORMALISE_LOWER, NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD])
def test_an_owner_holding_the_value_in_another_spelling_is_refused(mode: str) -> None:
    # A condition compares exactly: "Ada@X.io" <> "ada@x.io" would pass and release a held lock.
    schema = dataclasses.replace(S, rules=tuple(dataclasses.replace(r, normalisation=mode)
                                                for r in S.rules))
    lock = {"PK": {"S": "UNIQ#EMAIL#ada@x.io"}, "SK": {"S": "LOCK"}}
    owner = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}}
    with pytest.raises(ValueError, match="still holds"):
        release_orphan_lock(schema, "t", lock, OwnerRead(owner, {**owner, "email": {"S": "Ada@X.io"}}))


def test_release_refuses_a_non_lock() -> None:
    with pytest.raises(ValueError, match="not a lock"):
        release_orphan_lock(S, "accounts", ACCT_KEY)


def test_claim_missing_lock() -> None:
    linus = {"PK": {"S": "ACCT#1d2e3f"}, "SK": {"S": "PROFILE"}, "username": {"S": "linus"}}
    items = claim_missing_lock(S, "accounts", linus, "username").to_request()["TransactItems"]
    assert items == [
        {"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#HANDLE#linus"}, "SK": {"S": "LOCK"}},
                 **NOT_EXISTS, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
        {"ConditionCheck": {"TableName": "accounts", "Key": {"PK": {"S": "ACCT#1d2e3f"},
                                                             "SK": {"S": "PROFILE"}},
                            "ConditionExpression": "#n0 = :v0",
                            "ExpressionAttributeNames": {"#n0": "username"},
                            "ExpressionAttributeValues": {":v0": {"S": "linus"}},
                            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    ]


def test_resolve_duplicate_moves_the_other_account() -> None:
    keep = {"PK": {"S": "ACCT#2a3b4c"}, "SK": {"S": "PROFILE"}, "email": {"S": "shared@example.com"}}
    other = {"PK": {"S": "ACCT#3b4c5d"}, "SK": {"S": "PROFILE"}, "email": {"S": "shared@example.com"}}
    tx = resolve_duplicate(S, "accounts", keep, other, "email", new_value="dup2@example.com")
    kinds = [next(iter(a)) for a in tx.to_request()["TransactItems"]]
    assert kinds == ["ConditionCheck", "ConditionCheck", "Put", "Update"]
    assert tx.actions[3].update == "SET #n0 = :v0"
    assert tx.actions[3].condition == "#n0 = :v1"
    assert validate(tx, schema=S) == []


def test_edit_item_updates_only_what_changed_guarded_on_the_values_seen() -> None:
    info = TableInfo("metrics", KeyAttribute("deviceId", "N"), None)
    old = {"deviceId": {"N": "1"}, "name": {"S": "a"}, "gone": {"N": "7"}, "same": {"S": "x"}}
    new = {"deviceId": {"N": "1"}, "name": {"S": "b"}, "added": {"BOOL": True}, "same": {"S": "x"}}
    # No Put of the whole item: an attribute another writer added since is not erased.
    assert edit_item(info, old, new).to_request()["TransactItems"] == [{"Update": {
        "TableName": "metrics", "Key": {"deviceId": {"N": "1"}},
        "UpdateExpression": "SET #n1 = :v0, #n2 = :v2 REMOVE #n3",
        "ConditionExpression": "attribute_exists(#n0) AND #n1 = :v1 AND attribute_not_exists(#n2) "
                               "AND #n3 = :v3",
        "ExpressionAttributeNames": {"#n0": "deviceId", "#n1": "name", "#n2": "added", "#n3": "gone"},
        "ExpressionAttributeValues": {":v0": {"S": "b"}, ":v1": {"S": "a"}, ":v2": {"BOOL": True},
                                      ":v3": {"N": "7"}},
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]
    deleted = delete_item(info, old).to_request()["TransactItems"][0]["Delete"]
    assert deleted["Key"] == {"deviceId": {"N": "1"}}
    assert deleted["ConditionExpression"] == "attribute_exists(#n0) AND #n1 = :v0 AND #n2 = :v1 AND #n3 = :v2"


def test_an_unchanged_edit_is_refused_with_what_to_do() -> None:
    info = TableInfo("metrics", KeyAttribute("deviceId", "N"), None)
    item = {"deviceId": {"N": "1"}, "tags": {"SS": ["a", "b"]}, "n": {"N": "1.0"}}
    same = {"deviceId": {"N": "1"}, "tags": {"SS": ["b", "a"]}, "n": {"N": "1"}}  # equal to DynamoDB
    with pytest.raises(EditRefused, match=r"^Nothing changed: .* Edit a value, or cancel\.$"):
        edit_item(info, item, same)
    assert (edit_refusal(info, item, same) or "").startswith("Nothing changed")
    assert edit_refusal(info, item, {**same, "n": {"N": "2"}}) is None


def test_edit_item_with_a_new_key_deletes_and_puts() -> None:
    info = TableInfo("metrics", KeyAttribute("deviceId", "N"), None)
    tx = edit_item(info, {"deviceId": {"N": "1"}}, {"deviceId": {"N": "2"}})
    assert [a.kind for a in tx.actions] == ["Delete", "Put"]
    assert tx.actions[1].condition == "attribute_not_exists(#n0)"


def s(value: str) -> dict[str, str]:
    return {"S": value}


def wide(count: int, key: str = "ITEM#1") -> dict[str, Any]:
    return {"PK": s(key), "SK": s("X"), **{f"a{i:03d}": s(f"v{i}") for i in range(count)}}


WIDE = TableInfo("wide", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))


def test_an_edit_of_a_wide_item_guards_what_it_changes_and_nothing_is_cut() -> None:
    old = wide(45)
    (update,) = edit_item(WIDE, old, {**old, "a044": s("mine")}).actions
    # The 45th attribute, past the old cut at 40, is guarded; the others are not written at all.
    assert (update.kind, update.update, update.condition) == (
        "Update", "SET #n1 = :v0", "attribute_exists(#n0) AND #n1 = :v1")
    assert update.names == {"#n0": "PK", "#n1": "a044"} and update.values[":v1"] == s("v44")
    assert update.label == "edited item: a044"
    assert validate(Transaction([update]), {"wide": WIDE}) == []


def test_an_edit_whose_guard_is_over_dynamodbs_limits_is_refused_not_cut() -> None:
    old = wide(200)
    many = {**old, **{f"a{i:03d}": s("mine") for i in range(149)}}
    (update,) = edit_item(WIDE, old, many).actions  # 1 + 149 checks and 149 ANDs: 299 operators
    assert update.label == "edited item: a000, a001, a002, a003, a004 and 144 more"
    assert validate(Transaction([update]), {"wide": WIDE}) == []
    too_many = {**old, **{f"a{i:03d}": s("mine") for i in range(150)}}
    with pytest.raises(EditRefused) as refused:
        edit_item(WIDE, old, too_many)
    assert refused.value.message == (
        "This edit changes 150 attributes, and the guard that each still holds the value you saw "
        "would need 301 operators; DynamoDB allows 300, so it was not opened. Change fewer "
        "attributes at a time: apply part of the edit, then edit the item again for the rest.")
    assert edit_refusal(WIDE, old, too_many) == refused.value.message


def test_an_edit_that_moves_a_wide_item_guards_its_delete_on_everything_seen() -> None:
    old = wide(45)
    delete, put = edit_item(WIDE, old, {**old, "PK": s("ITEM#2")}).actions
    assert (delete.kind, delete.key, put.kind, put.item["PK"]) == ("Delete", key(old), "Put", s("ITEM#2"))
    assert sorted(delete.names.values()) == ["PK", *sorted(a for a in old if a.startswith("a"))]
    assert delete.condition.count(" = ") == 45
    assert put.condition == "attribute_not_exists(#n0)"
    # Too many to check in one condition: refused, never guarded on a part of them.
    huge = wide(150)
    with pytest.raises(EditRefused, match=r"^This edit changes the item's key, .* all 150 attributes "
                                          r"you saw would need 301 operators; DynamoDB allows 300"):
        edit_item(WIDE, huge, {**huge, "PK": s("ITEM#2")})


def test_a_delete_guards_every_attribute_seen_or_says_how_many_it_checks() -> None:
    (full,) = delete_item(WIDE, wide(149)).actions
    assert full.label == "item" and full.condition.count(" = ") == 149
    (part,) = delete_item(WIDE, wide(180)).actions
    assert part.condition.count(" = ") == 149
    assert part.label == ("item, guarded on 149 of its 180 attributes (one condition holds no more): "
                          "a change since to the other 31 is not detected")
    assert validate(Transaction([part]), {"wide": WIDE}) == []
    # Names go through placeholders: long ones do not shorten the guard.
    long_names = {"PK": s("P"), "SK": s("S"), **{"n" * 2000 + str(i): s("v") for i in range(40)}}
    (named,) = delete_item(WIDE, long_names).actions
    assert named.label == "item" and validate(Transaction([named]), {"wide": WIDE}) == []


def key(item: dict[str, Any]) -> dict[str, Any]:
    return {"PK": item["PK"], "SK": item["SK"]}


def test_templates_for_items() -> None:
    # Nothing known about the selection: only the templates that always apply.
    assert templates_for(S, EMAIL_LOCK).names() == ["sign_up"]
    assert templates_for(S, ACCT).names() == ["sign_up", "change_value", "change_value", "delete_account"]
    # applicability.py's own tests cover the repairs offered from findings.


def rule_schema(mode: str) -> UniquenessSchema:
    return UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode),
                                   LockRule("username", "username", "UNIQ#HANDLE#{value}", "LOCK", mode)))


# (mode, value typed, the lock key's value): the schema's normalisation, applied before every key.
MODES = [
    (NORMALISE_NONE, "Ada@Lovelace.io", "Ada@Lovelace.io"),
    (NORMALISE_LOWER, "Ada@Lovelace.io", "ada@lovelace.io"),
    (NORMALISE_TRIM_LOWER, " Ada@Lovelace.io ", "ada@lovelace.io"),
    # NFKC folds the fullwidth Ａ, casefold lowers it, the zero-width space goes, spaces are trimmed.
    (NORMALISE_NFKC_CASEFOLD, " \uff21da\u200b@Lovelace.io", "ada@lovelace.io"),
]


@pytest.mark.parametrize(("mode", "typed", "key"), MODES)
def test_every_template_keys_locks_by_the_rules_normalisation(mode: str, typed: str, key: str) -> None:
    schema = rule_schema(mode)
    acct = {**ACCT_KEY, "email": {"S": typed}, "username": {"S": "Ada"}}
    handle = normalise("Ada", mode)
    lock = {"PK": {"S": f"UNIQ#EMAIL#{key}"}, "SK": {"S": "LOCK"}}
    signup = sign_up(schema, "t", acct)
    assert signup.actions[0].item["email"] == {"S": typed}  # the account stores what was typed
    assert [a.item["PK"]["S"] for a in signup.actions[1:]] == [f"UNIQ#EMAIL#{key}", f"UNIQ#HANDLE#{handle}"]
    assert claim_missing_lock(schema, "t", acct, "email").actions[0].item == lock
    assert delete_account(schema, "t", acct).actions[1].key == lock
    change = change_value(schema, "t", acct, "email", "New@X.io")
    assert change.actions[0].item["PK"] == {"S": f"UNIQ#EMAIL#{normalise('New@X.io', mode)}"}
    assert change.actions[1].key == lock
    assert change.actions[2].values[":v0"] == {"S": "New@X.io"}  # stored as typed
    other = {**ACCT_KEY, "PK": {"S": "ACCT#other"}, "email": {"S": typed}}
    resolve = resolve_duplicate(schema, "t", acct, other, "email", "Else@X.io")
    assert resolve.actions[1].key == lock
    assert resolve.actions[2].item["PK"] == {"S": f"UNIQ#EMAIL#{normalise('Else@X.io', mode)}"}


def test_resolve_duplicate_takes_spellings_one_after_the_normalisation() -> None:
    schema = rule_schema(NORMALISE_LOWER)
    keep = {**ACCT_KEY, "email": {"S": "Ada@X.io"}}
    other = {"PK": {"S": "ACCT#b"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@x.io"}}
    tx = resolve_duplicate(schema, "t", keep, other, "email")
    # Each account is guarded on the spelling it stores; the shared lock is the rule's key.
    assert tx.actions[0].values == {":v0": {"S": "Ada@X.io"}}
    assert tx.actions[1].key == {"PK": {"S": "UNIQ#EMAIL#ada@x.io"}, "SK": {"S": "LOCK"}}
    assert tx.actions[2].update == "REMOVE #n0" and tx.actions[2].values == {":v0": {"S": "ada@x.io"}}
    with pytest.raises(ValueError, match="do not share"):
        resolve_duplicate(S, "t", keep, other, "email")  # no normalisation: two values


def test_release_keeps_the_stored_spelling_under_a_normalising_rule() -> None:
    from dynoview.core.tx.templates import release_orphan_lock
    from dynoview.core.uniqueness.schema import NORMALISE_LOWER, LockRule, UniquenessSchema

    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                              NORMALISE_LOWER),))
    key = {"PK": {"S": "UNIQ#EMAIL#Old@Case.io"}, "SK": {"S": "LOCK"}}
    tx = release_orphan_lock(schema, "t", key)
    # A lock written before the rule lower-cased values is released where it is, not at a
    # lower-cased key that does not exist.
    assert tx.actions[0].key == key


NUM = {**ACCT_KEY, "email": {"S": "num@x.io"}, "username": {"N": "42"}}
HANDLE_42 = {"PK": {"S": "UNIQ#HANDLE#42"}, "SK": {"S": "LOCK"}}


def test_a_number_value_is_locked_released_and_claimed_as_the_engine_reads_it() -> None:
    # The engine (scope.protected_text) reads an N value as its text: username 42 holds
    # UNIQ#HANDLE#42, so every template writes, releases and claims that lock.
    assert [a.item["PK"]["S"] for a in sign_up(S, "t", NUM).actions] == [
        "ACCT#a1f9c3", "UNIQ#EMAIL#num@x.io", "UNIQ#HANDLE#42"]
    delete = delete_account(S, "t", NUM)
    assert [a.key for a in delete.actions[1:]] == [{"PK": {"S": "UNIQ#EMAIL#num@x.io"}, "SK": {"S": "LOCK"}},
                                                   HANDLE_42]
    assert delete.actions[0].values == {":v0": {"S": "num@x.io"}, ":v1": {"N": "42"}}  # guarded as stored
    claim = claim_missing_lock(S, "t", NUM, "username")
    assert claim.actions[0].item == HANDLE_42
    assert claim.actions[1].values == {":v0": {"N": "42"}}
    change = change_value(S, "t", NUM, "username", "43")
    assert [a.kind for a in change.actions] == ["Put", "Delete", "Update"]
    assert change.actions[1].key == HANDLE_42
    assert change.actions[2].values[":v1"] == {"N": "42"}
    other = {**NUM, "PK": {"S": "ACCT#b"}}
    resolve = resolve_duplicate(S, "t", NUM, other, "username", "43")
    assert resolve.actions[1].key == HANDLE_42
    assert resolve.actions[0].values == {":v0": {"N": "42"}}
    assert resolve.actions[3].values[":v1"] == {"N": "42"}


def test_releasing_a_number_lock_checks_the_owner_holds_neither_spelling() -> None:
    owner = {"PK": {"S": "ACCT#n1"}, "SK": {"S": "PROFILE"}}
    for held in ({"S": "42"}, {"N": "42"}):  # the engine reads both as 42
        with pytest.raises(ValueError, match="still holds"):
            release_orphan_lock(S, "t", HANDLE_42, OwnerRead(owner, {**owner, "username": held}))
    check = release_orphan_lock(S, "t", HANDLE_42, OwnerRead(owner, {**owner, "username": {"N": "43"}}))
    assert (check.actions[1].condition, check.actions[1].values) == ("#n0 = :v0", {":v0": {"N": "43"}})


def test_an_empty_string_is_no_value() -> None:
    empty = {**ACCT, "username": {"S": ""}}
    assert [a.label for a in sign_up(S, "t", empty).actions] == ["account", "email lock ada@lovelace.io"]
    # No guarded Delete of a UNIQ#HANDLE# lock that never exists (it would cancel every time).
    assert [a.label for a in delete_account(S, "t", empty).actions] == [
        "account", "release email lock ada@lovelace.io"]
    with pytest.raises(ValueError, match="The account has no username"):
        claim_missing_lock(S, "t", empty, "username")
    change = change_value(S, "t", empty, "username", "ada")
    assert [a.kind for a in change.actions] == ["Put", "Update"]  # nothing to release
    assert change.actions[0].item == {"PK": {"S": "UNIQ#HANDLE#ada"}, "SK": {"S": "LOCK"}}


def test_change_value_keeps_the_lock_when_only_the_spelling_changes() -> None:
    schema = rule_schema(NORMALISE_LOWER)
    bob = {**ACCT_KEY, "email": {"S": "Bob@x.io"}, "username": {"S": "bob"}}
    tx = change_value(schema, "accounts", bob, "email", "BOB@x.io")
    # As edit_account: the lock UNIQ#EMAIL#bob@x.io stays; a Put of it would meet itself and cancel.
    assert tx.to_request()["TransactItems"] == [{"Update": {
        "TableName": "accounts", "Key": ACCT_KEY, "UpdateExpression": "SET #n0 = :v0",
        "ConditionExpression": "#n0 = :v1", "ExpressionAttributeNames": {"#n0": "email"},
        "ExpressionAttributeValues": {":v0": {"S": "BOB@x.io"}, ":v1": {"S": "Bob@x.io"}},
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}]
    assert validate(tx, schema=schema) == []
