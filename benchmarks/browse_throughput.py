"""Browse throughput: the Items tab against a raw boto3 paginator reading the same pages, in
the same run, with a QTimer heartbeat measuring event-loop stalls.

Two endpoints. The prepared-pages endpoint (``fake_scan_endpoint.py``, table bench-accounts:
the article's accounts and their email and handle locks, pages served from memory) shows the
app's own cost; moto (the demo backend) is so slow that it hides it, and stays as the small,
realistic case. The app side is what the window runs: an ``ItemsPanel`` (form, controller,
model, the table view shown offscreen and painted), a read started with ``run()`` and pages
asked for as a view scrolled to the bottom asks (``canFetchMore``/``fetchMore``). Before it,
``settle_after_connect`` runs once, as the window does when connected, and each panel is
complete (what it builds after its first paint is built) before its read starts, as in the
window, where the panel is on screen long before a read.

Figures: items/s against the raw paginator (best round of each, rounds interleaved), the
longest event-loop stall, with the longest stretch of CPU the UI thread spent in one go and
the collections within the worst stall (a stall well above both is waiting: for the GIL, or
for a core on a busy machine: the load average is reported, and on Linux each run's worst
stall is split into the UI thread's CPU and its time queued for a core), bytes held per loaded row
(tracemalloc: Python memory still held once the read is shown, over every row; the RSS growth
is reported next to it), and the detail pane: how long selecting a 369 KB item nested 32
levels deep holds the UI thread (and its DynamoDB JSON tab, viewed for the first time).

Goals: 0.9x the raw paginator or better, no stall over 50 ms, at most 400 bytes per loaded row,
the detail pane under 100 ms. Exits 1 on a miss.
Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/browse_throughput.py
     [--items N] [--page-sizes 100,1000,10000] [--moto-items N] [--rounds R] [--no-moto]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from _common import MotoProcess, write_result  # noqa: E402

from dynoview.core.session.connection import Connection, ConnectionSpec  # noqa: E402
from dynoview.core.session.tables import KeyAttribute, TableInfo  # noqa: E402

FAKE_TABLE = "bench-accounts"
MOTO_TABLE = "bench-browse"
GOAL_RATIO = 0.9
GOAL_STALL_MS = 50.0
GOAL_BYTES_PER_ROW = 400
GOAL_DETAIL_MS = 100.0
WAIT_S = 600  # a read that has not ended by then is a hang: fail, do not wait forever


def connect(url: str) -> Connection:
    return Connection(ConnectionSpec(name="bench", endpoint_url=url, region="us-east-1"),
                      credentials={"aws_access_key_id": "k", "aws_secret_access_key": "s"})


# -- endpoints ------------------------------------------------------------------------------
def start_fake(items: int) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen([sys.executable, str(HERE / "fake_scan_endpoint.py"), "--items", str(items),
                               "--warm-segments", "1"], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    ready = server.stdout.readline().split()
    if not ready or ready[0] != "READY":
        server.terminate()
        raise SystemExit("The prepared-pages endpoint did not start.")
    return server, ready[1]


def fake_table(conn: Connection) -> TableInfo:
    """The endpoint's table: described when it answers DescribeTable, else as it is made."""
    from dynoview.core.session.tables import describe_table

    try:
        return describe_table(conn, FAKE_TABLE)
    except Exception:  # an endpoint that serves only Scan
        return TableInfo(FAKE_TABLE, KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                         ttl_attribute="expiresAt", ttl_status="ENABLED", billing_mode="PAY_PER_REQUEST")


