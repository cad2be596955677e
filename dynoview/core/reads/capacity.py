"""Capacity and partitions: what a bounded Scan cost, how big each item collection is, and
which partition keys are likely hot.

Each page's estimate comes from ``estimates`` (DynamoDB's size rules); item and index
entry sizes from ``values.sizes.item_size`` and ``attribute_size``.
"""

from __future__ import annotations

import json
import math
import statistics
import threading
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.counts import count_text, units_text
from dynoview.core.errors import CancelledError
from dynoview.core.reads.estimates import Item, explain_read
from dynoview.core.reads.reader import Reader
from dynoview.core.reads.receipts import consumed_read_units
from dynoview.core.session.tables import IndexInfo, TableInfo
from dynoview.core.values.display import display_text
from dynoview.core.values.sizes import attribute_size, item_size
from dynoview.core.values.types import type_code
from dynoview.core.values.visible_text import visible

ITEM_LIMIT_BYTES = 400 * 1024
COLLECTION_LIMIT_BYTES = 10 * 1024**3  # per item collection, on tables with an LSI
LSI_ENTRY_OVERHEAD_BYTES = 100  # DynamoDB adds 100 bytes per index entry
# Per-partition ceilings DynamoDB documents, whatever the table's capacity.
PARTITION_READ_UNITS = 3000
PARTITION_WRITE_UNITS = 1000


# --------------------------------------------------------------------------- sampling


@dataclass(frozen=True)
class PageCost:
    """One Scan page: what the service reported and what the app estimates."""

    items: int
    scanned: int
    bytes: int
    reported: float | None
    estimated: float | None


@dataclass
class Sample:
    """Items from a bounded Scan, with what reading them cost."""

    table: str
    items: list[dict[str, Any]] = field(default_factory=list)
    pages: list[PageCost] = field(default_factory=list)
    exhausted: bool = False

    @property
    def reported_units(self) -> float | None:
        values = [p.reported for p in self.pages if p.reported is not None]
        return sum(values) if values else None

    @property
    def estimated_units(self) -> float:
        return sum(p.estimated or 0 for p in self.pages)

    def describe(self) -> str:
        scope = "the whole table" if self.exhausted else f"a sample of {count_text(len(self.items), 'item')}"
        reported = self.reported_units
        rep = "the service reported no capacity" if reported is None else \
            f"the service reported {units_text(reported)} RCU"
        return (f"Scanned {scope} in {count_text(len(self.pages), 'page')}: {rep}; DynoView estimates "
                f"{units_text(self.estimated_units)} RCU from item sizes (eventual reads, 4 KB per page).")


def scan_sample(
    reader: Reader,
    table: str,
    *,
    max_items: int = 2000,
    projection: Sequence[str] | None = None,
    page_limit: int | None = None,
    cancel: threading.Event | None = None,
    progress: Callable[[int], None] | None = None,
) -> Sample:
    """Scan up to ``max_items`` items (eventually consistent) through the reader, so each
    page leaves a receipt. ``projection`` asks only for those attributes (placeholders
    always: TTL and key names are often reserved words)."""
    sample = Sample(table)
    request: dict[str, Any] = {"TableName": table}
    if projection:
        names = {f"#p{i}": name for i, name in enumerate(dict.fromkeys(projection))}
        request["ProjectionExpression"] = ", ".join(names)
        request["ExpressionAttributeNames"] = names
    last_key: dict[str, Any] | None = None
    while len(sample.items) < max_items:
        if cancel is not None and cancel.is_set():
            raise CancelledError("The scan was cancelled.")
        req = dict(request)
        req["Limit"] = min(max_items - len(sample.items), page_limit or 1000)
        if last_key:
            req["ExclusiveStartKey"] = last_key
        response = reader.read("Scan", req)
        items = response.get("Items", [])
        sample.items.extend(items)
        estimate = explain_read("Scan", req, response)
        sample.pages.append(PageCost(len(items), int(response.get("ScannedCount", len(items))),
                                     sum(item_size(i) for i in items),
                                     consumed_read_units(response.get("ConsumedCapacity")),
                                     estimate.units))
        if progress is not None:
            progress(len(sample.items))
        last_key = response.get("LastEvaluatedKey")
        if not last_key:
            sample.exhausted = True
            break
    return sample


# --------------------------------------------------------------------------- partitions


KEY_TEXT_LIMIT = 120
# Keys are at most 2 KB, so this much display text is the whole key, escapes and all.
_WHOLE_KEY_TEXT = 40_000


def key_text(av: Mapping[str, Any] | None, limit: int = KEY_TEXT_LIMIT) -> str:
    """A key value for showing only (group by ``exact_key``): control, bidi and invisible
    characters as escapes, like the Items tab. A long value is cut in the middle, as keys
    sharing a long prefix differ at the end."""
    if av is None:
        return "(missing)"
    text = display_text(av, _WHOLE_KEY_TEXT)
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2
    return text[:head] + "…" + text[len(text) - (limit - 1 - head):]


