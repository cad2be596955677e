"""A batch the preflight stops says how to go on, and that advice works. It used to say "fix
the file, then --resume continues", which --resume refuses (a fixed file is another file: "The
file changed since the import stopped"). Now: fix the file and import it again from the start
without --resume (the items written are written again, the same Puts), or change the table so
that the batch passes and --resume continues. Both are followed here, to the end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table
from tests.integration.test_import_items import _scan
from tests.unit.core.imports.samples import account

pytestmark = pytest.mark.integration

ACCOUNTS = 40  # 120 items: batch 2 holds the orphan lock
ORPHAN = {"PK": {"S": "UNIQ#EMAIL#ghost@example.com"}, "SK": {"S": "LOCK"},
          "account": {"S": "ACCT#ghost"}}
GHOST = [{"PK": {"S": "ACCT#ghost"}, "SK": {"S": "PROFILE"}, "email": {"S": "ghost@example.com"},
          "username": {"S": "ghost"}},
         {"PK": {"S": "UNIQ#HANDLE#ghost"}, "SK": {"S": "LOCK"}, "account": {"S": "ACCT#ghost"}}]
ADVICE = ("fix the file, then import it again from the start, without --resume (the items written "
          "are written again, the same Puts); or change the table so that the batch passes, then "
          "--resume continues")


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "advice") as name:
        yield name


def _write(path: Path, items: list[dict[str, Any]]) -> None:
    path.write_text("".join(json.dumps({"Item": item}) + "\n" for item in items))


def _import(path: Path, table: str, url: str, *more: str) -> int:
    return main(["import", str(path), "--table", table, "--endpoint-url", url, "--yes",
                 "--progress-file", str(path.with_suffix(".progress")), *more])


def _stopped(tmp_path: Path, table: str, url: str, conn: Connection,
             capsys: pytest.CaptureFixture[str]) -> tuple[Path, list[dict[str, Any]]]:
    good = [item for n in range(ACCOUNTS) for item in account(n)]
    path = tmp_path / "items.ddb.json"
    _write(path, [*good, ORPHAN])
    assert _import(path, table, url) == 2
    err = capsys.readouterr().err
    written = len(_scan(conn, table))
    assert written == 99  # an account and its locks share a batch: the first one holds 33
    assert f"the batches before it were written ({written} item(s)): {ADVICE}." in err
    return path, good


def test_fixing_the_file_and_importing_from_the_start_imports_it(
        tmp_path: Path, endpoint_url: str, conn: Connection, table: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, good = _stopped(tmp_path, table, endpoint_url, conn, capsys)
    _write(path, good)  # fixed: the orphan lock removed
    assert _import(path, table, endpoint_url, "--resume") == 2  # why --resume is not the advice
    assert "The file changed since the import stopped" in capsys.readouterr().err
    assert _import(path, table, endpoint_url) == 0, capsys.readouterr().err
    assert len(_scan(conn, table)) == len(good)


def test_changing_the_table_so_the_batch_passes_lets_resume_continue(
        tmp_path: Path, endpoint_url: str, conn: Connection, table: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path, good = _stopped(tmp_path, table, endpoint_url, conn, capsys)
    for item in GHOST:  # the account the orphan lock was missing, and its other lock
        conn.client.put_item(TableName=table, Item=item)
    code = _import(path, table, endpoint_url, "--resume")
    assert code == 0, capsys.readouterr().err
    assert len(_scan(conn, table)) == len(good) + 1 + len(GHOST)
