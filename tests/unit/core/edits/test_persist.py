"""The staged set in the drafts folder: read back exactly, a damaged file set aside, each
window's set its own, and every set a window that is gone left taken over once."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.drafts.window_files import Held
from dynoview.core.edits.persist import (
    edits_from_json,
    edits_to_json,
    restore_staged,
    save_staged,
    take_over_staged,
)
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
    (tmp_path / "staged-edits.json").write_text(  # an older version's single file
        '{"format": 1, "items": [{"table": "t", "cells": []}]}')
    restored = take_over_staged(store, StagedEdits(), "local")
    assert restored.edits is None and len(restored.problems) == 1
    assert "could not be read (an item has no staged cells)" in restored.problems[0]
    assert store.leftover_edits() == [] and list(store.edits.folder.glob("*.json.corrupt-*"))
    (store.edits.folder / "gone.json").write_text("{not json")
    assert "it is not valid JSON" in take_over_staged(store, StagedEdits(), "local").problems[0]
    store.edits_path.parent.mkdir(exist_ok=True)
    store.edits_path.write_text("[]")  # this window's own file, damaged
    assert "could not be read (it is not a JSON object)" in (restore_staged(store)[1] or "")


def window(tmp_path: Path) -> DraftStore:
    """One window's store (its own staged-edits file) in the shared drafts folder."""
    return DraftStore(tmp_path)


def stage(store: DraftStore, staged: StagedEdits, acct: str, attribute: str, value: str,
          connection: str = "local") -> None:
    item = {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, attribute: {"S": "before"}}
    staged.stage_text(INFO, item, attribute, "S", value, connection=connection)
    save_staged(store, staged)


def cells(staged: StagedEdits | None) -> set[tuple[str, str, str]]:
    assert staged is not None
    return {(e.key["PK"]["S"], c.attribute, c.new["S"] if c.new else "") for e in staged for c in e.cells}


def test_two_windows_on_one_table_each_keep_their_set(tmp_path: Path) -> None:
    a, b = window(tmp_path), window(tmp_path)
    mine, theirs = StagedEdits(), StagedEdits()
    stage(a, mine, "a1", "name", "from A")
    stage(b, theirs, "a1", "city", "from B")
    stage(a, mine, "a2", "name", "A again")  # A's later save does not drop B's set
    assert cells(restore_staged(a)[0]) == {("ACCT#a1", "name", "from A"), ("ACCT#a2", "name", "A again")}
    assert cells(restore_staged(b)[0]) == {("ACCT#a1", "city", "from B")}
    # Neither window takes the other's while both run.
    assert a.leftover_edits() == [] and take_over_staged(a, mine, "local").edits is None
    mine.discard_all()
    save_staged(a, mine)  # A discards: only A's file goes
    assert not a.edits_path.exists() and cells(restore_staged(b)[0]) == {("ACCT#a1", "city", "from B")}


def test_a_restart_takes_over_every_set_left_for_its_connection(tmp_path: Path) -> None:
    a, b = window(tmp_path), window(tmp_path)
    first, second = StagedEdits(), StagedEdits()
    stage(a, first, "a1", "name", "from A")
    stage(b, second, "a1", "city", "from B")
    stage(b, second, "a2", "name", "also B")
    a.release()
    b.release()  # both windows are gone
    c = window(tmp_path)
    restored = take_over_staged(c, StagedEdits(), "local")
    assert cells(restored.edits) == {("ACCT#a1", "name", "from A"), ("ACCT#a1", "city", "from B"),
                                     ("ACCT#a2", "name", "also B")}
    assert sorted(t.count for t in restored.taken) == [1, 2] and restored.kept == ()
    assert all(t.connection == "local" and t.opened_at and t.saved_at for t in restored.taken)
    assert [p.name for p in c.edits.folder.glob("*.json")] == [c.edits_path.name]
    assert cells(restore_staged(c)[0]) == cells(restored.edits)  # in C's own file now
    assert take_over_staged(window(tmp_path), StagedEdits(), "local").taken == ()  # C runs: not taken


