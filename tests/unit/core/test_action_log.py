"""The JSON Lines action log: append, read back, no secrets."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from dynoview.core.redaction import redact_obj
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.tx.action_log import ActionLog, _without_url_credentials, connection_record, default_path

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")


def test_append_and_read_back(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "sub" / "actions.jsonl")
    spec = ConnectionSpec(name="local", endpoint_url="http://127.0.0.1:8000", region="us-east-1")
    conn = connection_record(spec)
    log.append(connection=conn, token="t1", request={"TransactItems": []},
               outcome={"status": "succeeded"})
    log.append(connection=conn, token="t2", request={"TransactItems": []}, outcome={"status": "cancelled"})
    entries = log.entries()
    assert [e["token"] for e in entries] == ["t1", "t2"]
    assert entries[0]["connection"] == {"name": "local", "endpoint": "http://127.0.0.1:8000",
                                        "region": "us-east-1", "profile": None, "read_only": False,
                                        "local": True}
    assert entries[1]["outcome"] == {"status": "cancelled"}
    assert "time" in entries[0]
    assert log.entries(limit=1)[0]["token"] == "t2"


def test_damaged_lines_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "actions.jsonl"
    path.write_text('{"token": "ok"}\nnot json\n\n', encoding="utf-8")
    assert ActionLog(path).entries() == [{"token": "ok"}]


def test_entries_for_a_token_read_only_the_tail_and_its_lines(tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    hostile = 'ü "quoted" \\ t'
    for token in ("t1", hostile, "t1x", "t1"):
        log.append(connection={}, token=token, request={"note": "t1"}, outcome={"status": "unknown"})
    assert [e["token"] for e in log.entries_for_token("t1")] == ["t1", "t1"]
    assert [e["token"] for e in log.entries_for_token(hostile)] == [hostile]
    assert log.entries_for_token("t1", tail_bytes=1) == []  # only the tail is read
    assert ActionLog(tmp_path / "none.jsonl").entries_for_token("t1") == []


def test_missing_log_reads_as_empty(tmp_path: Path) -> None:
    assert ActionLog(tmp_path / "none.jsonl").entries() == []


def test_default_path_is_in_the_user_data_dir() -> None:
    path = default_path()
    assert path.name == "actions.jsonl"
    assert "DynoView" in str(path)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@posix_only
def test_new_log_is_0600_in_0700_folders(tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        log = ActionLog(tmp_path / "a" / "b" / "actions.jsonl")
        log.append(connection={}, token="t", request={}, outcome={})
    finally:
        os.umask(previous)
    assert mode(log.path) == 0o600
    assert mode(tmp_path / "a") == 0o700 and mode(tmp_path / "a" / "b") == 0o700


@posix_only
def test_an_existing_wide_log_is_tightened_on_append(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An older version left 0644 in 0755: the next append makes both private, keeping the lines."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    path = default_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"token": "old"}\n')
    path.chmod(0o644)
    path.parent.chmod(0o755)
    ActionLog().append(connection={}, token="new", request={}, outcome={})
    assert mode(path) == 0o600 and mode(path.parent) == 0o700
    assert mode(tmp_path / "share") == 0o755  # the shared XDG folder is not the app's
    assert [e["token"] for e in ActionLog().entries()] == ["old", "new"]


def test_url_credentials_never_reach_the_log(tmp_path: Path) -> None:
    spec = ConnectionSpec(name="lab", endpoint_url="http://svc-user:Pa55-url-word@10.0.0.5:8000")
    record = connection_record(spec)
    assert record["endpoint"] == "http://<redacted>@10.0.0.5:8000"
    log = ActionLog(tmp_path / "actions.jsonl")
    request = {"TransactItems": [{"Put": {"TableName": "t", "Item": {"note": {"S": "token: keep"}}}}]}
    entry = log.append(
        connection={**record, "raw": "http://svc-user:Pa55-url-word@10.0.0.5:8000"}, token="tok-1",
        request=request,
        outcome={"status": "unknown", "message": "Could not connect to the endpoint URL: "
                 '"http://svc-user:Pa55-url-word@10.0.0.5:8000/"', "token": "tok-1"})
    text = log.path.read_text(encoding="utf-8")
    assert "Pa55-url-word" not in text and "svc-user" not in text
    assert entry["outcome"]["token"] == "tok-1" and entry["request"] == request  # the rest is exact
    assert log.entries()[0]["outcome"]["message"].endswith('"http://<redacted>@10.0.0.5:8000/"')


def test_an_older_line_with_url_credentials_reads_back_without_them(tmp_path: Path) -> None:
    path = tmp_path / "actions.jsonl"
    path.write_text('{"token": "t", "connection": {"endpoint": "http://u:Pa55-old@h:8000"}, '
                    '"request": {"note": "http://keep:as-sent@x"}}\n')
    entry = ActionLog(path).entries()[0]
    assert entry["connection"]["endpoint"] == "http://<redacted>@h:8000"
    assert entry["request"] == {"note": "http://keep:as-sent@x"}  # the request is data: as sent


@pytest.mark.parametrize("value", [
    {"status": "succeeded", "message": "Written: Put t PK=DOC#1 (import item 1).",
     "actions": [{"action": i, "message": f"Written: Put t PK=DOC#{i}", "item": None} for i in range(50)]},
    {"message": "failed at http://user:hunter2pass@db.example:8000 with AKIAABCDEFGHIJKLMNOP"},
    {"actions": [{"message": "ok"}, {"message": "SessionToken=abcdefgh12345678 was echoed"}]},
    {"detail": {"SecretAccessKey": "x", "token": "import-run-1", "ClientRequestToken": "t"}},
    {"parts": ["token", "=password=hunter22"]},  # a match across two strings would hide this
    {"parts": ["Authorization", ": AWS4-HMAC-SHA256 Credential=x"], "empty": {"password": ""}},
    {"Bearer": ["x"], "text": "bearer abc.def", "tuple": ("a", "Ab3" * 20)},
])
def test_outcomes_are_redacted_exactly_as_redact_obj_does(value: dict[str, object]) -> None:
    """The fast path (one redaction of every string joined) never keeps what ``redact_obj``
    would change, and keeps a value with nothing to redact as it is."""
    assert _without_url_credentials(value) == redact_obj(value)


def test_an_import_outcome_with_nothing_secret_is_kept_as_it_is() -> None:
    value = {"status": "succeeded",
             "actions": [{"message": f"Written: Put t PK=DOC#{i}"} for i in range(100)]}
    assert _without_url_credentials(value) is value
