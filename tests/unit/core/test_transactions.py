"""The transaction model: request building, reordering, import with located errors."""

from __future__ import annotations

import json

import pytest

from dynoview.core.tx.model import (
    CONDITION_CHECK,
    DELETE,
    PUT,
    UPDATE,
    Action,
    Transaction,
    TransactionImportError,
    import_text,
    parse_request,
    signup_request,
)

ACCOUNT = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@lovelace.io"}}
LOCK = {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}


def test_put_action_request_leaves_out_empty_fields() -> None:
    action = Action(PUT, "accounts", item=LOCK, condition="attribute_not_exists(#n0)",
                    names={"#n0": "PK"}, return_values="ALL_OLD")
    assert action.to_request() == {"Put": {
        "TableName": "accounts",
        "Item": LOCK,
        "ConditionExpression": "attribute_not_exists(#n0)",
        "ExpressionAttributeNames": {"#n0": "PK"},
        "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
    }}


def test_update_and_condition_check_requests() -> None:
    update = Action(UPDATE, "accounts", key={"PK": {"S": "ACCT#a1"}}, update="SET #n0 = :v0",
                    condition="#n0 = :v1", names={"#n0": "email"},
                    values={":v0": {"S": "new@x.io"}, ":v1": {"S": "ada@lovelace.io"}})
    assert update.to_request() == {"Update": {
        "TableName": "accounts", "Key": {"PK": {"S": "ACCT#a1"}}, "UpdateExpression": "SET #n0 = :v0",
        "ConditionExpression": "#n0 = :v1", "ExpressionAttributeNames": {"#n0": "email"},
        "ExpressionAttributeValues": {":v0": {"S": "new@x.io"}, ":v1": {"S": "ada@lovelace.io"}},
    }}
    check = Action(CONDITION_CHECK, "accounts", key={"PK": {"S": "x"}}, condition="attribute_exists(PK)")
    assert check.to_request() == {"ConditionCheck": {"TableName": "accounts", "Key": {"PK": {"S": "x"}},
                                                     "ConditionExpression": "attribute_exists(PK)"}}


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="not a transaction action"):
        Action("Get", "accounts")


def test_transaction_request_has_token_and_order() -> None:
    tx = Transaction(token="tok-1")
    tx.add(Action(PUT, "accounts", item=ACCOUNT))
    tx.add(Action(DELETE, "accounts", key=LOCK))
    assert tx.to_request() == {"TransactItems": [{"Put": {"TableName": "accounts", "Item": ACCOUNT}},
                                                 {"Delete": {"TableName": "accounts", "Key": LOCK}}],
                               "ClientRequestToken": "tok-1"}


def test_move_reorders_and_clamps() -> None:
    tx = Transaction(actions=[Action(PUT, f"t{i}x") for i in range(3)])
    assert tx.move(0, 2) == 2
    assert [a.table for a in tx.actions] == ["t1x", "t2x", "t0x"]
    assert tx.move(2, 99) == 2
    assert tx.move(1, -5) == 0
    assert [a.table for a in tx.actions] == ["t2x", "t1x", "t0x"]


def test_regenerate_token_changes_it() -> None:
    tx = Transaction()
    old = tx.token
    assert tx.regenerate_token() != old
    assert len(tx.token) == 36


def test_signup_request_shape_is_kept_for_demo_seeding() -> None:
    request = signup_request("accounts", ACCOUNT, [LOCK], token="t")
    assert request["ClientRequestToken"] == "t"
    assert request["TransactItems"][1] == {"Put": {
        "TableName": "accounts", "Item": LOCK, "ConditionExpression": "attribute_not_exists(#pk)",
        "ExpressionAttributeNames": {"#pk": "PK"}, "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}}


def test_import_round_trips_with_base64_binary() -> None:
    text = json.dumps({"TransactItems": [{"Put": {"TableName": "files", "Item": {
        "id": {"S": "f1"}, "data": {"B": "AP8="}, "n": {"N": "1.50"}}}}], "ClientRequestToken": "abc"})
    tx = import_text(text)
    assert tx.token == "abc"
    assert tx.actions[0].item["data"] == {"B": b"\x00\xff"}
    assert tx.actions[0].item["n"] == {"N": "1.50"}


def test_import_accepts_the_bare_list() -> None:
    tx = parse_request([{"Delete": {"TableName": "accounts", "Key": {"PK": {"S": "x"}}}}])
    assert tx.actions[0].kind == DELETE
    assert len(tx.token) == 36


def test_import_errors_are_located() -> None:
    with pytest.raises(TransactionImportError) as err:
        parse_request({"TransactItems": [
            {"Put": {"TableName": "accounts", "Item": {"n": {"N": "1" * 41}}}},
            {"Get": {"TableName": "accounts"}},
            {"Update": {"TableName": "accounts", "Key": {"PK": {"s": "x"}},
                        "ReturnValuesOnConditionCheckFailure": "ALL_NEW"}},
        ]})
    where = [(p.index, p.field) for p in err.value.problems]
    assert where == [(0, "item.n"), (1, "kind"), (2, "key.PK"), (2, "return_values")]
    assert "38 significant digits" in err.value.problems[0].message


def test_import_of_invalid_json_says_where() -> None:
    with pytest.raises(TransactionImportError, match="line 1, column 2"):
        import_text("{,}")
