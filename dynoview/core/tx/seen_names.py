"""The names a Delete's item held when the user was shown it (``Action.seen``), kept beside
a request.

A request's JSON (the builder's undo snapshots, drafts) carries only what is sent, and
``seen`` is never sent. Without it, a Delete brought back by Ctrl+Z or from a draft would lose
the preflight's check for attributes added since (``preflight.unseen``) and could delete one
another writer added. ``SeenNames`` remembers them by table and key, and gives them back to a
Delete of the same item that arrives without them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from dynoview.core.tx.model import DELETE, Action
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.types import ValueParseError


def _where(table: str, key: Mapping[str, Any]) -> tuple[str, str]:
    # DynamoDB JSON (binary as base64 text), sorted: one text per item, whatever its form.
    return table, json.dumps({k: to_dynamodb_json(v) for k, v in key.items()}, sort_keys=True)


def seen_entries(actions: Iterable[Action]) -> list[dict[str, Any]]:
    """The names ``actions``' Deletes carry, as a draft keeps them (``SeenNames.load_json``)."""
    entries = []
    for action in actions:
        if action.kind == DELETE and action.seen is not None:
            try:
                key = {k: to_dynamodb_json(v) for k, v in action.key.items()}
            except (ValueError, TypeError, KeyError):
                continue
            entries.append({"table": action.table, "key": key, "seen": list(action.seen)})
    return entries


class SeenNames:
    """What each Delete of a shown item held then, by (table, key)."""

    def __init__(self) -> None:
        self._names: dict[tuple[str, str], tuple[str, ...]] = {}

    def remember(self, actions: Iterable[Action]) -> None:
        for action in actions:
            if action.kind == DELETE and action.seen is not None:
                try:
                    self._names[_where(action.table, action.key)] = action.seen
                except (ValueError, TypeError, KeyError):
                    continue  # a key being typed: nothing to remember yet

    def restore(self, actions: Iterable[Action]) -> None:
        """Give each Delete without ``seen`` the names remembered for its item."""
        for action in actions:
            if action.kind == DELETE and action.seen is None:
                try:
                    action.seen = self._names.get(_where(action.table, action.key))
                except (ValueError, TypeError, KeyError):
                    continue

    def load_json(self, entries: Any) -> None:
        """Remember what a draft kept (``seen_entries``); entries that are not of that form are skipped:
        a Delete left without names is one the preflight checks as before."""
        if not isinstance(entries, list):
            return
        for entry in entries:
            if not isinstance(entry, dict):
                continue
            table, key, seen = entry.get("table"), entry.get("key"), entry.get("seen")
            if not (isinstance(table, str) and isinstance(key, dict) and isinstance(seen, list)
                    and all(isinstance(name, str) for name in seen)):
                continue
            try:
                memory_key = {name: from_dynamodb_json(av, name) for name, av in key.items()}
                self._names[_where(table, memory_key)] = tuple(seen)
            except (ValueParseError, ValueError, TypeError, KeyError):
                continue
