"""Items out: DynamoDB JSON lines, plain JSON lines or CSV, from a result or a whole table.

- ``ddb-json``: one ``{"Item": {...}}`` a line in DynamoDB JSON (binary as base64), the
  lines of DynamoDB's own export to S3, so an export re-imports (and audits) losslessly.
- ``json``: one item a line as plain JSON, numbers with their stored digits. Plain JSON has
  no types: binary is written as base64 text and sets as arrays, and they come back as S and L.
- ``csv``: one column per attribute *and type*, the type in the header (``email (S)``;
  an attribute stored with two types gets two columns), key attributes first; lists and maps
  in DynamoDB JSON, so a CSV re-imports exactly too. A cell is empty when the item lacks that
  attribute with that type; an empty string or binary is written ``'`` (a string of
  apostrophes only gets one more ``'``). A header or cell that a
  spreadsheet would run as a formula (starting with ``=``, ``+``, ``-``, ``@``, tab or
  carriage return) is prefixed with ``'`` and quoted (``values.csv_cells``): a value from a
  table is data, never code. ``csv_raw=True`` writes cells as they are, for programs.

A lone surrogate in a string (UTF-8 cannot hold one) is written as its ``\\uXXXX`` escape in
the JSON lines and refused, naming the item, in a CSV (``export_lines``).

A whole table is read by a parallel Scan (``Segment``/``TotalSegments``), every page through
the Reader, so each leaves a read receipt. A file is written next to its destination under
an exclusive temporary name (``.NAME.partial-PID-RANDOM``, 0600, never through a link:
``private_files.atomic_private``) and renamed over it only once complete: a cancel or an
error leaves no half export that looks whole (``replace=False``: nor replaces a file already
there). The partial file and the CSV's spool folder
(``$TMPDIR/dynoview-spool-PID-RANDOM``) are removed on any exit, SIGTERM included
(``session.leftovers``); what ``kill -9`` leaves is swept by the next export.
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from dynoview.core.counts import units_text
from dynoview.core.errors import CancelledError, DynoViewError, describe_error
from dynoview.core.items.export_lines import (
    CsvColumns,
    csv_header,
    csv_row,
    csv_spool_line,
    ddb_json_line,
    item_from_ddb_json_line,
    plain_json_line,
)
from dynoview.core.items.export_lines import csv_cell as csv_cell  # here too: csv_typed's inverse
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.reads.throttling import bulk_reader, slowdown_note
from dynoview.core.session import leftovers
from dynoview.core.session.private_files import PrivateFileError, atomic_private, open_private
from dynoview.core.session.tables import TableInfo
from dynoview.core.values.csv_cells import CsvWriter

DDB_JSON = "ddb-json"
PLAIN_JSON = "json"
CSV = "csv"
FORMATS = (DDB_JSON, PLAIN_JSON, CSV)
FORMAT_LABELS = {DDB_JSON: "DynamoDB JSON lines ({\"Item\": …}, as DynamoDB's S3 export; exact copy)",
                 PLAIN_JSON: "Plain JSON lines (types not kept: not an exact copy)",
                 CSV: "CSV (one column per attribute and type; exact copy)"}
#: Which formats ``dynoview import`` reads back as they were: for ``--help`` and the docs.
ROUND_TRIP_NOTE = ("DynamoDB JSON lines and CSV re-import exactly, every type kept (nested ones "
                   "too). Plain JSON lines record no types: binary is written as base64 text and "
                   "sets as arrays, so an import reads them back as strings and lists.")
SUFFIXES = {DDB_JSON: ".json", PLAIN_JSON: ".jsonl", CSV: ".csv"}

DEFAULT_SEGMENTS = 4
MAX_SEGMENTS = 64  # as the audit's parallel Scan

Item = Mapping[str, Mapping[str, Any]]


# --------------------------------------------------------------------------- writers


class ItemWriter:
    """Writes items in one format to a text stream; CSV waits for every item (its header
    needs every column), spooling them as DynamoDB JSON lines to a private temporary file."""

    def __init__(self, out: IO[str], fmt: str, key_names: Sequence[str] = (), *,
                 csv_raw: bool = False) -> None:
        if fmt not in FORMATS:
            raise DynoViewError(f"Export formats are {', '.join(FORMATS)}; {fmt!r} is not one.",
                                field="format")
        self.out = out
        self.fmt = fmt
        self.csv_raw = csv_raw  # True: formula-like cells as they are (csv_cells)
        self.count = 0
        self._columns = CsvColumns(key_names)
        self._spool_dir: Path | None = None
        self._spool: IO[str] | None = None
        if fmt == CSV:
            self._spool_dir = leftovers.private_temp_dir("spool")  # 0700, removed on any exit
            self._spool = open_private(self._spool_dir / "items.jsonl", "x+")

    def write(self, items: Iterable[Item]) -> None:
        for item in items:
            if self._spool is not None:  # an item CSV cannot hold is refused before it is kept
                line = csv_spool_line(item, self._columns.key_names, self.count + 1)
                self._columns.add(item)
                self._spool.write(line + "\n")
            else:
                self.out.write((ddb_json_line(item) if self.fmt == DDB_JSON else plain_json_line(item))
                               + "\n")
            self.count += 1

    def finish(self, cancel: threading.Event | None = None) -> None:
        """Write what waits (the CSV) and flush."""
        if self._spool is not None:
            columns = self._columns.columns()
            writer = CsvWriter(self.out, raw=self.csv_raw)
            writer.writerow([csv_header(c) for c in columns])
            self._spool.seek(0)
            for n, line in enumerate(self._spool):
                if cancel is not None and n % 1000 == 0 and cancel.is_set():
                    raise CancelledError("The export was cancelled.")
                writer.writerow(csv_row(item_from_ddb_json_line(line), columns))
        self.out.flush()
        self.close()

    def close(self) -> None:
        if self._spool is not None:
            self._spool.close()
            self._spool = None
        if self._spool_dir is not None:
            leftovers.remove_temp_dir(self._spool_dir)
            self._spool_dir = None


def render(items: Iterable[Item], fmt: str, key_names: Sequence[str] = (), *,
           csv_raw: bool = False) -> str:
    """The whole export of ``items`` as text (a result already in memory)."""
    buffer = io.StringIO()
    writer = ItemWriter(buffer, fmt, key_names, csv_raw=csv_raw)
    try:
        writer.write(items)
        writer.finish()
    finally:
        writer.close()
    return buffer.getvalue()


class OutputExistsError(DynoViewError):
    """A file is at the path and replacing it was not asked for: it is left as it is."""


def check_output(path: Path | str, *, replace: bool = True) -> Path:
    """Refuse, before any work, a path an export cannot be written to: a folder, a folder that
    does not exist, or (``replace=False``) a file that is already there."""
    path = Path(path)
    if path.is_dir() and not path.is_symlink():
        raise DynoViewError(f"{path} is a folder: give a file name to export to.", field="output")
    if not path.parent.is_dir():
        raise DynoViewError(f"The folder {path.parent} does not exist: create it or pick another "
                            "place to export to.", field="output")
    if not replace and _is_file(path):
        raise OutputExistsError(f"{path} already exists; it was left as it is.", field="output")
    return path


def _is_file(path: Path) -> bool:
    """A regular file (never followed): what an export would replace. A link or a device is
    refused whatever ``replace`` says (``private_files.check_target``)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


