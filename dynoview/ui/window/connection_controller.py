"""Open connections, list and describe tables: the main window's background work.

Each flow is one ``async def`` task on the qasync loop that awaits the blocking core calls in
the task runner's pool and reports through signals, so it reads top to bottom and a newer
request of the same kind cancels it. The window connects to the signals and shows results.

At start-up the first network work waits for the window's first paint (``hold_until_painted``
and ``painted``): boto3's imports and client set-up in a worker thread would otherwise take the
GIL from the UI thread while it paints.
"""

from __future__ import annotations

import functools
import importlib
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from dynoview.ui.context import AppContext
from dynoview.ui.demo_entry import spawn_demo

if TYPE_CHECKING:
    import asyncio
    import threading

    from PySide6.QtWidgets import QMessageBox

    from dynoview.core.session.connection import Connection, ConnectionSpec
    from dynoview.core.session.tables import TableInfo


log = logging.getLogger(__name__)

#: What showing a table's first rows imports: its description, the reader, the uniqueness
#: schema and its store, the read log's labels. Imported in a worker while the connection
#: opens (the demo seeds for ~0.2 s more after its client is made), so the first rows wait for
#: none of it on the UI thread (~30 ms of imports there before).
FIRST_TABLE_MODULES = (
    "dynoview.core.reads.reader",
    "dynoview.core.reads.history",
    "dynoview.core.reads.column_layout",  # the table's saved columns, applied to the first rows
    "dynoview.core.expressions.placeholders",
    "dynoview.core.session.local_tables",
    "dynoview.core.session.identity",
    "dynoview.core.uniqueness.schema_store",
    "dynoview.ui.i18n.labels",
)


def import_first_table_modules() -> None:
    """Import ``FIRST_TABLE_MODULES`` (in a worker thread: none makes a Qt object as it loads).
    Ahead of time only: a module that fails to load fails again where it is used, and is
    reported there, not as a connection that did not open."""
    for name in FIRST_TABLE_MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # see above
            log.debug("could not import %s ahead of the first table", name, exc_info=True)
    # The first request's host name goes through the IDNA codec (getaddrinfo), which loads
    # encodings.idna, stringprep and unicodedata.
    "localhost".encode("idna")


def _open(spec: ConnectionSpec, cancel: threading.Event | None = None) -> Connection:
    """A connection to ``spec``, after a quick check that its endpoint answers at all.
    ``cancel`` is set when another connection replaces this one: a sign-in waiting for an MFA
    code then ends (``MfaCancelled``) instead of waiting for a dialog nobody will answer."""
    from dynoview.core.session import signin
    from dynoview.core.session.connection import Connection
    from dynoview.core.session.endpoint_probe import check_reachable
    from dynoview.core.session.endpoints import check_cleartext_agreed

    # Before anything reaches the host: plain http:// to another machine, named or set by the
    # profile or environment, waits for the user's yes (CleartextNotAgreed: the controller asks).
    check_cleartext_agreed(spec.endpoint_url, spec.profile, spec.cleartext_host)
    check_reachable(spec.endpoint_url)  # "unreachable" at once, before any credential lookup
    if cancel is None:  # nothing can replace it (a direct call, not the window's connect task)
        return Connection(spec)
    with signin.replaceable(cancel):
        return Connection(spec)


def describe_table(conn: Connection, name: str) -> TableInfo:
    """``core.session.tables.describe_table``, imported with the first table opened: the table
    descriptions' code is not needed for the window's first paint."""
    from dynoview.core.session.tables import describe_table as describe

    return describe(conn, name)


