"""`dynoview import FILE --table T`: load items into a table, in guarded batches.

The file is read twice, streamed both times: first whole, for the preview (the first items
with their types, every problem located by line and column; a problem stops everything before
a write), then for the write, only as the preview checked it (``source.SourceWatch``: a file
changed since stops the import before its first unchecked item; ``core.imports.run``):
TransactWriteItems of up to 100 items, each batch after the builder's preflight, or
BatchWriteItem with ``--speed`` on a table without lock rules (``import_prepare``: the schema
and the progress file, settled first). Ctrl+C or SIGTERM while it writes stops it after the
batch in flight (``interrupts``: a second one ends it at once, as a kill would). Exit 0
imported (or a clean dry run), 2 a problem in the file, a stopped batch (the preflight's,
DynamoDB's refusal, items left unprocessed, a lost answer), a stop by Ctrl+C or SIGTERM, a
read-only connection, or any other error; 3 a bug, also when it came with a stopped batch
(both are said).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path
from typing import Any

from botocore.exceptions import BotoCoreError

from dynoview.cli.audit import add_schema_arguments
from dynoview.cli.common import (
    EXIT_BUG,
    EXIT_ERROR,
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    output_after_write,
    say,
    terminal_json,
    terminal_line,
    whole_number,
)
from dynoview.cli.common import _report_bug as report_bug  # the boundary's own report of a bug
from dynoview.cli.import_prepare import import_schema, progress_path, schema_label
from dynoview.cli.interrupts import StopRequest, cancel_on_signals
from dynoview.core.errors import CancelledError, DynoViewError, ReadOnlyError, describe_error
from dynoview.core.imports import resume
from dynoview.core.imports.existing import ExistingCheck
from dynoview.core.imports.lock_rules import LayoutWatch, has_lock_rules
from dynoview.core.imports.model import AUTO, CSV, FORMAT_LABELS, FORMATS
from dynoview.core.imports.preview import Preview, build_preview
from dynoview.core.imports.run import (
    BATCH,
    MIN_RATE,
    MODE_SENTENCES,
    TRANSACT,
    ImportOptions,
    ImportProgress,
    ImportStopped,
    check_mode,
    check_rate,
    run_import,
)
from dynoview.core.imports.source import SourceWatch, read_records, resolve_format
from dynoview.core.imports.stops import CancelledMidBatch, NextStep, next_step
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.confirmation import confirmation_for_tables
from dynoview.core.uniqueness.schema import SchemaError
from dynoview.core.values.dynamodb_json import dynamodb_json

EXIT_OK = 0
DEFAULT_LOCAL = "the article's default layout"


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "import", help="import items from JSON lines, a JSON array, DynamoDB JSON, CSV or an S3 export",
        description="Import items into a table. Formats: " + "; ".join(
            f"{k}: {v}" for k, v in FORMAT_LABELS.items()) + ". The whole file is checked first "
        "(a problem, located by line and column, stops the import before anything is written); "
        "then items are written in batches: TransactWriteItems of up to 100 items, each judged by "
        "the uniqueness preflight (a batch that would break a lock is stopped, nothing of it "
        "written), or with --speed BatchWriteItem on a table without lock rules. Progress is "
        "saved after every batch: --resume continues an import that stopped. Ctrl+C (or SIGTERM) "
        "stops it after the batch in flight; a second one ends it at once. Exit 0 imported, "
        "2 a problem in the file, a stopped batch, a stop by Ctrl+C, or an error.")
    parser.add_argument("file", help="the file to import (an S3 export: its folder)")
    add_schema_arguments(parser)
    add_connection_arguments(parser)
    parser.add_argument("--format", choices=(AUTO, *FORMATS), default=AUTO,
                        help="the file's format (default: from its name and first bytes)")
    parser.add_argument("--rate", type=float, metavar="N", help="at most N items per second")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--dry-run", action="store_true",
                        help="check the whole file and show the preview and the mode; write nothing")
    action.add_argument("--yes", action="store_true",
                        help="write (this command never asks; without --yes nothing is written)")
    parser.add_argument("--resume", action="store_true",
                        help="continue an import of this file that stopped (the batches written are "
                             "skipped; a changed file is refused)")
    parser.add_argument("--progress-file", metavar="PATH",
                        help="where the progress is saved (default: next to the action log)")
    parser.add_argument("--speed", action="store_true",
                        help="BatchWriteItem instead of TransactWriteItems (faster, not all-or-nothing "
                             "per batch); refused on a table with lock rules")
    parser.add_argument("--skip-existing", action="store_true",
                        help="never replace an item the table holds: each Put is guarded by "
                             "attribute_not_exists on the key, and an item whose key is in the table "
                             "is skipped and counted (refused with --speed)")
    parser.add_argument("--accept-warnings", action="store_true",
                        help="write batches the preflight warns about (a case or lookalike clash, an "
                             "expired item); refusals still stop the import")
    parser.add_argument("--confirm-table", metavar="NAME",
                        help="on an endpoint that is not on this machine, the table name, as the app "
                             "asks you to type it")
    parser.add_argument("--csv-raw", action="store_true",
                        help="CSV cells as they are (a CSV exported with --csv-raw): a leading ' is "
                             "kept")
    parser.add_argument("--preview", type=whole_number(0), default=5, metavar="N",
                        help="items shown in the preview (default 5)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON document on standard output: the status (imported, dry-run, "
                             "invalid, not-confirmed, refused, stopped), the result's counts, the mode "
                             "and the preview")


def _preview_lines(preview: Preview, skip_existing: bool = False) -> list[str]:
    lines = [f"preview: {preview.summary(skip_existing=skip_existing)}"]
    if preview.types:
        lines.append("attributes: " + ", ".join(f"{n} ({preview.type_text(n)})" for n in preview.types))
    for record in preview.items:
        lines.append(f"  item {record.place.index + 1} ({record.place.text()}): "
                     + terminal_line(dynamodb_json(record.item, indent=None)))
    lines.extend(f"problem: {terminal_line(p.text())}" for p in preview.problems)
    if preview.problem_count > len(preview.problems):
        lines.append(f"... and {preview.problem_count - len(preview.problems):,} more problem(s)")
    return lines


def _print(lines: list[str]) -> None:
    for line in lines:
        print(line, file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    fmt = resolve_format(args.file, args.format)
    if getattr(args, "production", False):
        say("This is a production connection, read-only: nothing was imported (no request was "
            "sent). A production connection never writes from the command line: leave out "
            "--production to import, on a connection that is not production.")
        return EXIT_ERROR
    if args.read_only:
        say("This connection is read-only: nothing was imported (no request was sent). Run it "
            "without --read-only to import.")
        return EXIT_ERROR
    try:
        check_rate(args.rate)
    except DynoViewError:
        say(f"--rate is items per second, at least {MIN_RATE:.3g} (one a minute): {args.rate:g} was "
            "given; leave --rate out for no limit.")
        return EXIT_ERROR
    try:
        with open_connection(args) as conn:
            return _run(args, conn, fmt)
    except ReadOnlyError as exc:
        say(exc.message)
        return EXIT_ERROR
    except SchemaError as exc:  # a --schema file or a preset that cannot be used: a sentence
        say(str(exc))
        return EXIT_ERROR
    except USER_ERRORS as exc:
        return fail(exc, args, table=args.table)


def _run(args: argparse.Namespace, conn: Connection, fmt: str) -> int:
    requirement = confirmation_for_tables(conn, [args.table], "the import")
    if not requirement.allowed:
        raise ReadOnlyError(requirement.message)
    info = describe_table(conn, args.table)
    reader = Reader(conn)
    schema, origin = import_schema(args, conn, reader, info, fmt)
    if args.yes and args.progress_file:  # one that cannot serve is refused before the preview
        progress_path(args, conn, info)
    source = SourceWatch(args.file)  # what the write pass reads is what the preview checked
    watch = LayoutWatch(source.checking(read_records(args.file, fmt, csv_raw=args.csv_raw)), schema)
    mode = BATCH if args.speed else TRANSACT
    if args.skip_existing and args.speed:  # refused before the file is read, with a sentence
        check_mode(mode, False, skip_existing=True)
    # Which of the file's keys the table holds, asked as the file is read (the reader's receipts)
    preview = build_preview(watch, fmt, info, items=max(args.preview, 0), whole=True,
                            existing=ExistingCheck(reader, info))
    locks = has_lock_rules(reader, info, schema, chosen=origin != DEFAULT_LOCAL or watch.seen)
    if preview.problem_count:
        head = _report(preview, mode, locks, args.skip_existing)
        return _refused(args, "invalid", f"{preview.problem_count:,} problem(s) in {args.file}: nothing "
                        "was imported. Fix them and import again.", head)
    check_mode(mode, locks, skip_existing=args.skip_existing)
    head = _report(preview, mode, locks, args.skip_existing)
    if args.dry_run:
        print("dry run: nothing was written.", file=sys.stderr)
        _json(args, {"status": "dry-run", **head})
        return EXIT_OK
    confirmation: str | bool = True
    if requirement.type_to_confirm is not None:
        if (args.confirm_table or "").strip() != requirement.type_to_confirm:
            return _refused(args, "not-confirmed", f"Not imported: {requirement.connection} is not on "
                            f"this machine. Pass --confirm-table {requirement.type_to_confirm} with --yes "
                            "to import.", head)
        confirmation = requirement.type_to_confirm
    if not args.yes:
        return _refused(args, "not-confirmed", f"Not imported: pass --yes to write {preview.valid:,} "
                        f"item(s) into {info.name} (this command never asks); --dry-run checks without "
                        "writing.", head)
    try:
        path = progress_path(args, conn, info)  # (--resume without progress there is refused)
    except USER_ERRORS as exc:
        return _failed(args, exc, head)
    # The format and the schema's label: a resume whose batches would be cut otherwise is refused.
    options = ImportOptions(mode=mode, rate=args.rate, accept_warnings=args.accept_warnings,
                            resume=args.resume, progress_path=path, confirmation=confirmation,
                            csv_raw=args.csv_raw and fmt == CSV, fmt=fmt,
                            schema_label=schema_label(args, origin),
                            skip_existing=args.skip_existing)
    shown = _ProgressPrinter()
    cancel, stop = threading.Event(), StopRequest()
    try:
        records = source.writing(read_records(args.file, fmt, csv_raw=args.csv_raw))
        with cancel_on_signals(cancel, STOPPING, ABORTING) as stop:
            result = run_import(conn, info, records, args.file,
                                schema=schema, has_lock_rules=locks, log=ActionLog(), options=options,
                                total=preview.valid, progress=shown, cancel=cancel)
    except ImportStopped as exc:
        return _stopped(args, exc, {"interrupted": stop.signal, "progress_file": str(path), **head})
    except CancelledError as exc:  # only the signals set ``cancel``
        return _interrupted(args, exc, stop, path, shown, preview.valid, head)
    except USER_ERRORS as exc:  # a resume refused (another file, mode or cut), the endpoint...
        return _failed(args, exc, head)
    print("", file=sys.stderr)
    # Written: an output that fails now says so and exits 4, never the "nothing done" of 2.
    with output_after_write(f"The import WAS written: {result.summary()}"):
        if args.json:
            _json(args, {"status": "imported", **result.to_json(), **head})
        else:
            print(result.summary())
    return EXIT_OK


def _report(preview: Preview, mode: str, locks: bool, skip_existing: bool) -> dict[str, Any]:
    """The preview and the mode on standard error; returned as the JSON document's part."""
    rules = ("the table has uniqueness lock rules: each batch is judged by the preflight" if locks
             else "the table has no lock rules")
    _print(_preview_lines(preview, skip_existing))
    skipping = (" Items whose key is in the table are skipped (each Put guarded by "
                "attribute_not_exists), never replaced." if skip_existing else "")
    _print([f"mode: {MODE_SENTENCES[mode]} ({rules}).{skipping}"])
    existing = preview.existing.count if preview.existing is not None else None
    return {"mode": mode, "lock_rules": locks, "existing": existing, "skip_existing": skip_existing,
            "preview": preview.to_json()}


