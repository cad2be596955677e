"""`dynoview stream` against the local endpoint: JSON lines, text, filters, following."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    code = main(["stream", *argv])
    out, err = capsys.readouterr()
    return code, [line for line in out.splitlines() if line], err


def test_json_lines_from_the_trim_horizon(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                          accounts_table: str) -> None:
    code, lines, err = run_cli(capsys, "--table", accounts_table, "--endpoint-url", endpoint_url)
    assert code == 0, err
    records = [json.loads(line) for line in lines]
    assert len(records) > 40
    first = records[0]
    assert set(first) >= {"time", "event", "label", "ttl_delete", "keys", "old_image", "new_image",
                          "diff", "sequence_number", "shard_id", "event_id", "table"}
    assert (first["event"], first["label"], first["ttl_delete"]) == ("INSERT", "inserted", False)
    assert first["keys"] == {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}
    assert first["time"].endswith("Z")
    assert err == ""


def test_key_filter_and_text_format(capsys: pytest.CaptureFixture[str], conn: Connection,
                                    endpoint_url: str, accounts_table: str) -> None:
    conn.client.delete_item(TableName=accounts_table,
                            Key={"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}})
    code, lines, err = run_cli(capsys, "--table", accounts_table, "--endpoint-url", endpoint_url,
                               "--key", "UNIQ#EMAIL#ken@thompson.dev,LOCK", "--format", "text")
    assert code == 0
    assert len(lines) == 2
    assert "INSERT" in lines[0] and "inserted" in lines[0]
    assert "REMOVE" in lines[1] and "deleted" in lines[1] and "-createdAt" in lines[1]
    assert "Order holds per item" in err


def test_a_key_ending_in_a_blank_is_matched_exactly_when_escaped(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str, accounts_table: str) -> None:
    """An email stored untrimmed leaves a lock whose key ends in a blank: the typed blank was
    dropped, so the records of ``bob@x.io``'s lock were printed instead, without a word."""
    for pk in ("UNIQ#EMAIL#bob@x.io", "UNIQ#EMAIL#bob@x.io "):
        conn.client.put_item(TableName=accounts_table, Item={"PK": {"S": pk}, "SK": {"S": "LOCK"}})
    code, lines, err = run_cli(capsys, "--table", accounts_table, "--endpoint-url", endpoint_url,
                               "--key", "UNIQ#EMAIL#bob@x.io\\ ,LOCK")
    assert code == 0, err
    assert [json.loads(line)["keys"]["PK"]["S"] for line in lines] == ["UNIQ#EMAIL#bob@x.io "]
    code, lines, err = run_cli(capsys, "--table", accounts_table, "--endpoint-url", endpoint_url,
                               "--key", "UNIQ#EMAIL#bob@x.io ,LOCK")
    assert code == 0, err
    assert [json.loads(line)["keys"]["PK"]["S"] for line in lines] == ["UNIQ#EMAIL#bob@x.io"]
    assert "the blanks around 'UNIQ#EMAIL#bob@x.io ' were dropped" in err


def test_follow_prints_new_writes_and_stops_at_the_limit(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str,
        accounts_table: str) -> None:
    # LATEST starts after the writes made before the CLI asks for its iterators, and how long
    # that takes depends on the machine: keep writing until the CLI is done, then expect two
    # consecutive writes, whichever were the first after its start.
    done = threading.Event()

    def keep_writing() -> None:
        i = 0
        while not done.is_set() and i < 200:
            conn.client.put_item(TableName=accounts_table,
                                 Item={"PK": {"S": f"FOLLOW#{i:03d}"}, "SK": {"S": "X"}})
            i += 1
            done.wait(0.2)

    writer = threading.Thread(target=keep_writing)
    writer.start()
    started = time.monotonic()
    try:
        code, lines, _ = run_cli(capsys, "--table", accounts_table, "--endpoint-url", endpoint_url,
                                 "--from", "latest", "--follow", "--limit", "2", "--max-seconds", "30",
                                 "--poll-interval", "0.1")
    finally:
        done.set()
        writer.join()
    assert code == 0
    keys = [json.loads(line)["keys"]["PK"]["S"] for line in lines]
    assert len(keys) == 2 and all(k.startswith("FOLLOW#") for k in keys)
    first, second = (int(k.split("#")[1]) for k in keys)
    assert second == first + 1
    assert time.monotonic() - started < 30


