"""A wheel installed with pipx has no moto until the demo extra is added (README, "With pipx"):
``--demo`` then says how to add it (exit 2) instead of a crash report about a missing module."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# moto hidden as if never installed: find_spec answers None, an import raises ModuleNotFoundError.
WITHOUT_MOTO = ("import sys; sys.modules['moto'] = None; from dynoview.__main__ import main; "
                "sys.exit(main(sys.argv[1:]))")


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DYNOVIEW_"))}
    env |= {"HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-c", WITHOUT_MOTO, *args], capture_output=True, text=True,
                          env=env, timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("args", [
    ("audit", "--demo", "--table", "accounts"),  # a headless command
    ("--demo",),  # the window: refused before it opens on a demo that cannot start
    ("--smoke",),
])
def test_demo_without_moto_says_how_to_add_it(tmp_path: Path, args: tuple[str, ...]) -> None:
    done = _run(tmp_path, *args)
    assert done.returncode == 2, done.stderr
    assert 'pipx inject dynoview "moto[server]>=5.0"' in done.stderr
    assert "Traceback" not in done.stderr and "crash report" not in done.stderr
    assert not (tmp_path / ".local" / "state" / "DynoView" / "log").exists()
