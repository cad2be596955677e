"""DynamoDB's key size limits, for the keys the lookups compute rather than read.

A lookalike or clash form of a valid value can be longer than the value (every ``m`` becomes
``rn``), so the lock key of a form may be over the limit; DynamoDB then fails the whole read
("Hash primary key values must be under 2048 bytes") instead of answering "no item". No item
can exist at such a key, so the lookups skip it (and say so) without losing anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES, key_bytes

if TYPE_CHECKING:
    from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema


def oversized(key: Mapping[str, Any], partition_key: str) -> bool:
    """Whether ``key`` (``partition_key`` names its partition key, any other attribute is the
    sort key) is longer than DynamoDB allows, so no item can exist there."""
    return too_long(key, partition_key) is not None


def too_long(key: Mapping[str, Any], partition_key: str) -> str | None:
    """Why no item can ever exist at ``key`` ("partition key PK would be 3,016 bytes, and
    DynamoDB allows at most 2,048"), or None when every part fits."""
    for name, av in key.items():
        part = "partition" if name == partition_key else "sort"
        limit = MAX_PARTITION_KEY_BYTES if name == partition_key else MAX_SORT_KEY_BYTES
        size = key_bytes(av)
        if size > limit:
            return f"{part} key {name} would be {size:,} bytes, and DynamoDB allows at most {limit:,}"
    return None


def unlockable(schema: UniquenessSchema, rule: LockRule | str, value: str) -> str | None:
    """Why no lock can ever be written for an account's ``value`` under the rule (its lock's
    key would be over DynamoDB's limit: the value itself has to change), or None. ``value`` is
    what ``lock_key`` takes: a value, or a scoped rule's form (``templates.lock_value``)."""
    rule = schema.rule(rule) if isinstance(rule, str) else rule
    return too_long(schema.lock_key(rule, value), schema.lock_pk_name)


def fits_partition_key(value: str) -> bool:
    """Whether a String can be a partition key (of the table or of an index) at all."""
    return len(value.encode("utf-8", "surrogatepass")) <= MAX_PARTITION_KEY_BYTES


def skipped_note(what: str) -> str:
    """The note for lookups skipped because their key is over the limit."""
    return (f"{what} longer than DynamoDB allows for a key (a partition key holds at most "
            f"{MAX_PARTITION_KEY_BYTES} bytes, a sort key {MAX_SORT_KEY_BYTES}), so no item can exist "
            "there and it was not read.")
