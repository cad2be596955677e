"""Hostile input in more of the window's forms (part 2, after test_hostile_inputs.py): each
refusal is a sentence at the field that caused it, what was typed stays, nothing is silently
dropped and nothing raises into the event loop."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.reads.partiql import MAX_STATEMENT_BYTES
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.ui.context import AppContext
from dynoview.ui.locks.schema_dialog import SchemaDialog
from dynoview.ui.partiql.panel import PartiqlPanel
from dynoview.ui.settings import load_connections, save_connections
from dynoview.ui.themed import is_refused
from dynoview.ui.window.connection_dialog import ConnectionDialog

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(("old", "new", "said"), [
    # The first pk_name would be dropped without a word: json.loads keeps the last one.
    ('"pk_name": "PK"', '"pk_name": "Other", "pk_name": "PK"', "'pk_name' twice"),
    ('"sk_value": "LOCK"', '"sk_value": "LOCK", "sk_value": "MARK"', "'sk_value' twice"),
    ('"pk_name": "PK"', '"pk_name": NaN', "NaN"),
])
def test_the_schema_editor_reads_its_json_as_strictly_as_a_schema_file(
        qtbot: Any, old: str, new: str, said: str) -> None:
    dialog = SchemaDialog(article_schema())
    qtbot.addWidget(dialog)
    text = schema_to_text(article_schema()).replace(old, new, 1)
    dialog.editor.setPlainText(text)
    assert dialog.validate() is None
    assert not dialog.error.isHidden() and said in dialog.error.text()
    assert dialog.editor.toPlainText() == text  # what was typed stays to be fixed
    if "twice" in said:  # the cursor goes to the object that repeats it, not the top
        key = said.split("'")[1]
        assert dialog.editor.textCursor().position() == text.index(f'"{key}"')


@pytest.fixture
def partiql(qtbot: Any, ctx: AppContext) -> PartiqlPanel:
    widget = PartiqlPanel(ctx)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitUntil(lambda: bool(widget.controller.tables), timeout=10000)
    return widget


def _select_of_bytes(table: str, size: int, filler: str) -> str:
    """A SELECT of exactly ``size`` UTF-8 bytes, its string literal made of ``filler``."""
    head, tail = f'SELECT * FROM "{table}" WHERE PK = \'', "'"
    room = size - len((head + tail).encode())
    width = len(filler.encode())
    return head + filler * (room // width) + "x" * (room % width) + tail


def test_the_partiql_limit_is_dynamodbs() -> None:
    assert MAX_STATEMENT_BYTES == 8192  # DynamoDB Local: 8,192 UTF-8 bytes sent, 8,193 refused


@pytest.mark.parametrize(("size", "filler"), [(8193, "x"), (8193, "é"), (10_000 + 47, "x"), (9000, "😀")])
def test_a_partiql_statement_over_dynamodbs_limit_is_refused_at_the_statement(
        qtbot: Any, ctx: AppContext, partiql: PartiqlPanel, seeded_table: str, size: int,
        filler: str) -> None:
    """DynamoDB refuses a statement over 8,192 bytes (ValidationException; moto takes it): the
    tab says so at the statement and sends nothing, keeping what was typed."""
    statement = _select_of_bytes(seeded_table, size, filler)
    assert len(statement.encode()) == size
    partiql.editor.setPlainText(statement)
    sent = len(ctx.read_log.receipts())
    assert not partiql.run()
    assert len(ctx.read_log.receipts()) == sent
    assert f"{size:,} bytes" in partiql.error_label.text() and "8,192" in partiql.error_label.text()
    assert is_refused(partiql.editor)
    assert partiql.editor.toPlainText() == statement


def test_a_partiql_statement_at_the_limit_is_sent(
        qtbot: Any, ctx: AppContext, partiql: PartiqlPanel, seeded_table: str) -> None:
    partiql.editor.setPlainText(_select_of_bytes(seeded_table, MAX_STATEMENT_BYTES, "é"))
    sent = len(ctx.read_log.receipts())
    assert partiql.run()
    qtbot.waitUntil(lambda: not partiql.controller.busy, timeout=15000)
    assert [r.operation for r in ctx.read_log.receipts()[sent:]] == ["ExecuteStatement"]
    assert partiql.error_label.isHidden()


@pytest.mark.parametrize("endpoint", ["http://[::1", "http://[::1:8000", "https://[", "http://]",
                                      "http://a]b:8000", "http://[zz]:8000"])
def test_an_endpoint_with_stray_brackets_is_refused_at_the_endpoint(qtbot: Any, endpoint: str) -> None:
    """urllib raises ValueError on these (an IPv6 address half typed): it reached the slot, and
    the crash dialog, instead of a sentence at the field."""
    save_connections([])
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)
    dialog._new()
    dialog.name.setText("local")
    dialog.endpoint.setText(endpoint)
    for press in (dialog._save, dialog._connect):
        press()
        assert "square brackets" in dialog.message.text() and "http://[::1]:8000" in dialog.message.text()
        assert "d32f2f" in dialog.endpoint.styleSheet() and dialog.region.styleSheet() == ""
        assert dialog.endpoint.text() == endpoint and dialog.chosen is None
    assert load_connections()[0] == []
    dialog.endpoint.setText("http://[::1]:8000")  # the whole address is taken
    dialog._save()
    assert dialog.message.text() == "" and [s.name for s in load_connections()[0]] == ["local"]
