"""Quitting while a read waits on an endpoint that accepts and never answers ends the process at
once. Before, Python joined the task pool's threads at exit and the read waited for botocore's
tries (4 of 30 s): the process lived on for two minutes with no window, holding the drafts' locks,
so a new start could not restore the builder's unsent work."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.ui.startup_trace import PREFIX, WINDOW_SHOWN

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def silent_endpoint() -> Iterator[int]:
    """A port that accepts connections and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(50)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for conn in held:
        conn.close()


def test_a_quit_does_not_wait_for_a_read_that_never_ends(silent_endpoint: int, tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "DYNOVIEW_TRACE_STARTUP": "1",
           "HOME": str(tmp_path / "home"), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state")}
    app = subprocess.Popen([sys.executable, "-m", "dynoview", "--endpoint-url",
                            f"http://127.0.0.1:{silent_endpoint}"], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert app.stdout is not None
        for line in app.stdout:
            if line.startswith(f"{PREFIX} {WINDOW_SHOWN}"):
                break
        time.sleep(1.5)  # the connection's ListTables is now waiting for its answer
        quit_at = time.monotonic()
        app.send_signal(signal.SIGTERM)
        app.wait(timeout=20)
        assert time.monotonic() - quit_at < 10
        assert app.returncode == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
