"""The one place the UI starts the embedded demo endpoint (tests/unit/test_layers.py holds it
to that): a child process that starts and seeds it (dynoview/demo/process.py). Light on
purpose: ``dynoview --demo`` calls it before Qt is imported, so the child starts at once."""

from __future__ import annotations

from typing import Any


def spawn_demo() -> Any:
    """A ``DemoProcess`` starting now; ``backend()`` waits for its endpoint."""
    from dynoview.demo.process import DemoProcess

    return DemoProcess.spawn()
