"""The set and document editors on values whose text holds line breaks: a string set member
with a newline, a member of only spaces, a list string with U+2028. Opening the editor and
staging it untouched stages nothing; an added member is written with the others intact."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.core.edits.staging import EditError, StagedEdits
from dynoview.core.edits.transaction import build_transaction
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.context import AppContext
from dynoview.ui.items.value_dialogs import DocumentEditorDialog, SetEditorDialog
from tests.helpers import s

pytestmark = pytest.mark.gui
S = article_schema()
KEY = {"PK": s("NOTE#lines"), "SK": s("N")}
TAGS = ["two\nlines", "x", "  ", "para\u2029graph", "cr\rhere"]
DOC = {"L": [s("sep\u2028arated"), s("plain")]}


def _stager(staged: StagedEdits, info: Any, item: dict[str, Any], name: str) -> Any:
    def stage(code: str, text: str) -> str | None:
        try:
            staged.stage_text(info, item, name, code, text, schema=S)
        except EditError as exc:
            return exc.sentence()
        return None
    return stage


def test_untouched_editors_stage_nothing_and_an_added_member_keeps_the_others(
        qtbot: Any, ctx: AppContext) -> None:
    conn, table = ctx.connection, ctx.table
    assert conn is not None and table is not None
    conn.client.put_item(TableName=table.name, Item={**KEY, "tags": {"SS": TAGS}, "doc": DOC})
    item = conn.client.get_item(TableName=table.name, Key=KEY, ConsistentRead=True)["Item"]
    info = describe_table(conn, table.name)
    staged = StagedEdits()
    sets = SetEditorDialog("tags", item["tags"], _stager(staged, info, item, "tags"))
    doc = DocumentEditorDialog("doc", item["doc"], _stager(staged, info, item, "doc"))
    for dialog in (sets, doc):
        qtbot.addWidget(dialog)
        dialog.stage()
        assert dialog.error.text() == ""
    assert sets.as_json and staged.count == 0  # nothing changed, nothing staged

    members = [*json.loads(sets.editor.toPlainText()), "added"]
    sets.editor.setPlainText(json.dumps(members))
    sets.stage()
    assert sets.error.text() == "" and staged.count == 1
    tx = build_transaction(staged, {info.name: info}, S)
    result = execute_transaction(conn, tx, confirmation=True, tables={info.name: info}, schema=S)
    assert result.status == SUCCEEDED, result.message
    now = conn.client.get_item(TableName=table.name, Key=KEY, ConsistentRead=True)["Item"]
    assert sorted(now["tags"]["SS"]) == sorted([*TAGS, "added"])


def test_a_set_that_fits_one_member_per_line_is_edited_as_lines(qtbot: Any) -> None:
    got: list[tuple[str, str]] = []
    dialog = SetEditorDialog("tags", {"SS": ["a b", "c"]}, lambda c, t: got.append((c, t)) or None)
    qtbot.addWidget(dialog)
    assert not dialog.as_json and dialog.editor.toPlainText() == "a b\nc"
    dialog.stage()
    assert got == [("SS", '["a b", "c"]')]


def test_a_member_of_spaces_typed_one_per_line_is_refused_not_dropped(qtbot: Any) -> None:
    """One member per line: a line of spaces (or a no-break space) is a member DynamoDB keeps,
    which the editor had dropped without a word; it is refused at its line, nothing staged.
    A blank line is no member."""
    staged: list[tuple[str, str]] = []
    dialog = SetEditorDialog("tags", {"SS": ["a"]}, lambda code, text: staged.append((code, text)) or None)
    qtbot.addWidget(dialog)
    assert not dialog.as_json
    dialog.editor.setPlainText("a\n   \n\u00a0\nb")
    dialog.stage()
    assert staged == [] and "Line 2 holds only spaces" in dialog.error.text()
    dialog.editor.setPlainText("a\n\nb\n")
    dialog.stage()
    assert staged == [("SS", json.dumps(["a", "b"]))]
