"""Name, run and cancel the app's background work on the qasync loop.

Controllers do their work in ``async def`` methods started with ``TaskRunner.start(name, coro)``:
each awaits blocking core calls with ``await runner.call(fn, ...)``, which runs them in a thread
pool, and carries on on the UI thread. Starting a task under a name that is already running
cancels the stale one (``Task.cancel()``: its ``await`` raises ``CancelledError`` and the blocking
call's cancel event is set, so a long scan stops), as switching tables or starting a new read
should.

Errors take one of two paths. An error the UI can explain in a sentence (an AWS answer, a
connection failure, the core's own ``DynoViewError``) goes to the task's ``on_error``. Anything
else is a bug: it goes to the crash reporter (``sys.excepthook``, which ``CrashHandler`` owns in
the app: dialog, traceback, saved report), and ``on_error`` still runs so the panel leaves its
busy state; ``AppContext.report`` then shows no second, one-line box for it. The same holds for
a task without ``on_error``.
"""

from __future__ import annotations

import functools
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

import shiboken6
from PySide6.QtCore import QObject, Signal

from dynoview.core.background import background_priority
from dynoview.core.errors import is_user_facing

if TYPE_CHECKING:  # asyncio loads with the qasync loop, after the window's first paint
    import asyncio
    import concurrent.futures  # with the pool, made for the first call (after the paint)

_REPORTED = "_dynoview_crash_reported"


def report_unexpected(exc: BaseException, where: str) -> None:
    """Send a bug to the crash reporter once, with ``where`` it happened as a traceback note."""
    if was_reported(exc):
        return
    try:
        exc.add_note(where)
        setattr(exc, _REPORTED, True)
    except (AttributeError, TypeError):  # an exception type without a __dict__: report anyway
        pass
    sys.excepthook(type(exc), exc, exc.__traceback__)


def was_reported(exc: BaseException) -> bool:
    """True once ``report_unexpected`` sent ``exc`` to the crash reporter (no second message)."""
    return bool(getattr(exc, _REPORTED, False))


T = TypeVar("T")


def _helpers_ended_with(cancel: threading.Event, work: Callable[[], T]) -> T:
    """``work()`` in a pool thread, its credential_process helpers ended once ``cancel`` is set.
    Imported here, in the pool: not before the window's first paint."""
    from dynoview.core.session.credential_process import ended_with

    with ended_with(cancel):
        return work()


