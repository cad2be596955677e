"""Expressions built from the builder's rows (the text the editor used to compose itself)."""

from __future__ import annotations

from dynoview.core.tx.expressions import ConditionRow, UpdateRow, build_expressions, value_list


def test_update_and_condition_rows_share_one_set_of_placeholders() -> None:
    built = build_expressions(0, [UpdateRow("SET", "status", "if_not_exists", "S", "active"),
                                  UpdateRow("ADD", "logins", "value", "N", "1")],
                              [ConditionRow("email", "=", "S", "ada@lovelace.io"),
                               ConditionRow("status", "IN", "S", "active | pending")])
    assert built.update == "SET #n0 = if_not_exists(#n0, :v0) ADD #n1 :v1"
    assert built.condition == "#n2 = :v2 AND #n0 IN (:v3, :v4)"
    assert built.names == {"#n0": "status", "#n1": "logins", "#n2": "email"}
    assert built.values == {":v0": {"S": "active"}, ":v1": {"N": "1"}, ":v2": {"S": "ada@lovelace.io"},
                            ":v3": {"S": "active"}, ":v4": {"S": "pending"}}
    assert built.problems == []


def test_every_set_form_and_clause() -> None:
    rows = [UpdateRow("SET", "a", "value", "N", "1"), UpdateRow("SET", "b", "list_append", "L", "[]"),
            UpdateRow("SET", "c", "+", "N", "2"), UpdateRow("SET", "d", "-", "N", "3"),
            UpdateRow("REMOVE", "e"), UpdateRow("DELETE", "f", code="SS", value='["x"]')]
    built = build_expressions(0, rows, [])
    assert built.update == ("SET #n0 = :v0, #n1 = list_append(#n1, :v1), #n2 = #n2 + :v2, #n3 = #n3 - :v3 "
                            "REMOVE #n4 DELETE #n5 :v4")


def test_or_not_and_functions_join_left_to_right() -> None:
    built = build_expressions(2, [], [ConditionRow("PK", "attribute_not_exists"),
                                      ConditionRow("email", "begins_with", "S", "ada", join="OR"),
                                      ConditionRow("tags", "size >", "N", "2", negate=True)])
    assert built.condition == "(attribute_not_exists(#n0) OR begins_with(#n1, :v0)) AND NOT size(#n2) > :v1"
    assert built.problems == []


def test_mistakes_are_located_problems_not_exceptions() -> None:
    built = build_expressions(1, [UpdateRow("SET", " "), UpdateRow("SET", "n", code="N", value="x")],
                              [ConditionRow("age", "BETWEEN", "N", "1"),
                               ConditionRow("n", "=", "N", "1e999")])
    assert [(p.index, p.field) for p in built.problems] == [(1, "update")] * 2 + [(1, "condition")] * 2
    assert built.problems[0].message == "An update step has no attribute path; type one."
    assert "Type 2 values separated by |" in built.problems[2].message
    assert built.update == "" and built.condition == ""


def test_value_list_counts() -> None:
    assert value_list("S", "anything", 0) == []
    assert value_list("S", "a | b", 1) == [{"S": "a | b"}]
    assert value_list("N", "1 | 2 | 3", None) == [{"N": "1"}, {"N": "2"}, {"N": "3"}]
