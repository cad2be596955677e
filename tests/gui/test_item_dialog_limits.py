"""Edit item as JSON refuses what DynamoDB would refuse, before the builder gets it: a key
that is missing, empty or over its byte limit (2,048 partition / 1,024 sort), an attribute name
that is empty or over 64 KB, an item over 400 KB. Each is said at the attribute, with its line
and column in the editor (where the cursor goes), as the dialog says its JSON errors."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.values.dynamodb_json import dynamodb_json
from dynoview.ui.items.edit_dialog import ItemEditDialog
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
INFO = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
ITEM = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "notes": {"S": "call back Monday"}}


def edit(qtbot: Any, text: str, info: TableInfo | None = INFO) -> ItemEditDialog:
    """The dialog after the user typed ``text`` and pressed "Open in builder"."""
    dialog = ItemEditDialog(ITEM, info=info)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.editor.setPlainText(text)
    dialog.ok.click()
    return dialog


def refused(dialog: ItemEditDialog) -> bool:
    """Nothing goes to the builder and the dialog stays open for the fix."""
    return dialog.item is None and dialog.isVisible() and not dialog.result()


def lines(*rows: str) -> str:
    return "\n".join(rows)


def test_a_partition_key_over_2048_bytes_is_refused_at_its_line(qtbot: Any) -> None:
    dialog = edit(qtbot, lines("{", '  "SK": {"S": "PROFILE"},', f'  "PK": {{"S": "{"é" * 1025}"}}', "}"))
    assert refused(dialog)
    assert dialog.error.text() == ("Not opened at PK (line 3, column 3): A partition key holds at most "
                                   "2048 bytes; this one has 2050. Shorten it.")
    assert dialog.editor.textCursor().position() == len('{\n  "SK": {"S": "PROFILE"},\n  ')


def test_a_sort_key_over_1024_bytes_is_refused(qtbot: Any) -> None:
    dialog = edit(qtbot, dynamodb_json({**ITEM, "SK": {"S": "x" * 1025}}))
    assert refused(dialog)
    assert dialog.error.text().startswith("Not opened at SK (line ")
    assert "A sort key holds at most 1024 bytes; this one has 1025." in dialog.error.text()


def test_an_empty_key_is_refused(qtbot: Any) -> None:
    dialog = edit(qtbot, '{"PK": {"S": ""}, "SK": {"S": "PROFILE"}}')
    assert refused(dialog)
    assert dialog.error.text() == ("Not opened at PK (line 1, column 2): Key attributes cannot be "
                                   "empty: give PK a value.")


def test_an_empty_attribute_name_is_refused_where_it_is(qtbot: Any) -> None:
    dialog = edit(qtbot, lines('{"PK": {"S": "ACCT#1"},', ' "SK": {"S": "PROFILE"},', '   "": {"S": "x"}}'))
    assert refused(dialog)
    assert dialog.error.text() == ('Not opened at "" (line 3, column 4): An attribute name is empty, '
                                   "which DynamoDB refuses; name the attribute.")


def test_an_attribute_name_over_64_kb_is_refused(qtbot: Any) -> None:
    dialog = edit(qtbot, dynamodb_json({**ITEM, "n" * 65536: {"S": "x"}}))
    assert refused(dialog)
    message = dialog.error.text()
    assert message.startswith("Not opened at " + "n" * 40 + "… (line ")
    assert "An attribute name is 65536 bytes; DynamoDB allows at most 65535." in message


def test_an_item_over_400_kb_is_refused_whole(qtbot: Any) -> None:
    dialog = edit(qtbot, dynamodb_json({**ITEM, "notes": {"S": "x" * (400 * 1024)}}), info=None)
    assert refused(dialog)
    message = dialog.error.text()
    assert message.startswith("Not opened: The item is ")
    assert "DynamoDB items hold at most 409,600 (400 KB)" in message


def test_an_item_within_the_limits_still_opens(qtbot: Any) -> None:
    dialog = edit(qtbot, dynamodb_json({**ITEM, "PK": {"S": "p" * 2048}, "SK": {"S": "s" * 1024}}))
    assert dialog.item is not None and dialog.result()
    assert dialog.error.text() == ""


def test_the_items_tab_checks_its_tables_keys_before_the_builder(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window: MainWindow = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    row = next(r for r in range(panel.model.rowCount())
               if panel.model.item(r)["PK"]["S"] == "ACCT#c3e511")
    select_only_row(panel.view, row)
    item = panel.model.item(row)
    panel.edit_selected()
    dialog = panel.edit_dialog
    assert dialog is not None
    asked: list[Any] = []
    window.ctx.edit_requested.connect(lambda *args: asked.append(args))
    dialog.editor.setPlainText(dynamodb_json({**item, "SK": {"S": "S" * 1025}}))
    dialog.ok.click()
    assert dialog.item is None and asked == []
    assert "A sort key holds at most 1024 bytes; this one has 1025." in dialog.error.text()
    dialog.reject()
