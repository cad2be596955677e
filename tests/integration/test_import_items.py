"""`dynoview import` on moto and DynamoDB Local: each format lands exactly (a round trip through
DynoView's export gives the same items, numbers and binary included), a batch that would break
a lock is stopped whole, read-only connections refuse before anything is sent."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from botocore.exceptions import ClientError

from dynoview.cli import main
from dynoview.core.errors import ReadOnlyError, aws_error_code
from dynoview.core.imports import run
from dynoview.core.imports.run import ImportOptions, ImportStopped, run_import
from dynoview.core.imports.source import read_records
from dynoview.core.items.export import CSV, DDB_JSON, export_table_to_file, render
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.values.sizes import item_size
from dynoview.demo.backend import create_accounts_table
from tests.helpers import connect
from tests.unit.core.imports.samples import (
    account,
    canonical,
    dataset,
    document,
    plain_document,
    write_s3_export,
)

pytestmark = pytest.mark.integration


def _scan(conn: Connection, table: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    request: dict[str, Any] = {"TableName": table, "ConsistentRead": True}
    while True:
        page = conn.client.scan(**request)
        items.extend(page["Items"])
        if "LastEvaluatedKey" not in page:
            return items
        request["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def _put_all(conn: Connection, table: str, items: list[dict[str, Any]]) -> None:
    for start in range(0, len(items), 25):
        conn.client.batch_write_item(RequestItems={table: [{"PutRequest": {"Item": i}}
                                                           for i in items[start:start + 25]]})


@pytest.fixture
def new_table(conn: Connection) -> Iterator[Any]:
    made: list[str] = []

    def make() -> str:
        name = f"import-{uuid.uuid4().hex[:8]}"
        create_accounts_table(conn, name)
        made.append(name)
        return name

    yield make
    for name in made:
        conn.client.delete_table(TableName=name)


def _import(path: Path, table: str, url: str, *more: str) -> int:
    return main(["import", str(path), "--table", table, "--endpoint-url", url, *more])


@pytest.mark.parametrize("fmt", [DDB_JSON, CSV, "s3-export"])
def test_round_trip_through_export_gives_the_same_items(
        fmt: str, tmp_path: Path, endpoint_url: str, conn: Connection, new_table: Any) -> None:
    items = dataset(60, 60)  # 240 items: accounts far from their locks, every type
    source, target = new_table(), new_table()
    _put_all(conn, source, items)
    info = describe_table(conn, source)
    path = tmp_path / f"export.{fmt}"
    if fmt == "s3-export":
        path = tmp_path / "s3"
        write_s3_export(path, _scan(conn, source), files=3)
    else:
        export_table_to_file(Reader(conn), info, path, fmt, segments=3)
    assert _import(path, target, endpoint_url, "--yes") == 0
    assert canonical(_scan(conn, target)) == canonical(_scan(conn, source)) == canonical(items)


@pytest.mark.parametrize("fmt", ["jsonl", "json"])
def test_plain_json_formats_import_exact_numbers(
        fmt: str, tmp_path: Path, endpoint_url: str, conn: Connection, new_table: Any) -> None:
    items = [plain_document(n) for n in range(130)] + [i for n in range(5) for i in account(n)]
    text = render(items, "json")  # DynoView's plain JSON lines: numbers with every digit
    path = tmp_path / f"items.{'jsonl' if fmt == 'jsonl' else 'json'}"
    path.write_text(text if fmt == "jsonl" else "[\n" + ",\n".join(text.splitlines()) + "\n]\n")
    target = new_table()
    assert _import(path, target, endpoint_url, "--yes", "--format", fmt) == 0
    assert canonical(_scan(conn, target)) == canonical(items)


def test_a_batch_that_would_break_a_lock_is_stopped_whole(
        tmp_path: Path, endpoint_url: str, conn: Connection, new_table: Any,
        capsys: pytest.CaptureFixture[str]) -> None:
    good = [i for n in range(40) for i in account(n)]  # 120 items: batch 1 holds 33 whole accounts
    thief = {**account(99)[0], "email": {"S": "member3@example.com"}}  # takes a held email, no lock
    items = good + [thief] + [document(n) for n in range(5)]
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    target = new_table()
    assert _import(path, target, endpoint_url, "--yes", "--progress-file", str(tmp_path / "p.json")) == 2
    err = capsys.readouterr().err
    assert "would break a uniqueness lock, so nothing of it was written" in err
    written = _scan(conn, target)
    assert canonical(written) == canonical(good[:99])  # batch 1 only: none of batch 2
    progress = json.loads((tmp_path / "p.json").read_text())
    assert (progress["batches"], progress["items"], progress["done"]) == (1, 99, False)


def test_problems_in_the_file_stop_everything_before_a_write(
        tmp_path: Path, endpoint_url: str, conn: Connection, new_table: Any,
        capsys: pytest.CaptureFixture[str]) -> None:
    lines = render([document(n) for n in range(3)], DDB_JSON).splitlines()
    lines.insert(2, '{"Item": {"PK": {"S": "x"}}}')
    path = tmp_path / "items.json"
    path.write_text("\n".join(lines) + "\n")
    target = new_table()
    assert _import(path, target, endpoint_url, "--yes") == 2
    err = capsys.readouterr().err
    assert "item 3 (line 3, column 1): the item has no SK" in err
    assert _scan(conn, target) == []


def test_read_only_refuses_before_anything_is_sent(
        tmp_path: Path, endpoint_url: str, conn: Connection, new_table: Any,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "items.json"
    path.write_text(render([document(1)], DDB_JSON))
    target = new_table()
    assert _import(path, target, endpoint_url, "--yes", "--read-only") == 2
    assert "read-only" in capsys.readouterr().err
    log = ActionLog(tmp_path / "actions.jsonl")
    ro = connect(endpoint_url, read_only=True)
    with pytest.raises(ReadOnlyError):
        run_import(ro, describe_table(conn, target), read_records(path, DDB_JSON), path,
                   schema=article_schema(), has_lock_rules=False, log=log, options=ImportOptions())
    assert not log.path.exists()
    assert _scan(conn, target) == []


def test_speed_mode_is_refused_under_lock_rules_and_batches_otherwise(
        tmp_path: Path, endpoint_url: str, conn: Connection, new_table: Any,
        capsys: pytest.CaptureFixture[str]) -> None:
    locked = tmp_path / "locked.json"
    locked.write_text(render(account(1), DDB_JSON))
    target = new_table()
    assert _import(locked, target, endpoint_url, "--yes", "--speed") == 2
    assert "uniqueness lock rules" in capsys.readouterr().err
    docs = [document(n) for n in range(60)]
    plain = tmp_path / "docs.json"
    plain.write_text(render(docs, DDB_JSON))
    assert _import(plain, target, endpoint_url, "--yes", "--speed", "--rate", "1000") == 0
    assert "BatchWriteItem" in capsys.readouterr().err
    assert canonical(_scan(conn, target)) == canonical(docs)


def test_cancel_stops_between_batches_rate_paces_and_resume_finishes(
        tmp_path: Path, endpoint_url: str, conn: Connection, new_table: Any) -> None:
    import threading
    import time

    from dynoview.core.errors import CancelledError

    docs = [plain_document(n) for n in range(100)]
    path = tmp_path / "docs.json"
    path.write_text(render(docs, DDB_JSON))
    target = new_table()
    info = describe_table(conn, target)
    log = ActionLog(tmp_path / "actions.jsonl")
    cancel = threading.Event()
    seen: list[int] = []

    def progress(p: Any) -> None:
        seen.append(p.items)
        cancel.set()  # the user presses Cancel after the first batch

    options = ImportOptions(max_items=25, progress_path=tmp_path / "p.json")
    with pytest.raises(CancelledError, match="after 25 item"):
        run_import(conn, info, read_records(path, DDB_JSON), path, schema=article_schema(),
                   has_lock_rules=False, log=log, options=options, progress=progress, cancel=cancel)
    assert seen == [25] and len(_scan(conn, target)) == 25
    options = ImportOptions(max_items=25, progress_path=tmp_path / "p.json", resume=True, rate=100)
    started = time.monotonic()
    result = run_import(conn, info, read_records(path, DDB_JSON), path, schema=article_schema(),
                        has_lock_rules=False, log=log, options=options)
    assert time.monotonic() - started >= 0.7  # 75 items at 100 items/s
    assert (result.skipped_items, result.items, result.batches) == (25, 75, 3)
    assert canonical(_scan(conn, target)) == canonical(docs)
    sent = [e for e in log.entries() if (e.get("outcome") or {}).get("status") == "succeeded"]
    assert len(sent) == 4 and all(e["context"]["import"]["table"] == target for e in sent)


REFUSED_AT_121 = {"empty-map-key": {"map": {"M": {"": {"S": "x"}}}},  # (the table's GSI keys email)
                  "empty-gsi-key": {"email": {"S": ""}}}


def _refused_at_121(tmp_path: Path, kind: str) -> tuple[Path, dict[str, Any]]:
    """150 items; item 121 (line 121) is one DynamoDB refuses, in batch 2 of a guarded import."""
    items = [plain_document(n) for n in range(150)]
    items[120] = {**items[120], **REFUSED_AT_121[kind]}
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    return path, items[120]


@pytest.mark.parametrize("mode", [(), ("--speed",)], ids=["transact", "speed"])
@pytest.mark.parametrize("kind", REFUSED_AT_121)
def test_an_item_dynamodb_refuses_stops_the_file_before_anything_is_written(
        kind: str, mode: tuple[str, ...], tmp_path: Path, engine: str, endpoint_url: str,
        conn: Connection, new_table: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the preview said "150 item(s) and no problem in the file", then the import wrote
    100 items (125 with --speed) and stopped with "The transaction has 1 problem and was not sent:
    (Action 21 › Item › ...)", never saying that 100 items were written."""
    target = new_table()
    path, refused = _refused_at_121(tmp_path, kind)
    if engine == "dynamodb-local":  # AWS's own engine refuses the item: the check is not stricter
        with pytest.raises(ClientError) as put:
            conn.client.put_item(TableName=target, Item=refused)
        assert aws_error_code(put.value) == "ValidationException"
    assert _import(path, target, endpoint_url, "--dry-run") == 2
    err = capsys.readouterr().err
    assert "preview: 149 item(s) and 1 problem(s) in the file" in err, err
    assert "problem: item 121 (line 121, column 1): " in err and "Action" not in err
    assert _import(path, target, endpoint_url, "--yes", *mode,
                   "--progress-file", str(tmp_path / "p.json")) == 2
    err = capsys.readouterr().err
    assert "problem: item 121 (line 121, column 1): " in err and "nothing was imported" in err, err
    assert _scan(conn, target) == []


