"""Import…'s Raw CSV box: DynoView's CSV export puts a ' before a formula-like cell and the import
takes it off, so a CSV from elsewhere whose value really starts with '= lost its '. The box
(shown for CSV files only) keeps it, in the preview and in the items written (before: no box)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.gui

CSV_TEXT = "PK (S),SK (S),note (S)\nDOC#raw,META,'=notes\n"


@pytest.fixture
def empty_table(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "import-raw") as name:
        yield name


def _dialog(qtbot: Any, ctx: AppContext, table: str, path: Path) -> ImportDialog:
    assert ctx.connection is not None
    dialog = ImportDialog(ctx, describe_table(ctx.connection, table))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(path))
    return dialog


def _preview(qtbot: Any, dialog: ImportDialog) -> None:
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)


def _import(qtbot: Any, dialog: ImportDialog) -> None:
    assert dialog.import_button.isEnabled(), dialog.summary_label.text()
    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert done.args[0] is not None and done.args[0].items == 1, dialog.summary_label.text()


def _note_cell(dialog: ImportDialog) -> str:
    table = dialog.table_widget
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    cell = table.item(0, headers.index("note (S)"))
    assert cell is not None
    return cell.text()


def _written_note(ctx: AppContext, table: str) -> str:
    assert ctx.connection is not None
    got = ctx.connection.client.get_item(TableName=table, Key={"PK": {"S": "DOC#raw"},
                                                               "SK": {"S": "META"}},
                                         ConsistentRead=True)
    return str(got["Item"]["note"]["S"])


@pytest.mark.parametrize("raw", [True, False])
def test_the_raw_csv_box_keeps_a_leading_quote_in_the_preview_and_the_item(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path, raw: bool) -> None:
    path = tmp_path / "notes.csv"
    path.write_text(CSV_TEXT, encoding="utf-8")
    dialog = _dialog(qtbot, ctx, empty_table, path)
    assert dialog.csv_raw_check.isVisibleTo(dialog)  # a CSV file: the box is offered
    dialog.csv_raw_check.setChecked(raw)
    _preview(qtbot, dialog)
    expected = "'=notes" if raw else "=notes"
    assert _note_cell(dialog) == expected  # the preview shows what will be written
    _import(qtbot, dialog)
    assert _written_note(ctx, empty_table) == expected


def test_ticking_the_box_after_preview_asks_for_a_new_preview(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path) -> None:
    """Import writes what the preview showed: a change of the box takes the preview away."""
    path = tmp_path / "notes.csv"
    path.write_text(CSV_TEXT, encoding="utf-8")
    dialog = _dialog(qtbot, ctx, empty_table, path)
    _preview(qtbot, dialog)
    assert _note_cell(dialog) == "=notes" and dialog.import_button.isEnabled()
    dialog.csv_raw_check.setChecked(True)
    assert not dialog.import_button.isEnabled()
    assert "press Preview before Import" in dialog.summary_label.text()
    _preview(qtbot, dialog)
    assert _note_cell(dialog) == "'=notes"
    _import(qtbot, dialog)
    assert _written_note(ctx, empty_table) == "'=notes"


def test_the_box_is_shown_for_csv_files_only(qtbot: Any, ctx: AppContext, empty_table: str,
                                             tmp_path: Path) -> None:
    dialog = _dialog(qtbot, ctx, empty_table, tmp_path / "items.jsonl")
    assert not dialog.csv_raw_check.isVisibleTo(dialog)
    dialog.path_edit.setText(str(tmp_path / "items.CSV"))
    assert dialog.csv_raw_check.isVisibleTo(dialog)
    dialog.path_edit.setText(str(tmp_path / "items.txt"))
    assert not dialog.csv_raw_check.isVisibleTo(dialog)
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("csv"))
    assert dialog.csv_raw_check.isVisibleTo(dialog)  # chosen as CSV whatever its name
