"""The work behind Import…: the preview and the guarded import, off the UI thread.

``preview`` reads the whole file once (items, types, located problems, which of its keys the
table already holds, whether the table has lock rules), watched (``source.SourceWatch``);
``start`` runs ``core.imports.run.run_import`` on the file as the preview checked it (a file
changed since stops the import before an item the preview did not see), with the schema and
format the preview used (saved in the progress file: a resume whose batches would be cut
otherwise is refused, at the Resume box), a progress callback (emitted from the worker thread;
Qt queues it to the UI thread) and the import's own cancel event, so Cancel stops between
batches and what was written stays (Resume continues)."""

from __future__ import annotations

import dataclasses
import functools
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Signal

from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.core.imports.existing import ExistingCheck
from dynoview.core.imports.lock_rules import LayoutWatch, has_lock_rules
from dynoview.core.imports.model import Record
from dynoview.core.imports.preview import Preview, build_preview
from dynoview.core.imports.resume import Progress
from dynoview.core.imports.run import (
    ImportOptions,
    ImportProgress,
    ImportResult,
    ImportStopped,
    run_import,
    stopped_import,
)
from dynoview.core.imports.source import SourceChanged, SourceWatch, read_records, resolve_format
from dynoview.core.imports.stops import NextStep, next_step
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import for_connection, path_for
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.ui.context import AppContext
from dynoview.ui.i18n.formats import number
from dynoview.ui.transfer.opened_on import OpenedOn

PREVIEW_TASK = "import-preview"
IMPORT_TASK = "item-import"


@dataclass(frozen=True)
class PreviewAnswer:
    path: Path
    fmt: str
    preview: Preview
    lock_rules: bool
    #: An import of this file into this table that stopped before its end (Resume continues it).
    stopped: Progress | None = None
    #: The file as the preview checked it: the import writes only what is still the same.
    watch: SourceWatch | None = None
    #: The uniqueness schema the preview found the lock rules by (the import's too), and how it
    #: was chosen, as a resume refused for another one names it.
    schema: UniquenessSchema | None = None
    schema_label: str = ""


#: Where a refusal of the import is to be fixed (``DynoViewError.field``): said at that box.
REFUSED_FIELDS = ("resume", "csv_raw", "file")


def _schema_notes() -> tuple[str, str]:
    """``AppContext.schema_note`` of a schema saved for the table, and of one not saved, as the
    context words them in the window's language."""
    return (QCoreApplication.translate("AppContext", "saved for this connection and table"),
            QCoreApplication.translate("AppContext", "not saved"))


def _default_note() -> str:
    """``AppContext.schema_note`` of the article's default layout, in the window's language."""
    return QCoreApplication.translate("AppContext", "the article's default layout")