def _json(args: argparse.Namespace, document: dict[str, Any]) -> None:
    """With --json, the run's one document on standard output (as transact's and audit's): a
    script reads it whole (``json.loads``, ``jq``), whatever the run ended with."""
    if args.json:
        # The preview quotes the file's values: escaped for the terminal, still the same JSON.
        print(terminal_json(json.dumps(document, indent=2, ensure_ascii=False)))


def _refused(args: argparse.Namespace, status: str, message: str, head: dict[str, Any]) -> int:
    """Nothing written: the sentence on standard error, and with --json the document."""
    say(message)
    _json(args, {"status": status, "message": message, **head})
    return EXIT_ERROR


def _failed(args: argparse.Namespace, exc: BaseException, head: dict[str, Any]) -> int:
    """An error after the preview: said as the boundary says it (``fail``; a read-only
    connection as ``run`` says it), and with --json the ``refused`` document, which the preview
    promised (a script reads one document, however the run ended)."""
    if isinstance(exc, ReadOnlyError):
        return _refused(args, "refused", exc.message, head)
    code = fail(exc, args, table=args.table)
    if isinstance(exc, OSError) and not isinstance(exc, BotoCoreError):  # as ``fail`` says it
        where = f": {exc.filename}" if exc.filename else ""
        message = f"{exc.strerror}{where}" if exc.strerror else str(exc) or type(exc).__name__
    else:
        err = describe_error(exc, table=args.table, profile=getattr(args, "profile", None),
                             endpoint=getattr(args, "endpoint_url", None),
                             region=getattr(args, "region", None))
        message = err.message if err.title.lower() == "dynoview" else f"{err.title}: {err.message}"
    _json(args, {"status": "refused", "message": message, **head})
    return code