class ConnectionController(QObject):
    """Connects, lists and describes off the UI thread; results arrive as signals."""

    #: (Connection, DemoBackend or None, table names): the window switches to it.
    connected = Signal(object, object, object)
    #: (exception, ConnectionSpec or None for the demo): the connection did not open.
    connect_failed = Signal(object, object)
    tables_listed = Signal(object)  # list[str] of the current connection
    table_described = Signal(object)  # TableInfo, for the window's own Items tab
    tab_table_described = Signal(object, object)  # (Connection, TableInfo): another Items tab
    #: A connection to a ``ConnectionSpec`` is about to open (on the UI thread): what it may
    #: ask for (an MFA code) must be ready now.
    opening = Signal()

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._held = False
        self._painted: asyncio.Event | None = None  # what a held connection awaits
        self.cleartext_box: QMessageBox | None = None  # the clear-text question, while asked

    # -- start-up ----------------------------------------------------------------------
    def hold_until_painted(self) -> None:
        """Network work waits until ``painted()`` (the window is about to paint first)."""
        self._held = True

    def painted(self) -> None:
        self._held = False
        if self._painted is not None:
            self._painted.set()

    async def _ui_idle(self) -> None:
        if self._held:
            import asyncio  # made here: asyncio loads after the first paint (dynoview/ui/app.py)

            if self._painted is None:
                self._painted = asyncio.Event()
            await self._painted.wait()

    # -- connecting --------------------------------------------------------------------------
    def connect_to(self, spec: ConnectionSpec | None, *, demo: bool = False,
                   read_only: bool = False, demo_process: Any = None) -> None:
        """Open ``spec``, or the embedded demo (``demo_process``: the ``DemoProcess`` that
        ``demo_entry.spawn_demo`` started already, if any)."""
        if demo:
            work = self._open_demo(read_only, demo_process)
        else:
            assert spec is not None
            work = self._open_spec(spec)
        self.ctx.tasks.start("connect", work, on_error=lambda exc: self._failed(exc, spec))

    def _failed(self, exc: BaseException, spec: ConnectionSpec | None) -> None:
        """``connect_failed``, or for plain http:// not agreed to yet the question (the
        connection dialog's "Send in clear text"): yes connects again with that host agreed."""
        from dynoview.core.session.endpoints import CleartextNotAgreed

        window = self.parent()
        if not isinstance(exc, CleartextNotAgreed) or spec is None or not isinstance(window, QWidget):
            self.connect_failed.emit(exc, spec)
            return
        from dataclasses import replace

        from dynoview.ui.window.connection_dialog import ask_cleartext

        agreed = replace(spec, cleartext_host=exc.host)
        self.cleartext_box = box = ask_cleartext(
            window, exc, agreed=lambda: self.connect_to(agreed),
            declined=lambda: self.connect_failed.emit(exc, spec))
        box.finished.connect(lambda _r: setattr(self, "cleartext_box", None))  # deleted once answered

    async def _open_spec(self, spec: ConnectionSpec) -> None:
        await self._ui_idle()
        self.opening.emit()
        # A newer connect_to cancels this task, which sets the call's cancel event.
        conn = await self.ctx.tasks.call(_open, spec, cancellable=True)
        import asyncio

        tables, _ = await asyncio.gather(self.ctx.tasks.call(conn.list_tables),
                                         self.ctx.tasks.call(import_first_table_modules))
        self.connected.emit(conn, None, tables)

    async def _open_demo(self, read_only: bool, demo: Any) -> None:
        demo = demo or spawn_demo()
        try:
            await self._ui_idle()
            # The child listens long before it is seeded: boto3 loads here meanwhile.
            backend = await self.ctx.tasks.call(demo.backend)
            conn = await self.ctx.tasks.call(backend.connect, read_only)
            await self.ctx.tasks.call(import_first_table_modules)  # while the child seeds
            # The child says its tables as it says it is ready: no ListTables before the rows.
            tables = await self.ctx.tasks.call(demo.wait_ready)
            if tables is None:
                tables = await self.ctx.tasks.call(conn.list_tables)
        except BaseException:  # cancelled or failed: the half-started demo must not linger
            demo.stop()
            raise
        self.connected.emit(conn, backend, tables)

    # -- tables --------------------------------------------------------------------------------
    def refresh_tables(self, conn: Connection) -> None:
        self.ctx.tasks.start("list-tables", self._list_tables(conn),
                             on_error=functools.partial(self._report, "ListTables", None))

    async def _list_tables(self, conn: Connection) -> None:
        tables = await self.ctx.tasks.call(conn.list_tables)
        if conn is self.ctx.connection:
            self.tables_listed.emit(tables)

    def describe(self, conn: Connection, name: str, *, new_tab: bool = False) -> None:
        """Describe ``name``: for the window's Items tab, or (``new_tab``) for another one."""
        task = f"describe-tab-{name}" if new_tab else "describe"
        self.ctx.tasks.start(task, self._describe(conn, name, new_tab),
                             on_error=functools.partial(self._report, "DescribeTable", name))

    def _report(self, operation: str, table: str | None, exc: BaseException) -> None:
        self.ctx.report(exc, operation=operation, table=table)

    async def _describe(self, conn: Connection, name: str, new_tab: bool) -> None:
        info: Any = await self.ctx.tasks.call(describe_table, conn, name)
        if conn is not self.ctx.connection:
            return  # the connection changed while the table was described
        if new_tab:
            self.tab_table_described.emit(conn, info)
        else:
            self.table_described.emit(info)
