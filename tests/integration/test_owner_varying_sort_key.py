"""A lock naming its owner (``owner_attribute``) when the accounts' String sort keys differ per
account (TypeDORM's layout: ``account_sk_value`` null), the locks in a table of their own, on
moto and DynamoDB Local.

The owner's id is its partition key only: repair's release and diagnose find its item with a
Query on that partition key (never a guessed key, never the locks' table), and when it finds
several items, or the layout has no such key, the finding is left to a person in a sentence.
Both stopped with DynamoDB's bare ValidationException.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.two_tables import run_two_table_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import CLAIM, PlannedRepair, RepairPlan, plan_repairs
from dynoview.core.repair.run import EXIT_ATTENTION, EXIT_OK, MAX_RATE, RepairRun, run_repairs
from dynoview.core.repair.state import APPLIED, NEEDS_DECISION
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.origin import LEFT_BY_CHANGE, LEFT_BY_DELETE, SOURCE_OWNER, UNKNOWN
from tests.helpers import OwnerTables, owner_tables

pytestmark = pytest.mark.integration


def _s(v: str) -> dict[str, str]:
    return {"S": v}


@contextmanager
def varying_tables(conn: Connection, owner_items: int = 1) -> Iterator[OwnerTables]:
    """``users`` keyed ``id`` + ``ver`` (S, its value per account), ``uniques`` keyed ``pk``: u1
    (``owner_items`` items: 0 is a deleted account) is named by the orphan old@x.com."""
    with owner_tables(conn, "v") as t:
        users, uniques = t.users, t.uniques
        put = conn.client.put_item
        for n in range(owner_items):
            put(TableName=users, Item={"id": _s("U#u1"), "ver": _s(f"v{n + 1}"), "mail": _s("ok@x.com")})
        if owner_items:
            put(TableName=uniques, Item={"pk": _s("email#ok@x.com"), "owner": _s("U#u1")})
        put(TableName=users, Item={"id": _s("U#u2"), "ver": _s("U#u2"), "mail": _s("two@x.com")})
        put(TableName=uniques, Item={"pk": _s("email#two@x.com"), "owner": _s("U#u2")})
        put(TableName=uniques, Item={"pk": _s("email#old@x.com"), "owner": _s("U#u1")})
        yield t


def _repair(conn: Connection, reader: Reader, t: OwnerTables, tmp_path: Path,
            plan: RepairPlan | None = None) -> RepairRun:
    users, uniques = describe_table(conn, t.users), describe_table(conn, t.uniques)
    if plan is None:
        result = run_two_table_audit(reader, users, uniques, t.schema, segments=1, consistent=True)
        plan = plan_repairs(result.findings, t.schema, t.users)
    return run_repairs(conn, plan, t.schema, users, reader=reader, rate=MAX_RATE,
                       log=ActionLog(tmp_path / "actions.jsonl"), locks_table=uniques)


def _locks(conn: Connection, t: OwnerTables) -> set[str]:
    return {i["pk"]["S"] for i in conn.client.scan(TableName=t.uniques, ConsistentRead=True)["Items"]}


def _guard(request: str | None) -> dict[str, Any]:
    items = json.loads(request or "{}")["TransactItems"]
    return dict(next(a["ConditionCheck"] for a in items if "ConditionCheck" in a))


def test_release_reads_the_owner_under_its_partition_key(conn: Connection, reader: Reader,
                                                         tmp_path: Path) -> None:
    with varying_tables(conn) as t:
        run = _repair(conn, reader, t, tmp_path)
        assert [o.status for o in run.outcomes] == [APPLIED], [o.message for o in run.outcomes]
        assert run.exit_code == EXIT_OK
        # Guarded on u1 as it was read: its own sort key.
        assert _guard(run.outcomes[0].request)["Key"] == {"id": _s("U#u1"), "ver": _s("v1")}
        assert _locks(conn, t) == {"email#ok@x.com", "email#two@x.com"}


def test_diagnose_names_the_owner_read_under_its_partition_key(conn: Connection, reader: Reader) -> None:
    with varying_tables(conn) as t:
        d = diagnose(reader, describe_table(conn, t.users), t.schema, "email", "old@x.com", use_stream=False)
        assert d.status == "ORPHAN_LOCK" and d.origin is not None
        assert (d.origin.kind, d.origin.source, d.origin.account_id, d.origin.current_value) == (
            LEFT_BY_CHANGE, SOURCE_OWNER, "U#u1", "ok@x.com")


def test_an_owner_with_several_items_is_a_decision(conn: Connection, reader: Reader, tmp_path: Path) -> None:
    with varying_tables(conn, owner_items=2) as t:
        run = _repair(conn, reader, t, tmp_path)
        assert [o.status for o in run.outcomes] == [NEEDS_DECISION]
        assert run.exit_code == EXIT_ATTENTION and run.error is None
        assert "Account U#u1 has 2 items under its partition key (its sort key ver differs per item), " \
               "so which one is the account is not known." in run.outcomes[0].message
        assert "old@x.com" in " ".join(_locks(conn, t))  # nothing was sent
        d = diagnose(reader, describe_table(conn, t.users), t.schema, "email", "old@x.com", use_stream=False)
        assert d.origin is not None and d.origin.kind == UNKNOWN
        assert "has 2 items under its partition key" in d.origin.evidence


def test_a_deleted_owner_is_released(conn: Connection, reader: Reader, tmp_path: Path) -> None:
    with varying_tables(conn, owner_items=0) as t:
        d = diagnose(reader, describe_table(conn, t.users), t.schema, "email", "old@x.com", use_stream=False)
        assert d.origin is not None and d.origin.kind == LEFT_BY_DELETE
        run = _repair(conn, reader, t, tmp_path)
        assert [o.status for o in run.outcomes] == [APPLIED], [o.message for o in run.outcomes]
        assert any("no item under its partition key" in n for n in run.notes)
        assert _locks(conn, t) == {"email#two@x.com"}


def test_a_claim_whose_key_lacks_the_sort_key_finds_the_item_holding_the_value(
        conn: Connection, reader: Reader, tmp_path: Path) -> None:
    # A report of an older version (or a hand-made one) names the account by its id only.
    with varying_tables(conn, owner_items=2) as t:
        conn.client.put_item(TableName=t.users, Item={"id": _s("U#u3"), "ver": _s("a")})
        conn.client.put_item(TableName=t.users, Item={"id": _s("U#u3"), "ver": _s("b"),
                                                      "mail": _s("three@x.com")})
        users, uniques = describe_table(conn, t.users), describe_table(conn, t.uniques)
        result = run_two_table_audit(reader, users, uniques, t.schema, segments=1, consistent=True)
        missing = next(f for f in result.findings if f.status == "MISSING_LOCK")
        by_id = replace(missing, account_keys=({"id": _s("U#u3")},))
        plan = RepairPlan(t.users, (PlannedRepair(by_id, CLAIM),))
        run = _repair(conn, reader, t, tmp_path, plan)
        assert [o.status for o in run.outcomes] == [APPLIED], [o.message for o in run.outcomes]
        assert _guard(run.outcomes[0].request)["Key"] == {"id": _s("U#u3"), "ver": _s("b")}
        assert "email#three@x.com" in _locks(conn, t)