class _ProgressPrinter:
    """The progress line on standard error, rewritten after every batch; the last one kept."""

    def __init__(self) -> None:
        self.last: ImportProgress | None = None

    def __call__(self, progress: ImportProgress) -> None:
        self.last = progress
        print(f"\r{progress.text()}", end="", file=sys.stderr, flush=True)


#: Said at the first Ctrl+C (or SIGTERM), after its name; ABORTING at the second.
STOPPING = ("stopping the import once the batch in flight is written (Ctrl+C again ends it at "
            "once, as a kill would; --resume continues either way).")
ABORTING = ("the import ends now, as a kill would end it: the batch in flight may or may not be "
            "written, and --resume settles it and continues from the progress file.")


def _interrupted(args: argparse.Namespace, exc: CancelledError, stop: StopRequest, path: Path,
                 shown: _ProgressPrinter, total: int, head: dict[str, Any]) -> int:
    """Stopped by Ctrl+C or SIGTERM, the batch in flight settled: on a new line, how many items
    are written and how --resume continues; with --json the ``stopped`` document. Exit 2."""
    print("", file=sys.stderr)  # the progress line ends
    saved = resume.load(path)  # what --resume starts from: every batch written, none other
    committed = saved.items if saved is not None else 0
    mid = exc.__cause__ if isinstance(exc.__cause__, CancelledMidBatch) else None
    if mid is not None:  # BatchWriteItem's unprocessed items were being sent again
        message = (f"Stopped by {stop.name or 'a cancel'}: {exc.message} The progress is saved in "
                   f"{path}.")
    else:
        message = (f"Stopped by {stop.name or 'a cancel'} after the batch in flight: {committed:,} "
                   f"of {total:,} item(s) are written, nothing after them was sent. Run the same "
                   f"command with --resume to write the other {total - committed:,} (the progress "
                   f"is saved in {path}).")
    say(message)
    _json(args, {"status": "stopped", "message": message,
                 "written": shown.last.items if shown.last is not None else 0,
                 "batch": mid.batch.number + 1 if mid is not None else None,
                 "items": mid.batch.span() if mid is not None else None,
                 "unprocessed": mid.unprocessed if mid is not None else 0,
                 "resume_from_batch": (saved.batches if saved is not None else 0) + 1,
                 "bugs": [], "preflight": None, "interrupted": stop.signal,
                 "progress_file": str(path), **head})
    return EXIT_ERROR


