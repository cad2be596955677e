"""The items view's read history and saved reads: specs to JSON and back, one line each."""

from __future__ import annotations

from dynoview.core.reads.browse import BrowseSpec, FilterSpec
from dynoview.core.reads.history import HISTORY_LIMIT, add_to_history, describe, spec_from_json, spec_to_json

QUERY = BrowseSpec(table="accounts", mode="Query", index="email-index", consistent=False,
                   page_size=25, pk_value="ada@lovelace.io", sk_operator="begins_with",
                   sk_values=("ACCT#",), filter=FilterSpec("status", "=", "active", "S"))


def test_round_trip() -> None:
    assert spec_from_json(spec_to_json(QUERY)) == QUERY
    scan = BrowseSpec(table="accounts")
    assert spec_from_json(spec_to_json(scan)) == scan


def test_damaged_entries_are_none_or_defaults() -> None:
    assert spec_from_json("Scan") is None
    assert spec_from_json({"table": "t", "mode": "Delete"}) is None
    spec = spec_from_json({"table": "t", "page_size": 10**9, "sk_operator": "drop", "filter": {"x": 1}})
    assert spec is not None and spec.page_size == 100 and spec.sk_operator is None and spec.filter is None
    assert spec_from_json({"mode": "Scan"}, table="other") == BrowseSpec(table="other")


def test_describe_is_one_line() -> None:
    assert describe(QUERY) == ("Query email-index: ada@lovelace.io, sort key begins_with ACCT# · "
                               "filter status = active · page 25")
    assert describe(BrowseSpec(table="t", consistent=True)) == "Scan · strongly consistent · page 100"


def test_history_moves_a_rerun_up_and_is_bounded() -> None:
    history: list[dict] = []
    for i in range(HISTORY_LIMIT + 5):
        history = add_to_history(history, BrowseSpec(table="t", page_size=i + 1))
    assert len(history) == HISTORY_LIMIT
    history = add_to_history(history, BrowseSpec(table="t", page_size=30))
    assert history[0]["page_size"] == 30 and sum(e["page_size"] == 30 for e in history) == 1
