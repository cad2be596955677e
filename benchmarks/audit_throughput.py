"""Audit throughput: raw boto3 vs the stdlib-json floor vs ``dynoview audit``, same pages.

For each table size (default 100k and 1M items; ``--full`` adds 3M; ``--sizes`` sets
them) one run starts ``fake_scan_endpoint.py`` (every page generated and cached before
timing; each answer carries ``x-amz-crc32``), then measures three contenders, each in
its own child process so each memory figure is its own:

- raw: boto3's Scan paginator, one thread per segment, counting items. Its client uses
  botocore's legacy retry mode, the one that verifies ``x-amz-crc32`` (botocore's
  default, standard mode, does not).
- floor: the same pages fetched over one keep-alive connection with ``http.client``,
  CRC32 checked and parsed with stdlib ``json``: what reading the pages costs at least.
- dynoview: ``dynoview.core.audit.run.run_audit`` (what ``dynoview audit`` runs), which
  checks each answer's CRC32 (``dynoview.core.session.integrity``), classifies every item and
  picks in-process or worker processes by the table's approximate size, as it would for
  a real table. Worker start-up is inside the timing.

Before timing, a page with a wrong checksum proves that all three really check it.

Peak memory is the process tree's: sampled from outside every 10 ms (child and its
descendants, /proc), and from inside with getrusage (its own peak plus its largest
child's). The goal is checked on the larger; the JSON also gives the bound that counts
the largest child's peak once per worker process.

Goals, checked at 1M items (a run whose ``--sizes`` leave out 1M fails, saying so): at
least 5x raw boto3, at most 1.5x the floor, under 600 MB; at every size the findings
must be exactly the planted ones (counted by status, and value by value); with 3M, peak
memory above the 100k run must grow no faster than the number of items (<= 3.3x the 1M
growth). Writes benchmarks/results/audit_throughput.json, prints one summary line, exits
1 when a goal is missed.

Run: ``.venv/bin/python benchmarks/audit_throughput.py [--full] [--sizes 100000,1000000]``
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

# Spawned audit workers import this file as their __main__: keep the top level light.
from fake_scan_endpoint import BAD_CRC_TABLE, TABLE, expected_findings  # noqa: E402

GOAL_VS_RAW = 5.0
GOAL_VS_FLOOR = 1.5
GOAL_PEAK_MB = 600
GOAL_SIZE = 1_000_000
DEFAULT_SIZES = (100_000, 1_000_000)
FULL_SIZES = (100_000, 1_000_000, 3_000_000)
FAKE_KEYS = {"aws_access_key_id": "bench-fake-key", "aws_secret_access_key": "bench-fake-secret"}


def _isolate() -> None:
    """No AWS config or credentials of the machine's: the endpoint is local, the keys fake."""
    os.environ.update({"AWS_CONFIG_FILE": os.devnull, "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
                       "AWS_DEFAULT_REGION": "us-east-1"})
    for name in ("AWS_PROFILE", "AWS_RETRY_MODE", "AWS_MAX_ATTEMPTS"):
        os.environ.pop(name, None)


def _rusage_peak_mb(children: int = 1) -> float:
    from _common import rusage_peak_mb  # here: spawned audit workers import this file

    return rusage_peak_mb(children)


def _requests(segments: int) -> list[dict[str, Any]]:
    """The first Scan request of each segment, as every contender sends it."""
    out = []
    for s in range(segments):
        req: dict[str, Any] = {"TableName": TABLE, "ReturnConsumedCapacity": "TOTAL"}
        if segments > 1:
            req.update(Segment=s, TotalSegments=segments)
        out.append(req)
    return out


# ----------------------------------------------------------------------------- contenders

def _raw_client(url: str, attempts: int | None = None) -> Any:
    import boto3.session
    from botocore.config import Config

    retries: dict[str, Any] = {"mode": "legacy"}  # legacy retries verify x-amz-crc32
    if attempts:
        retries["total_max_attempts"] = attempts
    return boto3.session.Session(**FAKE_KEYS).client(
        "dynamodb", endpoint_url=url, region_name="us-east-1",
        config=Config(retries=retries, max_pool_connections=32))


