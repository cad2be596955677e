"""The import's pipeline and its view of the table, on moto and DynamoDB Local: a batch judged
while the one before it is still being written sees that batch as written (kept whole in memory
or looked up), and the view's judgement of a batch (the items sharing a form with it) is the
builder's judgement against the whole table."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.imports import batch_write, preflight_view, run
from dynoview.core.imports.preflight_view import TableView, preflight_batch
from dynoview.core.imports.run import ImportOptions, ImportStopped, run_import
from dynoview.core.imports.source import read_records
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.preflight.check import Preflight, run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.model import PUT, Action, Transaction
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import empty_accounts_table
from tests.unit.core.imports.samples import account, canonical, document

pytestmark = pytest.mark.integration


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "pipe") as name:
        yield name


def _scan(conn: Connection, table: str) -> list[dict[str, Any]]:
    return list(conn.client.scan(TableName=table, ConsistentRead=True)["Items"])


def _s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.mark.parametrize("kept", [True, False], ids=["view-kept", "view-dropped"])
def test_a_batch_is_judged_with_the_batch_in_flight_as_written(
        kept: bool, tmp_path: Path, conn: Connection, table: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Batch 2 re-locks batch 1's email for another account: a duplicate only if batch 1 counts,
    and batch 1 is still on its way (each write waits first) when batch 2 is judged."""
    if not kept:
        monkeypatch.setattr(preflight_view, "KEEP_MAX_ITEMS", 0)  # look every value up
    real = run.execute_transaction
    judged: list[int] = []

    def slow_send(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.4)  # batch 2 is judged meanwhile
        judged.append(len(_scan(conn, table)))
        return real(*args, **kwargs)

    monkeypatch.setattr(run, "execute_transaction", slow_send)
    owner = account(1)
    thief = [{**account(99)[0], "email": _s("member1@example.com")},
             {**owner[1], "account": _s("ACCT#00000063")}, account(99)[2]]
    path = tmp_path / "items.json"
    path.write_text(render(owner + thief, DDB_JSON))
    info = describe_table(conn, table)
    options = ImportOptions(max_items=3, progress_path=tmp_path / "p.json")
    with pytest.raises(ImportStopped, match=r"Batch 2 .* would break a uniqueness lock") as stopped:
        run_import(conn, info, read_records(path, DDB_JSON), path, schema=article_schema(),
                   has_lock_rules=True, log=ActionLog(tmp_path / "a.jsonl"), options=options)
    assert stopped.value.batch is not None and stopped.value.batch.number == 1
    assert judged == [0]  # only batch 1 was sent, and the table was empty when it left
    assert canonical(_scan(conn, table)) == canonical(owner)
    progress = json.loads((tmp_path / "p.json").read_text())
    assert (progress["batches"], progress["items"], progress["done"]) == (1, 3, False)


def _verdict(preflight: Preflight) -> tuple[list[str], list[str], list[tuple[str, str, str, str]]]:
    return (sorted(r.message for r in preflight.refusals),
            sorted(w.message for w in preflight.warnings),
            sorted((p.rule, p.value, p.status_before, p.status_after) for p in preflight.pairs))


def test_the_view_judges_a_batch_as_the_whole_table_would(conn: Connection, table: str) -> None:
    seeded = [i for n in range(30) for i in account(n)]
    seeded += [
        {"PK": _s("UNIQ#EMAIL#Member4@Example.com"), "SK": _s("LOCK"), "account": _s("ACCT#x")},
        {"PK": _s("UNIQ#EMAIL#orphan@example.com"), "SK": _s("LOCK"), "account": _s("ACCT#gone")},
        {"PK": _s("ACCT#dup"), "SK": _s("PROFILE"), "email": _s("member5@example.com"),
         "username": _s("dup-handle")},
        {"PK": _s("DOC#1"), "SK": _s("META"), "email": _s("member6@example.com")},
    ]
    for start in range(0, len(seeded), 25):
        conn.client.batch_write_item(RequestItems={table: [{"PutRequest": {"Item": i}}
                                                           for i in seeded[start:start + 25]]})
    info = describe_table(conn, table)
    schema = article_schema()
    candidates = [
        [{**account(40)[0], "email": _s("MEMBER7@example.com")}, *account(40)[1:]],  # case clash
        [{**account(41)[0], "email": _s("memb\u0435r8@example.com")}],  # a Cyrillic lookalike
        [{**account(2)[0], "email": _s("new2@example.com")}],  # leaves its old lock behind
        [{"PK": _s("UNIQ#EMAIL#member5@example.com"), "SK": _s("LOCK"), "account": _s("ACCT#dup")}],
        [{"PK": _s("UNIQ#EMAIL#orphan@example.com"), "SK": _s("LOCK"), "account": _s("ACCT#z")}],
        account(50),  # a whole new account: passes
        [{"PK": _s("DOC#2"), "SK": _s("META")}],  # nothing the schema knows
    ]
    view = TableView(Reader(conn), info, schema)
    for items in candidates:
        tx = Transaction(actions=[Action(kind=PUT, table=table, item=i) for i in items])
        whole = run_preflight(Reader(conn), tx, schema, {table: info})
        assert _verdict(preflight_batch(view, tx)) == _verdict(whole), items
    assert any(_verdict(run_preflight(Reader(conn), Transaction(actions=[
        Action(kind=PUT, table=table, item=i) for i in c]), schema, {table: info}))[0]
        for c in candidates)  # some candidates are refused: the comparison is not of empties


