"""Two real tables in the "uniques table" pattern, seeded with every broken case.

``users-*`` is keyed on ``ID`` alone (raw account ids: the accounts table holds nothing else);
``uniques-*`` on ``pk`` alone, one marker per value (``email#ada@x.io``, ``username#ada``).

- ada: both locks (healthy)
- bob: username locked, email ``bob@x.io`` has no lock (MISSING_LOCK)
- ``email#ghost@x.io``: a lock no account uses (ORPHAN_LOCK)
- carol1, carol2: both hold ``carol@x.io``, locked once (DUPLICATE_VALUE)
- dan: ``Dan@x.io`` locked, and a second lock ``email#dan@x.io`` (CASE_CLASH)
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.schema import LockRule, LocksTable, UniquenessSchema

ACCOUNTS = {
    "ada": ("ada@x.io", "ada"),
    "bob": ("bob@x.io", "bob"),
    "carol1": ("carol@x.io", "carol1"),
    "carol2": ("carol@x.io", "carol2"),
    "dan": ("Dan@x.io", "dan"),
}
LOCKS = ["email#ada@x.io", "username#ada", "username#bob", "email#ghost@x.io", "email#carol@x.io",
         "username#carol1", "username#carol2", "email#Dan@x.io", "username#dan", "email#dan@x.io"]
#: What the audit finds, exactly: (status, rule, value, accounts).
FINDINGS = {
    ("CASE_CLASH", "email", "dan@x.io", ("dan",)),
    ("DUPLICATE_VALUE", "email", "carol@x.io", ("carol1", "carol2")),
    ("MISSING_LOCK", "email", "bob@x.io", ("bob",)),
    ("ORPHAN_LOCK", "email", "ghost@x.io", ()),
}
HEALTHY = 6  # ada's email, and the five usernames


@dataclass(frozen=True)
class TwoTables:
    users: str
    uniques: str
    schema: UniquenessSchema


def two_table_schema(users: str, uniques: str) -> UniquenessSchema:
    return UniquenessSchema(
        pk_name="ID", sk_name=None, account_pk_prefix="", account_sk_value=None,
        rules=(LockRule("email", "email", "email#{value}", None),
               LockRule("username", "username", "username#{value}", None)),
        locks=LocksTable(uniques, "pk", None, users))


#: The article's layout split in two: accounts ``ACCT#<id>`` / ``PROFILE`` in a table keyed PK
#: and SK, their locks ``UNIQ#EMAIL#<value>`` / ``UNIQ#HANDLE#<value>`` in ``uniques`` keyed ``pk``.
ARTICLE_PREFIXES = {"email#": "UNIQ#EMAIL#", "username#": "UNIQ#HANDLE#"}


def article_lock(pk: str) -> str:
    prefix = next(p for p in ARTICLE_PREFIXES if pk.startswith(p))
    return ARTICLE_PREFIXES[prefix] + pk[len(prefix):]


def _create(conn: Connection, name: str, key: str, sort_key: str | None = None,
            stream: str | None = None) -> None:
    keys = [key] + ([sort_key] if sort_key else [])
    spec: dict[str, Any] = {"StreamSpecification": {"StreamEnabled": True, "StreamViewType": stream}
                            } if stream else {}
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": k, "AttributeType": "S"} for k in keys],
                             KeySchema=[{"AttributeName": k, "KeyType": t}
                                        for k, t in zip(keys, ("HASH", "RANGE"), strict=False)], **spec)
    conn.client.get_waiter("table_exists").wait(TableName=name)


@contextmanager
def seeded_two_tables(conn: Connection, *, article: bool = False,
                      streams: tuple[str | None, str | None] = (None, None)) -> Iterator[TwoTables]:
    """Both tables under unique names (the endpoint is shared by the test process), dropped after.
    ``article``: the article's key layout (see ``article_lock``); the schema is then the flag's.
    ``streams``: the users' and the uniques' stream view types (None: no stream)."""
    tag = uuid.uuid4().hex[:8]
    users, uniques = f"users-{tag}", f"uniques-{tag}"
    if article:
        _create(conn, users, "PK", "SK", streams[0])
    else:
        _create(conn, users, "ID", stream=streams[0])
    _create(conn, uniques, "pk", stream=streams[1])
    try:
        for acct, (email, username) in ACCOUNTS.items():
            key = {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}} if article else {"ID": {"S": acct}}
            conn.client.put_item(TableName=users, Item={
                **key, "email": {"S": email}, "username": {"S": username}})
        for pk in LOCKS:
            conn.client.put_item(TableName=uniques, Item={"pk": {"S": article_lock(pk) if article else pk}})
        yield TwoTables(users, uniques, two_table_schema(users, uniques))
    finally:
        conn.client.delete_table(TableName=users)
        conn.client.delete_table(TableName=uniques)
