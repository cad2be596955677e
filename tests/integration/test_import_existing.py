"""`dynoview import` into a table that already holds some of the file's keys. A Put replaces an
item whole (the attributes the file lacks are lost), and neither the dry run nor the run said
that any item would be or was replaced. Now the preview asks the table for the file's keys
(BatchGetItem of the key attributes, through the Reader: a receipt) and says how many exist,
naming the first; ``--skip-existing`` guards each Put with attribute_not_exists and skips (and
counts) the items the table holds, never replacing one; it is refused with ``--speed``."""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.errors import CancelledError
from dynoview.core.imports.existing import ExistingCheck
from dynoview.core.imports.preview import build_preview
from dynoview.core.imports.run import ImportOptions, ImportProgress, run_import
from dynoview.core.imports.source import read_records
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import account

pytestmark = pytest.mark.integration

#: What the table holds before the import: attributes the file's items do not have.
PRECIOUS = {
    "k1": {"PK": {"S": "k1"}, "important": {"S": "precious data"}, "n": {"N": "1"},
           "blob": {"B": b"\x00\xff"}, "tags": {"SS": ["a", "b"]}},
    "k2": {"PK": {"S": "k2"}, "important": {"S": "precious data 2"}},
}
FILE = '{"PK": "k1", "n": 2}\n{"PK": "k2"}\n{"PK": "k3"}\n'


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"existing-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                             KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    conn.client.get_waiter("table_exists").wait(TableName=name, WaiterConfig={"Delay": 0.2})
    for item in PRECIOUS.values():
        conn.client.put_item(TableName=name, Item=item)
    try:
        yield name
    finally:
        conn.client.delete_table(TableName=name)


def _items(conn: Connection, table: str) -> dict[str, dict[str, Any]]:
    return {i["PK"]["S"]: i for i in conn.client.scan(TableName=table, ConsistentRead=True)["Items"]}


def _import(capsys: pytest.CaptureFixture[str], path: Path, table: str, url: str,
            *more: str) -> tuple[int, dict[str, Any], str]:
    code = main(["import", str(path), "--table", table, "--endpoint-url", url, "--json",
                 "--progress-file", str(path.with_suffix(".progress")), *more])
    out = capsys.readouterr()
    return code, json.loads(out.out), out.err


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data.jsonl"
    path.write_text(FILE)
    return path


def test_the_dry_run_says_how_many_keys_exist_and_that_a_put_replaces_them(
        capsys: pytest.CaptureFixture[str], data: Path, endpoint_url: str, conn: Connection,
        table: str) -> None:
    code, document, err = _import(capsys, data, table, endpoint_url, "--dry-run")
    assert code == 0, err
    assert document["status"] == "dry-run"
    assert document["existing"] == 2 and document["preview"]["existing"] == 2
    assert sorted(document["preview"]["existing_check"]["first"]) == ["PK = k1", "PK = k2"]
    assert (f"2 of these keys already exist in {table}: a Put replaces each item whole (attributes "
            "the file does not have are lost)") in err
    assert "--skip-existing skips them instead (checked by 1 BatchGetItem request, " in err
    assert _items(conn, table) == PRECIOUS  # nothing written


def test_the_run_says_it_too_and_replaces_them_as_documented(
        capsys: pytest.CaptureFixture[str], data: Path, endpoint_url: str, conn: Connection,
        table: str) -> None:
    code, document, err = _import(capsys, data, table, endpoint_url, "--yes")
    assert code == 0, err
    assert (document["status"], document["items"], document["existing"]) == ("imported", 3, 2)
    assert document["skipped_existing"] == 0
    assert f"2 of these keys already exist in {table}: a Put replaces each item whole" in err
    assert _items(conn, table)["k1"] == {"PK": {"S": "k1"}, "n": {"N": "2"}}  # replaced whole


def test_skip_existing_keeps_each_existing_item_byte_identical(
        capsys: pytest.CaptureFixture[str], data: Path, endpoint_url: str, conn: Connection,
        table: str) -> None:
    before = {k: conn.client.get_item(TableName=table, Key={"PK": {"S": k}}, ConsistentRead=True)["Item"]
              for k in PRECIOUS}
    code, document, err = _import(capsys, data, table, endpoint_url, "--yes", "--skip-existing")
    assert code == 0, err
    assert (document["items"], document["skipped_existing"], document["existing"]) == (1, 2, 2)
    assert "with --skip-existing each of those items is skipped, never replaced" in err
    assert "1 of 3 items written, 2 skipped (already in the table)" in err  # the progress line
    after = _items(conn, table)
    for key, item in before.items():
        assert after[key] == item  # every attribute, binary and set included, as it was
    assert after["k3"] == {"PK": {"S": "k3"}}


def test_skip_existing_is_refused_with_speed(capsys: pytest.CaptureFixture[str], data: Path,
                                              endpoint_url: str, conn: Connection, table: str) -> None:
    code = main(["import", str(data), "--table", table, "--endpoint-url", endpoint_url, "--yes",
                 "--speed", "--skip-existing", "--progress-file", str(data.with_suffix(".progress"))])
    err = capsys.readouterr().err
    assert code == 2
    assert ("--skip-existing needs TransactWriteItems: it guards each Put with attribute_not_exists "
            "on the key, and BatchWriteItem cannot carry a condition") in err
    assert _items(conn, table) == PRECIOUS