def phase_raw(url: str, segments: int) -> dict[str, Any]:
    """boto3's paginator, one thread per segment, counting items only."""
    client = _raw_client(url)
    counts = [0] * segments

    def run(segment: int, request: dict[str, Any]) -> None:
        for page in client.get_paginator("scan").paginate(**request):
            counts[segment] += len(page["Items"])

    started = time.perf_counter()
    threads = [threading.Thread(target=run, args=(s, r)) for s, r in enumerate(_requests(segments))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"items": sum(counts), "seconds": time.perf_counter() - started,
            "peak_rss_mb_rusage": _rusage_peak_mb()}


def _floor_page(conn: Any, request: dict[str, Any]) -> dict[str, Any]:
    from binascii import crc32

    conn.request("POST", "/", body=json.dumps(request).encode(), headers={
        "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810.Scan"})
    answer = conn.getresponse()
    body = answer.read()
    if crc32(body) & 0xFFFFFFFF != int(answer.getheader("x-amz-crc32", "-1")):
        raise ValueError("x-amz-crc32 does not match the body")
    page: dict[str, Any] = json.loads(body)
    return page


def phase_floor(url: str, segments: int) -> dict[str, Any]:
    """The same pages over one keep-alive connection, CRC32 checked, parsed with stdlib json."""
    from http.client import HTTPConnection
    from urllib.parse import urlparse

    parts = urlparse(url)
    conn = HTTPConnection(parts.hostname or "127.0.0.1", parts.port)
    items = 0
    started = time.perf_counter()
    for request in _requests(segments):
        while True:
            page = _floor_page(conn, request)
            items += len(page["Items"])
            if not page.get("LastEvaluatedKey"):
                break
            request = {**request, "ExclusiveStartKey": page["LastEvaluatedKey"]}
    conn.close()
    return {"items": items, "seconds": time.perf_counter() - started,
            "peak_rss_mb_rusage": _rusage_peak_mb()}


def _app_reader(url: str) -> Any:
    from dynoview.core.reads.reader import Reader
    from dynoview.core.session.connection import Connection, ConnectionSpec

    spec = ConnectionSpec(name="bench", endpoint_url=url, region="us-east-1", read_only=True)
    return Reader(Connection(spec, credentials=FAKE_KEYS))


def phase_dynoview(url: str, segments: int, items: int, size_bytes: int) -> dict[str, Any]:
    """``run_audit`` as ``dynoview audit`` calls it, on a TableInfo like DescribeTable's."""
    from dynoview.core.audit.run import run_audit
    from dynoview.core.session.tables import KeyAttribute, TableInfo
    from dynoview.core.uniqueness.schema import article_schema

    info = TableInfo(TABLE, KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), ttl_attribute="expiresAt",
                     ttl_status="ENABLED", item_count=items, size_bytes=size_bytes)
    reader = _app_reader(url)
    started = time.perf_counter()
    result = run_audit(reader, info, article_schema(), segments=segments)
    elapsed = time.perf_counter() - started
    return {"items": result.items_read, "seconds": elapsed, "path": result.path,
            "workers": result.workers, "pages": result.pages, "receipts": len(result.receipts),
            "receipt_paths": sorted({r.extra.get("audit_path", "") for r in result.receipts}),
            "consumed_capacity": result.consumed_capacity, "counts": result.counts,
            "findings": sorted([f.status, f.rule, f.value] for f in result.findings),
            "peak_rss_mb_rusage": _rusage_peak_mb(),
            # If every worker peaked at the largest one's peak, at the same moment as this one.
            "peak_rss_mb_rusage_all_workers": _rusage_peak_mb(result.workers)}


