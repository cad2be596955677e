"""Resuming an import in the window under another uniqueness schema than the import that stopped:
the batches would be cut otherwise (the article's layout holds an account back until its lock is
read; the other schema follows the file's order), so the resume would skip other items than the
stopped import wrote. It is refused, at the Resume box, with the sentence saying what differs and
nothing more is written; under the same schema Resume writes the rest, every lock included.
(Before: only the command line checked it, and the window's resume skipped the first 100 items
of the new cut: 25 email locks were never written.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema_file import schema_from_json
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.helpers import empty_accounts_table
from tests.integration.test_import_resume_inputs import OTHER_SCHEMA, article_items

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The action log, the import's progress file and the saved schemas go under the test's folder."""
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")
    monkeypatch.setattr(profile, "data_root", lambda: tmp_path / "data")


@pytest.fixture
def target(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "resch") as name:
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


def _keys(ctx: AppContext, table: str) -> set[tuple[str, str]]:
    assert ctx.connection is not None
    items = ctx.connection.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return {(item["PK"]["S"], item["SK"]["S"]) for item in items}


def test_a_resume_under_another_schema_is_refused_at_the_resume_box_and_the_same_schema_finishes(
        qtbot: Any, ctx: AppContext, target: str, tmp_path: Path) -> None:
    assert ctx.connection is not None
    info = describe_table(ctx.connection, target)
    ctx.set_table(info)  # the article's layout: nothing saved for this table
    # Accounts as USER#, locks as MAIL#: none of this file's, so its batches follow the file's order.
    other = schema_from_json(OTHER_SCHEMA)
    ctx.set_schema(other, save=False)
    items = article_items()
    path = tmp_path / "data.ddb.json"
    path.write_text("".join(json.dumps({"Item": item}) + "\n" for item in items))

    first = _dialog(qtbot, ctx, target, path)
    assert first.answer is not None and first.answer.lock_rules and first.answer.stopped is None

    def cancel_after_the_first_batch(_progress: Any) -> None:  # in the worker, as Cancel does
        first.controller.cancel_event.set()

    first.controller.progress.connect(cancel_after_the_first_batch, Qt.ConnectionType.DirectConnection)
    with qtbot.waitSignal(first.finished_import, timeout=60000) as done:
        qtbot.mouseClick(first.import_button, Qt.MouseButton.LeftButton)
    assert done.args[0] is None and "cancelled" in first.summary_label.text()
    written = _keys(ctx, target)
    assert len(written) == 100  # the accounts and the notes, in the file's order
    first.close()

    # The table again: the article's layout. Resume is ticked, and Import refuses it at the box.
    ctx.set_table(info)
    refused = _dialog(qtbot, ctx, target, path)
    assert refused.resume_check.isChecked() and refused.import_button.isEnabled()
    with qtbot.waitSignal(refused.finished_import, timeout=60000) as done:
        qtbot.mouseClick(refused.import_button, Qt.MouseButton.LeftButton)
    assert done.args[0] is None
    said = refused.summary_label.text()
    assert "is of an import whose batches were cut differently" in said
    assert "its batches followed the lock rules of the schema chosen in the Locks panel, not saved, " \
           "this run's follow the lock rules of the article's default layout" in said
    assert "Resume with the same uniqueness schema (the schema chosen in the Locks panel, not " \
           "saved), or import from the start without “Resume an import of this file that " \
           "stopped”." in said
    assert "Nothing more was imported" not in said  # the sentence says what to do, whole
    assert refused.focusWidget() is refused.resume_check
    assert not refused.controller.running and refused.import_button.isEnabled()
    assert _keys(ctx, target) == written  # nothing more was written
    refused.close()

    # The schema the stopped import used: Resume writes the rest, every lock included.
    ctx.set_schema(other, save=False)
    resumed = _dialog(qtbot, ctx, target, path)
    assert resumed.resume_check.isChecked()
    with qtbot.waitSignal(resumed.finished_import, timeout=60000) as done:
        qtbot.mouseClick(resumed.import_button, Qt.MouseButton.LeftButton)
    result = done.args[0]
    assert result is not None, resumed.summary_label.text()
    assert (result.skipped_items, result.items) == (100, 50)
    assert _keys(ctx, target) == {(i["PK"]["S"], i["SK"]["S"]) for i in items}
