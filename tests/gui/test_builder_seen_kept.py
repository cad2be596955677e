"""A Delete of an item the user was shown keeps the names it held (``Action.seen``) through
Ctrl+Z, Ctrl+Shift+Z, the autosaved work restored at the next start and a named draft: without
them the preflight could not refuse the Delete of an item another writer gave an attribute since,
and it would delete that attribute unseen. The request (and so the preview) never carries them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from dynoview.core.preflight.model import item_ident
from dynoview.core.preflight.unseen import unseen_refusals
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.templates import delete_item
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.drafts_dialog import OpenDraftDialog, SaveDraftDialog
from dynoview.ui.row_select import select_only_row

pytestmark = pytest.mark.gui
SESSION = {"PK": {"S": "SESSION#s-no-ttl"}, "SK": {"S": "SESSION"}}


@pytest.fixture
def shown(demo_conn: Connection, seeded_table: str) -> dict[str, Any]:
    """The session item as the Items tab showed it."""
    item: dict[str, Any] = demo_conn.client.get_item(TableName=seeded_table, Key=SESSION,
                                                     ConsistentRead=True)["Item"]
    return item


def delete_of(panel: BuilderPanel) -> Any:
    (action,) = panel.transaction.actions
    assert action.kind == "Delete"
    return action


def load_delete(panel: BuilderPanel, demo_conn: Connection, seeded_table: str,
                shown: dict[str, Any]) -> None:
    """The Items tab's Delete of the shown item, opened in the builder (as its template does)."""
    panel.drafts.receive(delete_item(describe_table(demo_conn, seeded_table), shown), "Delete item")
    assert delete_of(panel).seen is not None


def refused_now(panel: BuilderPanel, demo_conn: Connection, seeded_table: str) -> list[str]:
    """What the preflight's check says of the builder's Delete once another writer added an
    attribute to the item."""
    demo_conn.client.update_item(TableName=seeded_table, Key=SESSION, UpdateExpression="SET revoked = :r",
                                 ExpressionAttributeValues={":r": {"BOOL": True}})
    item = demo_conn.client.get_item(TableName=seeded_table, Key=SESSION, ConsistentRead=True)["Item"]
    return [r.message for r in unseen_refusals(panel.transaction, {item_ident(seeded_table, SESSION): item})]


def test_undo_and_redo_keep_the_names_seen(qtbot: Any, make_panel: Callable[[], BuilderPanel],
                                           demo_conn: Connection, seeded_table: str,
                                           shown: dict[str, Any]) -> None:
    panel = make_panel()
    load_delete(panel, demo_conn, seeded_table, shown)
    panel.add_action("Put")
    panel.drafts.undo.undo_action.trigger()  # back to the Delete alone, from the request's JSON
    assert delete_of(panel).seen == tuple(shown)
    assert "seen" not in panel.preview
    panel.drafts.undo.undo_action.trigger()  # the empty builder
    panel.drafts.undo.redo_action.trigger()
    assert delete_of(panel).seen == tuple(shown)
    messages = refused_now(panel, demo_conn, seeded_table)
    assert len(messages) == 1 and "now also holds revoked, added since you opened it" in messages[0]


def test_the_work_restored_at_the_next_start_keeps_them(qtbot: Any, make_panel: Callable[[], BuilderPanel],
                                                       demo_conn: Connection, seeded_table: str,
                                                       shown: dict[str, Any]) -> None:
    first = make_panel()
    load_delete(first, demo_conn, seeded_table, shown)
    path = first.drafts.store.current_path
    qtbot.waitUntil(lambda: path.exists() and bool(json.loads(path.read_text()).get("seen")), timeout=3000)
    first.drafts.end()  # the first window is gone (a quit, a crash)
    second = make_panel()
    assert delete_of(second).seen == tuple(shown)
    assert len(refused_now(second, demo_conn, seeded_table)) == 1


def test_a_named_draft_keeps_them(qtbot: Any, make_panel: Callable[[], BuilderPanel], demo_conn: Connection,
                                  seeded_table: str, shown: dict[str, Any]) -> None:
    panel = make_panel()
    load_delete(panel, demo_conn, seeded_table, shown)
    panel.drafts.save_as()
    dialog = panel.drafts.dialog
    assert isinstance(dialog, SaveDraftDialog)
    dialog.name_edit.setText("delete the session")
    dialog.save()
    other = make_panel()  # another window: it never saw the Delete
    other.drafts.open_dialog()
    chooser = other.drafts.dialog
    assert isinstance(chooser, OpenDraftDialog)
    select_only_row(chooser.table, 0)
    chooser.open_selected()
    assert delete_of(other).seen == tuple(shown)
    assert len(refused_now(other, demo_conn, seeded_table)) == 1
