"""Shared bits for benchmarks: results as JSON plus one summary line, a moto endpoint
in its own process (so the server does not share the GIL with what is measured), and a phase
run in a fresh interpreter with its process tree's memory sampled, and the fake Scan endpoint
(``fake_scan_endpoint.py``) the audit benchmarks read."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results"

# Isolate from the machine's AWS config, as the tests do.
_EMPTY = Path(tempfile.mkdtemp(prefix="dynoview-bench-"))
(_EMPTY / "empty").write_text("")
os.environ.update({
    "AWS_CONFIG_FILE": str(_EMPTY / "empty"),
    "AWS_SHARED_CREDENTIALS_FILE": str(_EMPTY / "empty"),
    "AWS_ACCESS_KEY_ID": "bench-fake-key",
    "AWS_SECRET_ACCESS_KEY": "bench-fake-secret",
    "AWS_DEFAULT_REGION": "us-east-1",
})

_SERVER = """
import sys, time
from dynoview.demo.backend import start_server
server, url = start_server()
print(url, flush=True)
sys.stdin.read()
server.stop()
"""


class MotoProcess:
    """moto's ThreadedMotoServer in a child process; stops when closed."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", _SERVER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        self.url = self.proc.stdout.readline().strip()

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # moto's shutdown waits on kept-alive connections
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> MotoProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write_result(name: str, data: dict[str, Any], summary: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    data = {"benchmark": name, "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"), **data,
            "summary": summary}
    (RESULTS / f"{name}.json").write_text(json.dumps(data, indent=2))
    print(summary)


def rusage_peak_mb(children: int = 1) -> float:
    """This process's peak RSS plus ``children`` times the largest waited-for child's (Linux: KB)."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return (own + children * child) / 1024


def tree_rss_mb(pid: int) -> float:
    """RSS of a process and all its descendants, now (Linux /proc)."""
    total, todo = 0, [pid]
    page = os.sysconf("SC_PAGE_SIZE")
    while todo:
        p = todo.pop()
        try:
            with open(f"/proc/{p}/statm") as f:
                total += int(f.read().split()[1]) * page
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo.extend(int(c) for c in f.read().split())
        except (OSError, ValueError):
            continue  # it just ended
    return total / 1_048_576


def run_phase(script: str, phase: str, args: Sequence[str]) -> dict[str, Any]:
    """``script --phase <phase> <args>`` in a fresh interpreter, its process tree's RSS sampled
    meanwhile; the phase prints its result as JSON on its last line."""
    proc = subprocess.Popen([sys.executable, script, "--phase", phase, *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = 0.0
    while proc.poll() is None:
        peak = max(peak, tree_rss_mb(proc.pid))
        time.sleep(0.01)
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"phase {phase} failed:\n{err[-3000:]}")
    data: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    data["peak_rss_mb_sampled"] = round(peak, 1)
    data["peak_rss_mb"] = round(max(peak, data.get("peak_rss_mb_rusage", 0.0)), 1)
    return data


def start_fake_endpoint(items: int, segments: int) -> tuple[subprocess.Popen[str], str, dict[str, str]]:
    """``fake_scan_endpoint.py`` serving a table of ``items``, every page cached (the server only
    sends): the process, its URL and what it said when ready (``items``, ``page_items``)."""
    server = subprocess.Popen([sys.executable, str(RESULTS.parent / "fake_scan_endpoint.py"),
                               "--items", str(items), "--warm-segments", str(segments),
                               "--cache-mb", str(max(400, items // 7_000))],
                              stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    ready = server.stdout.readline().split()
    if not ready or ready[0] != "READY":
        server.terminate()
        raise SystemExit("The fake endpoint did not start.")
    return server, ready[1], dict(part.split("=") for part in ready[2:])
