"""Fitted Items columns are as wide as Qt itself would make them for the rows in sight: no
value cut short by a rounding of its width."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.ui.context import AppContext
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.items.result_pane import MAX_COLUMN, ResultPane

pytestmark = pytest.mark.gui

VALUES = ["2026-08-08T08:00:00Z", "kаtherine@johnson.nasa", "Katherine Johnson", "ACCT#0e1f2a",
          "1796456448", "ilsą ŧ ñ 日本語 text", "WWWWWWWWWW", "iiiiiiiiiiiiiiii"]


def test_each_fitted_column_holds_its_widest_value_whole(qtbot: Any, ctx: AppContext) -> None:
    """A date 139.02 px wide (fractional advances) got a 139 px column and showed as
    "2026-08-08T08:00:0…" on the demo's accounts."""
    model = ItemsModel()
    pane = ResultPane(ctx, model, list, list, lambda: None)
    qtbot.addWidget(pane)
    pane.resize(1800, 600)
    pane.show()
    qtbot.waitExposed(pane)
    model.append_page([{"PK": {"S": f"k{i}"}, **{f"a{c}": {"S": value}
                                               for c, value in enumerate(VALUES)}}
                       for i in range(5)], exhausted=True)
    pane.fit_columns()
    header, view = pane.view.horizontalHeader(), pane.view
    for column in range(model.columnCount()):
        wanted = min(view.sizeHintForColumn(column), MAX_COLUMN)  # what Qt's own fit gives
        assert header.sectionSize(column) >= wanted, (model.columns()[column], header.sectionSize(column),
                                                      wanted)