def exact_key(av: Mapping[str, Any] | None) -> Hashable:
    """The exact value of a key attribute, to group by: display text is cut and escaped, so
    two distinct keys can show alike."""
    if av is None:
        return None
    code = type_code(av)
    member = av[code]
    if code == "B":
        return code, bytes(member)
    if code in ("S", "N"):
        return code, str(member)
    # Not a key type (keys are S, N or B): its JSON text is still exact.
    return code, json.dumps(member, sort_keys=True, default=repr)


def _lsi_entry_size(item: Item, table: TableInfo, lsi: IndexInfo) -> int:
    """Bytes one item adds to an LSI: keys, projected attributes and 100 bytes overhead.

    Items without the index's sort key are not in the (sparse) index and add nothing.
    """
    sort = lsi.sort_key.name if lsi.sort_key else None
    if sort is None or sort not in item:
        return 0
    keys = dict.fromkeys([*table.key_names, sort])
    size = sum(attribute_size(n, item[n]) for n in keys if n in item)
    if lsi.projection == "ALL":
        size += sum(attribute_size(n, v) for n, v in item.items() if n not in keys)
    elif lsi.projection == "INCLUDE":
        size += sum(attribute_size(n, item[n]) for n in lsi.projected_attributes
                    if n in item and n not in keys)
    return size + LSI_ENTRY_OVERHEAD_BYTES


@dataclass(frozen=True)
class CollectionStat:
    """One partition key value: its items and bytes (table plus LSI entries)."""

    key: Mapping[str, Any] | None
    key_text: str
    items: int
    table_bytes: int
    lsi_bytes: int = 0

    @property
    def total_bytes(self) -> int:
        return self.table_bytes + self.lsi_bytes

    @property
    def limit_fraction(self) -> float:
        """Share of the 10 GB item-collection limit (it applies only with an LSI)."""
        return self.total_bytes / COLLECTION_LIMIT_BYTES


@dataclass(frozen=True)
class HotKey:
    stat: CollectionStat
    share: float
    reason: str


@dataclass(frozen=True)
class LargestItem:
    key_text: str
    bytes: int

    @property
    def limit_fraction(self) -> float:
        return self.bytes / ITEM_LIMIT_BYTES


DISTRIBUTION_BINS: tuple[tuple[str, int, int | None], ...] = (
    ("1", 1, 1),
    ("2–10", 2, 10),
    ("11–100", 11, 100),
    ("101–1k", 101, 1000),
    ("1k–10k", 1001, 10000),
    (">10k", 10001, None),
)


@dataclass(frozen=True)
class PartitionReport:
    """Item collections from a sample: sizes largest first, spread, and likely hot keys."""

    table: str
    partition_key: str
    sampled_items: int
    collections: tuple[CollectionStat, ...]
    has_lsi: bool
    distribution: tuple[tuple[str, int], ...]
    hot_keys: tuple[HotKey, ...]
    largest_item: LargestItem | None
    complete: bool = False
    hot_min_items: int = 0  # fewer items than this: no key is called hot (see analyse_partitions)

    @property
    def hot_judged(self) -> bool:
        """Whether there were enough items to say anything about hot keys."""
        return self.sampled_items >= self.hot_min_items

    @property
    def key_count(self) -> int:
        return len(self.collections)

    @property
    def hot_key_texts(self) -> set[str]:
        return {h.stat.key_text for h in self.hot_keys}

    def is_hot(self, stat: CollectionStat) -> bool:
        """By identity, not text: two distinct long keys can show the same cut text."""
        return any(h.stat is stat for h in self.hot_keys)

    def limit_note(self) -> str:
        """What the 10 GB item-collection limit means for this table."""
        if not self.has_lsi:
            return ("This table has no local secondary index, so item collections have no size "
                    "limit (the 10 GB limit applies only to tables with an LSI).")
        if not self.collections:
            return "This table has an LSI: each item collection is limited to 10 GB."
        top = self.collections[0]
        largest = "The largest" if self.complete else "The largest sampled"
        return (f"This table has an LSI, so each item collection (table items plus LSI entries "
                f"of one partition key) is limited to 10 GB. {largest}, "
                f"{top.key_text}, holds {human_bytes(top.total_bytes)}: "
                f"{_share(top.limit_fraction)} of the 10 GB limit.")

    def summary(self) -> str:
        scope = "every item" if self.complete else f"a sample of {count_text(self.sampled_items, 'item')}"
        hot = (f"{count_text(len(self.hot_keys), 'partition key')} "
               f"{'looks' if len(self.hot_keys) == 1 else 'look'} hot" if self.hot_keys
               else "no partition key stands out" if self.hot_judged
               else f"too few items to call a partition key hot (it takes {self.hot_min_items:,})")
        return (f"From {scope}: {count_text(self.key_count, 'partition key value')} of {self.partition_key}; "
                f"{hot}.")


