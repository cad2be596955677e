"""Browse throughput: a Scan into the items model against a raw boto3 paginator, same
endpoint, same run, with a QTimer heartbeat measuring event-loop stalls.

The app side does what the window does: once connected, ``settle_after_connect`` (one full
collection, then ``gc.freeze``; its pause is reported apart, it happens at connect time),
then pages into the model. The longest garbage collection during the browse is reported
next to the stall, so a stall the collector did not cause (a busy machine) shows as such;
the load average is reported too.

Goal: the app at 0.9x of raw boto3 or better, no stall over 50 ms. Exits 1 on a miss.
Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/browse_throughput.py [--items N]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import MotoProcess, write_result

from dynoview.core.session.connection import Connection, ConnectionSpec

TABLE = "bench-browse"
GOAL_RATIO = 0.9
GOAL_STALL_MS = 50.0


def connect(url: str) -> Connection:
    return Connection(ConnectionSpec(name="bench", endpoint_url=url, region="us-east-1"),
                      credentials={"aws_access_key_id": "k", "aws_secret_access_key": "s"})


def fill(conn: Connection, count: int) -> None:
    client = conn.client
    client.create_table(TableName=TABLE, BillingMode="PAY_PER_REQUEST",
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
            client.batch_write_item(RequestItems={TABLE: batch})
            batch = []
    if batch:
        client.batch_write_item(RequestItems={TABLE: batch})


def raw_boto3(conn: Connection, page_size: int) -> tuple[int, float]:
    started = time.perf_counter()
    count = 0
    paginator = conn.client.get_paginator("scan")
    for page in paginator.paginate(TableName=TABLE, PaginationConfig={"PageSize": page_size}):
        count += len(page["Items"])
    return count, time.perf_counter() - started


class GcPauses:
    """Every cyclic collection while installed: (generation, start, end, CPU seconds). A
    collection runs on whichever thread allocated (often a worker parsing a page) and holds the
    GIL throughout; its CPU time is what it costs on an idle machine, its wall time what it
    cost here."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float, float, float]] = []
        self._started = threading.local()

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started.at = (time.perf_counter(), time.thread_time())
        else:
            wall, cpu = self._started.at
            self.pauses.append((info["generation"], wall, time.perf_counter(), time.thread_time() - cpu))

    def longest_ms(self) -> tuple[int | None, float, float]:
        """(generation, wall ms, CPU ms) of the longest collection."""
        gen, start, end, cpu = max(self.pauses, key=lambda p: p[2] - p[1], default=(None, 0.0, 0.0, 0.0))
        return gen, (end - start) * 1000, cpu * 1000

    def within_ms(self, start: float, end: float) -> float:
        """Milliseconds of collection between ``start`` and ``end``."""
        return sum(max(0.0, min(end, e) - max(start, s)) for _, s, e, _ in self.pauses) * 1000


