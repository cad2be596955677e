"""`import --speed` keeps the stop of the oldest batch that failed (where a resume continues), and a
bug in DynoView that ended a later batch is reported with it, never dropped. Both engines.

Four BatchWriteItem requests are in flight: batch 1 (or 2) is refused whole (ExpiredTokenException)
while a later one fails on a bug. Before: the command said the refusal alone, exit 2, and the
bug (its message, its traceback, the fact that it is a bug) was nowhere. Now: the same stop, its
JSON document, and the bug said with it (the stop's sentence and ``bugs`` in the document), its
traceback on standard error, a crash report saved, exit 3; --resume then writes every item. A
bug in the oldest batch's write is said as a bug too, never as a batch that "may have been
written" because of DynamoDB or the network.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.imports import batch_write, run
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo
from tests.unit.core.imports.samples import plain_document

pytestmark = [pytest.mark.integration, pytest.mark.faults]

BATCH = 25  # items a BatchWriteItem
BATCHES = 8
BUG = "a bug injected for the test"


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "docs.json"
    path.write_text(render([plain_document(n) for n in range(BATCHES * BATCH)], DDB_JSON))
    return path


def _import(capsys: pytest.CaptureFixture[str], path: Path, table: str, url: str, tmp_path: Path,
            *flags: str) -> tuple[int, str, str]:
    code = main(["import", str(path), "--table", table, "--endpoint-url", url, "--yes", "--speed",
                 "--json", "--progress-file", str(tmp_path / "p.json"), *flags])
    out = capsys.readouterr()
    return code, out.out, out.err


def _count(direct: Connection, table: str) -> int:
    return int(direct.client.scan(TableName=table, Select="COUNT", ConsistentRead=True)["Count"])


def _first_key(number: int) -> str:
    """The key of batch ``number``'s first item (1-based)."""
    return f"DOC#{BATCH * (number - 1)}"


def _of_batch(table: str, number: int) -> Any:
    def holds(info: RequestInfo) -> bool:
        writes = info.json().get("RequestItems", {}).get(table, [])
        return any(w["PutRequest"]["Item"]["PK"]["S"] == _first_key(number) for w in writes)
    return holds