def test_another_connection_and_other_values_for_the_same_cell_are_kept(tmp_path: Path) -> None:
    a, b, p = window(tmp_path), window(tmp_path), window(tmp_path)
    stage(a, StagedEdits(), "a1", "name", "from A")
    stage(b, StagedEdits(), "a1", "name", "from B")  # the same cell, another value
    stage(p, StagedEdits(), "a9", "name", "on prod", connection="prod")
    for gone in (a, b, p):
        gone.release()
    c = window(tmp_path)
    restored = take_over_staged(c, StagedEdits(), "local")
    assert len(restored.taken) == 1 and cells(restored.edits) in (
        {("ACCT#a1", "name", "from A")}, {("ACCT#a1", "name", "from B")})
    assert sorted((k.connection, k.count) for k in restored.kept) == [("local", 1), ("prod", 1)]
    assert len(c.leftover_edits()) == 2  # nothing lost: both stay for later
    c.release()
    prod = take_over_staged(window(tmp_path), StagedEdits(), "prod")
    assert cells(prod.edits) == {("ACCT#a9", "name", "on prod")} and prod.edits.connection == "prod"


def test_a_kill_between_keeping_and_removing_leaves_the_set_twice_never_nowhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = window(tmp_path)
    stage(a, StagedEdits(), "a1", "name", "from A")
    a.release()
    c = window(tmp_path)

    def killed(self: Held) -> None:
        raise KeyboardInterrupt  # a signal after C's own file was written

    monkeypatch.setattr(Held, "remove", killed)
    with pytest.raises(KeyboardInterrupt):
        take_over_staged(c, StagedEdits(), "local")
    monkeypatch.undo()
    c.release()  # C is killed too
    d = window(tmp_path)
    restored = take_over_staged(d, StagedEdits(), "local")
    assert len(restored.taken) == 2 and cells(restored.edits) == {("ACCT#a1", "name", "from A")}
    assert restored.edits is not None and restored.edits.count == 1  # the same cell, once


def test_windows_saving_and_taking_over_at_once_lose_nothing(tmp_path: Path) -> None:
    """Eight windows stage and save in threads at once; then four new windows take over at
    once: every staged cell ends in exactly one of them."""
    def run_window(n: int) -> None:
        store, staged = window(tmp_path), StagedEdits()
        for i in range(25):
            stage(store, staged, f"w{n}-{i % 5}", f"attr{i}", f"{n}:{i}")
        store.release()

    threads = [threading.Thread(target=run_window, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    results: list[StagedEdits | None] = [None] * 4
    takers_stores = [window(tmp_path) for _ in range(4)]  # held until all are done: still open

    def take(n: int) -> None:
        results[n] = take_over_staged(takers_stores[n], StagedEdits(), "local").edits

    takers = [threading.Thread(target=take, args=(n,)) for n in range(4)]
    for t in takers:
        t.start()
    for t in takers:
        t.join()
    found = [cell for r in results if r is not None for cell in cells(r)]
    assert len(found) == 8 * 25 and len(set(found)) == 8 * 25  # all, and none taken twice
    assert sorted(found) == sorted((f"ACCT#w{n}-{i % 5}", f"attr{i}", f"{n}:{i}")
                                   for n in range(8) for i in range(25))


def test_the_builder_drafts_are_untouched(tmp_path: Path) -> None:
    store = DraftStore(tmp_path)
    store.save_current(Draft(request={"TransactItems": [{"Put": {"TableName": "t", "Item": {}}}]}))
    save_staged(store, staged_set())
    loaded = store.load_current()
    assert loaded.problem is None and loaded.draft is not None and loaded.draft.action_count == 1
    assert edits_from_json(edits_to_json(staged_set())).count == 3
