"""Import… into a table that holds some of the file's keys: after Preview the dialog says how many
exist and that a Put replaces each whole (the window's read log has the check's BatchGetItem);
"Skip items already in the table" writes the others only, the existing items left as they were,
and is refused, at the mode, with Speed (BatchWriteItem carries no condition)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.import_dialog import ImportDialog

pytestmark = pytest.mark.gui

PRECIOUS = {"PK": {"S": "k1"}, "important": {"S": "precious data"}, "n": {"N": "1"}}


@pytest.fixture
def keyed_table(demo_conn: Connection) -> Iterator[str]:
    name = f"gui-existing-{uuid.uuid4().hex[:8]}"
    demo_conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    demo_conn.client.put_item(TableName=name, Item=PRECIOUS)
    demo_conn.client.put_item(TableName=name, Item={"PK": {"S": "k2"}, "important": {"S": "2"}})
    try:
        yield name
    finally:
        demo_conn.client.delete_table(TableName=name)


def test_the_window_says_how_many_keys_exist_and_skips_them_when_asked(
        qtbot: Any, ctx: AppContext, keyed_table: str, tmp_path: Path) -> None:
    path = tmp_path / "data.jsonl"
    path.write_text('{"PK": "k1", "n": 2}\n{"PK": "k2"}\n{"PK": "k3"}\n')
    assert ctx.connection is not None
    dialog = ImportDialog(ctx, describe_table(ctx.connection, keyed_table))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.path_edit.setText(str(path))
    with qtbot.waitSignal(dialog.controller.previewed, timeout=20000):
        qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    said = dialog.existing_label.text()
    assert said.startswith(f"2 of these keys already exist in {keyed_table}: a Put replaces each "
                           "item whole (attributes the file does not have are lost)")
    assert "PK = k1" in said and "PK = k2" in said and "BatchGetItem" in said
    assert any(r.operation == "BatchGetItem" and r.table == keyed_table
               for r in ctx.read_log.receipts())  # through the window's reader: its read log

    dialog.skip_check.setChecked(True)
    assert "each of those items is skipped, never replaced" in dialog.existing_label.text()
    dialog.speed_check.setChecked(True)  # refused at the mode, Import off
    assert "BatchWriteItem cannot carry a condition" in dialog.mode_label.text()
    assert not dialog.import_button.isEnabled()
    dialog.speed_check.setChecked(False)
    assert dialog.import_button.isEnabled()

    with qtbot.waitSignal(dialog.finished_import, timeout=60000) as done:
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    result = done.args[0]
    assert result is not None and (result.items, result.existing) == (1, 2)
    assert f"2 item(s) skipped, already in {keyed_table} (none replaced)" in dialog.summary_label.text()
    stored = ctx.connection.client.get_item(TableName=keyed_table, Key={"PK": {"S": "k1"}},
                                            ConsistentRead=True)["Item"]
    assert stored == PRECIOUS
