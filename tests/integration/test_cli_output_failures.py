"""The CLI when its own output fails or cannot take the data.

- A write applied, then its output lost (standard output on a full disk, /dev/full, or closed
  with ``>&-``): ``transact --yes`` and ``tables delete`` say on standard error what WAS written
  and exit ``EXIT_OUTPUT_LOST`` (4), never 2 ("nothing was sent", so a script sends it again)
  nor a traceback (3).
- Standard output closed and nothing written: one sentence, exit 2, not an AttributeError.
- Standard output whose encoding is not UTF-8 (``PYTHONIOENCODING=ascii:strict``; the C locale
  with UTF-8 mode off): what it cannot take is written as ``\\uXXXX`` escapes (JSON stays valid,
  the same data), never a UnicodeEncodeError crash, even after a transaction was sent.
- ``partiql -`` refuses a statement on standard input that is not UTF-8, as ``transact -`` does,
  instead of sending a stray character that matches nothing (exit 0, "0 items").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli.common import EXIT_OUTPUT_LOST
from dynoview.core.session.connection import Connection
from dynoview.demo.backend import create_accounts_table
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
#: Standard output whose encoding is ASCII and strict, as a Windows cp1252 console is for Cyrillic.
ASCII_OUT = {"PYTHONIOENCODING": "ascii:strict"}
#: The C locale with Python's UTF-8 mode off: standard output is ASCII.
C_LOCALE = {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}


def dynoview(*argv: str, stdout: str = "pipe", env: dict[str, str] | None = None,
             stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run ``dynoview ARGV`` with standard output piped, on /dev/full (``full``) or closed
    (``closed``: the child starts with fd 1 closed, as after ``>&-``)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    for name in [n for n, v in environment.items() if v == ""]:
        del environment[name]  # "" in ``env`` means: not set
    command = [sys.executable, "-m", "dynoview", *argv]
    common: dict[str, Any] = {"stderr": subprocess.PIPE, "env": environment, "cwd": ROOT,
                              "timeout": 180, "input": stdin}
    if stdout == "full":
        with open("/dev/full", "wb") as full:
            return subprocess.run(command, stdout=full, **common)
    if stdout == "closed":
        close_stdout: Callable[[], None] = lambda: os.close(1)  # noqa: E731
        return subprocess.run(command, stdout=subprocess.DEVNULL, preexec_fn=close_stdout, **common)
    return subprocess.run(command, stdout=subprocess.PIPE, **common)


def signup(table: str, user: str, email: str, token: str) -> dict[str, Any]:
    guard = "attribute_not_exists(PK)"
    return {"ClientRequestToken": token, "TransactItems": [
        {"Put": {"TableName": table, "ConditionExpression": guard, "Item": {
            "PK": {"S": f"ACCT#{user}"}, "SK": {"S": "PROFILE"}, "email": {"S": email},
            "username": {"S": user}}}},
        {"Put": {"TableName": table, "ConditionExpression": guard,
                 "Item": {"PK": {"S": f"UNIQ#EMAIL#{email}"}, "SK": {"S": "LOCK"}}}},
        {"Put": {"TableName": table, "ConditionExpression": guard,
                 "Item": {"PK": {"S": f"UNIQ#HANDLE#{user}"}, "SK": {"S": "LOCK"}}}}]}


def account(conn: Connection, table: str, user: str) -> dict[str, Any] | None:
    answer = conn.client.get_item(TableName=table, ConsistentRead=True,
                                  Key={"PK": {"S": f"ACCT#{user}"}, "SK": {"S": "PROFILE"}})
    item: dict[str, Any] | None = answer.get("Item")
    return item


@pytest.mark.parametrize(("stdout", "fmt"), [("full", "text"), ("full", "json"), ("closed", "text")])
def test_a_transaction_whose_output_fails_says_it_was_applied_and_exits_4(
        tmp_path: Path, conn: Connection, endpoint_url: str, stdout: str, fmt: str) -> None:
    with empty_accounts_table(conn) as table:
        token = f"output-lost-{uuid.uuid4().hex[:12]}"
        path = tmp_path / "tx.json"
        path.write_text(json.dumps(signup(table, "ada", "ada@x.io", token)), encoding="utf-8")
        done = dynoview("transact", str(path), "--endpoint-url", endpoint_url, "--yes", "--format", fmt,
                        stdout=stdout)
        err = done.stderr.decode()
        assert account(conn, table, "ada") is not None  # the write went through
        assert done.returncode == EXIT_OUTPUT_LOST, err
        assert "Traceback" not in err
        said = err.strip().splitlines()[-1]
        assert said.startswith("dynoview: The transaction WAS applied"), said
        assert token in said and "ACCT#ada" in said and "Only the command's output failed" in said


def test_a_table_deleted_whose_output_fails_says_so_and_exits_4(conn: Connection, endpoint_url: str) -> None:
    name = f"scratch-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, name)
    done = dynoview("tables", "--endpoint-url", endpoint_url, "delete", name, "--confirm", name,
                    stdout="full")
    err = done.stderr.decode()
    assert name not in conn.client.list_tables()["TableNames"]
    assert done.returncode == EXIT_OUTPUT_LOST, err
    assert f"The table {name} WAS deleted. Only the command's output failed: No space left on device" \
        in err


@pytest.mark.parametrize("argv", [
    ("tables",),
    ("read-code", "--operation", "Scan", "--request", '{"TableName": "accounts"}', "--lang", "python"),
], ids=["tables", "read-code"])
def test_a_closed_standard_output_is_one_sentence_and_exit_2(
        conn: Connection, endpoint_url: str, argv: tuple[str, ...]) -> None:
    where = ("--endpoint-url", endpoint_url) if argv[0] == "tables" else ()
    with empty_accounts_table(conn):  # a table to list: something is printed
        done = dynoview(argv[0], *where, *argv[1:], stdout="closed")
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert "Traceback" not in err
    assert err.strip() == ("dynoview: Standard output is closed (the command was started with >&-), so "
                           "nothing could be printed: run it with standard output open, or redirect it "
                           "to a file or /dev/null")


@pytest.mark.parametrize("env", [ASCII_OUT, C_LOCALE], ids=["ascii-strict", "c-locale"])
def test_data_an_ascii_output_cannot_take_is_escaped_not_a_crash(
        conn: Connection, endpoint_url: str, env: dict[str, str]) -> None:
    with empty_accounts_table(conn) as table:
        email = "k\u0430therine@nasa.gov \U0001f680"  # a Cyrillic а, and a rocket beyond the BMP
        conn.client.put_item(TableName=table, Item={"PK": {"S": "ACCT#k"}, "SK": {"S": "PROFILE"},
                                                    "email": {"S": email}, "username": {"S": "k"}})
        rows = dynoview("partiql", "--endpoint-url", endpoint_url, f'SELECT * FROM "{table}"', env=env)
        assert rows.returncode == 0, rows.stderr.decode()
        line = rows.stdout.decode("ascii")  # ASCII only, as the stream asked
        assert "k\\u0430therine@nasa.gov \\ud83d\\ude80" in line
        assert json.loads(line)["email"] == email  # the escapes are JSON's own: the same data
        # DynoView's own words too: the audit's text has its arrows and the value (missing locks).
        audit = dynoview("audit", "--endpoint-url", endpoint_url, "--table", table, env=env)
        assert audit.returncode == 1, audit.stderr.decode()  # findings, not a crash (3)
        assert "k\\u0430therine" in audit.stdout.decode("ascii")


def test_a_transaction_on_an_ascii_output_prints_escapes_after_the_write(
        tmp_path: Path, conn: Connection, endpoint_url: str) -> None:
    with empty_accounts_table(conn) as table:
        path = tmp_path / "tx.json"
        path.write_text(json.dumps(signup(table, "k\u0430t", "k\u0430t@x.io", "ascii-out-1")),
                        encoding="utf-8")
        done = dynoview("transact", str(path), "--endpoint-url", endpoint_url, "--yes", env=ASCII_OUT)
        assert done.returncode == 0, done.stderr.decode()
        assert "Traceback" not in done.stderr.decode()
        out = done.stdout.decode("ascii")
        assert out.startswith("succeeded:") and "PK=ACCT#k\\u0430t" in out
        assert account(conn, table, "k\u0430t") is not None


def test_partiql_refuses_a_statement_on_standard_input_that_is_not_utf8(
        conn: Connection, endpoint_url: str) -> None:
    with empty_accounts_table(conn) as table:
        conn.client.put_item(TableName=table, Item={"PK": {"S": "ACCT#caf\u00e9"}, "SK": {"S": "PROFILE"}})
        statement = f"SELECT * FROM \"{table}\" WHERE PK = 'ACCT#caf\u00e9'"
        argv = ("partiql", "--endpoint-url", endpoint_url, "--format", "text", "-")
        good = dynoview(*argv, stdin=statement.encode("utf-8"))
        assert good.returncode == 0 and "PK=ACCT#caf\u00e9" in good.stdout.decode()  # found in UTF-8
        latin1 = dynoview(*argv, stdin=statement.encode("latin-1"))
        err = latin1.stderr.decode()
        assert latin1.returncode == 2, err
        assert latin1.stdout == b""
        assert err.startswith("dynoview: The statement on standard input is not valid UTF-8: the byte "
                              f"0xe9 at line 1, column {statement.index(chr(0xe9)) + 1} ")


def test_a_repair_whose_output_fails_says_what_it_sent_and_exits_4(conn: Connection, endpoint_url: str,
                                                                    tmp_path: Path) -> None:
    """The missing lock is claimed, then the report cannot be printed: not the "nothing was done"
    of exit 2, which would have a script send the repair again."""
    with empty_accounts_table(conn) as table:
        conn.client.put_item(TableName=table, Item={
            "PK": {"S": "ACCT#r1"}, "SK": {"S": "PROFILE"}, "email": {"S": "r1@x.io"}})
        audit = dynoview("audit", "--endpoint-url", endpoint_url, "--table", table, "--format", "json",
                         "--no-receipts", "--consistent")
        report = tmp_path / "audit.json"
        report.write_bytes(audit.stdout)
        done = dynoview("repair", str(report), "--endpoint-url", endpoint_url, "--table", table, "--yes",
                        "--format", "json", stdout="full")
        err = done.stderr.decode()
        lock = conn.client.get_item(TableName=table, Key={"PK": {"S": "UNIQ#EMAIL#r1@x.io"},
                                                          "SK": {"S": "LOCK"}}, ConsistentRead=True)
    assert "Item" in lock  # claimed
    assert done.returncode == EXIT_OUTPUT_LOST, err
    assert "The repair run WAS sent:" in err and "Only the command's output failed" in err


def test_an_import_whose_output_fails_says_it_was_written_and_exits_4(conn: Connection, endpoint_url: str,
                                                                       tmp_path: Path) -> None:
    data = tmp_path / "items.jsonl"
    data.write_text("".join(f'{{"PK": "k{n}", "SK": "x"}}\n' for n in range(3)))
    with empty_accounts_table(conn) as table:
        done = dynoview("import", str(data), "--endpoint-url", endpoint_url, "--table", table, "--yes",
                        "--json", stdout="full")
        err = done.stderr.decode()
        count = conn.client.scan(TableName=table, Select="COUNT", ConsistentRead=True)["Count"]
    assert count == 3
    assert done.returncode == EXIT_OUTPUT_LOST, err
    assert "The import WAS written:" in err and "Only the command's output failed" in err


def test_a_repair_whose_reader_goes_mid_run_stops_says_what_it_sent_and_exits_4(
        conn: Connection, endpoint_url: str, tmp_path: Path) -> None:
    """``repair … | head``: the progress line after the reader left failed inside the run. It
    stopped there with exit 141 and no word (or 2, "nothing was done"), though claims were sent:
    now the run stops between findings, says on standard error what was sent, and exits 4."""
    with empty_accounts_table(conn) as table:
        for n in range(6):
            conn.client.put_item(TableName=table, Item={
                "PK": {"S": f"ACCT#p{n}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"p{n}@x.io"}})
        audit = dynoview("audit", "--endpoint-url", endpoint_url, "--table", table, "--format", "json",
                         "--no-receipts", "--consistent")
        report = tmp_path / "audit.json"
        report.write_bytes(audit.stdout)
        command = [sys.executable, "-m", "dynoview", "repair", str(report), "--endpoint-url", endpoint_url,
                   "--table", table, "--yes", "--rate", "2"]
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                                 env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert child.stdout is not None and child.stderr is not None
        for line in child.stdout:  # the plan, then the first finding's progress line
            if line.startswith(b"[1/"):
                break
        child.stdout.close()  # the reader goes, as `| head` does
        err = child.stderr.read().decode()
        status = child.wait(timeout=120)
        locks = conn.client.scan(TableName=table, ConsistentRead=True, FilterExpression="SK = :l",
                                 ExpressionAttributeValues={":l": {"S": "LOCK"}})["Items"]
    assert 1 <= len(locks) < 6  # claimed some, then stopped: it did not run on blind
    assert status == EXIT_OUTPUT_LOST, err
    assert "The repair run WAS sent:" in err and "It stopped there." in err, err
    assert "Only the command's output failed" in err
