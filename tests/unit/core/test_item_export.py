"""Items out: the three formats, the CSV header with types, private files written whole."""

from __future__ import annotations

import csv
import io
import json
import stat
from pathlib import Path

import pytest

from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.core.items import export as ex

ITEMS = [
    {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "ada@lovelace.io"},
     "n": {"N": "12345678901234567890.50"}, "b": {"B": b"\x00\xff"}, "tags": {"SS": ["a", "b"]}},
    {"PK": {"S": "ACCT#2"}, "SK": {"S": "PROFILE"}, "email": {"N": "7"}, "ok": {"BOOL": True},
     "gone": {"NULL": True}, "m": {"M": {"x": {"L": [{"N": "1"}]}}}, "f": {"S": "=HYPERLINK(1)"}},
]


def test_ddb_json_lines_are_dynamodb_export_lines_and_round_trip() -> None:
    text = ex.render(ITEMS, ex.DDB_JSON)
    lines = text.splitlines()
    assert json.loads(lines[0])["Item"]["b"] == {"B": "AP8="}
    assert json.loads(lines[0])["Item"]["n"] == {"N": "12345678901234567890.50"}
    assert [ex.item_from_ddb_json_line(line) for line in lines] == ITEMS


def test_plain_json_lines_keep_every_digit() -> None:
    lines = ex.render(ITEMS, ex.PLAIN_JSON).splitlines()
    assert '"n": 12345678901234567890.50' in lines[0]
    assert json.loads(lines[1])["m"] == {"x": [1]}


def test_csv_has_one_column_per_attribute_and_type_keys_first() -> None:
    rows = list(csv.reader(io.StringIO(ex.render(reversed(ITEMS), ex.CSV, ("PK", "SK")))))
    assert rows[0] == ["PK (S)", "SK (S)", "email (N)", "ok (BOOL)", "gone (NULL)", "m (M)", "f (S)",
                       "email (S)", "n (N)", "b (B)", "tags (SS)"]
    second, first = rows[1], rows[2]
    assert second[:7] == ["ACCT#2", "PROFILE", "7", "true", "null", '{"x": {"L": [{"N": "1"}]}}',
                          "'=HYPERLINK(1)"]
    assert second[7:] == ["", "", "", ""]
    assert first[7:] == ["ada@lovelace.io", "12345678901234567890.50", "AP8=", '["a", "b"]']


def test_csv_lists_and_maps_are_dynamodb_json_and_sets_json_arrays() -> None:
    """Plain JSON in L and M cells lost the types inside (binary became text, sets lists)."""
    assert ex.csv_cell({"M": {"b": {"B": b"\x01"}, "s": {"SS": ["z"]}, "e": {"S": ""}}}) == \
        '{"b": {"B": "AQ=="}, "s": {"SS": ["z"]}, "e": {"S": ""}}'
    assert ex.csv_cell({"L": [{"NULL": True}, {"N": "1E+125"}, {"BS": [b"\xff"]}, {"NS": ["2"]}]}) == \
        '[{"NULL": true}, {"N": "1E+125"}, {"BS": ["/w=="]}, {"NS": ["2"]}]'
    assert (ex.csv_cell({"M": {}}), ex.csv_cell({"L": []})) == ("{}", "[]")
    assert ex.csv_cell({"M": {"ü": {"S": "😀"}}}) == '{"ü": {"S": "😀"}}'  # text kept readable
    assert ex.csv_cell({"SS": ["a", "b"]}) == '["a", "b"]'  # the header says SS: no types needed
    assert ex.csv_cell({"NS": ["1E-2", "3"]}) == "[1E-2, 3]"


def test_help_says_which_formats_import_back_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    from dynoview.cli import main

    with pytest.raises(SystemExit):
        main(["export", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert ex.ROUND_TRIP_NOTE in shown
    assert "not an exact copy" in ex.FORMAT_LABELS[ex.PLAIN_JSON]  # the export dialog's choices
    assert "exact copy" in ex.FORMAT_LABELS[ex.CSV] and "exact copy" in ex.FORMAT_LABELS[ex.DDB_JSON]


def test_unknown_format_is_a_sentence() -> None:
    with pytest.raises(DynoViewError, match="Export formats are ddb-json, json, csv"):
        ex.render(ITEMS, "xml")


def test_export_to_file_is_private_and_appears_only_when_complete(tmp_path: Path) -> None:
    path = tmp_path / "out.csv"
    result = ex.export_items_to_file(ITEMS, path, ex.CSV, ("PK", "SK"), table="accounts")
    assert result.items == 2 and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text().startswith("PK (S),SK (S),")
    cancel = __import__("threading").Event()
    cancel.set()
    with pytest.raises(CancelledError):
        ex.export_items_to_file(ITEMS, tmp_path / "never.json", ex.DDB_JSON, cancel=cancel)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]  # no partial file left
    with pytest.raises(DynoViewError, match="does not exist"):
        ex.export_items_to_file(ITEMS, tmp_path / "no" / "x.json", ex.DDB_JSON)


def test_progress_text() -> None:
    p = ex.ExportProgress(50, 200, 3, 1, 4, 1.5, 0.2)
    assert p.fraction == 0.25
    assert p.text() == "50 of about 200 items exported, 1.5 RCU, 1/4 segments done"
    with pytest.raises(DynoViewError, match="between 1 and 64"):
        ex.check_segments(0)


def test_the_summary_says_how_the_scan_read() -> None:
    eventual = ex.ExportResult("accounts", "jsonl", 1200, pages=3, segments=2, consumed_capacity=4.5,
                               duration_s=1.25)
    assert eventual.summary() == ("1,200 items of accounts exported as jsonl by an eventually "
                                  "consistent Scan in 2 segments (3 pages, 4.5 RCU) in 1.2 s.")
    strong = ex.ExportResult("accounts", "csv", 1, pages=1, consistent=True)
    assert "1 item of accounts exported as csv by a strongly consistent Scan in 1 segment (1 page, " \
           "capacity not reported)" in strong.summary()