def _stopped(args: argparse.Namespace, exc: ImportStopped, head: dict[str, Any]) -> int:
    """The stop on standard error (and --json's document), with every bug that came after it
    reported as the boundary reports one (a traceback, a crash report): exit 3 then, else 2."""
    print("", file=sys.stderr)
    if exc.preflight is not None:
        _print([f"  {line}" for line in exc.preflight.lines()])
    then = _then(exc)
    written = (f"the batches before it were written ({exc.written:,} item(s))" if exc.written
               else "no item was written before it")
    if exc.batch is not None:
        left = f", {exc.unprocessed:,} left unprocessed" if exc.unprocessed else ""
        _print([f"  stopped batch: {exc.batch.span()} ({len(exc.batch.records)} item(s){left}); "
                f"{written}: {then}."])
    elif exc.problem is not None:  # found as the file was read for the write, after the preview
        _print([f"  stopped at item {exc.problem.place.index + 1}; {written}: {then}."])
    say(exc.message)
    for bug in exc.bugs:  # said in the message too; its traceback and crash report here
        report_bug(bug.error, "import")
    batch = exc.batch.number + 1 if exc.batch is not None else None
    _json(args, {"status": "stopped", "message": exc.message, "written": exc.written,
                 "batch": batch, "items": exc.batch.span() if exc.batch is not None else None,
                 "unprocessed": exc.unprocessed, "resume_from_batch": batch,
                 "bugs": [bug.to_json() for bug in exc.bugs],
                 "preflight": exc.preflight.to_json() if exc.preflight else None, **head})
    return EXIT_BUG if exc.bugs else EXIT_ERROR


def _then(exc: ImportStopped) -> str:
    """What continues after a stop (``stops.next_step`` chooses; the window words it too)."""
    step = next_step(exc)
    if step is NextStep.RESUME:
        return "--resume continues from this batch"
    again = "fix the file, then import it again from the start, without --resume" + (
        " (the items written are written again, the same Puts)" if exc.written else "")
    if step is NextStep.FIX_FILE:
        return again
    if step is NextStep.ACCEPT_WARNINGS:  # the same file goes on once they are accepted
        return f"--resume --accept-warnings writes it and continues; or {again}"
    return f"{again}; or change the table so that the batch passes, then --resume continues"
