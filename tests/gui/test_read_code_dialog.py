""""Copy as code…" for a read: the dialog opened on a read log entry shows the read as boto3,
AWS CLI and JavaScript (SDK v3) for the window's connection, Copy puts the code shown on the
clipboard, Save… writes it, and the Python it shows reads the same items as DynoView did. A
read that cannot be exported shows the core's sentence with Copy and Save… off."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from dynoview.core.reads.reader import Reader
from dynoview.ui.codegen.read_code_dialog import TITLES, ReadCodeDialog
from dynoview.ui.context import AppContext

pytestmark = pytest.mark.gui


def _logged_query(ctx: AppContext, table: str) -> Any:
    """The read log entry of a paged, filtered Scan of the lock items, as the window reads it."""
    reader = ctx.reader
    assert isinstance(reader, Reader)
    request = {"TableName": table, "FilterExpression": "begins_with(PK, :p)",
               "ExpressionAttributeValues": {":p": {"S": "UNIQ#"}}, "Limit": 10}
    items = [i for page in reader.cursor("Scan", request) for i in page.items]
    assert len(items) > 1 and len(ctx.read_log.receipts()) > 2, "several pages of locks"
    first = next(r for r in ctx.read_log.receipts() if r.operation == "Scan")
    return first, items


def test_the_dialog_shows_each_language_and_its_python_reads_what_dynoview_read(
        qtbot: Any, ctx: AppContext, seeded_table: str, tmp_path: Path) -> None:
    receipt, items = _logged_query(ctx, seeded_table)
    dialog = ReadCodeDialog.for_receipt(receipt, ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    assert [dialog.chooser.itemText(i) for i in range(dialog.chooser.count())] == list(TITLES.values())
    python = dialog.view.toPlainText()
    assert "def read_items(client" in python and "ExclusiveStartKey" in python
    endpoint = ctx.connection.spec.endpoint_url if ctx.connection else None
    assert f'endpoint_url="{endpoint}"' in python
    dialog.chooser.setCurrentIndex(1)
    assert dialog.view.toPlainText().startswith("#!/bin/sh")
    assert "aws dynamodb scan --cli-input-json" in dialog.view.toPlainText()
    dialog.chooser.setCurrentIndex(2)
    assert "new ScanCommand(request)" in dialog.view.toPlainText()
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == dialog.view.toPlainText()
    assert "Copied the JavaScript" in dialog.status.text()
    dialog.chooser.setCurrentIndex(0)
    saved = tmp_path / "read.py"
    assert dialog.save_to(str(saved))
    assert saved.read_text(encoding="utf-8") == python
    done = subprocess.run([sys.executable, str(saved)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert [json.loads(line) for line in done.stdout.splitlines()] == items


def test_a_read_that_cannot_be_exported_says_why(qtbot: Any, ctx: AppContext, seeded_table: str) -> None:
    request = {"RequestItems": {seeded_table: {"Keys": [{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}]}}}
    dialog = ReadCodeDialog("BatchGetItem", request, ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    assert "GetItem, Query and Scan" in dialog.status.text() and dialog.status.isVisible()
    assert not dialog.copy_button.isEnabled() and not dialog.save_button.isEnabled()
    assert dialog.view.toPlainText() == ""
