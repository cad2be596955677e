"""The set editor and the list/map editor (F2 on an SS or M cell) keep what the user typed when
the app closes around them, as Edit as JSON… does: half a second after the last change (a kill
loses at most that) and when the window closes (a signal: ``closing_unattended`` and
``closeAllWindows``). The next time the same cell's editor opens, it opens with that text under
a note; Stage and Cancel are the user's answer and delete it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
PK = "ACCT#c3e511"
TYPED = {"tags": "a\nb\nMARKER-SET", "prefs": '{"theme": {"S": "MARKER-DOC"}, "half typ'}


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own configuration folder (where the kept texts go)."""
    root = tmp_path / "config"
    monkeypatch.setattr(profile, "config_root", lambda: root)
    return root


@pytest.fixture
def seeded(demo_conn: Connection, seeded_table: str) -> str:
    demo_conn.client.update_item(
        TableName=seeded_table, Key={"PK": {"S": PK}, "SK": {"S": "PROFILE"}},
        UpdateExpression="SET tags = :t, prefs = :p",
        ExpressionAttributeValues={":t": {"SS": ["a", "b"]}, ":p": {"M": {"theme": {"S": "dark"}}}})
    return seeded_table


def open_editor(panel: ItemsPanel, column: str) -> Any:
    model = panel.model
    row = next(r for r in range(model.rowCount()) if model.item(r)["PK"]["S"] == PK)
    panel.cell_edits.edit(model.index(row, model.columns().index(column)))
    dialog = panel.cell_edits.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def kept_with(config: Path, marker: str) -> list[Path]:
    """The kept dialog texts (not the staged cells' files) that hold ``marker``."""
    return [p for p in config.rglob("dialog-texts/*")
            if p.is_file() and marker in p.read_text(errors="ignore")]


def close_unattended(window: MainWindow) -> None:
    """What a signal (SIGTERM, SIGHUP, logout) does: dynoview/ui/app.py ``close_unattended``."""
    window.closing_unattended = True
    QApplication.closeAllWindows()
    assert not window.isVisible()


@pytest.mark.parametrize("column", ["tags", "prefs"])
def test_a_signal_keeps_the_typed_text_and_the_cells_next_editor_shows_it(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded: str, config: Path,
        column: str) -> None:
    window = open_window(qtbot, demo_conn, seeded)
    window.show()
    dialog = open_editor(window.items_panel, column)
    marker = TYPED[column].split("MARKER-")[1][:3]
    dialog.editor.setPlainText(TYPED[column])
    close_unattended(window)  # at once: before the half second's autosave
    assert kept_with(config, "MARKER-" + marker), f"the text typed in the {column} editor is lost"
    assert window.items_panel.cell_edits.staging.edits.count == 0  # kept, not staged

    window = open_window(qtbot, demo_conn, seeded)  # the next start
    window.show()
    qtbot.waitExposed(window)
    dialog = open_editor(window.items_panel, column)
    assert dialog.editor.toPlainText() == TYPED[column]
    note = dialog.kept_note
    assert note.isVisible()
    assert note.text.text().startswith(f"This is your unsent edit of {column}, kept when DynoView "
                                       "closed at ")
    assert "has changed" not in note.text.text()
    if column == "prefs":  # half typed: refused, still open, the text still kept
        dialog.stage()
        assert dialog.isVisible() and dialog.error.text()
        dialog.editor.setPlainText('{"theme": {"S": "MARKER-DOC"}}')
    dialog.stage()
    assert not dialog.isVisible()
    assert window.items_panel.cell_edits.staging.edits.count == 1
    assert not kept_with(config, "MARKER-" + marker)  # staged: nothing kept any more


def test_the_text_is_kept_half_a_second_after_typing_and_cancel_deletes_it(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded: str, config: Path) -> None:
    window = open_window(qtbot, demo_conn, seeded)
    dialog = open_editor(window.items_panel, "tags")
    dialog.editor.setPlainText(TYPED["tags"])
    # A kill gives no close to keep it on: the pause after typing does.
    qtbot.waitUntil(lambda: bool(kept_with(config, "MARKER-SET")), timeout=3000)
    dialog.reject()  # Cancel: the user's answer
    assert not kept_with(config, "MARKER-SET")
    dialog = open_editor(window.items_panel, "tags")
    assert dialog.editor.toPlainText() == "a\nb" and not dialog.kept_note.isVisibleTo(dialog)
    dialog.reject()


def test_discarding_the_kept_text_starts_from_the_value(
        qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded: str, config: Path) -> None:
    window = open_window(qtbot, demo_conn, seeded)
    window.show()
    open_editor(window.items_panel, "tags").editor.setPlainText(TYPED["tags"])
    close_unattended(window)
    demo_conn.client.update_item(  # changed in the table since
        TableName=seeded, Key={"PK": {"S": PK}, "SK": {"S": "PROFILE"}},
        UpdateExpression="SET tags = :t", ExpressionAttributeValues={":t": {"SS": ["a", "z"]}})
    window = open_window(qtbot, demo_conn, seeded)
    window.show()
    dialog = open_editor(window.items_panel, "tags")
    assert dialog.editor.toPlainText() == TYPED["tags"]
    assert "The value has changed since" in dialog.kept_note.text.text()
    dialog.kept_note.discard_button.click()
    assert dialog.editor.toPlainText() == "a\nz" and not dialog.kept_note.isVisible()
    assert not kept_with(config, "MARKER-SET")
    dialog.reject()
