"""Ctrl+C while a headless command is still loading its modules: one sentence and exit 2, as
once it runs ("Interrupted."), never a traceback of the imports and a death by SIGINT."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dynoview.cli import INTERRUPTED_BEFORE

ROOT = Path(__file__).resolve().parents[2]
# The child sends itself SIGINT as the named module starts loading: the Ctrl+C lands mid-import,
# at the same place on every machine.
CHILD = """
import importlib.abc, os, runpy, signal, sys
# Ctrl+C as at a terminal: a shell's background job (a CI runner's) starts with SIGINT ignored.
signal.signal(signal.SIGINT, signal.default_int_handler)
TARGET = sys.argv[1]
class Trip(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == TARGET:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Trip())
sys.argv = ["dynoview", "tables", "--endpoint-url", "http://127.0.0.1:9"]
runpy.run_module("dynoview", run_name="__main__")
"""


@pytest.mark.parametrize("module", ["dynoview.cli.audit", "dynoview.cli.tables",
                                    "dynoview.core.session.leftovers"])
def test_ctrl_c_while_the_command_loads_says_so_and_exits_2(tmp_path: Path, module: str) -> None:
    env = {**os.environ, "AWS_CONFIG_FILE": str(tmp_path / "c"),
           "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "k"), "HOME": str(tmp_path),
           "XDG_STATE_HOME": str(tmp_path / "s"), "XDG_DATA_HOME": str(tmp_path / "d")}
    done = subprocess.run([sys.executable, "-c", CHILD, module], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr.strip()) == (2, INTERRUPTED_BEFORE), done.stderr[-2000:]
