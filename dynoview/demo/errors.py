"""The demo's errors, apart from ``process.py``, which the app imports to spawn the child before
anything else (this imports the core's errors)."""

from __future__ import annotations

from dynoview.core.errors import DynoViewError


class DemoStartError(DynoViewError):
    """The demo endpoint could not start or seed; the message says why."""
