"""The session the window works in: the live connection, its read log, tasks and
signals that feature panels listen to. Panels get this object, never globals."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from dynoview.core.errors import DynoViewError, UserFacingError, describe_error, is_user_facing
from dynoview.core.session import profile
from dynoview.ui.gc_pauses import share_gil_with_ui
from dynoview.ui.tasks import TaskRunner, report_unexpected

if TYPE_CHECKING:  # types only: their modules load after the first paint, when first used
    from dynoview.core.reads.reader import Reader
    from dynoview.core.reads.receipts import ReadLog, ReadReceipt
    from dynoview.core.session.connection import Connection
    from dynoview.core.session.tables import TableInfo
    from dynoview.core.tx.applicability import Evidence
    from dynoview.core.uniqueness.schema import UniquenessSchema
    from dynoview.core.uniqueness.schema_store import SchemaStore
    from dynoview.ui.context_events import Subject, WrittenKey

READ_ON_OPEN_MAX_ITEMS = 5000


RECEIPTS_EVERY_S = 0.1  # receipts reach the read log and status bar at most ten times a second


class AppContext(QObject):
    """Shared state of one window."""

    connection_changed = Signal(object)  # Connection | None
    table_changed = Signal(object)  # TableInfo | None
    table_deleted = Signal(str)  # a table this window deleted (File → Delete table…)
    # The receipts recorded since the last delivery (list[ReadReceipt]), on the UI thread: reads
    # on worker threads come by the hundred during an audit, and one delivery per read would
    # keep the UI thread busy (and waiting for the GIL) instead of painting.
    receipts_recorded = Signal(object)
    _receipts_waiting = Signal()  # emitted on any thread, queued to the UI thread
    status_message = Signal(str)
    error_raised = Signal(object)  # UserFacingError
    open_item_requested = Signal(str, object)  # table name, key (low-level)
    # A Transaction, or a TransactWriteItems request dict as Transaction.to_request() makes it
    # (binary values as bytes, not base64 text): the builder opens it, asking Replace / Append /
    # Cancel first when it holds unsent actions.
    open_builder_requested = Signal(object)
    # That question answered Cancel: the Transaction sent (as sent) was not opened, only kept as
    # a named draft. A sender counting what it opened (Copy to table's batches) counts it back.
    builder_declined = Signal(object)
    # A browser edit to open in the builder: (TableInfo, item as shown, item as edited). The
    # builder decides whether it is a plain guarded Put or moves protected values' locks.
    edit_requested = Signal(object, object, object)
    delete_requested = Signal(object, object)  # (TableInfo, item as shown): delete via the builder
    # After the builder executed a transaction that wrote (or may have written): the
    # list[WrittenKey] it touched. Views holding those items re-read them or mark them stale.
    items_written = Signal(object)
    # Nothing was written, but a cancelled send or a preflight read items a view may show as they
    # were (``ItemsChanged``): the view marks what differs stale, as after a write.
    items_changed = Signal(object)
    subject_changed = Signal(object)  # Subject | None: the selection the templates act on
    schema_changed = Signal(object)  # UniquenessSchema of the open table

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._read_log: ReadLog | None = None  # made when first asked for (``read_log``)
        # Receipts are recorded on worker threads; a queued signal hops to the UI thread once
        # for all the receipts that arrive before it is delivered.
        self._waiting: deque[ReadReceipt] = deque()
        self._waiting_lock = threading.Lock()
        self._delivery_posted = False
        self._delivered_at = 0.0  # time.monotonic() of the last delivery
        self._receipts_waiting.connect(self._deliver_receipts, Qt.ConnectionType.QueuedConnection)
        self.tasks = TaskRunner(parent=self)
        share_gil_with_ui()  # the pool's workers parse pages while the UI thread paints
        self.connection: Connection | None = None
        self.reader: Reader | None = None
        self.table: TableInfo | None = None
        self.tables: dict[str, TableInfo] = {}
        self.demo: Any = None  # DemoBackend when running the embedded demo
        # One store per profile: the open connection's (the demo's schemas stay the demo's).
        self._schema_stores: dict[str | None, SchemaStore] = {}
        self._schema: UniquenessSchema | None = None  # None: the default layout, made when asked
        # Schemas the user saved that could not be written, by (connection, table): used for
        # the rest of the session when their table opens again, as the store's would be.
        self._unsaved: dict[tuple[str, str], UniquenessSchema] = {}
        self.schema_note = self.tr("the article's default layout")
        self.subject: Subject | None = None
        self.items_written.connect(self._refresh_subject)
        # Sees every error described on this window (the exception, its sentence); True: it showed
        # the error itself, so ``report`` opens no second box (SSO's "Sign in…": session.view).
        self.error_hook: Callable[[BaseException, UserFacingError], bool] | None = None

    @property
    def read_log(self) -> ReadLog:
        """Every data read's receipt. Made when first asked for (a connection's reader, on the UI
        thread): the receipts' module loads after the window's first paint."""
        if self._read_log is None:
            from dynoview.core.reads.receipts import ReadLog

            self._read_log = ReadLog()
            self._read_log.add_listener(self._receipt_recorded)
        return self._read_log

    def _receipt_recorded(self, receipt: ReadReceipt) -> None:
        with self._waiting_lock:
            self._waiting.append(receipt)
            if self._delivery_posted:
                return
            self._delivery_posted = True
        self._receipts_waiting.emit()

    def _deliver_receipts(self) -> None:
        # At most one delivery per RECEIPTS_EVERY_S; the receipts of a burst wait and go
        # together. One per page of 100 repainted the read log hundreds of times a second and
        # made the Items tab 3-4 times slower (measured with the read log shown).
        wait = self._delivered_at + RECEIPTS_EVERY_S - time.monotonic()
        if wait > 0:
            QTimer.singleShot(int(wait * 1000) + 1, self, self._deliver_receipts)
            return  # still posted: the workers add to the batch meanwhile
        self._delivered_at = time.monotonic()
        with self._waiting_lock:
            batch = list(self._waiting)
            self._waiting.clear()
            self._delivery_posted = False
        if batch:
            self.receipts_recorded.emit(batch)

    def set_connection(self, conn: Connection | None) -> None:
        self.connection = conn
        if conn is not None:
            # Its recent tables and reads go to its profile's settings (settings.py asks by name).
            profile.remember_connection(conn.spec)
            from dynoview.core.reads.reader import Reader

            self.reader = Reader(conn, self.read_log)
        else:
            self.reader = None
        self.tables.clear()
        self.table = None
        self.set_subject(None)
        self._load_schema(None)
        self.connection_changed.emit(conn)
        self.table_changed.emit(None)

    def set_table(self, info: TableInfo | None) -> None:
        self.table = info
        if info is not None:
            self.tables[info.name] = info
        self.set_subject(None)
        # Before table_changed, so every panel that reacts to the table sees its schema.
        self._load_schema(info)
        self.table_changed.emit(info)

    # -- uniqueness schema: one per (connection, table), shared by every panel ----------
    @property
    def schema_store(self) -> SchemaStore:
        """The saved schemas of the open connection's profile (``profile.of_connection``): the
        demo's are kept apart from the user's, whichever profile the process runs in."""
        name = profile.of_connection(self.connection.spec) if self.connection is not None else None
        store = self._schema_stores.get(name)
        if store is None:
            from dynoview.core.uniqueness.schema_store import SchemaStore

            store = self._schema_stores[name] = SchemaStore(profile_name=name)
        return store

    @property
    def schema(self) -> UniquenessSchema:
        if self._schema is None:
            from dynoview.core.uniqueness.schema import default_schema

            self._schema = default_schema(None)
        return self._schema

    def connection_name(self) -> str:
        return self.connection.spec.name if self.connection else "none"

    def schema_connection(self) -> str:
        """The connection part of the saved schemas' key: its name and where it points
        (``schema_store.connection_key``), since names repeat ("local" for every endpoint)."""
        conn = self.connection
        if conn is None:
            return "none"
        from dynoview.core.uniqueness.schema_store import connection_key

        return connection_key(conn.spec, conn.region)

    def schema_for(self, table: str, info: TableInfo | None = None) -> UniquenessSchema:
        """The uniqueness schema of ``table`` on this connection: the one the main tab would use
        with it open (``_load_schema``). Staged cells, extra Items tabs and the builder's subject
        are of any table, and another table's rules would move (or keep) the wrong locks."""
        main = self.table.name if self.table is not None else None
        locks = self.schema.locks
        # The open table's separate locks table is judged by the rules that pair it with its accounts.
        if table == main or (main is not None and locks is not None and locks.name == table):
            return self.schema
        held = self._unsaved.get((self.schema_connection(), table))
        if held is not None:
            return held
        from dynoview.core.uniqueness.schema import default_schema

        loaded = self.schema_store.load(self.schema_connection(), table, legacy=self.connection_name())
        if loaded.problem:
            self.status_message.emit(loaded.problem)
        return loaded.schema if loaded.schema is not None else default_schema(info or self.tables.get(table))

    def _load_schema(self, info: TableInfo | None) -> None:
        from dynoview.core.uniqueness.schema import default_schema

        schema, note = default_schema(info), self.tr("the article's default layout")
        held = self._unsaved.get((self.schema_connection(), info.name)) if info is not None else None
        if held is not None:
            schema, note = held, self.tr("not saved")
        elif info is not None:
            loaded = self.schema_store.load(self.schema_connection(), info.name,
                                            legacy=self.connection_name())
            if loaded.problem:
                self.status_message.emit(loaded.problem)
                note = loaded.problem
            elif loaded.schema is not None:
                schema, note = loaded.schema, self.tr("saved for this connection and table")
        self._schema, self.schema_note = schema, note
        self.schema_changed.emit(schema)

    def set_schema(self, schema: UniquenessSchema, save: bool = True) -> None:
        """Use ``schema`` for the open table (saved for this connection and table). A save
        that fails is said; the schema is used all the same, until DynoView closes."""
        saved = save
        if save and self.table is not None:
            saved = self._save_schema(self.table.name, schema)
        self._schema = schema
        self.schema_note = self.tr("saved for this connection and table") if saved else self.tr("not saved")
        self.schema_changed.emit(schema)

    def _save_schema(self, table: str, schema: UniquenessSchema) -> bool:
        """Save ``schema`` for ``table``; False (and a sentence) when it cannot be written."""
        key = (self.schema_connection(), table)
        try:
            self.schema_store.save(*key, schema, legacy=self.connection_name())
        except (OSError, DynoViewError) as exc:  # a read-only or full disk, a folder in its place
            self._unsaved[key] = schema
            path = self.schema_store.path(*key)
            self.error_raised.emit(UserFacingError(self.tr("Schema not saved"), self.tr(
                "The uniqueness schema of {table} could not be saved in {folder} ({error}). It is "
                "used until DynoView closes. To keep it, make that folder writable (or free space "
                "on its disk), then open Edit schema… and save it again.").format(
                    table=table, folder=path.parent, error=exc)))
            return False
        self._unsaved.pop(key, None)
        return True

    # -- the selection templates act on --------------------------------------------------
    def set_subject(self, subject: Subject | None) -> None:
        """Make ``subject`` the selected item (None: nothing is selected)."""
        if subject == self.subject:
            return
        self.subject = subject
        self.subject_changed.emit(subject)

    def select_item(self, item: Mapping[str, Any] | None, source: str = "",
                    table: str | None = None, *, read: bool = False,
                    evidence: Evidence | None = None) -> None:
        """Select an item of ``table`` (the open table by default), or clear the selection.

        With ``read``, ``item`` may be partial (an audit row's key and values): the full
        item is read by key and replaces it, unless the selection moved on meanwhile.
        """
        from dynoview.ui.context_events import Subject

        name = table or (self.table.name if self.table is not None else None)
        subject = Subject(name, dict(item), source, evidence) if item is not None and name else None
        self.set_subject(subject)
        if subject is not None and read:
            self._reread_subject(subject, keep_when_missing=True)

    def _subject_key(self, subject: Subject) -> dict[str, Any]:
        info = self.tables.get(subject.table)
        names = info.key_names if info is not None else (
            n for n in (self.schema.pk_name, self.schema.sk_name) if n)
        return {k: subject.item[k] for k in names if k in subject.item}

    def _reread_subject(self, subject: Subject, *, keep_when_missing: bool) -> None:
        if self.reader is not None:
            self.tasks.start("subject-read", self._read_subject(subject, keep_when_missing),
                             on_error=self._subject_read_failed)

    def _subject_read_failed(self, exc: BaseException) -> None:
        self.report(exc, operation="GetItem")

    async def _read_subject(self, subject: Subject, keep_when_missing: bool) -> None:
        """Replace the subject with its item as read now, unless the selection moved on."""
        reader = self.reader
        if reader is None:
            return
        item = await self.tasks.call(reader.get_item, subject.table, self._subject_key(subject))
        from dynoview.ui.context_events import Subject

        if self.subject is not subject:
            return  # the user selected something else meanwhile
        if item is not None:
            # The selection's own read keeps its view's evidence; after a write it is old.
            evidence = subject.evidence if keep_when_missing else None
            self.set_subject(Subject(subject.table, item, subject.source, evidence))
        elif not keep_when_missing:
            self.set_subject(None)  # deleted: templates must not act on a ghost

    def _refresh_subject(self, written: list[WrittenKey]) -> None:
        """After a write, the selected item is read again if the write touched it."""
        subject = self.subject
        if subject is not None and any(w.matches(subject.table, subject.item) for w in written):
            self._reread_subject(subject, keep_when_missing=False)

    def report(self, exc: BaseException, *, operation: str | None = None,
               table: str | None = None) -> UserFacingError:
        """Turn an exception into a user-facing error and broadcast it."""
        err = self._describe(exc, operation, table)
        hook = self.error_hook
        if is_user_facing(exc) and not (hook is not None and hook(exc, err)):
            self.error_raised.emit(err)
        return err

    def describe(self, exc: BaseException, *, operation: str | None = None,
                 table: str | None = None) -> UserFacingError:
        """The sentence for an exception, without broadcasting it: for a panel that shows it
        at the field (a PartiQL statement DynamoDB refused). A bug still goes to the crash
        reporter."""
        err = self._describe(exc, operation, table)
        if self.error_hook is not None and is_user_facing(exc):
            self.error_hook(exc, err)  # a panel shows it at the field; an SSO sign-in is offered
        return err

    def _describe(self, exc: BaseException, operation: str | None, table: str | None) -> UserFacingError:
        if not is_user_facing(exc):
            # A bug: the crash dialog shows it with its traceback and saves the report (at most
            # once: the TaskRunner may have sent it already). The caller still gets a sentence
            # for its status line; the user gets no second, one-line box without a traceback.
            report_unexpected(exc, self.tr(
                "(reported by the {value} error handler)").format(value=operation or 'panel'))
            return UserFacingError(
                self.tr("Unexpected error"),
                self.tr("{value} stopped on an unexpected error ({type}); "
                "the error report window has the details.").format(
                    value=operation or 'This', type=type(exc).__name__), type(exc).__name__)
        spec = self.connection.spec if self.connection else None
        return describe_error(
            exc, operation=operation, table=table or (self.table.name if self.table else None),
            profile=spec.profile if spec else None,
            endpoint=spec.endpoint_url if spec else None,
            region=self.connection.region if self.connection else None,
        )

    def reads_on_open(self, table: TableInfo | None) -> bool:
        """True when a table is local and small enough that panels read it as soon as it is
        opened (a few thousand items on this machine cost nothing and save a click)."""
        conn = self.connection
        return (table is not None and conn is not None and conn.spec.is_local
                and table.item_count is not None and table.item_count <= READ_ON_OPEN_MAX_ITEMS)

