"""A dict that holds a million keys as many small dicts, so no single table growth is long.

A dict whose table grows re-inserts every key in one C call that holds the GIL: 46 ms at
700,000 keys here, 94 ms at 1.4 million, and 110-210 ms beside an audit's worker processes (the
longest stalls of a window's event loop during a 3M-item audit, benchmarks/window_audit.py).
No switch interval cuts a C call, and waiting for the loop to go idle first did not shorten
it. Cut by key hash into ``PARTS`` dicts, each growth re-inserts one part's keys: a few ms.

A dict stays whole (one part, in insertion order) until it reaches ``SPLIT_AT`` keys, so small
tables keep their order and their C-speed bulk updates; a split one iterates part by part.
Parts are keyed by ``hash()``, which is only stable within one process: the dict is never sent.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, MutableMapping, ValuesView
from itertools import chain, repeat
from operator import and_
from typing import Any, TypeVar

from dynoview.core.background import yield_to_ui

V = TypeVar("V")
#: A part, and the keys and values of a bulk insert that belong in it.
PartCut = tuple[dict[str, Any], list[str], list[Any]]

#: A dict is cut into parts once it holds this many keys: its table's growths so far took a few ms.
SPLIT_AT = 1 << 16
#: Parts of a split dict (a power of two: a key's part is its hash's low bits). At a million keys
#: each part holds ~31,000; its largest growth re-inserts ~22,000 keys.
PARTS = 32


def hashed_dict() -> dict[Any, Any]:
    """An empty dict whose entries keep each key's hash (CPython keeps them once a dict has held
    a key that is not a str; a str-only dict reads the hash from each key string instead).
    Probes compare the kept hash before touching a key, and a table growing re-inserts every
    key without reading it: at a million keys each read misses the CPU caches. At 3M items the
    audit's dict updates took ~35% less CPU and a table's growth held the GIL ~40% less
    (8 bytes more per key)."""
    d: dict[Any, Any] = {0: None}
    del d[0]
    return d


class ShardedDict(MutableMapping[str, V]):
    """str -> V, as one dict until ``SPLIT_AT`` keys, then as ``PARTS`` dicts by key hash.

    ``parts`` and ``mask`` are public for hot loops: a key lives in ``parts[hash(key) & mask]``.
    Bulk inserts (``put_all``) and ``split_if_big`` split a dict that has grown big;
    single-key writes never do (they come a few at a time, from a live watch).
    """

    __slots__ = ("mask", "parts")

    def __init__(self) -> None:
        self.parts: list[dict[str, V]] = [hashed_dict()]
        self.mask = 0

    # -- one key ----------------------------------------------------------------

    def __getitem__(self, key: str) -> V:
        return self.parts[hash(key) & self.mask][key]

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        return self.parts[hash(key) & self.mask].get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self.parts[hash(key) & self.mask]

    def __setitem__(self, key: str, value: V) -> None:
        self.parts[hash(key) & self.mask][key] = value

    def __delitem__(self, key: str) -> None:
        del self.parts[hash(key) & self.mask][key]

    def pop(self, key: str, *default: Any) -> Any:  # type: ignore[override]
        return self.parts[hash(key) & self.mask].pop(key, *default)

    # -- the whole ---------------------------------------------------------------

    def __len__(self) -> int:
        return sum(map(len, self.parts))

    def __bool__(self) -> bool:
        return any(self.parts)

    def __iter__(self) -> Iterator[str]:
        return chain.from_iterable(self.parts)

    def keys(self) -> KeysView[str]:
        return KeysView(self)

    def values(self) -> ValuesView[V]:
        return _Values(self)

    def items(self) -> ItemsView[str, V]:
        return _Items(self)

    def clear(self) -> None:
        self.parts = [hashed_dict()]
        self.mask = 0

    def update(self, other: Any = (), /, **kwargs: V) -> None:
        """As ``dict.update``; a mapping's keys go in as bulk inserts (a sharded one's part by
        part)."""
        if isinstance(other, Mapping):
            for part in dict_parts(other):
                self.put_all(list(part), list(part.values()))
        else:
            for key, value in other:
                self[key] = value
        for key, value in kwargs.items():
            self[key] = value

    def __repr__(self) -> str:
        return f"ShardedDict({len(self)} keys in {len(self.parts)} part(s))"

    # -- growing -----------------------------------------------------------------

    def put_all(self, keys: list[str], values: Iterable[V]) -> None:
        """``self[k] = v`` for each pair, in order; first split if the dict would grow big."""
        for part, part_keys, part_values in self.by_part(keys, list(values)):
            yield_to_ui()
            part.update(zip(part_keys, part_values, strict=True))

    def by_part(self, keys: list[str], values: list[Any]) -> list[PartCut]:
        """The pairs cut by the part each key belongs in, in order within a part: (part, its
        keys, their values) for each part with any. First splits a dict that would grow big.

        C loops only (hashes, a stable sort of positions by part, picks): a Python loop over
        the keys held the GIL in turns with an audit's other threads, and a window's event loop
        waited 50-80 ms for it while they passed it around.
        """
        if len(keys) != len(values):
            raise ValueError(f"{len(keys)} keys, {len(values)} values")
        self.split_if_big(len(keys))
        if not self.mask:
            return [(self.parts[0], keys, values)] if keys else []
        where = list(map(and_, map(hash, keys), repeat(self.mask)))
        order = sorted(range(len(keys)), key=where.__getitem__)
        keys, values = list(map(keys.__getitem__, order)), list(map(values.__getitem__, order))
        where.sort()
        out: list[PartCut] = []
        end = 0
        for number in sorted(set(where)):
            start, end = end, bisect_right(where, number, end)
            out.append((self.parts[number], keys[start:end], values[start:end]))
        return out

    def split_if_big(self, adding: int = 0) -> bool:
        """Cut a whole dict into ``PARTS`` once it holds (or, with ``adding`` more keys, would
        hold) ``SPLIT_AT`` keys. Whether it did."""
        if self.mask or len(self.parts[0]) + adding < SPLIT_AT:
            return False
        whole = self.parts[0]
        parts: list[dict[str, V]] = [hashed_dict() for _ in range(PARTS)]
        mask = PARTS - 1
        for key, value in whole.items():
            parts[hash(key) & mask][key] = value
        self.parts, self.mask = parts, mask
        return True


class _Values(ValuesView[V]):
    _mapping: ShardedDict[V]

    def __iter__(self) -> Iterator[V]:
        return chain.from_iterable(p.values() for p in self._mapping.parts)


class _Items(ItemsView[str, V]):
    _mapping: ShardedDict[V]

    def __iter__(self) -> Iterator[tuple[str, V]]:
        return chain.from_iterable(p.items() for p in self._mapping.parts)


def dict_parts(d: Mapping[str, V]) -> list[Mapping[str, V]]:
    """The dicts a mapping is made of: a sharded dict's parts, or the mapping itself. Listing a
    part's keys is one fast C call; listing a sharded dict's keys chains its parts (3-4x slower)."""
    return list(d.parts) if isinstance(d, ShardedDict) else [d]


def aligned_parts(values: object, present: object) -> list[tuple[dict[str, Any], dict[str, Any]]] | None:
    """Part pairs of two split dicts cut alike (a key can only be in the same-numbered part of
    either), or None."""
    if (isinstance(values, ShardedDict) and isinstance(present, ShardedDict)
            and values.mask and values.mask == present.mask):
        return list(zip(values.parts, present.parts, strict=True))
    return None
