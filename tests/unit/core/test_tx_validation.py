"""Validation before sending: each problem located at its action and field."""

from __future__ import annotations

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, UPDATE, Action, Transaction
from dynoview.core.tx.validation import LOCK_OVERWRITE_WARNING, has_errors, validate
from dynoview.core.uniqueness.schema import article_schema

TABLE = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
TABLES = {"accounts": TABLE}
SCHEMA = article_schema()
LOCK = {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}


def where(tx: Transaction, **kw: object) -> list[tuple[int | None, str, str]]:
    return [(p.index, p.field, p.severity) for p in validate(tx, TABLES, SCHEMA, **kw)]


def guarded_lock() -> Action:
    return Action(PUT, "accounts", item=dict(LOCK), condition="attribute_not_exists(#n0)",
                  names={"#n0": "PK"})


def test_guarded_signup_is_clean() -> None:
    assert validate(Transaction([guarded_lock()]), TABLES, SCHEMA) == []


def test_more_than_100_actions() -> None:
    actions = [Action(DELETE, "accounts", key={"PK": {"S": f"x{i}"}, "SK": {"S": "LOCK"}})
               for i in range(101)]
    problems = validate(Transaction(actions), TABLES, SCHEMA)
    assert problems[0].index is None and problems[0].field == "actions"
    assert "at most 100 actions" in problems[0].message


def test_two_actions_on_the_same_item() -> None:
    tx = Transaction([guarded_lock(), Action(DELETE, "accounts", key=dict(LOCK))])
    assert where(tx) == [(1, "key", "error")]
    assert "Action 1 already acts on this item" in validate(tx, TABLES, SCHEMA)[0].message


def test_missing_and_mistyped_key_attributes() -> None:
    tx = Transaction([Action(DELETE, "accounts", key={"PK": {"N": "1"}, "other": {"S": "x"}})])
    assert where(tx) == [(0, "key.PK", "error"), (0, "key.SK", "error"), (0, "key.other", "error")]


def test_empty_key_string() -> None:
    tx = Transaction([Action(DELETE, "accounts", key={"PK": {"S": ""}, "SK": {"S": "LOCK"}})])
    problems = validate(tx, TABLES, SCHEMA)
    assert [(p.index, p.field) for p in problems] == [(0, "key.PK")]
    assert "cannot be empty" in problems[0].message


def test_item_over_400_kb() -> None:
    item = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "blob": {"B": b"x" * (400 * 1024)}}
    tx = Transaction([Action(PUT, "accounts", item=item)])
    assert where(tx) == [(0, "item", "error")]


def test_request_over_4_mb() -> None:
    actions = [Action(PUT, "accounts", item={"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"},
                                              "blob": {"S": "x" * 390_000}}) for i in range(12)]
    problems = validate(Transaction(actions), TABLES, SCHEMA)
    assert [(p.index, p.field) for p in problems] == [(None, "actions")]
    assert "4 MB" in problems[0].message


def test_number_over_38_digits_and_out_of_range() -> None:
    item = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "big": {"N": "1" * 39}, "huge": {"N": "1E+126"}}
    assert where(Transaction([Action(PUT, "accounts", item=item)])) == [
        (0, "item.big", "error"), (0, "item.huge", "error")]


def test_empty_set_and_duplicate_members() -> None:
    item = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "tags": {"SS": []},
            "nums": {"NS": ["1", "1.0"]}}
    assert where(Transaction([Action(PUT, "accounts", item=item)])) == [
        (0, "item.tags", "error"), (0, "item.nums[1]", "error")]


