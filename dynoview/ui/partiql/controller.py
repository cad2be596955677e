"""Drives the PartiQL tab: runs a SELECT off the UI thread, pages it with NextToken on "Load
more", feeds the same ``ItemsModel`` the Items tab uses, and keeps the statement history.

Every request goes through the window's Reader (``ExecuteStatement``), so each page leaves
a receipt in the read log with its consistency and capacity. The statement is checked
first by the core (``partiql.prepare``): the read-only session's rule, SELECT only, one
value per ``?``, no strong read of a GSI; a refusal names the field to fix.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.errors import DynoViewError, is_user_facing
from dynoview.core.reads.partiql import StatementCursor, StatementSpec, prepare, strong_index_table
from dynoview.core.reads.partiql_statements import selects_whole_items, statement_target
from dynoview.core.reads.reader import Page
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.ui import settings as saved
from dynoview.ui.context import AppContext
from dynoview.ui.items.model import ItemsModel

TASK = "partiql"
TABLES_TASK = "partiql-tables"
DEFAULT_PAGE_SIZE = 100


def _first_page(cursor: StatementCursor, conn: Connection, known: TableInfo | None,
                target: str | None, whole: bool, want: int,
                cancel: threading.Event | None = None) -> tuple[TableInfo | None, Page]:
    """In a worker: the table behind a ``SELECT *`` (for key columns and TTL status) and
    the first page, not taken yet (the task takes it when it shows it). A table that cannot be
    described is shown without it: the statement's own answer says what is wrong."""
    if not whole:
        return None, cursor.read_page(want, cancel)  # a projection: its attributes, as they come
    info = known
    if info is None and target:
        try:
            info = describe_table(conn, target)
        except Exception:  # the ExecuteStatement below reports the real problem
            info = None
    return info, cursor.read_page(want, cancel)


def _described(conn: Connection, name: str) -> TableInfo | None:
    """In a worker: ``name``'s description, or None when DescribeTable fails (the statement is
    then sent, and DynamoDB's answer says what is wrong)."""
    try:
        return describe_table(conn, name)
    except Exception as exc:
        if not is_user_facing(exc):
            raise  # a bug: the crash reporter's
        return None