class _Relay(QObject):
    """Carries calls from pool threads to the UI thread. One for the app, made on the UI thread
    and never deleted: a pool thread emitting on a window's own object while the window was
    being deleted crashed Qt (a segfault in the audit's progress report at a window's close)."""

    call = Signal(object, object, object)  # owner, fn, args: queued to the UI thread

    def __init__(self) -> None:
        super().__init__()
        self.call.connect(self._run)

    def _run(self, owner: QObject, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        if shiboken6.isValid(owner):  # the owner may be gone by the time the call arrives
            fn(*args)


_relay: _Relay | None = None


def relay_to_ui(owner: QObject, fn: Callable[..., Any]) -> Callable[..., None]:
    """``fn`` made callable from any thread: each call runs ``fn`` on the UI thread, later,
    and only while ``owner`` still exists. Call it on the UI thread (it makes the relay)."""
    global _relay
    if _relay is None:
        _relay = _Relay()
    relay = _relay
    return lambda *args: relay.call.emit(owner, fn, args)


class TaskRunner(QObject):
    """Owns the thread pool and the running tasks, by name."""

    busy_changed = Signal(bool)

    def __init__(self, max_workers: int = 8, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._max_workers = max_workers
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None
        self._shut_down = False
        self._tasks: dict[str, asyncio.Task[Any]] = {}
        # Blocking work in flight, with its cancel event: shutdown stops and waits for it.
        self._work: dict[concurrent.futures.Future[Any], threading.Event] = {}

    @property
    def _executor(self) -> concurrent.futures.ThreadPoolExecutor:
        """The pool, made for the first blocking call: the window is built and painted before
        anything runs in it."""
        if self._pool is None:
            if self._shut_down:  # as a pool that was shut down says
                raise RuntimeError("cannot schedule new futures after shutdown")
            from concurrent.futures import ThreadPoolExecutor

            # Pool threads run below the UI thread: it gets the CPU (and the GIL) first.
            self._pool = ThreadPoolExecutor(max_workers=self._max_workers, thread_name_prefix="dynoview",
                                            initializer=background_priority)
        return self._pool

    def start(self, name: str, work: Coroutine[Any, Any, Any],
              on_error: Callable[[BaseException], None] | None = None) -> asyncio.Task[Any]:
        """Run the coroutine ``work`` as the task ``name``, cancelling a running one of that name."""
        stale = self._tasks.get(name)
        if stale is not None:
            stale.cancel()
        import asyncio

        task = asyncio.get_event_loop().create_task(work, name=name)
        self._tasks[name] = task
        self.busy_changed.emit(True)
        task.add_done_callback(functools.partial(self._finished, name, on_error))
        return task

    async def call(self, fn: Callable[..., T], *args: Any, cancellable: bool = False) -> T:
        """``fn(*args)`` in the pool (plus ``cancel=Event`` when cancellable), awaited.

        Cancelling the awaiting task sets the event, so the blocking work stops at its next
        check; its result, if it still comes, is dropped.
        """
        import asyncio

        if self._shut_down:  # the window closed: work asked for after (a view fetching rows) never runs
            raise asyncio.CancelledError
        event = threading.Event()
        work = functools.partial(fn, *args, cancel=event) if cancellable else functools.partial(fn, *args)
        # A credential_process helper the work starts ends with it (cancelled, replaced, closed).
        running = self._executor.submit(_helpers_ended_with, event, work)
        self._work[running] = event
        awaited = asyncio.wrap_future(running, loop=asyncio.get_event_loop())
        # Forgotten only after asyncio's own callback (registered first, run first, in the pool
        # thread) has posted the result to the loop: once nothing is left, nothing more will post.
        running.add_done_callback(lambda done: self._work.pop(done, None))
        try:
            return await awaited
        except asyncio.CancelledError:
            event.set()
            raise

    def _finished(self, name: str, on_error: Callable[[BaseException], None] | None,
                  task: asyncio.Task[Any]) -> None:
        if self._tasks.get(name) is task:
            del self._tasks[name]
            self.busy_changed.emit(bool(self._tasks))
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        if on_error is None or not is_user_facing(exc):
            report_unexpected(exc, f"(in background task {name!r})")
        if on_error is not None:
            try:
                on_error(exc)
            except Exception as raised:
                report_unexpected(raised, self.tr(
                    "(while handling an error of task {name!r})").format(name=name))

    def cancel(self, name: str) -> None:
        task = self._tasks.get(name)
        if task is not None:
            task.cancel()

    def is_running(self, name: str) -> bool:
        return name in self._tasks

    def running(self) -> list[str]:
        return list(self._tasks)

    def shutdown(self, wait_seconds: float = 5.0) -> None:
        """Cancel every task and stop its blocking work, waiting up to ``wait_seconds`` for it.

        A pool thread that finished after the loop closed would post its result into a closed
        loop; the cancel events make the work stop at its next check, so the wait is short.
        """
        for task in self._tasks.values():
            task.cancel()
        # Their done callbacks run a loop turn later, maybe after the window (and this runner)
        # are deleted: forgotten now, they announce nothing.
        self._tasks.clear()
        for event in list(self._work.values()):
            event.set()
        # SIGTERM to every credential_process helper now, not waited for here (the UI thread):
        # its waiting pool thread kills it after a grace, and the work then ends at once.
        helpers = sys.modules.get("dynoview.core.session.credential_process")
        if helpers is not None:  # else no helper was ever started
            helpers.end_helper_processes(wait=False)
        self._shut_down = True
        if self._pool is None:
            return  # nothing ever ran in a pool
        import concurrent.futures

        deadline = time.monotonic() + wait_seconds
        concurrent.futures.wait(list(self._work), timeout=wait_seconds)
        # A future is done before its callbacks run: the one posting the result to the loop may
        # still be on its way (pool threads run niced, so late under load). Posted after the
        # loop closed, it reached the loop's deleted QObject and segfaulted the next GUI test.
        while self._work and time.monotonic() < deadline:
            time.sleep(0.002)
        self._pool.shutdown(wait=False, cancel_futures=True)
