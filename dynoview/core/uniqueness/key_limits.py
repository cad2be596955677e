"""DynamoDB's key size limits, for the keys the lookups compute rather than read.

A lookalike or clash form of a valid value can be longer than the value (every ``m`` becomes
``rn``), so the lock key of a form may be over the limit; DynamoDB then fails the whole read
("Hash primary key values must be under 2048 bytes") instead of answering "no item". No item
can exist at such a key, so the lookups skip it (and say so) without losing anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: The limits ``tx.keys`` checks a transaction's keys against (a test keeps the two equal;
#: ``tx`` imports ``uniqueness``, so importing them from there would be a package cycle).
#: Partition keys (of the table and of its indexes) hold at most 2048 bytes, sort keys 1024.
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


def oversized(key: Mapping[str, Any], partition_key: str) -> bool:
    """Whether ``key`` (``partition_key`` names its partition key, any other attribute is the
    sort key) is longer than DynamoDB allows, so no item can exist there."""
    return any(key_bytes(av) > (MAX_PARTITION_KEY_BYTES if name == partition_key else MAX_SORT_KEY_BYTES)
               for name, av in key.items())


def fits_partition_key(value: str) -> bool:
    """Whether a String can be a partition key (of the table or of an index) at all."""
    return len(value.encode("utf-8", "surrogatepass")) <= MAX_PARTITION_KEY_BYTES


def skipped_note(what: str) -> str:
    """The note for lookups skipped because their key is over the limit."""
    return (f"{what} longer than DynamoDB allows for a key (a partition key holds at most "
            f"{MAX_PARTITION_KEY_BYTES} bytes, a sort key {MAX_SORT_KEY_BYTES}), so no item can exist "
            "there and it was not read.")