def test_the_check_is_a_key_only_batch_get_with_a_receipt(conn: Connection, table: str,
                                                           data: Path) -> None:
    reader = Reader(conn)
    info = describe_table(conn, table)
    preview = build_preview(read_records(data, "jsonl"), "jsonl", info, whole=True,
                            existing=ExistingCheck(reader, info))
    assert preview.existing is not None and preview.existing.count == 2
    (receipt,) = [r for r in reader.log.receipts() if r.operation == "BatchGetItem"]
    asked = receipt.request["RequestItems"][table]
    assert asked["ProjectionExpression"] == "#n0" and asked["ExpressionAttributeNames"] == {"#n0": "PK"}
    assert len(asked["Keys"]) == 3 and receipt.count == 2


def test_past_its_limit_the_check_says_how_many_keys_it_did_not_read(conn: Connection, table: str,
                                                                      data: Path) -> None:
    """A file of a million items would cost a read of every key before each preview: past the
    limit the preview reads no more and says so, never passing the first keys off as all."""
    reader = Reader(conn)
    info = describe_table(conn, table)
    check = ExistingCheck(reader, info, limit=2)
    preview = build_preview(read_records(data, "jsonl"), "jsonl", info, whole=True, existing=check)
    assert preview.existing is check and (check.checked, check.unchecked) == (2, 1)
    (receipt,) = [r for r in reader.log.receipts() if r.operation == "BatchGetItem"]
    assert len(receipt.request["RequestItems"][table]["Keys"]) == 2
    sentence = check.sentence()
    assert "of the first 2 keys already exist in" in sentence or "None of the first 2 keys" in sentence
    assert "The other 1 item(s) were not checked (the first 2 keys were)" in sentence
    assert check.to_json()["unchecked"] == 1


def test_a_resumed_import_skips_existing_items_too(conn: Connection, tmp_path: Path, table: str) -> None:
    """Stopped after its first batch (Cancel), then resumed: the batches written are skipped by
    their number, the rest still never replace an item the table holds."""
    path = tmp_path / "six.jsonl"
    path.write_text("".join(f'{{"PK": "k{n}", "from": "file"}}\n' for n in (1, 4, 5, 2, 6, 3)))
    info = describe_table(conn, table)
    progress = tmp_path / "six.progress"
    cancel = threading.Event()

    def stop_after_first(_: ImportProgress) -> None:
        cancel.set()

    options = ImportOptions(max_items=2, progress_path=progress, skip_existing=True, fmt="jsonl")
    with pytest.raises(CancelledError):
        run_import(conn, info, read_records(path, "jsonl"), path, schema=None, has_lock_rules=False,
                   log=ActionLog(tmp_path / "log.jsonl"), options=options, total=6,
                   progress=stop_after_first, cancel=cancel)
    assert set(_items(conn, table)) == {"k1", "k2", "k4"}  # batch 1: k1 skipped, k4 written
    result = run_import(conn, info, read_records(path, "jsonl"), path, schema=None,
                        has_lock_rules=False, log=ActionLog(tmp_path / "log.jsonl"),
                        options=ImportOptions(max_items=2, progress_path=progress, resume=True,
                                              skip_existing=True, fmt="jsonl"), total=6)
    assert (result.skipped_items, result.items, result.existing) == (2, 3, 1)  # k2 skipped
    assert f"1 item(s) skipped, already in {table} (none replaced)." in result.summary()
    after = _items(conn, table)
    assert after["k1"] == PRECIOUS["k1"] and after["k2"] == PRECIOUS["k2"]
    assert all(after[k]["from"] == {"S": "file"} for k in ("k3", "k4", "k5", "k6"))


def test_skip_existing_on_a_table_with_lock_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  endpoint_url: str, conn: Connection) -> None:
    """The guarded Puts pass the preflight: an account already there (with its locks) is skipped
    whole, the new one written with its locks."""
    with empty_accounts_table(conn, "existing-locks") as name:
        held = account(1)
        held[0] = {**held[0], "note": {"S": "kept"}}
        for item in held:
            conn.client.put_item(TableName=name, Item=item)
        path = tmp_path / "accounts.json"
        path.write_text(render(account(1) + account(2), DDB_JSON))
        code, document, err = _import(capsys, path, name, endpoint_url, "--yes", "--skip-existing")
        assert code == 0, err
        assert document["lock_rules"] is True
        assert (document["items"], document["skipped_existing"], document["existing"]) == (3, 3, 3)
        stored = conn.client.get_item(TableName=name, Key={k: held[0][k] for k in ("PK", "SK")},
                                      ConsistentRead=True)["Item"]
        assert stored["note"] == {"S": "kept"}
        count = conn.client.scan(TableName=name, Select="COUNT", ConsistentRead=True)["Count"]
        assert count == 6
