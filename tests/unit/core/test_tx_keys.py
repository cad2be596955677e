"""Key rules from the table's description: primary keys, index keys, updates that touch them,
and which actions name one item."""

from __future__ import annotations

from dynoview.core.expressions.parser import parse_condition, parse_update
from dynoview.core.expressions.rules import update_targets
from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.tx.keys import (
    check_key_paths,
    check_primary_key,
    check_put_index_keys,
    check_update_targets,
    index_keys,
    key_identity,
    update_item_floor,
)
from dynoview.core.tx.model import CONDITION_CHECK, DELETE, PUT, UPDATE, Action, Problem

GSI = IndexInfo("gsi1", "GSI", KeyAttribute("gp", "S"), KeyAttribute("gs", "N"), "ALL")
LSI = IndexInfo("lsi1", "LSI", KeyAttribute("PK", "S"), KeyAttribute("ls", "N"), "ALL")
TABLE = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), gsis=(GSI,), lsis=(LSI,))
KEY = {"PK": {"S": "k"}, "SK": {"S": "s"}}


def fields(problems: list[Problem]) -> list[str]:
    return [p.field for p in problems]


def test_index_keys_leave_out_the_table_key() -> None:
    found = {name: (key.type, idx, partition) for name, (key, idx, partition) in index_keys(TABLE).items()}
    assert found == {"gp": ("S", "gsi1", True), "gs": ("N", "gsi1", False), "ls": ("N", "lsi1", False)}


def test_primary_key_of_a_put_and_of_a_key() -> None:
    problems: list[Problem] = []
    check_primary_key(0, Action(PUT, "t", item={"PK": {"N": "1"}}), TABLE, problems)
    assert fields(problems) == ["item.PK", "item.SK"]
    problems = []
    check_primary_key(0, Action(DELETE, "t", key={**KEY, "SK": {"S": ""}, "x": {"S": "1"}}), TABLE, problems)
    assert fields(problems) == ["key.SK", "key.x"]
    assert "cannot be empty" in problems[0].message
    problems = []
    check_primary_key(0, Action(PUT, "t", item={"PK": {"S": "x" * 2049}, "SK": {"S": "s" * 1025}}), TABLE,
                      problems)
    assert [p.message.split(";")[0] for p in problems] == [
        "A partition key holds at most 2048 bytes", "A sort key holds at most 1024 bytes"]


def test_put_index_keys() -> None:
    problems: list[Problem] = []
    item = {**KEY, "gp": {"N": "1"}, "gs": {"S": "1"}, "ls": {"NULL": True}}
    check_put_index_keys(2, Action(PUT, "t", item=item), TABLE, problems)
    by_field = {p.field: p.message for p in problems}
    assert sorted(by_field) == ["item.gp", "item.gs", "item.ls"]
    assert by_field["item.gp"].startswith("gp is a key of index gsi1 and must be of type S")
    assert "which an index key cannot hold" in by_field["item.ls"]
    problems = []
    check_put_index_keys(0, Action(PUT, "t", item={**KEY, "gp": {"S": ""}}), TABLE, problems)
    assert "cannot hold an empty value" in problems[0].message
    problems = []
    good = {**KEY, "gp": {"S": "g"}, "gs": {"N": "2"}}
    check_put_index_keys(0, Action(PUT, "t", item=good), TABLE, problems)
    assert problems == []


def update_problems(text: str, values: dict[str, object], names: dict[str, str] | None = None) -> list[str]:
    problems: list[Problem] = []
    check_update_targets(0, update_targets(parse_update(text), names), TABLE, values, problems)
    return [p.message for p in problems]


def test_updates_never_touch_the_primary_key() -> None:
    for text in ("SET SK = :v", "REMOVE #k", "ADD PK :n", "SET PK.x = :v"):
        (message,) = update_problems(text, {":v": {"S": "x"}, ":n": {"N": "1"}}, {"#k": "SK"})
        assert message.startswith(("SK is part of the primary key of t",
                                   "PK is part of the primary key of t"))


def test_updates_of_index_keys() -> None:
    values = {":n": {"N": "1"}, ":s": {"S": "x"}, ":e": {"S": ""}, ":ss": {"SS": ["a"]}, ":l": {"L": []}}
    assert update_problems("SET gp = :n", values)[0].startswith(
        "gp is a key of index gsi1 and must be of type S; the update writes a N value")
    assert update_problems("SET gs = :n + :n, gp = :s REMOVE ls", values) == []
    assert "cannot hold an empty value" in update_problems("SET gp = :e", values)[0]
    assert "this ADD makes it a SS value" in update_problems("ADD gp :ss", values)[0]
    assert "has no nested gp.x" in update_problems("SET gp.x = :s", values)[0]
    assert update_problems("SET gp = list_append(:l, :l)", values)
    # What if_not_exists() writes depends on the stored item; DELETE of an absent set is a no-op.
    assert update_problems("SET gp = if_not_exists(gp, :n) DELETE gs :ss", values) == []


def test_writes_may_not_reach_inside_keys() -> None:
    problems: list[Problem] = []
    for kind, text in ((PUT, "attribute_exists(PK.x)"), (DELETE, "a = #g[0]"), (UPDATE, "size(ls.x) > :n")):
        put = kind == PUT
        action = Action(kind, "t", item=dict(KEY) if put else {}, key={} if put else dict(KEY),
                        names={"#g": "gp"})
        check_key_paths(0, "condition", parse_condition(text), action, TABLE, problems)
    assert len(problems) == 3
    assert problems[0].message.startswith("PK.x reaches inside PK, a key attribute of t")
    check = Action(CONDITION_CHECK, "t", key=dict(KEY))
    check_key_paths(0, "condition", parse_condition("attribute_exists(PK.x)"), check, TABLE, problems)
    assert len(problems) == 3  # a ConditionCheck may


def test_key_identity_compares_numbers_by_value() -> None:
    one = key_identity({"id": {"N": "1"}})
    assert one == key_identity({"id": {"N": "1.0"}}) == key_identity({"id": {"N": "10E-1"}})
    assert key_identity({"id": {"N": "-0"}}) == key_identity({"id": {"N": "0"}})
    assert one != key_identity({"id": {"N": "1.01"}})
    assert key_identity({"id": {"B": b"\x01"}}) != key_identity({"id": {"S": "\x01"}})
    assert key_identity({"id": {"L": []}}) is None


def test_update_item_floor_counts_key_and_set_values() -> None:
    action = Action(UPDATE, "t", key=dict(KEY))
    tree = parse_update("SET d = :v, e.f = :v REMOVE g")
    # PK (2) + k (1) + SK (2) + s (1), then d (1) + 10 bytes; the nested SET does not count.
    assert update_item_floor(action, TABLE, update_targets(tree, {}), {":v": {"B": b"x" * 10}}) == 6 + 11