def phase_crc(url: str) -> dict[str, Any]:
    """Each contender must refuse a page whose x-amz-crc32 is wrong."""
    from http.client import HTTPConnection
    from urllib.parse import urlparse

    from dynoview.core.session.integrity import DamagedResponseError

    out: dict[str, Any] = {}
    try:
        _raw_client(url, attempts=1).scan(TableName=BAD_CRC_TABLE)
        out["raw"] = "accepted a damaged page"
    except Exception as exc:  # botocore's ChecksumError
        out["raw"] = type(exc).__name__
    parts = urlparse(url)
    try:
        _floor_page(HTTPConnection(parts.hostname or "127.0.0.1", parts.port), {"TableName": BAD_CRC_TABLE})
        out["floor"] = "accepted a damaged page"
    except ValueError:
        out["floor"] = "ValueError"
    try:
        _app_reader(url).read("Scan", {"TableName": BAD_CRC_TABLE})
        out["dynoview"] = "accepted a damaged page"
    except DamagedResponseError:
        out["dynoview"] = "DamagedResponseError"
    return out


# ----------------------------------------------------------------------------- orchestration

def _child(phase: str, **kwargs: Any) -> dict[str, Any]:
    """Run one phase in a fresh interpreter, sampling its process tree's RSS meanwhile."""
    from _common import run_phase  # here: spawned audit workers import this file

    args: list[str] = []
    for k, v in kwargs.items():
        args += [f"--{k.replace('_', '-')}", str(v)]
    return run_phase(__file__, phase, args)


def _start_endpoint(items: int, segments: int) -> tuple[subprocess.Popen[str], str, int, int]:
    from _common import start_fake_endpoint  # here: spawned audit workers import this file

    server, url, fields = start_fake_endpoint(items, segments)
    table_items, page_items = int(fields["items"]), int(fields["page_items"])
    size_bytes = table_items * 1_000_000 // page_items  # about 1 MB per page, as DescribeTable would say
    return server, url, table_items, size_bytes


