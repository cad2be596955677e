"""No partition key is called hot on a handful of items, and a table read whole is not
called a sample."""

from __future__ import annotations

from typing import Any

from dynoview.core.reads.capacity import analyse_partitions, hot_min_items
from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo

TABLE = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))


def skewed(hot: int, singles: int) -> list[dict[str, Any]]:
    """One key with ``hot`` items and ``singles`` keys with one item each."""
    items = [{"PK": {"S": "ACCT#1"}, "SK": {"S": f"S{i}"}} for i in range(hot)]
    return items + [{"PK": {"S": f"UNIQ#{i}"}, "SK": {"S": "LOCK"}} for i in range(singles)]


def test_one_account_in_a_seven_item_table_is_not_hot() -> None:
    report = analyse_partitions(skewed(5, 2), TABLE, complete=True)
    assert report.hot_keys == () and not report.hot_judged
    assert "too few items to call a partition key hot (it takes 50)" in report.summary()
    assert "stands out" not in report.summary()


def test_the_minimum_follows_share_and_factor() -> None:
    # 5x a median of one is 5 items; below 50 items those 5 are 10% already.
    assert hot_min_items(0.10, 5.0) == 50
    assert hot_min_items(0.25, 5.0) == 20
    assert not analyse_partitions(skewed(45, 4), TABLE).hot_keys  # 49 items
    assert [h.stat.key_text for h in analyse_partitions(skewed(45, 5), TABLE).hot_keys] == ["ACCT#1"]


def test_a_table_read_whole_is_not_called_a_sample() -> None:
    [read] = analyse_partitions(skewed(45, 5), TABLE, complete=True).hot_keys
    assert "holds 90% of the items read (45 of 50)" in read.reason and "sampled" not in read.reason
    [sampled] = analyse_partitions(skewed(45, 5), TABLE).hot_keys
    assert "holds 90% of the sampled items (45 of 50)" in sampled.reason


def test_the_lsi_note_says_sampled_only_for_a_sample() -> None:
    lsi = IndexInfo("bySK", "LSI", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), "KEYS_ONLY")
    table = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), lsis=(lsi,))
    assert "The largest, ACCT#1" in analyse_partitions(skewed(5, 2), table, complete=True).limit_note()
    assert "The largest sampled, ACCT#1" in analyse_partitions(skewed(5, 2), table).limit_note()
