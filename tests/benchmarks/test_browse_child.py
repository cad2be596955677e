"""benchmarks/browse_throughput.py's window part (``prepared_pages``: the Items panel reading the
prepared-pages endpoint to the end, the memory read and the detail pane) run end to end in a
fresh interpreter, as the benchmark runs it, on a tiny table: a change to the panel's APIs that
breaks it fails here, not in a benchmark run nobody reads. No timing is asserted: speed is
measured in the benchmark. The results file is not written (benchmarks/results/ keeps the
benchmark's own figures)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ITEMS = 2000  # 1,998 items: three per account
PAGE_SIZES = [100, 1000]
BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
LIMIT_S = 120.0

# A fresh interpreter: the benchmark sets its own keys, settings file and event loop.
DRIVER = f"""
import json, sys
sys.path.insert(0, {str(BENCHMARKS)!r})
import browse_throughput
runs, memory, detail = browse_throughput.prepared_pages({ITEMS}, {PAGE_SIZES!r}, rounds=1)
print(json.dumps({{"runs": runs, "memory": memory, "detail": detail}}))
"""

pytestmark = pytest.mark.timeout(LIMIT_S + 60)  # the run's own limit comes first


def test_the_items_panel_reads_every_item(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    for var in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = str(tmp_path / var.lower())  # private folders, as window_audit.py's child_env
        (tmp_path / var.lower()).mkdir()
    proc = subprocess.Popen([sys.executable, "-c", DRIVER], cwd=BENCHMARKS.parent, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=LIMIT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # with the fake endpoint it started
        out, err = proc.communicate()
        pytest.fail(f"the benchmark's window part did not end within {LIMIT_S:.0f} s (a hang):\n"
                    f"{err[-3000:]}")
    assert proc.returncode == 0, err[-3000:]
    result = json.loads(out.strip().splitlines()[-1])
    expected = ITEMS // 3 * 3
    assert [r["page_size"] for r in result["runs"]] == PAGE_SIZES
    for run in result["runs"]:
        assert run["app_rows"] == [expected], run
        assert run["items"] == expected
    assert result["memory"]["rows"] == expected
    assert result["detail"]["item_bytes"] > 300 * 1024
