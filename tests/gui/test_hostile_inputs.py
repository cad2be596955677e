"""Hostile input in the window's forms: each refusal is a sentence at the field that caused it,
nothing is sent that DynamoDB would refuse, and nothing raises into the event loop."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.ui.context import AppContext
from dynoview.ui.main_window import MainWindow
from dynoview.ui.tables.create_dialog import CreateTableDialog
from dynoview.ui.themed import is_refused
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui

DESCRIBED = {"Table": {"TableName": "copied", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
                       "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}]}}


@pytest.fixture
def window(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
           seeded_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, seeded_table)


@pytest.fixture
def local_ctx(qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


@pytest.mark.parametrize(("where", "value"), [
    ("pk_value", "p" * 2049),
    ("pk_value", "é" * 1025),  # 2050 UTF-8 bytes in 1025 characters
    ("sk_value", "s" * 1025),
])
def test_a_query_key_over_dynamodbs_limit_is_refused_at_its_field(
        qtbot: Any, window: MainWindow, where: str, value: str) -> None:
    """DynamoDB refuses a sort key condition over 1024 bytes (ValidationException) and no item
    can have a longer key: the form says so at the field and sends nothing."""
    form = window.items_panel.form
    reader = window.ctx.reader
    assert reader is not None
    form.mode.setCurrentText("Query")
    form.pk_value.setText(value if where == "pk_value" else "ACCT#a1f9c3")
    if where == "sk_value":
        form.sk_op.setCurrentText("begins_with")
        form.sk_value.setText(value)
    sent = len(reader.log)
    window.items_panel.run()
    assert len(reader.log) == sent
    assert not form.error_label.isHidden()
    assert "at most" in form.error_label.text() and "bytes" in form.error_label.text()
    assert is_refused(getattr(form, where))
    assert getattr(form, where).text() == value  # what was typed stays to be shortened


def test_a_query_key_at_the_limit_is_sent(qtbot: Any, window: MainWindow) -> None:
    form = window.items_panel.form
    reader = window.ctx.reader
    assert reader is not None
    form.mode.setCurrentText("Query")
    form.pk_value.setText("p" * 2048)
    form.sk_op.setCurrentText("=")
    form.sk_value.setText("s" * 1024)
    with qtbot.waitSignal(window.items_panel.controller.page_loaded, timeout=10000):
        window.items_panel.run()
    assert form.error_label.isHidden()
    assert window.items_panel.model.rowCount() == 0


@pytest.mark.parametrize("name", ["bad/name", "ab", "a\nbc", "a\x00bc", "\u202eabc", "x" * 256, "a b c"])
def test_a_table_name_dynamodb_refuses_is_refused_at_the_name(
        qtbot: Any, local_ctx: AppContext, name: str) -> None:
    dialog = CreateTableDialog(local_ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.name.setText(name)
    assert not dialog.create_button.isEnabled()
    assert dialog.plan is None
    assert "cannot be a table name" in dialog.status.text()
    assert is_refused(dialog.name) and "cannot be a table name" in dialog.name.toolTip()
    assert dialog.name.text() == name
    dialog.name.setText("fixed-name")  # fixing it clears the mark
    assert dialog.create_button.isEnabled() and not is_refused(dialog.name)


# Deep nesting is "too deep to read" where the parser's recursion runs out, else the JSON is read
# and is no DescribeTable answer: which one depends on Python's recursion limit, which the
# builder's expression parser raises for the rest of the process once it meets a deep expression.
DEEP_SAID = ("nested far too deeply", "not a DescribeTable answer")


@pytest.mark.parametrize(("text", "said"), [
    ("[" * 1000 + "]" * 1000, DEEP_SAID),
    ("[" * 100000 + "]" * 100000, DEEP_SAID),
    ('{"Table": ' + json.dumps(DESCRIBED["Table"]) + ', "Table": {"TableName": "other"}}', "twice"),
    ('{"Table": NaN}', "NaN"),
    ('{"Table": {"TableName": "abc",}}', "not JSON"),
    (json.dumps({"Table": {**DESCRIBED["Table"], "ProvisionedThroughput": {"ReadCapacityUnits": "ten"}}}),
     "whole numbers"),
    (json.dumps({"Table": {**DESCRIBED["Table"], "KeySchema": 5}}), "must be a JSON list"),
    (json.dumps({"Table": {**DESCRIBED["Table"], "BillingModeSummary": "PROVISIONED",
                           "GlobalSecondaryIndexes": [7]}}), "IndexName"),
])
def test_a_hostile_describe_table_json_is_a_sentence_at_the_json(
        qtbot: Any, local_ctx: AppContext, text: str, said: str | tuple[str, ...]) -> None:
    """Deep nesting, a repeated key, NaN, a trailing comma or a wrong shape: a sentence, never
    an exception in the slot (which left the previous plan's message and Create enabled)."""
    dialog = CreateTableDialog(local_ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.from_describe.setChecked(True)
    dialog.describe.setPlainText(json.dumps(DESCRIBED))
    assert dialog.create_button.isEnabled()
    dialog.describe.setPlainText(text)
    assert not dialog.create_button.isEnabled() and dialog.plan is None
    assert any(s in dialog.status.text() for s in ((said,) if isinstance(said, str) else said))
    assert is_refused(dialog.describe)
    assert dialog.describe.toPlainText() == text
