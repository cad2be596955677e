"""What the Live-mode tests of the Accounts & locks tab share: the connection and app context
fixtures (on moto and on DynamoDB Local over HTTP), a streamed table, the panel opened and
audited, Live switched on and off, and the rows, statuses and records the tests read.

A test module imports the module (``from tests.gui import live_locks_support as live``) and the
fixtures (``conn_fixture``, ``ctx_fixture``: pytest registers them as ``conn`` and ``ctx``)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.audit.run import AuditResult
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.locks.live_controller import LIVE_TASK
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.row_select import select_only_row
from tests.helpers import connect

WAIT_MS = 30_000
NEW_AND_OLD = "NEW_AND_OLD_IMAGES"


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture(name="conn")
def conn_fixture(endpoint_url: str) -> Connection:
    return connect(endpoint_url, name="live-test")


@pytest.fixture(name="ctx")
def ctx_fixture(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(conn)
    yield context
    context.tasks.shutdown()


def create_table(conn: Connection, prefix: str, keys: tuple[str, str], *, stream: bool = True) -> str:
    """A table under a unique name keyed on two strings, with a NEW_AND_OLD_IMAGES stream
    unless ``stream`` is False."""
    name = f"{prefix}-{uuid.uuid4().hex[:8]}"
    spec: dict[str, Any] = {"StreamSpecification": {"StreamEnabled": True, "StreamViewType": NEW_AND_OLD}
                            } if stream else {}
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": k, "AttributeType": "S"} for k in keys],
        KeySchema=[{"AttributeName": keys[0], "KeyType": "HASH"},
                   {"AttributeName": keys[1], "KeyType": "RANGE"}], **spec)
    return name


def open_panel(qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> LocksPanel:
    """The tab on ``table``, its first audit (the default schema) finished."""
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=WAIT_MS):
        ctx.set_table(describe_table(conn, table))
    return panel


def audit_with(qtbot: Any, panel: LocksPanel, schema: UniquenessSchema) -> AuditResult:
    """The panel's audit under ``schema`` (not saved), once it has finished."""
    with qtbot.waitSignal(panel.audit_finished, timeout=WAIT_MS) as done:
        panel.set_schema(schema, save=False)
    result: AuditResult = done.args[0]
    return result


def row_of(panel: LocksPanel, account: str) -> int | None:
    """The view row of ``account``'s row, or None when the grid has none."""
    for view_row in range(panel.model.rowCount()):
        row = panel.model.pair_row(view_row)
        if row is not None and row.account_id == account:
            return view_row
    return None


def lock_row(panel: LocksPanel, rule: str, value: str) -> int | None:
    """The view row of the lock row whose ``rule`` cell holds ``value``, or None."""
    for view_row in range(panel.model.rowCount()):
        row = panel.model.pair_row(view_row)
        if row is not None and row.kind == "lock" and row.cells[rule].value == value:
            return view_row
    return None


def status_text(panel: LocksPanel, view_row: int) -> str:
    model = panel.model
    return str(model.data(model.index(view_row, model.status_column())))


def started(qtbot: Any, panel: LocksPanel) -> None:
    """Live switched on, and caught up with its stream(s)."""
    panel.live_toggle.click()
    assert panel.live_toggle.isChecked() and not panel.live_bar.isHidden()
    qtbot.waitUntil(lambda: panel.live.counts is not None and not panel.live.counts.seeding
                    and panel.live.counts.caught_up and panel.live.live is not None, timeout=WAIT_MS)


def stopped(qtbot: Any, ctx: AppContext, panel: LocksPanel) -> None:
    """Live switched off, and its watch ended."""
    panel.live_toggle.click()
    assert not panel.live_toggle.isChecked()
    qtbot.waitUntil(lambda: not ctx.tasks.is_running(LIVE_TASK), timeout=5000)


def records_text(panel: LocksPanel, view_row: int) -> str:
    """The text of the records dialog of the row at ``view_row`` (closed after)."""
    select_only_row(panel.view, view_row)
    assert panel.live_bar.records_button.isEnabled()
    dialog = panel.live.show_records()
    assert dialog is not None
    text = dialog.text()
    dialog.close()
    return text
