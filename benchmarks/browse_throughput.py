"""Browse throughput: a Scan into the items model against a raw boto3 paginator, same
endpoint, same run, with a QTimer heartbeat measuring event-loop stalls.

Goal: the app at 0.9x of raw boto3 or better, no stall over 50 ms.
Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/browse_throughput.py [--items N]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import MotoProcess, write_result

from dynoview.core.connection import Connection, ConnectionSpec

TABLE = "bench-browse"


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


def app_browse(conn: Connection, page_size: int) -> tuple[int, float, float]:
    import qasync
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dynoview.core.browse import BrowseSpec
    from dynoview.core.tables import describe_table
    from dynoview.ui.browse_controller import BrowseController
    from dynoview.ui.context import AppContext
    from dynoview.ui.items_model import ItemsModel

    app = QApplication.instance() or QApplication([])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    ctx = AppContext()
    ctx.set_connection(conn)
    ctx.set_table(describe_table(conn, TABLE))
    model = ItemsModel()
    controller = BrowseController(ctx, model)
    max_gap = 0.0
    last = time.perf_counter()

    def beat() -> None:
        nonlocal last, max_gap
        now = time.perf_counter()
        max_gap = max(max_gap, now - last)
        last = now

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
    heartbeat.start()
    started = time.perf_counter()
    last = started
    controller.start(BrowseSpec(table=TABLE, page_size=page_size))
    with loop:
        loop.run_until_complete(done)
        elapsed = time.perf_counter() - started
        heartbeat.stop()
    ctx.tasks.shutdown()
    return model.rowCount(), elapsed, max_gap * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--items", type=int, default=5000)
    parser.add_argument("--page-size", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with MotoProcess() as server:
        conn = connect(server.url)
        fill(conn, args.items)
        raw_times, app_times, stalls = [], [], []
        for _ in range(args.rounds):  # interleaved so machine noise hits both alike
            count, t = raw_boto3(conn, args.page_size)
            assert count == args.items
            raw_times.append(t)
            count, t, stall = app_browse(conn, args.page_size)
            assert count == args.items, count
            app_times.append(t)
            stalls.append(stall)
    raw_rate = args.items / min(raw_times)
    app_rate = args.items / min(app_times)
    ratio = app_rate / raw_rate
    summary = (f"browse: app {app_rate:,.0f} items/s vs raw boto3 {raw_rate:,.0f} items/s "
               f"= {ratio:.2f}x (goal >= 0.9x); max event-loop stall {max(stalls):.0f} ms "
               f"(goal <= 50 ms); {args.items} items, page {args.page_size}")
    write_result("browse_throughput", {
        "items": args.items, "page_size": args.page_size, "rounds": args.rounds,
        "raw_seconds": raw_times, "app_seconds": app_times, "raw_items_per_s": raw_rate,
        "app_items_per_s": app_rate, "ratio": ratio, "max_stall_ms": max(stalls),
        "stalls_ms": stalls}, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
