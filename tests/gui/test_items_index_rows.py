"""Rows read from an index are what the index holds: the demo's LSI created-index keeps only
keys. Edit… edits the table's item (read by key first), not the three attributes shown; Copy to
table… refuses, saying why, instead of writing each row as a whole item (which erased every
attribute the index does not hold). A PartiQL SELECT of named attributes is refused the same
way; SELECT * is copied."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.demo.backend import CREATED_INDEX, EMAIL_INDEX
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window
from tests.gui.test_partiql_panel import type_statement

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, seeded_table)


def _read(qtbot: Any, window: MainWindow, index: str | None) -> Any:
    panel = window.items_panel
    panel.index.setCurrentIndex(panel.index.findData(index) if index else 0)
    with qtbot.waitSignal(panel.controller.page_loaded, timeout=10000):
        panel.run()
    row = next(r for r in range(panel.model.rowCount()) if panel.model.item(r)["SK"]["S"] == "PROFILE")
    panel.view.selectRow(row)
    return panel


def test_edit_of_a_keys_only_row_edits_the_tables_item(qtbot: Any, window: MainWindow) -> None:
    panel = _read(qtbot, window, CREATED_INDEX)
    shown = panel.current_item()
    assert shown is not None and "email" not in shown  # the index holds keys only
    panel.edit_button.click()
    qtbot.waitUntil(lambda: panel.edit_dialog is not None, timeout=10000)
    dialog: Any = panel.edit_dialog
    assert dialog.original["PK"] == shown["PK"] and "email" in dialog.original
    assert '"email"' in dialog.editor.toPlainText()
    dialog.reject()


def test_copy_of_keys_only_rows_is_refused_with_the_reason(qtbot: Any, window: MainWindow) -> None:
    panel = _read(qtbot, window, CREATED_INDEX)
    button = panel.transfer.copy_button
    assert not button.isEnabled()
    assert "index created-index" in button.toolTip() and "KEYS_ONLY" in button.toolTip()
    with qtbot.waitSignal(window.ctx.status_message, timeout=2000) as said:
        assert panel.transfer.open_copy() is None
    assert "would delete every attribute the index does not hold" in said.args[0]
    _read(qtbot, window, EMAIL_INDEX)  # projects ALL: whole items
    assert button.isEnabled() and "guarded Puts" in button.toolTip()
    _read(qtbot, window, None)
    assert button.isEnabled()


def test_partiql_copy_of_named_attributes_is_refused(qtbot: Any, window: MainWindow,
                                                     seeded_table: str) -> None:
    panel: Any = window.feature("PartiqlPanel")
    qtbot.waitUntil(lambda: bool(panel.controller.tables), timeout=10000)
    type_statement(panel, f'SELECT PK, SK, email FROM "{seeded_table}" WHERE SK = ?', ("S", "PROFILE"))
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0, timeout=10000)
    assert not panel.transfer.copy_button.isEnabled()
    assert "names its attributes" in panel.transfer.copy_button.toolTip()
    type_statement(panel, f'SELECT * FROM "{seeded_table}" WHERE SK = ?', ("S", "PROFILE"))
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0 and panel.transfer.copy_button.isEnabled(),
                    timeout=10000)


def test_export_of_keys_only_rows_says_they_are_not_whole_items(qtbot: Any, window: MainWindow) -> None:
    """The Export dialog called these rows' formats exact copies without a word: re-imported, the
    file replaced each item with its keys."""
    panel = _read(qtbot, window, CREATED_INDEX)
    dialog: Any = panel.transfer.open_export()
    qtbot.addWidget(dialog)
    assert dialog.result_scope.isChecked() and not dialog.rows_note_label.isHidden()
    text = dialog.rows_note_label.text()
    assert "index created-index" in text and "choose the whole table to export whole items" in text
    dialog.table_scope.setChecked(True)
    assert dialog.rows_note_label.isHidden()
    dialog.reject()
    _read(qtbot, window, None)  # the table's own rows: whole items, nothing said
    whole: Any = panel.transfer.open_export()
    qtbot.addWidget(whole)
    assert whole.rows_note_label.isHidden()
    whole.reject()
