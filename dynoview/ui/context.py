"""The session the window works in: the live connection, its read log, tasks and
signals that feature panels listen to. Panels get this object, never globals."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.connection import Connection
from dynoview.core.errors import UserFacingError, describe_error
from dynoview.core.reads import Reader
from dynoview.core.receipts import ReadLog, ReadReceipt
from dynoview.core.tables import TableInfo
from dynoview.ui.tasks import TaskRunner

READ_ON_OPEN_MAX_ITEMS = 5000


class AppContext(QObject):
    """Shared state of one window."""

    connection_changed = Signal(object)  # Connection | None
    table_changed = Signal(object)  # TableInfo | None
    receipt_recorded = Signal(object)  # ReadReceipt, delivered on the UI thread
    status_message = Signal(str)
    error_raised = Signal(object)  # UserFacingError
    open_item_requested = Signal(str, object)  # table name, key (low-level)
    open_builder_requested = Signal(object)  # a TransactWriteItems request dict

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.read_log = ReadLog()
        # Receipts are recorded on worker threads; a queued signal hops to the UI thread.
        self.read_log.add_listener(self.receipt_recorded.emit)
        self.tasks = TaskRunner(parent=self)
        self.connection: Connection | None = None
        self.reader: Reader | None = None
        self.table: TableInfo | None = None
        self.tables: dict[str, TableInfo] = {}
        self.demo: Any = None  # DemoBackend when running the embedded demo

    def set_connection(self, conn: Connection | None) -> None:
        self.connection = conn
        self.reader = Reader(conn, self.read_log) if conn is not None else None
        self.tables.clear()
        self.table = None
        self.connection_changed.emit(conn)
        self.table_changed.emit(None)

    def set_table(self, info: TableInfo | None) -> None:
        self.table = info
        if info is not None:
            self.tables[info.name] = info
        self.table_changed.emit(info)

    def report(self, exc: BaseException, *, operation: str | None = None,
               table: str | None = None) -> UserFacingError:
        """Turn an exception into a user-facing error and broadcast it."""
        spec = self.connection.spec if self.connection else None
        err = describe_error(
            exc, operation=operation, table=table or (self.table.name if self.table else None),
            profile=spec.profile if spec else None,
            endpoint=spec.endpoint_url if spec else None,
            region=self.connection.region if self.connection else None,
        )
        self.error_raised.emit(err)
        return err

    def reads_on_open(self, table: TableInfo | None) -> bool:
        """True when a table is local and small enough that panels read it as soon as it is
        opened (a few thousand items on this machine cost nothing and save a click)."""
        conn = self.connection
        return (table is not None and conn is not None and conn.spec.is_local
                and table.item_count is not None and table.item_count <= READ_ON_OPEN_MAX_ITEMS)

    def last_receipt(self) -> ReadReceipt | None:
        return self.read_log.last()
