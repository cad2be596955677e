"""An edit made while the preflight runs that only moves an item's attributes (one removed and
added again) changes the bytes sent: before, a dict comparison called the two transactions equal,
and the confirmation showed the new order while the send carried the judged one. Now the send
stops, saying the transaction changed during the preflight."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from dynoview.core.tx.model import import_text
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.send_flow import State

pytestmark = pytest.mark.gui


def test_a_reordering_edit_during_the_preflight_is_a_change(qtbot: Any, builder_panel: BuilderPanel,
                                                            seeded_table: str) -> None:
    panel = builder_panel
    conn = panel.ctx.connection
    assert conn is not None
    sent: list[bytes] = []
    conn.client.meta.events.register("before-send.dynamodb.TransactWriteItems",
                                     lambda request, **_: sent.append(request.body))
    panel.imported(import_text(json.dumps({"TransactItems": [{"Put": {
        "TableName": seeded_table, "Item": {"PK": {"S": "NOTE#order"}, "SK": {"S": "N"},
                                            "a": {"S": "1"}, "b": {"S": "2"}}}}]})), False)
    panel.refresh()
    confirmed: list[str] = []
    panel.ask_confirmation = lambda _req, preview, answer: (confirmed.append(preview), answer(True))
    panel.execute()  # the preflight runs in the background
    editor = panel.action_pane.editor(0)
    editor.item.table.selectRow(2)
    editor.item.remove_selected()
    editor.item.add_row("a", {"S": "1"})  # same value, now after b
    panel.refresh()
    deadline = time.monotonic() + 15
    while panel.send_flow.state not in (State.EDITING, State.SETTLED) and time.monotonic() < deadline:
        qtbot.wait(20)
    assert panel.send_flow.state is State.EDITING and not sent and not confirmed
    assert "changed during the preflight" in panel.status.text()
