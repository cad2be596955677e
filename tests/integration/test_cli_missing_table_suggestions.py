"""The other places a missing table is named offer the table meant too, as the shared "does not
exist" sentence does: the separate locks table (``--locks-table``, or the schema's) of audit,
diagnose and the commands that resolve a schema, and transact's check of the tables it writes,
on its send and on its dry run. A name like no table's still offers nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def locks(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "locks") as name:
        yield name


@pytest.mark.parametrize("command", [["audit"], ["diagnose", "--rule", "email", "ada@lovelace.io"]])
def test_a_locks_table_in_the_wrong_case_offers_the_one_meant(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, accounts_table: str, locks: str,
        command: list[str]) -> None:
    wrong = locks.upper()
    code, out, err = run(capsys, command[0], "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--locks-table", wrong, *command[1:])
    assert (code, out) == (2, "")
    assert (f"The locks table {wrong} does not exist on this connection. Did you mean {locks}? Check "
            "the --locks-table name") in err


def test_a_locks_table_like_no_table_offers_nothing(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, accounts_table: str) -> None:
    code, _, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--locks-table", "zz-nothing-alike")
    assert code == 2
    assert "The locks table zz-nothing-alike does not exist on this connection. Check the" in err
    assert "Did you mean" not in err


def _request(tmp_path: Path, table: str) -> Path:
    path = tmp_path / "request.json"
    path.write_text(json.dumps({"TransactItems": [
        {"Put": {"TableName": table, "Item": {"PK": {"S": "DOC#1"}, "SK": {"S": "META"}}}}]}))
    return path


@pytest.mark.parametrize("mode", ["--yes", "--dry-run"])
def test_transact_offers_the_table_meant(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         endpoint_url: str, locks: str, conn: Connection,
                                         mode: str) -> None:
    wrong = locks.upper()
    code, out, err = run(capsys, "transact", str(_request(tmp_path, wrong)), mode, "--endpoint-url",
                         endpoint_url, "--format", "json")
    assert code == 2, err
    payload = json.loads(out)
    assert payload["status"] == "invalid"
    assert [p["field"] for p in payload["problems"]] == ["table"]
    assert payload["problems"][0]["message"] == (
        f"Table {wrong} does not exist on this connection. Did you mean {locks}? Check the name, the "
        "region and the endpoint.")
    assert conn.client.scan(TableName=locks)["Items"] == []  # nothing was written anywhere


def test_transact_names_a_table_like_no_other_as_before(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str) -> None:
    code, out, err = run(capsys, "transact", str(_request(tmp_path, "zz-nothing-alike")), "--yes",
                         "--endpoint-url", endpoint_url)
    assert (code, out) == (2, "")
    assert ("Table zz-nothing-alike does not exist on this connection; check the name, the region "
            "and the endpoint.") in err
    assert "Did you mean" not in err
