from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.reads.capacity import COLLECTION_LIMIT_BYTES, LSI_ENTRY_OVERHEAD_BYTES, analyse_partitions
from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.values.sizes import item_size

PK = KeyAttribute("PK", "S")
SK = KeyAttribute("SK", "S")


def blob(pk: str, sk: str, size: int) -> dict[str, Any]:
    """An item of exactly ``size`` bytes by DynamoDB's rules (names plus values)."""
    base = {"PK": {"S": pk}, "SK": {"S": sk}}
    pad = size - item_size(base) - len("d")
    assert pad >= 0
    base["d"] = {"S": "x" * pad}
    assert item_size(base) == size
    return base


def lsi_table(projection: str = "KEYS_ONLY", attrs: tuple[str, ...] = ()) -> TableInfo:
    lsi = IndexInfo("by-created", "LSI", PK, KeyAttribute("createdAt", "S"), projection, attrs)
    return TableInfo("t", PK, SK, lsis=(lsi,))


def test_collections_largest_first_with_lsi_entries() -> None:
    items = [blob("big", str(i), 2000) for i in range(3)] + [blob("small", "1", 100)]
    items[0]["createdAt"] = {"S": "2026"}
    table = lsi_table()
    report = analyse_partitions(items, table, complete=True)
    top, second = report.collections
    assert (top.key_text, top.items, top.table_bytes) == ("big", 3, item_size(items[0]) + 4000)
    # Only the item with the LSI sort key is in the index: keys plus 100 bytes overhead.
    key_bytes = item_size({k: items[0][k] for k in ("PK", "SK", "createdAt")})
    assert top.lsi_bytes == key_bytes + LSI_ENTRY_OVERHEAD_BYTES
    assert second.key_text == "small"
    assert report.has_lsi and "limited to 10 GB" in report.limit_note()
    assert top.limit_fraction == top.total_bytes / COLLECTION_LIMIT_BYTES
    assert report.largest_item is not None and report.largest_item.bytes == item_size(items[0])
    assert report.summary().startswith("From every item: 2 partition key values of PK")


def test_lsi_projection_all_counts_every_attribute() -> None:
    item = blob("a", "1", 500)
    item["createdAt"] = {"S": "x"}
    report = analyse_partitions([item], lsi_table("ALL"))
    assert report.collections[0].lsi_bytes == item_size(item) + LSI_ENTRY_OVERHEAD_BYTES


def test_no_lsi_means_no_limit() -> None:
    report = analyse_partitions([blob("a", "1", 50)], TableInfo("t", PK, SK))
    assert not report.has_lsi and "no size limit" in report.limit_note()


def test_distribution_and_hot_keys() -> None:
    items = [blob("hot", str(i), 50) for i in range(60)]
    items += [blob(f"k{i}", "1", 50) for i in range(20)]
    items += [blob("mid", str(i), 50) for i in range(3)]
    report = analyse_partitions(items, TableInfo("t", PK, SK))
    assert dict(report.distribution)["1"] == 20
    assert dict(report.distribution)["2–10"] == 1
    assert dict(report.distribution)["11–100"] == 1
    assert [h.stat.key_text for h in report.hot_keys] == ["hot"]
    assert "72%" in report.hot_keys[0].reason and "3,000 RCU" in report.hot_keys[0].reason
    assert report.hot_key_texts == {"hot"}


@pytest.mark.parametrize("counts", [[5, 5, 5], [1], [3, 2]])
def test_even_or_tiny_samples_have_no_hot_key(counts: list[int]) -> None:
    items = [blob(f"k{k}", str(i), 50) for k, n in enumerate(counts) for i in range(n)]
    assert analyse_partitions(items, TableInfo("t", PK, SK)).hot_keys == ()
