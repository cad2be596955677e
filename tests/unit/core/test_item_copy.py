"""Copying items: guarded Puts in batches of at most 100 actions and under 4 MB."""

from __future__ import annotations

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.items.copy_to_table import check_items, copy_transactions
from dynoview.core.session.tables import KeyAttribute, TableInfo

TARGET = TableInfo("copy", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))


def item(i: int, **extra: dict) -> dict:
    return {"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}, **extra}


def test_each_item_is_a_put_guarded_on_the_partition_key() -> None:
    [tx] = copy_transactions([item(1, email={"S": "a@b"})], TARGET)
    assert tx.to_request()["TransactItems"] == [{"Put": {
        "TableName": "copy", "Item": {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "a@b"}},
        "ConditionExpression": "attribute_not_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}}]


def test_batches_of_at_most_100_actions_and_4_mb() -> None:
    batches = copy_transactions([item(i) for i in range(250)], TARGET)
    assert [len(t.actions) for t in batches] == [100, 100, 50]
    assert len({t.token for t in batches}) == 3  # each batch its own idempotency token
    big = [item(i, blob={"B": b"x" * 350_000}) for i in range(30)]
    sized = copy_transactions(big, TARGET)
    assert [len(t.actions) for t in sized] == [11, 11, 8]  # 11 x 350 KB < 4 MB - framing


def test_items_the_target_cannot_take_are_named() -> None:
    with pytest.raises(DynoViewError, match="item 2 has no SK") as info:
        check_items([item(1), {"PK": {"S": "x"}}, item(1)], TARGET)
    assert "items 1 and 3 have the same key in copy" in info.value.message
    with pytest.raises(DynoViewError, match="holds PK as N; copy keys it as S"):
        check_items([{"PK": {"N": "1"}, "SK": {"S": "x"}}], TARGET)
    with pytest.raises(DynoViewError, match="Select the items"):
        copy_transactions([], TARGET)


def test_number_keys_spelled_differently_are_one_key() -> None:
    numbered = TableInfo("nums", KeyAttribute("PK", "N"), KeyAttribute("SK", "B"))
    items = [{"PK": {"N": "1"}, "SK": {"B": b"k"}}, {"PK": {"N": "2"}, "SK": {"B": b"k"}},
             {"PK": {"N": "1.0"}, "SK": {"B": b"k"}}, {"PK": {"N": "10E-1"}, "SK": {"B": b"j"}}]
    with pytest.raises(DynoViewError, match="items 1 and 3 have the same key in nums") as info:
        check_items(items, numbered)
    assert "items 1 and 4" not in info.value.message  # another sort key: another item
    with pytest.raises(DynoViewError, match="items 1 and 2 have the same key"):
        copy_transactions([{"PK": {"N": "100"}, "SK": {"B": b"k"}},
                           {"PK": {"N": "1E2"}, "SK": {"B": b"k"}}], numbered)
    check_items([{"PK": {"N": "1"}, "SK": {"B": b"k"}}, {"PK": {"N": "10"}, "SK": {"B": b"k"}}], numbered)


# -- an account and its locks are never split across batches ------------------------------

def lock(kind: str, value: str) -> dict:
    return {"PK": {"S": f"UNIQ#{kind}#{value}"}, "SK": {"S": "LOCK"}}


def test_an_account_and_its_locks_share_a_batch() -> None:
    from dynoview.core.uniqueness.schema import article_schema

    # 99 plain items, then an account and its two locks: a cut at 100 would put the account in
    # batch 1 and its locks in batch 2 (a stop between them leaves the account unguarded).
    items = [{"PK": {"S": f"NOTE#{i}"}, "SK": {"S": "N"}} for i in range(99)]
    ada = item(7, email={"S": "ada@x.io"}, username={"S": "ada"})
    items += [lock("EMAIL", "ada@x.io"), ada, lock("HANDLE", "ada")]
    batches = copy_transactions(items, TARGET, article_schema())
    assert [len(t.actions) for t in batches] == [99, 3]
    assert [a.item["PK"]["S"] for a in batches[1].actions] == [
        "ACCT#7", "UNIQ#EMAIL#ada@x.io", "UNIQ#HANDLE#ada"]
    # Without a schema nothing is known of accounts: the plain cut at 100.
    assert [len(t.actions) for t in copy_transactions(items, TARGET)] == [100, 2]


def test_what_the_selection_splits_is_named() -> None:
    from dynoview.core.items.copy_to_table import copy_plan
    from dynoview.core.uniqueness.schema import article_schema

    ada = item(7, email={"S": "ada@x.io"}, username={"S": "ada"})
    plan = copy_plan([ada, lock("EMAIL", "ada@x.io"), lock("EMAIL", "bob@x.io")], TARGET,
                     article_schema())
    assert plan.incomplete == ["account ACCT#7 / PROFILE without its username lock UNIQ#HANDLE#ada / LOCK",
                               "lock UNIQ#EMAIL#bob@x.io / LOCK without its account"]
    assert "select each account together with its locks" in plan.warning()
    whole = copy_plan([ada, lock("EMAIL", "ada@x.io"), lock("HANDLE", "ada")], TARGET, article_schema())
    assert whole.incomplete == [] and whole.warning() == ""
