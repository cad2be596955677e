"""A key given twice in typed JSON is refused with its name and path, never reduced to the
last one: plain JSON would keep only the last, so a lost value (or a key that moves the
item) would reach the builder without a word. Edit item as JSON, and the builder's raw
ExpressionAttributeNames / ExpressionAttributeValues fields."""

from __future__ import annotations

import pytest

from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import UPDATE
from dynoview.ui.builder.editors import ActionEditor
from dynoview.ui.items.edit_dialog import ItemEditDialog

pytestmark = pytest.mark.gui
ITEM = {"PK": {"S": "A"}, "SK": {"S": "PROFILE"}, "notes": {"S": "call back Monday"}}


def edit(qtbot, text: str) -> ItemEditDialog:
    """The dialog after the user typed ``text`` and pressed "Open in builder"."""
    dialog = ItemEditDialog(ITEM)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.editor.setPlainText(text)
    dialog.ok.click()
    return dialog


def refused(dialog: ItemEditDialog) -> bool:
    """Nothing goes to the builder and the dialog stays open for the fix."""
    return dialog.item is None and dialog.isVisible() and not dialog.result()


def test_a_repeated_attribute_is_refused_by_name(qtbot) -> None:
    dialog = edit(qtbot, '{"PK": {"S": "A"}, "SK": {"S": "PROFILE"}, '
                         '"notes": {"S": "call back Monday"}, "notes": {"S": ""}}')
    assert refused(dialog)
    message = dialog.error.text()
    assert message.startswith("Not opened at notes:")
    assert "'notes' twice" in message and "Keep one of them" in message


def test_a_repeated_type_key_in_the_key_is_refused_at_its_path(qtbot) -> None:
    # {"S": "A", "S": "B"} would pass the one-type-key check as "B" and move the item.
    dialog = edit(qtbot, '{"PK": {"S": "A", "S": "B"}, "SK": {"S": "PROFILE"}}')
    assert refused(dialog)
    message = dialog.error.text()
    assert message.startswith("Not opened at PK.S:")
    assert "'S' twice" in message and "($.PK)" in message


def test_a_repeated_key_deep_in_a_map_names_its_path(qtbot) -> None:
    dialog = edit(qtbot, '{"PK": {"S": "A"}, "prefs": {"M": {"theme": {"S": "dark"}, '
                         '"theme": {"S": "light"}}}}')
    assert refused(dialog)
    assert "'theme' twice" in dialog.error.text() and "($.prefs.M)" in dialog.error.text()


def test_valid_json_still_opens_and_a_fix_clears_the_refusal(qtbot) -> None:
    dialog = edit(qtbot, '{"PK": {"S": "A"}, "notes": {"S": "x"}, "notes": {"S": ""}}')
    assert refused(dialog)
    dialog.editor.setPlainText('{"PK": {"S": "A"}, "SK": {"S": "PROFILE"}, "notes": {"S": ""}}')
    dialog.ok.click()
    assert dialog.item == {"PK": {"S": "A"}, "SK": {"S": "PROFILE"}, "notes": {"S": ""}}
    assert dialog.result() and not dialog.isVisible()


def test_bad_json_is_still_refused_with_its_line(qtbot) -> None:
    dialog = edit(qtbot, '{"PK": {"S": "A"}, "notes": {"S": "x"}')
    assert refused(dialog)
    assert "not valid JSON" in dialog.error.text() and "line 1" in dialog.error.text()


def raw_editor(qtbot, names: str, values: str) -> ActionEditor:
    editor = ActionEditor(lambda: dict[str, TableInfo]())
    qtbot.addWidget(editor)
    editor.kind.setCurrentText(UPDATE)
    editor.table_name.setCurrentText("t")
    editor.raw_mode.setChecked(True)
    editor.update_raw.setText("SET #n0 = :v0")
    editor.names_raw.setPlainText(names)
    editor.values_raw.setPlainText(values)
    return editor


def test_builder_raw_names_refuse_a_repeated_placeholder(qtbot) -> None:
    editor = raw_editor(qtbot, '{"#n0": "email", "#n0": "PK"}', '{":v0": {"S": "x"}}')
    action, problems = editor.build(0)
    names = [p for p in problems if p.field == "names"]
    assert len(names) == 1 and "'#n0' twice" in names[0].message and names[0].is_error
    assert action.names == {}  # not "PK" silently
    editor.mark(problems)
    assert "'#n0' twice" in editor.names_raw.toolTip()  # shown at the field


def test_builder_raw_values_refuse_a_repeated_key_at_its_path(qtbot) -> None:
    editor = raw_editor(qtbot, '{"#n0": "email"}', '{":v0": {"S": "a", "S": "b"}}')
    action, problems = editor.build(0)
    values = [p for p in problems if p.field.startswith("values")]
    assert len(values) == 1 and "'S' twice" in values[0].message
    assert '($[":v0"])' in values[0].message
    assert action.values == {}
    editor.mark(problems)
    assert "'S' twice" in editor.values_raw.toolTip()


def test_builder_raw_fields_still_take_valid_json(qtbot) -> None:
    editor = raw_editor(qtbot, '{"#n0": "email"}', '{":v0": {"S": "ada@lovelace.io"}}')
    action, problems = editor.build(0)
    assert not [p for p in problems if p.field.startswith(("names", "values"))]
    assert action.names == {"#n0": "email"}
    assert action.values == {":v0": {"S": "ada@lovelace.io"}}
