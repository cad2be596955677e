"""DynamoDB's rules beyond the grammar, located in the expression text (the differential
corpus checks the verdicts against DynamoDB Local; these check what the user reads)."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.expressions.nodes import Value, paths
from dynoview.core.expressions.parser import parse_condition, parse_update
from dynoview.core.expressions.rules import (
    MAX_PATH_DEPTH,
    check_condition,
    check_update,
    static_type,
    substituted_size,
    update_targets,
    values_size,
)


def _values(values: dict[str, Any]) -> dict[str, Any]:
    return {f":{k}": v for k, v in values.items()}


def cond(text: str, names: dict[str, str] | None = None, **values: Any) -> list[str]:
    return [p.message for p in check_condition(parse_condition(text), names, _values(values))]


def upd(text: str, names: dict[str, str] | None = None, **values: Any) -> list[str]:
    return [p.message for p in check_update(parse_update(text), names, _values(values))]


@pytest.mark.parametrize(("text", "values"), [
    ("a < :v", {"v": {"L": []}}),
    ("begins_with(a, :v)", {"v": {"N": "1"}}),
    ("begins_with(a, size(b))", {}),
    ("size(:v) > size(a)", {"v": {"N": "1"}}),
    ("a BETWEEN :v AND b", {"v": {"BOOL": True}}),
    ("attribute_type(a, :v)", {"v": {"S": "string"}}),
    ("attribute_type(a, :v)", {"v": {"N": "1"}}),
])
def test_operand_types_are_refused_by_name(text: str, values: dict[str, Any]) -> None:
    problems = cond(text, **values)
    assert len(problems) == 1
    assert problems[0].endswith(".")


def test_operand_type_message() -> None:
    assert cond("a < :v", v={"M": {}}) == [
        "< takes a string, a number or binary, but :v is a map; use a value of the right type."]


def test_operand_types_follow_dynamodb() -> None:
    assert cond("a = :v AND a <> :v AND contains(a, :v) AND a IN (:v)", v={"M": {}}) == []
    assert cond("size(a) > :v", v={"S": "x"}) == []  # comparing N with S is allowed, and false
    assert cond("begins_with(:v, :w)", v={"S": "x"}, w={"B": b"x"}) == []
    assert cond("attribute_type(a, :t)", t={"S": "NS"}) == []
    assert "not a DynamoDB type name" in cond("attribute_type(a, :t)", t={"S": "ns"})[0]


def test_between_bounds() -> None:
    assert cond("a BETWEEN :lo AND :hi", lo={"N": "10"}, hi={"N": "9"})[0].startswith(
        "BETWEEN :lo AND :hi has its lower bound above its upper bound")
    assert cond("a BETWEEN :lo AND :hi", lo={"N": "1.0"}, hi={"N": "1"}) == []
    assert "different types" in cond("a BETWEEN :lo AND :hi", lo={"S": "a"}, hi={"N": "1"})[0]
    # Strings order by UTF-8 bytes, binary as unsigned bytes.
    assert cond("a BETWEEN :lo AND :hi", lo={"S": "\uffff"}, hi={"S": "\U0001F600"}) == []
    assert cond("a BETWEEN :lo AND :hi", lo={"B": b"\x80"}, hi={"B": b"\x01"})
    # A bound that is not a :value is not compared.
    assert cond("a BETWEEN size(b) AND :hi", hi={"S": "x"}) == []


def test_operands_must_differ_after_names_resolve() -> None:
    assert cond("#n = a", {"#n": "a"}) == [
        "= compares a with itself, which DynamoDB refuses; compare it with another attribute or a :value."]
    assert cond("a IN (b, a)") and cond("begins_with(a.b, a.b)") and cond("(a) <= a")
    assert cond("a BETWEEN b AND b") == []
    assert cond(":v = :v", v={"N": "1"}) == []
    assert cond("size(a) = size(a)") == []
    assert upd("SET a = if_not_exists(a, a)")


def test_update_operands() -> None:
    assert upd("ADD a :v", v={"L": []}) == [
        "ADD takes a number or a set; :v is a list. Use SET to write other types."]
    assert upd("DELETE a :v", v={"N": "1"})[0].startswith("DELETE takes a set; :v is a number.")
    assert upd("SET a = :v + :w", v={"N": "1"}, w={"S": "x"})[0].startswith("+ takes a number")
    assert upd("SET a = list_append(:l, :l) + :n", l={"L": []}, n={"N": "1"})
    assert upd("SET a = list_append(list_append(:l, :l), :l)", l={"L": []})
    assert upd("SET a = if_not_exists(b, list_append(:l, :l))", l={"L": []})
    assert upd("SET a = if_not_exists(a, :z) + :n", z={"S": "0"}, n={"N": "1"}) == []  # the item decides
    assert upd("SET a = b + :n", n={"N": "1"}) == []


@pytest.mark.parametrize(("text", "clash"), [
    ("SET a = :v, a = :v", "overlap"),
    ("SET a = :v REMOVE a", "overlap"),
    ("SET m = :v, m.b = :v", "overlap"),
    ("ADD s :v DELETE s :v", "overlap"),
    ("SET a.b = :v, a[0] = :v", "map and"),
    ("REMOVE a.b, a[1]", "map and"),
])
def test_update_paths_that_clash(text: str, clash: str) -> None:
    problems = upd(text, v={"SS": ["x"]} if "ADD" in text else {"N": "1"})
    assert len(problems) == 1 and clash in problems[0]


def test_update_paths_that_do_not_clash() -> None:
    assert upd("SET #a = :v, #b = :v", {"#a": "x.y", "#b": "x"}, v={"N": "1"}) == []
    assert upd("SET ab = :v, a = :v, a2.b = :v", v={"N": "1"}) == []
    assert upd("SET #a.#b = :v REMOVE a.b", {"#a": "a", "#b": "b"}, v={"N": "1"})  # one path, two spellings


def test_path_depth() -> None:
    deep = ".".join(["a"] * (MAX_PATH_DEPTH + 1))
    assert cond(f"attribute_exists({deep})") == [
        f"The path {deep} is 33 levels deep; DynamoDB allows at most 32."]
    assert cond("attribute_exists(" + ".".join(["a"] * MAX_PATH_DEPTH) + ")") == []


def test_problems_point_at_the_operand() -> None:
    text = "attribute_exists(a) AND begins_with(b, :n)"
    (problem,) = check_condition(parse_condition(text), {}, {":n": {"N": "1"}})
    assert text[problem.position:].startswith(":n")


def test_targets_static_types_and_paths() -> None:
    tree = parse_update("SET #a.b = :v, c = if_not_exists(c, :v) REMOVE d ADD e :n")
    targets = update_targets(tree, {"#a": "A"})
    assert [(t.clause, t.resolved) for t in targets] == [
        ("SET", ("A", "b")), ("SET", ("c",)), ("REMOVE", ("d",)), ("ADD", ("e",))]
    values = {":v": {"S": "x"}, ":n": {"N": "1"}}
    assert [static_type(t.value, values) if t.value is not None else None for t in targets] == [
        "S", None, None, "N"]
    assert static_type(Value(":missing"), values) is None
    assert [str(p) for p in paths(tree)] == ["#a.b", "c", "c", "d", "e"]


def test_sizes_as_dynamodb_counts_them() -> None:
    tree = parse_condition("#a = :v OR #a = :w")
    # 18 characters, "abcdef" twice, one byte each for the two one-character strings.
    assert substituted_size("#a = :v OR #a = :w", tree, {"#a": "abcdef"},
                            {":v": {"S": "x"}, ":w": {"S": "y"}}) == 18 + 12 + 2
    assert values_size({":v": {"B": b"x" * 10}, ":abc": {"N": "12345"}}) == (2 + 10) + (4 + 4)
