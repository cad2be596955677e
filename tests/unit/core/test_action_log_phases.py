"""The action log's two lines per send (intent before, outcome after), read back as one entry;
intents without outcome, whose process is gone; files that are not regular files."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dynoview.core.tx.action_log import (
    ABANDONED_AFTER,
    INTENT,
    NO_OUTCOME,
    OUTCOME,
    ActionLog,
    ActionLogError,
    abandoned,
)

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX files and processes")
CONN = {"name": "local", "endpoint": "http://127.0.0.1:8000", "region": "us-east-1", "profile": None}


def lines(log: ActionLog) -> list[dict[str, object]]:
    return [json.loads(line) for line in log.path.read_text(encoding="utf-8").splitlines()]


def test_intent_then_outcome_read_back_as_one_entry_in_the_intents_place(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    first = log.intent(connection=CONN, token="t1", request={"TransactItems": []}, context={"k": "v"})
    log.append(connection=CONN, token="t0", request={}, outcome={"status": "cancelled"})  # an older kind
    log.outcome(first, {"status": "succeeded"})
    assert [line.get("phase") for line in lines(log)] == [INTENT, None, OUTCOME]
    entries = log.entries()
    assert [(e["token"], e["outcome"]["status"]) for e in entries] == [("t1", "succeeded"),
                                                                       ("t0", "cancelled")]
    assert entries[0]["context"] == {"k": "v"} and entries[0]["time"] == first["time"]
    assert "process" not in entries[0]  # the outcome line does not repeat it
    assert log.pending() == []


def test_an_intent_alone_reads_as_no_outcome_and_a_withdrawn_one_not_at_all(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    sent = log.intent(connection=CONN, token="sent", request={})
    withdrawn = log.intent(connection=CONN, token="never", request={})
    log.void(withdrawn)
    (entry,) = log.entries()
    assert entry["token"] == "sent" and entry["outcome"]["status"] == NO_OUTCOME
    assert [p["send"] for p in log.pending()] == [sent["send"]]
    assert [e["token"] for e in log.entries_for_token("sent")] == ["sent"]
    assert log.entries_for_token("never") == []


def test_a_later_outcome_of_the_same_send_replaces_the_first(tmp_path: Path) -> None:
    """A send whose outcome was unknown, settled again later by reads: one entry, the latest."""
    log = ActionLog(tmp_path / "actions.jsonl")
    intent = log.intent(connection=CONN, token="t", request={})
    unknown = log.outcome(intent, {"status": "unknown"})
    log.outcome(unknown, {"status": "applied"}, recovered=True)
    (entry,) = log.entries()
    assert entry["outcome"] == {"status": "applied", "recovered": True}


def test_this_processes_sends_in_flight_are_not_abandoned(tmp_path: Path) -> None:
    path = tmp_path / "actions.jsonl"
    log = ActionLog(path)
    intent = log.intent(connection=CONN, token="t", request={})
    (pending,) = log.pending()
    assert not abandoned(pending)  # being sent now, by this process
    path.rename(tmp_path / "kept.jsonl")
    path.mkdir()  # the outcome cannot be written
    with pytest.raises(ActionLogError, match="a folder is in its place"):
        log.outcome(intent, {"status": "succeeded"})
    path.rmdir()
    (tmp_path / "kept.jsonl").rename(path)
    (pending,) = log.pending()
    assert abandoned(pending)  # its execution ended without recording it: the next one settles it


@posix_only
def test_an_intent_of_a_process_that_is_gone_is_abandoned(tmp_path: Path) -> None:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                           text=True, check=True)
    ActionLog(tmp_path / "actions.jsonl").intent(connection=CONN, token="t", request={})
    (pending,) = ActionLog(tmp_path / "actions.jsonl").pending()
    host = pending["process"]["host"]
    gone = {**pending, "process": {"pid": int(child.stdout), "host": host}}
    assert abandoned(gone)
    alive = {**pending, "process": {"pid": os.getppid(), "host": host}}
    assert not abandoned(alive)
    old = (datetime.now(UTC) - timedelta(seconds=ABANDONED_AFTER + 5)).isoformat()
    assert abandoned({**alive, "time": old})  # no execution lasts that long
    elsewhere = {**alive, "process": {"pid": 1, "host": "another-machine"}}
    assert not abandoned(elsewhere) and abandoned({**elsewhere, "time": old})


@posix_only
def test_a_fifo_in_its_place_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "actions.jsonl"
    os.mkfifo(path)
    log = ActionLog(path)
    with pytest.raises(ActionLogError, match=r"not a regular file|cannot be written"):
        log.intent(connection=CONN, token="t", request={})
    assert log.entries() == [] and log.pending() == []  # reading does not block either


@posix_only
def test_the_log_is_0600_and_an_older_wide_one_is_tightened(tmp_path: Path) -> None:
    path = tmp_path / "actions.jsonl"
    path.write_text('{"token": "old"}')  # an older line cut short, without its newline
    path.chmod(0o644)
    log = ActionLog(path)
    log.intent(connection=CONN, token="new", request={})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [e["token"] for e in log.entries()] == ["old", "new"]
