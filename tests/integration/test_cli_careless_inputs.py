"""Headless commands as a hurried support engineer types them: output piped into ``head``,
a rate that is not a number, a progress file that cannot be written, an empty file to import,
a mistyped action log, an endpoint that is a plain web server, export-only flags on a live
audit. Each ends in a sentence naming what is wrong (exit 2) with nothing sent, or quietly
when the reader left; never a success that did nothing or a message that blames the wrong
thing."""

from __future__ import annotations

import contextlib
import http.server
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.cli.common import EXIT_READER_GONE
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def url(conn: Connection) -> str:
    return str(conn.spec.endpoint_url)


def _item(conn: Connection, table: str, pk: str) -> Any:
    answer = conn.client.get_item(TableName=table, Key={"PK": {"S": pk}, "SK": {"S": "A"}},
                                  ConsistentRead=True)
    return answer.get("Item")


@pytest.fixture
def empty_table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "careless") as name:
        yield name


@pytest.fixture
def items_file(tmp_path: Path) -> Path:
    path = tmp_path / "items.jsonl"
    path.write_text("".join(f'{{"PK": "DOC#{n}", "SK": "A", "v": {n}}}\n' for n in range(3)))
    return path


# ------------------------------------------------------------------ standard output's reader gone


@contextmanager
def closed_stdout() -> Iterator[None]:
    """Standard output a pipe whose reader has gone (``| head -1`` after its line): every write
    raises BrokenPipeError, as it does for a real process (Python ignores SIGPIPE). Set inside
    the test: capsys puts its own stream back at the start of the call."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    stream = open(write_end, "w", buffering=1, encoding="utf-8")  # noqa: SIM115 - closed below
    previous, sys.stdout = sys.stdout, stream
    try:
        yield
    finally:
        sys.stdout = previous
        with contextlib.suppress(BrokenPipeError):  # where nothing pointed it at the null device
            stream.close()


@pytest.mark.parametrize("command", [["audit", "--format", "json"], ["export", "--format", "json"]])
def test_output_piped_into_head_ends_quietly_not_as_an_error(
        capsys: pytest.CaptureFixture[str], conn: Connection, accounts_table: str,
        command: list[str]) -> None:
    """Before: exit 2 and "dynoview: Broken pipe", an error with nothing to fix (export caught
    it itself, audit at the boundary)."""
    with closed_stdout():
        code = main([command[0], "--endpoint-url", url(conn), "--table", accounts_table, *command[1:]])
    err = capsys.readouterr().err
    assert (code, err) == (EXIT_READER_GONE, "")


# ------------------------------------------------------------------ import


@pytest.mark.parametrize("rate", ["nan", "inf", "1e-300"])
def test_import_refuses_a_rate_that_is_no_pace_before_writing(
        capsys: pytest.CaptureFixture[str], conn: Connection, empty_table: str, items_file: Path,
        rate: str) -> None:
    """Before: nan and inf imported at full speed (exit 0, the flag ignored), 1e-300 slept for
    ever after the preview."""
    code, out, err = run(capsys, "import", str(items_file), "--endpoint-url", url(conn), "--table",
                         empty_table, "--yes", "--rate", rate)
    assert (code, out) == (2, "")
    assert err.startswith(f"dynoview: --rate is items per second, at least 0.0167 (one a minute): {rate}")
    assert _item(conn, empty_table, "DOC#0") is None


@pytest.fixture
def unwritable_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder no file can be created in: a 0500 one, or, for root (whom modes do not stop),
    Linux's /sys, which refuses even root."""
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        folder = tmp_path / "read-only"
        folder.mkdir(mode=0o500)
        yield folder
        folder.chmod(0o700)
        return
    sysfs = Path("/sys")
    probe = sysfs / f".dynoview-probe-{os.getpid()}"
    try:
        probe.touch(exist_ok=False)
    except OSError:
        yield sysfs
        return
    probe.unlink()
    pytest.skip("no folder here refuses a root process: /sys is missing or writable")


