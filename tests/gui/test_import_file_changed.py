"""A file changed after the window's Preview checked it: Import writes only the file as it was
checked, so it stops before an item the Preview did not see, says so, marks the file field and
waits for a new Preview; once previewed again, Import writes the file as it is now. (Before: the
window's import read the file anew: the appended items, never previewed, were written, and the
progress said more items than the preview's total.)"""

from __future__ import annotations

import json
import os
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


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The action log and the import's progress file go under the test's folder."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")


@pytest.fixture
def target(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "changed") as name:
        yield name


def _lines(start: int, stop: int, value: str) -> str:
    return "".join(json.dumps({"PK": f"DOC#{n:03d}", "SK": "META", "v": value}) + "\n"
                   for n in range(start, stop))


def _values(ctx: AppContext, table: str) -> dict[str, str]:
    assert ctx.connection is not None
    items = ctx.connection.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return {item["PK"]["S"]: item["v"]["S"] for item in items}


def _preview(qtbot: Any, dialog: ImportDialog) -> None:
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)


def test_a_file_appended_to_after_the_preview_is_not_written_until_it_is_previewed_again(
        qtbot: Any, ctx: AppContext, target: str, tmp_path: Path) -> None:
    assert ctx.connection is not None
    path = tmp_path / "docs.jsonl"
    path.write_text(_lines(0, 30, "previewed"))
    dialog = ImportDialog(ctx, describe_table(ctx.connection, target))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(path))
    _preview(qtbot, dialog)
    assert dialog.answer is not None and dialog.answer.preview.valid == 30
    assert dialog.import_button.isEnabled()

    with path.open("a") as handle:  # appended after the preview, before Import
        handle.write(_lines(30, 45, "APPENDED AFTER PREVIEW"))
    info = path.stat()  # (a change a coarse clock could hide, made visible)
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))

    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert done.args[0] is None
    said = dialog.summary_label.text()
    assert "changed after the preview checked it (its size went from" in said
    assert "no item of this run was written" in said
    assert "Resume continues" not in said  # a resume of the changed file is refused
    assert _values(ctx, target) == {}  # nothing unchecked, and nothing at all: it stopped first
    assert dialog.answer is None and not dialog.import_button.isEnabled()  # a new Preview first
    assert dialog.focusWidget() is dialog.path_edit
    assert not dialog.controller.running

    _preview(qtbot, dialog)
    assert dialog.answer is not None and dialog.answer.preview.valid == 45
    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    result = done.args[0]
    assert result is not None, dialog.summary_label.text()
    assert result.items == 45
    values = _values(ctx, target)
    assert len(values) == 45 and sum(v == "APPENDED AFTER PREVIEW" for v in values.values()) == 15


def test_a_file_changed_while_the_window_imports_it_stops_before_the_first_unchecked_item(
        qtbot: Any, ctx: AppContext, target: str, tmp_path: Path) -> None:
    assert ctx.connection is not None
    path = tmp_path / "docs.jsonl"
    path.write_text(_lines(0, 400, "previewed"))  # four batches of 100: read as they are written
    dialog = ImportDialog(ctx, describe_table(ctx.connection, target))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(path))
    _preview(qtbot, dialog)

    def append_after_the_first_batch(_progress: Any) -> None:  # in the worker, between batches
        if "APPENDED" not in path.read_text():
            with path.open("a") as handle:
                handle.write(_lines(400, 450, "APPENDED AFTER PREVIEW"))
            info = path.stat()
            os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))

    dialog.controller.progress.connect(append_after_the_first_batch, Qt.ConnectionType.DirectConnection)
    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert done.args[0] is None
    values = _values(ctx, target)
    assert set(values.values()) == {"previewed"} and 100 <= len(values) < 400
    said = dialog.summary_label.text()
    assert "changed after the preview checked it" in said
    assert f"{len(values):,} item(s) were written before it, each as the preview checked it" in said
    assert dialog.answer is None and dialog.focusWidget() is dialog.path_edit
