"""What the items view asks for, turned into an exact Scan or Query request.

Every attribute name goes through generated ExpressionAttributeNames, so
reserved words (name, status, ttl, ...) and names with dots just work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse_options import (
    DEFAULT_PAGE_SIZE,
    FILTER_OPERATORS,
    SORT_KEY_OPERATORS,
    UNARY_OPERATORS,
)

if TYPE_CHECKING:  # a type only: table descriptions load with the connection, after the first paint
    from dynoview.core.session.tables import KeyAttribute, TableInfo

__all__ = ["DEFAULT_PAGE_SIZE", "FILTER_OPERATORS", "SORT_KEY_OPERATORS", "BrowseSpec", "FilterSpec",
           "build_request", "column_order"]


@dataclass(frozen=True)
class FilterSpec:
    attribute: str
    operator: str
    value: str = ""
    value_type: str = "S"


@dataclass(frozen=True)
class BrowseSpec:
    """One read the user asked for in the items view."""

    table: str
    mode: str = "Scan"  # "Scan" or "Query"
    index: str | None = None
    consistent: bool = False
    page_size: int = DEFAULT_PAGE_SIZE
    pk_value: str = ""
    sk_operator: str | None = None
    sk_values: tuple[str, ...] = ()
    filter: FilterSpec | None = None


def _typed(key: KeyAttribute, text: str, field: str) -> dict[str, Any]:
    if key.type == "S" and text == "":
        raise DynoViewError(f"{key.name} is a key attribute: it cannot be an empty string.",
                            field=field)
    # The value parsers load with the first read: the Items tab imports this module before the
    # window's first paint.
    from dynoview.core.values.types import ValueParseError
    from dynoview.core.values.user_text import parse_value

    try:
        return parse_value(key.type, text)
    except ValueParseError as exc:
        raise DynoViewError(f"{key.name} ({key.type}): {exc.message}", field=field) from exc


def build_request(table: TableInfo, spec: BrowseSpec) -> tuple[str, dict[str, Any]]:
    """(operation, request) for a BrowseSpec; raises DynoViewError with the field at fault."""
    if spec.page_size < 1:
        raise DynoViewError("Page size must be at least 1.", field="page_size")
    request: dict[str, Any] = {"TableName": table.name, "Limit": spec.page_size}
    if spec.index:
        request["IndexName"] = spec.index
    if spec.consistent:
        request["ConsistentRead"] = True
    from dynoview.core.expressions.placeholders import Placeholders

    ph = Placeholders()
    if spec.mode == "Query":
        pk, sk = table.keys_for(spec.index)
        parts = [f"{ph.name(pk.name)} = {ph.value(_typed(pk, spec.pk_value, 'pk_value'))}"]
        if spec.sk_operator:
            if sk is None:
                raise DynoViewError("This table or index has no sort key to compare.",
                                    field="sk_operator")
            if spec.sk_operator not in SORT_KEY_OPERATORS:
                raise DynoViewError(f"Unknown sort key operator {spec.sk_operator!r}.",
                                    field="sk_operator")
            needed = 2 if spec.sk_operator == "between" else 1
            values = [_typed(sk, v, f"sk_value{i}") for i, v in enumerate(spec.sk_values[:needed])]
            if len(values) < needed:
                raise DynoViewError("BETWEEN needs a lower and an upper value.", field="sk_value1")
            name = ph.name(sk.name)
            if spec.sk_operator == "begins_with":
                if sk.type == "N":
                    raise DynoViewError("begins_with works on string and binary sort keys, "
                                        f"and {sk.name} is a number.", field="sk_operator")
                parts.append(f"begins_with({name}, {ph.value(values[0])})")
            elif spec.sk_operator == "between":
                parts.append(f"{name} BETWEEN {ph.value(values[0])} AND {ph.value(values[1])}")
            else:
                parts.append(f"{name} {spec.sk_operator} {ph.value(values[0])}")
        request["KeyConditionExpression"] = " AND ".join(parts)
    elif spec.mode != "Scan":
        raise DynoViewError(f"Unknown read mode {spec.mode!r}.", field="mode")
    if spec.filter is not None and spec.filter.attribute:
        request["FilterExpression"] = _filter_expression(ph, spec.filter)
    if ph.names:
        request["ExpressionAttributeNames"] = dict(ph.names)
    if ph.values:
        request["ExpressionAttributeValues"] = dict(ph.values)
    return spec.mode, request


def _filter_expression(ph: Any, flt: FilterSpec) -> str:
    if flt.operator not in FILTER_OPERATORS:
        raise DynoViewError(f"Unknown filter operator {flt.operator!r}.", field="filter_operator")
    name = ph.literal_name(flt.attribute)
    if flt.operator in UNARY_OPERATORS:
        return f"{flt.operator}({name})"
    from dynoview.core.values.types import ValueParseError
    from dynoview.core.values.user_text import parse_value

    try:
        value = parse_value(flt.value_type, flt.value)
    except ValueParseError as exc:
        raise DynoViewError(f"Filter value: {exc.message}", field="filter_value") from exc
    if flt.operator in {"begins_with", "contains"}:
        return f"{flt.operator}({name}, {ph.value(value)})"
    return f"{name} {flt.operator} {ph.value(value)}"


def column_order(table: TableInfo, seen: list[str]) -> list[str]:
    """Key attributes first (table, then index keys), then the others in order first seen."""
    keys = list(table.key_names)
    for idx in table.indexes:
        for key in (idx.partition_key, idx.sort_key):
            if key is not None and key.name not in keys:
                keys.append(key.name)
    keys = [k for k in keys if k in seen or k in table.key_names]
    return keys + [name for name in seen if name not in keys]
