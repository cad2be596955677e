"""Import throughput: ``dynoview import`` (the core's ``run_import``, preflight on) against raw
boto3 on the same endpoint (DynamoDB Local, moto), in the same run.

Two data sets of N items (default 100,000): ``documents`` (items of every type, no account or
lock: the preflight runs on every batch and finds nothing to judge) and ``accounts`` (the
article's layout, accounts with both their locks, shuffled: every batch is judged). Each is
written to a file per format (DynoView's own export: ddb-json, csv, json lines; a JSON array;
an S3 export folder) and imported into a fresh table on a fresh server, then checked exact
(numbers and binary included):

- ``batch`` (``--speed``, documents only: BatchWriteItem of 25, the preflight on) against the
  raw ``Table.batch_writer``. Goal: at least 0.9x its items/s. Concurrency, said in the output
  too: boto3's batch writer is sequential (one request at a time, on the caller's thread, as
  boto3 ships it, unchanged); DynoView reads, parses and judges on one thread and keeps up to
  ``run.BATCH_IN_FLIGHT`` BatchWriteItem requests in flight on as many writer threads.
- ``transact`` (guarded: TransactWriteItems of 100 after the preflight) against both the raw
  batch writer and raw ``transact_write_items`` of the same batches (cut by DynoView's batching
  before the clock starts, sent by the boto3 client as they are). A TransactWriteItems costs
  twice the write units and more of DynamoDB Local's own time than a BatchWriteItem of the same
  items, so the batch writer is out of reach for any guarded import; the fair baseline is the
  raw transactions. Goal: at least 0.9x theirs; the ratio to the batch writer is reported.
  Both send one transaction at a time (DynoView judges the next batch meanwhile).

Writes benchmarks/results/import_throughput.json, prints one summary line, exits 1 when a goal
is missed.

Run: ``.venv/bin/python benchmarks/import_throughput.py [--items 100000] [--formats ddb-json,csv]
[--datasets documents,accounts] [--accounts-formats ddb-json] [--modes batch,transact]
[--engines dynamodb-local,moto]`` (every format for documents, the accounts in DynamoDB JSON
unless asked)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
_DATA = tempfile.mkdtemp(prefix="dynoview-import-bench-")
os.environ["XDG_DATA_HOME"] = _DATA  # the action log and progress files stay out of the user's

import boto3  # noqa: E402
from boto3.dynamodb.types import TypeDeserializer  # noqa: E402

from benchmarks._common import MotoProcess, write_result  # noqa: E402
from dynoview.core.imports.batching import batches  # noqa: E402
from dynoview.core.imports.run import (  # noqa: E402
    BATCH,
    BATCH_IN_FLIGHT,
    TRANSACT,
    ImportOptions,
    run_import,
    valid_items,
)
from dynoview.core.imports.source import read_records  # noqa: E402
from dynoview.core.items.export import render  # noqa: E402
from dynoview.core.session.connection import Connection, ConnectionSpec  # noqa: E402
from dynoview.core.session.tables import describe_table  # noqa: E402
from dynoview.core.tx.action_log import ActionLog  # noqa: E402
from dynoview.core.uniqueness.schema import default_schema  # noqa: E402
from dynoview.demo import dynamodb_local as ddbl  # noqa: E402
from dynoview.demo.backend import create_accounts_table  # noqa: E402
from tests.unit.core.imports.samples import account, canonical, document, write_s3_export  # noqa: E402

GOAL_RATIO = 0.9
ENGINES = ("dynamodb-local", "moto")
RESULT = HERE / "results" / "import_throughput.json"
# The tests' 512 MB heap thrashes in garbage collection past some 50,000 items (16 s a request):
# each measurement gets a fresh DynamoDB Local with room for the whole table.
ddbl._JVM_OPTIONS = ("-Xmx3g", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
FORMATS = ("ddb-json", "csv", "jsonl", "json", "s3-export")


def data(kind: str, n: int) -> list[dict[str, Any]]:
    import random

    if kind == "accounts":
        items = [i for k in range(n // 3 + 1) for i in account(k)][:n - n % 3 or None]
    else:
        items = [document(k) for k in range(n)]
        for item in items:  # CSV and plain JSON carry top-level types exactly; keep it comparable
            item.pop("list"), item.pop("map"), item.pop("blobs"), item.pop("nums"), item.pop("tags")
            item.pop("blob")
    random.Random(3).shuffle(items)
    return items


def write_file(items: list[dict[str, Any]], fmt: str, folder: Path) -> Path:
    if fmt == "s3-export":
        return write_s3_export(folder / "s3", items, files=4).parents[1]
    text = render(items, "json" if fmt in ("jsonl", "json") else fmt, ["PK", "SK"])
    if fmt == "json":
        text = "[\n" + ",\n".join(text.splitlines()) + "\n]\n"
    path = folder / f"items.{ {'ddb-json': 'ddbjson', 'jsonl': 'jsonl', 'json': 'json', 'csv': 'csv'}[fmt]}"
    path.write_text(text)
    return path


def scan(conn: Connection, table: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    request: dict[str, Any] = {"TableName": table}
    while True:
        page = conn.client.scan(**request)
        out.extend(page["Items"])
        if "LastEvaluatedKey" not in page:
            return out
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def raw_import(url: str, table: str, items: list[dict[str, Any]]) -> float:
    plain = TypeDeserializer()
    rows = [{k: plain.deserialize(v) for k, v in i.items()} for i in items]
    resource = boto3.resource("dynamodb", endpoint_url=url, region_name="us-east-1", **_keys())
    started = time.perf_counter()
    with resource.Table(table).batch_writer() as writer:
        for row in rows:
            writer.put_item(Item=row)
    return time.perf_counter() - started


def raw_transact(conn: Connection, table: str, path: Path, fmt: str) -> float:
    """Raw ``transact_write_items`` of DynoView's batches (cut before the clock starts)."""
    info = describe_table(conn, table)
    cut = [[r.item for r in b.records] for b in batches(valid_items(read_records(path, fmt), info),
                                                         info, default_schema(info), max_items=100)]
    client = boto3.client("dynamodb", endpoint_url=conn.spec.endpoint_url, region_name="us-east-1",
                          **_keys())
    started = time.perf_counter()
    for items in cut:
        client.transact_write_items(TransactItems=[{"Put": {"TableName": table, "Item": i}} for i in items])
    return time.perf_counter() - started


