"""Following a table's stream for the watch: every shard, closed shards' children, and each
record with the item as it stands after it.

Reading is ``StreamReader``'s (lineage, expired iterators renewed after the last record read,
trimmed records and throttling said). What this adds:

- records without a new image (KEYS_ONLY or OLD_IMAGE streams) have their item read back with
  one strongly consistent read each (BatchGetItem, 100 keys a call, receipts logged); the
  cost is said once;
- lost records (trimmed past the 24-hour retention, a shard gone) are flagged, so the state
  built from the records is seeded again;
- a failed call that may pass (throttling, a dropped connection, a 5xx) is said and retried
  with growing waits instead of ending the watch; the run of failed rounds is kept
  (``failing_since``), so a watch that ends in it can say since when the stream was not read.
"""

from __future__ import annotations

import base64
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from botocore.exceptions import ClientError, ConnectionError, HTTPClientError

from dynoview.core.errors import THROTTLING_CODES, aws_error_code, reasons_text, throttling_reasons
from dynoview.core.reads.reader import Reader
from dynoview.core.session.integrity import DamagedResponseError
from dynoview.core.streams.client import NoAnswerError
from dynoview.core.streams.description import StreamInfo
from dynoview.core.streams.page import damage_of
from dynoview.core.streams.reader import StreamReader
from dynoview.core.streams.records import (
    INSERT,
    MODIFY,
    REMOVE,
    MalformedRecordError,
    StreamEvent,
    as_utc,
    is_ttl_delete,
    record_body,
    record_size,
)
from dynoview.core.watch.state import Update

#: BatchGetItem's limit of keys per call.
BATCH_KEYS = 100
#: Waits after a failed call that may pass: doubled each time, up to the last.
RETRY_WAITS_S = (0.5, 1.0, 2.0, 5.0, 10.0)
TRANSIENT_CODES = frozenset({
    "ThrottlingException", "LimitExceededException", "ProvisionedThroughputExceededException",
    "RequestLimitExceeded", "InternalServerError", "InternalFailure", "ServiceUnavailable",
    "ServiceUnavailableException", "TransactionInProgressException",
})

READ_BACK_NOTE = (
    "This stream carries no new images ({view}), so the watch reads each written item back "
    "with a strongly consistent GetItem (in BatchGetItem calls of up to 100 keys): 1 read "
    "capacity unit per item up to 4 KB, for every insert and update while it watches. "
    "Switch the stream to NEW_AND_OLD_IMAGES to avoid the reads and see old values too."
)


@dataclass
class FollowResult:
    """One round over the shards: the records with their items, and what to tell the user."""

    updates: list[Update] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    lost: bool = False  # records were skipped: the state must be seeded again
    caught_up: bool = False
    more: bool = False  # a full page: poll again without waiting
    finished: bool = False  # every shard closed and read: no record will come
    wait_s: float = 0.0  # at least this long before the next round (throttled, or failing)
    records: int = 0
    failed: bool = False  # the round failed (to be retried): no shard was read
    new_shards: bool = False  # child shards were found: not read yet, so not at the tip
    # How far every shard has been read (``StreamReader.frontier``; TIP: all at their tip; None:
    # a shard has given nothing yet). A change waits until it is past the records that made it.
    frontier: datetime | None = None
    throttled: bool = False  # a shard was not read: DynamoDB Streams asked to slow down


def error_code(exc: BaseException) -> str | None:
    if isinstance(exc, ClientError):
        return aws_error_code(exc)
    return None


def is_transient(exc: BaseException) -> bool:
    """A failure that may pass if asked again later (never an access or validation error): a
    dropped connection, a 5xx, throttling, an answer that arrived damaged (cut short, or not one
    GetRecords gives) or none at all (a stalled endpoint)."""
    if isinstance(exc, ConnectionError | HTTPClientError | DamagedResponseError | NoAnswerError):
        return True
    code = error_code(exc)
    if code in TRANSIENT_CODES:
        return True
    status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") \
        if isinstance(exc, ClientError) else None
    return isinstance(status, int) and status >= 500


