"""The watch on accounts with several items (the schema's accounts' SKs vary), on the real
streams of moto and DynamoDB Local: ACCT#1 holds a@x.io (PROFILE) and b@x.io (ZALT), ACCT#2
c@x.io (PROFILE) beside a note (ZNOTE), ACCT#3 e@x.io (A) and d@x.io (B), every value locked.
Then one item of each is written or deleted. The watch, replayed from the stream or seeded by an
audit, ends holding exactly the findings a fresh audit reports (only b@x.io, whose one item was
deleted, is an orphan), and shows no other; with the locks in a table of their own too."""

from __future__ import annotations

import dataclasses
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.audit.two_tables import run_two_table_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.uniqueness.schema import LockRule, LocksTable, UniquenessSchema, article_schema
from dynoview.core.watch.events import RESOLVED
from dynoview.core.watch.watcher import Watcher

pytestmark = pytest.mark.integration

#: Every ACCT# item is an item of its account, whatever its SK.
SCHEMA = dataclasses.replace(article_schema(), account_sk_value=None)
QUIET_S = 60  # at most, for a watch to catch up with a handful of records


def s(text: str) -> dict[str, str]:
    return {"S": text}


def item(n: int, sk: str, email: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"PK": s(f"ACCT#{n}"), "SK": s(sk)}
    if email is not None:
        out["email"] = s(email)
    return out


ITEMS = [item(1, "PROFILE", "a@x.io"), item(1, "ZALT", "b@x.io"), item(2, "PROFILE", "c@x.io"),
         item(2, "ZNOTE"), item(3, "B", "d@x.io"), item(3, "A", "e@x.io")]
EMAILS = ["a@x.io", "b@x.io", "c@x.io", "d@x.io", "e@x.io"]


def _create(conn: Connection, name: str, keys: list[str], view: str) -> None:
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": k, "AttributeType": "S"} for k in keys],
        KeySchema=[{"AttributeName": k, "KeyType": t} for k, t in zip(keys, ("HASH", "RANGE"), strict=False)],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": view})
    conn.client.get_waiter("table_exists").wait(TableName=name)


@contextmanager
def tables(conn: Connection, view: str, *, locks_table: bool) -> Iterator[tuple[str, UniquenessSchema]]:
    """The accounts (and, with ``locks_table``, a table of their locks keyed ``pk``), seeded."""
    tag = uuid.uuid4().hex[:8]
    accounts, uniques = f"multi-{tag}", f"multi-locks-{tag}"
    _create(conn, accounts, ["PK", "SK"], view)
    schema = SCHEMA
    made = [accounts]
    try:
        if locks_table:
            _create(conn, uniques, ["pk"], view)
            made.append(uniques)
            schema = UniquenessSchema(pk_name="PK", sk_name="SK", account_pk_prefix="ACCT#",
                                      account_sk_value=None,
                                      rules=(LockRule("email", "email", "email#{value}", None),),
                                      locks=LocksTable(uniques, "pk", None, accounts))
        for it in ITEMS:
            conn.client.put_item(TableName=accounts, Item=it)
        for email in EMAILS:
            if locks_table:
                conn.client.put_item(TableName=uniques, Item={"pk": s(f"email#{email}")})
            else:
                conn.client.put_item(TableName=accounts, Item={"PK": s(f"UNIQ#EMAIL#{email}"),
                                                               "SK": s("LOCK")})
        yield accounts, schema
    finally:
        for name in made:
            conn.client.delete_table(TableName=name)


def write(conn: Connection, table: str) -> None:
    """Delete ACCT#1/ZALT; update ACCT#2/ZNOTE; put ACCT#3/C (e@x.io, as A has); delete ACCT#3/A."""
    client = conn.client
    client.delete_item(TableName=table, Key={"PK": s("ACCT#1"), "SK": s("ZALT")})
    client.update_item(TableName=table, Key={"PK": s("ACCT#2"), "SK": s("ZNOTE")},
                       UpdateExpression="SET note = :n", ExpressionAttributeValues={":n": s("hi")})
    client.put_item(TableName=table, Item=item(3, "C", "e@x.io"))
    client.delete_item(TableName=table, Key={"PK": s("ACCT#3"), "SK": s("A")})


def quiet(watcher: Watcher) -> dict[tuple[Any, ...], str]:
    """Step until the stream is read to its tip and nothing is settling: the findings shown, by
    (status, rule, value), with the change each was last shown with."""
    shown: dict[tuple[Any, ...], str] = {}
    deadline = time.monotonic() + QUIET_S
    calm = 0
    while calm < 3:  # three steps in a row at the tip, nothing waiting
        assert time.monotonic() < deadline, "the watch did not catch up"
        step = watcher.step()
        for event in step.events:
            shown[(event.finding.status, event.finding.rule, event.finding.value)] = event.kind
        calm = calm + 1 if step.up_to_date and not watcher.pending and not step.events else 0
        time.sleep(min(max(step.wait_s, 0.05), 0.3))
    return shown


def held(findings: list[Finding]) -> list[str]:
    return sorted(map(repr, findings))


@pytest.mark.parametrize("locks_table", [False, True], ids=["one-table", "locks-table"])
@pytest.mark.parametrize("view", ["NEW_AND_OLD_IMAGES", "KEYS_ONLY"])
@pytest.mark.parametrize("seed", ["replay", "audit"])
def test_the_watch_ends_with_a_fresh_audits_findings(conn: Connection, seed: str, view: str,
                                                     locks_table: bool) -> None:
    with tables(conn, view, locks_table=locks_table) as (table, schema):
        reader = Reader(conn)
        info = describe_table(conn, table)
        watcher = Watcher(reader, info, schema, seed=seed, settle_s=0.0)
        watcher.start()
        assert watcher.choice is not None and watcher.choice.mode == seed
        quiet(watcher)
        assert watcher.state is not None and watcher.state.all_findings() == []  # as the audit
        write(conn, table)
        shown = quiet(watcher)
        audit = (run_audit(reader, describe_table(conn, table), schema) if not locks_table else
                 run_two_table_audit(reader, describe_table(conn, table),
                                     describe_table(conn, schema.locks.name if schema.locks else ""),
                                     schema))
        assert [(f.status, f.rule, f.value, f.account_ids) for f in audit.findings] == [
            ("ORPHAN_LOCK", "email", "b@x.io", ())]
        assert held(watcher.state.all_findings()) == held(audit.findings)  # word for word, keys too
        assert {k: v for k, v in shown.items() if v != RESOLVED} == {
            ("ORPHAN_LOCK", "email", "b@x.io"): "appeared"}
