"""The watch as one object a command or a window drives: ``start`` seeds it, each ``step``
reads the stream once and returns the findings that appeared, were resolved or changed.

``step`` makes one GetRecords call per shard and returns (a window calls it from a worker
thread on a timer; ``dynoview watch`` in a loop, waiting ``WatchStep.wait_s``); both accept a
``threading.Event`` that cancels them. Not thread-safe: one ``start`` or ``step`` at a time.

A change is shown once it has held for ``settle_s`` and one more read of every shard: the
records of one transaction can land in different shards and arrive a poll apart, so an
account whose lock is in the next poll would otherwise flash up as a missing lock. A change
undone within that time (a finding that appeared and was resolved) is never shown.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from dynoview.core.audit.run import DEFAULT_SEGMENTS, ProgressCallback
from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.streams.description import StreamInfo, describe_stream, no_stream_message
from dynoview.core.streams.reader import LATEST, TRIM_HORIZON
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.watch.events import (
    APPEARED,
    CHANGED,
    RESOLVED,
    FindingChange,
    WatchEvent,
)
from dynoview.core.watch.follow import FollowResult, StreamFollower
from dynoview.core.watch.recent import RecentRecords
from dynoview.core.watch.seed import AUDIT, AUTO, REPLAY, AuditSeed, SeedChoice, choose_seed, seed_with_audit
from dynoview.core.watch.state import WatchState, identity, keeps_records

DEFAULT_SETTLE_S = 0.2
POLL_INTERVAL_S = 0.2  # GetRecords allows 5 calls a second per shard


@dataclass
class WatchStep:
    """One read of the stream: the changes ready to show and what to tell the user."""

    events: list[WatchEvent] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    records: int = 0
    caught_up: bool = False
    more: bool = False  # a full page: records are waiting (not at the stream's tip)
    finished: bool = False  # the stream ended: no record will come
    wait_s: float = POLL_INTERVAL_S  # before the next step


@dataclass
class _Pending:
    change: FindingChange
    first_seen: float  # monotonic
    first_round: int
    reseeded: bool = False


class Watcher:
    """A table's findings kept up to date from its stream (see the module doc)."""

    def __init__(self, reader: Reader, table: TableInfo, schema: UniquenessSchema, *,
                 seed: str = AUTO, settle_s: float = DEFAULT_SETTLE_S,
                 segments: int = DEFAULT_SEGMENTS, clock: Callable[[], float] = time.monotonic) -> None:
        self.reader = reader
        self.table = table
        self.schema = schema
        self.seed_request = seed
        self.settle_s = settle_s
        self.segments = segments
        self.clock = clock
        self.state: WatchState | None = None
        self.follower: StreamFollower | None = None
        self.info: StreamInfo | None = None
        self.choice: SeedChoice | None = None
        self.audit: AuditSeed | None = None
        self.findings_at_start: Counter[str] = Counter()
        self.recent = RecentRecords()
        self.records = 0
        self.keep_records = True  # per account its packed record (see ``state``)
        self.rounds = 0
        self.shown: Counter[tuple[str, str]] = Counter()  # (change, status) -> events shown
        self._pending: dict[tuple[Any, ...], _Pending] = {}
        self._buffered: list[FollowResult] = []

    # -- starting ----------------------------------------------------------------------

    def start(self, cancel: threading.Event | None = None,
              progress: ProgressCallback | None = None) -> list[str]:
        """Find the stream, seed the state (replay or audit); returns what to tell the user.

        Raises ``DynoViewError`` with the UpdateTable setting when the table has no stream."""
        if self.schema.locks is not None:
            # One stream would show every write to the other table as a missing or orphan lock.
            raise DynoViewError(
                f"The schema keeps its locks in table {self.schema.locks.name}, and watching follows "
                f"one table's stream: {self.table.name}'s alone would show half of each write. Run "
                "the audit instead (it pairs both tables), or diagnose a value.", field="schema")
        conn = self.reader.conn
        description = conn.client.describe_table(TableName=self.table.name)["Table"]
        arn = description.get("LatestStreamArn")
        if not arn or not (description.get("StreamSpecification") or {}).get("StreamEnabled"):
            raise DynoViewError(no_stream_message(self.table.name))
        self.info = describe_stream(conn, str(arn))
        self.choice = choose_seed(description, self.seed_request)
        replay = self.choice.mode == REPLAY
        self.follower = StreamFollower(self.reader, self.info, self.table.name,
                                       TRIM_HORIZON if replay else LATEST)
        notices = [self.choice.reason, *self.follower.notes()]
        self.keep_records = keeps_records(self.schema, self.info.view_type)
        if replay:
            self.state = WatchState(self.schema, self.table.ttl_attribute, records=self.keep_records)
            return notices
        notices += self.follower.open()
        self.state, self.audit = self._audit_while_reading(cancel, progress)
        for finding in self.state.all_findings():
            self.findings_at_start[finding.status] += 1
        return notices

    def _audit_while_reading(self, cancel: threading.Event | None,
                             progress: ProgressCallback | None) -> tuple[WatchState, AuditSeed]:
        """The seeding audit, while a thread keeps reading the stream (its records are applied
        after the audit; reading keeps the LATEST position's iterators from expiring)."""
        assert self.follower is not None
        stop = threading.Event()
        failure: list[BaseException] = []
        follower = self.follower

        def read() -> None:
            try:
                while not stop.is_set():
                    result = follower.poll()
                    self._buffered.append(result)
                    if not result.more:
                        stop.wait(max(POLL_INTERVAL_S, result.wait_s))
            except BaseException as exc:  # re-raised in the caller's thread
                failure.append(exc)

        thread = threading.Thread(target=read, name="watch-seed-stream", daemon=True)
        thread.start()
        try:
            seeded = seed_with_audit(self.reader, self.table, self.schema, records=self.keep_records,
                                     segments=self.segments, cancel=cancel, progress=progress)
        finally:
            stop.set()
            thread.join()
        if failure:
            raise failure[0]
        return seeded

    # -- stepping ----------------------------------------------------------------------

    def step(self, cancel: threading.Event | None = None) -> WatchStep:
        """Read every shard once (or apply what was read during the seeding audit)."""
        if self.state is None or self.follower is None:
            raise RuntimeError("start() the watch first")
        out = WatchStep()
        results, self._buffered = (self._buffered, []) if self._buffered else (
            [self.follower.poll(cancel)], [])
        self.rounds += 1
        now = self.clock()
        for result in results:
            out.notices.extend(result.notices)
            if result.lost:
                out.notices.append("Records were lost (see above), so the findings kept from them "
                                   "may be stale: the watch is seeded again with an audit.")
                self._reseed(cancel, now)
            changes, causes = self.state.apply(result.updates)
            self.recent.add(causes, now)
            self._pend(changes, now)
            out.records += result.records
            out.caught_up, out.finished = result.caught_up, result.finished
            out.more = out.more or result.more
            out.wait_s = 0.0 if result.more else max(POLL_INTERVAL_S, result.wait_s)
        self.records += out.records
        self._pend(self.state.expire_due(), now)
        out.events = self._settled(now)
        if self._pending:  # wake when the first waiting change has settled
            end = self.clock()
            ripe = min(p.first_seen for p in self._pending.values()) + self.settle_s - end
            out.wait_s = max(0.0, min(out.wait_s, ripe))
        due = self.state.next_expiry()
        if due is not None:
            out.wait_s = max(0.0, min(out.wait_s, due - time.time()))
        return out

    def finish(self) -> list[WatchEvent]:
        """The changes still settling, shown now (the watch is ending)."""
        return self._settled(self.clock(), force=True)

    @property
    def pending(self) -> int:
        return len(self._pending)

    def _reseed(self, cancel: threading.Event | None, now: float) -> None:
        assert self.state is not None
        old = {identity(f): f for f in self.state.all_findings()}
        self.state, self.audit = seed_with_audit(self.reader, self.table, self.schema,
                                                 records=self.keep_records, segments=self.segments,
                                                 cancel=cancel)
        new = {identity(f): f for f in self.state.all_findings()}
        changes = [FindingChange(APPEARED, f) for k, f in new.items() if k not in old]
        changes += [FindingChange(RESOLVED, f) for k, f in old.items() if k not in new]
        changes += [FindingChange(CHANGED, f, (), old[k]) for k, f in new.items()
                    if k in old and (old[k].account_ids, old[k].lock_keys) != (f.account_ids, f.lock_keys)]
        self._pend(changes, now, reseeded=True)

    # -- settling ----------------------------------------------------------------------

    def _pend(self, changes: list[FindingChange], now: float, *, reseeded: bool = False) -> None:
        """Merge changes into those waiting to settle (see the module doc)."""
        for change in changes:
            key = change.key
            waiting = self._pending.get(key)
            if waiting is None:
                self._pending[key] = _Pending(change, now, self.rounds, reseeded)
                continue
            merged = _merge(waiting.change, change)
            if merged is None:
                del self._pending[key]  # undone before it was shown
            else:
                waiting.change = merged

    def _settled(self, now: float, *, force: bool = False) -> list[WatchEvent]:
        ready = [k for k, p in self._pending.items()
                 if force or (now - p.first_seen >= self.settle_s and self.rounds > p.first_round)]
        events: list[WatchEvent] = []
        detected = datetime.now(UTC)
        for key in ready:
            pending = self._pending.pop(key)
            moment, more = self.recent.same_moment(pending.change.causes)
            event = WatchEvent(pending.change, detected, moment, more, pending.reseeded)
            self.shown[(event.kind, event.finding.status)] += 1
            events.append(event)
        return events

    # -- summary -----------------------------------------------------------------------

    def counts(self, kind: str) -> Counter[str]:
        """Events shown of one kind (APPEARED, RESOLVED, CHANGED), by status."""
        return Counter({status: n for (k, status), n in self.shown.items() if k == kind})

    @property
    def current_findings(self) -> int:
        return len(self.state.all_findings()) if self.state is not None else 0

    @property
    def replaying(self) -> bool:
        return self.choice is not None and self.choice.mode == REPLAY

    @property
    def seeded_by_audit(self) -> bool:
        return self.choice is not None and self.choice.mode == AUDIT


def _merge(first: FindingChange, then: FindingChange) -> FindingChange | None:
    """Two changes of one finding, not yet shown, as one (None: the second undid the first)."""
    causes = (*first.causes, *(c for c in then.causes if all(c is not d for d in first.causes)))
    if first.kind == APPEARED:
        if then.kind == RESOLVED:
            return None
        return FindingChange(APPEARED, then.finding, causes)
    if first.kind == RESOLVED:
        if then.kind == APPEARED:
            before = first.finding
            if (before.account_ids, before.lock_keys) == (then.finding.account_ids, then.finding.lock_keys):
                return None  # back as it was
            return FindingChange(CHANGED, then.finding, causes, before)
        return FindingChange(RESOLVED, first.finding, causes)
    # CHANGED first
    if then.kind == RESOLVED:
        return FindingChange(RESOLVED, first.previous or first.finding, causes)
    previous = first.previous or first.finding
    if (previous.account_ids, previous.lock_keys) == (then.finding.account_ids, then.finding.lock_keys):
        return None
    return FindingChange(CHANGED, then.finding, causes, previous)
