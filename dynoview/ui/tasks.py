"""Run blocking core calls off the UI thread and deliver results back on it.

Work runs in a thread pool through the qasync event loop. Each task has a
name; starting a task with a name that is already running cancels the stale
one (its cancel event is set and its result is dropped), as switching tables
or starting a new read should.

Errors take one of two paths. An error the UI can explain in a sentence (an AWS answer, a
connection failure, the core's own ``DynoViewError``) goes to the task's ``on_error``. Anything
else is a bug: it goes to the crash reporter (``sys.excepthook``, which ``CrashHandler`` owns in
the app: dialog, traceback, saved report), and ``on_error`` still runs so the panel leaves its
busy state; ``AppContext.report`` then shows no second, one-line box for it. The same holds for
a task without ``on_error`` and for an exception raised by ``on_result`` itself.
"""

from __future__ import annotations

import asyncio
import functools
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Signal

from dynoview.core.errors import is_user_facing

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


class TaskHandle:
    """A running task: ``cancel()`` asks the work to stop and drops its result."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.cancel_event = threading.Event()
        self.future: asyncio.Future[Any] | None = None

    @property
    def cancelled(self) -> bool:
        return self.cancel_event.is_set()

    def cancel(self) -> None:
        self.cancel_event.set()


class TaskRunner(QObject):
    """Owns the executor and keeps strong references to running tasks."""

    busy_changed = Signal(bool)

    def __init__(self, max_workers: int = 8, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._executor = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="dynoview")
        self._tasks: dict[str, TaskHandle] = {}

    def submit(
        self,
        name: str,
        fn: Callable[..., Any],
        *args: Any,
        on_result: Callable[[Any], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        pass_cancel: bool = False,
    ) -> TaskHandle:
        """Run ``fn(*args)`` (plus ``cancel=Event`` when pass_cancel) in the pool.

        Callbacks run on the UI thread, and not at all if the task was
        cancelled or replaced meanwhile.
        """
        stale = self._tasks.get(name)
        if stale is not None:
            stale.cancel()
        handle = TaskHandle(name)
        call = functools.partial(fn, *args, cancel=handle.cancel_event) if pass_cancel \
            else functools.partial(fn, *args)
        loop = asyncio.get_event_loop()
        future = loop.run_in_executor(self._executor, call)
        handle.future = future
        self._tasks[name] = handle
        self.busy_changed.emit(True)

        def done(fut: asyncio.Future[Any]) -> None:
            if self._tasks.get(name) is handle:
                del self._tasks[name]
                self.busy_changed.emit(bool(self._tasks))
            if handle.cancelled or fut.cancelled():
                return
            exc = fut.exception()
            if exc is None:
                try:
                    if on_result is not None:
                        on_result(fut.result())
                    return
                except Exception as raised:  # a bug in the slot: report it, then reset the panel
                    exc = raised
                    report_unexpected(exc, f"(while showing the result of task {name!r})")
            elif on_error is None or not is_user_facing(exc):
                report_unexpected(exc, f"(in background task {name!r})")
            if on_error is not None:
                try:
                    on_error(exc)
                except Exception as raised:
                    report_unexpected(raised, f"(while handling an error of task {name!r})")

        future.add_done_callback(done)
        return handle

    def cancel(self, name: str) -> None:
        handle = self._tasks.get(name)
        if handle is not None:
            handle.cancel()

    def is_running(self, name: str) -> bool:
        return name in self._tasks

    def running(self) -> list[str]:
        return list(self._tasks)

    def shutdown(self) -> None:
        for handle in self._tasks.values():
            handle.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
