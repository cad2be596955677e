"""The schema dialog's "Start from a preset": the JSON is filled from the preset, keeping the
schema's key names, accounts, attributes and indexes, and stays valid to save."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from dynoview.core.uniqueness.presets import (
    PRESET_ARTICLE,
    PRESET_ELECTRODB,
    PRESET_ONETABLE,
    PRESET_ONETABLE_SCOPED,
    PRESET_TYPEDORM,
    PRESETS,
)
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.ui.locks.schema_dialog import SchemaDialog

pytestmark = pytest.mark.gui


def choose(dialog: SchemaDialog, name: str) -> None:
    index = dialog.preset.findData(name)
    dialog.preset.setCurrentIndex(index)
    dialog.preset.activated.emit(index)


def test_presets_fill_the_json_and_keep_the_schema_shape(qtbot: Any) -> None:
    start = article_schema(email_index="email-index")
    dialog = SchemaDialog(start)
    qtbot.addWidget(dialog)
    assert [dialog.preset.itemData(i) for i in range(1, dialog.preset.count())] == [p.name for p in PRESETS]
    assert not dialog.preset_note.isVisibleTo(dialog)

    choose(dialog, PRESET_ONETABLE)
    data = json.loads(dialog.editor.toPlainText())
    assert (data["pk_name"], data["sk_name"], data["account_pk_prefix"]) == ("PK", "SK", "ACCT#")
    assert [(r["attribute"], r["pk_template"], r["sk_value"], r["index_name"]) for r in data["rules"]] == [
        ("email", "_unique#User#email#{value}", "_unique#", "email-index"),
        ("username", "_unique#User#username#{value}", "_unique#", None)]
    assert dialog.preset_note.isVisibleTo(dialog)
    assert "The model is User" in dialog.preset_note.text()
    assert "sensedeep/dynamodb-onetable" in dialog.preset_note.text()

    # The model typed into the OneTable schema carries over to TypeDORM's upper-cased keys.
    dialog.editor.setPlainText(dialog.editor.toPlainText().replace("#User#", "#Member#"))
    choose(dialog, PRESET_TYPEDORM)
    rules = json.loads(dialog.editor.toPlainText())["rules"]
    assert (rules[0]["pk_template"], rules[0]["sk_value"]) == (
        "DRM_GEN_MEMBER.EMAIL#{value}", "DRM_GEN_MEMBER.EMAIL#{value}")
    assert dialog.validate() is not None

    # Back to the article: the original schema again.
    choose(dialog, PRESET_ARTICLE)
    assert dialog.editor.toPlainText() == schema_to_text(start)
    dialog.accept()
    assert dialog.schema() == start


def test_a_broken_editor_starts_the_preset_from_the_original(qtbot: Any) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    dialog.editor.setPlainText("{not json")
    choose(dialog, PRESET_ONETABLE)
    assert json.loads(dialog.editor.toPlainText())["rules"][0]["pk_template"] == "_unique#User#email#{value}"
    assert dialog.preset_note.text().startswith("The JSON below could not be read, so the preset started "
                                                "from the schema this dialog opened with.")
    assert dialog.validate() is not None and not dialog.error.isVisibleTo(dialog)


def electrodb_rules(dialog: SchemaDialog) -> list[tuple[str, str]]:
    return [(r["pk_template"], r["sk_value"]) for r in json.loads(dialog.editor.toPlainText())["rules"]]


def test_the_electrodb_hint_says_where_the_entity_and_service_are(qtbot: Any) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    choose(dialog, PRESET_ELECTRODB)
    assert electrodb_rules(dialog)[0] == ("$app#value_{value}", "$constraint_1#name_email#entity_user")
    note = dialog.preset_note.text()
    # The entity is in each rule's sk_value, the service in pk_template (not "the model in pk_template").
    assert note.startswith("Here the service is app, in pk_template ($app#value_)")  # first
    assert "the entity is user, in each rule's sk_value (#entity_user)" in note
    assert "replace it in pk_template" not in note


def test_choosing_electrodb_again_keeps_the_service_and_entity_typed(qtbot: Any) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    choose(dialog, PRESET_ELECTRODB)
    dialog.editor.setPlainText(dialog.editor.toPlainText().replace("$app#", "$mi6#")
                               .replace("#entity_user", "#entity_agent"))
    choose(dialog, PRESET_ELECTRODB)
    assert electrodb_rules(dialog) == [("$mi6#value_{value}", "$constraint_1#name_email#entity_agent"),
                                       ("$mi6#value_{value}", "$constraint_1#name_username#entity_agent")]
    assert "the service is mi6" in dialog.preset_note.text()
    # Another layout gets the entity as a model name; back to ElectroDB, the defaults' service.
    choose(dialog, PRESET_ONETABLE)
    assert json.loads(dialog.editor.toPlainText())["rules"][0]["pk_template"] == "_unique#Agent#email#{value}"
    choose(dialog, PRESET_ELECTRODB)
    assert electrodb_rules(dialog)[0] == ("$app#value_{value}", "$constraint_1#name_email#entity_agent")
    assert dialog.validate() is not None


def test_each_presets_hint_names_the_fields_that_hold_the_model(qtbot: Any) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    choose(dialog, PRESET_TYPEDORM)  # TypeDORM writes the model in both keys
    assert "The model is USER, in each rule's pk_template and sk_value" in dialog.preset_note.text()
    choose(dialog, PRESET_ONETABLE_SCOPED)
    note = dialog.preset_note.text()
    assert "The model is User, in each rule's pk_template:" in note
    assert "The scope of email, username is ${scope}: set it to your model's scope template" in note
    assert dialog.validate() is not None
    choose(dialog, PRESET_ARTICLE)  # no model in its keys: no hint
    assert "The model is" not in dialog.preset_note.text()


def cursor_at(dialog: SchemaDialog) -> str:
    """The editor's text from the cursor to the end of its line."""
    text, pos = dialog.editor.toPlainText(), dialog.editor.textCursor().position()
    return text[pos:].split("\n", 1)[0]