def test_undefined_and_unused_placeholders() -> None:
    tx = Transaction([Action(UPDATE, "accounts", key={"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}},
                             update="SET #n0 = :v0", names={"#n0": "email", "#n9": "x"},
                             values={":v1": {"S": "a"}})])
    assert where(tx) == [(0, "update", "error"), (0, "names.#n9", "error"), (0, "values.:v1", "error")]
    assert ":v0 is used in the expression but not defined" in validate(tx, TABLES, SCHEMA)[0].message


def test_unbalanced_expression() -> None:
    tx = Transaction([Action(CONDITION_CHECK, "accounts", key={"PK": {"S": "a"}, "SK": {"S": "b"}},
                             condition="(attribute_exists(#n0)", names={"#n0": "PK"})])
    problems = validate(tx, TABLES, SCHEMA)
    assert [(p.index, p.field) for p in problems] == [(0, "condition")]
    assert "cannot be parsed" in problems[0].message


def test_reserved_word_used_bare() -> None:
    tx = Transaction([Action(CONDITION_CHECK, "accounts", key={"PK": {"S": "a"}, "SK": {"S": "b"}},
                             condition="status = :v0", values={":v0": {"S": "active"}})])
    problems = validate(tx, TABLES, SCHEMA)
    assert [(p.index, p.field) for p in problems] == [(0, "condition")]
    assert "reserved word" in problems[0].message


def test_lock_put_without_guard_is_a_warning() -> None:
    tx = Transaction([Action(PUT, "accounts", item=dict(LOCK))])
    problems = validate(tx, TABLES, SCHEMA)
    assert [(p.index, p.field, p.severity) for p in problems] == [(0, "condition", "warning")]
    assert problems[0].message == LOCK_OVERWRITE_WARNING.format(
        rule="email", value="ada@lovelace.io", pk="PK")
    assert "without this condition a second signup silently overwrites the lock" in problems[0].message
    assert not has_errors(problems)


def test_update_without_expression_and_condition_check_without_condition() -> None:
    key = {"PK": {"S": "a"}, "SK": {"S": "b"}}
    tx = Transaction([Action(UPDATE, "accounts", key=key),
                      Action(CONDITION_CHECK, "accounts", key={"PK": {"S": "c"}, "SK": {"S": "b"}})])
    assert where(tx) == [(0, "update", "error"), (1, "condition", "error")]


def test_token_and_empty_transaction() -> None:
    assert where(Transaction([], token="x" * 37)) == [(None, "actions", "error"), (None, "token", "error")]


def test_same_item_detected_without_table_info_through_the_schema() -> None:
    tx = Transaction([guarded_lock(), Action(DELETE, "accounts", key=dict(LOCK))])
    assert [(p.index, p.field) for p in validate(tx, {}, SCHEMA)] == [(1, "key")]


def test_4_mb_counts_item_bytes_not_the_base64_body() -> None:
    # 11 items of 381,008 bytes: 4.19 MB of items, 5.6 MB of JSON once base64 is applied.
    actions = [Action(PUT, "accounts", item={"PK": {"S": f"k{i:02d}"}, "SK": {"S": "s"},
                                             "d": {"B": b"x" * 381_000}}) for i in range(11)]
    assert not has_errors(validate(Transaction(actions), TABLES, SCHEMA))
    actions.append(Action(CONDITION_CHECK, "accounts", key={"PK": {"S": "x"}, "SK": {"S": "y"}},
                          condition="a <> :v", values={":v": {"S": "x" * 10_000}}))
    problems = validate(Transaction(actions), TABLES, SCHEMA)
    assert [(p.index, p.field) for p in problems if p.is_error] == [(None, "actions")]
    assert "items, keys and expressions total 4,20" in problems[0].message


def test_token_is_any_1_to_36_characters() -> None:
    assert validate(Transaction([guarded_lock()], token="jeton é€🙂"), TABLES, SCHEMA) == []
    assert where(Transaction([guarded_lock()], token="x" * 37)) == [(None, "token", "error")]


def test_blank_condition_would_be_sent_and_refused() -> None:
    action = Action(DELETE, "accounts", key=dict(LOCK), condition="   ")
    assert where(Transaction([action])) == [(0, "condition", "error")]


def test_equal_numbers_name_one_item() -> None:
    table = TableInfo("counters", KeyAttribute("id", "N"), None)
    tx = Transaction([Action(PUT, "counters", item={"id": {"N": "1"}}),
                      Action(DELETE, "counters", key={"id": {"N": "1.0"}})])
    assert [(p.index, p.field) for p in validate(tx, {"counters": table})] == [(1, "key")]


def test_rules_dynamodb_applies_are_located() -> None:
    tx = Transaction([Action(UPDATE, "accounts", key=dict(LOCK), update="SET #k = :v, a = :v, a = :w",
                             condition="begins_with(b, :n)", names={"#k": "SK"},
                             values={":v": {"S": "x"}, ":w": {"S": "y"}, ":n": {"N": "1"}})])
    problems = validate(tx, TABLES, SCHEMA)
    assert [(p.index, p.field) for p in problems] == [(0, "update"), (0, "condition"), (0, "update")]
    assert [p.message.split(";")[0] for p in problems] == [
        "The update writes a and a, which overlap",
        "begins_with() takes a string or binary, but :n is a number",
        "SK is part of the primary key of accounts"]