@contextlib.contextmanager
def private_output(path: Path | str, cancel: threading.Event | None = None, *,
                   replace: bool = True) -> Iterator[IO[str]]:
    """A 0600 text file that appears at ``path`` only when the block ends without an error
    and ``cancel`` is not set: until then it is an exclusive temporary file beside it
    (``.NAME.partial-PID-RANDOM``), removed on any error, cancel, exit or SIGTERM (so
    "cancelled" always means "nothing written"). A link or a non-regular file at ``path``
    is refused; stale partial files of killed exports in the folder are swept first.
    ``replace=False``: a file already at ``path``, or put there while the block ran, is left
    as it is (``OutputExistsError``) and nothing is written."""
    path = check_output(path, replace=replace)
    writing = False  # errors of the block itself pass through as they are
    try:
        with atomic_private(path, "w", encoding="utf-8", tag="partial") as handle:
            writing = True
            yield handle
            if cancel is not None and cancel.is_set():
                raise CancelledError("The export was cancelled; nothing was written.")
            if not replace and _is_file(path):  # made while the export ran
                raise OutputExistsError(f"{path} was created while the export ran; it was left "
                                        "as it is and the export was not written.", field="output")
            writing = False
    except PrivateFileError as exc:
        if writing:
            raise
        raise DynoViewError(exc.message, field="output") from None
    except OSError as exc:
        if writing:
            raise
        raise DynoViewError(f"{path} cannot be written ({exc.strerror}): pick another place.",
                            field="output") from exc


# --------------------------------------------------------------------------- whole-table scan


@dataclass(frozen=True)
class ExportProgress:
    """A snapshot for a progress bar: items written against DescribeTable's approximate count."""

    items: int
    approximate_total: int | None
    pages: int
    segments_done: int
    segments: int
    consumed_capacity: float | None
    elapsed_s: float

    @property
    def fraction(self) -> float | None:
        """In [0, 1], or None while unknown (the count is refreshed about every six hours)."""
        if not self.approximate_total:
            return None
        return min(1.0, self.items / self.approximate_total)

    def text(self) -> str:
        total = f" of about {self.approximate_total:,}" if self.approximate_total else ""
        rcu = f", {units_text(self.consumed_capacity)} RCU" if self.consumed_capacity is not None else ""
        return (f"{self.items:,}{total} items exported{rcu}, "
                f"{self.segments_done}/{self.segments} segments done")


