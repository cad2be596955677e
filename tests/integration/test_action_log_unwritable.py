"""Issue 20: an action log that cannot be written, through ``dynoview transact`` and ``repair``.

Every send is logged before it leaves the machine: a log that cannot take the intent (a
folder or a symbolic link in its place, a full disk) stops the send with a sentence, exit 2,
and nothing is written. A log that takes the intent but not the outcome (the disk fills in
between) is said with what the transaction did, and the exit status is the write's own; the
next execution completes the entry by reads. A symbolic link is never followed: its target
is neither appended to nor chmod-ed. Both engines.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.tx import action_log
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.outcomes import APPLIED, SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema

pytestmark = pytest.mark.integration
S = article_schema()
posix_only = pytest.mark.skipif(os.name != "posix", reason="symbolic links and modes")


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


@pytest.fixture
def log_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The commands' action log (the profile's), in this test's folder; its folder exists."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = ActionLog().path
    path.parent.mkdir(parents=True)
    return path


def request(tmp_path: Path, table: str, name: str) -> Path:
    item = {**key(f"ACCT#{name}", "PROFILE"), "email": {"S": f"{name}@x.io"}, "username": {"S": name}}
    path = tmp_path / f"{name}.json"
    path.write_text(preview_text(sign_up(S, table, item).to_request()))
    return path


def account_exists(conn: Connection, table: str, name: str) -> bool:
    answer = conn.client.get_item(TableName=table, Key=key(f"ACCT#{name}", "PROFILE"), ConsistentRead=True)
    return "Item" in answer


def transact(capsys: pytest.CaptureFixture[str], path: Path, endpoint_url: str,
             *more: str) -> tuple[int, str, str]:
    code = main(["transact", str(path), "--endpoint-url", endpoint_url, "--yes", *more])
    out, err = capsys.readouterr()
    return code, out, err


def full_disk(monkeypatch: pytest.MonkeyPatch, *, from_call: int) -> None:
    """The log's writes fail with ENOSPC from the ``from_call``-th one on (1: the first)."""
    real = action_log._write_all
    calls = {"n": 0}

    def write(fd: int, data: bytes) -> None:
        calls["n"] += 1
        if calls["n"] >= from_call:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    monkeypatch.setattr(action_log, "_write_all", write)


def refused_before_sending(code: int, out: str, err: str, path: Path, reason: str) -> None:
    assert code == 2, out + err
    assert f"The action log {path} cannot be written ({reason}), so the transaction was not sent" in err
    assert "a bug in DynoView" not in err and out == ""


def test_a_folder_in_its_place_stops_the_send(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              endpoint_url: str, conn: Connection, accounts_table: str,
                                              log_path: Path) -> None:
    log_path.mkdir()
    code, out, err = transact(capsys, request(tmp_path, accounts_table, "logdir"), endpoint_url)
    refused_before_sending(code, out, err, log_path, "a folder is in its place")
    assert "Move that folder away" in err
    assert not account_exists(conn, accounts_table, "logdir")
    assert log_path.is_dir() and list(log_path.iterdir()) == []


@posix_only
@pytest.mark.parametrize("dangling", [False, True], ids=["to-a-file", "dangling"])
def test_a_symbolic_link_is_never_followed(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           endpoint_url: str, conn: Connection, accounts_table: str,
                                           log_path: Path, dangling: bool) -> None:
    target = tmp_path / "elsewhere" / "precious.txt"
    target.parent.mkdir()
    if not dangling:
        target.write_text("someone else's file\n")
        target.chmod(0o644)
    log_path.symlink_to(target)
    code, out, err = transact(capsys, request(tmp_path, accounts_table, "loglink"), endpoint_url)
    refused_before_sending(code, out, err, log_path, "it is a symbolic link, which DynoView does not "
                           "follow (the log holds the values written and stays a private file)")
    assert not account_exists(conn, accounts_table, "loglink")
    if dangling:
        assert not target.exists()  # not created through the link
    else:
        assert target.read_text() == "someone else's file\n"  # not appended to
        assert stat.S_IMODE(target.stat().st_mode) == 0o644  # not chmod-ed
    assert ActionLog().entries() == []  # reading does not follow it either


