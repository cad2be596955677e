"""``dynoview --demo`` starts the endpoint in a child process (dynoview/demo/process.py): it
says when it listens and when it is seeded, reports a failure as a sentence, and ends when
asked (or when the app goes away)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dynoview.demo.backend import ACCOUNTS_TABLE, DEMO_SECRET, METRICS_TABLE, SEED_REGION
from dynoview.demo.json_protocol import HttpSender
from dynoview.demo.process import DemoProcess, DemoStartError
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.integration


def test_child_listens_seeds_and_stops() -> None:
    demo = DemoProcess.spawn()
    try:
        backend = demo.backend()  # as soon as it listens
        assert backend.endpoint_url.startswith("http://127.0.0.1:") and backend.engine == "moto"
        said = demo.wait_ready()
        conn = backend.connect(read_only=True)
        assert said == conn.list_tables() and {ACCOUNTS_TABLE, METRICS_TABLE} <= set(said)
        assert conn.client.scan(TableName=ACCOUNTS_TABLE, Select="COUNT")["Count"] == DEMO_ITEMS
    finally:
        backend.stop()  # stops the child
    demo.stop(wait=10)
    assert not demo.running


def test_a_request_sent_as_soon_as_the_url_is_said_is_answered() -> None:
    """The child says its URL before it imports moto (the app builds its client meanwhile): a
    request sent at once waits in the socket's backlog until the server answers it."""
    demo = DemoProcess.spawn()
    try:
        sender = HttpSender(demo.wait_listening(), region=SEED_REGION,
                            access_key=demo.access_key, secret_key=DEMO_SECRET)
        try:
            assert isinstance(sender.call("ListTables", {})["TableNames"], list)
        finally:
            sender.close()
        assert set(demo.wait_ready() or ()) == {ACCOUNTS_TABLE, METRICS_TABLE}
    finally:
        demo.stop(wait=10)
    assert not demo.running


def test_a_child_that_cannot_start_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DYNOVIEW_DEMO_ENGINE", "nonsense")  # inherited by the child
    demo = DemoProcess.spawn()
    try:
        with pytest.raises(DemoStartError, match=r"The demo backend did not start: .*no engine 'nonsense'"):
            demo.wait_ready()
    finally:
        demo.stop(wait=10)


def test_stopping_a_child_that_is_still_seeding_ends_it() -> None:
    demo = DemoProcess.spawn()
    demo.wait_listening()
    demo.stop(wait=10)
    assert not demo.running


def _gone(folder: str, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while os.path.exists(folder) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not os.path.exists(folder)


def test_a_child_stopped_as_it_starts_leaves_no_folder() -> None:
    """The app closed right after the spawn: the SIGTERM ends the child before it handles it (so
    before it could remove its folder), and ``stop()`` does not wait; the folder goes all the
    same once the child has exited."""
    demo = DemoProcess.spawn()
    folder = demo.folder
    assert folder is not None and os.path.isdir(folder)
    try:
        started = time.monotonic()
        demo.stop()  # as the app's quit does
        assert time.monotonic() - started < 0.5  # the UI is not held up
        assert _gone(folder)
        assert not demo.running
    finally:
        if os.path.isdir(folder):
            os.rmdir(folder)


def test_the_folder_of_a_child_stopped_as_the_app_exits_is_removed() -> None:
    """The app exits right after ``stop()``: the thread that would remove the folder ends with it,
    so the exit does."""
    code = ("from dynoview.demo.process import DemoProcess\n"
            "demo = DemoProcess.spawn()\n"
            "demo.stop()\n"
            "print(demo.folder, flush=True)\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                          timeout=60, check=True)
    folder = done.stdout.strip()
    assert os.path.basename(folder).startswith("dynoview-demo-")
    try:
        assert not os.path.exists(folder)
    finally:
        if os.path.isdir(folder):
            os.rmdir(folder)