def app_browse(conn: Connection, page_size: int) -> dict[str, Any]:
    import qasync
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dynoview.core.reads.browse import BrowseSpec
    from dynoview.core.session.tables import describe_table
    from dynoview.ui.context import AppContext
    from dynoview.ui.gc_pauses import settle_after_connect
    from dynoview.ui.items.controller import BrowseController
    from dynoview.ui.items.model import ItemsModel

    app = QApplication.instance() or QApplication([])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    ctx = AppContext()
    ctx.set_connection(conn)
    connect_pause_ms = settle_after_connect()  # as MainWindow._connected does
    ctx.set_table(describe_table(conn, TABLE))
    model = ItemsModel()
    controller = BrowseController(ctx, model)
    max_gap = max_busy = 0.0
    worst = (0.0, 0.0)  # (start, end) of the longest gap
    last = time.perf_counter()
    last_cpu = time.thread_time()

    def beat() -> None:
        # Wall gap is the goal; the UI thread's own CPU time in a gap tells how much of it
        # was the app's work and how much waiting (another process on the core, the GIL).
        nonlocal last, max_gap, last_cpu, max_busy, worst
        now, cpu = time.perf_counter(), time.thread_time()
        if now - last > max_gap:
            max_gap, worst = now - last, (last, now)
        max_busy = max(max_busy, cpu - last_cpu)
        last, last_cpu = now, cpu

    heartbeat = QTimer()
    heartbeat.setInterval(5)
    heartbeat.timeout.connect(beat)
    done = loop.create_future()

    def page_loaded(_page: object) -> None:
        if model.exhausted:
            if not done.done():
                done.set_result(None)
        else:
            controller.fetch_more()

    controller.page_loaded.connect(page_loaded)
    collections = GcPauses()
    gc.callbacks.append(collections)
    heartbeat.start()
    started = time.perf_counter()
    last, last_cpu = started, time.thread_time()
    controller.start(BrowseSpec(table=TABLE, page_size=page_size))
    with loop:
        loop.run_until_complete(done)
        elapsed = time.perf_counter() - started
        heartbeat.stop()
    gc.callbacks.remove(collections)
    ctx.tasks.shutdown()
    # The slot holds the controller (closure) and the controller's signal holds the slot, a
    # cycle through Qt the collector cannot see: break it, or every round's rows stay alive.
    controller.page_loaded.disconnect(page_loaded)
    generation, longest, longest_cpu = collections.longest_ms()
    return {"rows": model.rowCount(), "seconds": elapsed, "stall_ms": max_gap * 1000,
            "gc_ms_in_worst_stall": collections.within_ms(*worst),
            "ui_thread_busy_max_ms": max_busy * 1000,
            "connect_collect_ms": connect_pause_ms, "gc_max_ms": longest, "gc_max_generation": generation,
            "gc_max_cpu_ms": longest_cpu,
            "full_collections": sum(1 for p in collections.pauses if p[0] == 2),
            "collections": len(collections.pauses)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--items", type=int, default=5000)
    parser.add_argument("--page-size", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with MotoProcess() as server:
        conn = connect(server.url)
        fill(conn, args.items)
        raw_times: list[float] = []
        rounds: list[dict[str, Any]] = []
        for _ in range(args.rounds):  # interleaved so machine noise hits both alike
            count, t = raw_boto3(conn, args.page_size)
            assert count == args.items
            raw_times.append(t)
            run = app_browse(conn, args.page_size)
            assert run["rows"] == args.items, run["rows"]
            rounds.append(run)
    app_times = [r["seconds"] for r in rounds]
    stalls = [r["stall_ms"] for r in rounds]
    gc_max = max(r["gc_max_ms"] for r in rounds)
    gc_cpu = max(r["gc_max_cpu_ms"] for r in rounds)
    worst_round = max(rounds, key=lambda r: r["stall_ms"])
    busy_max = max(r["ui_thread_busy_max_ms"] for r in rounds)
    raw_rate = args.items / min(raw_times)
    app_rate = args.items / min(app_times)
    ratio = app_rate / raw_rate
    ok = ratio >= GOAL_RATIO and max(stalls) <= GOAL_STALL_MS
    load = os.getloadavg()[0]
    summary = (f"browse: app {app_rate:,.0f} items/s vs raw boto3 {raw_rate:,.0f} items/s "
               f"= {ratio:.2f}x (goal >= {GOAL_RATIO}x); max event-loop stall {max(stalls):.0f} ms "
               f"(goal <= {GOAL_STALL_MS:.0f} ms; rounds {', '.join(f'{s:.0f}' for s in stalls)}; "
               f"{worst_round['gc_ms_in_worst_stall']:.0f} ms of it garbage collection), "
               f"UI thread busy at most {busy_max:.0f} ms at a stretch, longest GC pause while "
               f"browsing {gc_max:.1f} ms ({gc_cpu:.1f} ms CPU), one collection at connect "
               f"{max(r['connect_collect_ms'] for r in rounds):.0f} ms; {args.items} items, page "
               f"{args.page_size}; load average {load:.1f} on {os.cpu_count()} cores: "
               + ("ok" if ok else "GOAL MISSED"))
    write_result("browse_throughput", {
        "items": args.items, "page_size": args.page_size, "rounds": args.rounds,
        "raw_seconds": raw_times, "app_seconds": app_times, "raw_items_per_s": raw_rate,
        "app_items_per_s": app_rate, "ratio": ratio, "max_stall_ms": max(stalls),
        "stalls_ms": stalls, "gc_max_ms": gc_max, "gc_max_cpu_ms": gc_cpu, "ui_thread_busy_max_ms": busy_max,
        "app_rounds": rounds, "load_average_1min": load,
        "goals": {"ratio": GOAL_RATIO, "max_stall_ms": GOAL_STALL_MS}, "ok": ok}, summary)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
