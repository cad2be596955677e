"""Export audit throughput: ``dynoview audit --export`` on DuckDB over a written export.

Writes an export (``dynoview.core.exports.writer``, exactly the service's layout: gzipped
JSON lines, manifests with checksums) of N items (default 1M: half accounts, half locks,
with planted missing, orphan, duplicate, expired, case-clashing and lookalike cases, a few
outside ASCII), then audits it in a child process under a DuckDB memory limit small enough
to make it spill (default 256MB), and checks the findings against ``Pairing`` (the live
audit's rules) on the same items.

Goals (at the largest size): the findings are exactly Pairing's; the audit takes under
60 s (2 shared cores); peak memory of the audit process stays under 768 MB. Writes
benchmarks/results/export_audit.json, prints one summary line, exits 1 when a goal is missed.

Run: ``.venv/bin/python benchmarks/export_audit.py [--sizes 100000,1000000] [--memory-limit 256MB]``
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks._common import write_result  # noqa: E402

NOW = datetime(2026, 6, 1, tzinfo=UTC)
GOAL_S = 60.0
GOAL_RSS_MB = 768


def items(n: int) -> list[dict[str, Any]]:
    """n items: accounts with an email and a username, their locks, and planted problems."""
    out: list[dict[str, Any]] = []
    accounts = n // 3
    for i in range(accounts):
        email = f"user{i}@example.com" if i % 5000 else "shared@example.com"  # duplicates
        if i % 10000 == 7:
            email = f"User{i}@Example.com"  # a clash with the lock below
        if i % 10000 == 11:
            email = f"user{i - 1}@ex\u0430mple.com"  # a Cyrillic а: a lookalike of the one before
        if i % 10000 == 13:
            email = f"user{i}@example.com\u200b"  # a zero-width space: a clash with the orphan below
        out.append({"PK": {"S": f"ACCT#{i:08x}"}, "SK": {"S": "PROFILE"}, "email": {"S": email},
                    "username": {"S": f"h{i}"}})
        lock_email = email.lower() if i % 10000 == 7 else email
        if i % 1000 != 3 or len(out) > n:  # missing email locks
            out.append({"PK": {"S": f"UNIQ#EMAIL#{lock_email}"}, "SK": {"S": "LOCK"}})
        if i % 10000 == 13:
            out.append({"PK": {"S": f"UNIQ#EMAIL#user{i}@example.com"}, "SK": {"S": "LOCK"}})
        if len(out) < n:
            out.append({"PK": {"S": f"UNIQ#HANDLE#h{i}"}, "SK": {"S": "LOCK"}})
    j = 0
    while len(out) < n:  # orphans, some expired
        lock: dict[str, Any] = {"PK": {"S": f"UNIQ#EMAIL#gone{j}@example.com"}, "SK": {"S": "LOCK"}}
        if j % 3 == 0:
            lock["expiresAt"] = {"N": str(int(NOW.timestamp()) - 3600)}
        out.append(lock)
        j += 1
    return out[:n]


_AUDIT = """
import json, resource, sys, time
from datetime import datetime
from pathlib import Path
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports, finding_keys
from dynoview.core.uniqueness.schema import article_schema
folder, memory, temp, now = sys.argv[1:5]
started = time.perf_counter()
result = audit_exports([folder], article_schema(), options=ExportAuditOptions(
    ttl_attribute="expiresAt", now=datetime.fromisoformat(now), memory_limit=memory,
    temp_directory=Path(temp)))
took = time.perf_counter() - started
print(json.dumps({"seconds": took, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "items": result.result.items_read, "counts": result.result.counts,
                  "findings": [list(map(str, k)) for k in finding_keys(result.result.findings)]}))
"""


_WRITE = """
import json, sys, time
from pathlib import Path
from benchmarks.export_audit import NOW, items
from dynoview.core.exports.audit import finding_keys
from dynoview.core.exports.writer import write_export
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.uniqueness.pairing import classify
n, work = int(sys.argv[1]), Path(sys.argv[2])
data = items(n)
t0 = time.perf_counter()
folder = write_export(work / f"n{n}", "accounts", data, files=16, export_time=NOW.timestamp())
written = time.perf_counter() - t0
oracle = classify(data, article_schema(), "expiresAt", NOW)
print(json.dumps({"folder": str(folder), "write_s": written,
                  "findings": [list(map(str, k)) for k in finding_keys(oracle.findings())]}))
"""


def _child(script: str, *args: str) -> dict[str, Any]:
    # Each step in its own process: Linux keeps a process's peak RSS across exec, so the audit
    # must not be forked from a process that held the million generated items.
    proc = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True,
                          check=True, cwd=HERE.parent)
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def run_size(n: int, memory_limit: str, work: Path) -> dict[str, Any]:
    written = _child(_WRITE, str(n), str(work))
    folder = Path(written["folder"])
    size = sum(p.stat().st_size for p in (folder / "data").iterdir())
    measured = _child(_AUDIT, str(folder), memory_limit, str(work / "duck"), NOW.isoformat())
    expected = written["findings"]
    return {"items": n, "gz_bytes": size, "write_s": round(written["write_s"], 2),
            "audit_s": round(measured["seconds"], 2), "peak_rss_mb": round(measured["peak_rss_mb"]),
            "items_per_s": round(n / measured["seconds"]), "counts": measured["counts"],
            "same_findings_as_pairing": measured["findings"] == expected,
            "findings": len(expected), "memory_limit": memory_limit}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--memory-limit", default="256MB")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="dynoview-export-bench-") as tmp:
        runs = [run_size(n, args.memory_limit, Path(tmp)) for n in sizes]
    last = runs[-1]
    ok = (all(r["same_findings_as_pairing"] for r in runs) and last["audit_s"] < GOAL_S
          and last["peak_rss_mb"] < GOAL_RSS_MB)
    same = "match" if last["same_findings_as_pairing"] else "DIFFER from"
    summary = (f"export audit: {last['items']:,} items in {last['audit_s']} s "
               f"({last['items_per_s']:,}/s), peak {last['peak_rss_mb']} MB at memory_limit "
               f"{last['memory_limit']}, findings {same} Pairing's: {'ok' if ok else 'GOAL MISSED'}")
    write_result("export_audit", {"runs": runs, "goals": {"seconds": GOAL_S, "peak_rss_mb": GOAL_RSS_MB},
                                  "ok": ok, "peak_rss_note": "ru_maxrss of the audit process"}, summary)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