def failure_notice(exc: BaseException, wait: float) -> str:
    """What the watch says of a failed round it will retry; a throttled one names DynamoDB's
    reason and resource (``ThrottlingReasons``) when the answer gives them."""
    code = error_code(exc)
    if code in THROTTLING_CODES or code == "LimitExceededException":
        why = reasons_text(throttling_reasons(exc))
        return (f"DynamoDB throttled the watch ({code}); trying again in {wait:g} s. No record is "
                "skipped: reading resumes after the last one read." + (f" {why}" if why else ""))
    again = (f"trying again in {wait:g} s. No record is skipped: reading resumes after the last "
             "one read.")
    if isinstance(exc, NoAnswerError):
        return (f"No answer from {exc.operation} for {exc.seconds:.0f} s (the endpoint took the "
                f"call and did not answer); {again}")
    if isinstance(exc, DamagedResponseError):
        damage = damage_of(exc)
        return (f"An answer from DynamoDB arrived damaged ({damage}), so it was discarded; {again} "
                "If it keeps happening, something between you and DynamoDB (a proxy, VPN or flaky "
                "network) is changing answers.")
    what = code or type(exc).__name__
    return f"Reading the stream failed ({what}); {again}"


class StreamFollower:
    """The watch's view of a stream: ``poll`` returns records with the items after them."""

    def __init__(self, reader: Reader, info: StreamInfo, table: str, position: str,
                 stream_reader: StreamReader | None = None) -> None:
        self.reader = reader
        self.info = info
        self.table = table
        self.stream = stream_reader or StreamReader(reader.conn, info, position=position,
                                                    log=reader.log, table=table, parse=watch_record,
                                                    forget_read_shards=True)
        self.stream.resend = False  # a failed round is retried here, said, after a growing wait
        self.reads_back = info.view_type in ("KEYS_ONLY", "OLD_IMAGE")
        self._lost_seen = 0
        self._failures = 0
        self.read_back_items = 0
        # A round whose items could not be read back yet: kept, so a failed read-back never
        # skips its records.
        self._held_result: Any = None
        self._shards_before = 0
        # The current run of failed rounds (None, 0: the last round read every shard): when its
        # first round started and how many failed; what was written since is not read yet.
        self.failing_since: datetime | None = None
        self.failed_rounds = 0
        self._round_started = datetime.now(UTC)

    def notes(self) -> list[str]:
        """What the user should know about this stream before the first record."""
        return [READ_BACK_NOTE.format(view=self.info.view_type)] if self.reads_back else []

    def open(self) -> list[str]:
        """Fix the reading position now (LATEST: before a seeding audit starts)."""
        return self.stream.open_iterators()

    def poll(self, cancel: threading.Event | None = None) -> FollowResult:
        """One GetRecords per shard; never raises for a failure that may pass."""
        out = FollowResult()
        self._round_started = datetime.now(UTC)
        try:
            if self._held_result is None:
                # A failure on a later shard would drop the records already taken from the
                # earlier ones: on failure the shards' positions go back to where they were.
                saved = self.stream.save()
                self._shards_before = self.stream.shards_added
                try:
                    self._held_result = self.stream.poll(cancel)
                except Exception:
                    self.stream.restore(saved)
                    raise
            result = self._held_result
            updates = self._with_items(result.events)
        except Exception as exc:
            return self.failed_round(exc)
        self._held_result = None
        self._read()
        out.updates = updates
        out.records = len(result.events)
        out.notices = list(result.notices)
        out.caught_up, out.more, out.finished = result.caught_up, result.more, result.finished
        out.new_shards = self.stream.shards_added > self._shards_before
        out.frontier = self.stream.frontier()
        if result.throttled:
            out.wait_s = 1.0
            out.throttled = True
        if self.stream.records_lost != self._lost_seen:
            self._lost_seen = self.stream.records_lost
            out.lost = True
        return out

    def failed_round(self, exc: BaseException) -> FollowResult:
        """A round that failed and will be retried, said as the user sees it, after a wait
        that grows with each failure in a row; re-raises a failure that will not pass."""
        if not is_transient(exc):
            raise exc
        wait = RETRY_WAITS_S[min(self._failures, len(RETRY_WAITS_S) - 1)]
        self._failures += 1
        self.failed_rounds += 1
        if self.failing_since is None:
            self.failing_since = self._round_started
        return FollowResult(notices=[failure_notice(exc, wait)], wait_s=wait, failed=True,
                            throttled=error_code(exc) in THROTTLING_CODES)

    def _read(self) -> None:
        """A round that read: the next failure waits the shortest time again, and the run of
        failed rounds (``failing_since``) is over."""
        self._failures = 0
        self.failing_since, self.failed_rounds = None, 0

    def _with_items(self, events: list[StreamEvent]) -> list[Update]:
        """Each record with its item after it: the new image, nothing for a delete, or the
        item read back."""
        wanted = [e for e in events if e.event_name in (INSERT, MODIFY) and e.new_image is None]
        items = self._read_back([e.keys for e in wanted]) if wanted else {}
        out: list[Update] = []
        for event in events:
            if event.event_name == REMOVE:
                out.append(Update(event, None, "images" if event.old_image is not None else "keys"))
            elif event.new_image is not None:
                out.append(Update(event, event.new_image))
            else:
                # Read back: the item as it is now, which may be later than this record
                # (the later records then change nothing); gone since: deleted.
                out.append(Update(event, items.get(_key_id(event.keys)), "read back"))
        return out

    def read_again(self, events: Sequence[StreamEvent]) -> list[Update]:
        """Each record with its item as it is now (strongly consistent; None: gone), whatever
        its images say: for records that may be older than a re-seed's audit (``fence``)."""
        items = self._read_back([e.keys for e in events]) if events else {}
        self._read()  # the records a failed re-read held are applied now
        return [Update(e, items.get(_key_id(e.keys)), "read back") for e in events]

    def _read_back(self, keys: list[Mapping[str, Any]]) -> dict[tuple[Any, ...], dict[str, Any]]:
        unique = list({_key_id(k): dict(k) for k in keys}.values())
        found: dict[tuple[Any, ...], dict[str, Any]] = {}
        for start in range(0, len(unique), BATCH_KEYS):
            pending = unique[start:start + BATCH_KEYS]
            attempt = 0
            while pending:
                response = self.reader.read("BatchGetItem", {"RequestItems": {self.table: {
                    "Keys": pending, "ConsistentRead": True}}})
                for item in response.get("Responses", {}).get(self.table, []):
                    found[_key_id({n: item[n] for n in self.info.key_names if n in item})] = item
                pending = (response.get("UnprocessedKeys", {}).get(self.table) or {}).get("Keys", [])
                if pending:  # throttled in part: DynamoDB asks to come back for the rest
                    time.sleep(RETRY_WAITS_S[min(attempt, len(RETRY_WAITS_S) - 1)] / 5)
                    attempt += 1
        self.read_back_items += len(unique)
        return found


