"""Reading a stream from a position, shard by shard, and following it as new records arrive.

Closed shards hand over to their children; shard iterators expire after 15 minutes and are
renewed where reading stopped, so no record is skipped; trimmed records (older than 24 hours)
are reported, not silently passed over.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from botocore.exceptions import ClientError

from dynoview.core.errors import (
    CancelledError,
    DynoViewError,
    aws_error_code,
    reasons_text,
    throttling_reasons,
)
from dynoview.core.reads.receipts import ReadLog
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.streams.client import (
    answered,
    prepare_streams_client,
    reading_client,
    record_stream_receipt,
    resent,
)
from dynoview.core.streams.description import RETENTION_HOURS, StreamInfo, describe_stream
from dynoview.core.streams.key_filter import KeyFilter
from dynoview.core.streams.page import DAMAGED_ATTEMPTS, Page, checked_page, damaged_notice
from dynoview.core.streams.records import StreamEvent, parse_record
from dynoview.core.streams.shards import (  # noqa: F401 (the positions: the reader's API)
    AFTER_SEQUENCE_NUMBER,
    AT_SEQUENCE_NUMBER,
    LATEST,
    POSITIONS,
    TIP,
    TRIM_HORIZON,
    PollResult,
    ShardCursor,
    awaiting_child,
    late_children,
    note_tip,
    read_frontier,
)

_SEQUENCE_POSITIONS = (AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER)


ITERATOR_LIFETIME_MINUTES = 15
MAX_RECORDS_PER_CALL = 1000  # the GetRecords maximum
#: How often DescribeStream is asked while a closed shard's child is unlisted, or all read are closed.
RELIST_S = 5.0


class StreamReader:
    """Reads a stream from a position, shard by shard, following closed shards' children.

    ``poll()`` makes at most one GetRecords call per shard (plus a retry after an expired
    iterator) and returns at once; a UI calls it from a timer in a worker thread, the CLI
    in a loop. Not thread-safe: one poll at a time.
    """

    def __init__(
        self,
        conn: Connection,
        stream: StreamInfo | str,
        *,
        position: str = TRIM_HORIZON,
        sequence_number: str | None = None,
        shard_id: str | None = None,
        key_filter: KeyFilter | None = None,
        log: ReadLog | None = None,
        limit: int = MAX_RECORDS_PER_CALL,
        table: str | None = None,
        parse: Callable[..., StreamEvent] = parse_record,
        forget_read_shards: bool = False,
    ) -> None:
        if position not in POSITIONS:
            raise ValueError(f"Unknown stream position {position}; use one of {', '.join(POSITIONS)}.")
        if position in _SEQUENCE_POSITIONS and not (sequence_number or "").strip():
            raise DynoViewError(
                "Reading at or after a sequence number needs the number. Copy one from a "
                "record, or read from the trim horizon (oldest) or latest instead.",
                field="sequence_number",
            )
        self.conn = conn
        # GetShardIterator and GetRecords: short timeouts, so a stalled endpoint is said in seconds;
        # a quick failure sent again once (``resent``), unless the caller retries (the watch).
        self.client = prepare_streams_client(reading_client(conn))
        self.resend = True
        self.position = position
        self.sequence_number = sequence_number.strip() if sequence_number else None
        self.start_shard_id = shard_id
        self.key_filter = key_filter or KeyFilter()
        self.log = log
        self.limit = max(1, min(int(limit), MAX_RECORDS_PER_CALL))
        self.info: StreamInfo | None = stream if isinstance(stream, StreamInfo) else None
        self.arn = stream.arn if isinstance(stream, StreamInfo) else stream
        self.table = table or (self.info.table_name if self.info else None)
        self.cursors: dict[str, ShardCursor] = {}
        # With ``forget_read_shards`` (a reader that follows for days), a closed shard read to
        # its end leaves ``cursors`` after the poll; only its id is kept, while DescribeStream
        # still lists it (24 hours), so it is never read again nor its children added twice.
        self.forget_read_shards = forget_read_shards
        self.read_shards: set[str] = set()
        self.shards_added = 0  # shards ever given a cursor (new shards: this count grows)
        self._started = False
        self._announced_end = False
        self._announced_wait = False
        self._looked_for_shards = float("-inf")  # when DescribeStream was last asked
        self.total_events = 0
        # Records skipped unread (trimmed, or a shard gone): a follower's state is stale then.
        self.records_lost = 0
        # How a record becomes an event (``parse_record``, or a leaner reader with its signature).
        self.parse = parse

    # -- setup -------------------------------------------------------------
    def refresh(self) -> StreamInfo:
        self.info = describe_stream(self.conn, self.arn)
        self._looked_for_shards = time.monotonic()
        self.table = self.table or self.info.table_name
        if self.read_shards:  # a shard no longer listed is never offered again
            self.read_shards &= {s.shard_id for s in self.info.shards}
        return self.info

    def known(self, shard_id: str) -> bool:
        """Whether the shard is being read or was read (a forgotten cursor's id counts)."""
        return shard_id in self.cursors or shard_id in self.read_shards

    def _add_cursor(self, shard_id: str, start_type: str, start_sequence: str | None = None) -> None:
        self.cursors[shard_id] = ShardCursor(shard_id, start_type, start_sequence)
        self.shards_added += 1

    def save(self) -> tuple[dict[str, ShardCursor], set[str], int, bool]:
        """Where reading stands, to go back to with ``restore`` (a round that failed). Whether
        the shards were chosen goes with it: a first round that failed must choose them again,
        not read on with none (caught up, forever)."""
        return ({k: dataclasses.replace(c) for k, c in self.cursors.items()}, set(self.read_shards),
                self.shards_added, self._started)

    def restore(self, saved: tuple[dict[str, ShardCursor], set[str], int, bool]) -> None:
        self.cursors, self.read_shards, self.shards_added, self._started = saved

    def _forget_read(self) -> None:
        for shard_id, cursor in list(self.cursors.items()):
            if cursor.finished:
                del self.cursors[shard_id]
                self.read_shards.add(shard_id)

    def start(self) -> list[str]:
        """Describe the stream (if needed) and choose the shards to read. Returns notices."""
        info = self.info or self.refresh()
        notices: list[str] = []
        if self.position == TRIM_HORIZON:
            for shard in info.roots():
                self._add_cursor(shard.shard_id, TRIM_HORIZON)
        elif self.position == LATEST:
            for shard in info.open_shards:
                self._add_cursor(shard.shard_id, LATEST)
            if not info.open_shards:
                notices.append("This stream has no open shard, so no new records will arrive "
                               "(the stream may be disabled). Read from the trim horizon to see "
                               "the records it kept.")
        else:
            seq = self.sequence_number or ""
            found = info.shard(self.start_shard_id) if self.start_shard_id else \
                info.shard_for_sequence(seq)
            if found is None:
                raise DynoViewError(
                    f"Sequence number {seq} is not in any shard of this stream. It may be older "
                    f"than the {RETENTION_HOURS}-hour retention, or from another stream; read "
                    "from the trim horizon instead.",
                    field="sequence_number",
                )
            self._add_cursor(found.shard_id, self.position, seq)
        self._started = True
        return notices

    def open_iterators(self) -> list[str]:
        """Start, and get an iterator for every shard to read now: a LATEST position is then
        fixed here, before work that must not miss what is written meanwhile. Returns notices."""
        notices = [] if self._started else self.start()
        for cursor in self.active:
            if cursor.iterator is None:
                self._acquire(cursor, notices)
        return notices

    @property
    def active(self) -> list[ShardCursor]:
        return [c for c in self.cursors.values() if not c.finished]

    @property
    def key_names(self) -> tuple[str, ...]:
        return self.info.key_names if self.info else ()

    # -- iterators ---------------------------------------------------------
    def _acquire(self, cursor: ShardCursor, notices: list[str]) -> None:
        request: dict[str, Any] = {"StreamArn": self.arn, "ShardId": cursor.shard_id}
        if cursor.last_sequence:
            request.update(ShardIteratorType=AFTER_SEQUENCE_NUMBER, SequenceNumber=cursor.last_sequence)
        elif cursor.start_type in _SEQUENCE_POSITIONS and cursor.start_sequence:
            request.update(ShardIteratorType=cursor.start_type, SequenceNumber=cursor.start_sequence)
        else:
            request["ShardIteratorType"] = cursor.start_type
        try:
            with answered("GetShardIterator"):
                cursor.iterator = self._send(self.client.get_shard_iterator, request)["ShardIterator"]
        except ClientError as exc:
            code = aws_error_code(exc)
            if code == "TrimmedDataAccessException":
                notices.append(self._trimmed_message(cursor))
                self.records_lost += 1
                cursor.last_sequence = None
                cursor.start_type, cursor.start_sequence = TRIM_HORIZON, None
                with answered("GetShardIterator"):
                    cursor.iterator = self.client.get_shard_iterator(
                        StreamArn=self.arn, ShardId=cursor.shard_id, ShardIteratorType=TRIM_HORIZON
                    )["ShardIterator"]
            elif code == "ResourceNotFoundException":
                notices.append(
                    f"Shard {cursor.shard_id} no longer exists: its records are older than the "
                    f"stream's {RETENTION_HOURS}-hour retention. Reading continues with the shards "
                    "that followed it."
                )
                self.records_lost += 1
                self._finish(cursor, notices, announce=False)
            else:
                raise

    def _send(self, call: Callable[..., Any], request: dict[str, Any]) -> Any:
        return resent(call, request) if self.resend else call(**request)

    def _trimmed_message(self, cursor: ShardCursor) -> str:
        where = f"after sequence number {cursor.last_sequence}" if cursor.last_sequence else (
            f"at sequence number {cursor.start_sequence}" if cursor.start_sequence else "there")
        return (
            f"Records in shard {cursor.shard_id} {where} were trimmed: streams keep records for "
            f"{RETENTION_HOURS} hours only. Reading continues from the oldest record still kept "
            "(the trim horizon); anything older is gone."
        )

    def _finish(self, cursor: ShardCursor, notices: list[str], *, announce: bool = True,
                refreshed: bool = False) -> None:
        """A shard is done: add its children (refreshing the description to find them, unless
        it was just ``refreshed``)."""
        cursor.finished = True
        cursor.iterator = None
        info = self.info
        children = info.children(cursor.shard_id) if info else []
        if not children and not refreshed:
            info = self.refresh()
            children = info.children(cursor.shard_id)
        new = [c for c in children if not self.known(c.shard_id)]
        for child in new:
            self._add_cursor(child.shard_id, TRIM_HORIZON)
        if announce:
            if new:
                names = ", ".join(c.shard_id for c in new)
                which = "child shard" if len(new) == 1 else "child shards"
                notices.append(f"Shard {cursor.shard_id} is closed (its partition split or the "
                               f"shard rolled over); continuing with its {which} {names}.")
            else:
                notices.append(f"Shard {cursor.shard_id} is closed and its child shard is not "
                               "listed yet: it is read once DynamoDB lists it.")

    # -- reading -----------------------------------------------------------
    def _get_records(self, cursor: ShardCursor) -> dict[str, Any]:
        request = {"ShardIterator": cursor.iterator, "Limit": self.limit}
        started = time.perf_counter()
        try:
            with answered("GetRecords"):
                response = self._send(self.client.get_records, request)
        except Exception as exc:
            record_stream_receipt(self.log, table=self.table, request=request, count=None,
                                  duration_ms=(time.perf_counter() - started) * 1000,
                                  error=aws_error_code(exc) or type(exc).__name__,
                                  shard_id=cursor.shard_id, stream_arn=self.arn)
            raise
        records = response.get("Records")
        record_stream_receipt(self.log, table=self.table, request=request,
                              count=len(records) if isinstance(records, list) else None,
                              duration_ms=(time.perf_counter() - started) * 1000,
                              shard_id=cursor.shard_id, stream_arn=self.arn)
        return response

    def _read_shard(self, cursor: ShardCursor, result: PollResult) -> None:
        page = self._fetch_page(cursor, result)
        if page is None:
            return
        size = self._take_records(cursor, page.events, result)
        note_tip(cursor, len(page.events), size, self.limit, result)
        cursor.iterator = page.next_iterator
        if cursor.iterator is None:
            self._finish(cursor, result.notices, refreshed=True)

    def _fetch_page(self, cursor: ShardCursor, result: PollResult) -> Page | None:
        """One GetRecords page for ``cursor``, renewing an expired or trimmed iterator (up to
        twice) and asking again after a damaged answer (up to ``DAMAGED_ATTEMPTS`` in all); None
        when the shard gives nothing this poll (gone, finished or throttled)."""
        renewals = damaged = 0
        while True:
            if cursor.iterator is None:
                self._acquire(cursor, result.notices)
                if cursor.finished:
                    return None
            used = cursor.iterator
            try:
                result.calls += 1
                return checked_page(self._get_records(cursor), cursor.shard_id, self.parse,
                                    key_names=self.key_names, table=self.table,
                                    still_open=lambda: self._still_open(cursor.shard_id))
            except DamagedResponseError as exc:
                damaged += 1
                if damaged >= DAMAGED_ATTEMPTS:
                    raise
                result.notices.append(damaged_notice(exc, cursor.shard_id))
                # Nothing from it was used: asked again after the last record read (a new
                # iterator), or where none was read with the same iterator (a new LATEST one
                # would start past what was written since).
                cursor.iterator = None if cursor.last_sequence else used
            except ClientError as exc:
                renewals += 1
                if not self._recover(cursor, result, exc, can_retry=renewals < 3):
                    return None

    def _still_open(self, shard_id: str) -> bool:
        """DescribeStream, asked now, lists the shard as open on an enabled stream (a shard is
        closed by an ending sequence number, by no longer being listed, or by a disabled stream)."""
        shard = self.refresh().shard(shard_id)
        return shard is not None and shard.is_open and self._enabled()

    def _recover(self, cursor: ShardCursor, result: PollResult, exc: ClientError, *, can_retry: bool) -> bool:
        """Answer a GetRecords error: True to retry with a new iterator, False to leave the
        shard until the next poll; any other error is raised again."""
        code = aws_error_code(exc)
        if code == "ExpiredIteratorException" and can_retry:
            cursor.iterator = None
            if cursor.last_sequence is None and cursor.start_type == LATEST:
                # No record read yet: the only position to resume from is the shard's tip
                # now, past whatever was written since the expired iterator's position.
                result.notices.append(
                    f"The shard iterator for {cursor.shard_id} expired (iterators last "
                    f"{ITERATOR_LIFETIME_MINUTES} minutes, e.g. while paused) before any record "
                    "was read from it, so reading resumed at the shard's latest record: records "
                    "written while it was expired may have been missed. Read from the trim "
                    "horizon to see them."
                )
                self.records_lost += 1
                return True
            where = (f"after sequence number {cursor.last_sequence}" if cursor.last_sequence
                     else "from the start position")
            result.notices.append(
                f"The shard iterator for {cursor.shard_id} expired (iterators last "
                f"{ITERATOR_LIFETIME_MINUTES} minutes, e.g. while paused); reading resumed "
                f"{where}, so no record was skipped."
            )
            return True
        if code == "TrimmedDataAccessException" and can_retry:
            result.notices.append(self._trimmed_message(cursor))
            self.records_lost += 1
            cursor.iterator, cursor.last_sequence = None, None
            cursor.start_type, cursor.start_sequence = TRIM_HORIZON, None
            return True
        if code == "ResourceNotFoundException":
            result.notices.append(
                f"Shard {cursor.shard_id} is gone: its records passed the "
                f"{RETENTION_HOURS}-hour retention. Reading continues with its child shards."
            )
            self.records_lost += 1
            self._finish(cursor, result.notices, announce=False)
            return False
        if code in {"LimitExceededException", "ThrottlingException"}:
            why = reasons_text(throttling_reasons(exc))  # DynamoDB's reason and resource, when given
            result.notices.append(
                f"DynamoDB Streams asked DynoView to slow down on {cursor.shard_id} (at most "
                "5 GetRecords calls per second per shard); the next poll retries."
                + (f" {why}" if why else "")
            )
            result.caught_up = False
            result.throttled = True
            return False
        raise exc

    def _take_records(self, cursor: ShardCursor, events: list[StreamEvent], result: PollResult) -> int:
        """Keep a page's events the key filter matches and move the cursor past them; returns
        the page's size in bytes."""
        size = 0
        for event in events:
            size += event.size_bytes or 0
            cursor.last_sequence = event.sequence_number or cursor.last_sequence
            if event.time is not None and (cursor.read_to is None or event.time > cursor.read_to):
                cursor.read_to = event.time
            cursor.records_read += 1
            if self.key_filter.matches(event, self.key_names):
                result.events.append(event)
            else:
                result.filtered_out += 1
        return size

    def poll(self, cancel: threading.Event | None = None) -> PollResult:
        """One GetRecords per shard being read; never blocks beyond those calls."""
        result = PollResult()
        if not self._started:
            result.notices.extend(self.start())
        before = self.shards_added
        for cursor in list(self.active):
            if cancel is not None and cancel.is_set():
                raise CancelledError("Reading the stream was cancelled.")
            cursor.at_tip = False  # until this poll's read says so (a throttled shard is not)
            self._read_shard(cursor, result)
        read_any = bool(self.cursors or self.read_shards)
        if read_any and (not self.active or self._awaiting_child()) and self._next_shards(result):
            result.caught_up = False  # shards DynamoDB listed late: not read yet
        if self.forget_read_shards:
            self._forget_read()
        if self.shards_added > before:
            result.caught_up = False  # child shards were added and have not been read yet
        result.finished = not self.active and not self._enabled()
        if not self.active and not result.finished:
            result.caught_up = True  # nothing to read until the next shard is listed
        if result.finished:
            result.caught_up = True
            if read_any and not self._announced_end:
                self._announced_end = True
                result.notices.append("Every shard being read is closed and read to its end: no "
                                      "new records will arrive there (the stream was disabled or "
                                      "replaced).")
        self.total_events += len(result.events)
        return result

    def frontier(self) -> datetime | None:
        """How far every shard being read has been read (``shards.read_frontier``); None while a
        read-out shard awaits an unlisted child, whose records may predate the others' ends."""
        return None if self._awaiting_child() else read_frontier(self.active)

    def _enabled(self) -> bool:
        """The stream still records (an ENABLED stream always gets a next shard)."""
        return self.info is not None and self.info.status in ("ENABLED", "ENABLING")

    def _read_to_end(self) -> set[str]:
        """The shards read to their end (closed), forgotten cursors included."""
        return {s for s, c in self.cursors.items() if c.finished} | self.read_shards

    def _awaiting_child(self) -> bool:  # a shard read to its end, its child not listed yet
        return self.info is not None and self._enabled() and awaiting_child(self.info, self._read_to_end())

    def _next_shards(self, result: PollResult) -> bool:
        """A shard read is closed and its child is not listed yet, or every shard read is closed:
        look (at most every ``RELIST_S``) for the shards that follow, which DescribeStream may
        list some time after their parent closed, and read them from their start once their
        parent is read to its end. True when some were added."""
        fresh = time.monotonic() - self._looked_for_shards < RELIST_S
        info = self.info if fresh and self.info else self.refresh()
        new = late_children(info, self._read_to_end(), self.known)
        for shard in new:
            self._add_cursor(shard.shard_id, TRIM_HORIZON)
        if new:
            self._announced_wait = False
            result.notices.append("DynamoDB now lists the shard that follows: reading continues "
                                  "with " + ", ".join(s.shard_id for s in new) + ".")
        elif not self.active and self._enabled() and not self._announced_wait:
            self._announced_wait = True
            result.notices.append("Every shard being read is closed and the stream is still "
                                  "enabled: DynamoDB has not listed the next shard yet. Reading "
                                  "goes on as soon as it does.")
        return bool(new)

    def polls(
        self,
        *,
        follow: bool = False,
        interval: float = 1.0,
        max_seconds: float | None = None,
        stop: threading.Event | None = None,
    ) -> Iterator[PollResult]:
        """Poll until caught up, or when following until ``stop`` is set, every shard is
        finished or ``max_seconds`` pass. Waits ``interval`` seconds after a poll that found
        nothing waiting; polls again at once after a full page."""
        deadline = None if max_seconds is None else time.monotonic() + max_seconds
        stop = stop or threading.Event()
        while not stop.is_set():
            result = self.poll()
            yield result
            if result.finished or (not follow and result.caught_up):
                return
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                return
            if result.more or not follow:
                continue
            stop.wait(interval if remaining is None else min(interval, remaining))