def _bug_in_the_write_of(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    """Batch ``number``'s request is answered, then DynoView fails on it (as it logs the
    request): a bug after the send, so that batch is in the table."""
    real = batch_write._logged

    def logged(request: Any) -> dict[str, Any]:
        writes = next(iter(request["RequestItems"].values()))
        if any(w["PutRequest"]["Item"]["PK"]["S"] == _first_key(number) for w in writes):
            raise RuntimeError(BUG)
        return real(request)
    monkeypatch.setattr(batch_write, "_logged", logged)


def _bug_in_reading(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    """DynoView fails on the main thread as it cuts batch ``number`` (its first item's key),
    after the batches before it were sent."""
    real = run.key_of

    def key_of(item: Any, table: Any) -> Any:
        if item["PK"]["S"] == _first_key(number):
            raise RuntimeError(BUG)
        return real(item, table)
    monkeypatch.setattr(run, "key_of", key_of)


def _bug_reported(code: int, out: str, err: str, stopped: int) -> dict[str, Any]:
    """The stop of batch ``stopped`` and the bug, as the command says them."""
    assert code == 3, err  # a bug: the exit status says it even with a stop to say
    document: dict[str, Any] = json.loads(out)  # still the one document
    span = f"items {BATCH * (stopped - 1) + 1}-{BATCH * stopped}"
    assert document["status"] == "stopped"
    assert document["message"].startswith(f"DynamoDB refused batch {stopped} ({span}"), document
    assert (document["batch"], document["items"]) == (stopped, span)
    assert document["resume_from_batch"] == stopped
    assert document["written"] == BATCH * (stopped - 1)
    assert f"stopped batch: {span}" in err
    assert len(document["bugs"]) == 1, document["bugs"]
    assert document["bugs"][0]["error"] == f"RuntimeError: {BUG}"
    assert f"with a bug in DynoView (RuntimeError: {BUG})" in document["message"]
    assert "Traceback (most recent call last)" in err and f"RuntimeError: {BUG}" in err
    assert "a bug in DynoView" in err and "crash report is saved" in err
    return document


def test_a_bug_in_a_later_batch_is_reported_with_the_earlier_stop(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Batches 1-4 in flight: 1 is refused whole, 3 is written and DynoView then fails on it."""
    path = _file(tmp_path)
    refused = proxy.add(fp.EXPIRED_TOKEN, operation="BatchWriteItem", times=None,
                        predicate=_of_batch(empty_table, 1))
    with monkeypatch.context() as patch:
        _bug_in_the_write_of(patch, 3)
        code, out, err = _import(capsys, path, empty_table, proxy.url, tmp_path)
    assert refused.applied >= 1
    document = _bug_reported(code, out, err, stopped=1)
    bug = document["bugs"][0]
    assert (bug["batch"], bug["items"]) == (3, "items 51-75")
    assert "Batch 3 (items 51-75) also failed, with a bug in DynoView" in document["message"]
    assert "may have been written" in document["message"].split("also failed")[1]
    assert "writing batch 3 (items 51-75)" in err  # the traceback names the batch
    _resume_writes_every_item(capsys, proxy, direct, empty_table, path, tmp_path)


def test_a_bug_cutting_a_later_batch_is_reported_with_the_earlier_stop(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Batches 2-5 in flight: 2 is refused whole; DynoView fails as it cuts batch 6, before it
    waits for batch 2's answer."""
    path = _file(tmp_path)
    proxy.add(fp.EXPIRED_TOKEN, operation="BatchWriteItem", times=None,
              predicate=_of_batch(empty_table, 2))
    with monkeypatch.context() as patch:
        _bug_in_reading(patch, 6)
        code, out, err = _import(capsys, path, empty_table, proxy.url, tmp_path)
    document = _bug_reported(code, out, err, stopped=2)
    assert document["bugs"][0]["batch"] is None  # not a batch's write: nothing of it was sent
    assert "also failed, with a bug in DynoView" in document["message"]
    _resume_writes_every_item(capsys, proxy, direct, empty_table, path, tmp_path)


def test_a_bug_in_the_oldest_batch_is_a_bug_not_a_stop(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Batch 1 is written and DynoView then fails on it; batch 2 is refused. The bug is said as a
    bug (its traceback naming batch 1, a crash report, exit 3), not as "Batch 1 may have been
    written: RuntimeError: ..." with exit 2, as DynamoDB's or the network's failure."""
    path = _file(tmp_path)
    proxy.add(fp.EXPIRED_TOKEN, operation="BatchWriteItem", times=None, predicate=_of_batch(empty_table, 2))
    with monkeypatch.context() as patch:
        _bug_in_the_write_of(patch, 1)
        code, _, err = _import(capsys, path, empty_table, proxy.url, tmp_path)
    assert code == 3, err
    assert "Traceback (most recent call last)" in err and f"RuntimeError: {BUG}" in err
    assert "writing batch 1 (items 1-25) of the import: it may have been written" in err
    assert "a bug in DynoView" in err and "crash report is saved" in err
    assert "refused batch 2" not in err  # the first failure in the file's order is said
    _resume_writes_every_item(capsys, proxy, direct, empty_table, path, tmp_path)


def _resume_writes_every_item(capsys: pytest.CaptureFixture[str], proxy: FaultProxy, direct: Connection,
                              table: str, path: Path, tmp_path: Path) -> None:
    proxy.clear()
    code, out, err = _import(capsys, path, table, proxy.url, tmp_path, "--resume")
    assert code == 0, err
    assert json.loads(out)["status"] == "imported"
    assert _count(direct, table) == BATCHES * BATCH
