"""Hostile input in the transfer dialogs (part 3, after test_hostile_inputs.py and
test_hostile_inputs_more.py): Import… with files and file names that cannot be imported. Each
refusal is a sentence where it belongs (the file field, or the located problem list), Import
stays off, nothing is sent, what was typed stays, and nothing raises into the event loop."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.themed import is_refused
from dynoview.ui.transfer.import_dialog import ImportDialog
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.gui

DEEP = 5000  # levels: far past what Python's JSON parser follows (1000 is already too many)


@pytest.fixture
def empty_table(demo_conn: Connection) -> Iterator[str]:
    with empty_accounts_table(demo_conn, "hostile-import") as name:
        yield name


def _dialog(qtbot: Any, ctx: AppContext, table: str, text: str) -> ImportDialog:
    assert ctx.connection is not None
    dialog = ImportDialog(ctx, describe_table(ctx.connection, table))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(text)
    return dialog


def _previewed(qtbot: Any, dialog: ImportDialog) -> None:
    with qtbot.waitSignal(dialog.controller.previewed, timeout=30000):
        qtbot.keyClick(dialog.path_edit, Qt.Key.Key_Return)


def _scanned(ctx: AppContext, table: str) -> list[Any]:
    assert ctx.connection is not None
    return list(ctx.connection.client.scan(TableName=table)["Items"])


def _nested(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


@pytest.mark.parametrize(("name", "data", "column"), [
    ("deep.jsonl", b'{"PK": "A", "SK": "B", "x": ' + _nested(DEEP) + b"}\n", 1),
    ("deep1000.jsonl", b'{"PK": "A", "SK": "B", "x": ' + _nested(1000) + b"}\n", 1),
    ("deep.json", b'[{"PK": "A", "SK": "B", "x": ' + _nested(DEEP) + b"}]", 2),
    ("deep-ddb.jsonl", b'{"Item": {"PK": {"S": "A"}, "SK": {"S": "B"}, "x": '
     + b'{"L": [' * DEEP + b'{"S": "z"}' + b"]}" * DEEP + b"}}\n", 1),
    ("deep.csv", b"PK (S),SK (S),x (L)\nA,B," + _nested(DEEP) + b"\n", 5),
])
def test_json_nested_past_the_parser_is_a_located_problem(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path, name: str, data: bytes,
        column: int) -> None:
    """It used to end the Preview with RecursionError (the crash dialog, "TransactWriteItems
    stopped on an unexpected error"): it is a problem of its record, like any other."""
    path = tmp_path / name
    path.write_bytes(data)
    dialog = _dialog(qtbot, ctx, empty_table, str(path))
    _previewed(qtbot, dialog)
    problems = dialog.problems.toPlainText()
    # "Too deep to be read" where the parser's recursion runs out, else DynamoDB's own 32-level
    # limit: which one depends on Python's recursion limit (the builder's expression parser raises
    # it for the rest of the process), and both are problems of the record.
    assert "item 1 (line " in problems and "at most 32 levels" in problems, problems
    assert not dialog.import_button.isEnabled()


@pytest.mark.parametrize(("pk", "sk", "said"), [
    ("a" * 2049, "LOCK", "PK is 2,049 bytes; as the partition key"),
    ("é" * 1025, "LOCK", "PK is 2,050 bytes"),  # counted in UTF-8 bytes, not characters
    ("ACCT#1", "s" * 1025, "SK is 1,025 bytes; as the sort key"),
    ("ACCT#1", "😀" * 257, "SK is 1,028 bytes"),
])
def test_a_key_over_dynamodbs_limit_is_refused_at_preview(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path, pk: str, sk: str,
        said: str) -> None:
    """DynamoDB refuses such an item (ValidationException) in the middle of the import, after
    the batches before it were written; Preview now lists it and Import stays off."""
    path = tmp_path / "keys.jsonl"
    path.write_text(f'{{"PK": "ACCT#0", "SK": "PROFILE"}}\n{{"PK": "{pk}", "SK": "{sk}"}}\n',
                    encoding="utf-8")
    dialog = _dialog(qtbot, ctx, empty_table, str(path))
    _previewed(qtbot, dialog)
    problems = dialog.problems.toPlainText()
    assert problems.startswith("item 2 (line 2, column 1): ") and said in problems, problems
    assert not dialog.import_button.isEnabled()
    assert _scanned(ctx, empty_table) == []


def test_keys_at_dynamodbs_limit_are_imported(qtbot: Any, ctx: AppContext, empty_table: str,
                                              tmp_path: Path) -> None:
    """The limits are DynamoDB's own: 2,048 and 1,024 bytes are written."""
    path = tmp_path / "keys.jsonl"
    path.write_text(f'{{"PK": "{"é" * 1024}", "SK": "{"s" * 1024}"}}\n', encoding="utf-8")
    dialog = _dialog(qtbot, ctx, empty_table, str(path))
    _previewed(qtbot, dialog)
    assert dialog.problems.toPlainText() == "No problem found."
    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert done.args[0] is not None and done.args[0].items == 1
    assert len(_scanned(ctx, empty_table)) == 1


@pytest.mark.parametrize(("name", "said"), [
    ("a\x00b.json", "a\\x00b.json cannot be read (its name holds a NUL character"),
    ("a" * 10_000 + ".json", "characters long, is longer than the system allows"),
    ("\u202emissing.json", "\\u202emissing.json cannot be read (No such file or directory)"),
    ("line\nbreak.csv", "line\\nbreak.csv cannot be read"),
])
def test_a_file_name_that_cannot_be_read_is_said_at_the_file_field(
        qtbot: Any, ctx: AppContext, empty_table: str, tmp_path: Path, name: str,
        said: str) -> None:
    """A NUL or a name too long used to reach the crash dialog (ValueError, OSError); every
    unreadable name is now a sentence at the file field, which keeps what was typed, and no
    import is said to have happened ("Nothing more was imported")."""
    text = str(tmp_path / name)
    dialog = _dialog(qtbot, ctx, empty_table, text)
    imports: list[object] = []
    dialog.finished_import.connect(imports.append)
    with qtbot.waitSignal(dialog.controller.preview_failed, timeout=30000):
        qtbot.keyClick(dialog.path_edit, Qt.Key.Key_Return)
    summary = dialog.summary_label.text()
    assert said in summary, summary
    assert "imported" not in summary and "TransactWriteItems" not in summary
    assert len(summary) < 400  # a 10,000-character name is shortened in the sentence
    assert is_refused(dialog.path_edit) and dialog.path_edit.hasFocus()
    assert dialog.path_edit.text() == text
    assert imports == [] and not dialog.import_button.isEnabled()
    dialog.path_edit.setText(str(tmp_path / "other.json"))  # a new name: the mark goes
    assert dialog.path_edit.styleSheet() == ""


def test_an_empty_file_is_said_at_the_file_field(qtbot: Any, ctx: AppContext, empty_table: str,
                                                 tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"\xef\xbb\xbf  \n\t\n")  # a byte order mark and blanks: nothing to import
    dialog = _dialog(qtbot, ctx, empty_table, str(path))
    with qtbot.waitSignal(dialog.controller.preview_failed, timeout=30000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    assert dialog.summary_label.text().endswith("is empty: there is nothing to import. Check that "
                                                "the file was written completely, or name another file.")
    assert is_refused(dialog.path_edit)
