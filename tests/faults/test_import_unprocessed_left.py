"""Speed mode (BatchWriteItem): DynamoDB keeps items of a batch unprocessed on every try. The import
stops at that batch like at any other: said with its number, its items, how many were left
unprocessed and where a resume continues (``ImportStopped``; ``--json``'s document), exit 2, and
the resume writes the batch again (every item once in the table). Before: a bare "DynamoDB left 2
item(s) of a batch unprocessed ..." sentence, which batch unsaid, and nothing on standard output
under --json. Both engines."""

from __future__ import annotations

import json
from binascii import crc32
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.imports import batch_write
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
PROCESSED = 3  # of batch 2, items 26-28 are processed; 29-30 come back unprocessed on every try
TRIES = 3  # instead of 12, whose pauses add up to half a minute


def _item(n: int) -> dict[str, Any]:
    return {"PK": {"S": f"DOC#{n:03d}"}, "SK": {"S": "META"}, "n": {"N": str(n)}}


def _keys(direct: Connection, table: str) -> list[str]:
    items = direct.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(i["PK"]["S"] for i in items)


def _file(tmp_path: Path) -> Path:
    path = tmp_path / "docs.json"
    path.write_text(render([_item(n) for n in range(1, ITEMS + 1)], DDB_JSON))
    return path


@pytest.fixture
def throttled(proxy: FaultProxy, direct: Connection, empty_table: str,
              monkeypatch: pytest.MonkeyPatch) -> fp.Rule:
    """Every request of batch 2 is answered as a throttled table answers it: items 26-28 written
    (on the engine itself, the first time), 29-30 left in UnprocessedItems."""
    monkeypatch.setattr(batch_write, "MAX_ROUNDS", TRIES)
    second = {f"DOC#{n:03d}" for n in range(ITEMS - 4, ITEMS + 1)}
    left = [{"PutRequest": {"Item": _item(n)}} for n in range(ITEMS - 4 + PROCESSED, ITEMS + 1)]
    body = json.dumps({"UnprocessedItems": {empty_table: left}}).encode()
    tries = 0

    def of_batch_two(info: RequestInfo) -> bool:
        nonlocal tries
        writes = info.json().get("RequestItems", {}).get(empty_table, [])
        if not {w["PutRequest"]["Item"]["PK"]["S"] for w in writes} & second:
            return False
        tries += 1
        if tries == 1:  # the part of the request DynamoDB processed is in the table
            for n in range(ITEMS - 4, ITEMS - 4 + PROCESSED):
                direct.client.put_item(TableName=empty_table, Item=_item(n))
        return True

    return proxy.add(fp.RESPOND, operation="BatchWriteItem", predicate=of_batch_two, times=None,
                     body=body, headers={"x-amz-crc32": str(crc32(body) & 0xFFFFFFFF)})


def _written_before_the_stop(direct: Connection, table: str) -> None:
    assert _keys(direct, table) == [f"DOC#{n:03d}" for n in range(1, ITEMS - 4 + PROCESSED)]


def test_items_left_unprocessed_stop_the_import_at_their_batch(
        proxy: FaultProxy, pconn: Connection, direct: Connection, empty_table: str, tmp_path: Path,
        throttled: fp.Rule) -> None:
    path = _file(tmp_path)
    table = describe_table(direct, empty_table)
    log = ActionLog(tmp_path / "a.jsonl")

    def options(resume: bool = False) -> ImportOptions:
        return ImportOptions(mode=BATCH, resume=resume, progress_path=tmp_path / "p.json",
                             resume_hint="“Resume”")

    with pytest.raises(ImportStopped) as stopped:
        run_import(pconn, table, read_records(path, DDB_JSON), path, schema=article_schema(),
                   has_lock_rules=False, log=log, options=options())
    assert throttled.applied == TRIES
    _written_before_the_stop(direct, empty_table)
    exc = stopped.value
    assert exc.batch is not None and exc.batch.number == 1
    assert (exc.unprocessed, exc.written) == (2, 25)  # batch 1 stays confirmed
    said = exc.message
    assert said.startswith(f"DynamoDB left 2 of the 5 item(s) of batch 2 (items 26-30) unprocessed "
                           f"after {TRIES} tries"), said
    assert "the other 3 were written, so the batch is partly written" in said, said
    assert "“Resume” sends batch 2 again" in said, said
    outcomes = [e["outcome"]["status"] for e in log.entries()
                if e["outcome"].get("context", {}).get("import", {}).get("batch") == 2]
    assert outcomes == ["partial"] * TRIES, outcomes

    proxy.clear()  # DynamoDB has capacity again: Resume writes batch 2 again whole
    result = run_import(pconn, table, read_records(path, DDB_JSON), path, schema=article_schema(),
                        has_lock_rules=False, log=log, options=options(resume=True))
    assert (result.skipped_items, result.items) == (25, 5)
    assert _keys(direct, empty_table) == [f"DOC#{n:03d}" for n in range(1, ITEMS + 1)]


def test_the_command_says_items_left_unprocessed_in_its_json_document(
        proxy: FaultProxy, direct: Connection, empty_table: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], throttled: fp.Rule) -> None:
    path = _file(tmp_path)

    def run(*flags: str) -> tuple[int, str, str]:
        code = main(["import", str(path), "--table", empty_table, "--endpoint-url", proxy.url, "--yes",
                     "--speed", "--json", "--progress-file", str(tmp_path / "p.json"), *flags])
        out = capsys.readouterr()
        return code, out.out, out.err

    code, out, err = run()
    assert code == 2, err
    _written_before_the_stop(direct, empty_table)
    document = json.loads(out)  # the whole of standard output: one document
    assert document["status"] == "stopped"
    assert (document["batch"], document["items"], document["unprocessed"]) == (2, "items 26-30", 2)
    assert (document["written"], document["resume_from_batch"]) == (25, 2)
    assert document["bugs"] == []
    assert document["message"].startswith("DynamoDB left 2 of the 5 item(s) of batch 2 (items 26-30) "
                                          "unprocessed"), document["message"]
    assert "--resume sends batch 2 again" in document["message"]
    assert "stopped batch: items 26-30 (5 item(s), 2 left unprocessed)" in err, err
    assert "the batches before it were written (25 item(s)): --resume continues from this batch" in err

    proxy.clear()
    code, out, err = run("--resume")
    assert code == 0, err
    document = json.loads(out)
    assert (document["status"], document["skipped_items"], document["items"]) == ("imported", 25, 5)
    assert _keys(direct, empty_table) == [f"DOC#{n:03d}" for n in range(1, ITEMS + 1)]
