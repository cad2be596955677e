"""``ShardedDict``: a dict's behaviour, with no table as big as one dict of the same keys."""

from __future__ import annotations

import random
import sys

import pytest

from dynoview.core.uniqueness import sharded_dict
from dynoview.core.uniqueness.pairing_state import missing_from
from dynoview.core.uniqueness.sharded_dict import PARTS, ShardedDict


@pytest.mark.parametrize("seed", range(40))
def test_it_behaves_as_a_dict_through_any_mix_of_operations(seed: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sharded_dict, "SPLIT_AT", 1 + seed % 50)
    rng = random.Random(seed)
    mine: ShardedDict[int] = ShardedDict()
    plain: dict[str, int] = {}
    keys = [f"k{i}" for i in range(120)]
    for step in range(600):
        key, value = rng.choice(keys), rng.randrange(1000)
        op = rng.randrange(8)
        if op == 0:
            mine[key] = plain[key] = value
        elif op == 1:
            assert mine.get(key) == plain.get(key) and mine.get(key, -1) == plain.get(key, -1)
        elif op == 2 and key in plain:
            del mine[key], plain[key]
        elif op == 3:
            assert mine.pop(key, None) == plain.pop(key, None)
        elif op == 4:
            batch = rng.sample(keys, rng.randrange(20))
            values = [rng.randrange(1000) for _ in batch]
            mine.put_all(batch, values)
            plain.update(zip(batch, values, strict=True))
        elif op == 5:
            mine.update({key: value})
            plain.update({key: value})
        elif op == 6:
            was_whole, big = not mine.mask, len(mine) >= sharded_dict.SPLIT_AT
            assert mine.split_if_big() == (was_whole and big) and bool(mine.mask) == (big or not was_whole)
        else:
            assert (key in mine) == (key in plain)
        assert len(mine) == len(plain) and bool(mine) == bool(plain), step
    assert mine == plain and plain == mine and dict(mine) == plain
    assert sorted(mine.items()) == sorted(plain.items()) and sorted(mine.values()) == sorted(plain.values())
    assert mine.keys() | {"zz"} == plain.keys() | {"zz"}
    with pytest.raises(KeyError):
        mine["absent"]


def test_a_small_dict_stays_whole_and_in_insertion_order() -> None:
    d: ShardedDict[int] = ShardedDict()
    keys = [f"user{i}@x" for i in range(1000, 0, -1)]
    d.put_all(keys, list(range(1000)))
    assert len(d.parts) == 1 and list(d) == keys and list(d.values()) == list(range(1000))


def test_a_big_dict_is_split_before_its_table_grows_big() -> None:
    """Bulk inserts of ~a million keys: every part's table is a fraction of one dict's, so a
    growth re-inserts a fraction of the keys (the GIL is held that much shorter)."""
    keys = [f"user{i:07d}@example.com" for i in range(300_000)]
    d: ShardedDict[bool] = ShardedDict()
    sizes: list[int] = []
    for start in range(0, len(keys), 7_001):
        part = keys[start:start + 7_001]
        d.put_all(part, [False] * len(part))
        sizes.append(len(d.parts))
    assert sizes[0] == 1 and sizes[-1] == PARTS
    assert sizes.index(PARTS) * 7_001 < sharded_dict.SPLIT_AT  # split before it held SPLIT_AT keys
    plain: dict[str, bool] = {}
    plain.update(zip(keys, [False] * len(keys), strict=True))
    assert d == plain
    assert max(map(sys.getsizeof, d.parts)) * (PARTS // 4) <= sys.getsizeof(plain)
    assert max(map(len, d.parts)) < 2 * len(keys) // PARTS  # the hash spreads the keys


@pytest.mark.parametrize("split", [(False, False), (True, False), (False, True), (True, True)])
def test_missing_from_gives_the_same_values_in_the_same_order_however_split(
        split: tuple[bool, bool], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sharded_dict, "SPLIT_AT", 100)
    rng = random.Random(7)
    values = [f"v{rng.randrange(5000)}" for _ in range(3000)]
    present = [f"v{rng.randrange(5000)}" for _ in range(3000)]
    here: ShardedDict[bool] = ShardedDict()
    there: ShardedDict[bool] = ShardedDict()
    for d, keys, big in ((here, values, split[0]), (there, present, split[1])):
        d.put_all(keys[:99], [True] * 99)
        if big:
            d.put_all(keys[99:], [True] * (len(keys) - 99))
    expected = [v for v in dict.fromkeys(here) if v not in dict.fromkeys(there)]
    assert missing_from(here, there) == expected and expected
    if all(split):
        assert [v for p in here.parts for v in p] == list(here)  # part by part, as iterated


def test_update_from_another_sharded_dict_takes_every_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The two-table audit merges the locks table's locks into the accounts table's pairing."""
    monkeypatch.setattr(sharded_dict, "SPLIT_AT", 50)
    source: ShardedDict[bool] = ShardedDict()
    target: ShardedDict[bool] = ShardedDict()
    source.put_all([f"s{i}" for i in range(300)], [i % 3 == 0 for i in range(300)])
    target.put_all([f"s{i}" for i in range(250, 280)], [True] * 30)
    plain = dict(target)
    plain.update(dict(source))
    target.update(source)
    assert len(source.parts) == PARTS and target == plain and len(target) == 300
