"""Speed mode (BatchWriteItem) cancelled while DynamoDB keeps items of a batch unprocessed: the
sentence says how many items are confirmed written, how many of the batch were written and how
many were unprocessed (not written), and that Resume continues from the last confirmed batch;
the resume then writes every item. Before: "The import was cancelled while DynamoDB had items
unprocessed." and nothing more. Both engines."""

from __future__ import annotations

import json
import threading
from binascii import crc32
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.errors import CancelledError
from dynoview.core.imports.model import DDB_JSON
from dynoview.core.imports.run import BATCH, ImportOptions, run_import
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
WRITTEN_OF_SECOND = 3  # DynamoDB processes items 26-28 of batch 2 and leaves 29-30


def _item(n: int) -> dict[str, Any]:
    return {"PK": {"S": f"DOC#{n:03d}"}, "SK": {"S": "META"}, "n": {"N": str(n)}}


def _count(direct: Connection, table: str) -> int:
    return int(direct.client.scan(TableName=table, Select="COUNT", ConsistentRead=True)["Count"])


def _keys(direct: Connection, table: str) -> set[str]:
    items = direct.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return {i["PK"]["S"] for i in items}


def _options(tmp_path: Path, *, resume: bool = False) -> ImportOptions:
    return ImportOptions(mode=BATCH, resume=resume, progress_path=tmp_path / "p.json",
                         resume_hint="“Resume”")


def _throttle_second_batch(proxy: FaultProxy, direct: Connection, table: str,
                           cancel: threading.Event) -> fp.Rule:
    """Batch 2's requests answered as a throttled DynamoDB answers them: its first request has
    items 26-28 written (on the engine itself) and 29-30 left in UnprocessedItems; every retry
    of 29-30 leaves them unprocessed again. The user presses Cancel during the retries."""
    second = {f"DOC#{n:03d}" for n in range(ITEMS - 4, ITEMS + 1)}
    left = [{"PutRequest": {"Item": _item(n)}} for n in range(ITEMS - 4 + WRITTEN_OF_SECOND, ITEMS + 1)]
    body = json.dumps({"UnprocessedItems": {table: left}}).encode()
    tries = 0

    def batch_two(info: RequestInfo) -> bool:
        nonlocal tries
        writes = info.json().get("RequestItems", {}).get(table, [])
        if not {w["PutRequest"]["Item"]["PK"]["S"] for w in writes} & second:
            return False
        tries += 1
        if tries == 1:  # the part of the request DynamoDB processed is in the table
            for n in range(ITEMS - 4, ITEMS - 4 + WRITTEN_OF_SECOND):
                direct.client.put_item(TableName=table, Item=_item(n))
        else:
            cancel.set()  # Cancel lands while the unprocessed items are being retried
        return True

    return proxy.add(fp.RESPOND, operation="BatchWriteItem", predicate=batch_two, times=None,
                     body=body, headers={"x-amz-crc32": str(crc32(body) & 0xFFFFFFFF)})


def test_a_cancel_during_unprocessed_retries_counts_what_was_written(
        proxy: FaultProxy, pconn: Connection, direct: Connection, empty_table: str,
        tmp_path: Path) -> None:
    path = tmp_path / "docs.json"
    path.write_text(render([_item(n) for n in range(1, ITEMS + 1)], DDB_JSON))
    table = describe_table(direct, empty_table)
    log = ActionLog(tmp_path / "a.jsonl")
    cancel = threading.Event()
    rule = _throttle_second_batch(proxy, direct, empty_table, cancel)
    with pytest.raises(CancelledError) as cancelled:
        run_import(pconn, table, read_records(path, DDB_JSON), path, schema=article_schema(),
                   has_lock_rules=False, log=log, options=_options(tmp_path), cancel=cancel)
    assert rule.applied >= 2  # the first answer and at least one retry
    assert _count(direct, empty_table) == 25 + WRITTEN_OF_SECOND
    assert not _keys(direct, empty_table) & {"DOC#029", "DOC#030"}
    said = cancelled.value.message
    assert "25 item(s) are confirmed written" in said, said
    assert "batch 2 (items 26-30)" in said, said
    assert "3 were written and 2 were unprocessed (not written)" in said, said
    assert "partly written" in said, said
    assert "“Resume” continues from the last confirmed batch: it writes batch 2" in said, said

    proxy.clear()  # DynamoDB has capacity again: Resume writes batch 2 again whole
    result = run_import(pconn, table, read_records(path, DDB_JSON), path, schema=article_schema(),
                        has_lock_rules=False, log=log, options=_options(tmp_path, resume=True))
    assert (result.skipped_items, result.items) == (25, 5)
    assert _count(direct, empty_table) == ITEMS
