"""The connection badge and status when AWS keys sign requests sent unencrypted to another
machine (moto reached through this machine's network address, tests/conftest.py)."""

from __future__ import annotations

import pytest

from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.main_window import MainWindow

AWS_KEY_ID = "AKIAIOSFODNN7EXAMPLE"  # AWS's documented example key id; moto accepts any


def test_window_badge_and_status_say_unencrypted(
        qtbot, qasync_loop, monkeypatch: pytest.MonkeyPatch, lan_endpoint: str) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", AWS_KEY_ID)
    win = MainWindow()
    qtbot.addWidget(win)
    messages: list[str] = []
    shown = win.status.show
    monkeypatch.setattr(win.status, "show", lambda text, ms=8000: (messages.append(text), shown(text, ms)))
    # Agreed to (the dialog's "Send in clear text"): else the window asks before sending.
    win.connect_to(ConnectionSpec(name="lan", endpoint_url=lan_endpoint, region="us-east-1",
                                  cleartext_host=lan_endpoint.split("//")[1].rsplit(":", 1)[0]))
    qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=45000)
    warning = win.ctx.connection.cleartext_warning
    assert warning and "unencrypted" in warning
    assert win.connection_label.text().endswith("UNENCRYPTED")
    assert win.connection_label.property("kind") == "unencrypted"
    assert warning in win.connection_label.toolTip()
    assert any(m.startswith("Connected: ") and f"Warning: {warning}" in m for m in messages)
