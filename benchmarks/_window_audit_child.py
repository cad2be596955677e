"""The window side of ``window_audit.py`` (run by it, not by hand): the real app, started by
``dynoview``'s own entry point on the fake endpoint, driven from inside its event loop.

``python -m dynoview --endpoint-url URL --region us-east-1 --table bench-accounts`` runs in
this process (``dynoview.__main__.main``, so ``run_app`` builds the QApplication's window,
qasync loop, crash handler and first connection exactly as it does for a user); the
QApplication is created first only so a timer can find the window once the loop runs. Then:
the table shows in the Items tab, one more page is browsed and one item read by key; the
"Accounts & locks" tab is opened and, after a pause, ``panel.run_audit()`` is timed to the
rows shown (``audit_finished``, rows in the view, one paint of the view). With ``--ops``,
two sorts, a search and its clearing, and the Problems filter and back are timed each, to
``panel.rows_ready`` when the panel has that signal, else to the return of the call.

A precise 5 ms QTimer heartbeat runs all along: the longest gap between two ticks within a
measurement (from its start to 200 ms after the paint that ends it) is its event-loop stall;
the five longest gaps, the cyclic collections within (``gc.callbacks``), samples of every
thread's innermost frames while a stall lasts, and the UI thread's CPU and run-queue time
per tick (``schedstat``: working, waiting for a core, or blocked) say where it went.

Prints one JSON object per line on stdout (``event``: ready, table_shown, browsed,
audit_started, audit, op_started, op, error, done); the parent reads them as they come, so
a measurement that never ends still leaves the ones before it.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import PySide6  # noqa: E402, F401 - before qasync binds to a Qt binding (as dynoview/ui/app.py)
from PySide6.QtCore import QEvent, QObject, Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

HEARTBEAT_MS = 5
TAIL_S = 0.2  # a measurement's stall window runs on this long after its paint
GIL_HOLD_S = 0.04  # a wait for the GIL this long is noted with what ran (``gil_holds``)
STALL_SAMPLE_S = 0.1  # a stall this long gets its threads' stacks sampled
SAMPLE_EVERY_S = 0.02
#: The UI thread's run-queue wait per tick (Linux): a gap is the UI working, waiting for a core,
SCHEDSTAT = "/proc/thread-self/schedstat"  # or blocked (the GIL, mostly)
# Innermost functions of threads that wait (pool workers, sockets, queues): left out of samples.
IDLE = frozenset({"_worker", "wait", "_wait_for_tstate_lock", "get", "select", "poll", "readinto",
                  "_recv", "recv", "recv_into", "accept", "_recv_bytes", "recv_bytes", "serve_forever"})
SETTLE_MS = 1000  # pause between measurements: the previous one's garbage and repaints settle
ACCOUNT_KEY = {"PK": {"S": "ACCT#0000001"}, "SK": {"S": "PROFILE"}}


def emit(event: str, **data: Any) -> None:
    print(json.dumps({"event": event, "monotonic": time.monotonic(), **data}, default=str), flush=True)


def _innermost(frame: Any, depth: int = 3) -> list[str]:
    """``file:line function`` of a frame and its callers, innermost first. Walked by hand:
    ``traceback.extract_stack`` reads every source file's lines (``linecache``), which held
    the GIL for milliseconds per sample and so lengthened the very stalls it sampled."""
    out: list[str] = []
    while frame is not None and len(out) < depth:
        code = frame.f_code
        out.append(f"{os.path.basename(code.co_filename)}:{frame.f_lineno} {code.co_name}")
        frame = frame.f_back
    return out


def _where_threads_are(ui_thread: int | None, depth: int) -> list[str]:
    """Each thread's innermost frames, as "UI: ..." or "other: ...", leaving out this thread
    and idle ones (never the UI thread). A function of its own so that no frame stays
    referenced once it returns: a sampled frame kept (in a loop variable, till the next stall)
    keeps its call's locals alive after the call, which changes what is measured (memory) and
    once kept a paint's QPainter active past its paint (tests/gui/test_crash_painter.py)."""
    parts = []
    for ident, frame in sys._current_frames().items():
        if ident == threading.get_ident() or (ident != ui_thread and frame.f_code.co_name in IDLE):
            continue
        parts.append(("UI: " if ident == ui_thread else "other: ") + " < ".join(_innermost(frame, depth)))
    return parts


