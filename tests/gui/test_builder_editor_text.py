"""The builder's raw ExpressionAttributeValues and Names are QPlainTextEdits, whose
``toPlainText`` gives a no-break space back as a space, and a line or paragraph separator or
U+FDD0/U+FDD1 as a line break: a staged cell edit holding one is sent exactly (shown escaped),
the guard on a value holding one still matches (the edit is not cancelled), and one typed raw
into the maps is refused at the field rather than sent changed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.tx.wire import body_json
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
PLAIN = {"PK": {"S": "TEXT#plain"}, "SK": {"S": "X"}, "note": {"S": "plain"}}
NBSP = {"PK": {"S": "TEXT#nbsp"}, "SK": {"S": "X"}, "note": {"S": "Ada\u00a0Lovelace"}}
KEY = {"PK": {"S": "ACCT#d4a0f2"}, "SK": {"S": "PROFILE"}}


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str,
           config: Path) -> Iterator[MainWindow]:
    for item in (PLAIN, NBSP):
        demo_conn.client.put_item(TableName=seeded_table, Item=item)
    win = open_window(qtbot, demo_conn, seeded_table)
    qtbot.waitUntil(lambda: row(win.items_panel, NBSP) is not None, timeout=10000)
    yield win


def row(panel: ItemsPanel, item: dict[str, Any]) -> int | None:
    model = panel.model
    return next((r for r in range(model.rowCount()) if model.item(r)["PK"] == item["PK"]), None)


def send_staged(qtbot: Any, window: MainWindow, item: dict[str, Any], value: str) -> BuilderPanel:
    """Stage ``note`` = ``value`` on ``item``'s row, review it in the builder and execute it."""
    panel = window.items_panel
    r = row(panel, item)
    assert r is not None
    staging = panel.cell_edits.staging
    assert staging.stage_text(panel.info, panel.model.item(r), "note", "S", value) is None
    panel.cell_edits.pane.review_button.click()
    builder: Any = window.feature("BuilderPanel")
    assert builder.problems == [] and builder.preview_view.toPlainText() == builder.preview
    (sent,) = body_json(builder.preview)["TransactItems"]
    assert {"S": value} in sent["Update"]["ExpressionAttributeValues"].values()  # the wire, exact
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = lambda preflight, table, answer: answer(False)
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None and not builder.send_flow.running(),
                    timeout=30000)
    return builder


def note(conn: Connection, table: str, item: dict[str, Any]) -> Any:
    key = {"PK": item["PK"], "SK": item["SK"]}
    return conn.client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]["note"]


@pytest.mark.parametrize("value", ["new\u00a0value", "line\u2028sep", "para\u2029sep",
                                   "frame\ufdd0\ufdd1marks"])
def test_a_staged_edit_the_editor_would_change_is_sent_exactly(
        qtbot: Any, window: MainWindow, demo_conn: Connection, seeded_table: str, value: str) -> None:
    builder = send_staged(qtbot, window, PLAIN, value)
    assert builder.result.status == "succeeded", builder.result.message
    assert note(demo_conn, seeded_table, PLAIN) == {"S": value}


def test_editing_a_value_holding_a_no_break_space_is_not_cancelled(
        qtbot: Any, window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    builder = send_staged(qtbot, window, NBSP, "Ada King")  # its guard holds the value seen
    assert builder.result.status == "succeeded", builder.result.message
    assert note(demo_conn, seeded_table, NBSP) == {"S": "Ada King"}


def test_a_no_break_space_typed_in_the_raw_maps_is_refused_at_the_field(
        builder_panel: BuilderPanel) -> None:
    panel = builder_panel
    panel.load_request({"TransactItems": [{"Update": {
        "TableName": panel.ctx.table.name, "Key": KEY, "UpdateExpression": "SET #n = :v",
        "ExpressionAttributeNames": {"#n": "note"}, "ExpressionAttributeValues": {":v": {"S": "x"}}}}]})
    panel.refresh()
    editor = panel.action_pane.editor(0)
    assert not panel.problems
    typed = json.dumps({":v": {"S": "Ada\u00a0King"}}, ensure_ascii=False)
    editor.values_raw.setPlainText(typed)  # as typed or pasted: raw
    panel.refresh()
    column = typed.index("\u00a0") + 1
    assert [(p.field, p.message) for p in panel.problems] == [(
        "values", f"ExpressionAttributeValues: Line 1, column {column} holds a no-break space "
                  "(U+00A0), which this editor would read back as a space: type it as \\u00a0 (a "
                  "JSON escape) to keep it, or replace it.")]
    assert "no-break space" in editor.values_raw.toolTip()  # shown at the field
    editor.values_raw.setPlainText(typed.replace("\u00a0", "\\u00a0"))  # as the message says
    panel.refresh()
    assert not panel.problems
    assert panel.transaction.actions[0].values == {":v": {"S": "Ada\u00a0King"}}
    editor.names_raw.setPlainText('{"#n":\n "no\u2028te"}')
    panel.refresh()
    assert [(p.field, p.message) for p in panel.problems] == [(
        "names", "ExpressionAttributeNames: Line 2, column 5 holds a line separator (U+2028), which this "
                 "editor would read back as a line break: type it as \\u2028 (a JSON escape) to keep "
                 "it, or replace it.")]
