"""`dynoview import --json` prints one JSON document, however the run ends: a script pipes it to
``jq`` or ``json.loads`` whole. It used to print the preview, then the result (or the stop), as
two documents. Without --json the output is as before: the preview on standard error, the
result's summary on standard output."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import account

pytestmark = pytest.mark.integration


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "import-json") as name:
        yield name


def _file(tmp_path: Path, items: list[dict[str, Any]]) -> Path:
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    return path


def _import(capsys: pytest.CaptureFixture[str], path: Path, table: str, url: str,
            *more: str) -> tuple[int, str, str]:
    code = main(["import", str(path), "--table", table, "--endpoint-url", url,
                 "--progress-file", str(path.with_suffix(".progress")), *more])
    out = capsys.readouterr()
    return code, out.out, out.err


def _count(conn: Connection, table: str) -> int:
    return int(conn.client.scan(TableName=table, Select="COUNT", ConsistentRead=True)["Count"])


def test_an_import_prints_one_document_with_the_preview_and_the_result(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        table: str) -> None:
    items = [i for n in range(3) for i in account(n)]
    code, out, err = _import(capsys, _file(tmp_path, items), table, endpoint_url, "--yes", "--json")
    assert code == 0, err
    document = json.loads(out)  # the whole of standard output: one document
    assert document["status"] == "imported"
    assert (document["table"], document["items"], document["mode"]) == (table, len(items), "transact")
    assert document["lock_rules"] is True
    assert document["preview"]["items"] == len(items) and document["preview"]["problem_count"] == 0
    assert len(document["preview"]["preview"]) == 5  # --preview's default
    assert "preview: " in err and "mode: " in err  # the human preview stays on standard error
    assert _count(conn, table) == len(items)


def test_a_dry_run_prints_one_document(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       endpoint_url: str, conn: Connection, table: str) -> None:
    code, out, err = _import(capsys, _file(tmp_path, account(1)), table, endpoint_url, "--dry-run",
                             "--json")
    assert code == 0, err
    document = json.loads(out)
    assert (document["status"], document["preview"]["items"]) == ("dry-run", 3)
    assert _count(conn, table) == 0


def test_a_refusal_prints_one_document_with_its_sentence(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        table: str) -> None:
    code, out, err = _import(capsys, _file(tmp_path, account(1)), table, endpoint_url, "--json")
    assert code == 2
    document = json.loads(out)
    assert document["status"] == "not-confirmed"
    assert document["message"].startswith("Not imported: pass --yes to write 3 item(s)")
    assert document["message"] in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"Item": {"PK": {"S": "x"}}}\n')
    code, out, _ = _import(capsys, bad, table, endpoint_url, "--yes", "--json")
    assert code == 2
    document = json.loads(out)
    assert (document["status"], document["preview"]["problem_count"]) == ("invalid", 1)
    assert _count(conn, table) == 0


def test_a_stopped_batch_prints_one_document(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             endpoint_url: str, conn: Connection, table: str) -> None:
    thief = {**account(99)[0], "email": {"S": "member1@example.com"}}  # a held email, no lock
    code, out, _ = _import(capsys, _file(tmp_path, [*account(1), thief]), table, endpoint_url,
                             "--yes", "--json")
    assert code == 2
    document = json.loads(out)
    assert document["status"] == "stopped"
    assert "would break a uniqueness lock" in document["message"]
    assert document["preflight"]["refused"] and document["preview"]["items"] == 4
    assert _count(conn, table) == 0


def test_without_json_the_output_is_as_before(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              endpoint_url: str, table: str) -> None:
    code, out, err = _import(capsys, _file(tmp_path, account(2)), table, endpoint_url, "--yes")
    assert code == 0, err
    assert out.startswith(f"3 item(s) imported into {table} in 1 batch(es)") and out.count("\n") == 1
    assert "preview: 3 item(s) and no problem in the file" in err