def human_bytes(size: float) -> str:
    value = float(size)
    for unit in ("bytes", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{value:.0f} {unit}" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} bytes"  # pragma: no cover


def analyse_partitions(
    items: Iterable[Item],
    table: TableInfo,
    *,
    hot_share: float = 0.10,
    hot_factor: float = 5.0,
    complete: bool = False,
) -> PartitionReport:
    """Group items by partition key: collection sizes (largest first), how many items each
    key holds, and the keys likely to be hot.

    A key is "likely hot" when it holds at least ``hot_share`` of the sampled items and at
    least ``hot_factor`` times the median key's items: every read and write for it lands on
    one partition, whose ceiling (3,000 RCU, 1,000 WCU per second) no table setting lifts.
    Item counts stand in for traffic, which a Scan cannot see.

    No key is called hot among fewer than ``hot_factor / hot_share`` items (50): below that, a
    key with ``hot_factor`` items (the least that is 5x a median of one) already holds the
    share, so the share test adds nothing and one ordinary entity (an account, its profile
    and four children) would be called hot.
    """
    stats, largest, total = _collections(items, table)
    min_items = hot_min_items(hot_share, hot_factor)
    distribution = tuple(
        (label, sum(1 for s in stats if s.items >= low and (high is None or s.items <= high)))
        for label, low, high in DISTRIBUTION_BINS
    )
    return PartitionReport(
        table=table.name,
        partition_key=table.partition_key.name,
        sampled_items=total,
        collections=tuple(stats),
        has_lsi=bool(table.lsis),
        distribution=distribution,
        hot_keys=tuple(_hot_keys(stats, total, hot_share, hot_factor, complete)
                       if total >= min_items else ()),
        largest_item=largest,
        complete=complete,
        hot_min_items=min_items,
    )


def hot_min_items(hot_share: float, hot_factor: float) -> int:
    """The fewest items a hot-key claim needs (see ``analyse_partitions``)."""
    return max(1, math.ceil(round(hot_factor / hot_share, 9)))


def _collections(items: Iterable[Item], table: TableInfo
                 ) -> tuple[list[CollectionStat], LargestItem | None, int]:
    """Item collections by partition key (largest first), the largest item, the item count."""
    pk = table.partition_key.name
    groups: dict[Hashable, list[Any]] = {}  # exact key -> [key av, items, table bytes, lsi bytes]
    largest: LargestItem | None = None
    total = 0
    for item in items:
        total += 1
        av = item.get(pk)
        size = item_size(item)
        lsi = sum(_lsi_entry_size(item, table, idx) for idx in table.lsis)
        entry = groups.setdefault(exact_key(av), [av, 0, 0, 0])
        entry[1] += 1
        entry[2] += size
        entry[3] += lsi
        if largest is None or size > largest.bytes:
            largest = LargestItem(", ".join(f"{visible(n)}={key_text(item.get(n))}"
                                            for n in table.key_names), size)
    stats = sorted(
        (CollectionStat(av, key_text(av), n, tb, lb) for av, n, tb, lb in groups.values()),
        key=lambda s: (-s.total_bytes, -s.items, s.key_text),
    )
    return stats, largest, total


def _hot_keys(stats: list[CollectionStat], total: int, hot_share: float,
              hot_factor: float, complete: bool) -> list[HotKey]:
    hot: list[HotKey] = []
    if len(stats) < 2 or not total:
        return hot
    median = statistics.median(s.items for s in stats)
    # "Sampled" only when it was a sample: a table read whole is not one.
    of = "the items read" if complete else "the sampled items"
    for stat in sorted(stats, key=lambda s: -s.items):
        share = stat.items / total
        if share >= hot_share and stat.items >= hot_factor * median and stat.items > 1:
            hot.append(HotKey(stat, share, (
                f"holds {share:.0%} of {of} ({stat.items} of {total}), "
                f"{stat.items / median:.0f}× the median key: all its reads and writes land "
                f"on one partition, limited to {PARTITION_READ_UNITS:,} RCU and "
                f"{PARTITION_WRITE_UNITS:,} WCU per second whatever the table's capacity."
            )))
    return hot


def _share(fraction: float) -> str:
    """"under 0.01%" rather than "0.000003%": a share people can read."""
    if fraction < 0.0001:
        return "under 0.01%" if fraction > 0 else "0%"
    return f"{fraction:.2%}" if fraction < 0.1 else f"{fraction:.0%}"
