"""N key values written differently (``1``, ``1.0``, ``01``, ``10E-1``) are one DynamoDB key: the
preview counts the later ones as repeating an earlier item's key, and the import writes them in
separate batches, so the file's last one wins, guarded or with --speed, on both engines. Before:
compared as text, the dry run said "no problem"; the guarded import then stopped at batch 1 with
the builder's "Action 1 already acts on this item ... Merge the two actions" (exit 2), and with
--speed DynamoDB Local refused the batch ("Provided list of item keys contains duplicates")."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.imports.model import DDB_JSON
from dynoview.core.imports.preview import build_preview
from dynoview.core.imports.source import read_records
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from tests.integration.test_import_items import _scan

pytestmark = pytest.mark.integration

#: One key, four spellings, then another key; "v" says which line was written last.
SPELLINGS = ["1", "1.0", "01", "10E-1"]


@pytest.fixture
def number_table(conn: Connection) -> Iterator[str]:
    """A table keyed on a Number (pk) and a Binary sort key (sk)."""
    name = f"numkey-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                   {"AttributeName": "sk", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "N"},
                              {"AttributeName": "sk", "AttributeType": "B"}])
    conn.client.get_waiter("table_exists").wait(TableName=name)
    yield name
    conn.client.delete_table(TableName=name)


def _file(tmp_path: Path) -> Path:
    lines = [{"Item": {"pk": {"N": n}, "sk": {"B": "AQI="}, "v": {"S": f"line {i + 1}"}}}
             for i, n in enumerate(SPELLINGS)]
    lines.append({"Item": {"pk": {"N": "2"}, "sk": {"B": "AQI="}, "v": {"S": "other"}}})
    path = tmp_path / "numbers.ddb.json"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def _import(path: Path, table: str, url: str, tmp_path: Path, *more: str) -> int:
    return main(["import", str(path), "--table", table, "--endpoint-url", url,
                 "--progress-file", str(tmp_path / f"progress-{uuid.uuid4().hex[:6]}.json"), *more])


def test_the_preview_counts_every_spelling_of_one_number_key_as_repeated(
        tmp_path: Path, endpoint_url: str, conn: Connection, number_table: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    preview = build_preview(read_records(path, DDB_JSON), DDB_JSON, describe_table(conn, number_table),
                            whole=True)
    assert (preview.valid, preview.problem_count, preview.repeated_keys) == (5, 0, 3)
    assert _import(path, number_table, endpoint_url, tmp_path, "--dry-run") == 0
    assert "3 of them repeat an earlier item's key" in capsys.readouterr().err


@pytest.mark.parametrize("speed", [False, True], ids=["guarded", "speed"])
def test_one_number_key_written_differently_is_imported_and_the_last_line_wins(
        tmp_path: Path, endpoint_url: str, conn: Connection, number_table: str, speed: bool,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    code = _import(path, number_table, endpoint_url, tmp_path, "--yes", "--json",
                   *(["--speed"] if speed else []))
    out, err = capsys.readouterr()
    assert code == 0, err
    result = json.loads(out)
    assert result["status"] == "imported" and result["items"] == 5
    assert result["batches"] == len(SPELLINGS)  # never two spellings of one key in a batch
    # (DynamoDB Local answers the number as "1"; moto as the last line spelled it)
    found = {(Decimal(item["pk"]["N"]), bytes(item["sk"]["B"])): item["v"]["S"]
             for item in _scan(conn, number_table)}
    assert found == {(1, b"\x01\x02"): f"line {len(SPELLINGS)}", (2, b"\x01\x02"): "other"}
