"""Edit as JSON… shows the item in a QPlainTextEdit, whose ``toPlainText`` gives a no-break
space back as a space and a line separator as a line break: the item's own such characters are
shown escaped, so an untouched attribute holding one is not handed over as changed and an item
holding a line separator opens; one the user types raw is refused at its line and column."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.items.edit_dialog import ItemEditDialog
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.gui.conftest import open_window
from tests.gui.test_template_flows import execute

pytestmark = pytest.mark.gui
INFO = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
ITEM = {"PK": {"S": "TEXT#1"}, "SK": {"S": "X"}, "displayName": {"S": "Ada\u00a0Lovelace"},
        "bio": {"S": "line\u2028sep\u2029and\ufdd0more"}, "tags": {"SS": ["a\u00a0b"]},
        "note": {"S": "old"}}
NBSP_ONLY = {name: av for name, av in ITEM.items() if name != "bio"}


@pytest.mark.parametrize("item", [NBSP_ONLY, ITEM], ids=["no-break space", "and line separator"])
def test_changing_one_attribute_hands_over_only_that_change(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str,
        item: dict[str, Any]) -> None:
    demo_conn.client.put_item(TableName=seeded_table, Item=item)
    window: MainWindow = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    qtbot.waitUntil(lambda: any(panel.model.item(r)["PK"] == item["PK"]
                                for r in range(panel.model.rowCount())), timeout=10000)
    row = next(r for r in range(panel.model.rowCount()) if panel.model.item(r)["PK"] == item["PK"])
    select_only_row(panel.view, row)
    handed: list[tuple[dict[str, Any], dict[str, Any]]] = []
    window.ctx.edit_requested.connect(lambda info, old, new: handed.append((old, new)))
    panel.edit_selected()
    dialog = panel.edit_dialog
    assert dialog is not None
    dialog.editor.setPlainText(dialog.editor.toPlainText().replace('"old"', '"new"'))  # only note
    dialog.ok.click()
    assert dialog.error.text() == ""
    [(old, new)] = handed
    assert {name for name in new if old.get(name) != new[name]} == {"note"}
    builder: Any = window.feature("BuilderPanel")
    (action,) = builder.transaction.actions
    assert action.label == "edited item: note"
    execute(qtbot, builder)
    key = {"PK": item["PK"], "SK": item["SK"]}
    stored = demo_conn.client.get_item(TableName=seeded_table, Key=key, ConsistentRead=True)["Item"]
    assert stored == {**item, "note": {"S": "new"}}


def test_a_no_break_space_typed_raw_is_refused_at_its_line_and_column(qtbot: Any) -> None:
    dialog = ItemEditDialog(ITEM, info=INFO)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.ok.click()  # untouched: the item comes back as it was
    assert dialog.error.text().startswith("Not opened: Nothing changed")
    typed = dialog.editor.toPlainText().replace('"old"', '"new\u00a0value"')
    dialog.editor.setPlainText(typed)  # typed or pasted: raw
    dialog.ok.click()
    assert dialog.item is None and dialog.isVisible()
    at = typed.index("new\u00a0value") + 3
    line = typed.count("\n", 0, at) + 1
    column = at - typed.rfind("\n", 0, at)
    assert dialog.error.text() == (
        f"Not opened: Line {line}, column {column} holds a no-break space (U+00A0), which this "
        "editor would read back as a space: type it as \\u00a0 (a JSON escape) to keep it, or "
        "replace it.")
    assert dialog.editor.textCursor().position() == at  # the cursor is on it
    dialog.editor.setPlainText(typed.replace("new\u00a0value", "new\\u00a0value"))  # as it says
    dialog.ok.click()
    assert dialog.item == {**ITEM, "note": {"S": "new\u00a0value"}} and dialog.result()