def test_a_batch_refused_when_it_is_sent_stops_at_its_item_with_the_items_written(
        tmp_path: Path, conn: Connection, new_table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An item the check of each item lets through (here: the check as it was before it ran the
    transaction validation's) is refused by the batch's validation when the batch is sent: the
    import stops at that item's line, as an import that stopped (the 100 items written before it
    counted), never as "The transaction has 1 problem and was not sent: (Action 21 ...)"."""
    monkeypatch.setattr(run, "checked_size", lambda record, table: item_size(record.item))
    target = new_table()
    path, _refused = _refused_at_121(tmp_path, "empty-map-key")
    with pytest.raises(ImportStopped) as stopped:
        run_import(conn, describe_table(conn, target), read_records(path, DDB_JSON), path,
                   schema=article_schema(), has_lock_rules=False, log=ActionLog(tmp_path / "a.jsonl"),
                   options=ImportOptions(progress_path=tmp_path / "p.json"))
    exc = stopped.value
    assert exc.message.startswith("Item 121 (line 121, column 1) cannot be imported: map: A map in "
                                  "this value has an empty key"), exc.message
    assert "Nothing of batch 2 (items 101-150) was sent." in exc.message and "Action" not in exc.message
    assert exc.problem is not None and exc.problem.place.line == 121
    assert exc.written == 100 and len(_scan(conn, target)) == 100
    assert json.loads((tmp_path / "p.json").read_text())["items"] == 100