def _keys() -> dict[str, str]:
    return dict(ddbl.LOCAL_KEYS)


def dynoview_import(conn: Connection, table: str, path: Path, fmt: str, mode: str) -> float:
    info = describe_table(conn, table)
    schema = default_schema(info)
    started = time.perf_counter()
    run_import(conn, info, read_records(path, fmt), path, schema=schema, has_lock_rules=mode == TRANSACT,
               log=ActionLog(Path(_DATA) / f"actions-{uuid.uuid4().hex[:6]}.jsonl"),
               options=ImportOptions(mode=mode))
    return time.perf_counter() - started


class _Moto:
    """moto in a process of its own, stopped like DynamoDB Local."""

    def __init__(self) -> None:
        self.process = MotoProcess()
        self.url = self.process.url

    def stop(self) -> None:
        self.process.close()


ENGINE = ENGINES[0]


def fresh_server() -> Any:
    return _Moto() if ENGINE == "moto" else ddbl.start(ddbl.install())


def connect(url: str) -> Connection:
    return Connection(ConnectionSpec(name="bench", endpoint_url=url, region="us-east-1"),
                      credentials=_keys())


def measure(items: list[dict[str, Any]], run: Any) -> tuple[float, bool]:
    """Seconds taken by ``run(conn, url, table)`` on a fresh DynamoDB Local, and whether the
    table then holds exactly ``items``."""
    server = fresh_server()
    try:
        conn = connect(server.url)
        table = f"t-{uuid.uuid4().hex[:6]}"
        create_accounts_table(conn, table)
        seconds = run(conn, server.url, table)
        return seconds, canonical(scan(conn, table)) == canonical(items)
    finally:
        server.stop()


