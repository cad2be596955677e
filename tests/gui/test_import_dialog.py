"""Import…: Preview shows the first items with their types and every located problem (Import
stays disabled while there is one); Import writes with a progress bar and says the mode."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import account, canonical, plain_document

pytestmark = pytest.mark.gui


@pytest.fixture
def empty_table(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "import") as name:
        yield name


def _dialog(qtbot: Any, ctx: AppContext, table: str, path: Path) -> ImportDialog:
    assert ctx.connection is not None
    dialog = ImportDialog(ctx, describe_table(ctx.connection, table))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(path))
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    return dialog


def test_preview_then_import_writes_every_item(qtbot: Any, ctx: AppContext, empty_table: str,
                                               tmp_path: Path) -> None:
    items = [plain_document(n) for n in range(30)] + [i for n in range(10) for i in account(n)]
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    dialog = _dialog(qtbot, ctx, empty_table, path)
    assert "60 item(s) and no problem in the file (ddb-json)" in dialog.summary_label.text()
    assert dialog.table_widget.rowCount() == 20
    headers = [dialog.table_widget.horizontalHeaderItem(c).text()
               for c in range(dialog.table_widget.columnCount())]
    assert "big (N)" in headers and "PK (S)" in headers
    assert "lock rules" in dialog.mode_label.text() and "TransactWriteItems" in dialog.mode_label.text()
    assert not dialog.speed_check.isEnabled()  # accounts and locks in the file: no BatchWriteItem
    assert dialog.import_button.isEnabled()
    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    result = done.args[0]
    assert result is not None and result.items == 60
    assert ctx.connection is not None
    written = ctx.connection.client.scan(TableName=empty_table)["Items"]
    assert canonical(written) == canonical(items)
    assert "60 item(s) imported" in dialog.summary_label.text()


def test_a_problem_is_located_and_import_stays_disabled(qtbot: Any, ctx: AppContext,
                                                        empty_table: str, tmp_path: Path) -> None:
    path = tmp_path / "items.json"
    path.write_text(render([plain_document(1)], DDB_JSON) + '{"Item": {"PK": {"S": "x"}}}\n')
    dialog = _dialog(qtbot, ctx, empty_table, path)
    assert "item 2 (line 2, column 1): the item has no SK" in dialog.problems.toPlainText()
    assert not dialog.import_button.isEnabled()
    assert dialog.summary_label.text().endswith(  # what to do about it
        "fix the lines listed below in the file, then press Preview again.")
    assert dialog.speed_check.isEnabled()  # no lock rules: speed may be chosen


def test_enter_in_the_file_field_previews_a_csv(qtbot: Any, ctx: AppContext, empty_table: str,
                                                tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "items.csv"
    path.write_text('PK (S),SK (S),age (N)\nACCT#c1,PROFILE,40\nACCT#c2,PROFILE,forty\n')
    assert ctx.connection is not None
    dialog = ImportDialog(ctx, describe_table(ctx.connection, empty_table))
    qtbot.addWidget(dialog)
    dialog.show()
    browsed: list[object] = []  # Enter used to open Browse… (the dialog's first default button)

    def browse(*args: object, **_kwargs: object) -> tuple[str, str]:
        browsed.append(args)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", browse)
    dialog.path_edit.setText(str(path))
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.keyClick(dialog.path_edit, Qt.Key.Key_Return)
    assert browsed == []
    assert "item 2 (line 3, column 3): age: 'forty' is not a number" in dialog.problems.toPlainText()
    table = dialog.table_widget
    headers = [table.horizontalHeaderItem(c) for c in range(table.columnCount())]
    assert [h.text() if h else None for h in headers] == ["line", "PK (S)", "SK (S)", "age (N)"]
    assert [(i.text() if i else None) for i in (table.item(0, 0), table.item(0, 3))] == ["2", "40"]
    assert dialog.close_buttons.isEnabled()
    dialog.close_buttons.rejected.emit()  # Close
    assert not dialog.isVisible()


def test_the_items_tab_opens_import_for_its_table_and_not_on_a_read_only_connection(
        qtbot: Any, ctx: AppContext, empty_table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from dynoview.ui.items.transfer import TransferButtons

    assert ctx.connection is not None
    table = describe_table(ctx.connection, empty_table)
    buttons = TransferButtons(ctx, list, list, lambda: table)
    qtbot.addWidget(buttons)
    assert buttons.import_button.isEnabled()
    dialog = buttons.open_import()
    assert isinstance(dialog, ImportDialog)
    dialog.close()  # deletes itself on close
    monkeypatch.setattr(type(ctx.connection), "read_only", property(lambda _self: True))
    buttons.update_state()
    assert not buttons.import_button.isEnabled()
    assert "read-only" in buttons.import_button.toolTip()


def test_a_cancelled_import_names_the_resume_box_not_a_command_line_flag(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path) -> None:
    """A window user has no --resume to pass: the sentence names the dialog's check box."""
    items = [plain_document(n) for n in range(40)]
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    dialog = _dialog(qtbot, ctx, empty_table, path)
    dialog.rate_spin.setValue(1)  # the first batch waits for the pace: Cancel lands before it
    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dialog.controller.running, timeout=5000)
        dialog.controller.cancel()
    assert done.args[0] is None
    said = dialog.summary_label.text()
    assert "cancelled" in said and "--resume" not in said
    assert f"“{dialog.resume_check.text()}” continues from there" in said


def test_the_default_layout_is_told_apart_in_every_language(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path) -> None:
    """The context words its schema note in the window's language: compared with the English
    note, the default layout read as a chosen schema in French, and a table with no lock rules
    lost BatchWriteItem (--speed)."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from dynoview.ui.i18n import loader

    loader.install("fr", QApplication.instance())
    try:
        ctx.schema_note = QCoreApplication.translate("AppContext", "the article's default layout")
        assert ctx.schema_note != "the article's default layout"  # French indeed
        path = tmp_path / "items.json"
        path.write_text(render([plain_document(n) for n in range(3)], DDB_JSON))
        dialog = _dialog(qtbot, ctx, empty_table, path)
        assert dialog.speed_check.isEnabled()  # no lock rules: speed may be chosen
    finally:
        loader.install("en", QApplication.instance())