def test_batch_writes_overlap_and_a_failed_one_keeps_the_resume_position_before_it(
        tmp_path: Path, conn: Connection, table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """BatchWriteItem keeps several requests in flight; when batch 2 fails, batches 3 and 4 (sent
    meanwhile) stay written but the progress says 1 batch, and the resume writes the rest exactly."""
    items = [document(n) for n in range(10)]
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    real = batch_write.write_items
    lock, active, most = threading.Lock(), [0], [0]

    def overlapping(*args: Any, context: Any, **kwargs: Any) -> int:
        with lock:
            active[0] += 1
            most[0] = max(most[0], active[0])
        try:
            time.sleep(0.3)  # the next batches are sent meanwhile
            if context["import"]["batch"] == 2:
                raise DynoViewError("DynamoDB refused batch 2", field="import")
            return real(*args, context=context, **kwargs)
        finally:
            with lock:
                active[0] -= 1

    monkeypatch.setattr(batch_write, "write_items", overlapping)
    info = describe_table(conn, table)
    options = ImportOptions(mode=run.BATCH, max_items=2, progress_path=tmp_path / "p.json")
    log = ActionLog(tmp_path / "a.jsonl")
    with pytest.raises(DynoViewError, match="refused batch 2"):
        run_import(conn, info, read_records(path, DDB_JSON), path, schema=None, has_lock_rules=False,
                   log=log, options=options)
    assert most[0] > 1  # requests were in flight together
    progress = json.loads((tmp_path / "p.json").read_text())
    assert (progress["batches"], progress["items"], progress["done"]) == (1, 2, False)
    written = canonical(_scan(conn, table))
    assert canonical(items[:2]) == [i for i in written if i in canonical(items[:2])]
    assert not set(canonical(items[2:4])) & set(written)  # batch 2 was never written

    monkeypatch.setattr(batch_write, "write_items", real)
    result = run_import(conn, info, read_records(path, DDB_JSON), path, schema=None,
                        has_lock_rules=False, log=log,
                        options=ImportOptions(mode=run.BATCH, max_items=2, resume=True,
                                              progress_path=tmp_path / "p.json"))
    assert (result.skipped_batches, result.batches, result.items) == (1, 4, 8)
    assert canonical(_scan(conn, table)) == canonical(items)


def test_with_batch_writes_in_flight_the_files_last_item_of_a_key_still_wins(
        tmp_path: Path, conn: Connection, table: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """DOC#1 is in batch 1 and again, changed, in batch 2; batch 1 is slow on the wire. Batch 2
    waits for it instead of landing first and being overwritten by the older version."""
    first, later = document(1), {**document(1), "formula": _s("the later one")}
    items = [first, document(2), later, document(3)]
    path = tmp_path / "items.json"
    path.write_text(render(items, DDB_JSON))
    real = batch_write.write_items

    def slow_first(*args: Any, context: Any, **kwargs: Any) -> int:
        if context["import"]["batch"] == 1:
            time.sleep(0.6)
        return real(*args, context=context, **kwargs)

    monkeypatch.setattr(batch_write, "write_items", slow_first)
    info = describe_table(conn, table)
    result = run_import(conn, info, read_records(path, DDB_JSON), path, schema=None,
                        has_lock_rules=False, log=ActionLog(tmp_path / "a.jsonl"),
                        options=ImportOptions(mode=run.BATCH, max_items=2,
                                              progress_path=tmp_path / "p.json"))
    assert result.batches == 2
    assert canonical(_scan(conn, table)) == canonical([document(2), later, document(3)])
