"""DynamoDB's key size limits, once for every package that checks a key (reads, tx, imports,
uniqueness, codegen): partition keys, of the table and of its indexes, hold at most 2,048
bytes, sort keys 1,024."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MAX_PARTITION_KEY_BYTES = 2048
MAX_SORT_KEY_BYTES = 1024


def key_bytes(av: Any) -> int:
    """The size DynamoDB counts for a key value: UTF-8 bytes of a String, bytes of a Binary
    (0 for anything else: a Number is never over the limit)."""
    if not isinstance(av, Mapping):
        return 0
    text = av.get("S")
    if isinstance(text, str):
        return len(text.encode("utf-8", "surrogatepass"))
    data = av.get("B")
    return len(data) if isinstance(data, bytes | bytearray) else 0