def fill_moto(conn: Connection, count: int) -> None:
    client = conn.client
    client.create_table(TableName=MOTO_TABLE, BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                              {"AttributeName": "SK", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    batch = []
    for i in range(count):
        batch.append({"PutRequest": {"Item": {
            "PK": {"S": f"ACCT#{i:07d}"}, "SK": {"S": "PROFILE"},
            "email": {"S": f"user{i}@example.com"}, "username": {"S": f"user{i}"},
            "score": {"N": f"{i}.12345678901234567890"}, "tags": {"SS": ["a", "b"]},
            "profile": {"M": {"city": {"S": "Paris"}, "age": {"N": str(i % 90)}}}}}})
        if len(batch) == 25:
            client.batch_write_item(RequestItems={MOTO_TABLE: batch})
            batch = []
    if batch:
        client.batch_write_item(RequestItems={MOTO_TABLE: batch})


def raw_boto3(conn: Connection, table: str, page_size: int) -> tuple[int, float]:
    started = time.perf_counter()
    count = 0
    paginator = conn.client.get_paginator("scan")
    for page in paginator.paginate(TableName=table, PaginationConfig={"PageSize": page_size}):
        count += len(page["Items"])
    return count, time.perf_counter() - started


# -- the app --------------------------------------------------------------------------------
class Heartbeat:
    """A 5 ms QTimer: the longest gap between beats is the longest event-loop stall; the UI
    thread's CPU time within a gap tells the app's work from waiting (the GIL, the machine),
    and the collections within it (any thread: a collection holds the GIL) are counted too.
    Within the worst gap, the UI thread's CPU time and, on Linux, its time waiting in the run
    queue for a core (``/proc/thread-self/schedstat``: the machine, not the app) are kept;
    the rest of the gap is waiting for the GIL or asleep."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._beat)
        self.max_gap = self.max_busy = 0.0
        self.worst = (0.0, 0.0)
        self.worst_cpu = self.worst_queued = 0.0  # the UI thread's, within the worst gap
        self.collections: list[tuple[float, float]] = []
        self._schedstat: int | None = None

    def start(self) -> None:
        self.max_gap = self.max_busy = 0.0
        self.worst_cpu = self.worst_queued = 0.0
        self.collections = []
        gc.callbacks.append(self._collection)
        try:  # this (the UI) thread's scheduler statistics: on a core, queued for one (ns)
            self._schedstat = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
        except OSError:
            self._schedstat = None
        self.last, self.last_cpu, self.last_queued = time.perf_counter(), time.thread_time(), self._queued()
        self.timer.start()

    def _queued(self) -> float:
        if self._schedstat is None:
            return 0.0
        return int(os.pread(self._schedstat, 64, 0).split()[1]) / 1e9

    def _collection(self, phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            self.collections.append((time.perf_counter(), float("inf")))
        elif self.collections:
            self.collections[-1] = (self.collections[-1][0], time.perf_counter())

    def _beat(self) -> None:
        now, cpu, queued = time.perf_counter(), time.thread_time(), self._queued()
        if now - self.last > self.max_gap:
            self.max_gap, self.worst = now - self.last, (self.last, now)
            self.worst_cpu, self.worst_queued = cpu - self.last_cpu, queued - self.last_queued
        self.max_busy = max(self.max_busy, cpu - self.last_cpu)
        self.last, self.last_cpu, self.last_queued = now, cpu, queued

    def stop(self) -> None:
        self._beat()
        self.timer.stop()
        gc.callbacks.remove(self._collection)
        if self._schedstat is not None:
            os.close(self._schedstat)
            self._schedstat = None

    def gc_in_worst_ms(self) -> float:
        start, end = self.worst
        return sum(max(0.0, min(end, e) - max(start, s)) for s, e in self.collections) * 1000


class App:
    """The window's pieces for one connection: context, loop, a shown Items panel per read."""

    def __init__(self, conn: Connection, info: TableInfo) -> None:
        import qasync
        from PySide6.QtWidgets import QApplication

        from dynoview.ui import settings as saved
        from dynoview.ui.context import AppContext
        from dynoview.ui.gc_pauses import settle_after_connect

        folder = Path(tempfile.mkdtemp(prefix="dynoview-bench-settings-"))
        saved.settings_path = lambda: folder / "settings.ini"  # type: ignore[assignment]
        self.app = QApplication.instance() or QApplication([])
        self.loop = qasync.QEventLoop(self.app)
        asyncio.set_event_loop(self.loop)
        self.ctx = AppContext()
        self.ctx.set_connection(conn)
        self.connect_collect_ms = settle_after_connect()  # as MainWindow does once connected
        self.ctx.set_table(info)
        self.info = info
        self.heartbeat = Heartbeat()

    def browse(self, page_size: int) -> dict[str, Any]:
        """One read of the whole table into a new panel, as a user scrolling to the end."""
        from dynoview.ui.items.panel import ItemsPanel

        panel = ItemsPanel(self.ctx)
        panel.resize(1200, 700)
        panel.show()
        panel.set_table(self.info)
        panel.page_size.setValue(page_size)
        model, view = panel.model, panel.view
        done = self.loop.create_future()

        def page_loaded(_page: object) -> None:
            if model.exhausted:
                if not done.done():
                    done.set_result(None)
                return
            view.scrollToBottom()  # the user scrolls down: the view asks for more
            if model.canFetchMore():
                model.fetchMore()

        panel.controller.page_loaded.connect(page_loaded)
        self.app.processEvents()
        _complete(panel)
        gc.collect()
        self.heartbeat.start()
        started = time.perf_counter()
        panel.run()
        self.loop.run_until_complete(asyncio.wait_for(done, WAIT_S))
        elapsed = time.perf_counter() - started
        self.heartbeat.stop()
        rows = model.rowCount()
        panel.controller.page_loaded.disconnect(page_loaded)
        panel.close()
        panel.set_table(None)
        panel.deleteLater()
        self.app.processEvents()
        return {"rows": rows, "seconds": elapsed, "stall_ms": self.heartbeat.max_gap * 1000,
                "ui_busy_ms": self.heartbeat.max_busy * 1000,
                "gc_ms_in_worst_stall": self.heartbeat.gc_in_worst_ms(),
                "ui_cpu_ms_in_worst_stall": self.heartbeat.worst_cpu * 1000,
                "ui_queued_ms_in_worst_stall": self.heartbeat.worst_queued * 1000}

    def memory(self, page_size: int) -> dict[str, Any]:
        """Bytes still held per loaded row once a whole read is shown (tracemalloc, RSS)."""
        from dynoview.ui.items.panel import ItemsPanel

        panel = ItemsPanel(self.ctx)
        panel.resize(1200, 700)
        panel.show()
        panel.set_table(self.info)
        panel.page_size.setValue(page_size)
        model = panel.model
        self.app.processEvents()
        _complete(panel)
        self.ctx.read_log.clear()
        gc.collect()
        rss_before = _rss()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        done = self.loop.create_future()

        def page_loaded(_page: object) -> None:
            if model.exhausted:
                if not done.done():
                    done.set_result(None)
            elif model.canFetchMore():
                model.fetchMore()

        panel.controller.page_loaded.connect(page_loaded)
        panel.run()
        self.loop.run_until_complete(asyncio.wait_for(done, WAIT_S))
        self.app.processEvents()
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        rss_after = _rss()
        rows = model.loaded_count
        panel.controller.page_loaded.disconnect(page_loaded)
        panel.close()
        panel.set_table(None)
        panel.deleteLater()
        self.app.processEvents()
        return {"rows": rows, "bytes_per_row": held / max(rows, 1),
                "rss_bytes_per_row": (rss_after - rss_before) / max(rows, 1)}

    def close(self) -> None:
        self.ctx.tasks.shutdown()
        self.loop.close()


def _complete(panel: Any) -> None:
    """Build what the panel makes once it has painted (edit in place): in the window that
    happens when it is first shown, long before a read; here the panel was just made."""
    getattr(panel, "cell_edits", None)


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


# -- the detail pane --------------------------------------------------------------------------
def deep_item(levels: int = 32, target: int = 369 * 1024) -> dict[str, Any]:
    """An item of about ``target`` bytes: maps nested ``levels`` deep, each holding a list of
    small numbers (about 100,000 values in all: each is a row of the attribute tree)."""
    from dynoview.core.values.sizes import item_size

    def build(per_level: int) -> dict[str, Any]:
        value: dict[str, Any] = {"S": "bottom"}
        for _ in range(levels - 1):
            value = {"M": {"values": {"L": [{"N": str(i % 100)} for i in range(per_level)]},
                           "deeper": value}}
        return {"PK": {"S": "DEEP#1"}, "SK": {"S": "DOC"}, "doc": value}

    base = item_size(build(0))
    per_value = (item_size(build(100)) - base) / 100
    return build(max(1, int((target - base) / per_value)))


def detail_stall() -> dict[str, Any]:
    """Selecting the deep item: show_item and the paint that follows, on the UI thread."""
    from PySide6.QtWidgets import QApplication

    from dynoview.core.values.sizes import item_size
    from dynoview.ui.items.detail import ItemDetail

    app = QApplication.instance()
    assert app is not None
    item = deep_item()
    detail = ItemDetail()
    detail.resize(420, 700)
    detail.show()
    app.processEvents()
    best = json_first = float("inf")
    for _ in range(3):
        detail.show_item(None)
        detail.tabs.setCurrentIndex(0)
        app.processEvents()
        started = time.perf_counter()
        detail.show_item(item, "PK = DEEP#1")
        app.processEvents()
        best = min(best, time.perf_counter() - started)
        started = time.perf_counter()
        detail.tabs.setCurrentIndex(1)  # the DynamoDB JSON tab, viewed for the first time
        app.processEvents()
        json_first = min(json_first, time.perf_counter() - started)
    detail.close()
    detail.deleteLater()
    return {"item_bytes": item_size(item), "select_ms": best * 1000,
            "json_tab_first_view_ms": json_first * 1000}


# -- a run --------------------------------------------------------------------------------------
def compare(conn: Connection, app: App, table: str, page_size: int, rounds: int,
            expected: int) -> dict[str, Any]:
    """Raw paginator and app, interleaved so machine noise hits both alike; best of each."""
    raw_count, _ = raw_boto3(conn, table, page_size)  # warms the endpoint's pages and the pool
    assert raw_count == expected, (raw_count, expected)
    raw_times: list[float] = []
    runs: list[dict[str, Any]] = []
    for _ in range(rounds):
        count, seconds = raw_boto3(conn, table, page_size)
        assert count == expected
        raw_times.append(seconds)
        run = app.browse(page_size)
        assert run["rows"] == expected, (run["rows"], expected)
        runs.append(run)
    raw_rate = expected / min(raw_times)
    app_rate = expected / min(r["seconds"] for r in runs)
    return {"page_size": page_size, "items": expected, "raw_items_per_s": raw_rate,
            "app_items_per_s": app_rate, "ratio": app_rate / raw_rate,
            "max_stall_ms": max(r["stall_ms"] for r in runs),
            "stalls_ms": [round(r["stall_ms"], 1) for r in runs],
            "gc_ms_in_worst_stalls": [round(r["gc_ms_in_worst_stall"], 1) for r in runs],
            # Each run's worst stall, made of: the UI thread working, the UI thread waiting
            # for a core (the machine's load), and the rest (the GIL, or nothing to do).
            "ui_cpu_ms_in_worst_stalls": [round(r["ui_cpu_ms_in_worst_stall"], 1) for r in runs],
            "ui_queued_ms_in_worst_stalls": [round(r["ui_queued_ms_in_worst_stall"], 1) for r in runs],
            "ui_busy_max_ms": max(r["ui_busy_ms"] for r in runs),
            "raw_seconds": raw_times, "app_seconds": [r["seconds"] for r in runs],
            "app_rows": [r["rows"] for r in runs]}


def prepared_pages(items: int, page_sizes: list[int],
                   rounds: int) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
    """The prepared-pages endpoint's part: a comparison per page size, the memory held per row
    at the largest, and the detail pane (tests/benchmarks/test_browse_child.py runs it small)."""
    server, url = start_fake(items)
    try:
        conn = connect(url)
        info = fake_table(conn)
        expected = items // 3 * 3
        app = App(conn, info)
        runs = [{"endpoint": "prepared pages", **compare(conn, app, FAKE_TABLE, page_size, rounds, expected)}
                for page_size in page_sizes]
        memory = app.memory(max(page_sizes))
        detail = detail_stall()
        app.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return runs, memory, detail


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=100_000, help="items of the prepared-pages table")
    parser.add_argument("--page-sizes", default="100,1000,10000",
                        help="page sizes read on the prepared pages (10000: 1 MB pages)")
    parser.add_argument("--moto-items", type=int, default=5000)
    parser.add_argument("--moto-page-size", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-moto", action="store_true")
    args = parser.parse_args()
    # Killed (a timeout): leave through the ``finally`` blocks, which stop the endpoints.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    runs, memory, detail = prepared_pages(args.items, [int(p) for p in args.page_sizes.split(",")],
                                          args.rounds)
    if not args.no_moto:
        with MotoProcess() as moto:
            conn = connect(moto.url)
            fill_moto(conn, args.moto_items)
            from dynoview.core.session.tables import describe_table

            app = App(conn, describe_table(conn, MOTO_TABLE))
            runs.append({"endpoint": "moto", **compare(conn, app, MOTO_TABLE, args.moto_page_size,
                                                       args.rounds, args.moto_items)})
            app.close()
    worst_ratio = min(r["ratio"] for r in runs)
    worst_stall = max(r["max_stall_ms"] for r in runs)
    ok = (worst_ratio >= GOAL_RATIO and worst_stall <= GOAL_STALL_MS
          and memory["bytes_per_row"] <= GOAL_BYTES_PER_ROW and detail["select_ms"] < GOAL_DETAIL_MS)
    load = os.getloadavg()[0]
    per_run = "; ".join(f"{r['endpoint']} page {r['page_size']}: {r['app_items_per_s']:,.0f} vs "
                        f"{r['raw_items_per_s']:,.0f} items/s = {r['ratio']:.2f}x, stall "
                        f"{r['max_stall_ms']:.0f} ms (UI busy at most {r['ui_busy_max_ms']:.0f}; "
                        f"worst stalls {r['stalls_ms']} of which UI CPU {r['ui_cpu_ms_in_worst_stalls']}, "
                        f"queued for a core {r['ui_queued_ms_in_worst_stalls']})"
                        for r in runs)
    summary = (f"browse: {per_run}; worst {worst_ratio:.2f}x (goal >= {GOAL_RATIO}x), stall "
               f"{worst_stall:.0f} ms (goal <= {GOAL_STALL_MS:.0f}); {memory['bytes_per_row']:.0f} "
               f"bytes per loaded row over {memory['rows']:,} rows (goal <= {GOAL_BYTES_PER_ROW}; RSS "
               f"{memory['rss_bytes_per_row']:.0f}); detail pane {detail['select_ms']:.0f} ms for a "
               f"{detail['item_bytes'] // 1024} KB item 32 levels deep (goal < {GOAL_DETAIL_MS:.0f}; "
               f"JSON tab first view {detail['json_tab_first_view_ms']:.0f} ms); load average "
               f"{load:.1f} on {os.cpu_count()} cores: " + ("ok" if ok else "GOAL MISSED"))
    write_result("browse_throughput", {
        "runs": runs, "memory": memory, "detail": detail, "rounds": args.rounds,
        "load_average_1min": load,
        "goals": {"ratio": GOAL_RATIO, "max_stall_ms": GOAL_STALL_MS,
                  "bytes_per_row": GOAL_BYTES_PER_ROW, "detail_select_ms": GOAL_DETAIL_MS},
        "ok": ok}, summary)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
