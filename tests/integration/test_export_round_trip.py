"""A CSV export imported into an empty table gives the same items, types nested in maps and lists
included (moto and DynamoDB Local). CSV used to write lists and maps as plain JSON: binary inside
came back as a base64 string, a string set as a list, with no problem said at the preview."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.items.export import CSV, export_table_to_file
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.demo.backend import create_accounts_table
from tests.unit.core.imports.samples import canonical

pytestmark = pytest.mark.integration

BIG = "12345678901234567890123456789012345678"  # 38 digits: any float would lose some
_EVERY_TYPE: dict[str, Any] = {
    "b": {"B": b"\x00\xff\x01"}, "empty_b": {"B": b""}, "ss": {"SS": ["", "z", "=1+1", "'"]},
    "ns": {"NS": ["1", "1E-130", BIG]}, "bs": {"BS": [b"\x00", b"\x01\x02"]}, "nul": {"NULL": True},
    "t": {"BOOL": True}, "f": {"BOOL": False}, "empty_s": {"S": ""}, "big": {"N": BIG},
    "huge": {"N": "-9.9999999999999999999999999999999999999E+125"}, "num_text": {"S": "42"},
    "null_text": {"S": "null"}, "empty_m": {"M": {}}, "empty_l": {"L": []},
}
ITEM: dict[str, Any] = {
    "PK": {"S": "DOC#nested"}, "SK": {"S": "META"},
    "m": {"M": {**_EVERY_TYPE,
                # As plain JSON ({"S": "x"}) this map would read back as the string "x".
                "looks_typed": {"M": {"S": {"S": "x"}}},
                "deep": {"L": [{"M": {"b": {"B": b"\x01"}, "l": {"L": [{"SS": ["a"]}, {"NULL": True}]}}}]}}},
    "l": {"L": [*_EVERY_TYPE.values(), {"M": {"N": {"S": "5"}}}]},
    "lookalike": {"M": {"a": {"M": {"BOOL": {"BOOL": True}}}}},  # every value a one-key type map
    "bs_top": {"BS": [b"\xfe"]}, "ns_top": {"NS": ["0.1", BIG]}, "ss_top": {"SS": ["", "-x"]},
}


@pytest.fixture
def tables(conn: Connection) -> Iterator[tuple[str, str]]:
    """A source table holding ITEM and an empty target table."""
    source, target = (f"roundtrip-{uuid.uuid4().hex[:8]}" for _ in range(2))
    for name in (source, target):
        create_accounts_table(conn, name)
    conn.client.put_item(TableName=source, Item=ITEM)
    yield source, target
    for name in (source, target):
        conn.client.delete_table(TableName=name)


def _items(conn: Connection, table: str) -> list[dict[str, Any]]:
    return list(conn.client.scan(TableName=table, ConsistentRead=True)["Items"])


@pytest.mark.parametrize("how", ["core", "cli", "cli --csv-raw"])
def test_a_csv_export_imports_back_exactly_nested_types_included(
        how: str, tmp_path: Path, endpoint_url: str, conn: Connection,
        tables: tuple[str, str]) -> None:
    source, target = tables
    path = tmp_path / "items.csv"
    raw = ["--csv-raw"] if how.endswith("--csv-raw") else []
    if how == "core":
        export_table_to_file(Reader(conn), describe_table(conn, source), path, CSV)
    else:
        assert main(["export", "--table", source, "--endpoint-url", endpoint_url, "--format", CSV,
                     "--output", str(path), *raw]) == 0
    assert main(["import", str(path), "--table", target, "--endpoint-url", endpoint_url,
                 "--format", CSV, "--yes", *raw]) == 0
    (copied,) = _items(conn, target)
    assert copied["m"]["M"]["b"] == {"B": b"\x00\xff\x01"}  # was {"S": "AP8B"}
    assert copied["m"]["M"]["ss"]["SS"]  # was an L of S
    assert canonical([copied]) == canonical(_items(conn, source)) == canonical([ITEM])
