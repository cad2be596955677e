"""The demo's child seeds on the app's start-up path: it imports the engine and the seed, and
none of the app's connection machinery (a botocore client, the session package's checks)."""

from __future__ import annotations

import json
import subprocess
import sys

# What ``serve`` imports before it says it is ready (dynoview/demo/process.py).
CHILD_IMPORTS = """
import json, sys
import dynoview.demo.process
from dynoview.core.session import profile
from dynoview.demo import moto_speedups
from dynoview.demo.backend import DemoBackend, demo_engine, listen, seed_demo, start_server
from dynoview.demo.server_log import answer_failures, route_server_logs
print(json.dumps(sorted(m for m in sys.modules if m.startswith("dynoview"))))
"""


def test_the_child_seeds_without_the_apps_connection_machinery() -> None:
    out = subprocess.run([sys.executable, "-c", CHILD_IMPORTS], capture_output=True, text=True,
                         check=True).stdout
    imported = set(json.loads(out.splitlines()[-1]))
    assert "dynoview.demo.json_protocol" in imported and "dynoview.core.tx.model" in imported
    assert not imported & {"dynoview.core.session.connection", "dynoview.core.tx.wire",
                           "dynoview.core.session.integrity", "dynoview.core.session.signin"}
