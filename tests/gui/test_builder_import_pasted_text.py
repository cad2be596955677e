"""The builder's Import JSON reads the pasted request as written: a no-break space or a line
separator inside a string value is kept (``toPlainText`` made them a space and a line feed, so
another value was written, or valid JSON was called invalid)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from PySide6.QtGui import QGuiApplication

from dynoview.ui.builder.dialogs import ImportDialog

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("value", ["Ada\u00a0Lovelace", "line\u2028separator", "para\u2029graph?"])
def test_a_pasted_value_is_imported_as_written(qtbot: Any, value: str) -> None:
    request = {"TransactItems": [{"Put": {"TableName": "accounts", "Item": {
        "PK": {"S": "ACCT#n1"}, "SK": {"S": "PROFILE"}, "displayName": {"S": value}}}}]}
    dialog = ImportDialog()
    qtbot.addWidget(dialog)
    QGuiApplication.clipboard().setText(json.dumps(request, indent=2, ensure_ascii=False))
    dialog.text.paste()  # as Ctrl+V does
    dialog.try_accept()
    if "\u2029" in value:  # a paragraph separator is the editor's line break: said, never changed
        assert dialog.transaction is None and dialog.problems.text()
        return
    assert dialog.transaction is not None, dialog.problems.text()
    assert dialog.transaction.to_request()["TransactItems"] == request["TransactItems"]
