"""The reads behind "Copy to table…": the target connection's tables and the target's key
schema, each a task awaiting the blocking call in the thread pool. A saved connection other
than the window's is opened for them; the window's own is used as it is."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.opened_on import OpenedOn

TABLES_TASK = "copy-target-tables"
DESCRIBE_TASK = "copy-target-describe"


def _list_tables(conn: Connection | None, spec: ConnectionSpec | None) -> list[str]:
    """In a worker: the target connection's tables."""
    return _target(conn, spec).list_tables()


def _describe(conn: Connection | None, spec: ConnectionSpec | None, name: str) -> TableInfo:
    return describe_table(_target(conn, spec), name)


def _target(conn: Connection | None, spec: ConnectionSpec | None) -> Connection:
    if conn is not None:
        return conn
    assert spec is not None, "a target needs the window's connection or a saved one"
    return Connection(spec)


class CopyTargetController(QObject):
    """Lists the target's tables and describes the chosen one."""

    tables_listed = Signal(list)  # list[str]
    described = Signal(object, object)  # ConnectionSpec | None (None: the window's), TableInfo
    failed = Signal(str)  # the sentence

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        # "This connection" is the one the dialog opened on (or switched the window to).
        self.opened_on = OpenedOn(ctx, self)

    def _target(self, spec: ConnectionSpec | None) -> Connection | None:
        """The dialog's connection for ``spec`` None (None when not connected, or when the
        window has moved to another since: its tables are not the ones the dialog names)."""
        if spec is not None or self.opened_on.stale:
            return None
        return self.opened_on.connection

    def list_tables(self, spec: ConnectionSpec | None) -> bool:
        """Start listing the tables of ``spec`` (None: the window's); False when unconnected."""
        conn = self._target(spec)
        if conn is None and spec is None:
            return False
        self.ctx.tasks.start(TABLES_TASK, self._list(conn, spec), on_error=lambda exc: self.failed.emit(
            self.ctx.describe(exc, operation="ListTables").message))
        return True

    async def _list(self, conn: Connection | None, spec: ConnectionSpec | None) -> None:
        self.tables_listed.emit(await self.ctx.tasks.call(_list_tables, conn, spec))

    def describe(self, spec: ConnectionSpec | None, name: str) -> bool:
        """Start reading the key schema of ``name``; False when unconnected."""
        conn = self._target(spec)
        if conn is None and spec is None:
            return False
        self.ctx.tasks.start(DESCRIBE_TASK, self._describe(conn, spec, name),
                             on_error=lambda exc: self.failed.emit(self.ctx.describe(
                                 exc, operation="DescribeTable", table=name).message))
        return True

    async def _describe(self, conn: Connection | None, spec: ConnectionSpec | None,
                        name: str) -> None:
        self.described.emit(spec, await self.ctx.tasks.call(_describe, conn, spec, name))
