"""Edit in place on values longer than a QLineEdit's default 32,767 characters: a value typed or
pasted in the cell's line is staged and written whole; the delegate opened on a 40,000-character
string or a ~40,000-character base64 value holds it whole, with no false refusal, and Enter on it
untouched stages nothing; F2 opens such a value in the multi-line text editor, as L and M open
in theirs. The multi-line editors give back, untouched, the characters a QPlainTextEdit changes
(a no-break space, a carriage return, a line separator): nothing is staged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut

from dynoview.core.edits.staging import EditError, StagedEdits
from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.items.value_dialogs import DocumentEditorDialog, SetEditorDialog
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
KEY = {"PK": {"S": "VAL#long"}, "SK": {"S": "X"}}
LONG = "".join(chr(97 + i % 26) for i in range(40_000))  # 40,000 characters, none repeated in a row
BLOB = bytes(range(256)) * 117  # 29,952 bytes: 39,936 characters of base64


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own configuration folder (staged edits, kept dialog texts)."""
    root = tmp_path / "config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    return root


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> MainWindow:
    demo_conn.client.put_item(TableName=seeded_table, Item={
        **KEY, "txt": {"S": "hello"}, "long": {"S": LONG}, "blob": {"B": BLOB},
        "odd": {"S": ("a\u00a0b\r\nc\u2028d " * 700)}})
    win = open_window(qtbot, demo_conn, seeded_table)
    panel = win.items_panel
    qtbot.waitUntil(lambda: row(panel) is not None, timeout=10000)
    return win


def row(panel: ItemsPanel) -> int | None:
    model = panel.model
    return next((r for r in range(model.rowCount()) if model.item(r)["PK"] == KEY["PK"]), None)


def cell(panel: ItemsPanel, column: str) -> Any:
    r = row(panel)
    assert r is not None
    return panel.model.index(r, panel.model.columns().index(column))


def press_f2(panel: ItemsPanel, index: Any) -> None:
    panel.view.setCurrentIndex(index)
    shortcut = next(sc for sc in panel.view.findChildren(QShortcut) if sc.key() == QKeySequence("F2"))
    shortcut.activated.emit()


def stored(conn: Connection, table: str) -> dict[str, Any]:
    return conn.client.get_item(TableName=table, Key=KEY, ConsistentRead=True)["Item"]


def test_a_typed_40000_character_value_is_staged_and_written_whole(
        qtbot: Any, window: MainWindow, demo_conn: Connection, seeded_table: str) -> None:
    panel = window.items_panel
    typed = "y" * 40_000
    press_f2(panel, cell(panel, "txt"))
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    editor.line.setText(typed)
    assert editor.line.text() == typed and editor.check() is None
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)
    staging = panel.cell_edits.staging
    [edits] = list(staging.edits)
    change = edits.cell("txt")
    assert change is not None and change.new == {"S": typed}, "the typed value was cut"
    panel.cell_edits.pane.review_button.click()
    builder: Any = window.feature("BuilderPanel")
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = lambda preflight, table, answer: answer(False)
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None, timeout=30000)
    assert builder.result.status == "succeeded", builder.result.message
    assert stored(demo_conn, seeded_table)["txt"] == {"S": typed}


@pytest.mark.parametrize(("column", "text"), [("long", LONG), ("blob", None)])
def test_the_delegate_holds_a_long_value_whole_and_enter_on_it_untouched_stages_nothing(
        qtbot: Any, window: MainWindow, column: str, text: str | None) -> None:
    panel = window.items_panel
    edits = panel.cell_edits  # edit in place made (its delegate on the view)
    index = cell(panel, column)
    panel.view.setCurrentIndex(index)
    panel.view.edit(index)  # the cell's own editor (the delegate), as F2 opens a short value
    editor = edits.delegate.editor
    assert editor is not None
    shown = editor.line.text()
    assert len(shown) == len(text) if text is not None else len(shown) == 39_936
    if text is not None:
        assert shown == text
    assert editor.check() is None, editor.problem.text()  # no false base64 refusal
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)
    assert edits.staging.edits.count == 0 and edits.staging.error == ""


def test_f2_opens_a_long_value_in_the_text_editor_which_stages_it_whole(
        qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    staging = panel.cell_edits.staging
    press_f2(panel, cell(panel, "long"))
    dialog: Any = panel.cell_edits.dialog
    assert dialog is not None and type(dialog).__name__ == "TextEditorDialog"
    assert dialog.editor.toPlainText() == LONG and "40,000 characters" in dialog.hint.text()
    dialog.stage()  # untouched
    assert not dialog.isVisible() and staging.edits.count == 0
    press_f2(panel, cell(panel, "long"))
    dialog = panel.cell_edits.dialog
    dialog.editor.setPlainText(LONG + "!")
    dialog.stage()
    assert not dialog.isVisible() and dialog.error.text() == ""
    [edits] = list(staging.edits)
    change = edits.cell("long")
    assert change is not None and change.new == {"S": LONG + "!"}


def test_characters_the_text_editor_would_change_come_back_as_they_were(
        qtbot: Any, window: MainWindow) -> None:
    panel = window.items_panel
    staging = panel.cell_edits.staging
    odd = "a\u00a0b\r\nc\u2028d " * 700
    press_f2(panel, cell(panel, "odd"))
    dialog: Any = panel.cell_edits.dialog
    assert dialog is not None and dialog.as_json  # typed as a JSON string, those escaped
    assert json.loads(dialog.editor.toPlainText()) == odd
    dialog.stage()
    assert not dialog.isVisible() and staging.edits.count == 0
    press_f2(panel, cell(panel, "odd"))
    dialog = panel.cell_edits.dialog
    dialog.editor.setPlainText("no quotes")
    dialog.stage()
    assert dialog.isVisible() and dialog.error.text().startswith("Type the value as one JSON string")
    dialog.editor.setPlainText(json.dumps(odd + "\u00a0!"))
    dialog.stage()
    [edits] = list(staging.edits)
    change = edits.cell("odd")
    assert change is not None and change.new == {"S": odd + "\u00a0!"}


def test_set_and_document_editors_give_a_no_break_space_back_untouched(
        qtbot: Any, ctx: AppContext) -> None:
    conn, table = ctx.connection, ctx.table
    assert conn is not None and table is not None
    info = describe_table(conn, table.name)
    tags: dict[str, Any] = {"SS": ["a\u00a0b", "c"]}
    doc: dict[str, Any] = {"M": {"k": {"S": "x\u00a0y"}, "f": {"S": "\ufdd0"}}}
    item = {**KEY, "tags": tags, "doc": doc}
    staged = StagedEdits()

    def stager(name: str) -> Any:
        def stage(code: str, text: str) -> str | None:
            try:
                staged.stage_text(info, item, name, code, text)
            except EditError as exc:
                return exc.sentence()
            return None
        return stage

    for dialog in (SetEditorDialog("tags", tags, stager("tags")),
                   DocumentEditorDialog("doc", doc, stager("doc"))):
        qtbot.addWidget(dialog)
        dialog.stage()
        assert dialog.error.text() == ""
        assert staged.count == 0, f"{type(dialog).__name__} staged a changed copy of an untouched value"