class Driver(QObject):
    """Drives the window through the measurements, one after another, from the event loop."""

    def __init__(self, app: QApplication, table: str, ops: bool, wait_s: float, op_wait_s: float,
                 watch_gil: bool = False) -> None:
        super().__init__()
        self.app, self.table, self.ops, self.wait_s, self.op_wait_s = app, table, ops, wait_s, op_wait_s
        self.window: Any = None
        self.panel: Any = None
        self.started = time.perf_counter()
        self.ticks: list[float] = []
        self.tick_cpu: list[float] = []  # the UI thread's CPU seconds at each tick
        self.tick_queued: list[float] = []  # its seconds waiting for a core (run queue)
        try:
            self._schedstat: int | None = os.open(SCHEDSTAT, os.O_RDONLY)
        except OSError:
            self._schedstat = None
        self.heartbeat = QTimer(self)
        self.heartbeat.setTimerType(Qt.TimerType.PreciseTimer)
        self.heartbeat.setInterval(HEARTBEAT_MS)
        self.heartbeat.timeout.connect(self._tick)
        self.heartbeat.start()
        self.errors: list[str] = []
        self.finished = False
        self._tick_hooks: list[Callable[[], None]] = []
        self._paint_wanted: Callable[[], None] | None = None
        self._watch: QWidget | None = None
        self._waiting: str | None = None  # the signal a step waits for
        self._deadline: QTimer | None = None
        self.collections: list[tuple[float, float, int]] = []  # (start, seconds, generation)
        self._gc_started = 0.0
        gc.callbacks.append(self._on_gc)
        self.thread_names: dict[int, str] = {}  # native id -> name, of every thread seen
        self.samples: list[tuple[float, str]] = []  # (when, what the threads ran) while stalled
        threading.Thread(target=self._sample_stalls, args=(threading.get_ident(),), daemon=True).start()
        self.holds: list[tuple[float, float, str]] = []  # (when, ms, what ran) a thread kept the GIL
        # Off unless asked for: taking the GIL every 2 ms, it was itself a holder queued for a core
        # (a 171 ms stall at load 5); the parent's _thread_cpu.py sees holders from outside.
        if watch_gil:
            threading.Thread(target=self._watch_gil, daemon=True).start()

    # ------------------------------------------------------------------ plumbing

    def guard(self, fn: Callable[..., None]) -> Callable[..., None]:
        """``fn`` for a signal or a timer: an exception in it ends the run with the traceback
        (else the app's crash dialog would take it and the parent would wait for its limit)."""
        def run(*args: Any) -> None:
            try:
                fn(*args)
            except Exception:
                self.fail(traceback.format_exc())

        return run

    def fail(self, message: str) -> None:
        self.errors.append(message)
        emit("error", where="driver", message=message)
        self.finish()

    def _queued_s(self) -> float:
        return 0.0 if self._schedstat is None else int(os.pread(self._schedstat, 128, 0).split()[1]) / 1e9

    def _tick(self) -> None:
        self.ticks.append(time.perf_counter())
        self.tick_cpu.append(time.thread_time())
        self.tick_queued.append(self._queued_s())
        for hook in list(self._tick_hooks):
            self.guard(hook)()

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        # Any thread's collection holds the GIL, so it stalls the UI thread too.
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.collections.append((self._gc_started, time.perf_counter() - self._gc_started,
                                     info.get("generation", -1)))

    def _sample_stalls(self, ui_thread: int) -> None:
        """While no tick came for STALL_SAMPLE_S, note what each thread runs (its innermost
        frames) every SAMPLE_EVERY_S: names the code behind a stall. A thread holding the GIL in
        C delays the sample until it lets go; the frame then shows what it just did."""
        while not self.finished:
            time.sleep(SAMPLE_EVERY_S)
            for thread in threading.enumerate():  # for the parent's per-thread CPU (_thread_cpu.py)
                if thread.native_id is not None:
                    self.thread_names[thread.native_id] = thread.name
            last = self.ticks[-1] if self.ticks else None
            if last is None or time.perf_counter() - last < STALL_SAMPLE_S:
                continue
            parts = _where_threads_are(ui_thread, 3)
            parts.sort(key=lambda p: not p.startswith("UI"))
            self.samples.append((time.perf_counter(), " | ".join(parts)[:600]))

    def _watch_gil(self) -> None:
        """A thread that sleeps 2 ms at a time: when it wakes much later, something held the
        GIL (or the CPU) that long; note what every busy thread was running right after (the
        frame that just let go shows the line after the long call)."""
        while not self.finished:
            before = time.perf_counter()
            time.sleep(0.002)
            late = time.perf_counter() - before
            if late < GIL_HOLD_S:
                continue
            parts = [p.split(": ", 1)[1] for p in _where_threads_are(None, 4)]
            self.holds.append((before, late, " | ".join(parts)[:700]))

    def stalls(self, start: float, end: float) -> dict[str, Any]:
        """The longest gap between heartbeat ticks overlapping [start, end] (``stall_ms``), the
        five longest as [seconds after ``start`` the gap began, ms], and the cyclic garbage
        collections within (any thread's: they hold the GIL), to tell where the time went."""
        ticks = self.ticks
        gaps = [(ticks[i + 1] - ticks[i], ticks[i], i) for i in range(len(ticks) - 1)
                if ticks[i + 1] > start and ticks[i] < end]
        top = sorted(gaps, reverse=True)[:5]
        gcs = [(d, g) for t, d, g in self.collections if start <= t < end]
        seen = Counter(what for t, what in self.samples if start <= t < end)
        return {"stall_ms": round(top[0][0] * 1000, 1) if top else 0.0,
                "longest_stalls": [[round(a - start, 3), round(gap * 1000, 1)] for gap, a, _ in top],
                # Per longest gap: ms the UI thread ran on a CPU, ms it waited for a core, and
                # the rest, blocked (waiting for the GIL, or in a system call).
                "stall_split_ms": [self._split(i) for _, _, i in top],
                # perf_counter (CLOCK_MONOTONIC) of each: the parent adds who ran meanwhile.
                "longest_stalls_at": [[a, a + gap] for gap, a, _ in top],
                "gc_collections": len(gcs), "gc_ms_total": round(sum(d for d, _ in gcs) * 1000, 1),
                "gc_ms_longest": round(max((d for d, _ in gcs), default=0.0) * 1000, 1),
                "gc_gen2_collections": sum(1 for _, g in gcs if g == 2),
                # Each sample stands for about SAMPLE_EVERY_S of a stall.
                "stall_samples": [[n, what] for what, n in seen.most_common(5)],
                # The longest waits of a thread that asked for the GIL every 2 ms, and what ran.
                "gil_holds": [[round(t - start, 3), round(ms * 1000, 1), what] for t, ms, what in
                              sorted((h for h in self.holds if start <= h[0] < end),
                                     key=lambda h: -h[1])[:8]]}

    def _split(self, i: int) -> dict[str, float]:
        gap = self.ticks[i + 1] - self.ticks[i]
        cpu = self.tick_cpu[i + 1] - self.tick_cpu[i]
        queued = self.tick_queued[i + 1] - self.tick_queued[i]
        return {"ui_cpu": round(cpu * 1000, 1), "run_queue": round(queued * 1000, 1),
                "blocked": round(max(0.0, gap - cpu - queued) * 1000, 1)}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and self._paint_wanted is not None and watched is self._watch:
            done, self._paint_wanted = self._paint_wanted, None
            QTimer.singleShot(0, self.guard(done))  # runs once this paint has returned
        return False

    def after_paint(self, widget: QWidget, then: Callable[[], None]) -> None:
        """Call ``then`` right after ``widget``'s next paint (asked for now)."""
        if self._watch is not widget:
            if self._watch is not None:
                self._watch.removeEventFilter(self)
            widget.installEventFilter(self)
            self._watch = widget
        self._paint_wanted = then
        widget.update()

    def later(self, seconds: float, then: Callable[[], None]) -> None:
        QTimer.singleShot(int(seconds * 1000), self.guard(then))

    def wait_for(self, name: str, on_timeout: Callable[[], None], seconds: float | None = None) -> None:
        """Remember what is awaited; after ``seconds`` (``wait_s``) give up through ``on_timeout``."""
        self._waiting = name
        seconds = self.wait_s if seconds is None else seconds
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.timeout.connect(self.guard(lambda: self._timed_out(name, seconds, on_timeout)))
        timer.start(int(seconds * 1000))
        self._deadline = timer

    def arrived(self, name: str) -> bool:
        """True (once) when ``name`` is what is awaited."""
        if self._waiting != name:
            return False
        self._waiting = None
        if self._deadline is not None:
            self._deadline.stop()
            self._deadline = None
        return True

    def _timed_out(self, name: str, seconds: float, on_timeout: Callable[[], None]) -> None:
        if self._waiting == name:
            self._waiting = None
            self.errors.append(f"{name} did not come within {seconds:.0f} s")
            emit("error", where=name, message=self.errors[-1])
            on_timeout()

    def _on_error(self, err: Any) -> None:
        text = f"{getattr(err, 'title', '')}: {getattr(err, 'message', err)}"
        self.errors.append(text)
        emit("error", where="window", message=text)

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self.heartbeat.stop()
        crash = [w for w in self.app.topLevelWidgets() if type(w).__name__ == "CrashDialog" and w.isVisible()]
        for dialog in crash:
            report = getattr(dialog, "report_text", None)
            self.errors.append("crash dialog: " + (report()[-2000:] if callable(report) else "shown"))
        emit("threads", names={str(k): v for k, v in self.thread_names.items()})
        emit("done", errors=self.errors)
        self.app.closeAllWindows()  # closes the loop as a user closing the window would

    # ------------------------------------------------------------------ open and browse

    def find_window(self) -> None:
        windows = [w for w in self.app.topLevelWidgets() if type(w).__name__ == "MainWindow"]
        if not windows:
            if time.perf_counter() - self.started > 30:
                self.errors.append("no MainWindow appeared")
                self.finish()
                return
            self.later(0.05, self.find_window)
            return
        self.window = windows[0]
        self.window.ctx.error_raised.connect(self.guard(self._on_error))
        self.window.table_shown.connect(self.guard(self._table_shown))
        emit("ready", seconds=time.perf_counter() - self.started)
        self.wait_for("table_shown", self.finish)

    def _table_shown(self, name: str) -> None:
        if not self.arrived("table_shown"):
            return
        items = self.window.items_panel
        emit("table_shown", table=name, seconds=time.perf_counter() - self.started,
             rows=items.model.rowCount())
        self._rows_before = items.model.rowCount()
        items.controller.page_loaded.connect(self.guard(self._next_page))
        self.wait_for("next_page", self.open_locks)
        self.later(0.3, items.controller.fetch_more)  # as scrolling to the end does

    def _next_page(self, _page: Any) -> None:
        if not self.arrived("next_page"):
            return
        items = self.window.items_panel
        self._rows_after = items.model.rowCount()
        items.controller.key_read.connect(self.guard(self._key_read))
        self.wait_for("key_read", self.open_locks)
        items.controller.read_key(items.info, ACCOUNT_KEY)  # GetItem, as opening a link does

    def _key_read(self, _read_for: Any, key: Any, item: Any) -> None:
        if not self.arrived("key_read"):
            return
        emit("browsed", rows_first_page=self._rows_before, rows_after_next_page=self._rows_after,
             get_item_found=item is not None and item.get("PK") == ACCOUNT_KEY["PK"])
        self.open_locks()

    # ------------------------------------------------------------------ the audit

    def open_locks(self) -> None:
        self.panel = self.window.feature("LocksPanel")
        self.window.tabs.setCurrentWidget(self.panel)
        self.panel.audit_finished.connect(self.guard(self._audit_finished))
        self.panel.controller.audit_failed.connect(self.guard(self._audit_failed))
        self.later(SETTLE_MS / 1000, self.start_audit)

    def start_audit(self) -> None:
        emit("audit_started")
        self.wait_for("audit_finished", self.finish)
        self.mark = time.perf_counter()
        self.panel.run_audit()
        self.call_returned = time.perf_counter()

    def _audit_failed(self, exc: BaseException) -> None:
        if self.arrived("audit_finished"):
            self.errors.append(f"the audit failed: {exc!r}")
            emit("error", where="audit", message=self.errors[-1])
            self.finish()

    def _audit_finished(self, result: Any) -> None:
        if not self.arrived("audit_finished"):
            return
        self.signalled = time.perf_counter()
        self.result = result
        self._until_rows(self._audit_shown)

    def _until_rows(self, then: Callable[[], None]) -> None:
        """``then`` once the view has rows and has painted them (rows may follow the signal)."""
        view = self.panel.view

        def check() -> None:
            if view.model().rowCount() > 0:
                self._tick_hooks.remove(check)
                self.after_paint(view.viewport(), then)

        self._tick_hooks.append(check)
        check()

    def _audit_shown(self) -> None:
        shown = time.perf_counter()

        def report() -> None:
            r = self.result
            emit("audit", seconds=shown - self.mark, seconds_to_signal=self.signalled - self.mark,
                 call_seconds=self.call_returned - self.mark,
                 **self.stalls(self.mark, shown + TAIL_S),
                 rows_shown=self.panel.view.model().rowCount(), items_read=r.items_read,
                 path=r.path, workers=r.workers, segments=r.segments, complete=r.complete,
                 core_seconds=r.duration_s, counts=dict(r.counts),
                 findings=sorted([f.status, f.rule, f.value] for f in r.findings))
            if self.ops:
                self.later(SETTLE_MS / 1000, self.next_op)
            else:
                self.finish()

        self.later(TAIL_S + 0.02, report)

    # ------------------------------------------------------------------ sorts, search, filter

    def _column(self, title: str, fallback: int) -> int:
        model = self.panel.view.model()
        for c in range(model.columnCount()):
            if str(model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)) == title:
                return c
        return fallback

    def operations(self) -> list[tuple[str, Callable[[], None]]]:
        from dynoview.core.uniqueness.findings import PROBLEMS

        panel, view = self.panel, self.panel.view
        status = self._column("Status", view.model().columnCount() - 1)
        email = self._column("email", 1)
        return [
            ("sort_account", lambda: view.sortByColumn(0, Qt.SortOrder.AscendingOrder)),
            # A value column is not sorted ahead of the click, as the Account column is.
            ("sort_email", lambda: view.sortByColumn(email, Qt.SortOrder.AscendingOrder)),
            # Descending: problems first, as the panel shows them after an audit.
            ("sort_status", lambda: view.sortByColumn(status, Qt.SortOrder.DescendingOrder)),
            ("search", lambda: panel.search.setText("user000123")),
            ("search_clear", lambda: panel.search.setText("")),
            ("filter_problems", lambda: panel.set_status_filter(set(PROBLEMS))),
            ("filter_all", lambda: panel.set_status_filter(None)),
        ]

    def next_op(self) -> None:
        if not hasattr(self, "_ops"):
            self._ops = self.operations()
            if hasattr(self.panel, "rows_ready"):
                self.panel.rows_ready.connect(self.guard(self._rows_ready))
        if not self._ops:
            self.finish()
            return
        name, call = self._ops.pop(0)
        signal = hasattr(self.panel, "rows_ready")
        header = self.panel.view.horizontalHeader()
        self.op: dict[str, Any] = {"name": name, "via": "rows_ready" if signal else "synchronous call",
                                   # A sort asked for the order shown may rightly change nothing.
                                   "sort_before": [header.sortIndicatorSection(),
                                                   header.sortIndicatorOrder().name]}
        self.op_ready: float | None = None
        emit("op_started", name=name)
        self._waiting = "rows_ready" if signal else None  # before the call: it may emit within
        self.in_call = True
        self.mark = time.perf_counter()
        call()
        returned = time.perf_counter()
        self.in_call = False
        self.op["call_seconds"] = returned - self.mark
        if not signal:
            self._op_done(returned)
        elif self.op_ready is not None:
            self._op_done(self.op_ready)
        else:
            self.wait_for("rows_ready", lambda: self._op_done(None), self.op_wait_s)

    def _rows_ready(self) -> None:
        if not self.arrived("rows_ready"):
            return  # not asked for (the audit's own sort, say)
        self.op_ready = time.perf_counter()
        if not self.in_call:
            self._op_done(self.op_ready)

    def _op_done(self, done: float | None) -> None:
        start, op = self.mark, self.op
        op["seconds"] = None if done is None else done - start
        op["timed_out"] = done is None

        def painted() -> None:
            shown = time.perf_counter()

            def report() -> None:
                emit("op", **op, painted_seconds=shown - start, **self.stalls(start, shown + TAIL_S),
                     rows_shown=self.panel.view.model().rowCount())
                self.later(SETTLE_MS / 1000, self.next_op)

            self.later(TAIL_S + 0.02, report)

        self.after_paint(self.panel.view.viewport(), painted)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--table", required=True)
    parser.add_argument("--ops", action="store_true", help="time sorts, a search and a filter too")
    parser.add_argument("--watch-gil", action="store_true",
                        help="note long GIL waits from a thread inside the window (gil_holds)")
    parser.add_argument("--wait", type=float, default=3600.0,
                        help="seconds to wait for any one signal (the parent's limits come first)")
    parser.add_argument("--op-wait", type=float, default=600.0,
                        help="seconds to wait for rows_ready after a sort, search or filter")
    args = parser.parse_args()
    app = QApplication(sys.argv[:1])  # run_app takes this one (dynoview/ui/app.py: _application)
    driver = Driver(app, args.table, args.ops, args.wait, args.op_wait, args.watch_gil)
    QTimer.singleShot(0, driver.guard(driver.find_window))  # fires once run_app's loop runs
    from dynoview.__main__ import main as dynoview_main

    code = dynoview_main(["--endpoint-url", args.url, "--region", os.environ.get("AWS_DEFAULT_REGION",
                                                                                  "us-east-1"),
                          "--table", args.table])
    return code or (1 if driver.errors else 0)


if __name__ == "__main__":
    sys.exit(main())
