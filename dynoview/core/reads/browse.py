"""What the items view asks for, turned into an exact Scan or Query request.

Every attribute name goes through generated ExpressionAttributeNames, so
reserved words (name, status, ttl, ...) and names with dots just work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse_filters import filter_expression, order_key, out_of_order
from dynoview.core.reads.browse_options import DEFAULT_PAGE_SIZE, FILTER_OPERATORS, SORT_KEY_OPERATORS
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES, key_bytes

if TYPE_CHECKING:  # a type only: table descriptions load with the connection, after the first paint
    from dynoview.core.session.tables import KeyAttribute, TableInfo

__all__ = ["DEFAULT_PAGE_SIZE", "FILTER_OPERATORS", "SORT_KEY_OPERATORS", "BrowseSpec", "FilterSpec",
           "build_request", "column_order"]


@dataclass(frozen=True)
class FilterSpec:
    """One filter: ``attribute`` exactly as typed (DynamoDB names may begin or end with spaces);
    ``value`` the value, or an IN's JSON list; ``upper`` a BETWEEN's upper bound."""

    attribute: str
    operator: str
    value: str = ""
    value_type: str = "S"
    upper: str = ""


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


def _typed(key: KeyAttribute, text: str, field: str, limit: int) -> dict[str, Any]:
    if key.type == "S" and text == "":
        raise DynoViewError(f"{key.name} is a key attribute: it cannot be an empty string.",
                            field=field)
    # The value parsers load with the first read: the Items tab imports this module before the
    # window's first paint.
    from dynoview.core.values.types import ValueParseError
    from dynoview.core.values.user_text import parse_value

    try:
        value = parse_value(key.type, text)
    except ValueParseError as exc:
        raise DynoViewError(f"{key.name} ({key.type}): {exc.message}", field=field) from exc
    # DynamoDB refuses a key condition value over the key's limit (ValidationException), and no
    # item can hold such a key: say so at the field instead of sending the request.
    size = key_bytes(value)
    if size > limit:
        raise DynoViewError(
            f"{key.name} is a key attribute and holds at most {limit} bytes; this value has {size}, "
            "so no item can have it. Shorten the value.", field=field)
    return value


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
    flt = spec.filter if spec.filter is not None and spec.filter.attribute else None
    if spec.mode == "Query":
        pk, sk = table.keys_for(spec.index)
        pk_value = _typed(pk, spec.pk_value, 'pk_value', MAX_PARTITION_KEY_BYTES)
        # Key names are top-level attributes, dots and brackets included: never document paths.
        parts = [f"{ph.literal_name(pk.name)} = {ph.value(pk_value)}"]
        sk_operator, sk_values, fields = spec.sk_operator, spec.sk_values, _SK_FIELDS
        if flt is not None and flt.attribute in {pk.name, *([sk.name] if sk else [])}:
            # DynamoDB refuses key attributes of the queried table or index in a FilterExpression.
            sk_operator, sk_values = _filter_as_key_condition(flt, pk, sk, spec.sk_operator)
            flt, fields = None, _FILTER_FIELDS
        if sk_operator:
            if sk is None:
                raise DynoViewError("This table or index has no sort key to compare.",
                                    field="sk_operator")
            parts.append(_sort_key_condition(ph, sk, sk_operator, sk_values, fields))
        request["KeyConditionExpression"] = " AND ".join(parts)
    elif spec.mode != "Scan":
        raise DynoViewError(f"Unknown read mode {spec.mode!r}.", field="mode")
    if flt is not None:
        request["FilterExpression"] = filter_expression(ph, flt)
    if ph.names:
        request["ExpressionAttributeNames"] = dict(ph.names)
    if ph.values:
        request["ExpressionAttributeValues"] = dict(ph.values)
    return spec.mode, request


# Operators a filter on the sort key can become in a Query's key condition.
_AS_KEY_CONDITION = frozenset({"=", "<", "<=", ">", ">=", "begins_with", "between"})
# The form's fields that a sort key condition came from: (operator, value, upper bound).
_SK_FIELDS = ("sk_operator", "sk_value0", "sk_value1")
_FILTER_FIELDS = ("filter_operator", "filter_value", "filter_value1")


def _filter_as_key_condition(flt: FilterSpec, pk: KeyAttribute, sk: KeyAttribute | None,
                             sk_operator: str | None) -> tuple[str, tuple[str, ...]]:
    """A Query's filter on the sort key as its key condition; refused on the partition key."""
    if sk is None or flt.attribute == pk.name:
        raise DynoViewError(
            f"{flt.attribute} is the partition key of this read: the Query already reads only the "
            f"items whose {flt.attribute} is the value typed above, and DynamoDB refuses key "
            "attributes in a filter. Clear the filter, or Scan to filter on it.",
            field="filter_attribute")
    if sk_operator:
        raise DynoViewError(
            f"{sk.name} is the sort key of this read and already has a condition; DynamoDB refuses "
            "key attributes in a filter. Clear the filter, or change the sort key condition.",
            field="filter_attribute")
    if flt.operator not in _AS_KEY_CONDITION:
        raise DynoViewError(
            f"{sk.name} is the sort key of this read: DynamoDB takes it only in the key condition, "
            f"which has no {flt.operator}. Use =, <, <=, >, >=, begins_with or between, or Scan to "
            "filter on it.", field="filter_operator")
    if flt.value_type != sk.type:
        raise DynoViewError(
            f"{sk.name} is a sort key of type {sk.type}: compare it with a {sk.type} value, not "
            f"{flt.value_type}.", field="filter_type")
    return flt.operator, (flt.value, flt.upper)


def _sort_key_condition(ph: Any, sk: KeyAttribute, operator: str, texts: tuple[str, ...],
                        fields: tuple[str, str, str]) -> str:
    if operator not in SORT_KEY_OPERATORS:
        raise DynoViewError(f"Unknown sort key operator {operator!r}.", field=fields[0])
    if operator == "begins_with" and sk.type == "N":
        raise DynoViewError("begins_with works on string and binary sort keys, "
                            f"and {sk.name} is a number.", field=fields[0])
    needed = 2 if operator == "between" else 1
    values = [_typed(sk, v, fields[1 + i], MAX_SORT_KEY_BYTES) for i, v in enumerate(texts[:needed])]
    if len(values) < needed:
        raise DynoViewError("BETWEEN needs a lower and an upper value.", field=fields[2])
    name = ph.literal_name(sk.name)
    if operator == "begins_with":
        return f"begins_with({name}, {ph.value(values[0])})"
    if operator == "between":
        if order_key(values[0]) > order_key(values[1]):
            raise out_of_order(texts[0], texts[1], fields[2])
        return f"{name} BETWEEN {ph.value(values[0])} AND {ph.value(values[1])}"
    return f"{name} {operator} {ph.value(values[0])}"


def column_order(table: TableInfo, seen: list[str]) -> list[str]:
    """Key attributes first (table, then index keys), then the others in order first seen."""
    keys = list(table.key_names)
    for idx in table.indexes:
        for key in (idx.partition_key, idx.sort_key):
            if key is not None and key.name not in keys:
                keys.append(key.name)
    keys = [k for k in keys if k in seen or k in table.key_names]
    return keys + [name for name in seen if name not in keys]
