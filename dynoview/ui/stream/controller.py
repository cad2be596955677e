"""Reads or follows a table's stream on the qasync loop, for the stream viewer.

One task per controller polls: ``await`` one ``StreamReader.poll`` in the thread pool, hand the
packed rows over, then ``await`` the interval before the next poll, so slow endpoints never
pile up work and the event loop never waits on the network. Stopping cancels that task.
Read rows go into the model a slice per event-loop turn (a second task), so a large poll
never holds the loop for long.
"""

from __future__ import annotations

import asyncio
from collections import deque
from datetime import datetime

from PySide6.QtCore import QObject, Signal

from dynoview.core.session.connection import Connection
from dynoview.core.streams.description import describe_stream
from dynoview.core.streams.reader import StreamReader
from dynoview.ui.context import AppContext
from dynoview.ui.stream.events_model import PackedEvent, StreamEventsModel, poll_and_pack

INSERT_SLICE = 25  # rows added to the model per event-loop turn (each row is ~ten Qt calls)
IDLE, READING, FOLLOWING, PAUSED = "idle", "reading", "following", "paused"


class StreamController(QObject):
    """The state of one stream viewer's reading: idle, reading, following or paused."""

    described = Signal(object)  # StreamInfo
    describe_failed = Signal(str)  # the sentence to show instead of the description
    state_changed = Signal(str)
    polled = Signal()  # a poll came back (the status line shows when)
    notice = Signal(str, bool)  # message, warn
    caught_up = Signal(int)  # a read (not a follow) reached the tip after this many records
    slices_started = Signal()  # rows are about to be added over several event-loop turns
    rows_added = Signal(int)  # the rows of a batch are all in the model

    def __init__(self, ctx: AppContext, model: StreamEventsModel,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.model = model
        self.reader: StreamReader | None = None
        self.poll_interval_ms = 500
        self.state = IDLE
        self.polls = 0
        self.last_poll: datetime | None = None
        self.pending: deque[PackedEvent] = deque()  # read, not yet in the model
        self._wake: asyncio.Future[None] | None = None  # what the poll loop sleeps on
        self._draining = False
        self.poll_task = f"stream-poll-{id(self)}"
        self._describe_task = f"stream-describe-{id(self)}"
        self._drain_task = f"stream-drain-{id(self)}"

    # -- describing --------------------------------------------------------------
    def describe(self, conn: Connection, arn: str) -> None:
        """Describe the stream in the pool; ``described`` or ``describe_failed`` follows."""
        self.ctx.tasks.start(self._describe_task, self._describe(conn, arn),
                             on_error=self._describe_error)

    async def _describe(self, conn: Connection, arn: str) -> None:
        self.described.emit(await self.ctx.tasks.call(describe_stream, conn, arn))

    def _describe_error(self, exc: BaseException) -> None:
        self.describe_failed.emit(self.ctx.report(exc, operation="DescribeStream").message)

    # -- reading -----------------------------------------------------------------
    def start(self, reader: StreamReader, follow: bool) -> None:
        """Read from ``reader`` until caught up, or keep following it."""
        self.ctx.tasks.cancel(self.poll_task)
        self.reader = reader
        self._set_state(FOLLOWING if follow else READING)
        self.ctx.tasks.start(self.poll_task, self._read(reader),
                             on_error=lambda exc: self._read_failed(reader, exc))

    def stop(self) -> None:
        """Stop polling; what was read stays (and the rows still being added are added)."""
        self.ctx.tasks.cancel(self.poll_task)
        self._stopped()

    def follow(self) -> None:
        """A read in progress keeps going past the tip."""
        if self.state == READING:
            self._set_state(FOLLOWING)

    def pause(self) -> None:
        if self.state == FOLLOWING:
            self._set_state(PAUSED)

    def resume(self) -> None:
        if self.state == PAUSED:
            self._set_state(FOLLOWING)
            _settle(self._wake)  # poll now, not after the rest of the interval

    def reset(self) -> None:
        """Stop, and forget the rows not yet added and when the last poll was (a new table)."""
        self.ctx.tasks.cancel(self._describe_task)  # the last table's stream is not this one's
        self.stop()
        self.pending.clear()
        self.polls = 0
        self.last_poll = None

    def _stopped(self) -> None:
        self.reader = None
        self._set_state(IDLE)

    def _set_state(self, state: str) -> None:
        self.state = state
        self.state_changed.emit(state)

    async def _read(self, reader: StreamReader) -> None:
        while True:
            result, rows = await self.ctx.tasks.call(poll_and_pack, reader, cancellable=True)
            self.polls += 1
            self.last_poll = datetime.now()
            self._queue(rows)
            for message in result.notices:
                self.notice.emit(message, False)
            if result.finished:
                self._stopped()
                return
            if self.state == READING and result.caught_up:
                self._stopped()
                self.caught_up.emit(reader.total_events)
                return
            interval = self.poll_interval_ms
            if result.throttled:
                delay = max(2 * interval, 2000)  # back off, then retry
            elif self.state == READING:
                delay = 0  # not caught up: drain fast
            else:
                # Following: a page short of full means the shard's tip was reached, so wait
                # for the interval (fewer calls, and repaints never race a poll for the GIL).
                delay = 0 if result.more else interval
            self.polled.emit()
            await self._wait(delay / 1000)

    async def _wait(self, seconds: float) -> None:
        """Sleep ``seconds`` (``resume`` cuts it short), then as long as reading is paused."""
        if seconds > 0:
            await self._sleep(seconds)
        while self.state == PAUSED:
            await self._sleep(None)

    async def _sleep(self, seconds: float | None) -> None:
        """A future the loop settles after ``seconds`` (never if None) or ``resume`` settles.

        Built on the loop's own timers rather than ``asyncio.sleep``: the tests drive the
        qasync loop from Qt's event loop, where asyncio sees no running loop.
        """
        loop = asyncio.get_event_loop()
        self._wake = wake = loop.create_future()
        timer = loop.call_later(seconds, _settle, wake) if seconds is not None else None
        try:
            await wake
        finally:
            if timer is not None:
                timer.cancel()
            self._wake = None

    def _read_failed(self, reader: StreamReader, exc: BaseException) -> None:
        if reader is not self.reader:
            return  # a stale reader (stopped or restarted meanwhile)
        err = self.ctx.report(exc, operation="GetRecords")
        self.notice.emit(self.tr("Reading the stream stopped: {message}").format(message=err.message), True)
        self._stopped()

    # -- into the model ----------------------------------------------------------
    def _queue(self, rows: list[PackedEvent]) -> None:
        self.pending.extend(rows)
        if rows and not self._draining:
            self._draining = True  # set here: a drain whose task is ending has taken its last row
            self.ctx.tasks.start(self._drain_task, self._drain())

    async def _drain(self) -> None:
        """Move read rows into the model a slice per event-loop turn."""
        added = 0
        try:
            if len(self.pending) > INSERT_SLICE:
                self.slices_started.emit()
            while self.pending:
                chunk = [self.pending.popleft() for _ in range(min(INSERT_SLICE, len(self.pending)))]
                added += self.model.add_packed(chunk)
                if self.pending:
                    await _next_turn()
        finally:
            self._draining = False
        self.rows_added.emit(added)


def _settle(future: asyncio.Future[None] | None) -> None:
    if future is not None and not future.done():
        future.set_result(None)


async def _next_turn() -> None:
    """Let the event loop run once (timers, input, paint) before carrying on."""
    loop = asyncio.get_event_loop()
    turn = loop.create_future()
    loop.call_soon(_settle, turn)
    await turn
