"""The Items tab after a page fails mid-read says the read stopped, not "end of table", and
Ctrl+L goes on from the last page read to the real end."""

from __future__ import annotations

from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.ui.main_window import MainWindow
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui


def test_a_failed_page_is_not_the_end_of_the_table(qtbot: Any, connected_window: MainWindow) -> None:
    panel = connected_window.items_panel
    conn = connected_window.ctx.connection
    assert conn is not None
    calls = {"scans": 0}

    def third_scan_throttled(**_: Any) -> None:
        calls["scans"] += 1
        if calls["scans"] == 3:
            raise ClientError({"Error": {"Code": "ProvisionedThroughputExceededException",
                                         "Message": "Rate exceeded"}}, "Scan")

    conn.client.meta.events.register("before-call.dynamodb.Scan", third_scan_throttled)
    try:
        panel.page_size.setValue(5)
        panel.run()
        qtbot.waitUntil(lambda: calls["scans"] >= 3 and not panel.controller.busy, timeout=10000)
        for _ in range(3):  # the view asks for more as the user scrolls
            panel.model.fetchMore()
            qtbot.wait(50)
        qtbot.waitUntil(lambda: "Rate exceeded" in panel.form.error_label.text()
                        or "throttl" in panel.form.error_label.text().lower(), timeout=10000)
        shown = panel.model.rowCount()
        assert 0 < shown < DEMO_ITEMS
        assert "end of table" not in panel.progress.text()
        assert panel.progress.text().endswith("stopped before the end, more available (Ctrl+L)")
    finally:
        conn.client.meta.events.unregister("before-call.dynamodb.Scan", third_scan_throttled)
    panel.controller.fetch_more()  # Ctrl+L: on from the last page read

    def scrolled_to_the_end() -> bool:
        if panel.model.canFetchMore():
            panel.model.fetchMore()  # the view asks again as the user scrolls
        return panel.model.rowCount() == DEMO_ITEMS

    qtbot.waitUntil(scrolled_to_the_end, timeout=20000)
    qtbot.waitUntil(lambda: "end of table" in panel.progress.text(), timeout=10000)
