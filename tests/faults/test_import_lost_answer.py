"""An import batch whose answer is lost and whose settling reads fail too: the batch may have
been written, and the import never says it was not (before: "Batch 1 ... was not written:" ahead
of a sentence saying whether it was applied is not known). Both engines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.imports.run import ImportOptions, ImportStopped, run_import
from dynoview.core.imports.source import read_records
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.outcomes import UNKNOWN
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo
from tests.unit.core.imports.samples import plain_document

pytestmark = [pytest.mark.integration, pytest.mark.faults]


def _lose_every_answer(proxy: FaultProxy) -> None:
    """Every TransactWriteItems reaches the engine, its answer never comes back; every
    settling read (TransactGetItems) fails: the outcome cannot be known."""
    proxy.add(fp.DROP_AFTER, operation="TransactWriteItems", times=None)
    proxy.add(fp.HTTP_500, operation="TransactGetItems", times=None)


def _count(direct: Connection, table: str) -> int:
    return int(direct.client.scan(TableName=table, Select="COUNT", ConsistentRead=True)["Count"])


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "docs.json"
    path.write_text(render([plain_document(n) for n in range(10)], DDB_JSON))
    return path


def _import(path: Path, table: str, proxy: FaultProxy, tmp_path: Path, *flags: str) -> int:
    """``dynoview-cli import`` of ``path`` through the proxy, confirmed, with its progress file."""
    return main(["import", str(path), "--table", table, "--endpoint-url", proxy.url, "--yes", *flags,
                 "--progress-file", str(tmp_path / "p.json")])


def _logged(tmp_path: Path) -> list[dict[str, Any]]:
    return ActionLog(tmp_path / "data" / "DynoView" / "actions.jsonl").entries()


def _resume_writes_all(proxy: FaultProxy, direct: Connection, table: str, path: Path, tmp_path: Path,
                       *flags: str) -> None:
    """The endpoint answers again: --resume sends the batch again, as the command said."""
    proxy.clear()
    assert _import(path, table, proxy, tmp_path, *flags, "--resume") == 0
    assert _count(direct, table) == 10


def test_a_batch_of_unknown_outcome_is_never_called_not_written(
        proxy: FaultProxy, pconn: Connection, direct: Connection, empty_table: str,
        tmp_path: Path) -> None:
    path = _file(tmp_path)
    _lose_every_answer(proxy)
    with pytest.raises(ImportStopped) as stopped:
        run_import(pconn, describe_table(direct, empty_table), read_records(path, DDB_JSON), path,
                   schema=article_schema(), has_lock_rules=False, log=ActionLog(tmp_path / "a.jsonl"),
                   options=ImportOptions(progress_path=tmp_path / "p.json"))
    assert proxy.forwarded("TransactWriteItems")  # it reached the engine...
    assert _count(direct, empty_table) == 10  # ...which wrote it
    exc = stopped.value
    assert exc.result is not None and exc.result.status == UNKNOWN
    assert "was not written" not in exc.message, exc.message
    assert exc.message.startswith("Batch 1 (") and "may have been written" in exc.message


def test_the_command_says_the_batch_may_have_been_written(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = _file(tmp_path)
    _lose_every_answer(proxy)
    assert _import(path, empty_table, proxy, tmp_path) == 2
    err = capsys.readouterr().err
    assert "was not written" not in err and "nothing of it" not in err, err
    assert "may have been written" in err
    assert "fix the file" not in err  # nothing is wrong with the file
    assert _count(direct, empty_table) == 10
    _resume_writes_all(proxy, direct, empty_table, path, tmp_path)


def test_speed_mode_says_a_batch_whose_answer_was_lost_may_have_been_written(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """BatchWriteItem (--speed) reached the engine and its answer was lost (the connection
    dropped after the request was sent): the batch is in the table, so the command
    says it may have been written and --resume, not "could not reach the endpoint"; the action
    log keeps the request with an unknown outcome."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = _file(tmp_path)
    proxy.add(fp.DROP_AFTER, operation="BatchWriteItem", times=None)
    assert _import(path, empty_table, proxy, tmp_path, "--speed") == 2
    err = capsys.readouterr().err
    assert "Batch 1 (" in err and "may have been written" in err and "--resume" in err, err
    assert proxy.forwarded("BatchWriteItem")
    assert _count(direct, empty_table) == 10
    logged = _logged(tmp_path)
    assert logged and {e["outcome"]["status"] for e in logged} == {UNKNOWN}
    _resume_writes_all(proxy, direct, empty_table, path, tmp_path, "--speed")