def watch_record(record: Mapping[str, Any], shard_id: str = "", *, key_names: Sequence[str] = (),
                 table: str | None = None) -> StreamEvent:
    """A GetRecords record as the watch needs it: ``parse_record``'s event without the
    attribute diff, and with the images as GetRecords sent them (binary attributes stay
    base64 text: the watch reads protected String and Number values only; binary keys are
    decoded, as keys are shown). Half of ``parse_record``'s cost, at thousands of records a
    second. A MalformedRecordError for a record of a shape no stream sends."""
    ddb = record_body(record)
    raw_keys = ddb.get("Keys") or {}
    if not isinstance(raw_keys, Mapping):
        raise MalformedRecordError("a record's Keys are not a JSON object")
    keys = {str(k): _key_value(v) for k, v in raw_keys.items()}
    identity = record.get("userIdentity") or {}
    when = ddb.get("ApproximateCreationDateTime")
    size = ddb.get("SizeBytes")
    old, new = ddb.get("OldImage"), ddb.get("NewImage")
    return StreamEvent(
        time=datetime.fromtimestamp(when, UTC) if when.__class__ in (int, float) else as_utc(when),
        event_name=str(record.get("eventName", "")),
        keys=keys,
        old_image=old if isinstance(old, Mapping) else None,
        new_image=new if isinstance(new, Mapping) else None,
        diff=(),
        sequence_number=str(ddb.get("SequenceNumber", "")),
        shard_id=shard_id,
        event_id=str(record.get("eventID", "")),
        ttl_delete=is_ttl_delete(record),
        identity_type=identity.get("Type", identity.get("type")) if isinstance(identity, Mapping) else None,
        principal_id=(identity.get("PrincipalId", identity.get("principalId"))
                      if isinstance(identity, Mapping) else None),
        size_bytes=record_size(size),
        view_type=ddb.get("StreamViewType"),
        key_names=tuple(key_names),
        table=table,
    )


def _key_value(av: Any) -> Any:
    """A key value with binary as bytes (JSON carries it as base64 text)."""
    binary = av.get("B") if av.__class__ is dict else None
    return {"B": base64.b64decode(binary)} if binary.__class__ is str else av


def _key_id(key: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted((n, tuple(sorted(v.items())) if isinstance(v, Mapping) else v)
                        for n, v in key.items()))
