"""One item's guarded writes, for the browser's edits and deletes and the staged cell edits.

An edit that keeps the item's key is an Update of only the attributes it changes (SET the new
values, REMOVE the removed ones), guarded on the item existing and on each of those attributes'
values as seen: attributes the edit does not touch, one another writer added since included,
are left as they are, and a change made meanwhile to one it touches cancels it. A Delete (of an
item, or of an item's old key when an edit moves it) is guarded on every attribute seen.

A guard is never cut short silently: DynamoDB refuses a condition over 4 KB of text, over 300
operators or over 1 MB with its values substituted, so a guard that does not fit is refused
with the reason (``EditRefused``), or, for a plain delete, shortened to what fits with a label
that says how much it checks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from dynoview.core.errors import InputError
from dynoview.core.expressions.builders import and_, comparison
from dynoview.core.expressions.checks import MAX_EXPRESSION_BYTES
from dynoview.core.expressions.operators import MAX_OPERATORS, operator_count
from dynoview.core.expressions.parser import parse_condition, parse_update
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.expressions.rules import MAX_SUBSTITUTED_BYTES, substituted_size
from dynoview.core.tx.model import UPDATE, Action
from dynoview.core.values.equality import values_equal

#: How many changed attributes an edit's label names before it counts the rest.
LABEL_NAMES = 5

NOTHING_CHANGED = ("Nothing changed: the item is as you saw it, so there is nothing to write. Edit "
                   "a value, or cancel.")


class EditRefused(InputError):
    """A browser edit or delete that cannot be written as one guarded action; ``message`` says
    why and what to do."""

    def __init__(self, message: str) -> None:
        self.message = message
        super().__init__(message)


class Change(Protocol):
    """One attribute an edit writes: its value as seen (None: absent) and the value to write
    (None: the attribute is removed). ``edits.staging.CellChange`` is one."""

    @property
    def attribute(self) -> str: ...

    @property
    def old(self) -> Mapping[str, Any] | None: ...

    @property
    def new(self) -> Mapping[str, Any] | None: ...


@dataclass(frozen=True)
class AttributeChange:
    """A ``Change`` found by comparing the item seen with the item edited."""

    attribute: str
    old: Mapping[str, Any] | None
    new: Mapping[str, Any] | None


def changed_attributes(old_item: Mapping[str, Any], new_item: Mapping[str, Any],
                       key_names: Sequence[str]) -> list[AttributeChange]:
    """The non-key attributes ``new_item`` adds, changes or removes, in the edited item's order
    then the removed ones; a value DynamoDB compares equal (``1`` and ``1.0``, a set reordered)
    is no change."""
    out = [AttributeChange(name, old_item.get(name), av) for name, av in new_item.items()
           if name not in key_names and (name not in old_item or not values_equal(old_item[name], av))]
    out += [AttributeChange(name, av, None) for name, av in old_item.items()
            if name not in key_names and name not in new_item]
    return out


def same_key(key_names: Sequence[str], old_item: Mapping[str, Any], new_item: Mapping[str, Any]) -> bool:
    """Whether both items have the same primary key as DynamoDB stores it: a Number key written
    ``1.0`` or ``01`` is the item ``1`` (an Update of it, never a move to another item)."""
    for name in key_names:
        old, new = old_item.get(name), new_item.get(name)
        if old is None or new is None:
            if old is not new:
                return False
        elif not values_equal(old, new):
            return False
    return True


def names_label(prefix: str, names: Sequence[str]) -> str:
    """``edited item: a, b and 3 more``: what an action writes, short enough for a list."""
    shown = ", ".join(names[:LABEL_NAMES])
    more = len(names) - LABEL_NAMES
    return f"{prefix}: {shown} and {more} more" if more > 0 else f"{prefix}: {shown}"


def _still(ph: Placeholders, attribute: str, seen: Mapping[str, Any] | None) -> str:
    """The attribute still holds the value seen, or is still absent."""
    if seen is None:
        return comparison(ph, attribute, "attribute_not_exists", literal=True)
    return comparison(ph, attribute, "=", seen, literal=True)


def guarded_update(table: str, key: Mapping[str, Any], key_names: Sequence[str],
                   changes: Sequence[Change], *, label: str,
                   held: Mapping[str, Mapping[str, Any] | None] | None = None) -> Action:
    """The item's Update: SET each changed value, REMOVE each removed attribute, guarded on the
    item existing, on each changed attribute's value as seen (``attribute_not_exists`` where it
    had none) and on ``held`` (attribute -> value seen), attributes it reads but does not write
    (a lock's scope)."""
    ph = Placeholders()
    sets, removes = [], []
    guards = [comparison(ph, key_names[0], "attribute_exists", literal=True)]
    for change in changes:
        name = ph.literal_name(change.attribute)
        if change.new is None:
            removes.append(name)
        else:
            sets.append(f"{name} = {ph.value(change.new)}")
        guards.append(_still(ph, change.attribute, change.old))
    for attribute, seen in (held or {}).items():
        guards.append(_still(ph, attribute, seen))
    clauses = []
    if sets:
        clauses.append("SET " + ", ".join(sets))
    if removes:
        clauses.append("REMOVE " + ", ".join(removes))
    return Action(kind=UPDATE, table=table, key=dict(key), update=" ".join(clauses),
                  condition=and_(*guards), names=ph.names, values=ph.values, label=label,
                  return_values="ALL_OLD")


def seen_guard(ph: Placeholders, seen: Mapping[str, Any], key_names: Sequence[str],
               limit: int | None = None) -> str:
    """Condition: the item exists and each non-key attribute seen (the first ``limit`` of them)
    still holds its value. The key needs no guard: the action names it."""
    names = [n for n in seen if n not in key_names][:limit]
    parts = [comparison(ph, key_names[0], "attribute_exists", literal=True)]
    parts += [comparison(ph, n, "=", seen[n], literal=True) for n in names]
    return and_(*parts)


def over_limit(text: str, names: Mapping[str, str], values: Mapping[str, Any], *,
               update: bool = False) -> str | None:
    """How a condition (or update) expression breaks DynamoDB's limits on one expression, as
    ``"420 operators; DynamoDB allows 300"``, or None when it fits."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_EXPRESSION_BYTES:
        return f"{size:,} bytes of expression; DynamoDB allows {MAX_EXPRESSION_BYTES:,}"
    tree: Any = parse_update(text) if update else parse_condition(text)
    count = operator_count(tree)
    if count > MAX_OPERATORS:
        return f"{count} operators; DynamoDB allows {MAX_OPERATORS}"
    full = substituted_size(text, tree, names, values)
    if full > MAX_SUBSTITUTED_BYTES:
        return f"{full:,} bytes with its values; DynamoDB allows {MAX_SUBSTITUTED_BYTES:,}"
    return None


def check_update_fits(action: Action, what: str) -> Action:
    """``action`` (a ``guarded_update``), or ``EditRefused`` when its guard or its update is
    over DynamoDB's limits; ``what`` names what it writes ("This edit changes 180 attributes")."""
    for text, update, part in ((action.condition, False, "the guard that each still holds the value "
                                "you saw"), (action.update, True, "the update")):
        problem = over_limit(text, action.names, action.values, update=update)
        if problem is not None:
            raise EditRefused(f"{what}, and {part} would need {problem}, so it was not opened. "
                              "Change fewer attributes at a time: apply part of the edit, then "
                              "edit the item again for the rest.")
    return action


def full_seen_guard(seen: Mapping[str, Any], key_names: Sequence[str],
                    what: str) -> tuple[Placeholders, str]:
    """The guard on every attribute seen, with its placeholders; ``EditRefused`` (starting with
    ``what``) when DynamoDB cannot check them all in one condition."""
    ph = Placeholders()
    cond = seen_guard(ph, seen, key_names)
    problem = over_limit(cond, ph.names, ph.values)
    if problem is not None:
        count = sum(1 for n in seen if n not in key_names)
        raise EditRefused(f"{what}; guarding that Delete on all {count} attributes you saw would need "
                          f"{problem}, and a guard on fewer could delete a change you have not "
                          "seen, so it was not opened. Build the transaction in the builder and "
                          "choose what its Delete checks.")
    return ph, cond


def fitting_seen_guard(seen: Mapping[str, Any], key_names: Sequence[str]) -> tuple[Placeholders, str, int]:
    """The guard on every attribute seen or, when DynamoDB cannot check them all in one
    condition, on as many as fit (the first ones); its placeholders, and how many it checks."""
    total = sum(1 for n in seen if n not in key_names)
    ph = Placeholders()
    cond = seen_guard(ph, seen, key_names)
    if over_limit(cond, ph.names, ph.values) is None:
        return ph, cond, total
    low, high = 0, total - 1  # the attribute_exists guard alone always fits
    while low < high:
        mid = (low + high + 1) // 2
        trial = Placeholders()
        if over_limit(seen_guard(trial, seen, key_names, mid), trial.names, trial.values) is None:
            low = mid
        else:
            high = mid - 1
    ph = Placeholders()
    return ph, seen_guard(ph, seen, key_names, low), low
