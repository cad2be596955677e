"""Stream follow: the stream viewer keeps up with a table receiving writes from another
process, without stalling the Qt event loop.

Three processes, loopback only: moto (``dynoview.demo.backend.start_server`` in a child, so
it does not share the GIL with the viewer), a writer paced at ``--rate`` writes per second
(70% new items, 20% updates, 10% deletes) for ``--seconds``, and this one: a QApplication
with a qasync loop and a ``StreamPanel`` following the table's stream from LATEST, shown
(offscreen by default) as in the app. A 10 ms QTimer heartbeat measures event-loop stalls
(goal: none over 50 ms). Lag is the time from a write (``writtenAt`` in the item) to its
record being in the panel's model.

Run: .venv/bin/python benchmarks/stream_follow.py [--rate 200] [--seconds 20]
Writes benchmarks/results/stream_follow.json and prints one summary line.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))

from _common import MotoProcess, write_result  # noqa: E402

STALL_MS = 50.0
HEARTBEAT_MS = 10


def percentile(values: list[float], pct: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


# --------------------------------------------------------------------------- writer process


def writer_main(url: str, table: str, rate: float, seconds: float, threads: int) -> None:
    """Paced writes from several threads; prints one JSON line with what it did."""
    import boto3

    total = int(rate * seconds)
    sys.stdin.readline()  # started ahead of time (forking is not measured); go on this line
    expected = 0
    errors = 0
    latencies: list[float] = []
    lock = threading.Lock()
    t0 = time.perf_counter() + 0.2

    def run(worker: int) -> None:
        nonlocal expected, errors
        client = boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1")
        for i in range(worker, total, threads):
            delay = t0 + i / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            now = f"{time.time():.6f}"
            kind = i % 10
            started = time.perf_counter()
            records = 1
            try:
                if kind < 7 or i < 36:
                    client.put_item(TableName=table, Item={
                        "PK": {"S": f"ITEM#{i}"}, "SK": {"S": "X"}, "writtenAt": {"N": now},
                        "payload": {"S": "x" * 200}, "n": {"N": str(i)}})
                elif kind < 9:
                    target = i - 36  # a put ~180 ms earlier (positions 1 and 2 of a run of ten)
                    old = client.update_item(
                        TableName=table, Key={"PK": {"S": f"ITEM#{target}"}, "SK": {"S": "X"}},
                        UpdateExpression="SET writtenAt = :t, n = :n", ReturnValues="UPDATED_OLD",
                        ExpressionAttributeValues={":t": {"N": now}, ":n": {"N": str(i)}})
                    # Should the put not have landed yet, moto writes two INSERT records for an
                    # update that creates the item (DynamoDB writes one): count what it does.
                    records = 1 if old.get("Attributes") else 2
                else:
                    target = i - 29  # a put from ~150 ms earlier, deleted once
                    old = client.delete_item(TableName=table, Key={"PK": {"S": f"ITEM#{target}"},
                                                                   "SK": {"S": "X"}}, ReturnValues="ALL_OLD")
                    records = 1 if old.get("Attributes") else 0  # deleting nothing writes no record
            except Exception:
                with lock:
                    errors += 1
                continue
            with lock:
                expected += records
                latencies.append((time.perf_counter() - started) * 1000)

    workers = [threading.Thread(target=run, args=(w,)) for w in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - t0
    print(json.dumps({"writes": len(latencies), "expected_records": expected, "errors": errors,
                      "elapsed_s": elapsed, "achieved_rate": len(latencies) / elapsed,
                      "write_ms_p50": percentile(latencies, 50), "write_ms_p99": percentile(latencies, 99)}),
          flush=True)


# --------------------------------------------------------------------------- viewer


def create_table(url: str) -> str:
    import boto3

    name = f"bench-stream-{uuid.uuid4().hex[:8]}"
    client = boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1")
    client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    )
    return name


def follow(url: str, args: argparse.Namespace) -> dict[str, Any]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import asyncio

    import qasync
    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from dynoview.core.session.connection import Connection, ConnectionSpec
    from dynoview.core.session.tables import describe_table
    from dynoview.core.streams.reader import LATEST
    from dynoview.ui.context import AppContext
    from dynoview.ui.stream.panel import StreamPanel

    table = create_table(url)
    app = QApplication.instance() or QApplication([])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    conn = Connection(ConnectionSpec("bench", endpoint_url=url, region="us-east-1"))
    ctx = AppContext()
    ctx.set_connection(conn)
    panel = StreamPanel(ctx)
    panel.resize(1200, 800)
    panel.show()
    panel.poll_interval_ms = args.interval_ms
    ctx.set_table(describe_table(conn, table))

    gaps: list[float] = []
    lags: list[float] = []
    ids: set[str] = set()
    gap_at: list[float] = []
    gc_pauses: list[float] = []
    gc_started: list[float] = []

    def gc_callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            gc_started[:] = [time.perf_counter()]
        elif gc_started and state["measuring"] and info.get("generation") == 2:
            gc_pauses.append((time.perf_counter() - gc_started[0]) * 1000)

    gc.callbacks.append(gc_callback)
    state: dict[str, Any] = {"measuring": False, "last_tick": None, "received": 0,
                             "writer_result": None, "writer_done_at": None, "first_write": 0.0,
                             "last_event": None, "t_start": None}

    def tick() -> None:
        now = time.perf_counter()
        if state["measuring"] and state["last_tick"] is not None:
            gaps.append((now - state["last_tick"]) * 1000)
            gap_at.append(now - state["first_write"])
        state["last_tick"] = now

    heartbeat = QTimer()
    heartbeat.setTimerType(Qt.TimerType.PreciseTimer)
    heartbeat.timeout.connect(tick)
    heartbeat.start(HEARTBEAT_MS)

    def on_rows(_parent: Any, first: int, last: int) -> None:
        now = time.time()
        model = panel.model
        count = last - first + 1
        for row in range(first, last + 1):
            record = model.record_json(row)
            written = (record["new_image"] or {}).get("writtenAt")
            if written is not None:
                lags.append((now - float(written["N"])) * 1000)
            ids.add(record["event_id"])
        state["received"] += count
        state["last_event"] = time.perf_counter()

    # Qt's own signal (per inserted chunk): the moment records become visible in the table.
    panel.model.rowsInserted.connect(on_rows)

    def start_writer() -> None:
        if panel.info is None:
            QTimer.singleShot(50, start_writer)
            return
        if state["t_start"] is None:
            panel.position.setCurrentIndex(panel.position.findData(LATEST))
            panel.follow_button.setChecked(True)
            state["t_start"] = time.perf_counter()
        if args.control and panel.polls >= 1:
            panel.stop()  # control run: the same load, the viewer idle
        elif panel.polls < 1:  # the LATEST iterators exist before the first write
            QTimer.singleShot(50, start_writer)
            return
        # A long-running app did its first full collection of the start-up heap long ago;
        # do it now so the window measures steady state, then count any full collection.
        gc.collect()
        state["last_tick"] = None  # the collection above is not a stall of the viewer
        state["measuring"] = True
        state["first_write"] = time.perf_counter()
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
        QTimer.singleShot(100, check)

    def check() -> None:
        if state["writer_result"] is None and writer.poll() is not None:
            assert writer.stdout is not None
            out = writer.stdout.read()
            writer.stdout.close()
            state["writer_result"] = json.loads(out.strip().splitlines()[-1])
            state["writer_done_at"] = time.perf_counter()
        result = state["writer_result"]
        if result is not None:
            drained = state["received"] >= result["expected_records"] or args.control
            timed_out = time.perf_counter() - state["writer_done_at"] > args.drain
            if drained or timed_out:
                state["measuring"] = False
                state["measured_s"] = time.perf_counter() - state["first_write"]
                loop.stop()
                return
        QTimer.singleShot(100, check)

    writer = subprocess.Popen(
        [sys.executable, __file__, "--writer", url, table, str(args.rate), str(args.seconds),
         str(args.writer_threads)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert writer.stdin is not None and writer.stdout is not None  # both piped
    QTimer.singleShot(0, start_writer)
    with loop:
        loop.run_forever()
    panel.stop()
    heartbeat.stop()
    if writer.stdin:
        writer.stdin.close()
    if writer.poll() is None:
        writer.kill()
    writer.wait()
    gc.callbacks.remove(gc_callback)

    writer_result = state["writer_result"] or {}
    span = (state["last_event"] or time.perf_counter()) - state["first_write"]
    stalls = [g - HEARTBEAT_MS for g in gaps]
    receipts = [r for r in ctx.read_log.receipts() if r.operation == "GetRecords"]
    durations = [r.duration_ms for r in receipts]
    ctx.tasks.shutdown()
    return {
        "python": platform.python_version(),
        "pyside": pyside_version,
        "cpu_count": os.cpu_count(),
        # The machine's load over the last minute when the run ended: stalls on a shared
        # 2-core box track it (compare with --control under the same load).
        "load_average_1min": os.getloadavg()[0],
        "server": "moto ThreadedMotoServer in a child process (loopback)",
        "control": args.control,
        "rate_target": args.rate,
        "seconds": args.seconds,
        "poll_interval_ms": args.interval_ms,
        "writer": writer_result,
        "records_expected": writer_result.get("expected_records"),
        "records_received": state["received"],
        "records_missing": max(0, (writer_result.get("expected_records") or 0) - len(ids)),
        # moto numbers records non-atomically under concurrent writes: two records can share a
        # sequence number, and reading AFTER it delivers the second one again.
        "records_unique": len(ids),
        "duplicate_deliveries": state["received"] - len(ids),
        "full_gc_collections": len(gc_pauses),
        "full_gc_ms_max": max(gc_pauses) if gc_pauses else None,
        "records_per_s_kept_up": state["received"] / span if span > 0 else None,
        "lag_ms_p50": percentile(lags, 50),
        "lag_ms_p95": percentile(lags, 95),
        "lag_ms_max": max(lags) if lags else None,
        "heartbeats": len(gaps),
        "stall_ms_max": max(stalls) if stalls else None,
        "stall_ms_p99": percentile(stalls, 99),
        "stalls_over_50ms": sum(1 for s in stalls if s > STALL_MS),
        "worst_stalls_at_s": sorted(((round(s, 1), round(t, 2)) for s, t in zip(stalls, gap_at, strict=True)),
                                    reverse=True)[:5],
        "get_records_calls": len(receipts),
        "get_records_ms_p50": percentile(durations, 50),
        "get_records_ms_max": max(durations) if durations else None,
        "polls": panel.polls,
    }


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--writer":
        url, table, rate, seconds, threads = sys.argv[2:7]
        writer_main(url, table, float(rate), float(seconds), int(threads))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=200.0, help="writes per second (default 200)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to write (default 20)")
    parser.add_argument("--drain", type=float, default=15.0,
                        help="seconds to wait for the viewer to catch up after writing stops")
    parser.add_argument("--interval-ms", type=int, default=500, help="poll interval when idle (default 500)")
    parser.add_argument("--writer-threads", type=int, default=8)
    parser.add_argument("--control", action="store_true",
                        help="same load, viewer not following: the machine's own stall floor")
    args = parser.parse_args()
    with MotoProcess() as moto:
        data = follow(moto.url, args)
    w = data["writer"]
    ok = (data["stalls_over_50ms"] == 0 and data["records_missing"] == 0)
    summary = (
        f"stream_follow: {w.get('achieved_rate', 0):.0f} writes/s for {args.seconds:g} s; viewer got "
        f"{data['records_unique']}/{data['records_expected']} records "
        f"({data['records_per_s_kept_up'] or 0:.0f}/s), lag p50 {data['lag_ms_p50'] or 0:.0f} ms, "
        f"p95 {data['lag_ms_p95'] or 0:.0f} ms; event-loop stall max {data['stall_ms_max'] or 0:.1f} ms, "
        f"{data['stalls_over_50ms']} over 50 ms: {'ok' if ok else 'GOAL MISSED'} "
        f"(load average {data['load_average_1min']:.1f} on {data['cpu_count']} cores)"
    )
    if args.control:
        summary = (f"stream_follow --control: viewer idle under the same load; event-loop stall max "
                   f"{data['stall_ms_max'] or 0:.1f} ms, {data['stalls_over_50ms']} over 50 ms")
        write_result("stream_follow_control", data, summary)
        return 0
    write_result("stream_follow", data, summary)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
