"""The task runner: controllers' coroutines on the qasync loop, named, cancellable."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.ui.tasks import TaskRunner

pytestmark = pytest.mark.gui


@pytest.fixture
def runner(qasync_loop: asyncio.AbstractEventLoop):
    tasks = TaskRunner(max_workers=2)
    yield tasks
    tasks.shutdown()


def test_a_coroutine_awaits_blocking_work_and_carries_on_on_the_ui_thread(runner, qtbot) -> None:
    seen: list[tuple[str, bool]] = []
    ui_thread = threading.get_ident()

    async def work() -> None:
        worker = await runner.call(threading.get_ident)
        seen.append(("worker", worker != ui_thread))
        seen.append(("after", threading.get_ident() == ui_thread))

    runner.start("job", work())
    qtbot.waitUntil(lambda: len(seen) == 2, timeout=5000)
    assert seen == [("worker", True), ("after", True)]
    qtbot.waitUntil(lambda: not runner.is_running("job"), timeout=2000)


def test_starting_the_same_name_cancels_the_stale_task_and_stops_its_work(runner, qtbot) -> None:
    stopped = threading.Event()
    results: list[str] = []

    def slow(cancel: threading.Event) -> str:
        if cancel.wait(5):
            stopped.set()
        return "stale"

    async def first() -> None:
        results.append(await runner.call(slow, cancellable=True))

    async def second() -> None:
        results.append(await runner.call(lambda: "fresh"))

    stale = runner.start("read", first())
    qtbot.wait(50)
    runner.start("read", second())
    qtbot.waitUntil(lambda: results == ["fresh"] and stopped.is_set(), timeout=5000)
    assert stale.cancelled()
    qtbot.wait(50)
    assert results == ["fresh"]  # the stale result never arrives


def test_cancel_by_name_and_busy_signal(runner, qtbot) -> None:
    busy: list[bool] = []
    runner.busy_changed.connect(busy.append)

    async def wait_forever() -> None:
        await runner.call(lambda cancel: cancel.wait(10), cancellable=True)

    task = runner.start("scan", wait_forever())
    assert runner.running() == ["scan"]
    qtbot.wait(20)
    runner.cancel("scan")
    qtbot.waitUntil(task.done, timeout=3000)
    assert task.cancelled() and busy == [True, False] and not runner.is_running("scan")


def test_a_user_facing_error_goes_to_on_error_and_a_bug_to_the_crash_reporter(
        runner, qtbot, monkeypatch) -> None:
    errors: list[BaseException] = []
    crashes: list[BaseException] = []
    monkeypatch.setattr("sys.excepthook", lambda _t, exc, _tb: crashes.append(exc))

    async def refused() -> None:
        await runner.call(time.sleep, 0)
        raise DynoViewError("No such table.")

    async def buggy() -> None:
        raise KeyError("oops")

    runner.start("a", refused(), on_error=errors.append)
    runner.start("b", buggy(), on_error=errors.append)
    qtbot.waitUntil(lambda: len(errors) == 2, timeout=3000)
    assert sorted(type(e).__name__ for e in errors) == ["DynoViewError", "KeyError"]
    assert [type(e) for e in crashes] == [KeyError]


def test_shutdown_stops_the_blocking_work_and_waits_for_it(qasync_loop, qtbot) -> None:
    """Else a pool thread finishing after the loop closed would post into a closed loop."""
    tasks = TaskRunner(max_workers=1)
    started, finished = threading.Event(), threading.Event()

    def scan(cancel: threading.Event) -> None:
        started.set()
        cancel.wait(10)
        time.sleep(0.1)  # the page in flight completes after the cancel
        finished.set()

    async def work() -> None:
        await tasks.call(scan, cancellable=True)

    tasks.start("scan", work())
    qtbot.waitUntil(started.is_set, timeout=3000)
    tasks.shutdown(wait_seconds=5)
    assert finished.is_set()


def test_shutdown_returns_after_the_result_was_posted_to_the_loop(
        qasync_loop: asyncio.AbstractEventLoop, qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A future is done before its callbacks run: shutdown used to return while the pool thread
    had yet to post the result, which then reached the closed loop's deleted QObject (a segfault
    in the next GUI test, after the stream tests left a poll in flight)."""
    tasks = TaskRunner(max_workers=1)
    started = threading.Event()
    posted: list[float] = []
    post = qasync_loop.call_soon_threadsafe

    def slow_post(*args: object, **kwargs: object) -> object:
        if threading.current_thread() is not threading.main_thread():
            time.sleep(0.3)  # a niced pool thread, late to run under load
            posted.append(time.monotonic())
        return post(*args, **kwargs)

    monkeypatch.setattr(qasync_loop, "call_soon_threadsafe", slow_post)

    def poll(cancel: threading.Event) -> None:
        started.set()
        cancel.wait(10)

    async def work() -> None:
        await tasks.call(poll, cancellable=True)

    tasks.start("poll", work())
    qtbot.waitUntil(started.is_set, timeout=3000)
    tasks.shutdown(wait_seconds=5)
    returned = time.monotonic()
    assert posted and posted[0] <= returned


def test_the_pool_made_at_the_first_call_refuses_work_after_shutdown(qasync_loop, qtbot,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool is made for the first call (the window's runner exists before its first paint,
    test_first_paint_imports.py): work runs; work asked for after shutdown (a view still fetching
    rows as the window closes) never runs and its task ends cancelled, not reported as a bug (it
    raised "cannot schedule new futures after shutdown" from a background task)."""
    from dynoview.ui import tasks as tasks_module

    reported: list[BaseException] = []
    monkeypatch.setattr(tasks_module, "report_unexpected", lambda exc, *_: reported.append(exc))
    tasks = TaskRunner(max_workers=1)
    done: list[int] = []

    async def work() -> None:
        done.append(await tasks.call(lambda: 7))

    tasks.start("first", work())
    qtbot.waitUntil(lambda: done == [7], timeout=3000)
    tasks.shutdown()
    ran: list[int] = []
    with pytest.raises(asyncio.CancelledError):
        asyncio.get_event_loop().run_until_complete(tasks.call(lambda: ran.append(1)))
    late = tasks.start("late", work())
    qtbot.waitUntil(late.done, timeout=3000)
    assert late.cancelled() and done == [7] and ran == [] and reported == []

    idle = TaskRunner(max_workers=1)
    idle.shutdown()  # never used: nothing to stop
    with pytest.raises(asyncio.CancelledError):
        asyncio.get_event_loop().run_until_complete(idle.call(lambda: ran.append(1)))
    assert ran == []


def test_a_relayed_call_runs_on_the_ui_thread_only_while_its_owner_lives(qtbot) -> None:
    """Pool threads report through ``relay_to_ui``: a report that arrives after its window was
    deleted is dropped (emitting on the deleted window's own object crashed Qt)."""
    import shiboken6
    from PySide6.QtCore import QObject

    from dynoview.ui.tasks import relay_to_ui

    seen: list[tuple[int, bool]] = []
    ui_thread = threading.get_ident()
    alive, doomed = QObject(), QObject()
    to_alive = relay_to_ui(alive, lambda n: seen.append((n, threading.get_ident() == ui_thread)))
    to_doomed = relay_to_ui(doomed, lambda n: seen.append((n, False)))

    def worker() -> None:
        for n in range(50):
            to_alive(n)
            to_doomed(-1)

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    shiboken6.delete(doomed)  # the window is gone before the queued calls run
    qtbot.waitUntil(lambda: len(seen) == 50, timeout=5000)
    qtbot.wait(50)
    assert seen == [(n, True) for n in range(50)]
