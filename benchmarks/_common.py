"""Shared bits for benchmarks: results as JSON plus one summary line, a moto endpoint
in its own process (so the server does not share the GIL with what is measured)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
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
        self.proc.wait(timeout=10)

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
