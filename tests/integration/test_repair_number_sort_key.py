"""Accounts keyed by a String id and a Number sort key (``ver``, different per account: the schema's
``account_sk_value`` is null), their locks in a table of their own, on moto and DynamoDB Local.

The audit finds a missing lock and an orphan naming its owner; repair claims and releases both
(the accounts read by their full key, its sort key a Number), and diagnose says whose the orphan
was. They stopped with DynamoDB's bare ValidationException: the account was read by its id alone
(with a String sort key, or none).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.audit.report import finding_json
from dynoview.core.audit.two_tables import run_two_table_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import plan_repairs
from dynoview.core.repair.run import EXIT_OK, MAX_RATE, run_repairs
from dynoview.core.repair.state import APPLIED
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.origin import LEFT_BY_CHANGE, SOURCE_OWNER
from tests.helpers import OwnerTables, owner_tables

pytestmark = pytest.mark.integration


def _s(v: str) -> dict[str, str]:
    return {"S": v}


@contextmanager
def number_sort_key_tables(conn: Connection, sk_type: str = "N") -> Iterator[OwnerTables]:
    """``users`` keyed ``id`` (S) + ``ver`` (``sk_type``), ``uniques`` keyed ``pk``: u1 holds
    ok@x.com with its lock and names an orphan old@x.com (its ``owner``); u2 holds nolock@x.com
    without a lock."""
    with owner_tables(conn, "n", sk_type) as t:
        users, uniques = t.users, t.uniques
        ver = {sk_type: "1" if sk_type != "B" else b"\x01"}
        put = conn.client.put_item
        put(TableName=users, Item={"id": _s("U#u1"), "ver": ver, "mail": _s("ok@x.com")})
        put(TableName=uniques, Item={"pk": _s("email#ok@x.com"), "owner": _s("U#u1")})
        put(TableName=users, Item={"id": _s("U#u2"), "ver": ver, "mail": _s("nolock@x.com")})
        put(TableName=uniques, Item={"pk": _s("email#old@x.com"), "owner": _s("U#u1")})
        yield t


@pytest.fixture
def tables(conn: Connection) -> Iterator[OwnerTables]:
    with number_sort_key_tables(conn) as t:
        yield t


def _audit(reader: Reader, t: OwnerTables, fast_parse: bool) -> Any:
    users, uniques = describe_table(reader.conn, t.users), describe_table(reader.conn, t.uniques)
    return run_two_table_audit(reader, users, uniques, t.schema, segments=1, consistent=True,
                               fast_parse=fast_parse), users, uniques


@pytest.mark.parametrize("fast_parse", [True, False])
def test_repair_claims_and_releases_with_a_number_sort_key(conn: Connection, reader: Reader,
                                                           tables: OwnerTables, tmp_path: Path,
                                                           fast_parse: bool) -> None:
    result, users, uniques = _audit(reader, tables, fast_parse)
    assert {(f.status, f.value) for f in result.findings} == {("MISSING_LOCK", "nolock@x.com"),
                                                              ("ORPHAN_LOCK", "old@x.com")}
    plan = plan_repairs(result.findings, tables.schema, tables.users)
    run = run_repairs(conn, plan, tables.schema, users, reader=reader, rate=MAX_RATE,
                      log=ActionLog(tmp_path / "actions.jsonl"), locks_table=uniques)
    assert [o.status for o in run.outcomes] == [APPLIED, APPLIED], [o.message for o in run.outcomes]
    assert run.exit_code == EXIT_OK and run.error is None
    claim = next(o for o in run.outcomes if o.kind == "claim")
    # The claim is guarded on u2 as stored: its Number sort key, not a String "1" nor none.
    check = next(a for a in _actions(claim.request) if "ConditionCheck" in a)["ConditionCheck"]
    assert check["Key"] == {"id": {"S": "U#u2"}, "ver": {"N": "1"}}
    release = next(o for o in run.outcomes if o.kind == "release")
    guard = next(a for a in _actions(release.request) if "ConditionCheck" in a)["ConditionCheck"]
    assert guard["Key"] == {"id": {"S": "U#u1"}, "ver": {"N": "1"}}
    locks = {i["pk"]["S"] for i in conn.client.scan(TableName=tables.uniques)["Items"]}
    assert locks == {"email#ok@x.com", "email#nolock@x.com"}


def test_audit_keeps_the_number_sort_key_in_the_findings_and_their_json(reader: Reader,
                                                                        tables: OwnerTables) -> None:
    # The item path (Pairing.feed: diagnose, the preflight, botocore's pages) keeps the SK's type.
    result, _, _ = _audit(reader, tables, fast_parse=False)
    missing = next(f for f in result.findings if f.status == "MISSING_LOCK")
    assert missing.account_keys == ({"id": {"S": "U#u2"}, "ver": {"N": "1"}},)
    assert finding_json(missing)["account_keys"] == [{"id": {"S": "U#u2"}, "ver": {"N": "1"}}]


def test_diagnose_names_the_owner_of_an_orphan(reader: Reader, tables: OwnerTables) -> None:
    users = describe_table(reader.conn, tables.users)
    d = diagnose(reader, users, tables.schema, "email", "old@x.com", use_stream=False)
    assert d.status == "ORPHAN_LOCK"
    assert d.origin is not None and d.origin.source == SOURCE_OWNER
    assert d.origin.kind == LEFT_BY_CHANGE and d.origin.account_id == "U#u1"
    assert d.origin.current_value == "ok@x.com"
    # u1 was read from the accounts' table by its partition key (not by a guessed key).
    assert any(r.operation == "Query" and r.table == tables.users for r in d.receipts)


def _actions(request: str | None) -> list[dict[str, Any]]:
    return list(json.loads(request or "{}")["TransactItems"])


def test_a_binary_sort_key_is_kept_as_read(conn: Connection, reader: Reader, tmp_path: Path) -> None:
    with number_sort_key_tables(conn, "B") as t:
        result, users, uniques = _audit(reader, t, fast_parse=False)
        missing = next(f for f in result.findings if f.status == "MISSING_LOCK")
        assert missing.account_keys == ({"id": {"S": "U#u2"}, "ver": {"B": b"\x01"}},)
        assert finding_json(missing)["account_keys"] == [{"id": {"S": "U#u2"}, "ver": {"B": "AQ=="}}]
        plan = plan_repairs(result.findings, t.schema, t.users)
        run = run_repairs(conn, plan, t.schema, users, reader=reader, rate=MAX_RATE,
                          log=ActionLog(tmp_path / "actions.jsonl"), locks_table=uniques)
        assert [o.status for o in run.outcomes] == [APPLIED, APPLIED], [o.message for o in run.outcomes]
