"""The staged set in the drafts folder (``drafts.store.DraftStore``: one file per window in
``staged-edits/``), so staged cells survive a restart or a kill, and two windows never drop
each other's. Values are DynamoDB JSON (binary as base64): a set read back is the set staged,
numbers and binary included.

A window that connects takes over the sets that windows which are gone left for that
connection (``take_over_staged``): merged into its own set and written to its own file first,
then their files removed. A set for another connection, or one staging other values for the
same cells, is left where it is (said), for a later connection.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from dynoview.core.drafts.model import DraftError, checked_time
from dynoview.core.drafts.store import DraftStore, Held
from dynoview.core.edits.staging import CellChange, ItemEdits, StagedEdits, same_connection
from dynoview.core.session.private_files import PrivateFileError
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json

FORMAT = 1
Item = dict[str, Any]


def _item_json(item: Item) -> dict[str, Any]:
    return {name: to_dynamodb_json(av) for name, av in item.items()}


def _value_json(av: Item | None) -> Any:
    return None if av is None else to_dynamodb_json(av)


def edits_to_json(staged: StagedEdits) -> dict[str, Any]:
    return {"format": FORMAT, "connection": staged.connection, "items": [
        {"table": e.table, "key": _item_json(e.key), "seen": _item_json(e.seen),
         "cells": [{"attribute": c.attribute, "old": _value_json(c.old), "new": _value_json(c.new)}
                   for c in e.cells]}
        for e in staged]}


def _item(data: Any, what: str) -> Item:
    if not isinstance(data, dict):
        raise DraftError(f"its {what} is not a JSON object")
    return {str(name): from_dynamodb_json(av, str(name)) for name, av in data.items()}


def _cell(data: Any) -> CellChange:
    if not isinstance(data, dict) or not isinstance(data.get("attribute"), str):
        raise DraftError("a staged cell has no attribute name")
    name = data["attribute"]
    old, new = data.get("old"), data.get("new")
    return CellChange(name, None if old is None else from_dynamodb_json(old, name),
                      None if new is None else from_dynamodb_json(new, name))


def edits_from_json(data: Any) -> StagedEdits:
    """The staged set a file holds; ``DraftError`` (or a value's ``ValueParseError``) says
    what is wrong with one that cannot be used."""
    if not isinstance(data, dict):
        raise DraftError("it is not a JSON object")
    if data.get("format") != FORMAT:
        raise DraftError(f"its format is {data.get('format')!r}, not {FORMAT}")
    connection = data.get("connection")
    if connection is not None and not isinstance(connection, str):
        raise DraftError("its connection is not text")
    items = data.get("items")
    if not isinstance(items, list):
        raise DraftError("its items are not a list")
    staged = []
    for entry in items:
        if not isinstance(entry, dict) or not isinstance(entry.get("table"), str):
            raise DraftError("an item has no table name")
        cells = entry.get("cells")
        if not isinstance(cells, list) or not cells:
            raise DraftError("an item has no staged cells")
        staged.append(ItemEdits(entry["table"], _item(entry.get("key"), "key"),
                                _item(entry.get("seen", {}), "item"),
                                tuple(_cell(c) for c in cells)))
    return StagedEdits(connection, staged)


def save_staged(store: DraftStore, staged: StagedEdits) -> None:
    """Write this window's set (an empty one removes its file: nothing to restore); with when
    it was saved and when the window opened, for the window that may take it over."""
    if staged:
        store.save_edits({**edits_to_json(staged), "saved_at": time.time(),
                          "window_opened_at": store.edits.opened_at})
    else:
        store.clear_edits()


def restore_staged(store: DraftStore) -> tuple[StagedEdits | None, str | None]:
    """This window's own set as its file holds it (None: none), or None and why the file was
    set aside."""
    return store.load_edits(edits_from_json)


@dataclass(frozen=True)
class Leftover:
    """A set a window that is gone left: how many cells, where, and when."""

    count: int
    connection: str | None
    saved_at: float
    opened_at: float | None


@dataclass(frozen=True)
class Restored:
    """What ``take_over_staged`` did: the window's set now (None: unchanged), the sets taken
    over, those left for later (another connection, or other values for the same cells), and
    sentences for files that could not be read (set aside) or taken."""

    edits: StagedEdits | None = None
    taken: tuple[Leftover, ...] = ()
    kept: tuple[Leftover, ...] = ()
    problems: tuple[str, ...] = ()


def _time(data: dict[str, Any], key: str) -> float | None:
    """``data[key]`` as a time every clock function can show, else None (the file's own time is
    said instead): a damaged time (1e300, NaN, text) must not cost the staged cells."""
    try:
        return checked_time(data.get(key), key)
    except DraftError:
        return None


def _leftover_from_json(data: Any) -> tuple[StagedEdits, float | None, float | None]:
    staged = edits_from_json(data)
    return staged, _time(data, "saved_at"), _time(data, "window_opened_at")


def take_over_staged(store: DraftStore, mine: StagedEdits, connection: str) -> Restored:
    """Merge into ``mine`` the sets that windows which are gone left for ``connection``
    (newest first), written to this window's file (once, whole) before their files are
    removed: a kill between the two leaves a set twice (merged as one later), never nowhere."""
    combined: StagedEdits | None = None
    taken: list[Leftover] = []
    kept: list[Leftover] = []
    problems: list[str] = []
    holding: list[Held] = []  # merged, removed once this window's file holds them
    try:
        for path in store.leftover_edits():
            held = store.hold_edits(path)
            if held is None:
                continue  # its window runs again, or another window took it first
            read, problem = store.parse_file(path, _leftover_from_json,
                                             "The cell edits staged in an earlier window")
            if read is None or not read[0]:
                if problem is not None:
                    problems.append(problem)
                held.remove()  # set aside, gone or empty: nothing to take
                continue
            staged, saved_at, opened_at = read
            when = saved_at if saved_at is not None else path.stat().st_mtime
            info = Leftover(staged.count, staged.connection, when, opened_at)
            merged = (combined or mine).merged(staged) if same_connection(staged.connection, connection) \
                else None
            if merged is None:
                kept.append(info)
                held.release()
                continue
            holding.append(held)
            combined = merged
            taken.append(info)
        if combined is not None:
            save_staged(store, combined)
    except (DraftError, PrivateFileError, OSError) as exc:
        for held in holding:
            held.release()
        problems.append(f"The cell edits staged in earlier windows could not be taken over ({exc}); "
                        "they stay in the drafts folder for the next start.")
        return Restored(None, (), tuple(kept), tuple(problems))
    except BaseException:
        for held in holding:
            held.release()
        raise
    for held in holding:
        held.remove()
    return Restored(combined, tuple(taken), tuple(kept), tuple(problems))
