"""The staged set in the drafts folder: read back exactly, a damaged file set aside."""

from __future__ import annotations

from pathlib import Path

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.edits.persist import edits_from_json, edits_to_json, restore_staged, save_staged
from dynoview.core.edits.staging import StagedEdits
from dynoview.core.session.tables import KeyAttribute, TableInfo

INFO = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
ITEM = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "blob": {"B": b"\x00\xff"},
        "n": {"N": "0.1000000000000000000000000000000000001"}}


def staged_set() -> StagedEdits:
    staged = StagedEdits("local")
    staged.stage_text(INFO, ITEM, "blob", "BS", '["AAE=", "/w=="]')
    staged.stage_text(INFO, ITEM, "n", "N", "12345678901234567890123456789012345678")
    staged.stage(INFO, ITEM, "PKX", {"M": {"a": {"L": [{"NULL": True}]}}})
    return staged


def test_a_set_round_trips_through_the_store_exactly(tmp_path: Path) -> None:
    store = DraftStore(tmp_path)
    staged = staged_set()
    save_staged(store, staged)
    assert store.edits_path.exists()
    back, problem = restore_staged(store)
    assert problem is None and back is not None
    assert back.connection == "local"
    assert [(e.table, e.key, e.seen, e.cells) for e in back] == \
        [(e.table, e.key, e.seen, e.cells) for e in staged]
    assert edits_to_json(back) == edits_to_json(staged)
    save_staged(store, StagedEdits())  # nothing staged: nothing to restore
    assert not store.edits_path.exists() and restore_staged(store) == (None, None)


def test_a_damaged_file_is_set_aside_with_a_sentence(tmp_path: Path) -> None:
    store = DraftStore(tmp_path)
    store.root.mkdir(parents=True, exist_ok=True)
    store.edits_path.write_text('{"format": 1, "items": [{"table": "t", "cells": []}]}')
    back, problem = restore_staged(store)
    assert back is None and problem is not None
    assert "could not be read (an item has no staged cells)" in problem
    assert not store.edits_path.exists() and list(tmp_path.glob("staged-edits.json.corrupt-*"))
    store.edits_path.write_text("{not json")
    assert "it is not valid JSON" in (restore_staged(store)[1] or "")


def test_the_builder_drafts_are_untouched(tmp_path: Path) -> None:
    store = DraftStore(tmp_path)
    store.save_current(Draft(request={"TransactItems": [{"Put": {"TableName": "t", "Item": {}}}]}))
    save_staged(store, staged_set())
    loaded = store.load_current()
    assert loaded.problem is None and loaded.draft is not None and loaded.draft.action_count == 1
    assert edits_from_json(edits_to_json(staged_set())).count == 3
