"""Start-up runs without cyclic collections; they come back even when the first table never shows."""

from __future__ import annotations

import argparse
import gc
from collections.abc import Iterator

import pytest
from botocore.exceptions import ClientError
from PySide6.QtCore import QTimer

from dynoview.ui import app as app_module
from dynoview.ui.main_window import MainWindow
from dynoview.ui.window import connection_controller
from tests.helpers import connect

pytestmark = [pytest.mark.gui, pytest.mark.integration]


@pytest.fixture
def one_table_endpoint() -> Iterator[str]:
    """An endpoint of its own with one table, ``t``."""
    from dynoview.demo.backend import start_server

    server, url = start_server()
    connect(url, name="gc").client.create_table(
        TableName="t", KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST")
    yield url
    server.stop()


def test_collections_resume_when_the_first_table_never_shows(
        qapp, one_table_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "GC_RESUME_AT_THE_LATEST_MS", 200)
    monkeypatch.setattr(app_module, "close_on_signals", lambda *_args: None)

    def describe_fails(*_args: object) -> None:
        raise ClientError({"Error": {"Code": "AccessDeniedException", "Message": "no"}},
                          "DescribeTable")

    monkeypatch.setattr(connection_controller, "describe_table", describe_fails)
    monkeypatch.setattr(MainWindow, "_error", lambda *_args: None)  # no message box to wait on
    seen: list[bool] = []

    def look_then_close() -> None:
        seen.append(gc.isenabled())
        qapp.closeAllWindows()

    QTimer.singleShot(2500, look_then_close)
    args = argparse.Namespace(demo=False, smoke=False, read_only=True, table="t", profile=None,
                              region="us-east-1", endpoint_url=one_table_endpoint, engine=None)
    gc.disable()  # as run_app does before the window exists
    try:
        assert app_module._run_app(args) == 0
    finally:
        gc.enable()
    assert seen == [True]
