"""`audit --detect` audits nothing with a proposal it is not sure of, reads the locks table's
sample with ``--locks-table``, and `repair` refuses a report whose schema a detection was not
sure of: on a healthy table such a guess read every lock as an orphan (or every account as
missing one), and the repair released (or wrote) them all."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.schema_file import schema_from_json

pytestmark = pytest.mark.integration


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _create(conn: Connection, name: str, pk: str = "PK", sk: str | None = "SK") -> None:
    keys = [(pk, "HASH"), *([(sk, "RANGE")] if sk else [])]
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": k, "AttributeType": "S"} for k, _ in keys],
        KeySchema=[{"AttributeName": k, "KeyType": t} for k, t in keys])


def _put(conn: Connection, table: str, **attrs: str) -> None:
    conn.client.put_item(TableName=table, Item={k: {"S": v} for k, v in attrs.items()})


def _snapshot(conn: Connection, table: str) -> list[str]:
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(json.dumps(i, sort_keys=True) for i in items)


@pytest.fixture
def tables(conn: Connection) -> Iterator[list[str]]:
    """Names of tables a test creates (dropped after it)."""
    made: list[str] = []
    yield made
    for name in made:
        conn.client.delete_table(TableName=name)


def _two_tables(conn: Connection, made: list[str], lock_pk: str = "UNIQ#EMAIL#{}") -> tuple[str, str]:
    """A healthy app: accounts USER#<id>/PROFILE in one table, their email locks (pk only) in
    another."""
    users, uniques = f"users-{uuid.uuid4().hex[:8]}", f"uniques-{uuid.uuid4().hex[:8]}"
    _create(conn, users)
    made.append(users)
    _create(conn, uniques, "pk", None)
    made.append(uniques)
    for i, email in (("1", "ada@x.io"), ("2", "bob@x.io")):
        _put(conn, users, PK=f"USER#{i}", SK="PROFILE", email=email)
        _put(conn, uniques, pk=lock_pk.format(email))
    return users, uniques


def test_detect_with_a_locks_table_reads_the_locks_table_too(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, conn: Connection,
        tables: list[str]) -> None:
    users, uniques = _two_tables(conn, tables)
    before = _snapshot(conn, uniques)
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", users,
                         "--detect", "--locks-table", uniques, "--format", "json")
    assert code == 0, err  # was 1: both locks ORPHAN_LOCK by the article's layout, guessed
    data = json.loads(out)
    assert data["findings"] == [] and data["counts"]["OK"] == 2
    assert data["schema"]["account_pk_prefix"] == "USER#"
    assert data["schema"]["locks_table"]["name"] == uniques
    assert data["schema_origin"].startswith("detected: ") and data["schema_confident"] is True
    assert _snapshot(conn, uniques) == before


def test_an_unsure_detection_with_a_locks_table_audits_nothing(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, conn: Connection,
        tables: list[str]) -> None:
    # Locks keyed email#<value>: no UNIQ#<NAME># to see, in either table.
    users, uniques = _two_tables(conn, tables, lock_pk="email#{}")
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", users,
                         "--detect", "--locks-table", uniques, "--format", "json")
    assert (code, out) == (2, "")
    assert f"--detect is not sure of the schema it proposes for {users}, so nothing was audited" in err
    assert "--schema FILE" in err


def test_an_unsure_detection_audits_nothing_and_shows_the_proposal(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        tables: list[str]) -> None:
    # A healthy table whose locks name the entity too: UNIQ#USER#EMAIL#<v>, UNIQ#USER#HANDLE#<v>.
    table = f"composite-{uuid.uuid4().hex[:8]}"
    _create(conn, table)
    tables.append(table)
    for i, email, user in (("1", "ada@x.io", "ada"), ("2", "bob@x.io", "bob")):
        _put(conn, table, PK=f"ACCT#{i}", SK="PROFILE", email=email, username=user)
        _put(conn, table, PK=f"UNIQ#USER#EMAIL#{email}", SK="LOCK")
        _put(conn, table, PK=f"UNIQ#USER#HANDLE#{user}", SK="LOCK")
    before = _snapshot(conn, table)
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", table,
                         "--detect", "--format", "json")
    assert (code, out) == (2, "")  # was 1 with 4 MISSING_LOCK, which `repair --yes` then wrote
    sentence, _, proposal = err.partition("\n{")
    assert "nothing was audited" in sentence and "edit the schema by hand" in sentence
    assert "Save the proposed schema below to a file" in sentence
    schema_from_json(json.loads("{" + proposal))  # the JSON shown is a schema file to edit

    # A report recording such a detection (an older run's, another tool's) repairs nothing.
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", table,
                         "--format", "json", "--no-receipts")
    assert code == 1 and json.loads(out)["counts"]["MISSING_LOCK"] == 4, err
    data = json.loads(out)
    data["schema_origin"], data["schema_confident"] = "detected: a guess", False
    report = tmp_path / "audit.json"
    report.write_text(json.dumps(data))
    code, out, err = run(capsys, "repair", str(report), "--endpoint-url", endpoint_url,
                         "--table", table, "--yes")
    assert (code, out) == (2, "")
    assert "The report's audit used a schema its detection was not sure of (detected: a guess)" in err
    assert _snapshot(conn, table) == before  # no lock the app never uses was written
