"""Headless commands given bad inputs: each is one sentence naming what is wrong and exit 2,
never a traceback (exit 3), a silently ignored flag or a message about the wrong table."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.exports.writer import write_export

pytestmark = pytest.mark.integration


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("command", [["audit"], ["diagnose", "--rule", "email", "ada@lovelace.io"],
                                     ["codegen", "--lang", "python"]])
def test_a_missing_locks_table_is_named_not_the_accounts_table(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, accounts_table: str,
        command: list[str]) -> None:
    code, out, err = run(capsys, command[0], "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--locks-table", "no-such-locks-table", *command[1:])
    assert (code, out) == (2, "")
    assert "The locks table no-such-locks-table does not exist" in err
    assert f"Table {accounts_table} does not exist" not in err


@pytest.mark.parametrize("flags", [["--sequence-number", "123"], ["--from", "latest", "--shard", "s-1"]])
def test_stream_refuses_a_sequence_number_or_shard_it_would_ignore(
        capsys: pytest.CaptureFixture[str], flags: list[str]) -> None:
    """Without --from at-sequence/after-sequence the read would start elsewhere, silently."""
    code, out, err = run(capsys, "stream", "--table", "accounts", "--endpoint-url",
                         "http://127.0.0.1:9", *flags)
    assert (code, out) == (2, "")
    assert "only applies with --from at-sequence or --from after-sequence" in err
    assert "a bug in DynoView" not in err


def test_read_code_request_file_not_utf8_is_a_sentence(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    request = tmp_path / "request.json"
    request.write_bytes(b'{"TableName": "caf\xe9"}')
    code, out, err = run(capsys, "read-code", "--operation", "Scan", "--request", f"@{request}",
                         "--lang", "python")
    assert (code, out) == (2, "")
    assert f"The request file {request} is not valid UTF-8: the byte 0xe9 at line 1" in err
    assert "a bug in DynoView" not in err


def test_read_code_request_file_with_a_bom_is_read(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    request = tmp_path / "request.json"
    request.write_bytes(b'\xef\xbb\xbf{"TableName": "accounts"}')
    code, out, err = run(capsys, "read-code", "--operation", "Scan", "--request", f"@{request}",
                         "--lang", "python")
    assert code == 0, err
    assert "accounts" in out


def test_tables_create_from_a_utf16_description_is_a_sentence(
        capsys: pytest.CaptureFixture[str], moto_endpoint: str, tmp_path: Path) -> None:
    """PowerShell's ``aws dynamodb describe-table > d.json`` writes UTF-16."""
    describe = tmp_path / "describe.json"
    describe.write_bytes(json.dumps({"Table": {"TableName": "t"}}).encode("utf-16"))
    code, out, err = run(capsys, "tables", "create", "--from-describe", str(describe),
                         "--endpoint-url", moto_endpoint)
    assert (code, out) == (2, "")
    assert f"The table description {describe} is encoded as UTF-16" in err
    assert "a bug in DynoView" not in err


@pytest.mark.parametrize("content", [gzip.compress(b'[1]\n'), gzip.compress(b'{"Item": {}}\n')[:15]],
                         ids=["a-list-line", "truncated-gzip"])
def test_audit_export_detect_on_a_damaged_data_file_is_a_sentence(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes) -> None:
    folder = write_export(tmp_path, "accounts", [{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}],
                          files=1)
    [data] = (folder / "data").glob("*.json.gz")
    data.write_bytes(content)
    code, out, err = run(capsys, "audit", "--export", str(tmp_path), "--detect")
    assert (code, out) == (2, "")
    assert f"The data file data/{data.name}" in err and "nothing was audited" in err
    assert "a bug in DynoView" not in err


def test_diagnose_refuses_an_action_log_that_is_a_folder(capsys: pytest.CaptureFixture[str],
                                                          tmp_path: Path) -> None:
    """Read as empty, a folder made every orphan lock 'no record found' without a word."""
    code, out, err = run(capsys, "diagnose", "--endpoint-url", "http://127.0.0.1:9", "--table",
                         "accounts", "--rule", "email", "--action-log", str(tmp_path), "ada@lovelace.io")
    assert (code, out) == (2, "")
    assert f"--action-log {tmp_path} is not a file" in err


def test_read_code_says_bad_json_before_asking_for_the_operation(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Asked for --operation first, the user then learnt on the next run that the JSON was bad."""
    code, out, err = run(capsys, "read-code", "--lang", "python", "--request", '{"TableName": ')
    assert (code, out) == (2, "")
    assert "The request is not JSON: Expecting value: line 1 column 15" in err and "--operation" not in err


def test_codegen_out_naming_a_file_says_it_takes_a_folder(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, accounts_table: str,
        tmp_path: Path) -> None:
    target = tmp_path / "mine.py"
    target.write_text("kept\n")
    code, out, err = run(capsys, "codegen", "--endpoint-url", endpoint_url, "--table", accounts_table,
                         "--lang", "python", "--out", str(target))
    assert (code, out) == (2, "")
    assert f"--out {target} is a file: --out takes a folder" in err
    assert target.read_text() == "kept\n"


@pytest.mark.parametrize(("argv", "said"), [
    (["partiql", "--page-size", "0", "SELECT * FROM t"], "argument --page-size: give a whole number "
                                                         "from 1 to 10,000; '0' was given."),
    (["partiql", "--max-items", "0", "SELECT * FROM t"], "argument --max-items: give a whole number, "
                                                         "1 or more; '0' was given."),
    (["watch", "--table", "t", "--segments", "0"], "argument --segments: give a whole number from 1 "
                                                   "to 64; '0' was given."),
    (["watch", "--table", "t", "--segments", "65"], "argument --segments: give a whole number from 1 "
                                                    "to 64; '65' was given."),
    (["audit", "--table", "t", "--segments", "65"], "argument --segments: give a whole number from 1 "
                                                    "to 64; '65' was given."),
    (["export", "--table", "t", "--segments", "x"], "argument --segments: give a whole number from 1 "
                                                    "to 64; 'x' is not one."),
    (["import", "--table", "t", "--preview", "-1", "items.jsonl"],
     "argument --preview: give a whole number, 0 or more; '-1' was given."),
    (["audit", "--export", "folder", "--threads", "0"],
     "argument --threads: give a whole number, 1 or more; '0' was given."),
    (["repair", "--table", "t", "--rate", "0", "report.json"],
     "argument --rate: give a number of findings per second, at least 0.5 and at most 100; '0' was "
     "given."),
])
def test_a_numeric_flag_out_of_range_is_named_with_its_range(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    """Refused as the arguments are read, before any connection: the flag and what it allows."""
    with pytest.raises(SystemExit) as caught:
        main([*argv, "--endpoint-url", "http://127.0.0.1:9"])
    assert caught.value.code == 2
    assert said in capsys.readouterr().err
