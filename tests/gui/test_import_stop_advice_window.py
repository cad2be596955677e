"""A batch the window's import stops says how to go on, as the command says it, and that advice
works. It used to add "Resume continues from the batch that stopped" to every stop with items
written, the preflight's too: Resume then stopped again at the same batch on an unchanged table,
and refused a fixed file as changed. Now, for a preflight refusal: fix the file, press Preview,
untick Resume and Import (from the start, the items written written again), or change the table
so that the batch passes and Import with Resume ticked; for warnings only, tick the warnings box
and Resume; for an item the validation refuses, fix the file; and for a send that failed, Resume
(the file is right). The refusal and the warnings are followed here, to the end, on the window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.imports.batching import Batch
from dynoview.core.imports.model import Located, Place
from dynoview.core.imports.stops import ImportStopped, invalid_batch, maybe_written
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.model import Problem
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.import_controller import ImportController
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import account

pytestmark = pytest.mark.gui

ACCOUNTS = 40  # 120 items: batch 1 holds 33 whole accounts (99 items), batch 2 the rest
ORPHAN = {"PK": {"S": "UNIQ#EMAIL#ghost@example.com"}, "SK": {"S": "LOCK"},
          "account": {"S": "ACCT#ghost"}}
GHOST = [{"PK": {"S": "ACCT#ghost"}, "SK": {"S": "PROFILE"}, "email": {"S": "ghost@example.com"},
          "username": {"S": "ghost"}},
         {"PK": {"S": "UNIQ#HANDLE#ghost"}, "SK": {"S": "LOCK"}, "account": {"S": "ACCT#ghost"}}]
RESUME = "“Resume an import of this file that stopped”"
WARNINGS = "“Write batches the preflight warns about (clashes, expired)”"
AGAIN = (f"fix the file, press Preview, then untick {RESUME} and press Import: it imports the file "
         "again from the start (the items written are written again, the same Puts)")
REFUSED = (f"The batches before it were written (99 items); {AGAIN}; or change the table so that "
           f"the batch passes, then, with {RESUME} ticked, Import continues.")
OLD = "continues from the batch that stopped"  # the advice that did not work after a preflight stop


@pytest.fixture
def table(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "advice") as name:
        yield name


def _good() -> list[dict[str, Any]]:
    return [item for n in range(ACCOUNTS) for item in account(n)]


def _count(ctx: AppContext, table: str) -> int:
    assert ctx.connection is not None
    return int(ctx.connection.client.scan(TableName=table, Select="COUNT")["Count"])


def _preview(qtbot: Any, dialog: ImportDialog) -> None:
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)


def _import(qtbot: Any, dialog: ImportDialog) -> Any:
    assert dialog.import_button.isEnabled(), dialog.summary_label.text()
    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    return done.args[0]


def _stopped(qtbot: Any, ctx: AppContext, table: str, path: Path,
             items: list[dict[str, Any]]) -> ImportDialog:
    """Import… of ``items``, stopped by the preflight at batch 2 after batch 1 (99 items)."""
    assert ctx.connection is not None
    path.write_text(render(items, DDB_JSON))
    dialog = ImportDialog(ctx, describe_table(ctx.connection, table))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(path))
    _preview(qtbot, dialog)
    assert _import(qtbot, dialog) is None
    assert _count(ctx, table) == 99
    return dialog


def test_a_refused_batch_then_a_fixed_file_imported_from_the_start(
        qtbot: Any, ctx: AppContext, table: str, tmp_path: Path) -> None:
    path = tmp_path / "items.json"
    dialog = _stopped(qtbot, ctx, table, path, [*_good(), ORPHAN])
    said = dialog.summary_label.text()
    assert "would break a uniqueness lock, so nothing of it was written" in said
    assert said.endswith(REFUSED), said
    assert OLD not in said
    path.write_text(render(_good(), DDB_JSON))  # fixed: the orphan lock removed
    _preview(qtbot, dialog)
    dialog.resume_check.setChecked(True)  # why Resume is not the advice: a fixed file is another
    assert _import(qtbot, dialog) is None
    assert "The file changed since the import stopped" in dialog.summary_label.text()
    dialog.resume_check.setChecked(False)  # as the advice says
    result = _import(qtbot, dialog)
    assert result is not None, dialog.summary_label.text()
    assert result.items == len(_good()) and _count(ctx, table) == len(_good())


def test_a_refused_batch_then_the_table_changed_lets_resume_continue(
        qtbot: Any, ctx: AppContext, table: str, tmp_path: Path) -> None:
    dialog = _stopped(qtbot, ctx, table, tmp_path / "items.json", [*_good(), ORPHAN])
    assert dialog.summary_label.text().endswith(REFUSED), dialog.summary_label.text()
    dialog.resume_check.setChecked(True)
    assert _import(qtbot, dialog) is None  # the table unchanged: the same batch stops again
    said = dialog.summary_label.text()
    assert "Batch 2" in said and "would break a uniqueness lock" in said and OLD not in said
    assert said.endswith(f"or change the table so that the batch passes, then, with {RESUME} "
                         "ticked, Import continues."), said
    assert ctx.connection is not None
    for item in GHOST:  # the account the orphan lock was missing, and its other lock
        ctx.connection.client.put_item(TableName=table, Item=item)
    result = _import(qtbot, dialog)  # Resume still ticked, as the advice says
    assert result is not None, dialog.summary_label.text()
    assert result.skipped_items == 99
    assert _count(ctx, table) == len(_good()) + 1 + len(GHOST)


def test_a_batch_with_warnings_goes_on_once_they_are_accepted(
        qtbot: Any, ctx: AppContext, table: str, tmp_path: Path) -> None:
    shouting = account(90)  # an email that differs from member3's in case only: a case clash
    email = "MEMBER3@example.com"
    shouting[0] = {**shouting[0], "email": {"S": email}}
    shouting[1] = {**shouting[1], "PK": {"S": f"UNIQ#EMAIL#{email}"}}
    dialog = _stopped(qtbot, ctx, table, tmp_path / "items.json", [*_good(), *shouting])
    said = dialog.summary_label.text()
    assert "warning(s) that need confirmation" in said and OLD not in said
    assert said.endswith(f"The batches before it were written (99 items); with {WARNINGS} and "
                         f"{RESUME} ticked, Import writes it and continues; or {AGAIN}."), said
    dialog.warnings_check.setChecked(True)
    dialog.resume_check.setChecked(True)
    result = _import(qtbot, dialog)
    assert result is not None, dialog.summary_label.text()
    assert result.skipped_items == 99
    assert _count(ctx, table) == len(_good()) + len(shouting)


def _batch() -> Batch:
    records = [Located({"PK": {"S": f"DOC#{n}"}}, Place(n, n + 2, 1)) for n in range(100, 150)]
    return Batch(1, records, 0)


def _said(qtbot: Any, ctx: AppContext, stop: ImportStopped, written: int) -> str:
    stop.written = written
    controller = ImportController(ctx)
    with qtbot.waitSignal(controller.finished, timeout=1000) as done:
        controller._failed(stop)
    sentence = done.args[1]
    assert isinstance(sentence, str) and sentence.startswith(stop.message)
    return sentence[len(stop.message):]


def test_an_item_the_validation_refuses_says_fix_the_file(qtbot: Any, ctx: AppContext) -> None:
    problem = Problem(20, "item.m", "A map in this value has an empty key, which DynamoDB refuses; "
                      "name the attribute.")
    assert _said(qtbot, ctx, invalid_batch(_batch(), [problem]), 100) == (
        f" The batches before it were written (100 items); {AGAIN}.")
    assert _said(qtbot, ctx, invalid_batch(_batch(), [problem]), 0) == (
        f" No item was written before it; fix the file, press Preview, then untick {RESUME} and "
        "press Import: it imports the file from the start.")


def test_a_send_that_failed_says_resume(qtbot: Any, ctx: AppContext) -> None:
    stop = maybe_written(_batch(), "The connection was reset.", RESUME)
    assert _said(qtbot, ctx, stop, 100) == (
        f" The batches before it were written (100 items); with {RESUME} ticked, Import continues "
        "from the batch that stopped.")
