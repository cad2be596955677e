"""The Capacity table marks the hot partition key's row, not every row whose shown text is the
same: two keys over 120 characters that differ only in the middle show one cut text."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.reads.capacity import analyse_partitions
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.scans.collections_model import CollectionsModel

pytestmark = pytest.mark.gui
TABLE = TableInfo("t", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))


def test_only_the_hot_key_is_marked(qapp: Any) -> None:
    hot, cold = "a" * 100 + "HOT" + "z" * 100, "a" * 100 + "CLD" + "z" * 100
    items = [{"PK": {"S": hot}, "SK": {"S": f"{n}"}} for n in range(60)]
    items += [{"PK": {"S": cold}, "SK": {"S": "0"}}]
    items += [{"PK": {"S": f"K{n}"}, "SK": {"S": "0"}} for n in range(20)]
    report = analyse_partitions(items, TABLE)
    [hot_key] = report.hot_keys
    model = CollectionsModel()
    model.set_report(report)
    rows = {model.stat(r).items: r for r in range(model.rowCount())}
    assert model.is_hot(rows[60])
    assert [r for r in range(model.rowCount()) if model.is_hot(r)] == [rows[60]]
    assert hot_key.stat is model.stat(rows[60])
