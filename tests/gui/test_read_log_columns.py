"""The read log's columns as reads come in: fitted to what they show, the time never cut, and the
last column still reaching the view's edge."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from dynoview.core.reads.receipts import ReadReceipt
from dynoview.ui.window.read_log import ReadLogView

pytestmark = pytest.mark.gui


def _receipt() -> ReadReceipt:
    return ReadReceipt(time=datetime.now(), operation="Scan", table="accounts", index=None,
                       consistency="EVENTUAL", consumed_capacity=1.0, count=63, scanned_count=63,
                       duration_ms=21.0, request={"TableName": "accounts"}, estimated_capacity=0.5,
                       estimate_basis="63 items")


@pytest.mark.parametrize("width", [1380, 1010])
def test_fitted_columns_keep_the_time_whole_and_fill_the_view(qtbot: Any, width: int) -> None:
    view = ReadLogView()
    qtbot.addWidget(view)
    view.resize(width, 180)
    view.show()
    qtbot.waitExposed(view)
    header = view.table.horizontalHeader()
    for _ in range(3):  # each fit, not only the first, keeps the last column stretched
        view.add(_receipt())
        view.fit_columns()
        qtbot.wait(10)
        sizes = [header.sectionSize(c) for c in range(header.count())]
        # Fitted to its contents, the Duration column stopped at ~64 px, leaving a blank band.
        assert header.length() == view.table.viewport().width(), sizes
        assert header.sectionSize(0) >= view.table.sizeHintForColumn(0), sizes
        assert not view.table.horizontalScrollBar().isVisible(), sizes