class PartiqlController(QObject):
    """One statement at a time: running another cancels the stale one."""

    page_loaded = Signal(object)  # Page
    failed = Signal(str, str)  # field ("statement", "parameters", "consistency", ...), message
    busy_changed = Signal(bool)
    history_changed = Signal(list)  # list[dict]: the connection's history, most recent first
    tables_changed = Signal(list)  # list[str]: the connection's table names, for completion

    def __init__(self, ctx: AppContext, model: ItemsModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = model
        self.cursor: StatementCursor | None = None
        self.spec: StatementSpec | None = None
        self.table: TableInfo | None = None
        self.target: str | None = None  # the table the statement names
        self.target_index: str | None = None
        self.tables: list[str] = []
        self.history: list[dict[str, Any]] = []
        self._busy = False
        ctx.connection_changed.connect(self._connection_changed)
        self._connection_changed(ctx.connection)

    # -- connection --------------------------------------------------------------
    def _connection_changed(self, conn: Connection | None) -> None:
        self.cancel()
        self.cursor = None
        self.spec = None
        self.table = None
        self.model.reset(None)
        self.tables = []
        self.tables_changed.emit([])
        self.history = saved.partiql_history(conn.spec.name) if conn is not None else []
        self.history_changed.emit(list(self.history))
        if conn is not None:
            self.ctx.tasks.start(TABLES_TASK, self._list_tables(conn), on_error=self._tables_failed)

    async def _list_tables(self, conn: Connection) -> None:
        """The connection's table names, for completion."""
        names = await self.ctx.tasks.call(conn.list_tables)
        self.tables = list(names)
        self.tables_changed.emit(list(names))

    def _tables_failed(self, exc: BaseException) -> None:
        self.ctx.report(exc, operation="ListTables")  # completion goes without table names

    # -- running -----------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._busy

    def _set_busy(self, busy: bool) -> None:
        self._busy = busy
        self.busy_changed.emit(busy)

    def run(self, spec: StatementSpec) -> bool:
        """Check and start ``spec``; False (and ``failed``) when it was not sent. A strong read of
        an index of a table not described yet is checked once it is (``failed`` then)."""
        self.cancel()
        conn, reader = self.ctx.connection, self.ctx.reader
        if conn is None or reader is None:
            self.failed.emit("", self.tr("Connect first: File → Connect… (Ctrl+O)."))
            return False
        target = statement_target(spec.statement)
        known = self.ctx.tables.get(target[0]) if target else None
        try:
            request = prepare(spec, read_only=conn.read_only, table=known,
                              production=conn.spec.production)
        except DynoViewError as exc:
            self.failed.emit(exc.field or "", exc.message)
            return False
        # A strong read of "T"."index" with T not described yet: T is described first (in the
        # task), so a GSI is refused before sending, as when T is open in the Items tab.
        describe_first = strong_index_table(spec) if known is None else None
        if describe_first is None:
            self._remember(spec)
        self.spec = spec
        self.target = target[0] if target else None
        self.target_index = target[1] if target else None  # FROM "t"."i": the index read
        cursor = StatementCursor(reader, request)
        self.cursor = cursor
        self.table = None
        self.model.reset(None)
        self._set_busy(True)
        self.ctx.tasks.start(TASK, self._first(cursor, conn, known, self.target, spec, describe_first),
                             on_error=lambda exc: self._error(cursor, exc))
        return True

    async def _first(self, cursor: StatementCursor, conn: Connection, known: TableInfo | None,
                     target: str | None, spec: StatementSpec, describe_first: str | None = None) -> None:
        """The first page, with the table behind a ``SELECT *`` (key columns first, TTL status);
        ``describe_first``: the table to describe and check the statement against before it."""
        if describe_first is not None:
            known = await self.ctx.tasks.call(_described, conn, describe_first)
            if cursor is not self.cursor:
                return  # another statement runs now
            if known is not None:
                self.ctx.tables.setdefault(known.name, known)
            try:
                prepare(spec, read_only=conn.read_only, table=known, production=conn.spec.production)
            except DynoViewError as exc:  # a strong read of a GSI: nothing sent, nothing to load
                self.cursor = None
                self._set_busy(False)
                self.failed.emit(exc.field or "", exc.message)
                return
            self._remember(spec)
        info, page = await self.ctx.tasks.call(
            _first_page, cursor, conn, known, target, selects_whole_items(spec.statement),
            spec.page_size or DEFAULT_PAGE_SIZE, cancellable=True)
        if not self._take(cursor, page):
            return
        self.table = info
        if info is not None:
            self.ctx.tables.setdefault(info.name, info)
        # Key columns first and TTL status when the items are whole (an index's may lack it).
        self.model.reset(info, self.target_index)
        self._show(page)

    def load_more(self) -> bool:
        """Read the next page (NextToken); False when there is nothing more or a read runs."""
        cursor = self.cursor
        if cursor is None or cursor.exhausted or self._busy:
            return False
        self._set_busy(True)
        self.ctx.tasks.start(TASK, self._next(cursor), on_error=lambda exc: self._error(cursor, exc))
        return True

    async def _next(self, cursor: StatementCursor) -> None:
        want = (self.spec.page_size if self.spec else None) or DEFAULT_PAGE_SIZE
        page = await self.ctx.tasks.call(cursor.read_page, want, cancellable=True)
        if self._take(cursor, page):
            self._show(page)

    def _take(self, cursor: StatementCursor, page: Page) -> bool:
        """Move the cursor past a page as it is shown, not when it was read: a page whose
        read was cancelled (its answer dropped) is read again by the next Load more."""
        if cursor is not self.cursor:
            return False  # another statement runs now: its own task shows its pages
        if not cursor.advance(page):  # read from a position the cursor has left: read again
            self._set_busy(False)
            return False
        return True

    def _show(self, page: Page) -> None:
        # The view never pages by itself (each page costs capacity): "Load more" does.
        self.model.append_page(page.items, True)
        self._set_busy(False)
        self.page_loaded.emit(page)

    def _error(self, cursor: StatementCursor, exc: BaseException) -> None:
        if cursor is not self.cursor:
            return
        self._set_busy(False)
        if isinstance(exc, DynoViewError):
            self.failed.emit(exc.field or "", exc.message)
            return
        # Shown at the statement, not in a message box: a typo in a statement is routine.
        err = self.ctx.describe(exc, operation="ExecuteStatement", table=self.target)
        self.failed.emit("statement", err.message)

    def cancel(self) -> None:
        self.ctx.tasks.cancel(TASK)
        if self._busy:
            self._set_busy(False)

    @property
    def more_available(self) -> bool:
        return self.cursor is not None and not self.cursor.exhausted

    def describe_progress(self) -> str:
        """"40 items, 2 requests, more available (Load more)" for the status line."""
        cursor = self.cursor
        if cursor is None:
            return ""
        shown = self.model.rowCount()
        requests = cursor.requests
        parts = [self.tr("%Ln item(s)", "", shown), self.tr("%Ln request(s)", "", requests)]
        if self.model.hidden_count:
            parts.append(self.tr(
                "{hidden_count} expired hidden").format(hidden_count=self.model.hidden_count))
        parts.append(self.tr(
            "more available (Load more, Ctrl+L)") if not cursor.exhausted else self.tr("end of the result"))
        return ", ".join(parts)

    def result_items(self) -> list[dict[str, Any]]:
        return [self.model.item(row) for row in range(self.model.rowCount())]

    def attributes(self) -> list[str]:
        return [c for c in self.model.columns() if c != "TTL status"]

    # -- history -------------------------------------------------------------------
    def _remember(self, spec: StatementSpec) -> None:
        conn = self.ctx.connection
        if conn is None:
            return
        entry = {"statement": spec.statement,
                 "parameters": [to_dynamodb_json(p) for p in spec.parameters],
                 "consistent": spec.consistent}
        self.history = saved.add_partiql_history(conn.spec.name, entry)
        self.history_changed.emit(list(self.history))

    def history_spec(self, index: int) -> StatementSpec:
        """The statement, values and read mode of history entry ``index`` (0 = the latest)."""
        entry = self.history[index]
        try:
            parameters = tuple(from_dynamodb_json(p) for p in entry["parameters"])
        except ValueParseError:
            parameters = ()  # an entry edited by hand: the statement alone is still useful
        return StatementSpec(entry["statement"], parameters, consistent=bool(entry["consistent"]))
