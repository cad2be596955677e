"""What a ``Pairing`` keeps, and the batches audit workers send it.

Per rule: the stored lock values and which accounts hold each value. Per account: one
packed string (strings are not tracked by the cyclic garbage collector, so a million
accounts cost it nothing to walk). Batches are flat columns a worker process fills and
sends as MessagePack.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import compress
from operator import ne

import msgspec

from dynoview.core.uniqueness.schema import NORMALISE_LOWER, NORMALISE_TRIM_LOWER, LockRule


class RuleState:
    """What one rule needs: lock values (-> expired?) and value -> account ids."""

    __slots__ = ("holders", "locks", "rule", "shared", "unlike")

    def __init__(self, rule: LockRule) -> None:
        self.rule = rule
        self.locks: dict[str, bool] = {}
        # normalised value -> account id, or a list of ids when shared (rare; saves memory)
        self.holders: dict[str, str | list[str]] = {}
        # Forms (lock values and holder values) that differ from their clash key, while known:
        # ``apply`` adds those of each batch (worked out where the batch was made), ``feed``
        # forgets them (None) and ``findings`` works them out again.
        self.unlike: set[str] | None = set()
        self.shared: set[str] | None = set()  # values held by 2+ accounts, kept the same way

    def add_holder(self, value: str, acct: str) -> None:
        held = self.holders.get(value)
        if held is None:
            self.holders[value] = acct
        elif isinstance(held, list):
            if acct not in held:
                held.append(acct)
        elif held != acct:
            self.holders[value] = [held, acct]

    def holders_of(self, value: str) -> list[str]:
        held = self.holders.get(value)
        if held is None:
            return []
        return list(held) if isinstance(held, list) else [held]


class RuleBatch(msgspec.Struct, array_like=True):
    """One rule's part of a ``Batch``: flat lists, in Scan order."""

    lock_values: list[str] = msgspec.field(default_factory=list)  # stored lock values ...
    lock_expired: list[bool] = msgspec.field(default_factory=list)  # ... and their TTL state
    # Filled by ``Pairing.finish_batch``: the account values after a normalising rule's
    # normalisation (empty for rules without one: ``apply`` takes the column as it is).
    normalised: list[str] = msgspec.field(default_factory=list)
    unlike: list[str] = msgspec.field(default_factory=list)  # forms unlike their clash key


class Batch(msgspec.Struct, array_like=True):
    """Classified items as flat lists (columns), for ``Pairing.apply``.

    Appending to lists costs a fraction of inserting into large dicts, so the audit's page
    classifier (and its worker processes) produce these, and ``apply`` builds the dicts in
    C loops (``dict.update(zip(...))``). Account records are only packed when the view
    asks for them. A msgspec struct: workers send it as MessagePack.
    """

    items: int = 0
    other: int = 0
    account_ids: list[str] = msgspec.field(default_factory=list)  # one per account item read
    account_sks: list[str] = msgspec.field(default_factory=list)  # their SKs, when SKs vary
    account_values: list[list[str]] = msgspec.field(default_factory=list)  # per rule; "" none
    expired_at: list[int] = msgspec.field(default_factory=list)  # positions whose TTL passed
    rules: list[RuleBatch] = msgspec.field(default_factory=list)  # in schema order


SEP = "\x1f"  # ASCII unit separator: joins an account's record into one string


def pack_record(values: list[str | None], expired: bool, sk: str | None) -> str | tuple[
        tuple[str | None, ...], bool, str | None]:
    """An account record as one string ("1"/"0", SK, values; "" for none), or a tuple in the rare
    case a value or SK contains the separator. Empty values mean "no value" either way."""
    parts = [sk or "", *(v or "" for v in values)]
    if any(SEP in p for p in parts):
        return (tuple(values), expired, sk)
    return ("1" if expired else "0") + SEP + SEP.join(parts)


def held_values(column: list[str], mode: str) -> list[str]:
    """A column's values as the rule's locks hold them ("" is no value: skipped)."""
    values: Iterable[str] = filter(None, column)  # S as is, N as its text
    if mode == NORMALISE_LOWER:
        values = map(str.lower, values)
    elif mode == NORMALISE_TRIM_LOWER:
        values = map(str.lower, map(str.strip, values))
    return list(values)


def record_expired(record: str | tuple[tuple[str | None, ...], bool, str | None]) -> bool:
    return record[0] == "1" if record.__class__ is str else bool(record[1])


def unlike_clash_key(forms: Iterable[str], trim: bool) -> Iterator[str]:
    """The forms that differ from their clash key (lower-cased, and trimmed for trim rules).

    Only these can start a clash group; picking them with map/compress keeps the per-form
    work in C, which matters when a rule holds a million values.
    """
    keys = map(str.lower, map(str.strip, forms)) if trim else map(str.lower, forms)
    return compress(forms, map(ne, keys, forms))


def unpack_record(record: str | tuple[tuple[str | None, ...], bool, str | None],
            rules: int) -> tuple[tuple[str | None, ...], bool, str | None]:
    if isinstance(record, tuple):
        return record
    flag, sk, *values = record.split(SEP)
    return tuple(v or None for v in values), flag == "1", sk or None
