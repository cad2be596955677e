"""A CSV import resumed with raw CSV cells set the other way is refused: the progress file records
how the stopped import read the file (``csv_raw``), since the rest read the other way would hold
other values (a leading ' kept in some items, taken off in others). A progress file written
before the field existed means the default, raw off. (Before: no field, and the resume wrote
the rest with the other values.)"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.core.imports import resume
from dynoview.core.imports.model import CSV
from dynoview.core.imports.run import ImportOptions, run_import
from dynoview.core.imports.source import read_records
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import empty_accounts_table
from tests.integration.test_import_items import _scan

pytestmark = pytest.mark.integration

ITEMS = 50


@pytest.fixture
def target(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "rawres") as name:
        yield name


def _csv(path: Path, items: int = ITEMS) -> Path:
    rows = "".join(f"DOC#{n:03},META,'=note {n}\n" for n in range(items))
    path.write_text("PK (S),SK (S),note (S)\n" + rows, encoding="utf-8")
    return path


def _run(conn: Connection, table: str, path: Path, tmp_path: Path, *, raw: bool, resume_it: bool,
         cancel_after_first: bool = False, max_items: int | None = 25) -> Any:
    cancel = threading.Event()
    options = ImportOptions(max_items=max_items, progress_path=tmp_path / "progress.json",
                            resume=resume_it, csv_raw=raw)
    return run_import(conn, describe_table(conn, table), read_records(path, CSV, csv_raw=raw), path,
                      schema=article_schema(), has_lock_rules=False,
                      log=ActionLog(tmp_path / "actions.jsonl"), options=options,
                      progress=(lambda _p: cancel.set()) if cancel_after_first else None,
                      cancel=cancel)


def _notes(conn: Connection, table: str) -> set[str]:
    return {item["note"]["S"] for item in _scan(conn, table)}


@pytest.mark.parametrize("first_raw", [True, False])
def test_a_resume_reading_the_csv_the_other_way_is_refused_and_the_same_way_finishes(
        tmp_path: Path, conn: Connection, target: str, first_raw: bool) -> None:
    table = target
    path = _csv(tmp_path / "notes.csv")
    with pytest.raises(CancelledError):
        _run(conn, table, path, tmp_path, raw=first_raw, resume_it=False, cancel_after_first=True)
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert saved["csv_raw"] is first_raw and saved["items"] == 25
    with pytest.raises(DynoViewError) as refused:
        _run(conn, table, path, tmp_path, raw=not first_raw, resume_it=True)
    used = "with" if first_raw else "without"
    assert refused.value.field == "csv_raw"
    assert f"The import that stopped read this CSV {used} --csv-raw" in refused.value.message
    assert f"Resume {used} --csv-raw" in refused.value.message
    assert len(_scan(conn, table)) == 25  # nothing more was written
    result = _run(conn, table, path, tmp_path, raw=first_raw, resume_it=True)
    assert (result.skipped_items, result.items) == (25, 25)
    expected = "'=note" if first_raw else "=note"
    assert _notes(conn, table) == {f"{expected} {n}" for n in range(ITEMS)}  # one way throughout


def test_a_progress_file_without_the_field_means_raw_off(tmp_path: Path, conn: Connection,
                                                          target: str) -> None:
    table = target
    path = _csv(tmp_path / "notes.csv")
    with pytest.raises(CancelledError):
        _run(conn, table, path, tmp_path, raw=False, resume_it=False, cancel_after_first=True)
    progress = tmp_path / "progress.json"
    old = json.loads(progress.read_text())
    del old["csv_raw"]  # as written before the field existed
    progress.write_text(json.dumps(old))
    loaded = resume.load(progress)
    assert loaded is not None and loaded.csv_raw is False
    with pytest.raises(DynoViewError, match="read this CSV without --csv-raw"):
        _run(conn, table, path, tmp_path, raw=True, resume_it=True)
    result = _run(conn, table, path, tmp_path, raw=False, resume_it=True)
    assert (result.skipped_items, result.items) == (25, 25)
    assert _notes(conn, table) == {f"=note {n}" for n in range(ITEMS)}


def test_a_damaged_csv_raw_field_is_a_sentence(tmp_path: Path) -> None:
    data = tmp_path / "notes.csv"
    data.write_text("PK (S)\na\n")
    progress = tmp_path / "progress.json"
    body = resume.Progress(resume.file_identity(data), "t", "http://localhost:1", "batch").to_json()
    progress.write_text(json.dumps({**body, "csv_raw": "false"}))  # never read as true
    with pytest.raises(DynoViewError, match="cannot be read"):
        resume.load(progress)


def test_the_command_line_resume_is_refused_without_the_flag_the_stopped_import_used(
        tmp_path: Path, endpoint_url: str, conn: Connection, target: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    table = target
    path = _csv(tmp_path / "notes.csv", 150)  # two batches as the command line sends them
    progress = tmp_path / "progress.json"
    base = ["import", str(path), "--table", table, "--endpoint-url", endpoint_url, "--yes",
            "--progress-file", str(progress)]
    with pytest.raises(CancelledError):
        _run(conn, table, path, tmp_path, raw=True, resume_it=False, cancel_after_first=True,
             max_items=None)
    capsys.readouterr()
    assert main([*base, "--resume"]) != 0
    assert "The import that stopped read this CSV with --csv-raw" in capsys.readouterr().err
    assert len(_scan(conn, table)) == 100  # nothing more was written
    assert main([*base, "--resume", "--csv-raw"]) == 0
    assert _notes(conn, table) == {f"'=note {n}" for n in range(150)}
