"""Where the watch's state starts: the stream's first record, or one audit.

A table created with its stream (its stream's label is the table's creation time, to the
millisecond: a stream turned on later, even seconds later, is not), less than the stream's
24-hour retention ago, has every write it ever had in the stream: the state is built from an
empty table by replaying the stream from its trim horizon, so nothing written before the watch
started (an integration test that began first) is missed, and no Scan is needed. Any other
table is seeded with one audit (``run_audit``, as ``dynoview audit`` runs it), and the stream is
read from LATEST, fixed before the audit starts, so what is written during the audit is applied
after it.

With the locks in a table of their own, both tables' streams are followed: both are replayed
when both hold their table's whole history, else both tables are audited together
(``run_two_table_audit``) and both streams read from LATEST.

A stream that ends while watched (its table re-created, or the stream turned off and on) is
followed on the table's new stream (``stream_successor``), from LATEST, seeded again with an
audit: the new stream does not hold what was written between the two.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from dynoview.core.audit.run import DEFAULT_SEGMENTS, AuditResult, ProgressCallback, run_audit
from dynoview.core.audit.two_tables import run_two_table_audit
from dynoview.core.errors import CancelledError, DynoViewError, aws_error_code
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.streams.description import RETENTION_HOURS, no_stream_message
from dynoview.core.streams.records import as_utc
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.watch.fence import LOCAL_MARGIN, MARGIN, SeedFence, server_time
from dynoview.core.watch.follow import is_transient
from dynoview.core.watch.projection import Record
from dynoview.core.watch.seed_items import audit_items, items_vary
from dynoview.core.watch.state import WatchState

#: Items whose TTL is ahead given to the state at a time after the seeding audit.
CHUNK = 10_000

AUTO = "auto"
REPLAY = "replay"
AUDIT = "audit"
SEED_MODES = (AUTO, REPLAY, AUDIT)

#: How far (seconds) a stream's label may trail the table's creation time and still prove the
#: stream came with CreateTable: DynamoDB stamps both alike to the millisecond; moto stamps the
#: label microseconds after the table, now and then past a millisecond tick. A stream from
#: UpdateTable comes a request later (DynamoDB Local: 29 ms or more), and DynamoDB refuses
#: UpdateTable while the table is still being created.
WITH_TABLE_S = 0.001
#: Replay only while the oldest record is safely inside the retention.
REPLAY_MAX_AGE = timedelta(hours=RETENTION_HOURS) - timedelta(minutes=30)
#: Above this many items (DescribeTable's approximate count) an audit is the faster seed.
REPLAY_MAX_ITEMS = 100_000


def streamed(conn: Any, name: str, *, locks_of: str | None = None) -> dict[str, Any]:
    """A table's DescribeTable, refused with the UpdateTable setting when it has no stream
    (``locks_of``: the accounts table whose locks it holds, said in the sentence)."""
    description: dict[str, Any] = conn.client.describe_table(TableName=name)["Table"]
    arn = description.get("LatestStreamArn")
    if not arn or not (description.get("StreamSpecification") or {}).get("StreamEnabled"):
        message = no_stream_message(name) if not arn else disabled_for_watch(name)
        if locks_of is not None:
            message = (f"The schema keeps the locks of {locks_of} in table {name}, and the watch "
                       f"follows both tables' streams. {message}")
        raise DynoViewError(message, field="locks_table" if locks_of is not None else None)
    return description


def disabled_for_watch(name: str) -> str:
    """A disabled stream (its records still readable for 24 hours): nothing new to watch."""
    return (f"The stream of table {name} is disabled, so no new write would reach a watch. Enable "
            f"a stream with `aws dynamodb update-table --table-name {name} --stream-specification "
            "StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES` (a new stream; what the disabled "
            f"one holds stays readable for 24 hours: `dynoview stream --table {name}`).")


RESEEDED_NOTE = ("An audit seeds the watch again: what was written between the two streams is "
                 "judged by what it reads (its changes are marked reseeded; one made and undone in "
                 "between is not seen).")


def ended_note(table: str) -> str:
    return (f"The stream of {table} ended and the table has no other stream yet (turned off, or "
            "the table deleted): what is written to it now is not watched.")


def stream_successor(conn: Any, name: str, followed: str) -> str | None:
    """The ARN of the stream that replaced ``followed`` on table ``name`` (re-created, or its
    stream turned off and on), once the table is active with it; None while it has none (the
    table deleted, the stream off, or a DescribeTable that may pass failed: asked again later)."""
    try:
        description = conn.client.describe_table(TableName=name)["Table"]
    except Exception as exc:
        if aws_error_code(exc) == "ResourceNotFoundException" or is_transient(exc):
            return None
        raise
    arn = description.get("LatestStreamArn")
    enabled = (description.get("StreamSpecification") or {}).get("StreamEnabled")
    if not arn or not enabled or arn == followed or description.get("TableStatus") == "CREATING":
        return None
    return str(arn)


@dataclass(frozen=True)
class SeedChoice:
    mode: str  # REPLAY or AUDIT
    reason: str  # a sentence for the user


def _label_time(label: Any) -> datetime | None:
    """A stream label (an ISO timestamp, e.g. ``2026-12-02T00:23:41.373``) as UTC."""
    if not isinstance(label, str):
        return None
    try:
        when = datetime.fromisoformat(label)
    except ValueError:
        return None
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _millisecond(when: datetime, *, nearest: bool) -> int:
    """``when`` in whole milliseconds since the epoch: a creation time (sent in milliseconds,
    parsed through a float) to the nearest, a label (moto's has microseconds) cut down."""
    micros = (when - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1)
    return (micros + 500) // 1000 if nearest else micros // 1000


def replay_problem(description: Mapping[str, Any], now: datetime) -> str | None:
    """Why the stream may not hold the table's whole history (None: it does). Only a stream
    whose label is the table's creation time, to the millisecond, provably came with the table:
    one turned on later (UpdateTable, even seconds later) misses what was written before it."""
    created = as_utc(description.get("CreationDateTime"))
    enabled = _label_time(description.get("LatestStreamLabel"))
    if created is None or enabled is None:
        return "DescribeTable did not say when the table and its stream were created"
    after_ms = _millisecond(enabled, nearest=False) - _millisecond(created, nearest=True)
    if not 0 <= after_ms <= WITH_TABLE_S * 1000:
        return (f"its stream was enabled after the table was created: its label, "
                f"{description.get('LatestStreamLabel')}, is not the table's creation time, "
                f"{created.isoformat(timespec='milliseconds')}, which a stream made with the table "
                "has to the millisecond")
    if now - created > REPLAY_MAX_AGE:
        return f"the table is older than the stream's {RETENTION_HOURS}-hour retention"
    return None


def choose_seed(description: Mapping[str, Any], requested: str = AUTO,
                now: datetime | None = None) -> SeedChoice:
    """Replay or audit, and why (see the module doc); a forced replay that would be wrong is
    refused with the reason."""
    now = now or datetime.now(UTC)
    problem = replay_problem(description, now)
    items = description.get("ItemCount")
    if requested == AUDIT:
        return SeedChoice(AUDIT, "Seeded with an audit (--seed audit); new records are read from "
                                 "the latest.")
    if requested == REPLAY:
        if problem is not None:
            raise DynoViewError(f"The watch cannot replay the stream: {problem}, so the stream does "
                                "not hold every write the table had. Seed it with an audit (--seed "
                                "audit, or leave --seed out).", field="seed")
        return SeedChoice(REPLAY, "Replaying the stream from its first record (--seed replay).")
    if problem is None and isinstance(items, int) and items > REPLAY_MAX_ITEMS:
        problem = f"the table holds about {items:,} items, which one audit reads faster"
    if problem is None:
        return SeedChoice(REPLAY, "The table was created with its stream less than "
                                  f"{RETENTION_HOURS} hours ago, so the stream holds every write it "
                                  "had: the state is built by replaying it from the first record, "
                                  "and nothing written before the watch started is missed.")
    return SeedChoice(AUDIT, f"Seeded with an audit ({problem}); new records are read from the "
                             "latest, fixed before the audit started.")


def choose_two_table_seed(accounts: tuple[str, Mapping[str, Any]], locks: tuple[str, Mapping[str, Any]],
                          requested: str = AUTO, now: datetime | None = None) -> SeedChoice:
    """``choose_seed`` for an accounts table and its locks table, each given as (name,
    DescribeTable): a replay replays both streams, so both must hold their whole history."""
    now = now or datetime.now(UTC)
    problems = [f"{name}: {problem}" for name, description in (accounts, locks)
                if (problem := replay_problem(description, now)) is not None]
    both = f"{accounts[0]} and its locks table {locks[0]}"
    if requested == AUDIT:
        return SeedChoice(AUDIT, f"Seeded with an audit of {both} (--seed audit); new records are "
                                 "read from the latest of both streams.")
    if requested == REPLAY:
        if problems:
            raise DynoViewError(f"The watch cannot replay the streams of {both}: "
                                f"{'; '.join(problems)}, so a stream does not hold every write its "
                                "table had. Seed it with an audit (--seed audit, or leave --seed "
                                "out).", field="seed")
        return SeedChoice(REPLAY, f"Replaying the streams of {both} from their first records "
                                  "(--seed replay).")
    counts = [d.get("ItemCount") for _, d in (accounts, locks)]
    items = sum(c for c in counts if isinstance(c, int))
    if not problems and items > REPLAY_MAX_ITEMS:
        problems.append(f"the two tables hold about {items:,} items, which one audit reads faster")
    if not problems:
        return SeedChoice(REPLAY, f"{both} were created with their streams less than "
                                  f"{RETENTION_HOURS} hours ago, so the streams hold every write they "
                                  "had: the state is built by replaying both from their first records, "
                                  "and nothing written before the watch started is missed.")
    return SeedChoice(AUDIT, f"Seeded with an audit of {both} ({'; '.join(problems)}); new records "
                             "are read from the latest of both streams, fixed before the audit "
                             "started.")


@dataclass(frozen=True)
class AuditSeed:
    """What a seeding audit read."""

    items_read: int
    other_items: int
    findings: int
    duration_s: float
    # When it ran, by the service's clock when ``server_clock`` (see ``fence``); None: not known.
    started: datetime | None = None
    ended: datetime | None = None
    server_clock: bool = False


def seed_with_audit(reader: Reader, table: TableInfo, schema: UniquenessSchema, *,
                    records: bool = True, segments: int = DEFAULT_SEGMENTS,
                    cancel: threading.Event | None = None,
                    progress: ProgressCallback | None = None,
                    locks: TableInfo | None = None) -> tuple[WatchState, AuditSeed]:
    """One audit of the table (with ``locks``, the schema's locks table: of both tables), its
    state adopted by the watch (its dicts, not a copy; with ``records`` its accounts' packed
    records too, and each item of the accounts with several: see ``state``)."""
    result: AuditResult
    items: dict[str, dict[str, Record]] | None = None
    started, dated = server_time(reader.conn, table.name)
    # One instant judges every TTL: those not past then are kept for the watch to expire.
    now = datetime.now(UTC)
    if records and items_vary(schema):  # an account may have several items: the watch needs each
        result, items = audit_items(reader, table, schema, segments=segments, cancel=cancel,
                                    progress=progress, now=now, locks=locks)
    elif locks is not None:
        result = run_two_table_audit(reader, table, locks, schema, segments=segments,
                                     cancel=cancel, progress=progress, now=now, keep_ttls_ahead=True)
    else:
        result = run_audit(reader, table, schema, segments=segments, cancel=cancel,
                           progress=progress, now=now, keep_ttls_ahead=True)
    if result.cancelled:
        raise CancelledError("The watch was stopped while its seeding audit ran.")
    ended, dated_end = server_time(reader.conn, table.name)
    # The Date header is rounded down: the audit may have read until a second later.
    seed = AuditSeed(result.items_read, result.pairing.other_items, len(result.findings),
                     result.duration_s, started, ended + timedelta(seconds=1), dated and dated_end)
    state = WatchState.from_pairing(result.pairing, result.findings, records=records,
                                    locks_ttl=locks.expiry_attribute if locks is not None else None,
                                    items=items)
    keys = (schema.pk_name, schema.sk_name, table.expiry_attribute)
    _note_ttls(state, result.pairing.ttls_ahead, keys, now)
    if locks is not None and schema.locks is not None:
        keys = (schema.locks.pk_name, schema.locks.sk_name, locks.expiry_attribute)
        _note_ttls(state, result.locks_ttls_ahead, keys, now, locks=True)
    return state, seed


def fence_of(audit: AuditSeed, started: datetime) -> SeedFence:
    """The fence of a seeding audit begun at ``started`` by this machine's clock."""
    if audit.started is not None and audit.ended is not None:
        return SeedFence(audit.started, audit.ended, MARGIN if audit.server_clock else LOCAL_MARGIN)
    # When the audit ran is not known: this machine's clock around it.
    return SeedFence(started, datetime.now(UTC), LOCAL_MARGIN)


def _note_ttls(state: WatchState, ahead: list[tuple[str, str, str]] | None,
               keys: tuple[str, str | None, str | None], now: datetime, *, locks: bool = False) -> None:
    """The seeding audit's items whose TTL is still ahead (PK, SK, TTL text: ``Pairing.ttls_ahead``)
    given to the state as items, ``CHUNK`` at a time, so it expires them when they pass."""
    pk_name, sk_name, ttl_attribute = keys
    if not ahead or not ttl_attribute:
        return
    for start in range(0, len(ahead), CHUNK):
        chunk = []
        for pk, sk, ttl in ahead[start:start + CHUNK]:
            item = {pk_name: {"S": pk}, ttl_attribute: {"N": ttl}}
            if sk_name and sk:
                item[sk_name] = {"S": sk}
            chunk.append(item)
        state.note_ttls(chunk, now, locks=locks)
