"""The key form is rebuilt whenever the table list changes (every connection change clears it)
and as a table name is typed: the keys of the actions in the builder go into the new form,
named fields or free-form table, and the autosaved draft keeps them."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session import profile
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.context import AppContext

pytestmark = pytest.mark.gui


def request(table: str) -> dict[str, Any]:
    """An Update, a Delete and a ConditionCheck: the kinds that carry a key."""
    def key(pk: str, sk: str) -> dict[str, Any]:
        return {"PK": {"S": pk}, "SK": {"S": sk}}
    return {"TransactItems": [
        {"Update": {"TableName": table, "Key": key("ACCT#d4a0f2", "PROFILE"),
                    "UpdateExpression": "SET #d = :d", "ExpressionAttributeNames": {"#d": "displayName"},
                    "ExpressionAttributeValues": {":d": {"S": "E. W. Dijkstra"}}}},
        {"Delete": {"TableName": table, "Key": key("UNIQ#EMAIL#edsger@dijkstra.nl", "LOCK")}},
        {"ConditionCheck": {"TableName": table, "Key": key("UNIQ#HANDLE#edsger", "LOCK"),
                            "ConditionExpression": "attribute_exists(PK)"}}]}


def keys(panel: BuilderPanel) -> list[dict[str, Any]]:
    panel.refresh()
    return [a.key for a in panel.transaction.actions]


def draft_keys(panel: BuilderPanel) -> list[dict[str, Any]]:
    panel.drafts.save_now()
    data = json.loads(panel.drafts.store.current_path.read_text())
    return [next(iter(entry.values()))["Key"] for entry in data["request"]["TransactItems"]]


@pytest.fixture
def make_panel(qtbot, qasync_loop, tmp_path: Path,
               monkeypatch: pytest.MonkeyPatch) -> Callable[[AppContext], BuilderPanel]:
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config")  # its own drafts

    def make(ctx: AppContext) -> BuilderPanel:
        widget = BuilderPanel(ctx)
        widget.action_log = ActionLog(tmp_path / "actions.jsonl")
        qtbot.addWidget(widget)
        return widget
    return make


def test_a_connection_change_keeps_every_key_and_the_draft_too(
        make_panel: Callable[[AppContext], BuilderPanel], demo_conn: Connection, seeded_table: str) -> None:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    ctx.set_table(describe_table(demo_conn, seeded_table))
    panel = make_panel(ctx)
    panel.load_request(request(seeded_table))
    expected = [next(iter(e.values()))["Key"] for e in request(seeded_table)["TransactItems"]]
    assert keys(panel) == expected
    ctx.set_connection(demo_conn)  # the table list is cleared: no table is known for a moment
    assert keys(panel) == expected
    assert not [p for p in panel.problems if p.field.startswith("key")]
    assert draft_keys(panel) == expected
    ctx.set_table(describe_table(demo_conn, seeded_table))  # known again: the named key fields
    assert keys(panel) == expected
    assert draft_keys(panel) == expected


def test_a_restored_draft_keeps_its_keys_when_the_user_connects(
        make_panel: Callable[[AppContext], BuilderPanel], demo_conn: Connection, seeded_table: str) -> None:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    ctx.set_table(describe_table(demo_conn, seeded_table))
    first = make_panel(ctx)
    first.load_request(request(seeded_table))
    expected = keys(first)
    first.drafts.save_now()
    first.drafts.end()  # the window is gone; its work stays for the next start
    later = AppContext()  # the next start: no connection yet
    second = make_panel(later)
    assert keys(second) == expected
    later.set_connection(demo_conn)
    later.set_table(describe_table(demo_conn, seeded_table))
    assert keys(second) == expected
    assert draft_keys(second) == expected


def test_typing_a_table_name_carries_the_key_through_every_form(
        make_panel: Callable[[AppContext], BuilderPanel], demo_conn: Connection, seeded_table: str) -> None:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    ctx.set_table(describe_table(demo_conn, seeded_table))
    panel = make_panel(ctx)
    editor = panel.add_action("Delete")
    editor.table_name.setCurrentText(seeded_table)
    editor._key_edits["PK"][0].setText("ACCT#typed")
    editor._key_edits["SK"][0].setText("PROFILE")
    editor.table_name.setCurrentText("no-such-table")  # unknown: the free-form table
    assert sorted(editor.key_free.typed_rows()) == [("PK", "S", "ACCT#typed"), ("SK", "S", "PROFILE")]
    editor.key_free.add_text_row("extra", "N", "not a number yet")  # typed, not parsed: kept too
    editor.table_name.setCurrentText("no-such-table-either")
    assert sorted(editor.key_free.typed_rows()) == [
        ("PK", "S", "ACCT#typed"), ("SK", "S", "PROFILE"), ("extra", "N", "not a number yet")]
    editor.table_name.setCurrentText(seeded_table)  # known: the named fields take their values
    assert {n: e.text() for n, (e, _c) in editor._key_edits.items()} == {"PK": "ACCT#typed",
                                                                         "SK": "PROFILE"}
    editor.table_name.setCurrentText("no-such-table")  # and the one it had no field for is back
    assert ("extra", "N", "not a number yet") in editor.key_free.typed_rows()

