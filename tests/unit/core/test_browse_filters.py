"""The items view's filter (dynoview/core/reads/browse_filters.py): names taken exactly, IN lists
typed as the chosen type, BETWEEN bounds; and the history keeping both (run on real endpoints in
tests/integration/test_browse_filter_exact.py)."""

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse import BrowseSpec, FilterSpec, build_request
from dynoview.core.reads.history import describe, spec_from_json, spec_to_json
from tests.unit.core.test_browse import TABLE


def _filter(flt: FilterSpec) -> dict:
    return build_request(TABLE, BrowseSpec(table="accounts", filter=flt))[1]


def _refused(flt: FilterSpec) -> DynoViewError:
    with pytest.raises(DynoViewError) as info:
        _filter(flt)
    assert info.value.message.endswith(".")
    return info.value


def test_names_are_sent_exactly_as_typed() -> None:
    for name in (" email", "email ", "\temail", " ", "a.b"):
        request = _filter(FilterSpec(name, "attribute_exists"))
        assert request["ExpressionAttributeNames"] == {"#n0": name}


@pytest.mark.parametrize("value_type, text, expected", [
    ("S", '["a", "a,b", ""]', [{"S": "a"}, {"S": "a,b"}, {"S": ""}]),
    ("N", '[1, "2.50", 1E+100]', [{"N": "1"}, {"N": "2.50"}, {"N": "1E+100"}]),
    ("BOOL", '[true, "false"]', [{"BOOL": True}, {"BOOL": False}]),
    ("NULL", "[null]", [{"NULL": True}]),
    ("B", '["AAE="]', [{"B": b"\x00\x01"}]),
])
def test_in_values_are_typed(value_type: str, text: str, expected: list) -> None:
    request = _filter(FilterSpec("x", "in", text, value_type))
    assert list(request["ExpressionAttributeValues"].values()) == expected
    placeholders = ", ".join(request["ExpressionAttributeValues"])
    assert request["FilterExpression"] == f"#n0 IN ({placeholders})"


@pytest.mark.parametrize("value_type, text, words", [
    ("S", "a", "JSON list"), ("S", '{"a": 1}', "JSON list"), ("S", "[]", "at least one"),
    ("S", "[1]", "S values are strings"), ("S", "[null]", "not a S value"),
    ("N", "[NaN]", "JSON list"), ("N", '["x"]', "Value 1 of the IN list"),
    ("BOOL", '["yes"]', "true or false"), ("S", "[" + ", ".join(['"a"'] * 101) + "]", "at most 100"),
])
def test_bad_in_lists_are_refused_at_the_value(value_type: str, text: str, words: str) -> None:
    refused = _refused(FilterSpec("x", "in", text, value_type))
    assert refused.field == "filter_value"
    assert words in refused.message


def test_between_needs_ordered_bounds_of_an_ordered_type() -> None:
    request = _filter(FilterSpec("n", "between", "9", "N", "10"))  # by value, not by text
    assert request["FilterExpression"] == "#n0 BETWEEN :v0 AND :v1"
    assert _refused(FilterSpec("n", "between", "10", "N", "9")).field == "filter_value1"
    assert _refused(FilterSpec("n", "between", "1", "N", "x")).field == "filter_value1"
    assert _refused(FilterSpec("n", "between", "x", "N", "1")).field == "filter_value"
    assert _refused(FilterSpec("b", "between", "", "NULL", "")).field == "filter_type"


def test_a_query_filter_on_the_sort_key_with_in_is_refused_at_the_operator() -> None:
    with pytest.raises(DynoViewError) as info:
        build_request(TABLE, BrowseSpec(table="accounts", mode="Query", pk_value="A",
                                        filter=FilterSpec("SK", "in", '["A"]')))
    assert info.value.field == "filter_operator" and "between" in info.value.message


def test_history_keeps_names_and_bounds_exactly() -> None:
    spec = BrowseSpec(table="t", filter=FilterSpec(" email", "between", "a", "S", "b"))
    data = spec_to_json(spec)
    assert spec_from_json(data) == spec
    assert describe(spec) == 'Scan · filter " email" between a and b · page 100'
    plain = BrowseSpec(table="t", filter=FilterSpec("email", "=", "a"))
    assert "upper" not in spec_to_json(plain)["filter"]  # saved as before BETWEEN filters were
    assert spec_from_json(spec_to_json(plain)) == plain
    assert describe(plain) == "Scan · filter email = a · page 100"
