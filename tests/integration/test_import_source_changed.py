"""A file changed while it is imported (after the preview checked it) stops the import before an
item the preview did not check is written, saying how many were written (each as checked) and to
import it again. Before: the write pass read the file as it was then: "500 of 400 items written",
the appended items and a changed value in the table, exit 0."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.imports.model import JSONL, Located
from dynoview.core.imports.run import ImportOptions, run_import
from dynoview.core.imports.source import SourceChanged, SourceWatch, read_records
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import empty_accounts_table
from tests.integration.test_import_source_changed_cli import _values, _write

pytestmark = pytest.mark.integration


@pytest.fixture
def target(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "changed") as name:
        yield name


def test_the_write_pass_stops_before_an_item_of_the_changed_file(
        tmp_path: Path, conn: Connection, target: str) -> None:
    path = tmp_path / "data.jsonl"
    _write(path, 100)
    watch = SourceWatch(path)
    checked = [r for r in watch.checking(read_records(path, JSONL)) if isinstance(r, Located)]
    assert len(checked) == 100

    def edit_after_the_first_batch(_progress: Any) -> None:
        if not path.read_text().count("APPENDED"):
            _write(path, 100, changed=99, appended=50)
            info = path.stat()  # (a change a coarse clock could hide, made visible)
            os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))

    options = ImportOptions(max_items=25, progress_path=tmp_path / "progress.json")
    with pytest.raises(SourceChanged) as stopped:
        run_import(conn, describe_table(conn, target), watch.writing(read_records(path, JSONL)), path,
                   schema=article_schema(), has_lock_rules=False,
                   log=ActionLog(tmp_path / "actions.jsonl"), options=options,
                   progress=edit_after_the_first_batch, total=len(checked))
    values = _values(conn, target)
    written = stopped.value.written
    assert 25 <= written < 100 and len(values) == written
    assert set(values) == {"original"}  # nothing the preview did not check
    assert f"{written:,} item(s) were written before it, each as the preview checked it" in \
        stopped.value.message
    assert "its size went from" in stopped.value.message
