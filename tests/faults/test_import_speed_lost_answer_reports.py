"""`import --speed` stops at the first batch in the file's order whose fate is in doubt, and says
so in its one JSON document. Both engines.

- Several BatchWriteItem requests in flight; an early batch reaches the table, its answer is lost
  and botocore's retry of it (like every later request) is answered ExpiredTokenException. Before:
  draining the batches in flight replaced that batch's "may have been written" by a later
  batch's refusal ("DynamoDB refused batch 3 ..., so nothing of it was written", with the items
  before it counted as if the lost batch had not been sent), while the lost batch was in the table.
- A batch that reached the table and was answered by an HTML page (a captive portal): before, the
  command ended with the portal's sentence alone, nothing on standard output under --json, no
  --resume, while every item was written and the action log said ``unknown``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.outcomes import UNKNOWN
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo
from tests.unit.core.imports.samples import plain_document

pytestmark = [pytest.mark.integration, pytest.mark.faults]

BATCH = 25  # items a BatchWriteItem


def _file(tmp_path: Path, items: int) -> Path:
    path = tmp_path / "docs.json"
    path.write_text(render([plain_document(n) for n in range(items)], DDB_JSON))
    return path


def _import(capsys: pytest.CaptureFixture[str], path: Path, table: str, proxy: FaultProxy,
            tmp_path: Path, *flags: str) -> tuple[int, str, str]:
    """``dynoview-cli import --speed --json`` through the proxy: its code, stdout and stderr."""
    code = main(["import", str(path), "--table", table, "--endpoint-url", proxy.url, "--yes", "--speed",
                 "--json", "--progress-file", str(tmp_path / "p.json"), *flags])
    out = capsys.readouterr()
    return code, out.out, out.err


def _count(direct: Connection, table: str) -> int:
    return int(direct.client.scan(TableName=table, Select="COUNT", ConsistentRead=True)["Count"])


def _logged(tmp_path: Path) -> dict[int, list[str]]:
    """The action log's outcomes, by batch number (1-based)."""
    by_batch: dict[int, list[str]] = {}
    for entry in ActionLog(tmp_path / "data" / "DynoView" / "actions.jsonl").entries():
        outcome: dict[str, Any] = entry["outcome"]
        by_batch.setdefault(outcome["context"]["import"]["batch"], []).append(outcome["status"])
    return by_batch


def _of_batch(table: str, number: int) -> Any:
    """Whether a request holds batch ``number`` (1-based; its first item is DOC#(25 * (number - 1)))."""
    first = f"DOC#{BATCH * (number - 1)}"

    def holds(info: RequestInfo) -> bool:
        writes = info.json().get("RequestItems", {}).get(table, [])
        return any(w["PutRequest"]["Item"]["PK"]["S"] == first for w in writes)
    return holds


def _resume_writes_all(capsys: pytest.CaptureFixture[str], proxy: FaultProxy, direct: Connection,
                       table: str, path: Path, tmp_path: Path, items: int) -> None:
    """The endpoint answers again: --resume sends the stopped batch again, as the command said."""
    proxy.clear()
    code, out, err = _import(capsys, path, table, proxy, tmp_path, "--resume")
    assert code == 0, err
    assert json.loads(out)["status"] == "imported"
    assert _count(direct, table) == items


@pytest.mark.parametrize("lost", [1, 2])
def test_a_later_refusal_never_hides_an_earlier_batch_that_may_have_been_written(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lost: int) -> None:
    """8 batches, 4 in flight. Batch ``lost`` reaches the engine and its answer is lost; its retry
    and every batch after it are answered ExpiredTokenException (nothing of those is written).
    The stop said is batch ``lost``'s, with the items of the batches before it as written."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = _file(tmp_path, 8 * BATCH)
    drop = proxy.add(fp.DROP_AFTER, operation="BatchWriteItem", predicate=_of_batch(empty_table, lost),
                     times=1)
    before = _of_batch(empty_table, 1)
    proxy.add(fp.EXPIRED_TOKEN, operation="BatchWriteItem", times=None,
              predicate=(lambda info: not before(info)) if lost > 1 else None)
    code, out, err = _import(capsys, path, empty_table, proxy, tmp_path)
    assert code == 2, err
    assert drop.applied == 1
    assert _count(direct, empty_table) == BATCH * lost  # the lost try wrote its batch
    document = json.loads(out)  # the whole of standard output: one document
    span = f"items {BATCH * (lost - 1) + 1}-{BATCH * lost}"
    assert document["status"] == "stopped"
    assert document["message"].startswith(f"Batch {lost} ({span}) may have been written, in part or "
                                           "whole"), document["message"]
    assert "--resume sends this batch again" in document["message"]
    assert document["written"] == BATCH * (lost - 1)  # the batches before it, no more
    assert "refused" not in err and "nothing of it" not in err, err
    assert f"stopped batch: {span}" in err
    logged = _logged(tmp_path)
    assert logged[lost] == [UNKNOWN]
    assert all(logged[n] == ["succeeded"] for n in range(1, lost))
    assert all(statuses == ["failed"] for n, statuses in logged.items() if n > lost)
    _resume_writes_all(capsys, proxy, direct, empty_table, path, tmp_path, 8 * BATCH)


@pytest.mark.parametrize("headers", [{"Content-Type": "text/html"}, {}], ids=["text-html", "markup"])
def test_a_batch_answered_by_a_web_page_may_have_been_written(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        headers: dict[str, str]) -> None:
    """The BatchWriteItem reaches the engine (every item written) and a portal answers 200 with its
    page (as text/html, or markup under DynamoDB's content type): the same stop as any lost answer,
    in the one JSON document, and --resume sends the batch again."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = _file(tmp_path, 10)
    page = proxy.add(fp.REPLACE, operation="BatchWriteItem", times=None, headers=headers,
                     body=b"<html><body>Log in to the Wi-Fi</body></html>")
    code, out, err = _import(capsys, path, empty_table, proxy, tmp_path)
    assert code == 2, err
    assert page.applied >= 1 and proxy.forwarded("BatchWriteItem")
    assert _count(direct, empty_table) == 10
    document = json.loads(out)
    assert document["status"] == "stopped" and document["written"] == 0
    message = document["message"]
    assert message.startswith("Batch 1 (items 1-10) may have been written, in part or whole"), message
    assert "HTML" in message and "--resume sends this batch again" in message
    assert "stopped batch: items 1-10" in err and "--resume" in err
    assert _logged(tmp_path) == {1: [UNKNOWN]}
    _resume_writes_all(capsys, proxy, direct, empty_table, path, tmp_path, 10)