def test_follow_stops_after_max_seconds(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                        accounts_table: str) -> None:
    started = time.monotonic()
    code, lines, _ = run_cli(capsys, "--table", accounts_table, "--endpoint-url", endpoint_url,
                             "--from", "latest", "--follow", "--max-seconds", "0.5",
                             "--poll-interval", "0.1")
    assert code == 0 and lines == []
    assert time.monotonic() - started < 10


def test_describe_prints_shards(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                accounts_table: str) -> None:
    code, lines, _ = run_cli(capsys, "--table", accounts_table, "--endpoint-url", endpoint_url,
                             "--describe")
    assert code == 0
    info = json.loads(lines[0])
    assert info["view_type"] == "NEW_AND_OLD_IMAGES" and info["shards"][0]["state"] == "open"


def test_table_without_a_stream_is_an_actionable_error(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str) -> None:
    name = "cli-stream-no-stream"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
    try:
        code, lines, err = run_cli(capsys, "--table", name, "--endpoint-url", endpoint_url)
    finally:
        conn.client.delete_table(TableName=name)
    assert code == 2 and lines == []
    assert "has no stream" in err and "StreamEnabled=true" in err


def test_bad_key_filter_is_refused(capsys: pytest.CaptureFixture[str], endpoint_url: str) -> None:
    code, _, err = run_cli(capsys, "--table", "whatever", "--endpoint-url", endpoint_url,
                           "--key", ",LOCK")
    assert code == 2 and "no partition key" in err


@pytest.mark.parametrize("empty", ["", "  ", ";"])
def test_an_empty_key_filter_is_refused_not_ignored(capsys: pytest.CaptureFixture[str],
                                                    endpoint_url: str, empty: str) -> None:
    """``--key "$KEY"`` with KEY unset must not print every record as if it had filtered."""
    code, out, err = run_cli(capsys, "--table", "whatever", "--endpoint-url", endpoint_url,
                             "--key", empty)
    assert code == 2 and out == []
    assert err.startswith("dynoview: --key is empty: give PK or PK,SK"), err


def test_key_with_three_parts_is_refused_before_connecting(capsys: pytest.CaptureFixture[str],
                                                           endpoint_url: str) -> None:
    code, out, err = run_cli(capsys, "--table", "whatever", "--endpoint-url", endpoint_url,
                             "--key", "UNIQ#EMAIL#ada@lovelace.io,LOCK,PROFILE")
    assert code == 2 and out == []
    assert err.startswith("dynoview: The key filter ") and "has 3 parts" in err


# How the follower is started: from a terminal (SIGINT's default), as a job a script started
# with ``&`` (the shell ignores SIGINT there, and Python keeps it ignored), or stopped by kill.
# The disposition is set in the child, so the parent's own (a suite run in the background) cannot
# decide the outcome.
STOPS = {
    "ctrl-c": ("signal.signal(signal.SIGINT, signal.default_int_handler)", signal.SIGINT),
    "sigint-in-background-job": ("signal.signal(signal.SIGINT, signal.SIG_IGN)", signal.SIGINT),
    "sigterm": ("signal.signal(signal.SIGINT, signal.default_int_handler)", signal.SIGTERM),
}


@pytest.mark.parametrize("stop", list(STOPS))
def test_signal_stops_follow_cleanly(stop: str, endpoint_url: str, conn: Connection,
                                     accounts_table: str) -> None:
    """A real process and a real signal: following ends with status 0."""
    disposition, signum = STOPS[stop]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    conn.client.put_item(TableName=accounts_table, Item={"PK": {"S": "SIGINT#1"}, "SK": {"S": "X"}})
    code = f"import signal, sys; {disposition}; from dynoview.cli import main; sys.exit(main(sys.argv[1:]))"
    # -X faulthandler: a follower that does not stop prints where it is stuck (SIGABRT below).
    proc = subprocess.Popen(
        [sys.executable, "-X", "faulthandler", "-c", code, "stream", "--table", accounts_table,
         "--endpoint-url", endpoint_url, "--key", "SIGINT#1", "--follow", "--poll-interval", "0.1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()  # blocks until the follower prints the record
        assert line, proc.stderr.read() if proc.stderr else "no output"
        assert json.loads(line)["keys"]["PK"] == {"S": "SIGINT#1"}
        proc.send_signal(signum)
        try:  # communicate, not wait: a follower writing meanwhile must not block on a full pipe
            _out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGABRT)
            _out, err = proc.communicate(timeout=10)
            name = signal.Signals(signum).name
            pytest.fail(f"still following 30 s after {name}; where it was:\n{err[-6000:]}")
        assert proc.returncode == 0, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
