"""Run blocking core calls off the UI thread and deliver results back on it.

Work runs in a thread pool through the qasync event loop. Each task has a
name; starting a task with a name that is already running cancels the stale
one (its cancel event is set and its result is dropped), as switching tables
or starting a new read should.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)


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
            if exc is not None:
                if on_error is not None:
                    on_error(exc)
                else:
                    log.error("task %s failed", name, exc_info=exc)
                return
            if on_result is not None:
                on_result(fut.result())

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
