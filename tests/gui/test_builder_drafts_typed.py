"""Text typed in an action's fields that does not parse yet (an M value missing its closing
brace, an N value typed as ``12,50``, unfinished raw JSON) is kept by the drafts beside the
request, and put back in the editors: after a quit, through the close prompt's Save as draft,
and by the autosave; the built request still holds only the valid values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMessageBox

from dynoview.core.drafts.store import DraftStore

pytestmark = pytest.mark.gui

BIO = '{"bio": {"S": "three paragraphs typed over ten minutes ..."}, "tags": {"SS": ["a", "b"]'  # no "}"
VALUES = '{":v0": {"N": "12,50"}, ":v1": {"S": "half'  # not JSON yet


def rows(panel: Any, index: int = 0) -> list[tuple[str, str, str]]:
    return panel.action_pane.editor_stack.editors[index].item.typed_rows()


def current(panel: Any) -> Path:
    return panel.drafts.store.current_path


def put_with_unfinished_values(panel: Any) -> list[tuple[str, str, str]]:
    editor = panel.add_action("Put")
    editor.item.add_text_row("PK", "S", "ACCT#x")
    editor.item.add_text_row("SK", "S", "PROFILE")
    editor.item.add_text_row("profile", "M", BIO)
    editor.item.add_text_row("credit", "N", "12,50")  # a comma: not a number yet
    editor.item.add_text_row("", "S", "a row without a name")
    panel.refresh()
    return rows(panel)


def test_a_quit_keeps_the_values_being_typed_and_the_restore_puts_them_back(qtbot, make_panel,
                                                                           seeded_table: str) -> None:
    first = make_panel()
    typed = put_with_unfinished_values(first)
    first.add_action("Delete")  # an action whose fields all built: nothing kept beside it
    request = first.request_json()
    assert set(request["TransactItems"][0]["Put"]["Item"]) == {"PK", "SK"}  # only valid values go
    first.drafts.end()  # File → Quit / SIGTERM: the unattended save, then the window goes
    data = json.loads(current(first).read_text())
    assert data["request"]["TransactItems"] == request["TransactItems"]
    assert data["typed"][1] is None and data["typed"][0]["item"] == [list(r) for r in typed]
    second = make_panel()
    assert rows(second) == typed
    assert second.request_json()["TransactItems"] == request["TransactItems"]
    assert second.drafts.undo.stack.count() == 0  # restoring is not an edit
    assert json.loads(current(second).read_text())["typed"][0]["item"] == [list(r) for r in typed]


def test_the_close_prompts_save_as_draft_keeps_them_and_opening_the_draft_puts_them_back(
        qtbot, make_panel, seeded_table: str) -> None:
    panel = make_panel()
    typed = put_with_unfinished_values(panel)
    panel.show()
    qtbot.waitExposed(panel)
    assert panel.confirm_close(panel) is False
    box = panel.drafts.close_box
    assert isinstance(box, QMessageBox)
    next(b for b in box.buttons() if b.text() == "Save as draft").click()
    infos, _ = DraftStore().list_named()
    draft = DraftStore().open_named(infos[0].name)
    assert "bio" not in json.dumps(draft.request)  # the request stays what DynamoDB would get
    assert draft.typed[0] is not None and draft.typed[0]["item"] == [list(r) for r in typed]
    panel.drafts.end()
    other = make_panel()  # and as the current work: the next start shows them again
    assert rows(other) == typed
    other.drafts.discard_work()
    other.drafts.open_draft(draft)
    assert rows(other) == typed


def test_the_autosave_keeps_text_that_changes_no_request(qtbot, make_panel, seeded_table: str) -> None:
    panel = make_panel()
    editor = panel.add_action("Put")
    editor.item.add_text_row("PK", "S", "ACCT#x")
    qtbot.waitUntil(lambda: current(panel).exists(), timeout=3000)
    editor.item.add_text_row("credit", "N", "12,5")  # the request is as it was: no edit said
    panel.refresh()

    def kept() -> bool:
        typed = json.loads(current(panel).read_text()).get("typed") or [None]
        return typed[0] is not None and ["credit", "N", "12,5"] in typed[0]["item"]

    qtbot.waitUntil(kept, timeout=3000)


def test_raw_maps_and_condition_rows_come_back_as_typed(qtbot, make_panel, seeded_table: str) -> None:
    first = make_panel()
    raw = first.add_action("Update")
    raw.update_raw.setText("SET #n0 = :v0")
    raw.names_raw.setPlainText('{"#n0": "credit"')  # not JSON yet
    raw.values_raw.setPlainText(VALUES)
    rows_mode = first.add_action("ConditionCheck")
    rows_mode.add_condition("credit", ">", "N", "12,50")
    rows_mode.add_condition("email", "attribute_exists")
    conditions = rows_mode.condition_row_data()
    delete = first.add_action("Delete")
    delete.table_name.setCurrentText("a-table-not-described")  # a free-form key
    delete.key_free.add_text_row("PK", "S", "ACCT#x")
    delete.key_free.add_text_row("n", "N", "12,5")
    request = first.request_json()
    first.drafts.end()
    second = make_panel()
    raw2, rows2, delete2 = second.action_pane.editor_stack.editors
    assert delete2.key_free.typed_rows() == [("PK", "S", "ACCT#x"), ("n", "N", "12,5")]
    assert raw2.raw_mode.isChecked()
    assert (raw2.update_raw.text(), raw2.names_raw.toPlainText(), raw2.values_raw.toPlainText()) == (
        "SET #n0 = :v0", '{"#n0": "credit"', VALUES)
    assert not rows2.raw_mode.isChecked()  # the rows, not their raw text
    assert rows2.condition_row_data() == conditions
    assert second.request_json()["TransactItems"] == request["TransactItems"]


def test_a_damaged_typed_entry_is_skipped_and_the_request_restored(qtbot, make_panel,
                                                                  seeded_table: str) -> None:
    first = make_panel()
    put_with_unfinished_values(first)
    first.drafts.end()
    path = current(first)
    data = json.loads(path.read_text())
    data["typed"][0] = {"item": [["PK", "S"]], "raw": "yes", "texts": [1, 2]}  # hand-edited
    path.write_text(json.dumps(data))
    second = make_panel()
    assert [r[0] for r in rows(second)] == ["PK", "SK"]  # the request's values, nothing broken
