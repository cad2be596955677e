"""What the app says when the demo's child reports a failed seed (dynoview/demo/process.py): the
child's sentence, after what it reached, and never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile

import pytest

from dynoview.demo.process import DemoProcess, DemoStartError

REFUSED = "seeding failed: the endpoint refused CreateTable: ResourceInUseException: Table already exists"


def _child_saying(*lines: dict[str, object]) -> DemoProcess:
    """A stand-in child that says ``lines`` on stdout as the real one does, then waits."""
    script = "".join(f"print({json.dumps(json.dumps(line))}, flush=True)\n" for line in lines)
    proc = subprocess.Popen([sys.executable, "-c", script + "import sys; sys.stdin.read()"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    return DemoProcess(proc, tempfile.TemporaryFile())


def test_a_failed_seed_reaches_the_app_as_the_childs_sentence() -> None:
    demo = _child_saying({"url": "http://127.0.0.1:9", "engine": "moto"}, {"error": REFUSED})
    try:
        assert demo.wait_listening() == "http://127.0.0.1:9"
        with pytest.raises(DemoStartError) as raised:
            demo.wait_ready()
        assert str(raised.value) == f"The demo backend did not start: {REFUSED}"
    finally:
        demo.stop(wait=10)
    assert not demo.running


def test_ready_carries_the_tables_the_child_listed() -> None:
    demo = _child_saying({"url": "http://127.0.0.1:9", "engine": "moto"},
                         {"ready": True, "tables": ["accounts", "metrics"]})
    try:
        assert demo.wait_ready() == ["accounts", "metrics"]
    finally:
        demo.stop(wait=10)


def test_a_ready_without_tables_leaves_the_listing_to_the_app() -> None:
    demo = _child_saying({"url": "http://127.0.0.1:9", "engine": "moto"}, {"ready": True})
    try:
        assert demo.wait_ready() is None
    finally:
        demo.stop(wait=10)


def test_a_child_that_dies_before_a_word_is_reported_with_its_last_stderr_line() -> None:
    """The child's stderr goes to the spawn's error file (in memory on Linux: no tempfile
    import before the window's first paint) and its last line ends the app's sentence."""
    from dynoview.demo.process import _error_file

    errors = _error_file()
    if sys.platform.startswith("linux"):
        import os

        assert os.readlink(f"/proc/self/fd/{errors.fileno()}").startswith("/memfd:")
    proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.exit('moto: no module named werkzeug')"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, text=True)
    demo = DemoProcess(proc, errors)
    try:
        with pytest.raises(DemoStartError) as raised:
            demo.wait_listening()
        assert "stopped before it was ready (moto: no module named werkzeug)" in str(raised.value)
    finally:
        demo.stop(wait=10)
