"""A `dynoview` command in a subprocess, its standard error read as it comes, for the tests that
signal a command mid-run (import and repair Ctrl+C). Started with SIGINT as a terminal's shell
leaves it, whatever the test process has done with its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


class CliChild:
    def __init__(self, command: str, args: list[str]) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "dynoview", command, *args], cwd=ROOT,
                                     env={**os.environ}, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        self.err: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for chunk in iter(lambda: self.proc.stderr.read(1) if self.proc.stderr else "", ""):
            self.err.append(chunk)

    def wait_until(self, condition: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + 60
        while not condition():
            assert self.proc.poll() is None, "".join(self.err)
            assert time.monotonic() < deadline, f"never {what}: {''.join(self.err)}"
            time.sleep(0.02)

    def said(self, text: str) -> bool:
        return text in "".join(self.err)

    def finish(self, timeout: float = 60) -> tuple[int, str, str]:
        out = self.proc.stdout.read() if self.proc.stdout else ""
        self.proc.wait(timeout=timeout)
        self._reader.join(timeout=10)
        return self.proc.returncode, out, "".join(self.err)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.communicate()
