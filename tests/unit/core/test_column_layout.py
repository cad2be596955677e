"""Column layout per table (order, hidden, sort) and how loaded items sort."""

from __future__ import annotations

from dynoview.core.reads.columns import ColumnLayout, sort_key, sorted_rows


def test_arranged_keeps_saved_order_and_appends_new_columns() -> None:
    layout = ColumnLayout(order=("email", "PK", "gone"))
    assert layout.arranged(["PK", "SK", "email", "name"]) == ["email", "PK", "SK", "name"]


def test_json_round_trip_and_malformed_reads_as_default() -> None:
    layout = ColumnLayout(order=("a", "b"), hidden=frozenset({"c"}), sort="a", descending=True)
    assert ColumnLayout.from_json(layout.to_json()) == layout
    assert ColumnLayout.from_json({"order": "ab", "hidden": [1, None], "sort": 5}).is_default
    assert ColumnLayout.from_json(["nope"]).is_default
    assert ColumnLayout().to_json() == {}


def test_numbers_sort_by_value_strings_by_utf8_bytes_missing_last() -> None:
    items = [{"v": {"N": "10"}}, {"v": {"N": "9.5"}}, {}, {"v": {"N": "-1e3"}},
             {"v": {"N": "100000000000000000000000000000000000001"}}]
    assert sorted_rows(items, "v") == [3, 1, 0, 4, 2]
    assert sorted_rows(items, "v", descending=True) == [4, 0, 1, 3, 2]  # missing still last
    words = [{"w": {"S": "b"}}, {"w": {"S": "B"}}, {"w": {"S": "é"}}, {"w": {"S": "a"}}]
    assert sorted_rows(words, "w") == [1, 3, 0, 2]  # "B" < "a" < "b" < "é" as bytes


def test_mixed_types_never_compare_across_kinds() -> None:
    items = [{"v": {"S": "x"}}, {"v": {"N": "1"}}, {"v": {"M": {"a": {"S": "b"}}}}, {"v": {"BOOL": True}}]
    assert sorted_rows(items, "v") == [1, 0, 3, 2]
    assert sort_key(None) > sort_key({"M": {}})
