"""``dynoview --smoke`` when the demo cannot start: it exits non-zero at once with the demo's own
sentence, not after the 60 s wait for a table that can no longer show."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]

# Loaded by every Python started with this PYTHONPATH: the demo's child dies as it starts.
CHILD_DIES = """\
import os, sys
if "--serve-demo" in sys.argv:
    sys.stderr.write("the demo child was killed\\n")
    os._exit(3)
"""


def smoke(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg"), "QT_QPA_PLATFORM": "offscreen", **env}
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "dynoview", "--smoke"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=45)
    return result, time.monotonic() - started


def test_a_demo_that_reports_an_error_ends_the_smoke_run_at_once(tmp_path: Path) -> None:
    result, took = smoke(tmp_path, DYNOVIEW_DEMO_ENGINE="no-such-engine")
    assert result.returncode == 1, result.stderr
    assert "smoke: FAILED: the demo did not connect: The demo backend did not start: The demo has " \
           "no engine 'no-such-engine'" in result.stderr
    assert "did not show in time" not in result.stderr
    assert took < 30, took  # the smoke run's own wait is 60 s


def test_a_demo_child_that_dies_ends_the_smoke_run_at_once(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "sitecustomize.py").write_text(CHILD_DIES)
    path = os.pathsep.join(p for p in (str(tmp_path / "site"), os.environ.get("PYTHONPATH")) if p)
    result, took = smoke(tmp_path, PYTHONPATH=path)
    assert result.returncode == 1, result.stderr
    assert ("smoke: FAILED: the demo did not connect: The demo backend stopped before it was ready "
            "(the demo child was killed)") in result.stderr
    assert took < 30, took
