"""Moving items in and out without losing or misreporting any: a CSV keeps empty strings and
empty binary (an empty cell means "no attribute"), and a cancelled import says every item it
wrote and sends nothing once Cancel was pressed (moto)."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.errors import CancelledError
from dynoview.core.imports.csv_typed import read_csv
from dynoview.core.imports.model import Located
from dynoview.core.imports.run import BATCH, TRANSACT, ImportOptions, run_import
from dynoview.core.imports.source import read_records
from dynoview.core.items.export import CSV, DDB_JSON, render
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from tests.helpers import connect, empty_accounts_table
from tests.unit.core.imports.samples import canonical, plain_document


@pytest.mark.parametrize("raw", [False, True])
def test_csv_keeps_empty_strings_and_empty_binary(raw: bool) -> None:
    """An empty S or B used to be written as an empty cell, which reads back as "the item lacks
    the attribute": the import dropped it silently. Apostrophe-only strings stay exact too."""
    items = [{"PK": {"S": "a"}, "SK": {"S": "x"}, "note": {"S": ""}, "blob": {"B": b""}},
             {"PK": {"S": "b"}, "SK": {"S": "x"}, "note": {"S": "'"}, "blob": {"B": b"\x00"}},
             {"PK": {"S": "c"}, "SK": {"S": "x"}, "note": {"S": "''"}},
             {"PK": {"S": "d"}, "SK": {"S": "x"}, "note": {"S": "'=1+1"}, "other": {"S": "kept"}}]
    text = render(items, CSV, ["PK", "SK"], csv_raw=raw)
    records = list(read_csv(io.StringIO(text, newline=""), raw=raw))
    assert all(isinstance(r, Located) for r in records), records
    assert canonical([r.item for r in records if isinstance(r, Located)]) == canonical(items)


def _docs(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "docs.json"
    path.write_text(render([plain_document(i) for i in range(n)], DDB_JSON))
    return path


def _count(conn: Connection, table: str) -> int:
    return int(conn.client.scan(TableName=table, Select="COUNT", ConsistentRead=True)["Count"])


def _run(conn: Connection, table: str, path: Path, tmp_path: Path, mode: str, **kw: Any) -> Any:
    return run_import(conn, describe_table(conn, table), read_records(path, "ddb-json"), path,
                      schema=None, has_lock_rules=False, log=ActionLog(tmp_path / "log.jsonl"),
                      options=ImportOptions(mode=mode, progress_path=tmp_path / "progress.json",
                                            rate=kw.pop("rate", None)), **kw)


def test_a_cancel_with_batches_in_flight_counts_them(moto_endpoint: str, tmp_path: Path) -> None:
    """BatchWriteItem keeps 4 requests in flight: the cancel used to be said before they were
    answered ("cancelled after 25 item(s)" while 100 were in the table)."""
    conn = connect(moto_endpoint)
    with empty_accounts_table(conn, "review") as name:
        cancel = threading.Event()
        with pytest.raises(CancelledError) as info:
            _run(conn, name, _docs(tmp_path, 200), tmp_path, BATCH,
                 progress=lambda _p: cancel.set(), cancel=cancel)
        written = _count(conn, name)
        assert 0 < written < 200
        assert f"cancelled after {written:,} item(s)" in info.value.message


@pytest.mark.parametrize("mode", [TRANSACT, BATCH])
def test_a_cancel_during_the_rate_pause_sends_nothing_more(mode: str, moto_endpoint: str,
                                                           tmp_path: Path) -> None:
    """With a rate, the batch waits before it is sent: Cancel pressed then used to send it
    anyway (the pause ended early, the batch went)."""
    conn = connect(moto_endpoint)
    with empty_accounts_table(conn, "review") as name:
        cancel = threading.Event()
        with pytest.raises(CancelledError) as info:
            _run(conn, name, _docs(tmp_path, 30), tmp_path, mode, rate=1.0,
                 sleep=lambda _s: cancel.set(), cancel=cancel)
        assert _count(conn, name) == 0
        assert "cancelled after 0 item(s)" in info.value.message
