"""`dynoview partiql` and `dynoview export` on moto and DynamoDB Local, and on the demo; an export
in ddb-json audited as DynamoDB's S3 export gives the live audit's findings."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.exports.writer import write_export
from dynoview.core.items.export import item_from_ddb_json_line
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import default_schema
from dynoview.core.values.plain import from_plain

pytestmark = pytest.mark.integration


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def scan_all(conn: Connection, table: str) -> list[dict]:
    items: list[dict] = []
    for page in conn.client.get_paginator("scan").paginate(TableName=table, ConsistentRead=True):
        items.extend(page["Items"])
    return items


def test_partiql_select_with_a_parameter_prints_plain_json_lines(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, accounts_table: str) -> None:
    code, out, err = run(capsys, "partiql", "--endpoint-url", endpoint_url, "--receipts", "--consistent",
                         f'-- ada, by key\nSELECT * FROM "{accounts_table}" WHERE PK = ? AND SK = ?',
                         "--param", '"ACCT#a1f9c3"', "--param", '{"S": "PROFILE"}')
    assert code == 0, err
    [line] = out.splitlines()
    assert json.loads(line) == {"PK": "ACCT#a1f9c3", "SK": "PROFILE", "displayName": "Ada Lovelace",
                                "createdAt": "2026-01-10T09:00:00Z", "status": "active",
                                "email": "ada@lovelace.io", "username": "ada"}
    [receipt] = [json.loads(r) for r in err.splitlines()]
    assert receipt["operation"] == "ExecuteStatement" and receipt["table"] == accounts_table
    assert receipt["consistency"] == "strong" and receipt["count"] == 1
    assert receipt["request"]["Statement"] == f'SELECT * FROM "{accounts_table}" WHERE PK = ? AND SK = ?'
    assert receipt["request"]["Parameters"] == [{"S": "ACCT#a1f9c3"}, {"S": "PROFILE"}]


def test_partiql_text_format_and_every_item(capsys: pytest.CaptureFixture[str], conn: Connection,
                                           endpoint_url: str, accounts_table: str) -> None:
    code, out, _ = run(capsys, "partiql", "--endpoint-url", endpoint_url, "--format", "text",
                       f'SELECT * FROM "{accounts_table}"')
    lines = out.splitlines()
    assert code == 0
    assert len(lines) - 1 == len(scan_all(conn, accounts_table))
    assert lines[-1].startswith(f"{len(lines) - 1} items, 1 request, eventually consistent")


@pytest.mark.only_on("dynamodb-local", reason="moto answers ExecuteStatement in one page, without "
                                              "Limit or NextToken")
def test_partiql_pages_through_next_token(capsys: pytest.CaptureFixture[str], conn: Connection,
                                          endpoint_url: str, accounts_table: str) -> None:
    code, out, err = run(capsys, "partiql", "--endpoint-url", endpoint_url, "--page-size", "7",
                         "--receipts", f'SELECT * FROM "{accounts_table}"')
    assert code == 0, err
    items = [from_plain(json.loads(line)) for line in out.splitlines()]
    everything = scan_all(conn, accounts_table)
    assert len(items) == len(everything) > 7
    receipts = [json.loads(r) for r in err.splitlines()]
    assert len(receipts) >= len(everything) // 7
    assert "NextToken" not in receipts[0]["request"] and "NextToken" in receipts[1]["request"]
    assert all(r["request"]["Limit"] == 7 for r in receipts)


def test_partiql_refuses_writes_and_bad_input(capsys: pytest.CaptureFixture[str], conn: Connection,
                                              endpoint_url: str, accounts_table: str) -> None:
    before = len(scan_all(conn, accounts_table))
    delete = f"DELETE FROM \"{accounts_table}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'"
    code, out, err = run(capsys, "partiql", "--endpoint-url", endpoint_url, "--read-only", delete)
    assert (code, out) == (2, "") and "This connection is read-only" in err
    code, out, err = run(capsys, "partiql", "--endpoint-url", endpoint_url, delete)
    assert (code, out) == (2, "") and "transaction builder" in err
    # A comment hiding the write changes nothing: comments are dropped before the check.
    code, _, err = run(capsys, "partiql", "--endpoint-url", endpoint_url, "--read-only",
                       "/* SELECT */ " + delete)
    assert code == 2 and "read-only" in err
    assert len(scan_all(conn, accounts_table)) == before
    code, _, err = run(capsys, "partiql", "--endpoint-url", endpoint_url,
                       f'SELECT * FROM "{accounts_table}" WHERE PK = ?')
    assert code == 2 and "1 ? placeholder and 0 values are given" in err
    code, _, err = run(capsys, "partiql", "--endpoint-url", endpoint_url, "--param", '{"N": 1}',
                       f'SELECT * FROM "{accounts_table}" WHERE PK = ?')
    assert code == 2 and "--param 1" in err and "quote the number" in err
    code, _, err = run(capsys, "partiql", "--endpoint-url", endpoint_url, 'SELECT * FROM "no-such-table"')
    assert code == 2 and err.startswith("dynoview: ")


def test_export_formats(capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str,
                        accounts_table: str, tmp_path: Path) -> None:
    everything = scan_all(conn, accounts_table)
    key = sorted((i["PK"]["S"], i["SK"]["S"]) for i in everything)
    code, out, err = run(capsys, "export", "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--segments", "3", "--consistent")
    assert code == 0, err
    items = [item_from_ddb_json_line(line) for line in out.splitlines()]
    assert sorted((i["PK"]["S"], i["SK"]["S"]) for i in items) == key
    by_key = {(i["PK"]["S"], i["SK"]["S"]): i for i in everything}
    assert all(by_key[(i["PK"]["S"], i["SK"]["S"])] == i for i in items)  # lossless
    path = tmp_path / "accounts.csv"
    code, out, err = run(capsys, "export", "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--format", "csv", "--output", str(path))
    assert (code, out) == (0, "")
    assert f"{len(everything)} items of {accounts_table} exported as csv" in err
    rows = list(csv.reader(io.StringIO(path.read_text())))
    assert rows[0][:2] == ["PK (S)", "SK (S)"] and "email (S)" in rows[0]
    assert len(rows) == len(everything) + 1
    code, out, _ = run(capsys, "export", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--format", "json", "--segments", "1")
    assert sorted(json.loads(line)["PK"] for line in out.splitlines()) == sorted(k[0] for k in key)
    with pytest.raises(SystemExit) as caught:  # refused as the flags are read, naming the flag
        run(capsys, "export", "--endpoint-url", endpoint_url, "--table", accounts_table,
            "--segments", "65")
    out, err = capsys.readouterr()
    assert (caught.value.code, out) == (2, "") and "--segments: give a whole number from 1 to 64" in err
    code, _, err = run(capsys, "export", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--output", str(tmp_path / "missing" / "x.json"))
    assert code == 2 and "does not exist" in err


def test_ddb_json_export_audits_like_the_live_table(capsys: pytest.CaptureFixture[str],
                                                    conn: Connection, endpoint_url: str,
                                                    accounts_table: str, tmp_path: Path) -> None:
    """The lines are those of DynamoDB's S3 export: laid out as one, `audit --export` finds what
    the live audit finds; re-imported and classified by Pairing, the same again."""
    path = tmp_path / "accounts.json"
    code, _, err = run(capsys, "export", "--endpoint-url", endpoint_url, "--table", accounts_table,
                       "--output", str(path))
    assert code == 0, err
    items = [item_from_ddb_json_line(line) for line in path.read_text().splitlines()]
    folder = write_export(tmp_path / "s3", accounts_table, items, files=3)
    info = describe_table(conn, accounts_table)
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--format", "json", "--consistent", "--no-receipts")
    assert code == 1, err
    live = json.loads(out)
    code, out, err = run(capsys, "audit", "--export", str(folder), "--ttl-attribute",
                         str(info.ttl_attribute), "--format", "json", "--no-receipts")
    assert code == 1, err
    exported = json.loads(out)
    assert exported["counts"] == live["counts"]

    def ident(findings: list[dict]) -> list[str]:
        return sorted(json.dumps({k: f[k] for k in ("status", "sentence") if k in f}, sort_keys=True)
                      for f in findings)

    assert ident(exported["findings"]) == ident(live["findings"])
    pairing = Pairing(default_schema(info), info.ttl_attribute)
    pairing.feed(items)
    assert pairing.counts() == live["counts"]


def test_partiql_and_export_on_the_demo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "partiql", "--demo", "SELECT email FROM accounts WHERE username = ?",
                         "--param", '"ada"')
    assert code == 0, err
    assert [json.loads(line) for line in out.splitlines()] == [{"email": "ada@lovelace.io"}]
    code, out, err = run(capsys, "export", "--demo", "--table", "accounts", "--format", "csv")
    assert code == 0, err
    assert out.splitlines()[0].startswith("PK (S),SK (S),")
