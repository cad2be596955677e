"""The schema dialog's "Start from a preset": the JSON is filled from the preset, keeping the
schema's key names, accounts, attributes and indexes, and stays valid to save."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.core.uniqueness.presets import PRESET_ARTICLE, PRESET_ONETABLE, PRESET_TYPEDORM, PRESETS
from dynoview.core.uniqueness.schema import article_schema, schema_to_text
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
    assert dialog.validate() is not None and not dialog.error.isVisibleTo(dialog)
