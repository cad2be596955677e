"""Audit throughput: raw boto3 Scan paginator vs the audit, on a 1M-item synthetic table.

One run starts ``fake_scan_endpoint.py`` (its pages generated and cached
before timing), then measures in separate child processes, so each peak
memory figure is its own:

(a) raw: boto3's Scan paginator over the same segments, only parsing pages;
(b) audit: ``dynoview.core.audit.run_audit`` classifying every item.

It reports items/s of each, the ratio (goal >= 3x), the audit's peak RSS
(goal < 600 MB) and whether its findings equal the planted ones exactly.
Writes benchmarks/results/audit_throughput.json and prints one line.

Run: ``.venv/bin/python benchmarks/audit_throughput.py [--items 1000000] [--segments 4]``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from fake_scan_endpoint import TABLE, expected_findings  # noqa: E402

from dynoview.core.connection import Connection, ConnectionSpec  # noqa: E402
from dynoview.core.tables import KeyAttribute, TableInfo  # noqa: E402


def _connection(url: str) -> Connection:
    spec = ConnectionSpec(name="bench", endpoint_url=url, region="us-east-1", read_only=True)
    return Connection(spec, credentials={"aws_access_key_id": "bench", "aws_secret_access_key": "bench"})


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def phase_raw(url: str, segments: int) -> dict[str, Any]:
    """boto3's paginator, one thread per segment, counting items only."""
    client = _connection(url).client
    counts = [0] * segments

    def run(segment: int) -> None:
        paginator = client.get_paginator("scan")
        for page in paginator.paginate(TableName=TABLE, Segment=segment, TotalSegments=segments):
            counts[segment] += len(page["Items"])

    started, cpu = time.perf_counter(), time.process_time()
    threads = [threading.Thread(target=run, args=(s,)) for s in range(segments)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"items": sum(counts), "seconds": elapsed, "items_per_s": sum(counts) / elapsed,
            "cpu_seconds": cpu, "items_per_cpu_s": sum(counts) / cpu, "peak_rss_mb": _peak_mb()}


def phase_audit(url: str, segments: int, items: int) -> dict[str, Any]:
    from dynoview.core.audit import run_audit
    from dynoview.core.locks import article_schema
    from dynoview.core.reads import Reader

    info = TableInfo(TABLE, KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), ttl_attribute="expiresAt",
                     ttl_status="ENABLED", item_count=items)
    reader = Reader(_connection(url))
    started, cpu = time.perf_counter(), time.process_time()
    result = run_audit(reader, info, article_schema(), segments=segments)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    found = sorted([f.status, f.rule, f.value] for f in result.findings)
    return {"items": result.items_read, "seconds": elapsed, "items_per_s": result.items_read / elapsed,
            "cpu_seconds": cpu, "items_per_cpu_s": result.items_read / cpu,
            "peak_rss_mb": _peak_mb(), "pages": result.pages, "receipts": len(result.receipts),
            "consumed_capacity": result.consumed_capacity, "findings": found,
            "counts": result.counts}


def _child(phase: str, url: str, segments: int, items: int) -> dict[str, Any]:
    out = subprocess.run([sys.executable, __file__, "--phase", phase, "--url", url,
                          "--segments", str(segments), "--items", str(items)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description="Audit throughput vs raw boto3 paginator.")
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--segments", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=2,
                        help="alternate raw and audit runs this many times and keep the best of "
                             "each (the machine may be shared)")
    parser.add_argument("--phase", choices=("raw", "audit"), help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.phase:
        data = (phase_raw(args.url, args.segments) if args.phase == "raw"
                else phase_audit(args.url, args.segments, args.items))
        print(json.dumps(data))
        return 0

    server = subprocess.Popen([sys.executable, str(HERE / "fake_scan_endpoint.py"),
                               "--items", str(args.items), "--warm-segments", str(args.segments)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        ready = server.stdout.readline().split()
        if not ready or ready[0] != "READY":
            raise SystemExit("The fake endpoint did not start.")
        url = ready[1]
        table_items = int(ready[2].split("=")[1])
        raws: list[dict[str, Any]] = []
        audits: list[dict[str, Any]] = []
        for _ in range(max(1, args.repeat)):
            raws.append(_child("raw", url, args.segments, table_items))
            audits.append(_child("audit", url, args.segments, table_items))
    finally:
        server.terminate()
        server.wait(timeout=10)
    raw = max(raws, key=lambda r: r["items_per_s"])
    audit = max(audits, key=lambda r: r["items_per_s"])
    expected = sorted(list(t) for t in expected_findings(table_items // 3))
    match = all(a["findings"] == expected for a in audits)
    ratio = audit["items_per_s"] / raw["items_per_s"]
    cpu_ratio = audit["items_per_cpu_s"] / raw["items_per_cpu_s"]
    summary = {
        "items": table_items, "segments": args.segments,
        "raw_boto3": {k: v for k, v in raw.items()},
        "audit": {k: v for k, v in audit.items() if k != "findings"},
        "audit_peak_rss_mb_max": max(a["peak_rss_mb"] for a in audits),
        "ratio": ratio, "cpu_ratio": cpu_ratio,
        "runs": {"raw_items_per_s": [r["items_per_s"] for r in raws],
                 "audit_items_per_s": [a["items_per_s"] for a in audits],
                 "audit_peak_rss_mb": [a["peak_rss_mb"] for a in audits]},
        "load_average": list(os.getloadavg()),
        "goal_ratio": 3.0, "goal_peak_rss_mb": 600,
        "planted_findings": len(expected), "audit_findings": len(audit["findings"]),
        "findings_match": match,
        "missing": [f for f in expected if f not in audit["findings"]][:20],
        "unexpected": [f for f in audit["findings"] if f not in expected][:20],
    }
    out_dir = HERE / "results"
    out_dir.mkdir(exist_ok=True)
    (out_dir / "audit_throughput.json").write_text(json.dumps(summary, indent=2))
    print(f"audit_throughput: {table_items:,} items, {args.segments} segments: raw boto3 "
          f"{raw['items_per_s']:,.0f} items/s, audit {audit['items_per_s']:,.0f} items/s, "
          f"ratio {ratio:.1f}x (goal 3x; per CPU-second {cpu_ratio:.1f}x), "
          f"audit peak RSS {audit['peak_rss_mb']:.0f} MB (goal <600), "
          f"findings {len(audit['findings'])}/{len(expected)} planted, "
          f"{'exact match' if match else 'MISMATCH'}")
    return 0 if match else 1


if __name__ == "__main__":
    sys.exit(main())
