"""Capacity & partitions groups item collections by the exact key value, and shows key text
escaped: display text is cut and escaped, so distinct keys can look alike, and a raw bidi
override would make ``user\\u202egnp.exe`` read as "userexe.png"."""

from __future__ import annotations

from typing import Any

from dynoview.core.reads import capacity
from dynoview.core.reads.capacity import analyse_partitions, key_text
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.ttl.timeline import build_timeline

BIN_TABLE = TableInfo("bin", KeyAttribute("PK", "B"), KeyAttribute("SK", "S"))
STR_TABLE = TableInfo("str", KeyAttribute("PK", "S"), None)


def binary_items() -> list[dict[str, Any]]:
    """15 distinct binary keys, 10 sharing a 100-byte prefix, 2 items each."""
    prefix = b"\x00" * 100
    keys = [prefix + bytes([i]) for i in range(10)] + [bytes([i + 1]) for i in range(5)]
    # Four items a key: 60 items, enough for a hot-key judgement (50), which finds none.
    return [{"PK": {"B": k}, "SK": {"S": f"s{j}"}} for k in keys for j in range(4)]


def test_long_binary_keys_with_a_shared_prefix_stay_apart() -> None:
    report = analyse_partitions(binary_items(), BIN_TABLE)
    assert report.key_count == 15
    assert all(s.items == 4 for s in report.collections)
    assert report.hot_keys == ()
    assert "no partition key stands out" in report.summary()
    # The shown text tells them apart too: cut in the middle, where the prefix is.
    assert len({s.key_text for s in report.collections}) == 15
    assert all(len(s.key_text) <= 120 for s in report.collections)


def test_keys_that_display_alike_are_still_distinct() -> None:
    # A real bidi override and the six characters "\u202e" show the same escape.
    items = [{"PK": {"S": "a\u202e"}}, {"PK": {"S": "a\\u202e"}}, {"PK": {"S": "a\\u202e"}}]
    report = analyse_partitions(items, STR_TABLE)
    assert report.key_count == 2
    assert sorted(s.items for s in report.collections) == [1, 2]
    exact_key = capacity.exact_key
    assert exact_key({"B": b"\x01"}) != exact_key({"S": "\x01"})
    assert exact_key({"B": bytearray(b"ab")}) == exact_key({"B": b"ab"})
    assert exact_key({"N": "7"}) == ("N", "7") and exact_key(None) is None


def test_is_hot_goes_by_the_stat_not_its_text() -> None:
    # 50 items: the fewest a hot-key claim takes.
    items = [{"PK": {"S": "hot"}} for _ in range(40)] + [{"PK": {"S": f"k{i}"}} for i in range(10)]
    report = analyse_partitions(items, STR_TABLE)
    hot = [s for s in report.collections if report.is_hot(s)]
    assert [s.key_text for s in hot] == ["hot"]


def test_key_text_escapes_what_it_shows() -> None:
    assert key_text({"S": "user\u202egnp.exe"}) == "user\\u202egnp.exe"
    assert key_text({"S": "line1\nline2"}) == "line1⏎line2"
    assert "\x07" not in key_text({"S": "bell\x07\x1b[31m"})
    assert key_text({"S": "ada "}) != key_text({"S": "ada"})
    assert key_text({"S": "plain"}) == "plain" and key_text(None) == "(missing)"


def test_capacity_and_timeline_key_text_is_escaped() -> None:
    items = [{"PK": {"S": "user\u202egnp.exe"}, "expiresAt": {"N": "1"}}]
    report = analyse_partitions(items, STR_TABLE)
    assert report.collections[0].key_text == "user\\u202egnp.exe"
    assert report.largest_item is not None and "\u202e" not in report.largest_item.key_text
    timeline = build_timeline(items, "expiresAt", ["PK"])
    entries = [*timeline.expired, *timeline.never]
    assert [e.key_text for e in entries] == ["PK=user\\u202egnp.exe"]
