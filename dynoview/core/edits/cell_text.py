"""A stored value as the text a cell editor starts from: the inverse of
``values.user_text.parse_value`` for each type, so opening an editor and accepting it unchanged
stages nothing (numbers keep their digits, binary is base64, L and M are DynamoDB JSON)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from dynoview.core.values.binary import base64_text
from dynoview.core.values.dynamodb_json import to_dynamodb_json
from dynoview.core.values.types import type_code


def cell_text(av: Mapping[str, Any], indent: int | None = None) -> str:
    """The text ``parse_value(type_code(av), text)`` turns back into ``av``."""
    code = type_code(av)
    member = av[code]
    if code in ("S", "N"):
        return str(member)
    if code == "B":
        return base64_text(bytes(member))
    if code == "BOOL":
        return "true" if member else "false"
    if code == "NULL":
        return ""
    if code == "BS":
        return json.dumps([base64_text(bytes(m)) for m in member], indent=indent)
    if code in ("SS", "NS"):
        return json.dumps(list(member), indent=indent, ensure_ascii=False)
    return json.dumps(to_dynamodb_json(av)[code], indent=indent, ensure_ascii=False)