@pytest.mark.parametrize("answer", [b'{"UnprocessedItems":{"t":[{"PutRequest":', b"Service unavailable"])
def test_speed_mode_says_a_batch_whose_answer_came_damaged_may_have_been_written(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answer: bytes) -> None:
    """BatchWriteItem reached the engine, and a middlebox answered 200 with a cut or foreign
    body (no CRC32): botocore parses it as ``{}``, no UnprocessedItems, which read as "every
    item written". Which items were written is unknown: the command says the batch may have been
    written, logs it as unknown, and --resume sends it again."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = _file(tmp_path)
    proxy.add(fp.REPLACE, operation="BatchWriteItem", body=answer, times=None)
    assert _import(path, empty_table, proxy, tmp_path, "--speed") == 2
    err = capsys.readouterr().err
    assert "Batch 1 (" in err and "may have been written" in err and "--resume" in err, err
    assert "arrived damaged" in err
    logged = _logged(tmp_path)
    assert logged and {e["outcome"]["status"] for e in logged} == {UNKNOWN}
    _resume_writes_all(proxy, direct, empty_table, path, tmp_path, "--speed")


def test_speed_mode_a_refusal_after_a_lost_answer_says_the_batch_may_have_been_written(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """BatchWriteItem's first try reaches the engine (the batch is written) and its answer is lost;
    botocore tries again and that try is answered 400 ExpiredTokenException. Before: only the last
    try's answer was judged, so the request was logged "failed" and the command said DynamoDB
    refused it (nothing written) while every item was in the table. Now the transaction's own
    observer of the tries notes the lost one: the outcome is unknown and the batch may have been
    written."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = _file(tmp_path)
    lost = proxy.add(fp.DROP_AFTER, operation="BatchWriteItem", times=1)
    expired = proxy.add(fp.EXPIRED_TOKEN, operation="BatchWriteItem", times=1)
    assert _import(path, empty_table, proxy, tmp_path, "--speed") == 2
    err = capsys.readouterr().err
    assert (lost.applied, expired.applied) == (1, 1)
    assert _count(direct, empty_table) == 10  # the try whose answer was lost wrote the batch
    assert "Batch 1 (items 1-10) may have been written" in err and "--resume" in err, err
    assert "refused" not in err and "nothing of it" not in err, err
    assert "expired" in err  # what the retry was answered: refresh the credentials first
    logged = _logged(tmp_path)
    assert [e["outcome"]["status"] for e in logged] == [UNKNOWN]
    assert logged[0]["outcome"]["lost"]  # what took the answer away
    _resume_writes_all(proxy, direct, empty_table, path, tmp_path, "--speed")


def test_speed_mode_a_batch_dynamodb_refuses_stops_at_its_place_with_the_items_written(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Every try of batch 2 is refused (ValidationException), none lost: nothing of it was written,
    and the command says so at the batch's place in the file, with the 25 items of batch 1 it
    wrote. Before: DynamoDB's bare error ("ValidationException: BatchWriteItem failed: ..."), not
    a word of the batch nor of the items already written."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = tmp_path / "docs.json"
    path.write_text(render([plain_document(n) for n in range(50)], DDB_JSON))

    def of_batch_two(info: RequestInfo) -> bool:
        writes = info.json().get("RequestItems", {}).get(empty_table, [])
        return any(w["PutRequest"]["Item"]["PK"]["S"] == "DOC#25" for w in writes)

    body = json.dumps({"__type": "com.amazon.coral.validate#ValidationException",
                       "message": "One or more parameter values were invalid"}).encode()
    refusal = proxy.add(fp.RESPOND, operation="BatchWriteItem", predicate=of_batch_two, status=400,
                        body=body, times=None)
    assert _import(path, empty_table, proxy, tmp_path, "--speed") == 2
    err = capsys.readouterr().err
    assert refusal.applied == 1  # a refusal is not retried
    assert ("DynamoDB refused batch 2 (items 26-50, from line 26, column 1), so nothing of it was "
            "written") in err, err
    assert "the batches before it were written (25 item(s))" in err, err
    assert _count(direct, empty_table) == 25
    logged = _logged(tmp_path)
    assert sorted(e["outcome"]["status"] for e in logged) == ["failed", "succeeded"]
