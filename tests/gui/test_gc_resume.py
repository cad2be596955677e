"""Start-up runs without cyclic collections; they must come back even when no rows ever show."""

from __future__ import annotations

import argparse
import gc

import pytest
from PySide6.QtCore import QTimer

from dynoview.ui import app as app_module

pytestmark = [pytest.mark.gui, pytest.mark.integration]


def test_collections_resume_when_the_first_connection_opens_no_table(
        qapp, moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "GC_RESUME_AT_THE_LATEST_MS", 200)
    monkeypatch.setattr(app_module, "close_on_signals", lambda *_args: None)
    seen: list[bool] = []

    def look_then_close() -> None:
        seen.append(gc.isenabled())
        qapp.closeAllWindows()

    QTimer.singleShot(2500, look_then_close)
    args = argparse.Namespace(demo=False, smoke=False, read_only=True, table=None, profile=None,
                              region="us-east-1", endpoint_url=moto_endpoint, engine=None)
    gc.disable()  # as run_app does before the window exists
    try:
        assert app_module._run_app(args) == 0
    finally:
        gc.enable()
    assert seen == [True]