def measure(size: int, segments: int, repeat: int) -> dict[str, Any]:
    server, url, items, size_bytes = _start_endpoint(size, segments)
    try:
        crc = _child("crc", url=url)
        runs: dict[str, list[dict[str, Any]]] = {"raw": [], "floor": [], "dynoview": []}
        for _ in range(max(1, repeat)):  # interleaved, so load from others hits all three alike
            runs["raw"].append(_child("raw", url=url, segments=segments))
            runs["floor"].append(_child("floor", url=url, segments=segments))
            runs["dynoview"].append(_child("dynoview", url=url, segments=segments, items=items,
                                           size_bytes=size_bytes))
    finally:
        server.terminate()
        server.wait(timeout=10)
    best = {k: min(v, key=lambda r: r["seconds"]) for k, v in runs.items()}
    app = best["dynoview"]
    expected = sorted(list(t) for t in expected_findings(items // 3))
    want_counts = Counter(f[0] for f in expected)
    got_counts = Counter(f[0] for f in app["findings"])
    exact = all(r["findings"] == expected for r in runs["dynoview"])
    all_items = all(r["items"] == items for rs in runs.values() for r in rs)
    return {
        "items": items, "segments": segments, "approximate_size_bytes": size_bytes,
        "crc_check": {k: v for k, v in crc.items() if not k.startswith("peak_rss")},
        "crc_checked_by_all": (crc["raw"], crc["floor"], crc["dynoview"]) == (
            "ChecksumError", "ValueError", "DamagedResponseError"),
        "raw_boto3": {k: v for k, v in best["raw"].items()},
        "floor": {k: v for k, v in best["floor"].items()},
        "dynoview": {k: v for k, v in app.items() if k != "findings"},
        "seconds_all_runs": {k: [round(r["seconds"], 3) for r in v] for k, v in runs.items()},
        "speedup_vs_raw": best["raw"]["seconds"] / app["seconds"],
        "ratio_to_floor": app["seconds"] / best["floor"]["seconds"],
        "every_item_read": all_items,
        "planted_by_status": dict(sorted(want_counts.items())),
        "found_by_status": dict(sorted(got_counts.items())),
        "findings_exact": exact and want_counts == got_counts,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description="Audit throughput: raw boto3, stdlib-json floor, dynoview.")
    parser.add_argument("--sizes", help="comma-separated item counts (default 100000,1000000)")
    parser.add_argument("--full", action="store_true", help="also 3,000,000 items")
    parser.add_argument("--segments", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=2,
                        help="run each contender this many times per size, keep the best of each")
    parser.add_argument("--phase", choices=("raw", "floor", "dynoview", "crc"), help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--items", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--size-bytes", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    _isolate()
    if args.phase:
        if args.phase == "raw":
            data = phase_raw(args.url, args.segments)
        elif args.phase == "floor":
            data = phase_floor(args.url, args.segments)
        elif args.phase == "crc":
            data = phase_crc(args.url)
        else:
            data = phase_dynoview(args.url, args.segments, args.items, args.size_bytes)
        print(json.dumps(data))
        return 0

    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else list(
        FULL_SIZES if args.full else DEFAULT_SIZES)
    load_before = list(os.getloadavg())
    results = [measure(size, args.segments, args.repeat) for size in sizes]
    goal_row = min(results, key=lambda r: abs(r["items"] - GOAL_SIZE))
    problems: list[str] = []
    if abs(goal_row["items"] - GOAL_SIZE) > GOAL_SIZE // 10:
        problems.append(f"the goals are checked at {GOAL_SIZE:,} items, which this run did not "
                        f"measure (add it to --sizes); the nearest, {goal_row['items']:,}, is shown")
    for r in results:
        if not r["findings_exact"]:
            problems.append(f"findings differ from the planted ones at {r['items']:,} items")
        if not r["every_item_read"]:
            problems.append(f"a contender did not read every item at {r['items']:,}")
        if not r["crc_checked_by_all"]:
            problems.append(f"a contender does not check x-amz-crc32 ({r['crc_check']})")
    if goal_row["speedup_vs_raw"] < GOAL_VS_RAW:
        problems.append(f"{goal_row['speedup_vs_raw']:.1f}x raw boto3 (goal >= {GOAL_VS_RAW:g}x)")
    if goal_row["ratio_to_floor"] > GOAL_VS_FLOOR:
        problems.append(f"{goal_row['ratio_to_floor']:.2f}x the floor (goal <= {GOAL_VS_FLOOR:g}x)")
    if goal_row["dynoview"]["peak_rss_mb"] >= GOAL_PEAK_MB:
        problems.append(f"peak {goal_row['dynoview']['peak_rss_mb']:.0f} MB (goal < {GOAL_PEAK_MB})")
    growth = None
    if len(results) >= 3:  # e.g. 100k, 1M, 3M: memory above the smallest run grows with the items
        small, big = results[0], results[-1]
        mid = min(results[1:-1], key=lambda r: abs(r["items"] - GOAL_SIZE))
        base = small["dynoview"]["peak_rss_mb"]
        growth = (big["dynoview"]["peak_rss_mb"] - base) / max(1.0, mid["dynoview"]["peak_rss_mb"] - base)
        items_growth = (big["items"] - small["items"]) / (mid["items"] - small["items"])
        if growth > 1.1 * items_growth:
            problems.append(f"memory grows {growth:.2f}x from {mid['items']:,} to {big['items']:,} "
                            f"items, faster than the items ({items_growth:.2f}x)")
    curve = "; ".join(
        f"{r['items']:,}: raw {r['raw_boto3']['seconds']:.2f}s, floor {r['floor']['seconds']:.2f}s, "
        f"dynoview {r['dynoview']['seconds']:.2f}s ({r['dynoview']['path']}, "
        f"{r['speedup_vs_raw']:.1f}x raw, {r['ratio_to_floor']:.2f}x floor, "
        f"{r['dynoview']['peak_rss_mb']:.0f} MB)" for r in results)
    exact = "exact" if all(r["findings_exact"] for r in results) else "MISMATCH"
    summary = (f"audit_throughput: {curve}; findings {exact}; "
               f"{'all goals met' if not problems else 'MISSED: ' + '; '.join(problems)}")
    from _common import write_result

    write_result("audit_throughput", {
        "sizes": results, "goal_size": goal_row["items"],
        "goals": {"speedup_vs_raw": GOAL_VS_RAW, "ratio_to_floor": GOAL_VS_FLOOR,
                  "peak_rss_mb": GOAL_PEAK_MB},
        "memory_growth_1m_to_3m": growth, "problems": problems,
        "load_average_before": load_before, "load_average_after": list(os.getloadavg()),
        "cpus": os.cpu_count(),
    }, summary)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
