"""The watch as one object a command or a window drives: ``start`` seeds it, each ``step``
reads the stream once and returns the findings that appeared, were resolved or changed.

``step`` makes one GetRecords call per shard and returns (a window calls it from a worker
thread on a timer; ``dynoview watch`` in a loop, waiting ``WatchStep.wait_s``); both accept a
``threading.Event`` that cancels them. Not thread-safe: one ``start`` or ``step`` at a time.

A change is shown once it has held for ``settle_s`` and one more read of every shard, and
every shard has been read past the time of the records that made it (a strictly later record,
or the shard's tip: ``StreamReader.frontier``). The records of one transaction can land in
different shards and arrive polls apart (a shard replaying thousands of older records, a
shard throttled for a round), so an account whose lock is in another shard would otherwise
flash up as a missing lock. A change undone within that time (a finding that appeared and was
resolved) is never shown.

A schema whose locks have a table of their own is watched on both tables' streams (one
``StreamFollower`` each, both read every step), into one state. The two streams share no
order: a sign-up's lock may be read a page, or many pages while replaying, after its account.
So a change waits, as it does for shards, until every stream was read, without failing, past
the time of the records that made it: records of one transaction carry one time, and a
stream read past it holds the rest of that write.

A stream that ended (``ended``) is not read again; ``follow_new_streams`` follows its table's
new stream (re-created, or turned off and on), seeded again with an audit.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from dynoview.core.audit.run import DEFAULT_SEGMENTS, ProgressCallback
from dynoview.core.audit.two_tables import check_two_tables
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.streams.description import StreamInfo, describe_stream
from dynoview.core.streams.reader import LATEST, TRIM_HORIZON
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.watch.events import (
    APPEARED,
    CHANGED,
    RESOLVED,
    FindingChange,
    WatchEvent,
)
from dynoview.core.watch.fence import SeedFence
from dynoview.core.watch.follow import FollowResult, StreamFollower
from dynoview.core.watch.recent import RecentRecords
from dynoview.core.watch.seed import (
    AUDIT,
    AUTO,
    REPLAY,
    RESEEDED_NOTE,
    AuditSeed,
    SeedChoice,
    choose_seed,
    choose_two_table_seed,
    ended_note,
    fence_of,
    seed_with_audit,
    stream_successor,
    streamed,
)
from dynoview.core.watch.settling import Unsettled, cause_time, findings_held, merge
from dynoview.core.watch.state import Update, WatchState, identity, keeps_records

DEFAULT_SETTLE_S = 0.2
POLL_INTERVAL_S = 0.2  # GetRecords allows 5 calls a second per shard
#: How often a table whose stream ended is asked (DescribeTable) for a new one.
SUCCESSOR_CHECK_S = 1.0


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
    # A stream's last read failed (retried next step) or was throttled: records may be waiting.
    failed: bool = False

    @property
    def up_to_date(self) -> bool:
        """Read to the tip: every shard at its end, or no full page waiting, and no stream
        left unread by a failed or throttled call (under steady writes a stream never reads
        empty, so ``caught_up`` alone may never come)."""
        return not self.failed and (self.caught_up or not self.more)


@dataclass
class _Pending:
    change: FindingChange
    first_seen: float  # monotonic
    first_round: int
    reseeded: bool = False
    covered: bool = False  # every shard of every stream was read past its records' time


#: A stream with a shard that has given nothing yet: past no record.
_NOTHING_READ = datetime.min.replace(tzinfo=UTC)


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
        # The schema's locks table, when its locks have one: followed on its own stream too.
        self.locks_table: TableInfo | None = None
        self.locks_follower: StreamFollower | None = None
        self.locks_info: StreamInfo | None = None
        self.choice: SeedChoice | None = None
        self.audit: AuditSeed | None = None
        self.findings_at_start: Counter[str] = Counter()
        self.recent = RecentRecords()
        self.records = 0
        self.keep_records = True  # per account its packed record (see ``state``)
        self.rounds = 0
        self.shown: Counter[tuple[str, str]] = Counter()  # (change, status) -> events shown
        self._pending: dict[tuple[Any, ...], _Pending] = {}
        # (follower, result) read but not applied yet: during the seeding audit, or held by a
        # failed re-read (``_fenced``).
        self._buffered: list[tuple[int, FollowResult]] = []
        # Per follower: how far every shard of its stream has been read (``FollowResult.frontier``),
        # and in which round it was last read.
        self._frontier: list[datetime | None] = [None, None]
        self._read_round = [0, 0]
        self._failing: set[int] = set()  # followers whose last round failed (to be retried)
        # Changes ``finish`` held back: a stream whose reads kept failing was not read past them.
        self.unsettled: list[Unsettled] = []
        # When the last seeding audit ran: records older than it are not applied over it.
        self.fence: SeedFence | None = None
        # Per follower whose stream ended, with no new stream followed yet: when it was found.
        self.ended: dict[int, datetime] = {}
        self._looked = float("-inf")  # when a table whose stream ended was last described
        self._told: set[int] = set()  # ended streams said to have no new stream yet

    # -- starting ----------------------------------------------------------------------

    def start(self, cancel: threading.Event | None = None,
              progress: ProgressCallback | None = None) -> list[str]:
        """Find the stream, seed the state (replay or audit); returns what to tell the user.

        Raises ``DynoViewError`` with the UpdateTable setting when the table (or the schema's
        locks table) has no stream."""
        conn = self.reader.conn
        description = streamed(conn, self.table.name)
        self.info = describe_stream(conn, str(description["LatestStreamArn"]))
        locks_description: dict[str, Any] | None = None
        if self.schema.locks is not None:
            self.locks_table = describe_table(conn, self.schema.locks.name)
            check_two_tables(self.schema, self.table, self.locks_table)
            locks_description = streamed(conn, self.locks_table.name, locks_of=self.table.name)
            self.locks_info = describe_stream(conn, str(locks_description["LatestStreamArn"]))
            self.choice = choose_two_table_seed((self.table.name, description),
                                                (self.locks_table.name, locks_description),
                                                self.seed_request)
        else:
            self.choice = choose_seed(description, self.seed_request)
        replay = self.choice.mode == REPLAY
        position = TRIM_HORIZON if replay else LATEST
        self.follower = StreamFollower(self.reader, self.info, self.table.name, position)
        notices = [self.choice.reason, *self.follower.notes(),
                   *(t.ttl_unknown_note for t in (self.table, self.locks_table) if t and t.ttl_unknown_note)]
        if self.locks_table is not None and self.locks_info is not None:
            self.locks_follower = StreamFollower(self.reader, self.locks_info, self.locks_table.name,
                                                 position)
            notices += self._named(1, self.locks_follower.notes())
        self.keep_records = keeps_records(self.schema, self.info.view_type)
        if replay:
            self.state = WatchState(self.schema, self.table.expiry_attribute, records=self.keep_records,
                                    locks_ttl=self._locks_ttl)
            return notices
        for n, follower in enumerate(self.followers):
            notices += self._named(n, follower.open())
        # Fenced like a re-seed's (``fence``): the records of writes made while the audit ran
        # may be older than what it read, so those it may hold are read again.
        started = datetime.now(UTC)
        self.state, self.audit = self._audit_while_reading(cancel, progress)
        self.fence = fence_of(self.audit, started)
        for finding in self.state.all_findings():
            self.findings_at_start[finding.status] += 1
        return notices

    @property
    def followers(self) -> list[StreamFollower]:
        """The streams followed: the table's, then its locks table's (when the locks have one)."""
        return [f for f in (self.follower, self.locks_follower) if f is not None]

    @property
    def _locks_ttl(self) -> str | None:
        return self.locks_table.expiry_attribute if self.locks_table is not None else None

    def _audit_while_reading(self, cancel: threading.Event | None,
                             progress: ProgressCallback | None) -> tuple[WatchState, AuditSeed]:
        """The seeding audit, while a thread keeps reading the stream (its records are applied
        after the audit; reading keeps the LATEST position's iterators from expiring)."""
        assert self.follower is not None
        stop = threading.Event()
        failure: list[BaseException] = []
        followers = self.followers

        def read() -> None:
            try:
                while not stop.is_set():
                    results = [(n, f.poll()) for n, f in enumerate(followers)]
                    self._buffered.extend(results)
                    if not any(r.more for _, r in results):
                        stop.wait(max(POLL_INTERVAL_S, *(r.wait_s for _, r in results)))
            except BaseException as exc:  # re-raised in the caller's thread
                failure.append(exc)

        thread = threading.Thread(target=read, name="watch-seed-stream", daemon=True)
        thread.start()
        try:
            seeded = seed_with_audit(self.reader, self.table, self.schema, records=self.keep_records,
                                     segments=self.segments, cancel=cancel, progress=progress,
                                     locks=self.locks_table)
        finally:
            stop.set()
            thread.join()
        if failure:
            raise failure[0]
        return seeded

    # -- stepping ----------------------------------------------------------------------

    def step(self, cancel: threading.Event | None = None) -> WatchStep:
        """Read every shard once (or apply what was read during the seeding audit, or what a
        failed re-read held)."""
        if self.state is None or self.follower is None:
            raise RuntimeError("start() the watch first")
        out = WatchStep()
        results, self._buffered = (self._buffered, []) if self._buffered else (
            [(n, self._poll(n, f, cancel)) for n, f in enumerate(self.followers)], [])
        self.rounds += 1
        now = self.clock()
        latest: dict[int, FollowResult] = {}
        for i, (n, result) in enumerate(results):
            latest[n] = result
            out.notices.extend(self._named(n, result.notices))
            if result.lost:
                out.notices.append("Records were lost (see above), so the findings kept from them "
                                   "may be stale: the watch is seeded again with an audit.")
                self._reseed(cancel, now)
            try:
                updates = self._fenced(n, result.updates)
            except Exception as exc:
                # Like a failed poll: this round and the ones after it are held (said and
                # re-seeded already) and applied by the next step, after the re-read.
                latest[n] = self.followers[n].failed_round(exc)
                out.notices.extend(self._named(n, latest[n].notices))
                self._buffered = [(n, replace(result, notices=[], lost=False)), *results[i + 1:]]
                results = [*results[:i], (n, latest[n])]
                break
            changes, causes = self.state.apply(updates)
            self._note_read(n, result)
            self.recent.add(causes, now)
            self._pend(changes, now)
            out.records += result.records
            out.more = out.more or result.more
        self.records += out.records
        out.failed = any(r.failed or r.throttled for r in latest.values())
        self._failing = {n for n, r in latest.items() if r.failed} | (self._failing - latest.keys())
        self.ended.update((n, datetime.now(UTC)) for n, r in latest.items()
                          if r.finished and n not in self.ended)
        self._pend(self.state.expire_due(), now)
        if self.locks_follower is None:  # one stream: its last round says it all
            last = results[-1][1]
            out.caught_up, out.finished = last.caught_up, last.finished
            out.wait_s = 0.0 if last.more else max(POLL_INTERVAL_S, last.wait_s)
        else:
            self._two_streams(out, latest)
        self._cover(latest, failed=any(r.failed for _, r in results))
        out.events = self._settled(now)
        # A failed or throttled read's back-off stays the floor: an earlier wake for a change
        # to settle or a TTL to pass would only hit the shard again too soon.
        floor = out.wait_s if out.failed else 0.0
        # Wake when the first waiting change has settled, of those every shard was read past:
        # the others wait for the next read anyway.
        waiting = [p.first_seen for p in self._pending.values() if p.covered]
        if waiting:
            end = self.clock()
            ripe = min(waiting) + self.settle_s - end
            out.wait_s = max(floor, min(out.wait_s, ripe))
        due = self.state.next_expiry()
        if due is not None:
            out.wait_s = max(floor, min(out.wait_s, due - time.time()))
        return out

    def _poll(self, n: int, follower: StreamFollower, cancel: threading.Event | None) -> FollowResult:
        """One round of stream ``n``; a stream that ended is not asked again."""
        if n in self.ended:
            return FollowResult(caught_up=True, finished=True, wait_s=SUCCESSOR_CHECK_S,
                                frontier=self._frontier[n])
        return follower.poll(cancel)

    def follow_new_streams(self, cancel: threading.Event | None = None) -> list[str]:
        """Each stream that ended (``ended``) followed on its table's new stream (re-created, or
        turned off and on) from now; once all are followed again, an audit seeds the state again
        (its changes shown by the next steps). What to tell the user."""
        new = [n for n in self.ended if n not in self._told]
        if self._buffered or not (new or (self.ended and self.clock() - self._looked >= SUCCESSOR_CHECK_S)):
            return []
        self._looked, self._told = self.clock(), self._told | set(new)
        notices: list[str] = []
        for n in sorted(self.ended):
            if (arn := stream_successor(self.reader.conn, self._table(n).name,
                                        self.followers[n].info.arn)) is not None:
                notices += self._named(n, self._follow(n, arn))
                if not self.ended:  # every stream followed again: one audit for both
                    self._reseed(cancel, self.clock(), reading=True)
                    notices.append(RESEEDED_NOTE)
        return notices + [ended_note(self._table(n).name) for n in new if n in self.ended]

    def _table(self, n: int) -> TableInfo:
        return self.locks_table if n == 1 and self.locks_table is not None else self.table

    def _follow(self, n: int, arn: str) -> list[str]:
        """Follow stream ``arn``, which replaced stream ``n``, from now (LATEST)."""
        conn = self.reader.conn
        table = describe_table(conn, self._table(n).name)  # its TTL attribute as it is now
        info = describe_stream(conn, arn)
        follower = StreamFollower(self.reader, info, table.name, LATEST)
        if n == 0:
            self.table, self.info, self.follower = table, info, follower
        else:
            self.locks_table, self.locks_info, self.locks_follower = table, info, follower
        del self.ended[n]
        self._told.discard(n)
        self._frontier[n] = None
        return [f"The stream of {table.name} was replaced (the table re-created, or its stream "
                f"turned off and on): the watch follows the new one, {arn} ({info.view_type}).",
                *follower.notes(), *follower.open()]

    def _named(self, n: int, notices: list[str]) -> list[str]:
        """A stream's notices; the locks table's say which table they are about."""
        if n == 0 or self.locks_table is None:
            return notices
        return [f"{self.locks_table.name}: {notice}" for notice in notices]

    def _note_read(self, n: int, result: FollowResult) -> None:
        """How far stream ``n`` has been read, shard by shard (see the module doc)."""
        if not result.failed:
            self._frontier[n], self._read_round[n] = result.frontier, self.rounds

    def _two_streams(self, out: WatchStep, latest: dict[int, FollowResult]) -> None:
        """The step's state over both streams."""
        shown = [latest.get(n) for n in range(len(self.followers))]
        out.caught_up = all(r is not None and r.caught_up for r in shown)
        out.finished = all(r is not None and r.finished for r in shown)
        waits = [0.0 if r.more else max(POLL_INTERVAL_S, r.wait_s) for r in shown if r is not None]
        backing_off = any(r.wait_s > 0 and not r.more for r in shown if r is not None)
        out.wait_s = (max(waits) if backing_off else min(waits)) if waits else POLL_INTERVAL_S

    def _cover(self, latest: dict[int, FollowResult], *, failed: bool) -> None:
        """Which waiting changes every shard of every stream has been read past."""
        if failed or any(n not in latest for n in range(len(self.followers))):
            return  # a stream not read this round: nothing is known to be past it
        frontier = min(self._frontier[n] or _NOTHING_READ for n in range(len(self.followers)))
        for pending in self._pending.values():
            if not pending.covered and pending.first_round < self.rounds:
                when = cause_time(pending.change)
                pending.covered = when is None or frontier > when

    def finish(self) -> list[WatchEvent]:
        """The changes still settling, shown now (the watch is ending), but for those a stream
        whose reads keep failing was not read past: held as ``unsettled``, never shown."""
        for key, pending in list(self._pending.items()):
            unread = tuple(self._table(n).name for n in sorted(self._failing)
                           if not self._read_past(n, pending))
            if unread:
                self.unsettled.append(Unsettled(self._pending.pop(key).change, unread))
        return self._settled(self.clock(), force=True)

    def _read_past(self, n: int, pending: _Pending) -> bool:
        """Whether stream ``n`` was read, in a later round, past the records of a change."""
        when, frontier = cause_time(pending.change), self._frontier[n]
        return pending.covered or when is None or (
            self._read_round[n] > pending.first_round and frontier is not None and frontier > when)

    @property
    def pending(self) -> int:
        return len(self._pending)

    def _reseed(self, cancel: threading.Event | None, now: float, *, reading: bool = False) -> None:
        """A new audit's state, and its differences from the state held as changes to show
        (``reading``: the streams are read while it runs, as at the start)."""
        assert self.state is not None
        old = {identity(f): f for f in self.state.all_findings()}
        started = datetime.now(UTC)
        # Records kept per account: an item read again is applied against what the state
        # holds for it, not against the old image of a record the audit may already hold.
        self.keep_records = True
        if reading:
            self.state, self.audit = self._audit_while_reading(cancel, None)
        else:
            self.state, self.audit = seed_with_audit(self.reader, self.table, self.schema,
                                                     records=True, segments=self.segments,
                                                     cancel=cancel, locks=self.locks_table)
        self.fence = fence_of(self.audit, started)
        new = {identity(f): f for f in self.state.all_findings()}
        changes = [FindingChange(APPEARED, f) for k, f in new.items() if k not in old]
        changes += [FindingChange(RESOLVED, f) for k, f in old.items() if k not in new]
        changes += [FindingChange(CHANGED, f, (), old[k]) for k, f in new.items()
                    if k in old and (old[k].account_ids, old[k].lock_keys) != (f.account_ids, f.lock_keys)]
        self._pend(changes, now, reseeded=True)

    def _fenced(self, n: int, updates: list[Update]) -> list[Update]:
        """Stream ``n``'s records as they may be applied over the last seeding audit (``fence``):
        those older than it skipped, those it may or may not hold read again (may raise: the
        read failed)."""
        if self.fence is None or not updates:
            return updates
        kept, again = self.fence.sort(updates)
        if again:
            fresh = self.followers[n].read_again([kept[i].event for i in again])
            for i, update in zip(again, fresh, strict=True):
                kept[i] = update
        return kept

    # -- settling ----------------------------------------------------------------------

    def _pend(self, changes: list[FindingChange], now: float, *, reseeded: bool = False) -> None:
        """Merge changes into those waiting to settle (see the module doc)."""
        for change in changes:
            key = change.key
            waiting = self._pending.get(key)
            if waiting is None:
                self._pending[key] = _Pending(change, now, self.rounds, reseeded)
                continue
            merged = merge(waiting.change, change)
            if merged is None:
                del self._pending[key]  # undone before it was shown
            else:
                waiting.change = merged
                waiting.covered = False  # its newer records must be read past too

    def _settled(self, now: float, *, force: bool = False) -> list[WatchEvent]:
        ready = [k for k, p in self._pending.items()
                 if force or (now - p.first_seen >= self.settle_s and self.rounds > p.first_round
                              and p.covered)]
        events: list[WatchEvent] = []
        detected = datetime.now(UTC)
        for key in ready:
            pending = self._pending.pop(key)
            moment, more = self.recent.same_moment(pending.change.causes)
            event = WatchEvent(pending.change, detected, moment, more, pending.reseeded,
                               ttl_unknown=pending.change.finding.status == ORPHAN_LOCK
                               and self._table(1).ttl_error is not None)
            self.shown[(event.kind, event.finding.status)] += 1
            events.append(event)
        return events

    # -- summary -----------------------------------------------------------------------

    def counts(self, kind: str) -> Counter[str]:
        """Events shown of one kind (APPEARED, RESOLVED, CHANGED), by status."""
        return Counter({status: n for (k, status), n in self.shown.items() if k == kind})

    @property
    def current_findings(self) -> int:
        if self.state is None:
            return 0
        return len(self.state.all_findings()) - findings_held(self.unsettled)

    @property
    def replaying(self) -> bool:
        return self.choice is not None and self.choice.mode == REPLAY

    @property
    def seeded_by_audit(self) -> bool:
        return self.choice is not None and self.choice.mode == AUDIT

