"""A kept dialog text holds what was typed, character for character: ``toPlainText`` would
keep a typed no-break space as a space, so the next start would stage (or open) a value the
user never typed, without a word. The plain text form keeps it as typed; Edit as JSON keeps it
raw too, so the refusal at its line and column still comes when the kept text is used."""

from __future__ import annotations

from typing import Any

from dynoview.core.session.connection import Connection
from dynoview.ui.items.edit_dialog import ItemEditDialog
from tests.gui.conftest import open_window
from tests.gui.test_items_edit_long_values import KEY, LONG, cell, press_f2, row
from tests.gui.test_kept_dialog_texts import SESSION, close_unattended, edit

TYPED_LONG = LONG + "\u00a0!"  # typed in the plain form: no JSON escapes there


def test_a_kept_plain_text_stages_the_no_break_space_typed(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    demo_conn.client.put_item(TableName=seeded_table, Item={**KEY, "long": {"S": LONG}})
    window = open_window(qtbot, demo_conn, seeded_table)
    panel = window.items_panel
    qtbot.waitUntil(lambda: row(panel) is not None, timeout=10000)
    press_f2(panel, cell(panel, "long"))
    dialog: Any = panel.cell_edits.dialog
    assert dialog is not None and not dialog.as_json  # the plain form: taken literally
    dialog.editor.setPlainText(TYPED_LONG)
    close_unattended(window)

    window = open_window(qtbot, demo_conn, seeded_table)  # the next start
    panel = window.items_panel
    qtbot.waitUntil(lambda: row(panel) is not None, timeout=10000)
    press_f2(panel, cell(panel, "long"))
    dialog = panel.cell_edits.dialog
    assert dialog is not None and dialog.kept_note.isVisibleTo(dialog)
    dialog.stage()
    assert dialog.error.text() == "" and not dialog.isVisible()
    [edits] = list(panel.cell_edits.staging.edits)
    change = edits.cell("long")
    assert change is not None and change.new == {"S": TYPED_LONG}, "the kept text lost a character"


def test_a_kept_json_text_keeps_a_typed_no_break_space_and_still_refuses_it(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = edit(window, SESSION)
    typed = dialog.editor.toPlainText().replace('"SESSION"\n', '"SESSION",\n  "note": {"S": "a\u00a0b"}\n', 1)
    assert typed != dialog.editor.toPlainText()
    dialog.editor.setPlainText(typed)
    close_unattended(window)

    window = open_window(qtbot, demo_conn, seeded_table)
    dialog = edit(window, SESSION)
    assert isinstance(dialog, ItemEditDialog) and dialog.kept_note.isVisibleTo(dialog)
    assert "a\u00a0b" in dialog.editor.document().toRawText()
    dialog.ok.click()
    assert dialog.item is None and "no-break space (U+00A0)" in dialog.error.text()
    dialog.reject()
