"""A table whose string holds a lone surrogate (DynamoDB Local keeps the ``\\ud800`` a client
sends; moto refuses it) exports: the JSON formats write it as that escape, which reads back to
the same string; CSV, UTF-8 text that cannot hold one, refuses naming the item's key and the
attribute, leaving no file. Before, every export to a file (and CSV to standard output) ended as
"a bug in DynoView: UnicodeEncodeError", exit 3, with a crash report."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.errors import DynoViewError
from dynoview.core.items import export as ex
from dynoview.core.items.clipboard import copy_text
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from tests.helpers import empty_keys_table

pytestmark = [pytest.mark.integration,
              pytest.mark.only_on("dynamodb-local", reason="moto refuses a lone surrogate (500)")]

SURROGATE = "a\ud800b"


@pytest.fixture
def table(conn: Connection, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TableInfo]:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # a crash report stays here
    with empty_keys_table(conn, "surrogate") as info:
        conn.client.put_item(TableName=info.name, Item={"PK": {"S": "ok"}, "SK": {"S": "x"}})
        conn.client.put_item(TableName=info.name,
                             Item={"PK": {"S": "sur"}, "SK": {"S": "x"}, "s": {"S": SURROGATE}})
        yield info


def _export(capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str,
            *argv: str) -> tuple[int, str, str]:
    code = main(["export", "--endpoint-url", endpoint_url, "--table", table, "--segments", "1",
                 *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("fmt", [ex.DDB_JSON, ex.PLAIN_JSON])
def test_json_formats_write_the_escape_and_read_back_the_same_string(
        fmt: str, capsys: pytest.CaptureFixture[str], endpoint_url: str, table: TableInfo,
        tmp_path: Path) -> None:
    path = tmp_path / f"out.{fmt}"
    code, _, err = _export(capsys, endpoint_url, table.name, "--format", fmt, "--output", str(path))
    assert code == 0, err
    text = path.read_bytes().decode("utf-8")  # valid UTF-8 throughout
    assert "\\ud800" in text
    lines = [json.loads(line) for line in text.splitlines()]
    values = [(line["Item"]["s"]["S"] if fmt == ex.DDB_JSON else line["s"])
              for line in lines if "s" in (line["Item"] if fmt == ex.DDB_JSON else line)]
    assert values == [SURROGATE]
    # The same text as standard output, which already escaped it.
    code, out, err = _export(capsys, endpoint_url, table.name, "--format", fmt)
    assert code == 0, err
    assert sorted(out.splitlines()) == sorted(text.splitlines())


@pytest.mark.parametrize("to_file", [True, False], ids=["output", "stdout"])
def test_csv_refuses_naming_the_item_and_attribute(
        to_file: bool, capsys: pytest.CaptureFixture[str], endpoint_url: str, table: TableInfo,
        tmp_path: Path) -> None:
    path = tmp_path / "out.csv"
    code, out, err = _export(capsys, endpoint_url, table.name, "--format", "csv",
                             *(["--output", str(path)] if to_file else []))
    assert (code, out) == (2, ""), err
    assert "PK=sur, SK=x" in err and "attribute s" in err and "ddb-json" in err, err
    assert "\\ud800" in err and "bug" not in err and "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir()] == []  # no file, no partial file, no crash report


def test_the_window_export_and_copy_paths_behave(conn: Connection, table: TableInfo,
                                                 tmp_path: Path) -> None:
    """Export… of a whole table or of the current result, and Copy as CSV, use the same code."""
    items = conn.client.scan(TableName=table.name, ConsistentRead=True)["Items"]
    for fmt in (ex.DDB_JSON, ex.PLAIN_JSON):
        whole, loaded = tmp_path / f"whole.{fmt}", tmp_path / f"loaded.{fmt}"
        ex.export_table_to_file(Reader(conn), table, whole, fmt, segments=1)
        ex.export_items_to_file(items, loaded, fmt, table.key_names, table.name)
        for path in (whole, loaded):
            assert SURROGATE in [v for line in path.read_text(encoding="utf-8").splitlines()
                                 for v in _strings(json.loads(line))]
    for write in (lambda p: ex.export_table_to_file(Reader(conn), table, p, ex.CSV, segments=1),
                  lambda p: ex.export_items_to_file(items, p, ex.CSV, table.key_names, table.name)):
        with pytest.raises(DynoViewError) as refused:
            write(tmp_path / "refused.csv")
        assert refused.value.field == "format" and "PK=sur, SK=x" in refused.value.message
        assert not (tmp_path / "refused.csv").exists()
    with pytest.raises(DynoViewError, match="PK=sur, SK=x"):
        copy_text(items, "csv", table.key_names)
    assert not [p for p in tmp_path.iterdir() if ".partial" in p.name]


def _strings(obj: object) -> Iterator[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _strings(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from _strings(v)
