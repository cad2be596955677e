"""The schema editor refuses what a table cannot live with (core.uniqueness.schema_file): a lock
key that can be an account's own key, and an empty sort key value. Each is said at the field
that caused it (the cursor on it), and nothing is saved."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.locks.schema_dialog import SchemaDialog

pytestmark = pytest.mark.gui


def _refused(qtbot: Any, change: Callable[[dict[str, Any]], None]) -> tuple[SchemaDialog, str]:
    """Save an edited article schema; the dialog's error and the JSON line at the cursor."""
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    data = json.loads(dialog.editor.toPlainText())
    change(data)
    dialog.editor.setPlainText(json.dumps(data, indent=2))
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.error.isVisibleTo(dialog)
    return dialog, dialog.editor.textCursor().block().text().strip()


def _rule(i: int, name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["rules"][i].__setitem__(name, value)


def test_a_lock_key_that_is_an_account_key_is_refused_at_its_template(qtbot: Any) -> None:
    def collide(data: dict[str, Any]) -> None:
        data["rules"][1]["pk_template"] = "ACCT#{value}"
        data["rules"][1]["sk_value"] = "PROFILE"  # the accounts' own sort key

    dialog, line = _refused(qtbot, collide)
    assert dialog.error.text().startswith("rules[1].pk_template: the lock keys of the username rule "
                                          "(ACCT#{value}) can be account keys")
    assert line == '"pk_template": "ACCT#{value}",'


def test_without_a_sort_key_any_prefix_beginning_the_accounts_collides(qtbot: Any) -> None:
    def no_sort_key(data: dict[str, Any]) -> None:
        data["sk_name"] = None
        data["account_sk_value"] = None
        for rule in data["rules"]:
            rule["sk_value"] = None
        data["account_pk_prefix"] = "UNIQ#"  # begins every lock key

    dialog, line = _refused(qtbot, no_sort_key)
    assert dialog.error.text().startswith("rules[0].pk_template: the lock keys of the email rule")
    assert line == '"pk_template": "UNIQ#EMAIL#{value}",'


def test_an_empty_lock_sort_key_is_refused_at_its_field(qtbot: Any) -> None:
    dialog, line = _refused(qtbot, _rule(1, "sk_value", ""))
    assert dialog.error.text().startswith("rules[1].sk_value: DynamoDB refuses an empty string")
    assert line == '"sk_value": "",'


def test_a_sort_key_that_tells_locks_from_accounts_is_accepted(qtbot: Any) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    data = json.loads(dialog.editor.toPlainText())
    data["rules"][1]["pk_template"] = "ACCT#{value}"  # LOCK, not PROFILE: another item
    dialog.editor.setPlainText(json.dumps(data, indent=2))
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.schema().rules[1].pk_template == "ACCT#{value}"
