"""Unticking "Edit expressions as raw text" shows the raw expressions as builder rows, or, when
rows cannot say the same, keeps the raw text and says why: the condition, update expression,
names and values are never replaced by an empty build."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.editors import ActionEditor

pytestmark = pytest.mark.gui
KEY = {"PK": {"S": "ACCT#d4a0f2"}, "SK": {"S": "PROFILE"}}


@pytest.fixture
def panel(builder_panel: BuilderPanel) -> BuilderPanel:
    return builder_panel


def load(panel: BuilderPanel, kind: str, body: dict[str, Any]) -> ActionEditor:
    panel.load_request({"TransactItems": [{kind: {"TableName": panel.ctx.table.name, "Key": KEY,
                                                  **body}}]})
    panel.refresh()
    return panel.action_pane.editor(0)


def resolved(panel: BuilderPanel) -> tuple[str, str]:
    """The action's update and condition with every placeholder replaced by its meaning."""
    panel.refresh()
    action = panel.transaction.actions[0]
    out = []
    for text in (action.update, action.condition):
        for name, target in sorted(action.names.items(), key=lambda kv: -len(kv[0])):
            text = text.replace(name, target)
        for name, av in sorted(action.values.items(), key=lambda kv: -len(kv[0])):
            text = text.replace(name, repr(av))
        out.append(text)
    return out[0], out[1]


def test_a_guarded_delete_stays_guarded_as_rows(panel: BuilderPanel) -> None:
    editor = load(panel, "Delete", {"ConditionExpression": "#v = :v",
                                    "ExpressionAttributeNames": {"#v": "version"},
                                    "ExpressionAttributeValues": {":v": {"N": "3"}}})
    before = resolved(panel)
    assert before[1] == "version = {'N': '3'}"
    editor.raw_mode.setChecked(False)
    assert not editor.raw_mode.isChecked()
    assert [(r.path, r.op, r.code, r.value) for r in editor.condition_row_data()] == [
        ("version", "=", "N", "3")]
    assert resolved(panel) == before
    editor.raw_mode.setChecked(True)  # and back to text: the same condition
    assert resolved(panel) == before and not panel.problems


def test_an_update_keeps_its_steps_and_condition_as_rows(panel: BuilderPanel) -> None:
    editor = load(panel, "Update", {
        "UpdateExpression": "SET #d = :d, #n = #n + :one REMOVE #o",
        "ConditionExpression": "attribute_exists(PK) AND NOT begins_with(#d, :p)",
        "ExpressionAttributeNames": {"#d": "displayName", "#n": "logins", "#o": "old"},
        "ExpressionAttributeValues": {":d": {"S": "D. E. Knuth"}, ":one": {"N": "1"}, ":p": {"S": "X"}}})
    before = resolved(panel)
    editor.raw_mode.setChecked(False)
    assert not editor.raw_mode.isChecked()
    assert [(r.clause, r.path, r.form, r.value) for r in editor.update_row_data()] == [
        ("SET", "displayName", "value", "D. E. Knuth"), ("SET", "logins", "+", "1"),
        ("REMOVE", "old", "value", "")]
    assert [(r.path, r.op, r.negate) for r in editor.condition_row_data()] == [
        ("PK", "attribute_exists", False), ("displayName", "begins_with", True)]
    assert resolved(panel) == before


@pytest.mark.parametrize(("condition", "names", "values", "why"), [
    # a OR (b AND c): rows join left to right, they would say (a OR b) AND c
    ("#a = :x OR (#b = :y AND #c = :z)", {"#a": "a", "#b": "b", "#c": "c"},
     {":x": {"S": "1"}, ":y": {"S": "2"}, ":z": {"S": "3"}}, "cannot show these expressions"),
    ("#a = :x", {"#a": "a", "#spare": "b"}, {":x": {"S": "1"}}, "#spare"),  # the rows would drop it
    ("#a = :x", {"#a": "a.b"}, {":x": {"S": "1"}}, "cannot show"),  # a row's path splits at the dot
])
def test_what_rows_cannot_show_stays_raw_text_and_says_why(
        panel: BuilderPanel, condition: str, names: dict[str, str], values: dict[str, Any],
        why: str) -> None:
    editor = load(panel, "Delete", {"ConditionExpression": condition,
                                    "ExpressionAttributeNames": names,
                                    "ExpressionAttributeValues": values})
    texts = (editor.condition_raw.text(), editor.names_raw.toPlainText(), editor.values_raw.toPlainText())
    editor.raw_mode.setChecked(False)
    assert editor.raw_mode.isChecked() and not editor.condition_raw.isReadOnly()
    assert not editor.mode_note.isHidden() and why in editor.mode_note.text()
    panel.refresh()
    assert (editor.condition_raw.text(), editor.names_raw.toPlainText(),
            editor.values_raw.toPlainText()) == texts
    action = panel.transaction.actions[0]
    assert action.condition == condition and action.names == names


def test_raw_text_that_does_not_parse_stays_raw(panel: BuilderPanel) -> None:
    editor = load(panel, "Delete", {"ConditionExpression": "#v = :v",
                                    "ExpressionAttributeNames": {"#v": "version"},
                                    "ExpressionAttributeValues": {":v": {"N": "3"}}})
    editor.condition_raw.setText("#v = = :v")  # being typed
    editor.raw_mode.setChecked(False)
    assert editor.raw_mode.isChecked() and "Kept as raw text" in editor.mode_note.text()
    assert editor.condition_raw.text() == "#v = = :v"
    editor.condition_raw.setText("#v = :v")
    editor.raw_mode.setChecked(False)  # fixed: now it can be rows, and the note goes
    assert not editor.raw_mode.isChecked() and editor.mode_note.isHidden()


def test_rows_just_edited_reach_the_raw_text(panel: BuilderPanel) -> None:
    editor = panel.add_action("Delete")
    editor.add_condition("version", "=", "N", "3")
    editor.raw_mode.setChecked(True)  # before the (debounced) build ran
    assert resolved(panel)[1] == "version = {'N': '3'}"
