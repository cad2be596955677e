"""The import's batches, cut the same way every time from the same file (so a resumed import
skips exactly the batches already written).

On a table with lock rules, an account travels in the batch of its locks: an account is held
back until the locks of its values have been read (and a lock until its account), so a batch
never leaves an account without its lock that the file itself holds. Holding back is bounded
(``MAX_HELD`` items, a few hundred MB at worst: an export's Scan order puts an account anywhere
from its locks, so a 100,000-item export holds back tens of thousands): past it the oldest
account goes with what it has, and the preflight judges it. A batch never holds two items with
one key (DynamoDB refuses that), nor more than ``max_items`` items or ``max_bytes`` of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from dynoview.core.imports.checks import key_of
from dynoview.core.imports.model import KeyId, Located
from dynoview.core.preflight.model import rule_value
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.sizes import item_size

MAX_HELD = 250_000
#: A TransactWriteItems carries at most 4 MB: the items stay under this, the framing takes the rest.
MAX_BATCH_BYTES = 4 * 1024 * 1024 - 64 * 1024

LockId = tuple[str, str]  # (rule name, value as the lock stores it)


@dataclass
class Batch:
    number: int  # 0-based
    records: list[Located] = field(default_factory=list)
    size: int = 0

    @property
    def first(self) -> Located:
        return self.records[0]

    def span(self) -> str:
        numbers = sorted(r.place.index + 1 for r in self.records)
        if numbers == list(range(numbers[0], numbers[-1] + 1)):
            a, b = numbers[0], numbers[-1]
            return f"item {a}" if a == b else f"items {a}-{b}"
        shown = ", ".join(map(str, numbers[:8])) + (", ..." if len(numbers) > 8 else "")
        return f"items {shown}"


def applies(schema: UniquenessSchema | None, table: TableInfo) -> bool:
    """Whether ``schema`` describes ``table`` (the preflight judges only such tables)."""
    return schema is not None and bool(schema.rules) and tuple(table.key_names) == schema.key_names


def groups(records: Iterable[Located], schema: UniquenessSchema | None,
           table: TableInfo) -> Iterator[list[Located]]:
    """Items in file order, an account with its locks as one group (see module doc)."""
    if not applies(schema, table):
        for record in records:
            yield [record]
        return
    assert schema is not None
    locks: dict[LockId, Located] = {}  # locks read before their account
    waiting: dict[int, tuple[Located, list[Located], set[LockId]]] = {}  # account index -> ...
    wanted: dict[LockId, int] = {}  # lock -> the waiting account that needs it
    for record in records:
        item = record.item
        match = schema.match_lock(item)
        if match is not None:
            lock_id = (match[0].name, match[1])
            owner = wanted.pop(lock_id, None)
            if owner is None:
                locks[lock_id] = record
            else:
                account, got, missing = waiting[owner]
                got.append(record)
                missing.discard(lock_id)
                if not missing:
                    del waiting[owner]
                    yield [account, *got]
        elif schema.is_account(item):
            needs = {(r.name, v) for r in schema.rules if (v := rule_value(item, r))}
            got = [locks.pop(n) for n in sorted(needs) if n in locks]
            missing = {n for n in needs if n not in wanted} - {(_lock_id(schema, g)) for g in got}
            if not missing:
                yield [record, *got]
            else:
                waiting[record.place.index] = (record, got, missing)
                for n in missing:
                    wanted[n] = record.place.index
        else:
            yield [record]
        while len(locks) + len(waiting) > MAX_HELD:
            yield _release_oldest(locks, waiting, wanted)
    while locks or waiting:
        yield _release_oldest(locks, waiting, wanted)


def _lock_id(schema: UniquenessSchema, record: Located) -> LockId:
    match = schema.match_lock(record.item)
    assert match is not None
    return match[0].name, match[1]


def _release_oldest(locks: dict[LockId, Located],
                    waiting: dict[int, tuple[Located, list[Located], set[LockId]]],
                    wanted: dict[LockId, int]) -> list[Located]:
    """The held group read first: an account with the locks it has, or a lone lock."""
    first_lock = min(locks.items(), key=lambda kv: kv[1].place.index, default=None)
    first_account = min(waiting, default=None)
    if first_account is not None and (first_lock is None or first_account < first_lock[1].place.index):
        account, got, missing = waiting.pop(first_account)
        for n in missing:
            wanted.pop(n, None)
        return [account, *got]
    assert first_lock is not None
    del locks[first_lock[0]]
    return [first_lock[1]]


def batches(records: Iterable[Located], table: TableInfo, schema: UniquenessSchema | None, *,
            max_items: int, max_bytes: int = MAX_BATCH_BYTES) -> Iterator[Batch]:
    """Groups packed into batches, in order (a group is never split unless it alone is too big)."""
    current = Batch(0)
    keys: set[KeyId] = set()
    for group in groups(records, schema, table):
        sizes = [r.size if r.size >= 0 else item_size(r.item) for r in group]
        group_keys = [key_of(r.item, table) for r in group]
        fits = (len(current.records) + len(group) <= max_items
                and current.size + sum(sizes) <= max_bytes
                and not keys.intersection(group_keys) and len(set(group_keys)) == len(group_keys))
        if current.records and not fits:
            yield current
            current, keys = Batch(current.number + 1), set()
        for record, size, key in zip(group, sizes, group_keys, strict=True):
            if current.records and (len(current.records) >= max_items or key in keys
                                    or current.size + size > max_bytes):
                yield current
                current, keys = Batch(current.number + 1), set()
            current.records.append(record)
            current.size += size
            keys.add(key)
    if current.records:
        yield current
