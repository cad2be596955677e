"""A uniqueness schema whose key names the open table does not have, against moto: the schema
dialog refuses it at the pk_name / sk_name field (saved, every item read would be "something
else" and the grid an all-clear), and an audit whose schema matched no item says so where the
counts go, in the sentence ``dynoview audit`` says (from one core place), not zero counts."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.audit.report import nothing_matched
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, default_schema, table_key_problem
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.locks.schema_dialog import SchemaDialog, json_offset

pytestmark = pytest.mark.gui


@pytest.fixture
def ctx(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


def _open(qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> LocksPanel:
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        ctx.set_table(describe_table(conn, table))
    return panel


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"sk_name": "Sk"}, "sk_name", "set sk_name to SK"),  # a typo of the table's sort key
    ({"sk_name": "PK"}, "sk_name", "set sk_name to SK"),  # the partition key twice
    ({"pk_name": "pk"}, "pk_name", "set pk_name to PK"),
    ({"sk_name": None}, "sk_name", "sk_name"),
])
def test_the_dialog_refuses_key_names_the_open_table_does_not_have(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str,
        change: dict[str, Any], field: str, words: str) -> None:
    ctx.set_table(describe_table(demo_conn, seeded_table))
    schema = default_schema(ctx.table)
    dialog = SchemaDialog(schema, ctx=ctx)
    qtbot.addWidget(dialog)
    text = json.dumps(dict(json.loads(schema_to_text(schema)), **change), indent=1)
    dialog.editor.setPlainText(text)
    saved: list[int] = []
    dialog.finished.connect(saved.append)
    dialog.open()
    dialog.accept()
    assert saved == [] and dialog.isVisible()  # not saved: the dialog stays open on it
    error = dialog.error.text()
    assert not dialog.error.isHidden() and error.startswith(f"{field}: ") and words in error
    assert seeded_table in error
    # The cursor is at the field to fix.
    assert dialog.editor.textCursor().position() == json_offset(text, field)
    # The table's own key names are saved.
    dialog.editor.setPlainText(schema_to_text(schema))
    dialog.accept()
    assert saved == [SchemaDialog.DialogCode.Accepted]
    assert dialog.schema() == schema


def test_key_names_are_checked_against_the_table_in_core(ctx: AppContext, demo_conn: Connection,
                                                          seeded_table: str) -> None:
    table = describe_table(demo_conn, seeded_table)
    good = default_schema(table)
    assert table_key_problem(good, table) is None
    rule_without_sk = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", None),))
    problem = table_key_problem(rule_without_sk, table)
    assert problem is not None and problem.location == "rules[0].sk_value"


def test_an_audit_that_matched_nothing_says_so_where_the_counts_go(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> None:
    panel = _open(qtbot, ctx, demo_conn, seeded_table)
    assert panel.result is not None and panel.result.findings
    assert panel.counts_label.property("role") in (None, "")
    # The table's key names, but prefixes no item has: every item is "something else".
    elsewhere = UniquenessSchema(account_pk_prefix="USER#", rules=(
        LockRule("email", "email", "UNIQUE#EMAIL#{value}", "LOCK"),))
    with qtbot.waitSignal(panel.audit_finished, timeout=20000) as done:
        panel.set_schema(elsewhere, save=False)
    result = done.args[0]
    sentence = nothing_matched(result, fix="Edit schema…, or Detect from sample")
    assert sentence is not None
    text = panel.counts_label.text()
    assert text == sentence[0].upper() + sentence[1:]
    assert text.startswith(f"No account or lock in {seeded_table} matched the uniqueness schema: all ")
    assert "items read are something else. Check the schema's key names and prefixes" in text
    assert "OK: 0" not in text
    assert panel.counts_label.property("role") == "error"
    # The table's own schema again: counts, in the plain colour.
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        panel.set_schema(default_schema(ctx.table), save=False)
    assert panel.counts_label.text().startswith("OK: ")
    assert panel.counts_label.property("role") == ""