def test_a_full_disk_before_sending_stops_the_send(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   endpoint_url: str, conn: Connection,
                                                   accounts_table: str, log_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    full_disk(monkeypatch, from_call=1)
    code, out, err = transact(capsys, request(tmp_path, accounts_table, "fullfirst"), endpoint_url)
    refused_before_sending(code, out, err, log_path, "the disk is full")
    assert "Free some space on that disk." in err
    assert not account_exists(conn, accounts_table, "fullfirst")


@posix_only
def test_a_read_only_folder_stops_the_send(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           endpoint_url: str, conn: Connection, accounts_table: str,
                                           log_path: Path) -> None:
    log_path.parent.chmod(0o500)
    try:
        if os.access(log_path.parent, os.W_OK):
            pytest.skip("this user (root) writes into read-only folders")
        code, out, err = transact(capsys, request(tmp_path, accounts_table, "logro"), endpoint_url)
    finally:
        log_path.parent.chmod(0o700)
    refused_before_sending(code, out, err, log_path, "permission was denied")
    assert not account_exists(conn, accounts_table, "logro")


@pytest.mark.parametrize("output", ["text", "json"])
def test_a_full_disk_after_sending_says_what_the_write_did(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path, endpoint_url: str,
                                                           conn: Connection, accounts_table: str,
                                                           log_path: Path, output: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The intent is on disk, the outcome is not: the write happened, exit 0, said in a
    sentence; the next execution completes the entry by reads."""
    full_disk(monkeypatch, from_call=2)
    name = f"fulllater{output}"
    code, out, err = transact(capsys, request(tmp_path, accounts_table, name), endpoint_url,
                              "--format", output)
    assert code == 0, out + err
    assert account_exists(conn, accounts_table, name)
    sentence = (f"The transaction was sent and applied, but the action log {log_path} could not "
                "record that (the disk is full). Free some space on that disk.")
    if output == "json":
        result = json.loads(out)
        assert result["status"] == SUCCEEDED and result["log_error"].startswith(sentence)
    else:
        assert out.startswith("succeeded: The transaction was applied: 3 actions written.")
        assert sentence in out and "a bug in DynoView" not in err
    (entry,) = ActionLog().entries()
    assert entry["outcome"]["status"] == "no_outcome"

    monkeypatch.undo()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    code, out, err = transact(capsys, request(tmp_path, accounts_table, f"after{output}"), endpoint_url)
    assert code == 0, out + err
    assert "note: DynoView stopped after sending the transaction with token" in err
    first, second = ActionLog().entries()
    assert first["outcome"]["status"] == APPLIED and first["outcome"]["recovered"] is True
    assert second["outcome"]["status"] == SUCCEEDED


def test_repair_stops_before_sending_when_the_log_is_a_folder(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        accounts_table: str, log_path: Path) -> None:
    assert main(["audit", "--endpoint-url", endpoint_url, "--table", accounts_table, "--format", "json",
                 "--no-receipts", "--consistent"]) == 1
    report = tmp_path / "audit.json"
    report.write_text(capsys.readouterr().out)
    before = sorted(json.dumps(i, sort_keys=True) for i in
                    conn.client.scan(TableName=accounts_table, ConsistentRead=True)["Items"])
    log_path.mkdir()
    code = main(["repair", str(report), "--endpoint-url", endpoint_url, "--table", accounts_table,
                 "--yes", "--rate", "50"])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    assert f"The action log {log_path} cannot be written (a folder is in its place), so the " \
           "transaction was not sent" in out
    assert "The run was stopped by an error at finding 1 of 3" in err
    assert f"dynoview: The action log {log_path} cannot be written" in err
    after = sorted(json.dumps(i, sort_keys=True) for i in
                   conn.client.scan(TableName=accounts_table, ConsistentRead=True)["Items"])
    assert after == before


def test_a_stopped_repair_quotes_a_carriage_return_in_a_value_as_an_escape(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        log_path: Path) -> None:
    """"The run was stopped … (release orphan email lock b\\rSUPPORT: ALL CLEAR…)": the raw
    carriage return sent the terminal back to the start of the line, which then read only what
    the value wanted it to."""
    from tests.helpers import empty_accounts_table

    value = "b\rSUPPORT: ALL CLEAR, NOTHING TO DO@x.io"
    with empty_accounts_table(conn, "cr") as table:
        conn.client.put_item(TableName=table, Item={"PK": {"S": f"UNIQ#EMAIL#{value}"}, "SK": {"S": "LOCK"}})
        assert main(["audit", "--endpoint-url", endpoint_url, "--table", table, "--format", "json",
                     "--no-receipts", "--consistent"]) == 1
        report = tmp_path / "audit.json"
        report.write_text(capsys.readouterr().out)
        log_path.mkdir()  # the run stops at its first (and only) finding
        code = main(["repair", str(report), "--endpoint-url", endpoint_url, "--table", table,
                     "--yes", "--rate", "50"])
        out, err = capsys.readouterr()
    assert code == 2, out + err
    [line] = [line for line in err.splitlines() if line.startswith("The run was stopped")]
    assert "\r" not in line and "b\\rSUPPORT: ALL CLEAR" in line, repr(line)
