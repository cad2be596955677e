"""The items view's columns sorted: the keys a column's values sort by. The layout saved per
table (which columns, in what order, sorted how) is ``core.reads.column_layout``'s.

Sorting orders the items already loaded (DynamoDB sorts only a Query, by its sort key):
the keys compare as DynamoDB compares values where it can (numbers by value, strings and
binary by their bytes), missing values last, other types by their text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from dynoview.core.reads.column_layout import ColumnLayout
from dynoview.core.values.display import display_text
from dynoview.core.values.types import type_code

__all__ = ["ColumnLayout", "sort_key", "sorted_rows"]  # the layout lives in core.reads.column_layout

# Kinds of value, in the order a sort puts them; a missing value comes after all of them.
_RANK = {"N": 0, "S": 1, "B": 2, "BOOL": 3}


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
