"""Unsent work on a full disk: staged cells and the PartiQL statement.

Before, a save that failed (ENOSPC) left the previous file in place: the next start restored a
staged change the user had discarded since (and not the one staged since), or an older PartiQL
statement as if it were the last; and the window closed without a word about the work that
could not be kept. Now the older file is removed (unlinking needs no space) and closing asks, as
it does for the builder's unsent work: Try again, Close without it, or Cancel (the window stays).

The full disk is the writer raising ENOSPC (the tester's tmpfs needs root); the engine does not
matter (nothing is sent), so moto serves the items."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from dynoview.core.drafts import window_files as window_files_module
from dynoview.core.drafts.store import DraftStore
from dynoview.core.session.connection import Connection
from dynoview.ui.context import AppContext
from dynoview.ui.items.staging import CellStaging
from dynoview.ui.main_window import MainWindow
from dynoview.ui.partiql import draft as partiql_draft
from dynoview.ui.partiql.draft import draft_folder, draft_key, drafts_root, load_draft, window_files

pytestmark = pytest.mark.gui
PROMPT = "unkept-close-prompt"


class Disk:
    """The drafts writers (staged cells' and the PartiQL statement's) on a disk that fills."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        # Every window's file, the PartiQL statement's too, is written by window_files.
        monkeypatch.setattr(window_files_module, "write_private_text",
                            self._writer(window_files_module.write_private_text))

    def _writer(self, real: Any) -> Any:
        def write(path: Any, text: str, **kwargs: Any) -> Any:
            if self.full:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real(path, text, **kwargs)
        return write


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    yield Disk(monkeypatch)


def profiles(window: MainWindow) -> list[dict[str, Any]]:
    model = window.items_panel.model
    return [row for row in (model.item(r) for r in range(model.rowCount())) if row["SK"]["S"] == "PROFILE"]


def asking(window: MainWindow) -> list[QMessageBox]:
    """The question shown now (one answered is hidden, deleted later)."""
    return [box for box in window.findChildren(QMessageBox, PROMPT) if box.isVisible()]


def prompt(window: MainWindow) -> QMessageBox:
    [box] = asking(window)
    return box


def click(box: QMessageBox, text: str) -> None:
    next(b for b in box.buttons() if b.text() == text).click()


def stage_unkept(window: MainWindow, disk: Disk) -> CellStaging:
    """Stage A (kept), fill the disk, stage B and discard A (neither kept): B alone is staged."""
    staging = window.items_panel.cell_edits.staging
    info = window.ctx.table
    assert info is not None
    first, second = profiles(window)[:2]
    assert staging.stage_value(info, first, "displayName", {"S": "change A"}) is None
    assert staging.store.edits_path.exists()
    disk.full = True
    assert staging.stage_value(info, second, "displayName", {"S": "change B"}) is None
    staging.discard(info.name, info.key_of(dict(first)), "displayName")
    assert [e.key["PK"] for e in staging.edits] == [second["PK"]]
    return staging


# ---------------------------------------------------------------- no older file comes back


def test_a_change_discarded_while_the_disk_is_full_does_not_come_back(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, tmp_path: Path, disk: Disk) -> None:
    info = ctx.table
    assert info is not None
    accounts = [i for i in demo_conn.client.scan(TableName=info.name)["Items"]
                if i["SK"]["S"] == "PROFILE"][:2]
    staging = CellStaging(ctx, store=DraftStore(tmp_path / "drafts"))
    said: list[str] = []
    staging.status.connect(said.append)
    assert staging.stage_value(info, accounts[0], "displayName", {"S": "change A"}) is None
    disk.full = True
    assert staging.stage_value(info, accounts[1], "displayName", {"S": "change B"}) is None
    staging.discard(info.name, info.key_of(dict(accounts[0])), "displayName")
    staging.store.release()
    disk.full = False  # the next start, space freed
    again = CellStaging(ctx, store=DraftStore(tmp_path / "drafts"))
    assert [e.key["PK"] for e in again.edits] == []  # not the discarded A, ready to send
    again.store.release()
    assert staging.unkept and not staging.store.edits_path.exists()  # A's file is gone
    assert any("No space left on device" in one and "closing the window asks" in one for one in said)


