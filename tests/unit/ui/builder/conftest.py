"""The builder's flow talks to a real local endpoint on the qasync loop (no widget shown)."""

from tests.gui.conftest import demo_conn, qasync_loop, seeded_table  # noqa: F401 - re-exported fixtures
