"""A lone surrogate in a top-level attribute name (what a ``"a\\udc00"`` JSON escape decodes to)
is refused up front, at its line, by the file check, as one in a value, a map key or a key is;
nothing is written. Before, the check let it through: an import wrote its first batches, then
crashed on the batch holding it (UnicodeEncodeError in the action log, exit 3). The transaction
builder shares the check (``tx.validation.check_names``): a Put, a key, an
ExpressionAttributeNames entry or a ClientRequestToken with one is refused, never sent."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from tests.helpers import empty_keys_table
from tests.integration.test_import_items import _scan

pytestmark = pytest.mark.integration

GOOD = 120  # more than a batch: the first one was written before the crash
BAD_NAME = '"a\\udc00"'  # the name as the file writes it: a JSON escape
SAID = 'The attribute name "a\\udc00" holds an unpaired surrogate (\\udc00) at character 2'


@pytest.fixture
def docs(conn: Connection) -> Iterator[TableInfo]:
    with empty_keys_table(conn, "surrogate") as info:
        yield info


def _jsonl(path: Path) -> Path:
    lines = [json.dumps({"PK": f"doc#{i}", "SK": "D"}) for i in range(GOOD)]
    path.write_text("\n".join([*lines, '{"PK":"doc#bad","SK":"D",' + BAD_NAME + ':"x"}']) + "\n")
    return path


def _array(path: Path) -> Path:
    items = [json.dumps({"PK": f"doc#{i}", "SK": "D"}) for i in range(GOOD)]
    path.write_text("[\n" + ",\n".join([*items, '{"PK":"doc#bad","SK":"D",' + BAD_NAME + ':"x"}']) + "\n]\n")
    return path


def _ddb_json(path: Path) -> Path:
    lines = [json.dumps({"Item": {"PK": {"S": f"doc#{i}"}, "SK": {"S": "D"}}}) for i in range(GOOD)]
    bad = '{"Item":{"PK":{"S":"doc#bad"},"SK":{"S":"D"},' + BAD_NAME + ':{"S":"x"}}}'
    path.write_text("\n".join([*lines, bad]) + "\n")
    return path


@pytest.mark.parametrize(("name", "write", "line"), [
    ("items.jsonl", _jsonl, GOOD + 1), ("items.json", _array, GOOD + 2),
    ("items.ddb.json", _ddb_json, GOOD + 1)])
def test_a_surrogate_in_an_attribute_name_is_refused_at_its_line_and_nothing_is_written(
        name: str, write: object, line: int, tmp_path: Path, endpoint_url: str, conn: Connection,
        docs: TableInfo, capsys: pytest.CaptureFixture[str]) -> None:
    assert callable(write)
    path = write(tmp_path / name)
    code = main(["import", str(path), "--table", docs.name, "--endpoint-url", endpoint_url, "--yes",
                 "--progress-file", str(tmp_path / "p.json")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"problem: item {GOOD + 1} (line {line}, column " in err and SAID in err
    assert "nothing was imported" in err and "Traceback" not in err
    assert _scan(conn, docs.name) == []


def test_the_dry_run_finds_it_too(tmp_path: Path, endpoint_url: str, docs: TableInfo,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = _jsonl(tmp_path / "items.jsonl")
    code = main(["import", str(path), "--table", docs.name, "--endpoint-url", endpoint_url, "--dry-run",
                 "--json"])
    out, err = capsys.readouterr()
    assert code == 2, err
    document = json.loads(out)
    assert document["status"] == "invalid" and document["preview"]["problem_count"] == 1
    (problem,) = document["preview"]["problems"]
    assert problem["line"] == GOOD + 1 and SAID in problem["message"]


def test_a_csv_header_cannot_carry_one(tmp_path: Path, endpoint_url: str, conn: Connection,
                                       docs: TableInfo, capsys: pytest.CaptureFixture[str]) -> None:
    # CSV is read as strict UTF-8: a surrogate's bytes (ED B0 80) are refused as bytes, at line 1.
    path = tmp_path / "items.csv"
    path.write_bytes(b"PK (S),SK (S),a\xed\xb0\x80 (S)\n" + b"".join(
        f"doc#{i},D,x\n".encode() for i in range(GOOD)))
    code = main(["import", str(path), "--table", docs.name, "--endpoint-url", endpoint_url, "--yes",
                 "--progress-file", str(tmp_path / "p.json")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "line 1, character 16" in err and "0xED" in err and "Traceback" not in err
    assert _scan(conn, docs.name) == []


@pytest.mark.parametrize(("case", "body", "said"), [
    ("put", '{"TransactItems":[{"Put":{"TableName":"%s","Item":{"PK":{"S":"t"},"SK":{"S":"x"},'
            + BAD_NAME + ':{"S":"v"}}}}]}', "Action 1 › Item: " + SAID),
    ("names", '{"TransactItems":[{"Update":{"TableName":"%s","Key":{"PK":{"S":"t"},"SK":{"S":"x"}},'
              '"UpdateExpression":"SET #a = :v","ExpressionAttributeNames":{"#a":' + BAD_NAME + '},'
              '"ExpressionAttributeValues":{":v":{"S":"1"}}}}]}',
     '#a stands for "a\\udc00", which holds an unpaired surrogate'),
    ("token", '{"ClientRequestToken":"tok\\udc00","TransactItems":[{"Put":{"TableName":"%s",'
              '"Item":{"PK":{"S":"t"},"SK":{"S":"x"}}}}]}',
     'The ClientRequestToken "tok\\udc00" holds an unpaired surrogate')])
def test_the_transaction_builder_refuses_one_before_sending(
        case: str, body: str, said: str, tmp_path: Path, endpoint_url: str, conn: Connection,
        docs: TableInfo, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tx.json"
    path.write_text(body % docs.name)
    code = main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes"])
    err = capsys.readouterr().err
    assert code == 2, err  # before: a bug (exit 3), the action log unable to record the request
    assert "nothing was sent" in err and said in err and "Traceback" not in err
    assert _scan(conn, docs.name) == []
