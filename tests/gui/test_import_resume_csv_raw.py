"""Resuming a CSV import in the window with the Raw CSV box set the other way: the box is where it
is refused, with a sentence saying how the stopped import read the file, and nothing more is
written; with the box as it was, Resume writes the rest the same way as the first part. (Before:
the progress file did not record the box, and the resume wrote the rest with other values, a
leading ' kept in some items and taken off in others.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.gui
TOTAL = 150  # two batches of TransactWriteItems (100, then 50)


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The action log and the import's progress file go under the test's folder."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")


@pytest.fixture
def target(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "rawres") as name:
        yield name


def _csv(tmp_path: Path) -> Path:
    path = tmp_path / "notes.csv"
    rows = "".join(f"DOC#{n:03},META,'=note {n}\n" for n in range(TOTAL))
    path.write_text("PK (S),SK (S),note (S)\n" + rows, encoding="utf-8")
    return path


def _dialog(qtbot: Any, ctx: AppContext, table: str, path: Path, *, raw: bool) -> ImportDialog:
    assert ctx.connection is not None
    dialog = ImportDialog(ctx, describe_table(ctx.connection, table))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(path))
    dialog.csv_raw_check.setChecked(raw)
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    return dialog


def _notes(ctx: AppContext, table: str) -> list[str]:
    assert ctx.connection is not None
    items = ctx.connection.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(item["note"]["S"] for item in items)


@pytest.mark.parametrize("first_raw", [True, False])
def test_resume_with_the_raw_csv_box_flipped_is_refused_at_the_box(
        qtbot: Any, ctx: AppContext, target: str, tmp_path: Path, first_raw: bool) -> None:
    path = _csv(tmp_path)
    first = _dialog(qtbot, ctx, target, path, raw=first_raw)
    assert first.answer is not None and first.answer.stopped is None

    def cancel_after_the_first_batch(_progress: Any) -> None:  # in the worker, as Cancel does
        first.controller.cancel_event.set()

    first.controller.progress.connect(cancel_after_the_first_batch, Qt.ConnectionType.DirectConnection)
    with qtbot.waitSignal(first.finished_import, timeout=60000) as done:
        qtbot.mouseClick(first.import_button, Qt.MouseButton.LeftButton)
    assert done.args[0] is None and "cancelled" in first.summary_label.text()
    written = _notes(ctx, target)
    assert len(written) == 100
    first.close()

    # The same file again, the box the other way: Resume is ticked, and the sentence says why
    # it cannot go on as the box is.
    flipped = _dialog(qtbot, ctx, target, path, raw=not first_raw)
    assert flipped.resume_check.isChecked() and flipped.import_button.isEnabled()
    used, now = ("ticked", "unticked") if first_raw else ("unticked", "ticked")
    said = f"The import that stopped read this CSV with Raw CSV {used}"
    assert said in flipped.resume_label.text() and f"the box is {now} now" in flipped.resume_label.text()
    qtbot.mouseClick(flipped.import_button, Qt.MouseButton.LeftButton)
    assert said in flipped.summary_label.text()
    assert flipped.focusWidget() is flipped.csv_raw_check  # refused at the box
    assert not flipped.controller.running
    assert _notes(ctx, target) == written  # nothing more was written

    # The box as it was: Preview again, and Resume writes the rest the same way.
    flipped.csv_raw_check.setChecked(first_raw)
    assert not flipped.import_button.isEnabled()  # the box changed: a new Preview first
    with qtbot.waitSignal(flipped.controller.previewed, timeout=20000):
        qtbot.mouseClick(flipped.preview_button, Qt.MouseButton.LeftButton)
    assert "Raw CSV" not in flipped.resume_label.text() and flipped.resume_check.isChecked()
    with qtbot.waitSignal(flipped.finished_import, timeout=60000) as done:
        qtbot.mouseClick(flipped.import_button, Qt.MouseButton.LeftButton)
    result = done.args[0]
    assert result is not None, flipped.summary_label.text()
    assert (result.skipped_items, result.items) == (100, 50)
    mark = "'" if first_raw else ""
    assert _notes(ctx, target) == sorted(f"{mark}=note {n}" for n in range(TOTAL))
