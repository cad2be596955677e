"""Full-table audit: a parallel Scan streamed through the pairing classifier.

Each segment (``Segment``/``TotalSegments``) is read by its own thread. Every page is a
read through ``Reader`` and leaves a receipt that records the consistency the user
chose; memory holds a few pages plus the pairing state, never the table.

Parsing: botocore's response parser walks every attribute of every item in Python
(about 30k items/s). The audit's own client (``fast_reader``) has a ``before-parse``
handler that decodes only a Scan answer's paging and receipt fields and passes the
body on as bytes; ``audit.pages`` classifies the items from those bytes, decoding only
the attributes the schema reads. That client is created from the same session and
endpoint as the connection and refuses writes the same way; the browse path is
untouched. Binary values arrive as base64 text, which only matters for
``LastEvaluatedKey``: it is decoded back to bytes before it is sent again.

Where the classifying happens (``AuditResult.path``, also on every receipt):

- in-process: the calling thread classifies pages as the segment threads bring them.
  Small tables take this path: starting processes would cost more than it saves.
- worker processes: for large tables (by DescribeTable's approximate size) the segment
  threads still do every read, and hand each page body to one of ``audit.workers``'
  processes, one per CPU core, which classify in parallel and send back batches of flat
  lists; this process builds the pairing's dicts from them as they come, and computes
  the findings once, at the end.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from dynoview.core.audit.collector import relaxed_gc
from dynoview.core.audit.pages import PageClassifier
from dynoview.core.audit.scan import AuditStop, SegmentDone, SegmentScanner, fast_reader
from dynoview.core.audit.ttl_unknown import ttl_unknown_findings
from dynoview.core.audit.workers import (
    LOW_WORKER_NICENESS,
    WORKER_NICENESS,
    ClassifierPool,
    available_cpus,
)
from dynoview.core.background import background_priority, yield_to_ui
from dynoview.core.counts import count_text, units_text
from dynoview.core.errors import DynoViewError, describe_error
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.reads.throttling import slowdown_note
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import UniquenessSchema

DEFAULT_SEGMENTS = 4
MAX_SEGMENTS = 64
MAX_KEPT_RECEIPTS = 10_000
# Worker processes pay for themselves from about this size: starting two costs ~0.2 s,
# and classifying elsewhere takes ~0.8 s of this process's CPU off each 1M items (on two
# free cores; benchmarks/audit_throughput.py). DescribeTable's figures are refreshed
# about every six hours; either one decides.
PROCESS_MIN_ITEMS = 200_000
PROCESS_MIN_BYTES = 32_000_000
IN_PROCESS = "in-process"

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class AuditProgress:
    """A snapshot for a progress bar: items read against the approximate count."""

    items_read: int
    scanned: int
    approximate_total: int | None
    consumed_capacity: float
    findings: int | None  # None while worker processes classify: counted once, at the end
    pages: int
    segments_done: int
    segments: int
    elapsed_s: float

    @property
    def fraction(self) -> float | None:
        """Progress in [0, 1], or None when DynamoDB reported no item count.

        The count is refreshed about every six hours, so it is clamped.
        """
        if not self.approximate_total:
            return None
        return min(1.0, self.scanned / self.approximate_total)

    def text(self) -> str:
        total = f" of about {self.approximate_total:,}" if self.approximate_total else ""
        found = (f"{count_text(self.findings, 'finding')} so far, " if self.findings is not None
                 else "findings counted at the end, ")
        return (f"{self.scanned:,}{total} items read, {units_text(self.consumed_capacity)} RCU, "
                f"{found}{self.segments_done}/{self.segments} segments done")

    def short_text(self) -> str:
        """What fits in a progress bar: items read and segments done."""
        total = f" of ~{self.approximate_total:,}" if self.approximate_total else ""
        return f"{self.scanned:,}{total} · {self.segments_done}/{self.segments} segments"


@dataclass
class AuditResult:
    """What an audit found and what it cost."""

    table: str
    schema: UniquenessSchema
    pairing: Pairing
    findings: list[Finding]
    counts: dict[str, int]
    segments: int
    consistent: bool
    items_read: int
    scanned: int
    pages: int
    consumed_capacity: float | None
    approximate_item_count: int | None
    approximate_size_bytes: int | None
    duration_s: float
    cancelled: bool
    fast_parse: bool
    receipts: list[ReadReceipt] = field(default_factory=list)
    receipts_dropped: int = 0
    incomplete_segments: tuple[int, ...] = ()  # segments a cancel stopped before their end
    path: str = IN_PROCESS  # where items were classified: "in-process" or "N worker processes"
    workers: int = 0  # worker processes used (0: in-process)
    throttle_note: str | None = None  # DynamoDB throttled the scan: how often, why (reads.throttling)
    # A two-table audit's locks table: its locks whose TTL is still ahead (``Pairing.ttls_ahead``).
    locks_ttls_ahead: list[tuple[str, str, str]] | None = None
    # The locks' table's TTL could not be read (``TableInfo.ttl_unknown_note``): its orphan
    # locks may be reservations, each marked ``Finding.ttl_unknown`` (``audit.ttl_unknown``).
    ttl_unknown_note: str | None = None

    @property
    def complete(self) -> bool:
        return not self.cancelled

    @property
    def clean(self) -> bool:
        return not self.findings


ProgressCallback = Callable[[AuditProgress], None]
#: Called while the scan runs with the findings no later item can undo (``certain_findings``).
FindingsCallback = Callable[[list[Finding]], None]

class AuditIncompleteError(DynoViewError):
    """A segment failed even after retries, so the audit stopped without findings.

    ``incomplete`` lists, in DynamoDB's numbering (``Segment`` 0 to ``TotalSegments``-1),
    every segment that was not read to its end; ``cause`` is the error that stopped it.
    Findings from part of a table would be wrong (an account on an unread page makes its
    locks look orphaned), so none are returned.
    """

    def __init__(self, table: str, cause: BaseException, failed: int, incomplete: list[int],
                 segments: int, items_read: int, where: Mapping[str, Any] | None = None) -> None:
        self.cause = cause
        self.failed_segment = failed
        self.incomplete = tuple(sorted(incomplete))
        self.segments = segments
        self.items_read = items_read
        listed = ", ".join(str(s) for s in self.incomplete)
        plural = "s" if len(self.incomplete) != 1 else ""
        reason = describe_error(cause, operation="Scan", table=table, **(where or {})).message
        super().__init__(
            f"The audit of {table} stopped before reading the whole table: segment {failed} failed. "
            f"{reason} Segment{plural} {listed} "
            f"(of 0 to {segments - 1}) {'were' if plural else 'was'} not read to the end "
            f"({items_read:,} items were read), so no findings are shown: an account on an unread "
            "page would make its locks look orphaned. Run the audit again.", field="segments")


def _where(reader: Reader) -> dict[str, Any]:
    """The connection details an error sentence names (profile for the login to run)."""
    spec = reader.conn.spec
    return {"profile": spec.profile, "endpoint": spec.endpoint_url, "region": reader.conn.region}


def choose_workers(table: TableInfo, segments: int, workers: int | None = None,
                   fast_parse: bool = True, spare_cores: int = 0) -> int:
    """How many worker processes classify pages: 0 means in-process.

    ``workers`` forces a number (capped at ``segments``: a segment's pages go to one
    worker); ``None`` decides by DescribeTable's approximate size: small tables (the demo,
    anything under ``PROCESS_MIN_ITEMS`` / ``PROCESS_MIN_BYTES``) never pay for starting
    processes, larger ones get one worker per CPU core, less ``spare_cores`` (a window keeps
    one for its event loop and the reads that feed the workers), and at least one.
    """
    if not fast_parse:
        return 0  # botocore's parsed items live in this process
    if workers is not None:
        return max(0, min(workers, segments))
    cpus = available_cpus()
    large = ((table.item_count or 0) >= PROCESS_MIN_ITEMS
             or (table.size_bytes or 0) >= PROCESS_MIN_BYTES)
    return max(1, min(cpus - spare_cores, segments)) if large and cpus >= 2 else 0



def _check_segments(segments: int) -> None:
    if not 1 <= segments <= MAX_SEGMENTS:
        raise DynoViewError(f"Segments must be between 1 and {MAX_SEGMENTS}; {segments} was given. "
                            f"{DEFAULT_SEGMENTS} suits most tables.", field="segments")


def _path_name(n_workers: int) -> str:
    """Where pages are classified, as receipts and the result say it."""
    return IN_PROCESS if not n_workers else (
        f"{n_workers} worker process{'es' if n_workers > 1 else ''}")


def run_audit(
    reader: Reader,
    table: TableInfo,
    schema: UniquenessSchema,
    *,
    segments: int = DEFAULT_SEGMENTS,
    consistent: bool = False,
    progress: ProgressCallback | None = None,
    cancel: threading.Event | None = None,
    fast_parse: bool = True,
    page_limit: int | None = None,
    now: datetime | None = None,
    workers: int | None = None,
    findings_so_far: FindingsCallback | None = None,
    spare_cores: int = 0,
    pairing: Pairing | None = None,
    low_priority_workers: bool = False,
    keep_ttls_ahead: bool = False,
) -> AuditResult:
    """Scan the whole table in ``segments`` parallel segments and classify every item.

    ``cancel`` stops each segment after its current page; the result is then
    marked cancelled and holds what was read so far. ``page_limit`` sets the
    Scan ``Limit`` (items per page; DynamoDB also stops a page at 1 MB).
    ``workers`` and ``spare_cores``: see ``choose_workers`` (default: by the table's size).
    ``low_priority_workers``: the worker processes run well below this process's threads
    (``LOW_WORKER_NICENESS``), taking mostly the CPU it leaves: a window's event loop, and its
    threads that hold the GIL the loop needs, seldom wait for a core behind a worker.
    ``findings_so_far`` gets the certain findings (duplicates, clashes, expired items) while
    the scan runs, when they change: the first within a fraction of a second.
    ``pairing``: classify into this one (built for ``schema``) instead of a new one: the audit
    of a schema whose locks have their own table (``audit.two_tables``) seeds it with them.
    ``keep_ttls_ahead``: the new pairing keeps the accounts and locks whose TTL is still ahead
    (``Pairing.ttls_ahead``: a watch seeded by the audit expires them when it passes).
    """
    _check_segments(segments)
    n_workers = choose_workers(table, segments, workers, fast_parse, spare_cores)
    path = _path_name(n_workers)
    # A failing segment stops the others through this event, never through the caller's:
    # a caller (the UI's task runner) reads its own event as "the user cancelled" and
    # would drop the error, leaving the audit spinning forever.
    stop = AuditStop(cancel or threading.Event())
    if pairing is None:
        pairing = Pairing(schema, table.expiry_attribute, now, keep_ttls_ahead=keep_ttls_ahead)
    classifier = PageClassifier(pairing) if fast_parse else None
    log.info("Audit of %s: %d segment(s), pages classified %s.", table.name, segments, path)
    started = time.perf_counter()
    # Worker batches are applied from their receiving threads; fallback pages from here.
    apply_lock = threading.Lock()
    # Started first, so the workers boot while the first pages are on their way.
    niceness = LOW_WORKER_NICENESS if low_priority_workers else WORKER_NICENESS
    pool = ClassifierPool(n_workers, pairing, apply_lock, niceness) if n_workers else None
    scanner = SegmentScanner(
        fast_reader(reader) if fast_parse else reader, table.name, segments,
        consistent=consistent, page_limit=page_limit, cancel=stop, pool=pool,
        fast_parse=fast_parse, extra={"audit_path": path})  # each receipt says where its page was classified
    if fast_parse:  # the audit's own client: each page's Python work is cut where a window can go first
        _yield_between_steps(scanner.reader)
    try:
        with relaxed_gc():
            result = _run(scanner.pages, scanner, segments, pairing, classifier, pool, apply_lock,
                          progress, stop, table, started, where=_where(reader),
                          findings_so_far=findings_so_far)
    finally:
        if pool is not None:
            pool.close()
    result.consistent, result.fast_parse, result.path = consistent, fast_parse, path
    result.throttle_note = slowdown_note(scanner.reader)
    if schema.locks is None:  # the locks are this table's (two tables: ``audit.two_tables``)
        result.findings = ttl_unknown_findings(result.findings, table)
        result.ttl_unknown_note = table.ttl_unknown_note
    log.info("Audit of %s: %s items in %.2f s, %s.", table.name, f"{result.items_read:,}",
             result.duration_s, path)
    return result


@dataclass
class _Tally:
    """What the consumer has counted so far, page by page and segment by segment."""

    findings_so_far: int | None  # None while worker processes classify
    receipts: list[ReadReceipt] = field(default_factory=list)
    dropped: int = 0
    scanned: int = 0
    pages: int = 0
    done: int = 0
    items_read: int = 0  # classified here, or handed to a worker process
    capacity: float = 0.0
    capacity_reported: bool = False
    error: BaseException | None = None
    failed_segment: int = -1
    incomplete: list[int] = field(default_factory=list)
    last_findings_at: float = 0.0
    findings_cost: float = 0.0
    last_certain_at: float = 0.0
    certain_cost: float = 0.0
    certain_shown: int = 0  # nothing to show until a finding comes

    def segment_done(self, entry: SegmentDone, cancel: threading.Event) -> None:
        self.done += 1
        if not entry.finished:
            self.incomplete.append(entry.segment)
        if entry.error is not None and self.error is None:
            self.error, self.failed_segment = entry.error, entry.segment
            cancel.set()  # stop the other segments; the first error is raised below

    def page_read(self, receipt: ReadReceipt) -> None:
        if len(self.receipts) < MAX_KEPT_RECEIPTS:
            self.receipts.append(receipt)
        else:
            self.dropped += 1
        self.pages += 1
        if receipt.consumed_capacity is not None:
            self.capacity += receipt.consumed_capacity
            self.capacity_reported = True

    def items_counted(self, count: int, response: dict[str, Any]) -> None:
        self.items_read += count
        self.scanned += int(response.get("ScannedCount", count))

    def recount_findings(self, pairing: Pairing, now_s: float, last: bool) -> None:
        """Counting findings walks the whole state: keep it under ~10% of the run."""
        if now_s - self.last_findings_at >= max(0.5, 10 * self.findings_cost) or last:
            t0 = time.perf_counter()
            self.findings_so_far = len(pairing.findings())
            self.findings_cost = time.perf_counter() - t0
            self.last_findings_at = now_s


    def report_certain(self, pairing: Pairing, apply_lock: threading.Lock, now_s: float,
                       report: FindingsCallback) -> None:
        """Send the certain findings when they changed, often at first (a problem within a
        second of the start), then at most every ten times what working them out costs."""
        if now_s - self.last_certain_at < max(0.25, 10 * self.certain_cost):
            return
        t0 = time.perf_counter()
        with apply_lock:  # worker batches are applied from other threads
            found = pairing.certain_findings()
        self.certain_cost = time.perf_counter() - t0
        self.last_certain_at = now_s
        if len(found) != self.certain_shown:
            self.certain_shown = len(found)
            report(found)


def _classify(response: dict[str, Any], body: bytes | None, pairing: Pairing,
              classifier: PageClassifier | None, pool: ClassifierPool | None,
              apply_lock: threading.Lock) -> int:
    """Classify one page where its items are; returns how many items it held."""
    if body is not None and classifier is not None:
        return classifier.feed(body)
    if pool is not None and "Items" not in response:
        return int(response.get("Count") or 0)  # classified by a worker
    with apply_lock:  # botocore parsed this page (fallback or fast_parse=False)
        return pairing.feed(response.get("Items", []))


#: botocore events between which a Scan's own Python work (building, signing, sending, parsing
#: headers) is cut, for ``yield_to_ui``: a few milliseconds of it each.
_YIELD_EVENTS = ("before-call.dynamodb.Scan", "before-send.dynamodb.Scan", "after-call.dynamodb.Scan")


def _yield_between_steps(reader: Reader) -> None:
    events = reader.conn.client.meta.events
    for event in _YIELD_EVENTS:
        events.register(event, yield_to_ui)


def _start_segments(worker: Callable[[int], None], segments: int) -> list[threading.Thread]:
    def segment(s: int) -> None:
        background_priority()
        worker(s)

    threads = [threading.Thread(target=segment, args=(s,), name=f"audit-segment-{s}", daemon=True)
               for s in range(segments)]
    for t in threads:
        t.start()
    return threads


def _run(pages: queue.Queue[Any], worker: Callable[[int], None], segments: int, pairing: Pairing,
         classifier: PageClassifier | None, pool: ClassifierPool | None, apply_lock: threading.Lock,
         progress: ProgressCallback | None, cancel: threading.Event, table: TableInfo,
         started: float, where: Mapping[str, Any] | None = None,
         findings_so_far: FindingsCallback | None = None) -> AuditResult:
    """Start the segment threads, classify (or count) their pages as they arrive, merge."""
    threads = _start_segments(worker, segments)
    tally = _Tally(findings_so_far=None if pool is not None else 0)
    while tally.done < segments:
        entry = pages.get()
        yield_to_ui()
        if isinstance(entry, SegmentDone):
            tally.segment_done(entry, cancel)
        else:
            response, receipt, body = entry
            tally.page_read(receipt)
            tally.items_counted(_classify(response, body, pairing, classifier, pool, apply_lock),
                                response)
        if findings_so_far is not None and tally.done < segments:
            tally.report_certain(pairing, apply_lock, time.perf_counter(), findings_so_far)
        if progress is not None:
            now_s = time.perf_counter()
            if pool is None:
                tally.recount_findings(pairing, now_s, last=tally.done == segments)
            progress(AuditProgress(tally.items_read, tally.scanned, table.item_count, tally.capacity,
                                   tally.findings_so_far, tally.pages, tally.done, segments,
                                   now_s - started))
    for t in threads:
        t.join()
    if tally.error is not None:
        raise AuditIncompleteError(table.name, tally.error, tally.failed_segment, tally.incomplete,
                                   segments, tally.items_read, where) from tally.error
    if pool is not None:
        pool.finish()  # every batch applied
    return _result(tally, pairing, classifier, pool, progress, cancel, table, segments, started)


def _result(tally: _Tally, pairing: Pairing, classifier: PageClassifier | None,
            pool: ClassifierPool | None, progress: ProgressCallback | None,
            cancel: threading.Event, table: TableInfo, segments: int, started: float) -> AuditResult:
    """The findings, once every page is in, and the final progress when workers classified."""
    findings = pairing.findings()
    duration = time.perf_counter() - started
    if progress is not None and pool is not None:  # the count the workers could not give
        progress(AuditProgress(pairing.items_seen, tally.scanned, table.item_count, tally.capacity,
                               len(findings), tally.pages, tally.done, segments, duration))
    return AuditResult(
        table=table.name, schema=pairing.schema, pairing=pairing, findings=findings,
        counts=pairing.counts(), segments=segments, consistent=False,
        items_read=pairing.items_seen, scanned=tally.scanned, pages=tally.pages,
        consumed_capacity=tally.capacity if tally.capacity_reported else None,
        approximate_item_count=table.item_count, approximate_size_bytes=table.size_bytes,
        duration_s=duration, cancelled=cancel.is_set(),
        fast_parse=classifier is not None, receipts=tally.receipts, receipts_dropped=tally.dropped,
        incomplete_segments=tuple(sorted(tally.incomplete)), workers=len(pool) if pool else 0,
    )