def _run(engine: str, kind: str, fmt: str, mode: str, n: int, dv_s: float, exact: bool,
         base: dict[str, float]) -> dict[str, Any]:
    """One measurement: the goal's baseline is the batch writer for ``batch``, the raw
    transactions for ``transact`` (see the module doc)."""
    goal_base = base["raw_transact_s"] if mode == TRANSACT else base["raw_s"]
    ratio = goal_base / dv_s
    return {"engine": engine, "dataset": kind, "format": fmt, "mode": mode, "items": n,
            "in_flight": {"dynoview": 1 if mode == TRANSACT else BATCH_IN_FLIGHT, "raw": 1},
            "raw_items_per_s": round(n / base["raw_s"]), "raw_s": round(base["raw_s"], 1),
            **({"raw_transact_items_per_s": round(n / base["raw_transact_s"]),
                "raw_transact_s": round(base["raw_transact_s"], 1)} if mode == TRANSACT else {}),
            "dynoview_items_per_s": round(n / dv_s), "dynoview_s": round(dv_s, 1),
            "ratio_vs_batch_writer": round(base["raw_s"] / dv_s, 3),
            "ratio": round(ratio, 3), "goal_baseline": "raw TransactWriteItems" if mode == TRANSACT
            else "raw batch_writer", "exact": exact, "met": ratio >= GOAL_RATIO and exact,
            "load_average_after": list(os.getloadavg())}


def main() -> int:
    global ENGINE
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--datasets", default="documents,accounts")
    parser.add_argument("--modes", default=f"{BATCH},{TRANSACT}",
                        help="batch (--speed, documents only) and transact (guarded)")
    parser.add_argument("--engines", default=ENGINES[0], help=f"of {', '.join(ENGINES)}")
    parser.add_argument("--append", action="store_true",
                        help="add these runs to those already in the result file")
    parser.add_argument("--accounts-formats", default="ddb-json",
                        help="formats for the accounts data set (each takes minutes at 100,000)")
    args = parser.parse_args()
    runs: list[dict[str, Any]] = []
    if args.append and RESULT.exists():
        runs = list(json.loads(RESULT.read_text()).get("runs", []))
    first = len(runs)
    modes = args.modes.split(",")
    for engine in args.engines.split(","):
        ENGINE = engine
        for kind in args.datasets.split(","):
            items = data(kind, args.items)
            base: dict[str, float] = {}
            formats = args.formats if kind == "documents" else args.accounts_formats
            for fmt in formats.split(","):
                with tempfile.TemporaryDirectory() as folder:
                    path = write_file(items, fmt, Path(folder))
                    for mode in modes:
                        if mode == BATCH and kind != "documents":
                            continue  # lock rules: only guarded transactions
                        # Each run's baselines just before it: the machine's load (other work on
                        # its 2 cores) drifts within minutes, and a baseline of another minute
                        # would favour one side.
                        base["raw_s"] = measure(items, lambda _c, url, t, rows=items:
                                                raw_import(url, t, rows))[0]
                        if mode == TRANSACT:
                            base["raw_transact_s"] = measure(
                                items, lambda c, _u, t, p=path, f=fmt: raw_transact(c, t, p, f))[0]
                        dv_s, exact = measure(items, lambda c, _u, t, p=path, f=fmt, m=mode:
                                              dynoview_import(c, t, p, f, m))
                        runs.append(_run(engine, kind, fmt, mode, len(items), dv_s, exact, base))
                        print(runs[-1], flush=True)
    load = os.getloadavg()
    met = all(r["met"] for r in runs[first:])
    summary = (f"import {runs[first]['items']:,} items: DynoView "
               + ", ".join(f"{r['engine']}/{r['dataset']}/{r['format']}/{r['mode']} "
                           f"{r['dynoview_items_per_s']:,}/s, {r['in_flight']['dynoview']} "
                           f"request(s) in flight ({r['ratio']:.2f}x of "
                           f"{'raw transactions' if r['mode'] == TRANSACT else 'batch_writer'}, "
                           "1 in flight"
                           + (f", {r['ratio_vs_batch_writer']:.2f}x of batch_writer"
                              if r["mode"] == TRANSACT else "")
                           + f"{'' if r['exact'] else ', NOT EXACT'})" for r in runs[first:])
               + f"; goal >= {GOAL_RATIO}x " + ("met" if met else "MISSED")
               + f"; load average {load[0]:.1f}")
    write_result("import_throughput", {"runs": runs, "goal_ratio": GOAL_RATIO, "load_average": list(load),
                                       "cpus": os.cpu_count(), "goals": {"ratio >= 0.9x": met}}, summary)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
