"""Binary values (B, BS) survive every way the builder keeps a request: undo snapshots, the
autosaved draft restored at the next start, named drafts. They hold DynamoDB JSON (binary as
base64 text), read back as such; a draft whose request cannot be read is set aside, never a
builder that cannot open."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.drafts.model import FORMAT, Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.tx.model import Action, Transaction
from dynoview.ui.builder import BuilderPanel

pytestmark = pytest.mark.gui
BLOB = b"\x00\x01\x02\xff"
OTHER = b"\xde\xad\xbe\xef"


def binary_tx(table: str) -> Transaction:
    """A Put with every type (binary nested too) and an Update whose binary is only in its
    placeholder values, in memory form (binary as bytes)."""
    put = Action(kind="Put", table=table, item={
        "PK": {"S": "ITEM#bin"}, "SK": {"S": "X"}, "b": {"B": BLOB}, "bs": {"BS": [BLOB, OTHER]},
        "n": {"N": "12345678901234567890123456789012345678"}, "ns": {"NS": ["1", "-2.5"]},
        "ss": {"SS": ["a", "b"]}, "flag": {"BOOL": True}, "none": {"NULL": True},
        "m": {"M": {"inner": {"B": OTHER}, "deep": {"M": {"l": {"L": [{"B": BLOB}, {"N": "7"}]}}}}},
    })
    update = Action(kind="Update", table=table, key={"PK": {"S": "ITEM#other"}, "SK": {"S": "X"}},
                    update="SET #b = :b, #s = :s", names={"#b": "b", "#s": "s"},
                    values={":b": {"B": OTHER}, ":s": {"BS": [OTHER, BLOB]}})
    return Transaction(actions=[put, update], token="tok-binary-1")


def values_of(panel: BuilderPanel) -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """Each action's values as the builder holds them (memory form: binary as bytes)."""
    panel.refresh()
    return [(a.item, a.key, a.values) for a in panel.transaction.actions]


def expected(tx: Transaction) -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    return [(a.item, a.key, a.values) for a in tx.actions]


def test_undo_of_an_edit_restores_binary_values_exactly(make_panel, seeded_table: str) -> None:
    panel = make_panel()
    tx = binary_tx(seeded_table)
    panel.set_transaction(tx.copy())
    before = copy.deepcopy(panel.request_json())
    assert values_of(panel) == expected(tx)
    panel.add_action("Delete")
    undo = panel.drafts.undo
    assert undo.stack.undoText() == "Add action"
    undo.undo_action.trigger()
    assert panel.request_json() == before
    assert values_of(panel) == expected(tx)  # still bytes, not base64 text
    undo.redo_action.trigger()
    assert len(panel.request_json()["TransactItems"]) == 3
    assert values_of(panel)[:2] == expected(tx)
    undo.undo_action.trigger()
    assert values_of(panel) == expected(tx)


def test_undo_with_binary_only_in_placeholder_values(make_panel, seeded_table: str) -> None:
    panel = make_panel()
    tx = binary_tx(seeded_table)
    tx.actions = tx.actions[1:]
    panel.set_transaction(tx.copy())
    panel.add_action("Put")
    panel.drafts.undo.undo_action.trigger()
    assert values_of(panel) == expected(tx)


def test_a_request_in_dynamodb_json_opens_with_its_binary_as_bytes(make_panel, seeded_table: str) -> None:
    """``load_request`` given base64 text (as Import/Export JSON writes it) decodes it."""
    panel = make_panel()
    panel.load_request({"TransactItems": [{"Put": {"TableName": seeded_table, "Item": {
        "PK": {"S": "ITEM#bin"}, "SK": {"S": "X"}, "b": {"B": "AAEC/w=="}}}}]})
    assert values_of(panel)[0][0]["b"] == {"B": BLOB}


