"""The staged set in the drafts folder (``drafts.store.DraftStore``'s ``staged-edits.json``), so
staged cells survive a restart or a kill. Values are DynamoDB JSON (binary as base64): a set
read back is the set staged, numbers and binary included."""

from __future__ import annotations

from typing import Any

from dynoview.core.drafts.model import DraftError
from dynoview.core.drafts.store import DraftStore
from dynoview.core.edits.staging import CellChange, ItemEdits, StagedEdits
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
    """Write the set (an empty one removes the file: nothing to restore)."""
    if staged:
        store.save_edits(edits_to_json(staged))
    else:
        store.clear_edits()


def restore_staged(store: DraftStore) -> tuple[StagedEdits | None, str | None]:
    """The set the last session left (None: none), or None and why the file was set aside."""
    return store.load_edits(edits_from_json)