@dataclass
class ExportResult:
    table: str | None
    fmt: str
    items: int
    pages: int = 0
    segments: int = 1
    consistent: bool = False
    consumed_capacity: float | None = None
    duration_s: float = 0.0
    receipts: list[ReadReceipt] = field(default_factory=list)
    throttle_note: str | None = None  # DynamoDB throttled the scan: how often, why

    def summary(self) -> str:
        what = f"of {self.table} " if self.table else ""
        mode = "a strongly consistent" if self.consistent else "an eventually consistent"
        cost = (f", {units_text(self.consumed_capacity)} RCU" if self.consumed_capacity is not None
                else ", capacity not reported")
        scan = (f" by {mode} Scan in {self.segments} segment{'s' if self.segments != 1 else ''}"
                f" ({self.pages} page{'s' if self.pages != 1 else ''}{cost})" if self.pages else "")
        note = f" {self.throttle_note}" if self.throttle_note else ""
        return (f"{self.items:,} item{'s' if self.items != 1 else ''} {what}exported as "
                f"{self.fmt}{scan} in {self.duration_s:.1f} s.{note}")


ProgressCallback = Callable[[ExportProgress], None]


class ExportIncompleteError(DynoViewError):
    """A segment failed, so the export stopped: the output is not the whole table."""


class _Done:
    def __init__(self, segment: int, error: BaseException | None = None) -> None:
        self.segment = segment
        self.error = error


def check_segments(segments: int) -> None:
    if not 1 <= segments <= MAX_SEGMENTS:
        raise DynoViewError(f"Segments must be between 1 and {MAX_SEGMENTS}; {segments} was given. "
                            f"{DEFAULT_SEGMENTS} suits most tables.", field="segments")


_Page = tuple[list[dict[str, Any]], ReadReceipt]


class _SegmentReader:
    """Called once per segment thread: reads that segment page by page onto ``pages``."""

    def __init__(self, reader: Reader, table: str, segments: int, consistent: bool,
                 page_limit: int | None, user_cancel: threading.Event) -> None:
        self.reader, self.table, self.segments = reader, table, segments
        self.consistent, self.page_limit, self.user_cancel = consistent, page_limit, user_cancel
        self.stop = threading.Event()  # a failed segment stops the others without looking like a user cancel
        # Set once ``scan_table`` reads no more (the sink failed, Ctrl+C): nothing waits to put then,
        # not even a segment's end, or joining the segment threads would wait for ever.
        self.consumer_gone = threading.Event()
        self.pages: queue.Queue[_Page | _Done] = queue.Queue(
            maxsize=segments * 2)  # bounded: a slow writer slows the readers, memory stays flat

    def stopped(self) -> bool:
        return self.stop.is_set() or self.user_cancel.is_set()

    def __call__(self, segment: int) -> None:
        request: dict[str, Any] = {"TableName": self.table, "ConsistentRead": self.consistent}
        if self.segments > 1:
            request.update(Segment=segment, TotalSegments=self.segments)
        if self.page_limit:
            request["Limit"] = self.page_limit
        try:
            last_key: dict[str, Any] | None = None
            while not self.stopped():
                req = dict(request)
                if last_key is not None:
                    req["ExclusiveStartKey"] = last_key
                response, receipt = self.reader.read_with_receipt("Scan", req)
                self._put((response.get("Items", []), receipt))
                last_key = response.get("LastEvaluatedKey")
                if not last_key:
                    break
            self._put(_Done(segment))
        except BaseException as exc:
            self._put(_Done(segment, exc))

    def _put(self, entry: _Page | _Done) -> None:
        while True:
            try:
                self.pages.put(entry, timeout=0.1)
                return
            except queue.Full:
                if self.consumer_gone.is_set() or (self.stopped() and not isinstance(entry, _Done)):
                    return


