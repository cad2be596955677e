"""Reads of the items view kept to run again: the recent ones per table, and saved ones by name.

A read is its ``BrowseSpec`` as JSON (what the form held), never the request: the request is
rebuilt from the spec when it runs again, so it always matches the table as it is now.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from dynoview.core.reads.browse import (
    DEFAULT_PAGE_SIZE,
    FILTER_OPERATORS,
    SORT_KEY_OPERATORS,
    BrowseSpec,
    FilterSpec,
)

HISTORY_LIMIT = 50
SAVED_LIMIT = 100


def spec_to_json(spec: BrowseSpec) -> dict[str, Any]:
    data = asdict(spec)
    data["sk_values"] = list(spec.sk_values)
    if data["filter"] is not None and not data["filter"]["upper"]:
        del data["filter"]["upper"]  # as saved before BETWEEN filters: the same read, one entry
    return data


def spec_from_json(data: Any, table: str | None = None) -> BrowseSpec | None:
    """The spec saved as ``data``; None when it is not one (a damaged or foreign entry)."""
    if not isinstance(data, Mapping):
        return None

    def text(key: str, default: str = "") -> str:
        value = data.get(key, default)
        return value if isinstance(value, str) else default

    mode = text("mode", "Scan")
    name = table or text("table")
    if mode not in ("Scan", "Query") or not name:
        return None
    page_size = data.get("page_size", DEFAULT_PAGE_SIZE)
    if not isinstance(page_size, int) or isinstance(page_size, bool) or not 1 <= page_size <= 10000:
        page_size = DEFAULT_PAGE_SIZE
    sk_operator = data.get("sk_operator")
    sk_values = data.get("sk_values", [])
    flt = data.get("filter")
    filter_spec = None
    if isinstance(flt, Mapping) and isinstance(flt.get("attribute"), str) and flt["attribute"] \
            and flt.get("operator") in FILTER_OPERATORS:
        value, value_type, upper = flt.get("value"), flt.get("value_type"), flt.get("upper")
        filter_spec = FilterSpec(flt["attribute"], flt["operator"],
                                 value if isinstance(value, str) else "",
                                 value_type if isinstance(value_type, str) else "S",
                                 upper if isinstance(upper, str) else "")
    index = data.get("index")
    return BrowseSpec(
        table=name, mode=mode, index=index if isinstance(index, str) and index else None,
        consistent=bool(data.get("consistent", False)), page_size=page_size,
        pk_value=text("pk_value"),
        sk_operator=sk_operator if sk_operator in SORT_KEY_OPERATORS else None,
        sk_values=tuple(v for v in sk_values if isinstance(v, str)) if isinstance(sk_values, list) else (),
        filter=filter_spec,
    )


def describe(spec: BrowseSpec) -> str:
    """One line for a list: "Query email-index: ada@lovelace.io, SK begins_with x · filter … ·
    strong · page 100"."""
    on = f" {spec.index}" if spec.index else ""
    parts = [f"{spec.mode}{on}"]
    if spec.mode == "Query":
        key = spec.pk_value or "(empty)"
        if spec.sk_operator:
            values = spec.sk_values[:2 if spec.sk_operator == "between" else 1]
            key += f", sort key {spec.sk_operator} {' and '.join(values)}"
        parts[0] += f": {key}"
    if spec.filter is not None:
        f = spec.filter
        # A name with blanks at an end is quoted: " email" and "email" are two attributes.
        name = json.dumps(f.attribute, ensure_ascii=False) if f.attribute != f.attribute.strip() \
            else f.attribute
        if f.operator in ("attribute_exists", "attribute_not_exists"):
            parts.append(f"filter {f.operator}({name})")
        elif f.operator == "between":
            parts.append(f"filter {name} between {f.value} and {f.upper}")
        else:
            parts.append(f"filter {name} {f.operator} {f.value}")
    if spec.consistent:
        parts.append("strongly consistent")
    parts.append(f"page {spec.page_size}")
    return " · ".join(parts)


def add_to_history(history: list[dict[str, Any]], spec: BrowseSpec) -> list[dict[str, Any]]:
    """``spec`` first (once: running it again moves it up), at most ``HISTORY_LIMIT``."""
    entry = spec_to_json(spec)
    kept = [e for e in history if e != entry]
    return [entry, *kept][:HISTORY_LIMIT]
