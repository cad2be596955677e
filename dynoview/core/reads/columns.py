"""Which columns the items view shows for a table, in what order, sorted how; saved per table.

Sorting orders the items already loaded (DynamoDB sorts only a Query, by its sort key):
the keys compare as DynamoDB compares values where it can (numbers by value, strings and
binary by their bytes), missing values last, other types by their text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from dynoview.core.values.display import display_text
from dynoview.core.values.types import type_code

# Kinds of value, in the order a sort puts them; a missing value comes after all of them.
_RANK = {"N": 0, "S": 1, "B": 2, "BOOL": 3}


@dataclass(frozen=True)
class ColumnLayout:
    """The user's choices for one table's columns (names, never positions: columns come and
    go as pages bring new attributes)."""

    order: tuple[str, ...] = ()  # names in the order shown; columns not listed follow
    hidden: frozenset[str] = field(default_factory=frozenset)
    sort: str | None = None  # the sorted column's name
    descending: bool = False

    def arranged(self, columns: Sequence[str]) -> list[str]:
        """``columns`` (the model's order) in the order to show them."""
        present = set(columns)
        placed = [name for name in self.order if name in present]
        seen = set(placed)
        return placed + [name for name in columns if name not in seen]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.order:
            data["order"] = list(self.order)
        if self.hidden:
            data["hidden"] = sorted(self.hidden)
        if self.sort:
            data["sort"] = self.sort
            data["descending"] = self.descending
        return data

    @classmethod
    def from_json(cls, data: Any) -> ColumnLayout:
        """A layout from saved settings; anything malformed reads as the default."""
        if not isinstance(data, Mapping):
            return cls()

        def names(key: str) -> list[str]:
            value = data.get(key, [])
            return [n for n in value if isinstance(n, str)] if isinstance(value, list) else []

        sort = data.get("sort")
        return cls(order=tuple(dict.fromkeys(names("order"))), hidden=frozenset(names("hidden")),
                   sort=sort if isinstance(sort, str) and sort else None,
                   descending=bool(data.get("descending", False)))

    @property
    def is_default(self) -> bool:
        return self == ColumnLayout()


def sort_key(av: Mapping[str, Any] | None) -> tuple[Any, ...]:
    """A key that orders attribute values of one column (None, a missing value, last)."""
    if av is None:
        return (len(_RANK) + 1,)
    code = type_code(av)
    if code == "N":
        try:
            return (_RANK["N"], Decimal(av["N"]))
        except (InvalidOperation, TypeError):
            pass
    elif code == "S":
        return (_RANK["S"], av["S"].encode("utf-8"))  # DynamoDB compares strings by UTF-8 bytes
    elif code == "B":
        return (_RANK["B"], bytes(av["B"]))
    elif code == "BOOL":
        return (_RANK["BOOL"], bool(av["BOOL"]))
    return (len(_RANK), display_text(av, limit=400))


def sorted_rows(items: Sequence[Mapping[str, Any]], column: str, descending: bool = False
                ) -> list[int]:
    """Indexes of ``items`` sorted by ``column``: stable, missing values last either way."""
    present = [i for i, item in enumerate(items) if column in item]
    missing = [i for i, item in enumerate(items) if column not in item]
    present.sort(key=lambda i: sort_key(items[i][column]), reverse=descending)
    return present + missing
