"""`dynoview export --output FILE` leaves a file that is already there as it is and says to pass
``--overwrite`` (exit 2); with it the file is replaced, whole, once the export is complete.
Before, an unrelated file was replaced by the export without a word (exit 0): a 30,000-byte
file became a 0-byte export of an empty table."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.items import export as ex
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from tests.helpers import empty_keys_table

pytestmark = pytest.mark.integration

PRECIOUS = "a week of work, not an export\n" * 1000


@pytest.fixture
def table(conn: Connection) -> Iterator[TableInfo]:
    with empty_keys_table(conn, "overwrite") as info:
        conn.client.put_item(TableName=info.name, Item={"PK": {"S": "a"}, "SK": {"S": "b"}})
        yield info


@pytest.fixture
def precious(tmp_path: Path) -> Path:
    path = tmp_path / "precious.json"
    path.write_text(PRECIOUS)
    return path


def _export(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["export", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_an_existing_file_is_refused_and_left_as_it_is(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, table: TableInfo,
        precious: Path) -> None:
    code, out, err = _export(capsys, "--endpoint-url", endpoint_url, "--table", table.name,
                             "--output", str(precious))
    assert (code, out) == (2, ""), err
    assert str(precious) in err and "--overwrite" in err and "Traceback" not in err
    assert precious.read_text() == PRECIOUS
    assert [p.name for p in precious.parent.iterdir()] == [precious.name]  # no partial file


def test_overwrite_replaces_it_with_the_whole_export(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, table: TableInfo,
        precious: Path) -> None:
    code, _, err = _export(capsys, "--endpoint-url", endpoint_url, "--table", table.name,
                           "--output", str(precious), "--overwrite")
    assert code == 0, err
    assert [ex.item_from_ddb_json_line(line) for line in precious.read_text().splitlines()] == \
        [{"PK": {"S": "a"}, "SK": {"S": "b"}}]
    assert os.stat(precious).st_mode & 0o777 == 0o600


def test_overwrite_without_output_is_refused(capsys: pytest.CaptureFixture[str],
                                             endpoint_url: str, table: TableInfo) -> None:
    code, out, err = _export(capsys, "--endpoint-url", endpoint_url, "--table", table.name,
                             "--overwrite")
    assert (code, out) == (2, "") and "--overwrite is for --output" in err


def test_a_file_made_while_the_export_ran_is_left_as_it_is(conn: Connection, table: TableInfo,
                                                           tmp_path: Path) -> None:
    """``replace=False`` looks again just before the export is put in place."""
    path = tmp_path / "late.json"

    def someone_else_writes(_: ex.ExportProgress) -> None:
        if not path.exists():
            path.write_text(PRECIOUS)

    with pytest.raises(ex.OutputExistsError, match="created while the export ran"):
        ex.export_table_to_file(Reader(conn), table, path, ex.DDB_JSON, segments=1,
                                replace=False, progress=someone_else_writes)
    assert path.read_text() == PRECIOUS
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
