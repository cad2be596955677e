"""Which columns the items view shows for a table, in what order, sorted how; saved per table.

Apart from the sort keys (``core.reads.columns``): the Items tab applies a layout to each read's
columns, which must not wait for their imports (decimal, the value display).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


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
