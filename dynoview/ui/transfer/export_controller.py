"""The work behind Export… and "Audit an export…", off the UI thread, with progress and Cancel.

Each controller runs one job as a task (``TaskRunner.start``): an ``async def`` method awaits
the core's blocking export or audit in the thread pool and reports through signals. Progress
snapshots are emitted from the worker thread; Qt queues them to the UI thread. The dialogs only
show and forward Cancel.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.core.exports.audit import (
    ExportAuditOptions,
    ExportAuditResult,
    audit_exports,
    aws_clients,
)
from dynoview.core.items.export import ExportResult, export_items_to_file, export_table_to_file
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.transfer.file_field import shown
from dynoview.ui.transfer.opened_on import OpenedOn

EXPORT_TASK = "item-export"
EXPORT_AUDIT_TASK = "export-audit"
CANCELLED = QT_TRANSLATE_NOOP("transfer.export_controller", "Export cancelled: no file was written.")


class ExportController(QObject):
    """Writes the current result or a whole table to a file; Cancel writes nothing."""

    progress = Signal(object)  # items.export.ExportProgress, from the worker thread
    finished = Signal(object, str)  # ExportResult | None (failed or cancelled), the sentence

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        # A whole table is read on the connection the dialog opened on, never on another.
        self.opened_on = OpenedOn(ctx, self)
        self.running = False
        self.error_field: str | None = None  # the field the last failure is about ("output": the file)
        # Cancel is the export's own event, not the task's: the task still reports back, so
        # "cancelled, nothing written" is said only when that is what happened.
        self.cancel_event = threading.Event()

    def export_table(self, table: TableInfo, path: Path, fmt: str, *, segments: int,
                     consistent: bool, page_limit: int | None, csv_raw: bool = False) -> bool:
        """Export every item of ``table`` by a parallel Scan; False when not connected, or
        when the window moved to another connection since (``opened_on``).
        ``csv_raw``: formula-like CSV cells as they are (``values.csv_cells``)."""
        reader = self.opened_on.reader
        if reader is None or self.opened_on.stale:
            return False
        work = functools.partial(export_table_to_file, reader, table, path, fmt, segments=segments,
                                 consistent=consistent, page_limit=page_limit,
                                 progress=self.progress.emit, csv_raw=csv_raw)
        self._start(work, path, table.name)
        return True

    def export_items(self, items: Sequence[dict[str, Any]], path: Path, fmt: str,
                     key_names: Sequence[str], table: str | None, *, csv_raw: bool = False,
                     partial: bool = False) -> None:
        """Export items already read (nothing is read again). ``partial``: the read behind them
        has more pages not loaded, which the finished sentence says (no format has a place for
        it in the file without changing what it re-imports as)."""
        self._start(functools.partial(export_items_to_file, items, path, fmt, key_names, table,
                                      csv_raw=csv_raw), path, table, partial=partial)

    def cancel(self) -> None:
        """Ask the export to stop: the worker notices after its page and removes the partial
        file; ``finished`` then says so."""
        if self.running:
            self.cancel_event.set()

    def _start(self, work: Callable[..., ExportResult], path: Path, table: str | None, *,
               partial: bool = False) -> None:
        self.cancel_event = threading.Event()
        self.running = True
        self.error_field = None
        self.ctx.tasks.start(EXPORT_TASK, self._run(work, path, partial),
                             on_error=lambda exc: self._failed(exc, table))

    async def _run(self, work: Callable[..., ExportResult], path: Path, partial: bool = False) -> None:
        try:
            result = await self.ctx.tasks.call(functools.partial(work, cancel=self.cancel_event))
        except OSError as exc:
            # A full disk, a quota or a folder gone mid-write: the user's to fix, not a bug. The
            # partial file is already removed and a file that was there is untouched.
            raise DynoViewError(self.tr(
                "{path} could not be written ({reason}): free some space or pick another folder, "
                "then export again.").format(path=path, reason=exc.strerror or exc),
                field="output") from exc
        except BaseException:
            # The task cancelled (shutdown) sets only its own event: stop the export too.
            self.cancel_event.set()
            raise
        self.running = False
        late = self.tr(" (it finished before the cancel reached it)") if self.cancel_event.is_set() else ""
        items = result.items
        if partial:  # said wherever the export is reported: the file alone looks whole
            self.ctx.status_message.emit(self.tr(
                "Exported %Ln item(s) to {path}: partial, the read has more pages not loaded.", "",
                items).format(path=path))
            self.finished.emit(result, self.tr(
                "{summary} Written to {path}{late}. Partial: the read has more pages not loaded, "
                "so the file holds only the %Ln item(s) loaded; export the whole table for every "
                "item.", "", items).format(summary=result.summary(), path=path, late=late))
            return
        self.ctx.status_message.emit(self.tr("Exported %Ln item(s) to {path}.", "", items).format(path=path))
        self.finished.emit(result, self.tr(
            "{summary} Written to {path}{late}.").format(summary=result.summary(), path=path, late=late))

    def _failed(self, exc: BaseException, table: str | None) -> None:
        self.running = False
        if isinstance(exc, CancelledError):
            self.finished.emit(None, QCoreApplication.translate("transfer.export_controller", CANCELLED))
            return
        message = getattr(exc, "message", None)
        self.error_field = getattr(exc, "field", None)
        if message is None:  # an AWS answer or a bug (the crash path): said here, not in a box
            message = self.ctx.describe(exc, operation="Scan", table=table).message
        self.finished.emit(None, self.tr("{message} No file was written.").format(message=message))


def _audit_blocking(paths: list[str], schema: UniquenessSchema, options: ExportAuditOptions,
                    session: Any, s3_endpoint_url: str | None, progress: Any,
                    cancel: threading.Event) -> ExportAuditResult:
    """The whole audit, in a worker thread: S3 client (when a path is in S3), checks, SQL."""
    s3 = None
    if any(p.startswith("s3://") for p in paths):
        # The window only reads exports; a read-only connection's clients refuse writes anyway.
        s3, _ = aws_clients(session=session, s3_endpoint_url=s3_endpoint_url,
                            read_only=options.read_only)
    return audit_exports(paths, schema, options=options, s3_client=s3, progress=progress,
                         cancel=cancel)


class ExportAuditController(QObject):
    """Audits a DynamoDB export with the open table's schema, without reading the table."""

    progress = Signal(object)  # exports.audit.ExportProgress, from the worker thread
    finished = Signal(object)  # ExportAuditResult
    failed = Signal(str)  # the sentence (cancelled, or what went wrong)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.error_field: str | None = None  # the field the last failure is about ("export": the paths)

    def start(self, paths: list[str], ttl_attribute: str | None) -> None:
        self.error_field = None
        conn = self.ctx.connection
        options = ExportAuditOptions(ttl_attribute=ttl_attribute,
                                     read_only=conn is not None and conn.read_only)
        # A local endpoint (LocalStack, moto) serves S3 too; AWS uses its own. The demo answers
        # DynamoDB only (demo/moto_app.py): an s3:// path there is refused by its endpoint.
        endpoint = conn.spec.endpoint_url if conn is not None and conn.spec.is_local else None
        session = conn.session if conn is not None else None
        self.ctx.tasks.start(EXPORT_AUDIT_TASK,
                             self._run(paths, self.ctx.schema, options, session, endpoint),
                             on_error=self._failed)

    async def _run(self, paths: list[str], schema: UniquenessSchema, options: ExportAuditOptions,
                   session: Any, endpoint: str | None) -> None:
        try:
            result = await self.ctx.tasks.call(_audit_blocking, paths, schema, options, session, endpoint,
                                               self.progress.emit, cancellable=True)
        except OSError as exc:
            # A folder the system refuses to read (permissions, a name too long): the user's to
            # fix at the paths, not a bug.
            where = f" ({shown(str(exc.filename))})" if exc.filename else ""
            raise DynoViewError(self.tr(
                "The export could not be read{where}: {reason}. Check the folder, or pick "
                "another.").format(where=where, reason=exc.strerror or exc), field="export") from exc
        self.finished.emit(result)

    def cancel(self) -> None:
        """Stop the audit (its worker stops at the next check); nothing is reported."""
        if not self.ctx.tasks.is_running(EXPORT_AUDIT_TASK):
            return
        self.ctx.tasks.cancel(EXPORT_AUDIT_TASK)
        self.failed.emit(self.tr("The export audit was cancelled; nothing was reported."))

    def _failed(self, exc: BaseException) -> None:
        self.error_field = getattr(exc, "field", None)
        self.failed.emit(str(getattr(exc, "message", None) or exc))