class ImportController(QObject):
    """Previews a file and imports it into the open table, on the connection the window had
    when it was made (``opened_on``): never on one the window moved to since."""

    previewed = Signal(object)  # PreviewAnswer
    progress = Signal(object)  # core.imports.run.ImportProgress, from the worker thread
    finished = Signal(object, str)  # ImportResult | None (stopped, failed or cancelled), the sentence
    preview_failed = Signal(str)  # why the file cannot be previewed: said at the file field
    #: Just after ``finished``: the import was refused or stopped for what a field holds (one of
    #: ``REFUSED_FIELDS``: Resume, Raw CSV, or the file, changed since the preview).
    refused_at = Signal(str)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.opened_on = OpenedOn(ctx, self)
        self.running = False
        self.cancel_event = threading.Event()
        self.last: ImportProgress | None = None  # the running import's latest progress
        self.progress.connect(self._note)

    def preview(self, path: Path, fmt: str, table: TableInfo, *, csv_raw: bool = False) -> None:
        reader = self.opened_on.reader
        if reader is None:
            self.finished.emit(None, self.tr("Connect to a table first."))
            return
        if self.opened_on.stale:  # the table read would be another connection's
            self.finished.emit(None, self.opened_on.stale_text())
            return
        schema = self.ctx.schema
        chosen = self.ctx.schema_note != _default_note()  # in the window's language
        label = self._schema_label()
        conn = self.opened_on.connection

        def work() -> PreviewAnswer:
            resolved = resolve_format(path, fmt)
            source = SourceWatch(path)  # what the import writes is what this preview checked
            watch = LayoutWatch(source.checking(read_records(path, resolved, csv_raw=csv_raw)), schema)
            # Which of its keys the table holds: read through the window's reader (its read log)
            preview = build_preview(watch, resolved, table, whole=True,
                                    existing=ExistingCheck(reader, table))
            locks = has_lock_rules(reader, table, schema, chosen=chosen or watch.seen)
            # Where an earlier import of it stopped (a quit, Cancel): said before Import. Its
            # progress file sits by the connection's log (the demo's apart from the user's).
            stopped = (stopped_import(conn, table, path, path_for(conn.spec))
                       if conn is not None else None)
            return PreviewAnswer(path, resolved, preview, locks, stopped, source, schema, label)

        self.ctx.tasks.start(PREVIEW_TASK, self._previewed(work), on_error=self._preview_failed)

    def _schema_label(self) -> str:
        """The schema in use, as a resume refused for another one names it."""
        note = self.ctx.schema_note
        saved, unsaved = _schema_notes()
        if note == saved:
            return self.tr("the schema saved for this connection and table")
        if note == unsaved:
            return self.tr("the schema chosen in the Locks panel, not saved")
        return self.tr("the article's default layout")  # (also when the saved one cannot be read)

    async def _previewed(self, work: Callable[[], PreviewAnswer]) -> None:
        self.previewed.emit(await self.ctx.tasks.call(work))

    def _preview_failed(self, exc: BaseException) -> None:
        """The file cannot be read at all (missing, a folder, not UTF-8, an unusable name):
        nothing was imported, so nothing of an import is said; a bug still reaches the crash
        reporter (``describe``)."""
        message = getattr(exc, "message", None)
        if message is None:
            message = self.ctx.describe(exc, operation=self.tr("Preview")).message
        self.preview_failed.emit(message)

    def start(self, answer: PreviewAnswer, table: TableInfo, options: ImportOptions, *,
              csv_raw: bool = False) -> bool:
        """Start the import; False when there is no connection, or the window's changed since
        (the dialog says so: the file was previewed against the one it opened on)."""
        conn = self.opened_on.connection
        if conn is None or self.opened_on.stale:
            return False
        self.cancel_event = threading.Event()
        self.last = None
        self.running = True
        # The progress file records how the CSV was read, the format and the schema: a resume
        # that would read the rest otherwise, or cut other batches, is refused.
        options = dataclasses.replace(options, csv_raw=csv_raw, fmt=answer.fmt,
                                      schema_label=answer.schema_label)
        records: Iterable[Record] = read_records(answer.path, answer.fmt, csv_raw=csv_raw)
        if answer.watch is not None:  # only as the preview checked it
            records = answer.watch.writing(records)
        schema = answer.schema if answer.schema is not None else self.ctx.schema
        work = functools.partial(
            run_import, conn, table, records, answer.path, schema=schema,
            has_lock_rules=answer.lock_rules, log=for_connection(conn.spec), options=options,
            total=answer.preview.valid, progress=self.progress.emit, cancel=self.cancel_event,
            read_log=self.ctx.read_log)  # its reads (a full Scan, settling reads) in the window's log
        self.ctx.tasks.start(IMPORT_TASK, self._run(work), on_error=self._failed)
        return True

    async def _run(self, work: functools.partial[ImportResult]) -> None:
        try:
            result = await self.ctx.tasks.call(work)
        except BaseException:
            # The task cancelled (shutdown) sets only its own event: stop the import too.
            self.cancel_event.set()
            raise
        self.running = False
        summary = result.summary()
        if self.opened_on.stale:  # the window shows another connection now: say where it went
            summary = self.tr("{summary} (on {where})").format(
                summary=summary, where=self.opened_on.opened_text())
        self.ctx.status_message.emit(summary)
        self.finished.emit(result, summary)

    def _note(self, progress: ImportProgress) -> None:
        self.last = progress

    def progress_text(self) -> str:
        """How far the running import got (its batches answered), for the question asked when
        the window closes."""
        last = self.last
        if last is None:
            return self.tr("No batch is confirmed written yet.")
        done = last.items + last.skipped
        if last.total:
            return self.tr("{done} of {total} items are written.").format(done=number(done),
                                                                         total=number(last.total))
        return self.tr("{done} items are written.").format(done=number(done))

    def cancel(self) -> None:
        """Stop after the batch being written; what was written stays."""
        if self.running:
            self.cancel_event.set()

    def _failed(self, exc: BaseException) -> None:
        self.running = False
        if isinstance(exc, SourceChanged):  # a resume of the changed file would be refused
            self.finished.emit(None, exc.message)
            self.refused_at.emit("file")
            return
        if isinstance(exc, DynoViewError) and exc.field in REFUSED_FIELDS:
            self.finished.emit(None, exc.message)  # (a whole sentence: what to change, and how)
            self.refused_at.emit(exc.field)
            return
        if isinstance(exc, ImportStopped):
            self.finished.emit(None, exc.message + self._then(exc))
            return
        if isinstance(exc, CancelledError):  # (it says where Resume continues)
            self.finished.emit(None, exc.message)
            return
        message = getattr(exc, "message", None)
        if message is None:
            message = self.ctx.describe(exc, operation="TransactWriteItems").message
        self.finished.emit(None, self.tr("{message} Nothing more was imported.").format(message=message))

    def _then(self, stop: ImportStopped) -> str:
        """What was written before ``stop`` and how to go on, as the command says it
        (``stops.next_step`` chooses), in the window's terms: its check boxes and Import. A
        fixed file is another file, which Resume refuses: it is imported from the start."""
        # (1 and many apart, not %Ln: a new %Ln message says "item(s)" until the catalogue has it)
        if stop.written == 1:
            before = self.tr(" The batches before it were written (1 item);")
        elif stop.written:
            before = self.tr(" The batches before it were written ({count} items);").format(
                count=number(stop.written))
        else:
            before = self.tr(" No item was written before it;")
        resume = _quoted(QCoreApplication.translate("ImportDialog",
                                                    "Resume an import of this file that stopped"))
        step = next_step(stop)
        if step is NextStep.RESUME:
            then = self.tr("with {resume} ticked, Import continues from the batch that "
                           "stopped.").format(resume=resume)
            return f"{before} {then}"
        if stop.written:
            again = self.tr("fix the file, press Preview, then untick {resume} and press Import: "
                            "it imports the file again from the start (the items written are "
                            "written again, the same Puts)").format(resume=resume)
        else:
            again = self.tr("fix the file, press Preview, then untick {resume} and press Import: "
                            "it imports the file from the start").format(resume=resume)
        if step is NextStep.FIX_FILE:
            then = f"{again}."
        elif step is NextStep.ACCEPT_WARNINGS:  # the same file goes on once they are accepted
            then = self.tr("with {warnings} and {resume} ticked, Import writes it and continues; "
                           "or {again}.").format(
                warnings=_quoted(QCoreApplication.translate(
                    "ImportDialog", "Write batches the preflight warns about (clashes, expired)")),
                resume=resume, again=again)
        else:
            then = self.tr("{again}; or change the table so that the batch passes, then, with "
                           "{resume} ticked, Import continues.").format(again=again, resume=resume)
        return f"{before} {then}"


def _quoted(check: str) -> str:
    """A check box of Import… (named by the dialog's own translation of its text), quoted as the
    dialog quotes it in the import's sentences (``ImportOptions.resume_hint``)."""
    return QCoreApplication.translate("ImportDialog", "“{check}”").format(check=check)