def test_a_saved_draft_with_binary_restores_exactly(qtbot, make_panel, seeded_table: str) -> None:
    first = make_panel()
    tx = binary_tx(seeded_table)
    first.set_transaction(tx.copy(), pinned=True)
    request = copy.deepcopy(first.request_json())
    path = first.drafts.store.current_path
    qtbot.waitUntil(path.exists, timeout=3000)
    first.drafts.end()  # the window is gone (a quit, a crash)
    second = make_panel()
    assert values_of(second) == expected(tx)
    assert second.request_json() == request
    assert second.drafts.note.text.text().startswith("Restored 2 unsent actions")
    second.drafts.end()
    assert values_of(make_panel()) == expected(tx)  # and again at the start after


def test_a_named_draft_with_binary_opens_exactly(make_panel, seeded_table: str) -> None:
    panel = make_panel()
    tx = binary_tx(seeded_table)
    panel.set_transaction(tx.copy())
    store = panel.drafts.store
    store.save_named("bin", panel.drafts.current_draft())
    panel.load_request({"TransactItems": []})
    panel.drafts.open_draft(store.open_named("bin"))
    assert values_of(panel) == expected(tx)
    panel.drafts.undo.undo_action.trigger()  # back to the empty builder
    panel.drafts.undo.redo_action.trigger()
    assert values_of(panel) == expected(tx)


DAMAGED_REQUESTS = {
    "base64 that is not": {"TransactItems": [{"Put": {"TableName": "t", "Item": {
        "PK": {"S": "x"}, "b": {"B": "not base64!"}}}}]},
    "a value that is no AttributeValue": {"TransactItems": [{"Put": {"TableName": "t", "Item": {
        "PK": "plain text"}}}]},
    "a number as binary in placeholder values": {"TransactItems": [{"Update": {
        "TableName": "t", "Key": {"PK": {"S": "x"}}, "UpdateExpression": "SET b = :b",
        "ExpressionAttributeValues": {":b": {"B": 5}}}}]},
    "no action": {"TransactItems": [{"Frobnicate": {}}, 7]},
}


def _write_current(config: Path, text: str) -> Path:
    """A draft file a window that is gone left (the next start takes it over)."""
    folder = DraftStore().current.folder
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "gone.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("request_", list(DAMAGED_REQUESTS.values()), ids=list(DAMAGED_REQUESTS))
def test_a_draft_with_a_damaged_request_is_set_aside_and_the_builder_opens(
        make_panel, config: Path, request_: dict[str, Any]) -> None:
    text = json.dumps({"format": FORMAT, "request": request_, "forms": [], "saved_at": 1.0})
    _write_current(config, text)
    panel = make_panel()
    assert panel.request_json()["TransactItems"] == []
    note = panel.drafts.note
    assert not note.isHidden() and not note.discard_button.isVisibleTo(panel)
    assert "so it was not restored" in note.text.text() and ".corrupt-" in note.text.text()
    aside = [p for p in DraftStore().current.folder.iterdir() if ".corrupt-" in p.name]
    assert len(aside) == 1 and json.loads(aside[0].read_text())["request"] == request_  # kept
    panel.drafts.end()
    assert make_panel().drafts.note.isHidden()  # the start after is clean


def test_a_garbage_draft_file_does_not_stop_the_builder(make_panel, config: Path) -> None:
    _write_current(config, "\x00garbage{{{ not a draft")
    panel = make_panel()
    assert panel.request_json()["TransactItems"] == []
    assert ".corrupt-" in panel.drafts.note.text.text()


def test_a_named_draft_with_a_damaged_request_is_said_not_opened(make_panel, seeded_table: str) -> None:
    panel = make_panel()
    tx = binary_tx(seeded_table)
    panel.set_transaction(tx.copy())
    store = panel.drafts.store
    store.save_named("bad", Draft(request=DAMAGED_REQUESTS["base64 that is not"]))
    depth = panel.drafts.undo.stack.count()
    panel.drafts.open_draft(store.open_named("bad"))
    assert values_of(panel) == expected(tx)  # the builder's work is as it was
    assert panel.drafts.undo.stack.count() == depth
    assert "could not be opened" in panel.status.text()
