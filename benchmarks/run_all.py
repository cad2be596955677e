"""Run every benchmark in benchmarks/, one after another, each in its own process (``make bench``).

A benchmark is any ``benchmarks/*.py`` but this file, ``_``-prefixed modules and the helpers
in ``HELPERS``; each exits 0 when its goals are met and 1 when one is missed, prints a
summary line last and writes ``benchmarks/results/<name>.json``. One line is printed per
benchmark: its verdict, its time and its summary line (with the goals from its JSON when
the line does not state them). Their full output goes to ``benchmarks/results/<name>.log``;
the collected verdicts to ``benchmarks/results/run_all.json``. Exits 1 when any benchmark
missed a goal or failed to run.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/run_all.py [--only a,b] [--skip c]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
#: Modules in benchmarks/ that are not benchmarks: servers and tools the benchmarks start.
HELPERS = frozenset({"run_all.py", "fake_scan_endpoint.py"})
TIMEOUT_S = 3 * 3600  # the largest (audit at 1M items, stress with full fuzzing) take minutes


def discover() -> list[Path]:
    return sorted(p for p in HERE.glob("*.py") if not p.name.startswith("_") and p.name not in HELPERS)


def _goals_text(result: dict[str, Any]) -> str:
    goals = result.get("goals")
    if not isinstance(goals, dict) or not goals:
        return ""
    return " [goals: " + ", ".join(f"{k} {v}" for k, v in goals.items()) + "]"


def run_one(path: Path, timeout: float) -> dict[str, Any]:
    name = path.stem
    log = RESULTS / f"{name}.log"
    result_file = RESULTS / f"{name}.json"
    started_wall = time.time()
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, str(path)], cwd=HERE.parent, capture_output=True,
                              text=True, timeout=timeout, env=os.environ.copy())
        code, out, err = done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired as exc:
        code = None
        out = exc.stdout.decode(errors="replace") if isinstance(exc.stdout, bytes) else exc.stdout or ""
        err = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else exc.stderr or ""
    seconds = time.perf_counter() - started
    log.write_text(f"$ {sys.executable} {path}\nexit: {code}\n--- stdout\n{out}\n--- stderr\n{err}")
    lines = [line for line in out.splitlines() if line.strip()]
    summary = lines[-1].strip() if lines else ""
    fresh: dict[str, Any] = {}
    if result_file.exists() and result_file.stat().st_mtime >= started_wall:
        try:
            fresh = json.loads(result_file.read_text())
        except ValueError:
            fresh = {}
    if code == 0:
        status = "ok"
    elif code == 1 and summary:
        status = "MISSED"  # ran to the end and said which goal it missed
    else:
        status = "TIMEOUT" if code is None else "ERROR"
        tail = (err.strip().splitlines() or ["(no stderr)"])[-1]
        where = log.relative_to(HERE.parent)
        summary = f"{summary + ' / ' if summary else ''}exit {code}: {tail} (see {where})"
    if "goal" not in summary.lower():
        summary += _goals_text(fresh)
    return {"benchmark": name, "status": status, "exit_code": code, "seconds": round(seconds, 1),
            "summary": summary, "result_file": str(result_file.relative_to(HERE.parent)) if fresh else None,
            "log": str(log.relative_to(HERE.parent))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated benchmark names (file names without .py)")
    parser.add_argument("--skip", help="comma-separated benchmark names to leave out")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S, help="seconds per benchmark")
    args = parser.parse_args(argv)
    benchmarks = discover()
    names = {p.stem for p in benchmarks}
    only = set(args.only.split(",")) if args.only else None
    skip = set(args.skip.split(",")) if args.skip else set()
    unknown = ((only or set()) | skip) - names
    if unknown:
        parser.error(f"no benchmark named {', '.join(sorted(unknown))}; there are {', '.join(sorted(names))}")
    chosen = [p for p in benchmarks if (only is None or p.stem in only) and p.stem not in skip]
    RESULTS.mkdir(exist_ok=True)
    print(f"running {len(chosen)} benchmarks one at a time: {', '.join(p.stem for p in chosen)}", flush=True)
    started = time.perf_counter()
    runs = []
    for path in chosen:
        run = run_one(path, args.timeout)
        runs.append(run)
        print(f"{run['status']:<7} {run['benchmark']} ({run['seconds']:.0f} s): {run['summary']}", flush=True)
    failed = [r["benchmark"] for r in runs if r["status"] != "ok"]
    total = time.perf_counter() - started
    (RESULTS / "run_all.json").write_text(json.dumps({
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "seconds": round(total, 1),
        "load_average": list(os.getloadavg()), "cpus": os.cpu_count(), "runs": runs,
        "ok": not failed}, indent=2))
    print(f"{len(runs) - len(failed)} of {len(runs)} benchmarks met their goals in {total / 60:.1f} min"
          + (f"; missed or failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
