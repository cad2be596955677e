"""Locks kept in a table of their own (the "uniques table" pattern).

Accounts live in one table (``users``), their uniqueness markers in another (``uniques``,
often keyed on the marker alone: ``pk`` = ``email#ada@x.io``), both written by one
TransactWriteItems that spans the two tables. A schema says so with ``locks``
(``schema.LocksTable``): its lock keys then use the locks table's key names, and the
accounts table's items are never read as locks.

The audit's engine stays one ``Pairing``: the accounts table's items are fed to it as usual
(it matches no locks there), the locks table's items are classified by a second pairing
over ``locks_view`` (which matches no accounts), and its locks are merged in. Every finding
(orphan, missing, duplicate, case clash, expiry) is then worked out exactly as for one table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import LocksTable, UniquenessSchema

# A lone surrogate: DynamoDB strings are UTF-8, which cannot hold one, so no key read from a
# table starts with it. The locks table's view uses it as the account prefix: no item of that
# table is ever taken for an account (the audit's hot loops stay as they are).
NO_ACCOUNT_PREFIX = "\ud800"


def locks_view(schema: UniquenessSchema) -> UniquenessSchema:
    """The schema as the locks table's items are read: its key names, locks only."""
    if schema.locks is None:
        return schema
    return dataclasses.replace(schema, pk_name=schema.locks.pk_name, sk_name=schema.locks.sk_name,
                               account_pk_prefix=NO_ACCOUNT_PREFIX, account_sk_value=None, locks=None)


def with_locks_table(schema: UniquenessSchema, locks: TableInfo,
                     accounts_table: str | None = None) -> UniquenessSchema:
    """``schema`` with its locks in ``locks`` (key names from its DescribeTable). A locks table
    without a sort key takes the rules' fixed sort keys off (``uniques`` keyed on ``pk`` alone)."""
    sk = locks.sort_key.name if locks.sort_key else None
    rules = schema.rules
    if sk is None:
        rules = tuple(dataclasses.replace(r, sk_value=None) if r.fixed_sk is not None else r
                      for r in rules)
    return dataclasses.replace(schema, rules=rules, locks=LocksTable(
        locks.name, locks.partition_key.name, sk, accounts_table or (
            schema.locks.accounts_table if schema.locks is not None else None)))


def is_locks_table(schema: UniquenessSchema, table: str) -> bool:
    """Whether ``table`` is the schema's separate locks table."""
    return schema.locks is not None and schema.locks.name == table


def merge_locks(pairing: Pairing, lock_pairing: Pairing) -> None:
    """Add the locks ``lock_pairing`` classified (from the locks table) to ``pairing``, with the
    clash forms it kept for them (forms unlike their clash key, forms outside ASCII); where
    either side no longer keeps them (after ``feed``), they are worked out again when asked."""
    for name, state in lock_pairing.rules.items():
        target = pairing.rules[name]
        target.locks.update(state.locks)
        target.ttls.update(state.ttls)  # a reservation's TTL goes with its lock
        target.expired = None  # worked out again when asked
        if target.unlike is None or state.unlike is None:
            target.unlike = None
        else:
            target.unlike.update(state.unlike)
        if target.odd is None or state.odd is None:
            target.odd = None
        else:
            target.odd.update(state.odd)
    # More items seen: the pairing's findings are worked out again (its cache is by this count).
    pairing.items_seen += lock_pairing.items_seen
    pairing.other_items += lock_pairing.other_items


def pair_tables(schema: UniquenessSchema, account_items: Iterable[Mapping[str, Any]],
                lock_items: Iterable[Mapping[str, Any]], *, accounts_ttl: str | None = None,
                locks_ttl: str | None = None, now: datetime | None = None) -> Pairing:
    """A ``Pairing`` of the accounts table's items and the locks table's items (for a single
    table schema, both lists are that table's items)."""
    pairing = Pairing(schema, accounts_ttl, now)
    if schema.locks is None:
        pairing.feed([*account_items, *lock_items])
        return pairing
    pairing.feed(account_items)
    lock_pairing = Pairing(locks_view(schema), locks_ttl, now)
    lock_pairing.feed(lock_items)
    merge_locks(pairing, lock_pairing)
    return pairing


def locks_table_problem(schema: UniquenessSchema, accounts: TableInfo) -> str | None:
    """Why the schema's locks table cannot be ``accounts`` itself, or None."""
    if schema.locks is not None and schema.locks.name == accounts.name:
        return (f"The schema keeps its locks in {accounts.name}, the accounts' own table: leave "
                "locks_table out for locks that share the accounts' table.")
    return None


def home_table(schema: UniquenessSchema, table: str) -> str:
    """The table whose accounts a table's items pair with: the accounts' table for the locks
    table, else the table itself (what the preflight groups its findings by)."""
    if schema.locks is not None and table == schema.locks.name and schema.locks.accounts_table:
        return schema.locks.accounts_table
    return table


def with_accounts_table(schema: UniquenessSchema, tables: Iterable[str]) -> UniquenessSchema:
    """``schema`` knowing its accounts' table: the one it names, else the first of ``tables``
    (those a transaction touches) that is not the locks table."""
    if schema.locks is None or schema.locks.accounts_table:
        return schema
    other = next((t for t in tables if t != schema.locks.name), None)
    if other is None:
        return schema
    return dataclasses.replace(schema, locks=dataclasses.replace(schema.locks, accounts_table=other))