def test_import_refuses_a_progress_file_it_cannot_write_before_sending(
        capsys: pytest.CaptureFixture[str], conn: Connection, empty_table: str, items_file: Path,
        unwritable_folder: Path) -> None:
    """Before: the first batch was written, then "Permission denied: <a temporary name>" and
    exit 2, so the user was told it failed while the items were in the table, none recorded."""
    progress = unwritable_folder / "progress.json"
    code, out, err = run(capsys, "import", str(items_file), "--endpoint-url", url(conn), "--table",
                         empty_table, "--yes", "--progress-file", str(progress))
    assert (code, out) == (2, "")
    assert f"dynoview: The import progress file {progress} cannot be written (" in err
    assert "nothing was sent: save it in a folder you can write to." in err
    assert ".tmp-" not in err
    assert _item(conn, empty_table, "DOC#0") is None


@pytest.mark.parametrize(("name", "content"), [("items.json", b""), ("items.jsonl", b"\n \n"),
                                               ("items.csv", b"\xef\xbb\xbf")])
def test_import_of_an_empty_file_says_it_is_empty(
        capsys: pytest.CaptureFixture[str], conn: Connection, empty_table: str, tmp_path: Path,
        name: str, content: bytes) -> None:
    """Before: a .json said "a JSON array file starts with [", the others imported 0 items with
    exit 0 (a failed export's empty file looked like a successful import)."""
    path = tmp_path / name
    path.write_bytes(content)
    code, out, err = run(capsys, "import", str(path), "--endpoint-url", url(conn), "--table",
                         empty_table, "--yes")
    assert (code, out) == (2, "")
    assert err == (f"dynoview: {path} is empty: there is nothing to import. Check that the file was "
                   "written completely, or name another file.\n")


# ------------------------------------------------------------------ diagnose


def test_diagnose_with_a_missing_action_log_says_it_searched_nothing(
        capsys: pytest.CaptureFixture[str], conn: Connection, accounts_table: str,
        tmp_path: Path) -> None:
    """Before: "The action log has no transaction that wrote or released this lock", a finding
    drawn from a file that is not there (a typo in --action-log)."""
    log = tmp_path / "actions-typo.jsonl"
    code, out, _ = run(capsys, "diagnose", "--endpoint-url", url(conn), "--table", accounts_table,
                       "--rule", "email", "--no-stream", "--action-log", str(log), "barbara@mit.edu")
    assert code == 1
    assert f"  note: The action log {log} does not exist (yet), so no transaction was searched." in out
    assert "The action log has no transaction" not in out


# ------------------------------------------------------------------ an endpoint that is a web server


class _WebServer(http.server.SimpleHTTPRequestHandler):
    """A plain web server: POST is not implemented, answered 501 with its HTML error page."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def web_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _WebServer)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_partiql_at_a_web_server_blames_the_endpoint_not_the_statement(
        capsys: pytest.CaptureFixture[str], web_server: str) -> None:
    """Before: "This endpoint's PartiQL engine cannot run this statement ... rewrite the
    statement", for a server that is not DynamoDB at all (every other command said so)."""
    code, out, err = run(capsys, "partiql", "--endpoint-url", web_server, 'SELECT * FROM "accounts"')
    assert (code, out) == (2, "")
    assert "The endpoint answered with HTML, not DynamoDB" in err
    assert "(HTTP 501 to ExecuteStatement.)" in err
    assert "rewrite the statement" not in err


# ------------------------------------------------------------------ audit


@pytest.mark.parametrize(("flags", "said"), [
    (["--print-sql", "duckdb"], "--print-sql only applies to auditing an export (--export PATH), "
                                "not the live table {table}: leave it out."),
    # --ttl-attribute is a live audit's too: it stands in for a TTL DescribeTimeToLive could not read.
    (["--threads", "2", "--memory-limit", "1GB"],
     "--memory-limit, --threads only apply to auditing an export (--export PATH), not the live "
     "table {table}: leave them out."),
])
def test_a_live_audit_refuses_the_flags_only_an_export_audit_reads(
        capsys: pytest.CaptureFixture[str], conn: Connection, accounts_table: str,
        flags: list[str], said: str) -> None:
    """Before: ignored without a word (--print-sql, "print the SQL and exit", ran a full Scan)."""
    code, out, err = run(capsys, "audit", "--endpoint-url", url(conn), "--table", accounts_table,
                         *flags)
    assert (code, out) == (2, "")
    assert err == f"dynoview: {said.format(table=accounts_table)}\n"