def scan_table(reader: Reader, table: TableInfo, sink: Callable[[list[dict[str, Any]]], None], *,
               segments: int = DEFAULT_SEGMENTS, consistent: bool = False,
               progress: ProgressCallback | None = None, cancel: threading.Event | None = None,
               page_limit: int | None = None) -> ExportResult:
    """Read every item of ``table`` by a parallel Scan and hand each page to ``sink`` (on the
    calling thread, so a writer needs no lock). Raises ``CancelledError`` when ``cancel`` is
    set and ``ExportIncompleteError`` when a segment fails; the others stop after their page."""
    check_segments(segments)
    user_cancel = cancel or threading.Event()
    segment_reader = _SegmentReader(reader, table.name, segments, consistent, page_limit, user_cancel)
    started = time.perf_counter()
    threads = [threading.Thread(target=segment_reader, args=(s,), name=f"export-segment-{s}",
                                daemon=True) for s in range(segments)]
    for t in threads:
        t.start()
    result = ExportResult(table.name, "", 0, segments=segments, consistent=consistent)
    done = 0
    error: tuple[int, BaseException] | None = None
    try:
        while done < segments:
            entry = segment_reader.pages.get()
            if isinstance(entry, _Done):
                done += 1
                if entry.error is not None and error is None:
                    error = (entry.segment, entry.error)
                    segment_reader.stop.set()
            elif not segment_reader.stopped():
                _write_page(result, entry, sink)
            if progress is not None:
                progress(ExportProgress(result.items, table.item_count, result.pages, done, segments,
                                        result.consumed_capacity, time.perf_counter() - started))
    except BaseException:
        segment_reader.stop.set()  # the sink failed (a full disk): stop reading
        raise
    finally:
        segment_reader.consumer_gone.set()  # every segment has put its end, or no one reads it
        for t in threads:
            t.join()
    if error is not None:
        raise _incomplete(reader, table, *error) from error[1]
    if user_cancel.is_set():
        raise CancelledError(f"The export of {table.name} was cancelled; nothing was written.")
    result.duration_s = time.perf_counter() - started
    return result


def _write_page(result: ExportResult, page: _Page, sink: Callable[[list[dict[str, Any]]], None]) -> None:
    """Hand one page to the sink and count it (the first 1,000 receipts are kept)."""
    items, receipt = page
    result.pages += 1
    if len(result.receipts) < 1000:
        result.receipts.append(receipt)
    if receipt.consumed_capacity is not None:
        result.consumed_capacity = (result.consumed_capacity or 0) + receipt.consumed_capacity
    sink(items)
    result.items += len(items)


def _incomplete(reader: Reader, table: TableInfo, segment: int,
                exc: BaseException) -> ExportIncompleteError:
    spec = reader.conn.spec
    reason = describe_error(exc, operation="Scan", table=table.name, profile=spec.profile,
                            endpoint=spec.endpoint_url, region=reader.conn.region).message
    return ExportIncompleteError(
        f"The export of {table.name} stopped before the end of the table: segment {segment} "
        f"failed. {reason} Export again; what was read is not a whole table.")


def export_table(reader: Reader, table: TableInfo, out: IO[str], fmt: str, *,
                 segments: int = DEFAULT_SEGMENTS, consistent: bool = False,
                 progress: ProgressCallback | None = None,
                 cancel: threading.Event | None = None, page_limit: int | None = None,
                 csv_raw: bool = False) -> ExportResult:
    """Export every item of ``table`` to ``out`` (see ``export_table_to_file`` for a file).
    ``page_limit`` is the Scan's Limit (items a request reads; DynamoDB also stops at 1 MB);
    ``csv_raw`` keeps formula-like CSV cells as they are (``csv_cells``)."""
    writer = ItemWriter(out, fmt, table.key_names, csv_raw=csv_raw)
    reader = bulk_reader(reader)  # adaptive retries: one user's whole-table read slows down when throttled
    try:
        result = scan_table(reader, table, writer.write, segments=segments, consistent=consistent,
                            progress=progress, cancel=cancel, page_limit=page_limit)
        writer.finish(cancel)
    finally:
        writer.close()
    result.fmt = fmt
    result.throttle_note = slowdown_note(reader)
    return result


def export_table_to_file(reader: Reader, table: TableInfo, path: Path | str, fmt: str, *,
                         replace: bool = True, **options: Any) -> ExportResult:
    """Export every item of ``table`` to a 0600 file that appears only once complete.
    ``replace=False``: a file already at ``path`` is refused (``OutputExistsError``)."""
    with private_output(path, options.get("cancel"), replace=replace) as out:
        return export_table(reader, table, out, fmt, **options)


def export_items_to_file(items: Sequence[Item], path: Path | str, fmt: str,
                         key_names: Sequence[str] = (), table: str | None = None,
                         cancel: threading.Event | None = None, csv_raw: bool = False) -> ExportResult:
    """Export items already read (the current result) to a 0600 file."""
    started = time.perf_counter()
    with private_output(path, cancel) as out:
        writer = ItemWriter(out, fmt, key_names, csv_raw=csv_raw)
        try:
            for start in range(0, len(items), 1000):
                if cancel is not None and cancel.is_set():
                    raise CancelledError("The export was cancelled; nothing was written.")
                writer.write(items[start:start + 1000])
            writer.finish(cancel)
        finally:
            writer.close()
    return ExportResult(table, fmt, len(items), duration_s=time.perf_counter() - started)