def test_a_statement_that_cannot_be_kept_removes_the_older_one(
        qtbot: Any, tmp_path: Path, disk: Disk) -> None:
    files = window_files(tmp_path / "drafts", "prod")  # this window's
    old = partiql_draft.StatementDraft("SELECT * FROM accounts WHERE PK = ?", (("S", "ACCT#old"),), False)
    assert partiql_draft.keep_draft(files, "prod", old) is None
    disk.full = True
    new = partiql_draft.StatementDraft("UPDATE accounts SET email = ? WHERE PK = ?",
                                       (("S", "new@x.io"), ("S", "ACCT#9")), True)
    problem = partiql_draft.keep_draft(files, "prod", new)
    files.release()
    again = window_files(tmp_path / "drafts", "prod")  # the next start
    assert load_draft(again, "prod") == (None, None)  # not the older statement, as if the last
    assert problem is not None and "No space left on device" in problem
    assert "kept before was removed" in problem


# ---------------------------------------------------------------- closing asks


@pytest.mark.parametrize(("button", "closes"), [("Cancel", False), ("Close without it", True)])
def test_closing_with_staged_cells_that_could_not_be_kept_asks(
        qtbot: Any, config: Path, connected_window: MainWindow, disk: Disk, button: str,
        closes: bool) -> None:
    window = connected_window
    window.show()
    staging = stage_unkept(window, disk)
    assert window.close() is False
    box = prompt(window)
    assert window.isVisible()  # nothing closed while it asks
    assert "The changes staged in the Items tab could not be kept" in box.informativeText()
    assert "No space left on device" in box.informativeText()
    assert window.close() is False and prompt(window) is box  # Ctrl+Q again: asked once
    click(box, button)
    assert window.isVisible() is not closes
    assert not staging.store.edits_path.exists()  # nothing older left to come back


def test_try_again_keeps_the_cells_once_space_is_freed_and_closes(
        qtbot: Any, config: Path, connected_window: MainWindow, disk: Disk) -> None:
    window = connected_window
    window.show()
    staging = stage_unkept(window, disk)
    assert window.close() is False
    click(prompt(window), "Try again")  # still full: asked again
    box = prompt(window)
    assert window.isVisible()
    disk.full = False
    click(box, "Try again")
    assert not window.isVisible()
    assert "change B" in staging.store.edits_path.read_text()


def test_closing_with_a_statement_that_could_not_be_kept_asks(
        qtbot: Any, config: Path, connected_window: MainWindow, demo_conn: Connection,
        disk: Disk) -> None:
    window = connected_window
    window.show()
    panel = window.feature("PartiqlPanel")
    panel.editor.setPlainText("SELECT * FROM accounts WHERE PK = 'ACCT#old'")
    assert panel.keep_draft() is None
    path = panel.drafts.files(demo_conn).path  # this window's file for the connection
    assert path.exists()
    disk.full = True
    panel.editor.setPlainText("UPDATE accounts SET email = 'new@x.io' WHERE PK = 'ACCT#9'")
    assert window.close() is False
    box = prompt(window)
    assert "The statement typed in the PartiQL tab could not be kept" in box.informativeText()
    assert "No space left on device" in box.informativeText()
    assert not path.exists()  # the older statement does not come back as the last one
    click(box, "Cancel")
    assert window.isVisible() and "new@x.io" in panel.editor.toPlainText()
    assert window.close() is False
    click(prompt(window), "Close without it")
    assert not window.isVisible()
    disk.full = False
    assert list(draft_folder(drafts_root(demo_conn), draft_key(demo_conn)).glob("*.json")) == []


def test_closing_without_the_cells_then_answering_the_builder_asks_once(
        qtbot: Any, config: Path, connected_window: MainWindow, disk: Disk) -> None:
    window = connected_window
    window.show()
    stage_unkept(window, disk)
    builder = window.feature("BuilderPanel")
    builder.add_action("Put")
    assert window.close() is False
    click(prompt(window), "Close without it")
    box = builder.drafts.close_box  # the builder's own question comes next
    assert isinstance(box, QMessageBox) and box.isVisible() and window.isVisible()
    click(box, "Discard")
    assert asking(window) == []  # not asked a second time
    assert not window.isVisible()


def test_a_signal_closes_without_asking(qtbot: Any, config: Path, connected_window: MainWindow,
                                        disk: Disk) -> None:
    window = connected_window
    window.show()
    stage_unkept(window, disk)
    window.closing_unattended = True  # what the window is told when a signal closes it
    assert window.close() is True
    assert asking(window) == []
