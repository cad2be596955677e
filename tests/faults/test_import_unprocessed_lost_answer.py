"""Speed mode (BatchWriteItem): DynamoDB answers a batch with items unprocessed, and the answer
to the retry of those items is lost after they were written. The import says the batch may have
been written (in part or whole), never that it was not; the batches before it stay confirmed;
the action log keeps the first request as partial and the retry as unknown; a resume writes the
batch again and every item is in the table once. Both engines."""

from __future__ import annotations

import json
from binascii import crc32
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.imports.model import DDB_JSON
from dynoview.core.imports.run import BATCH, ImportOptions, ImportStopped, run_import
from dynoview.core.imports.source import read_records
from dynoview.core.items.export import render
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy, RequestInfo

pytestmark = [pytest.mark.integration, pytest.mark.faults]

ITEMS = 30  # batch 1: items 1-25, batch 2: items 26-30
PROCESSED = 3  # of batch 2's first request, items 26-28 are processed; 29-30 come back unprocessed
OP = "BatchWriteItem"


def _item(n: int) -> dict[str, Any]:
    return {"PK": {"S": f"DOC#{n:03d}"}, "SK": {"S": "META"}, "n": {"N": str(n)}}


def _keys(direct: Connection, table: str) -> list[str]:
    items = direct.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(i["PK"]["S"] for i in items)


def _options(tmp_path: Path, *, resume: bool = False) -> ImportOptions:
    return ImportOptions(mode=BATCH, resume=resume, progress_path=tmp_path / "p.json",
                         resume_hint="“Resume”")


def _partial_then_lost(proxy: FaultProxy, direct: Connection, table: str) -> tuple[fp.Rule, fp.Rule]:
    """Batch 2's first request: items 26-28 written on the engine, 29-30 answered unprocessed.
    Every retry of 29-30 reaches the engine (it writes them) and its answer is dropped."""
    second = {f"DOC#{n:03d}" for n in range(ITEMS - 4, ITEMS + 1)}
    left = [{"PutRequest": {"Item": _item(n)}} for n in range(ITEMS - 4 + PROCESSED, ITEMS + 1)]
    body = json.dumps({"UnprocessedItems": {table: left}}).encode()

    def of_batch_two(info: RequestInfo) -> bool:
        writes = info.json().get("RequestItems", {}).get(table, [])
        return bool({w["PutRequest"]["Item"]["PK"]["S"] for w in writes} & second)

    def first_answer(info: RequestInfo) -> bool:
        if not of_batch_two(info):
            return False
        for n in range(ITEMS - 4, ITEMS - 4 + PROCESSED):  # what DynamoDB processed is in the table
            direct.client.put_item(TableName=table, Item=_item(n))
        return True

    partial = proxy.add(fp.RESPOND, operation=OP, predicate=first_answer, times=1, body=body,
                        headers={"x-amz-crc32": str(crc32(body) & 0xFFFFFFFF)})
    lost = proxy.add(fp.DROP_AFTER, operation=OP, predicate=of_batch_two, times=None)
    return partial, lost


def test_a_lost_answer_to_the_retry_of_unprocessed_items_may_have_written_the_batch(
        proxy: FaultProxy, pconn: Connection, direct: Connection, empty_table: str,
        tmp_path: Path) -> None:
    path = tmp_path / "docs.json"
    path.write_text(render([_item(n) for n in range(1, ITEMS + 1)], DDB_JSON))
    table = describe_table(direct, empty_table)
    log = ActionLog(tmp_path / "a.jsonl")
    partial, lost = _partial_then_lost(proxy, direct, empty_table)
    with pytest.raises(ImportStopped) as stopped:
        run_import(pconn, table, read_records(path, DDB_JSON), path, schema=article_schema(),
                   has_lock_rules=False, log=log, options=_options(tmp_path))
    assert partial.applied == 1 and lost.applied >= 1
    # The retry reached the engine: every item is in the table although no answer said so.
    assert _keys(direct, empty_table) == [f"DOC#{n:03d}" for n in range(1, ITEMS + 1)]
    exc = stopped.value
    said = exc.message
    assert said.startswith("Batch 2 (items 26-30) may have been written, in part or whole:"), said
    assert "not written" not in said and "nothing of it" not in said, said
    assert "“Resume” sends this batch again" in said, said
    assert exc.written == 25  # batch 1 stays confirmed
    outcomes = [e["outcome"]["status"] for e in log.entries()
                if e["outcome"].get("context", {}).get("import", {}).get("batch") == 2]
    assert outcomes[0] == "partial" and set(outcomes[1:]) == {"unknown"}, outcomes

    proxy.clear()  # the endpoint answers again: Resume writes batch 2 again, the same Puts
    result = run_import(pconn, table, read_records(path, DDB_JSON), path, schema=article_schema(),
                        has_lock_rules=False, log=log, options=_options(tmp_path, resume=True))
    assert (result.skipped_items, result.items) == (25, 5)
    assert _keys(direct, empty_table) == [f"DOC#{n:03d}" for n in range(1, ITEMS + 1)]
