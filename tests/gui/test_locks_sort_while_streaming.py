"""A header click while the audit streams its findings in, against moto behind a fault proxy that
holds every Scan segment but the first: the findings so far are sorted by that column at once,
and the full rows keep that sort when they arrive; the header's arrow says the order shown. Too
many findings so far to sort on the UI thread: the arrow goes back to problems first at once,
and the sort applies to the full rows."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.audit.rows import rows_of_findings
from dynoview.core.audit.view_order import SortKey
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.locks import grid_order
from dynoview.ui.locks.model import FIRST_RULE_COL
from dynoview.ui.locks.panel import LocksPanel
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import proxied
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.gui

HOLD_S = 8.0  # segments 1-3 of the Scan answer this late: the click lands while they are read
EMAIL_COLUMN = FIRST_RULE_COL  # the first rule's value


@pytest.fixture
def proxy(moto_endpoint: str) -> Iterator[FaultProxy]:
    with FaultProxy(moto_endpoint) as faults:
        yield faults


@pytest.fixture
def ctx(qasync_loop: asyncio.AbstractEventLoop, proxy: FaultProxy) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(proxied(proxy))
    yield context
    context.tasks.shutdown()


@pytest.fixture
def table(demo_conn: Connection) -> Iterator[str]:
    """Sixty expired email reservations (findings the audit shows as they are read, about a
    quarter of them in each segment), their values out of alphabetical order."""
    past = str(int(time.time()) - 7200)
    with empty_accounts_table(demo_conn, "sort-stream") as name:
        for k in range(60):
            value = f"{(k * 37) % 60:02d}-{'zyxwvutsrq'[k % 10]}@x.io"
            demo_conn.client.put_item(TableName=name, Item={
                "PK": {"S": f"UNIQ#EMAIL#{value}"}, "SK": {"S": "LOCK"}, "expiresAt": {"N": past}})
        yield name


def _emails(panel: LocksPanel) -> list[str]:
    model = panel.model
    return [str(model.index(r, EMAIL_COLUMN).data() or "") for r in range(model.rowCount())]


def _descending(emails: list[str]) -> bool:
    return len(emails) > 1 and emails == sorted(emails, key=str.casefold, reverse=True)


def test_a_header_click_while_the_audit_streams_sorts_the_findings_so_far_and_the_full_rows(
        qtbot: Any, ctx: AppContext, proxy: FaultProxy, demo_conn: Connection, table: str) -> None:
    held = proxy.add(fp.DELAY, operation="Scan", seconds=HOLD_S, times=None,
                     predicate=lambda info: info.json().get("Segment", 0) != 0)
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    finished: list[Any] = []
    panel.audit_finished.connect(finished.append)
    ctx.set_table(describe_table(demo_conn, table))  # a local table: audited at once, 4 segments
    qtbot.waitUntil(lambda: panel.model.partial and panel.model.rowCount() >= 2, timeout=HOLD_S * 1000)
    header = panel.view.horizontalHeader()

    panel.view.sortByColumn(EMAIL_COLUMN, Qt.SortOrder.DescendingOrder)  # what a click does
    assert not finished and panel.model.partial, "the audit ended before the click: hold it longer"
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        EMAIL_COLUMN, Qt.SortOrder.DescendingOrder)
    assert _descending(_emails(panel)), _emails(panel)  # the arrow says the order shown

    qtbot.waitUntil(lambda: bool(finished), timeout=30000)
    assert held.applied >= 3
    assert not panel.model.partial and panel.model.rowCount() == 60
    # The full rows keep the sort asked for, and the arrow stays on it.
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        EMAIL_COLUMN, Qt.SortOrder.DescendingOrder)
    assert panel.grid.shown.sort == SortKey("value", 0, True)
    assert _descending(_emails(panel)), _emails(panel)


def test_too_many_findings_so_far_to_sort_put_the_arrow_back_and_sort_the_full_rows(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection, seeded_table: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=30000):
        ctx.set_table(describe_table(demo_conn, seeded_table))
    result, full = panel.result, panel.model.audit_rows
    assert result is not None and full is not None
    so_far = rows_of_findings(panel.schema, result.findings)
    monkeypatch.setattr(grid_order, "ORDER_AT_ONCE_ROWS", 1)  # every order goes to the pool
    panel.model.clear()  # a first audit (as on opening a table): the findings so far show as read
    panel.grid.reset(None)
    panel.controller.audit_partial.emit(so_far)
    assert panel.model.partial and panel.model.rowCount() == len(so_far) > 2
    header = panel.view.horizontalHeader()
    status = (panel.model.status_column(), Qt.SortOrder.DescendingOrder)
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == status

    panel.view.sortByColumn(EMAIL_COLUMN, Qt.SortOrder.DescendingOrder)
    # Not sorted while the audit runs: the arrow says so at once (problems first, as shown).
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == status
    assert not panel.grid.partial_sorted
    shown = [panel.model.pair_row(r) for r in range(panel.model.rowCount())]
    assert [row.key if row else None for row in shown] == [so_far.key(i) for i in so_far.default_order]

    with qtbot.waitSignal(panel.rows_ready, timeout=30000):  # the full rows, then their sort
        panel.controller.audited.emit(result, full)
    qtbot.waitUntil(lambda: panel.grid.shown.sort == SortKey("value", 0, True), timeout=30000)
    assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
        EMAIL_COLUMN, Qt.SortOrder.DescendingOrder)
    assert _descending(_emails(panel)), _emails(panel)
    ctx.tasks.shutdown()