def test_a_json_error_puts_the_cursor_where_it_is(qtbot: Any) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    dialog.editor.setPlainText(schema_to_text(article_schema()).replace('"LOCK",', '"LOCK"', 1))
    dialog.accept()
    assert dialog.result() != SchemaDialog.DialogCode.Accepted
    assert dialog.error.text().startswith("line 12 column 7: not valid JSON (Expecting ',' delimiter)")
    assert cursor_at(dialog) == '"normalisation": "none",'
    assert dialog.focusWidget() is dialog.editor
    # Python's "Invalid control character at" said as what to fix.
    dialog.editor.setPlainText(schema_to_text(article_schema()).replace('"LOCK",', '"LOCK,', 1))
    assert dialog.validate() is None
    assert dialog.error.text() == ('line 11 column 25: not valid JSON (a string is not closed: end it '
                                   'with " on its line).')


@pytest.mark.parametrize(("edit", "located", "at"), [
    (('"UNIQ#HANDLE#{value}"', '"UNIQ#HANDLE#"'), "rules[1].pk_template: pk_template must contain {value}",
     '"pk_template": "UNIQ#HANDLE#",'),
    (('"none"', '"upper"'), "rules[0].normalisation: normalisation must be one of",
     '"normalisation": "upper",'),
    (('"attribute": "username",', ''), "rules[1].attribute: attribute is required", "{"),
    (('"ACCT#"', '""'), "account_pk_prefix: account_pk_prefix must not be empty", '"account_pk_prefix": "",'),
])
def test_a_schema_error_puts_the_cursor_at_its_field(qtbot: Any, edit: tuple[str, str], located: str,
                                                      at: str) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    dialog.editor.setPlainText(schema_to_text(article_schema()).replace(*edit))
    assert dialog.validate() is None
    assert dialog.error.text().startswith(located)
    assert cursor_at(dialog).strip() == at
    assert dialog.focusWidget() is dialog.editor


def test_a_bad_locks_table_name_is_marked_at_its_field(qtbot: Any) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    dialog.locks_table.setText("my uniques!")
    assert dialog.validate() is None
    assert dialog.error.text().startswith('Locks table: "my uniques!" is not a DynamoDB table name.')
    assert dialog.focusWidget() is dialog.locks_table and dialog.locks_table.styleSheet()
    dialog.locks_table.setText("uniques")
    schema = dialog.validate()
    assert schema is not None and schema.locks is not None and schema.locks.name == "uniques"
    assert not dialog.error.isVisibleTo(dialog) and not dialog.locks_table.styleSheet()


def test_electrodb_on_a_table_without_a_sort_key_is_refused_at_sk_name(qtbot: Any) -> None:
    start = dataclasses.replace(article_schema(), sk_name=None, account_sk_value=None,
                                rules=tuple(dataclasses.replace(r, sk_value=None)
                                            for r in article_schema().rules))
    dialog = SchemaDialog(start)
    qtbot.addWidget(dialog)
    choose(dialog, PRESET_ELECTRODB)
    assert dialog.error.text().startswith("sk_name: ElectroDB (unique-constraint recipe) needs a table "
                                          "with a sort key")
    assert dialog.editor.toPlainText() == schema_to_text(start)  # nothing half-written
    assert cursor_at(dialog) == '"sk_name": null,'
    assert dialog.preset.currentIndex() == 0
