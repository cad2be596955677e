"""Open connections, list and describe tables: the main window's background work.

Each flow is one ``async def`` task on the qasync loop that awaits the blocking core calls in
the task runner's pool and reports through signals, so it reads top to bottom and a newer
request of the same kind cancels it. The window connects to the signals and shows results.

At start-up the first network work waits for the window's first paint (``hold_until_painted``
and ``painted``): boto3's imports and client set-up in a worker thread would otherwise take the
GIL from the UI thread while it paints.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from dynoview.ui.context import AppContext
from dynoview.ui.demo_entry import spawn_demo
from dynoview.ui.tasks import relay_to_ui

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


#: What a connection being opened tells the window (from a worker thread): ("where", the
#: spec's line with its configured endpoint) or ("process", the profile whose credential_process
#: it waits for, None once that has ended).
Progress = Callable[[str, "str | None"], None]


def _open(spec: ConnectionSpec, progress: Progress | None = None,
          cancel: threading.Event | None = None) -> Connection:
    """A connection to ``spec``, after a quick check that its endpoint answers at all.
    ``cancel`` is set when another connection replaces this one or it is cancelled: a sign-in
    waiting for an MFA code then ends (``MfaCancelled``) instead of waiting for a dialog nobody
    will answer, and a credential_process still running is ended (``tasks``)."""
    from dynoview.core.errors import DynoViewError
    from dynoview.core.session import signin
    from dynoview.core.session.connection import Connection, with_configured_endpoint
    from dynoview.core.session.credential_process import reported_to
    from dynoview.core.session.endpoint_probe import check_reachable
    from dynoview.core.session.endpoints import check_cleartext_agreed

    # Before anything reaches the host: plain http:// to another machine, named or set by the
    # profile or environment, waits for the user's yes (CleartextNotAgreed: the controller asks).
    check_cleartext_agreed(spec.endpoint_url, spec.profile, spec.cleartext_host)
    if progress is not None:
        # A bad configured endpoint is said by Connection(spec) below, naming where it is set.
        with contextlib.suppress(DynoViewError):  # where the profile's endpoint_url points, not "AWS"
            progress("where", with_configured_endpoint(spec).describe())
    check_reachable(spec.endpoint_url)  # "unreachable" at once, before any credential lookup
    with contextlib.ExitStack() as stack:
        if cancel is not None:  # else nothing can replace it (a direct call, not the connect task)
            stack.enter_context(signin.replaceable(cancel))
        if progress is not None:
            stack.enter_context(reported_to(lambda profile: progress("process", profile)))
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
    #: (badge, sentence) while a connection opens: where it goes, and what it waits for.
    progress = Signal(str, str)
    busy = Signal(bool)  # a connection is being opened: its Cancel is offered
    #: The sentence saying a connect was cancelled (the connection open before, if any, stays).
    cancelled = Signal(str)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._held = False
        self._painted: asyncio.Event | None = None  # what a held connection awaits
        self.cleartext_box: QMessageBox | None = None  # the clear-text question, while asked
        self._connecting: asyncio.Task[Any] | None = None  # the connect task running, if any
        self._where = ""  # where it goes, as its spec says it (``ConnectionSpec.describe``)
        self._waiting_for: str | None = None  # the profile whose credential_process it waits for
        self._attempt: object | None = None  # the latest connect: only its reports count

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
        self._attempt = attempt = object()
        if demo:
            work = self._open_demo(read_only, demo_process)
            self._where = self.tr("the demo backend")
        else:
            assert spec is not None
            work = self._open_spec(spec, attempt)
            self._where = spec.describe()
        self._waiting_for = None
        task = self.ctx.tasks.start("connect", work, on_error=lambda exc: self._failed(exc, spec))
        self._connecting = task
        task.add_done_callback(self._settled)
        self.busy.emit(True)

    def _settled(self, task: asyncio.Task[Any]) -> None:
        # Run a loop turn after the task ends, maybe once the window is gone.
        if task is self._connecting and shiboken6.isValid(self):
            self._connecting = None
            self.busy.emit(False)

    def cancel_connect(self) -> None:
        """Stop opening the connection (the status bar's Cancel): its sign-in stops waiting and a
        credential_process it runs is ended; the connection open before, if any, stays."""
        if self._connecting is None:
            return
        self.ctx.tasks.cancel("connect")
        conn = self.ctx.connection
        if conn is None:
            said = self.tr("Not connected: connecting to {where} was cancelled.")
        else:
            said = self.tr("Connecting to {where} was cancelled; still connected to {current}.")
        self.cancelled.emit(said.format(where=self._where, current=conn.spec.describe() if conn else ""))

    def _progress(self, attempt: object, kind: str, value: str | None) -> None:
        """What ``_open`` reports from its worker, on the UI thread; a replaced connect's is dropped."""
        if attempt is not self._attempt or self._connecting is None:
            return
        if kind == "where" and value:
            self._where = value
        elif kind == "process":
            self._waiting_for = value
        badge = self.tr("Connecting to {where}…").format(where=self._where)
        sentence = badge
        if self._waiting_for is not None:
            from dynoview.core.session.credential_process import PROCESS_TIMEOUT  # loaded: it runs

            sentence = self.tr(
                "Connecting to {where}, waiting for the credential_process of profile {profile} "
                "(it is stopped after {seconds} s; Cancel stops it now).").format(
                    where=self._where, profile=self._waiting_for, seconds=f"{PROCESS_TIMEOUT:g}")
        self.progress.emit(badge, sentence)

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

    async def _open_spec(self, spec: ConnectionSpec, attempt: object) -> None:
        await self._ui_idle()
        self.opening.emit()
        # Only while this is the connect running: reports of one replaced are dropped.
        progress = relay_to_ui(self, functools.partial(self._progress, attempt))
        # A newer connect_to or Cancel cancels this task, which sets the call's cancel event.
        conn = await self.ctx.tasks.call(_open, spec, progress, cancellable=True)
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
