"""`dynoview import` of a file edited in place while it is imported (after the preview): the
command stops before an item the preview did not check is written, says how many were written
and to import it again, exit 2, and never counts past the preview's total. Before: "500 of 400
items written", the appended items and a changed value in the table, exit 0. (The core's side:
``test_import_source_changed``.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table
from tests.integration.test_import_items import _scan

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
RATE = 20  # items per second: 5 s a batch of 100


@pytest.fixture
def target(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "changedcli") as name:
        yield name


def _write(path: Path, count: int, *, changed: int | None = None, appended: int = 0) -> None:
    lines = [{"PK": f"DOC#{n:03d}", "SK": "META", "v": "CHANGED" if n == changed else "original"}
             for n in range(count)]
    lines += [{"PK": f"DOC#{n:03d}", "SK": "META", "v": "APPENDED"} for n in range(count, count + appended)]
    text = "".join(json.dumps(line) + "\n" for line in lines)
    with path.open("r+" if path.exists() else "w") as f:  # in place: the same inode
        f.write(text)
        f.truncate()


def _values(conn: Connection, table: str) -> list[str]:
    return [item["v"]["S"] for item in _scan(conn, table)]


def test_the_command_stops_when_the_file_is_edited_in_place_during_the_import(
        tmp_path: Path, endpoint_url: str, conn: Connection, target: str) -> None:
    path = tmp_path / "data.jsonl"
    _write(path, 300)
    progress = tmp_path / "progress.json"
    args = ["import", str(path), "--table", target, "--endpoint-url", endpoint_url, "--yes",
            "--rate", str(RATE), "--preview", "0", "--progress-file", str(progress)]
    child = subprocess.Popen([sys.executable, "-m", "dynoview", *args], cwd=ROOT, env={**os.environ},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while '"batches": 1' not in (progress.read_text() if progress.exists() else "") and \
            time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.02)
    # The third batch is read once the second is sent, which the rate holds until 200 / RATE s
    # after the start: the first batch's write (up to 3 s on a loaded DynamoDB Local) must end
    # well before that, or the whole file is read before the edit below.
    _write(path, 300, changed=299, appended=100)
    _out, err = child.communicate(timeout=120)
    assert child.returncode == 2, err
    said = " ".join(err.split())
    assert "changed after the preview checked it" in said
    assert "import it again from the start" in said
    assert "of 300 items written" in err and "400 of 300" not in err  # never past the preview's count
    values = _values(conn, target)
    assert 100 <= len(values) < 300 and set(values) == {"original"}
    assert f"{len(values):,} item(s) were written before it" in said
