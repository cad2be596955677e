"""Each staged cell as people read it: ``email: S ada@lovelace.io → S ada@engine.uk``, a set's
members added and removed, a map's keys added, removed and changed; and what a change to an
account's protected value does to its lock."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dynoview.core.edits.staging import CellChange, ItemEdits
from dynoview.core.tx.template_inputs import protected_changes
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.display import display_text
from dynoview.core.values.equality import values_equal
from dynoview.core.values.types import SET_TYPES, type_code

VALUE_LIMIT = 60  # characters of a value in a diff line (the tooltip has the whole value)


def value_text(av: Mapping[str, Any] | None, limit: int = VALUE_LIMIT) -> str:
    """``S ada@lovelace.io``, ``N 42``; ``(absent)`` for no value."""
    if av is None:
        return "(absent)"
    return f"{type_code(av)} {display_text(av, limit=limit)}"


def _members(av: Mapping[str, Any]) -> list[str]:
    return [display_text({type_code(av)[0]: m}, limit=VALUE_LIMIT) for m in av[type_code(av)]]


def _set_diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    before, after = _members(old), _members(new)
    added = [m for m in after if m not in before]
    removed = [m for m in before if m not in after]
    parts = []
    if added:
        parts.append("+" + ", +".join(added))
    if removed:
        parts.append("−" + ", −".join(removed))
    return f"{type_code(new)} " + ("; ".join(parts) or "members reordered")


def _map_diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    before, after = old["M"], new["M"]
    added = [k for k in after if k not in before]
    removed = [k for k in before if k not in after]
    changed = [k for k in after if k in before and not values_equal(before[k], after[k])]
    parts = [f"{sign}{name}" for sign, names in (("+", added), ("−", removed), ("~", changed))
             for name in names]
    return "M keys " + ", ".join(parts) if parts else "M unchanged"


def describe_change(change: CellChange) -> str:
    """One line for the staged pane: what the cell was and what it becomes."""
    old, new = change.old, change.new
    if old is None:
        return f"{change.attribute}: added, {value_text(new)}"
    if new is None:
        return f"{change.attribute}: removed (was {value_text(old)})"
    code = type_code(new)
    if type_code(old) == code and code in SET_TYPES:
        return f"{change.attribute}: {_set_diff(old, new)}"
    if type_code(old) == code == "M":
        return f"{change.attribute}: {_map_diff(old, new)}"
    return f"{change.attribute}: {value_text(old)} → {value_text(new)}"


def was_text(change: CellChange) -> str:
    """A staged cell's tooltip: ``was S ada@lovelace.io`` (the whole value, within reason)."""
    return "was " + value_text(change.old, limit=2000)


def lock_notes(edits: ItemEdits, schema: UniquenessSchema | None) -> dict[str, str]:
    """Per protected attribute this item's staged cells change: what happens to its lock."""
    if schema is None:
        return {}
    notes = {}
    for change in protected_changes(schema, edits.before(), edits.after()):
        rule = change.rule
        if change.new is None:
            notes[rule.attribute] = f"protected: the {rule.name} lock {change.old} is released"
        elif change.old is None:
            notes[rule.attribute] = f"protected: a {rule.name} lock {change.new} is put"
        else:
            notes[rule.attribute] = (f"protected: the {rule.name} lock moves from {change.old} "
                                     f"to {change.new}")
    return notes
