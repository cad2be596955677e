"""The JSON Lines action log: append, read back, no secrets."""

from __future__ import annotations

from pathlib import Path

from dynoview.core.action_log import ActionLog, connection_record, default_path
from dynoview.core.connection import ConnectionSpec


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


def test_missing_log_reads_as_empty(tmp_path: Path) -> None:
    assert ActionLog(tmp_path / "none.jsonl").entries() == []


def test_default_path_is_in_the_user_data_dir() -> None:
    path = default_path()
    assert path.name == "actions.jsonl"
    assert "DynoView" in str(path)
