"""GUI fixtures: a qasync loop on the test QApplication and a seeded demo endpoint."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import qasync

from dynoview.core.session.connection import Connection
from tests.helpers import connect, seeded_accounts_copy

if TYPE_CHECKING:
    from dynoview.core.uniqueness.schema import UniquenessSchema
    from dynoview.ui.context import AppContext
    from dynoview.ui.main_window import MainWindow


@pytest.fixture
def qasync_loop(qapp) -> Iterator[asyncio.AbstractEventLoop]:
    """Install a qasync loop so TaskRunner callbacks run while qtbot waits."""
    loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(loop)
    yield loop
    _finish_tasks(loop, qapp)
    loop.close()
    asyncio.set_event_loop(None)


def _finish_tasks(loop: asyncio.AbstractEventLoop, qapp: Any, seconds: float = 5.0) -> None:
    """Cancel what a test left running and let the loop deliver it (and what pool threads
    posted) before it closes.

    A task still pending when the loop closes is destroyed mid-await ("Task was destroyed but
    it is pending"), and a pool thread finishing afterwards would call into a closed loop.
    """
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:
        task.cancel()
    deadline = time.monotonic() + seconds
    while any(not task.done() for task in pending) and time.monotonic() < deadline:
        qapp.processEvents()
        time.sleep(0.005)
    # What pool threads posted meanwhile (qasync's call_soon_threadsafe is a queued signal to
    # the loop's own QObject) must arrive before the loop and that object go: delivered later,
    # in the next test, it reaches a deleted object and the process segfaults.
    for _ in range(3):
        qapp.processEvents()


@pytest.fixture
def demo_conn(moto_endpoint: str) -> Connection:
    return connect(moto_endpoint, name="gui-test")


@pytest.fixture
def seeded_table(demo_conn: Connection) -> Iterator[str]:
    """A freshly seeded copy of the demo accounts table under a unique name."""
    with seeded_accounts_copy(demo_conn) as name:
        yield name


#: The one account of ``users_table``.
USER = {"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}}


@pytest.fixture
def users_table(demo_conn: Connection) -> Iterator[str]:
    """Table B beside the seeded accounts table A: keyed PK/SK like it, its accounts ``USER#<id>``
    (``users_schema``), for what must use an item's own table's rules, not the main tab's."""
    import uuid

    name = f"users-{uuid.uuid4().hex[:8]}"
    client = demo_conn.client
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ("PK", "SK")],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    client.get_waiter("table_exists").wait(TableName=name)
    client.put_item(TableName=name, Item={**USER, "email": {"S": "u@b.example"}, "username": {"S": "u"}})
    yield name
    client.delete_table(TableName=name)


def users_schema() -> UniquenessSchema:
    """B's own rules: accounts ``USER#…``, only the email protected."""
    import dataclasses

    from dynoview.core.uniqueness.schema import article_schema

    article = article_schema()
    return dataclasses.replace(article, account_pk_prefix="USER#", rules=article.rules[:1])


@pytest.fixture
def ctx(qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
        seeded_table: str) -> Iterator[AppContext]:
    """An app context connected to the test endpoint with the seeded table open."""
    from dynoview.core.session.tables import describe_table
    from dynoview.ui.context import AppContext

    context = AppContext()
    context.set_connection(demo_conn)
    context.set_table(describe_table(demo_conn, seeded_table))
    yield context
    context.tasks.shutdown()


def open_window(qtbot, conn: Connection, table: str) -> MainWindow:
    """A main window on ``conn`` with ``table`` open and its first page shown."""
    from dynoview.ui.main_window import MainWindow

    win = MainWindow()
    qtbot.addWidget(win)
    win.ctx.set_connection(conn)
    win.tables_panel.set_tables(conn.list_tables())
    with qtbot.waitSignal(win.table_shown, timeout=15000):
        win.tables_panel.select(table)
    return win


@pytest.fixture
def connected_window(qtbot, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
                     seeded_table: str) -> MainWindow:
    """The main window on the test endpoint, the seeded table's first page shown."""
    return open_window(qtbot, demo_conn, seeded_table)


@pytest.fixture(autouse=True)
def _no_window_outlives_its_test(qapp) -> Iterator[None]:
    """Every top-level window a test leaves is deleted after it: a window left alive (closed but
    not deleted) is restyled by the next test's ThemeManager.apply and runs its slots in a test
    that knows nothing of it. (The crash that restyle once caused, SIGBUS/SIGSEGV in
    setStyleSheet after a failed PartiQL statement, is fixed at its cause and tested in one
    window: tests/gui/test_crash_restyle.py.)"""
    yield
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    for widget in QApplication.topLevelWidgets():
        widget.close()
        widget.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture
def builder_panel(qtbot, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
                  seeded_table: str, tmp_path: Any) -> Any:
    """A transaction builder on the seeded table, its action log in the test's folder."""
    return _builder(qtbot, demo_conn, seeded_table, tmp_path)


def _builder(qtbot: Any, conn: Connection, table: str, folder: Path) -> Any:
    """A builder panel on ``table``, its action log in ``folder``."""
    from dynoview.core.session.tables import describe_table
    from dynoview.core.tx.action_log import ActionLog
    from dynoview.ui.builder import BuilderPanel
    from dynoview.ui.context import AppContext

    ctx = AppContext()
    ctx.set_connection(conn)
    ctx.set_table(describe_table(conn, table))
    widget = BuilderPanel(ctx)
    widget.action_log = ActionLog(folder / "actions.jsonl")
    qtbot.addWidget(widget)
    return widget


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own configuration folder (where the drafts live)."""
    from dynoview.core.session import profile

    root = tmp_path / "config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    return root


@pytest.fixture
def make_panel(qtbot, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
               seeded_table: str, tmp_path: Path, config: Path) -> Callable[[], Any]:
    """A new builder panel, as at a new start: it restores what the last one left (the drafts
    in ``config``), its action log in the test's folder."""
    return lambda: _builder(qtbot, demo_conn, seeded_table, tmp_path)
