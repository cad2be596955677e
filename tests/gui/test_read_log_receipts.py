"""Receipts reach the window though the read log is made only when first asked for, and the
read log's Consistency column says how each read was made (strong, eventual, or per table for
a BatchGetItem that mixed them). The receipts' module loads after the window's first paint
(tests/unit/ui/test_first_paint_imports.py), so both import it where they use it."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.reads.receipts import EVENTUAL, MIXED, STRONG, ReadReceipt, TableRead, now_utc
from dynoview.ui.context import AppContext
from dynoview.ui.window.read_log import ReadLogModel

pytestmark = pytest.mark.gui

CONSISTENCY = 3  # the read log's Consistency column


def receipt(consistency: str, tables: tuple[TableRead, ...] = ()) -> ReadReceipt:
    return ReadReceipt(time=now_utc(), operation="BatchGetItem" if tables else "Query", table="accounts",
                       index=None, consistency=consistency, consumed_capacity=1.0, count=1,
                       scanned_count=1, duration_ms=2.0, request={}, tables=tables)


def test_receipts_recorded_on_a_new_context_reach_the_window(qtbot: Any) -> None:
    ctx = AppContext()
    log = ctx.read_log
    assert ctx.read_log is log  # one log for the window's life: the reader keeps it
    read = receipt(STRONG)
    with qtbot.waitSignal(ctx.receipts_recorded, timeout=5000) as delivered:
        log.record(read)  # as a reader does, on whichever thread read
    assert delivered.args == [[read]]
    assert log.receipts() == [read]


def test_the_consistency_column_says_how_each_read_was_made(qapp: Any) -> None:
    model = ReadLogModel()
    model.add_all([receipt(STRONG), receipt(EVENTUAL),
                   receipt(MIXED, (TableRead("accounts", STRONG), TableRead("locks", EVENTUAL)))])
    tips = [model.data(model.index(row, CONSISTENCY), Qt.ItemDataRole.ToolTipRole) for row in range(3)]
    assert tips[0].startswith("Strongly consistent: reflects every write acknowledged")
    assert tips[1].startswith("Eventually consistent: may miss writes from the last second")
    assert tips[2] == "Tables read with different consistency: accounts strong; locks eventual."
