"""Import…, as a user moving real data: Import writes the file previewed and shown (never a
file the field no longer names), and a stop says the batches before it were written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import account, document, plain_document

pytestmark = pytest.mark.gui


@pytest.fixture
def empty_table(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "review") as name:
        yield name


def _previewed(qtbot: Any, ctx: AppContext, table: str, path: Path) -> ImportDialog:
    assert ctx.connection is not None
    dialog = ImportDialog(ctx, describe_table(ctx.connection, table))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(path))
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    return dialog


def test_another_file_named_after_the_preview_is_not_imported_unseen(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path) -> None:
    """Import used to stay enabled after the path was edited, and wrote the file previewed
    (not the one the field named)."""
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(render([plain_document(n) for n in range(3)], DDB_JSON))
    second.write_text(render([plain_document(n) for n in range(10, 15)], DDB_JSON))
    dialog = _previewed(qtbot, ctx, empty_table, first)
    assert dialog.import_button.isEnabled()
    dialog.path_edit.setText(str(second))
    assert not dialog.import_button.isEnabled()
    assert "press Preview" in dialog.summary_label.text()
    assert dialog.table_widget.rowCount() == 0 and not dialog.problems.toPlainText()  # not its rows
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    assert dialog.import_button.isEnabled()
    assert dialog.answer is not None and dialog.answer.path == second
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("jsonl"))
    assert not dialog.import_button.isEnabled()


def test_a_stopped_import_says_the_batches_before_it_were_written(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path) -> None:
    good = [i for n in range(40) for i in account(n)]  # batch 1: 33 whole accounts (99 items)
    thief = {**account(99)[0], "email": {"S": "member3@example.com"}}  # a held email, no lock
    path = tmp_path / "items.json"
    path.write_text(render(good + [thief] + [document(n) for n in range(5)], DDB_JSON))
    dialog = _previewed(qtbot, ctx, empty_table, path)
    assert dialog.import_button.isEnabled()
    with qtbot.waitSignal(dialog.finished_import, timeout=60000):
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    text = dialog.summary_label.text()
    assert "would break a uniqueness lock, so nothing of it was written" in text
    assert "The batches before it were written (99 items)" in text
    assert ctx.connection is not None
    assert ctx.connection.client.scan(TableName=empty_table, Select="COUNT")["Count"] == 99
