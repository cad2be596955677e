"""`dynoview … 2>&1 | head -N`: standard error's reader goes away while the command still says
things (here before it says anything). It exits 141 ("output was closed"), as when standard
output's does, never 1 (which means "findings" or "cancelled" to a script): the BrokenPipeError
of its own messages once escaped the error boundary while it wrote that error to the same
closed pipe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dynoview.cli.common import EXIT_READER_GONE
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table
from tests.integration.test_cli_watch import ROOT, WATCH_MAIN

pytestmark = pytest.mark.integration


def run_reader_gone(*argv: str) -> int:
    """``dynoview ARGV 2>&1 | head -0``: both streams into a pipe whose reader has already left
    (so the first thing the command says meets a closed pipe, whatever the timing)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([sys.executable, "-c", WATCH_MAIN, *argv], stdout=write_end,
                              stderr=write_end, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT,
                              timeout=120)
    finally:
        os.close(write_end)
    return proc.returncode


def test_a_transact_whose_messages_reader_left_exits_141_and_sends_nothing(
        tmp_path: Path, conn: Connection, endpoint_url: str) -> None:
    with empty_accounts_table(conn) as table:
        request = {"TransactItems": [{"Put": {
            "TableName": table, "Item": {"PK": {"S": "ACCT#7"}, "SK": {"S": "PROFILE"}},
            "ConditionExpression": "attribute_not_exists(PK)"}}]}
        path = tmp_path / "tx.json"
        path.write_text(json.dumps(request), encoding="utf-8")
        code = run_reader_gone("transact", str(path), "--endpoint-url", endpoint_url, "--yes",
                               "--allow-broken-locks")
        assert code == EXIT_READER_GONE
        assert "Item" not in conn.client.get_item(TableName=table, Key={
            "PK": {"S": "ACCT#7"}, "SK": {"S": "PROFILE"}})


def test_an_import_whose_messages_reader_left_exits_141_before_writing(
        tmp_path: Path, conn: Connection, endpoint_url: str) -> None:
    with empty_accounts_table(conn) as table:
        path = tmp_path / "many.jsonl"
        path.write_text("".join(json.dumps({"PK": f"ITEM#{i}", "SK": "X", "v": i}) + "\n"
                                for i in range(250)), encoding="utf-8")
        code = run_reader_gone("import", str(path), "--table", table, "--endpoint-url", endpoint_url,
                               "--yes")
        assert code == EXIT_READER_GONE
        assert conn.client.scan(TableName=table, Select="COUNT")["Count"] == 0  # stopped at its preview
        done = subprocess.run([sys.executable, "-m", "dynoview", "import", str(path), "--table", table,
                               "--endpoint-url", endpoint_url, "--yes"],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)
        assert done.returncode == 0, done.stderr
        count = conn.client.scan(TableName=table, Select="COUNT")["Count"]
        assert count == 250
