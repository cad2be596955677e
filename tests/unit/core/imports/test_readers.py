"""Each reader streams items out of its format and places every problem (line, column)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from dynoview.core.imports import array
from dynoview.core.imports.array import read_array
from dynoview.core.imports.csv_typed import read_csv
from dynoview.core.imports.lines import plain_lines, typed_lines
from dynoview.core.imports.model import Located, Problem, Record
from dynoview.core.imports.source import detect_format, read_records
from dynoview.core.items.export import CSV, DDB_JSON, render
from tests.unit.core.imports.samples import canonical, dataset, document, write_s3_export


def _items(records: list[Record]) -> list[dict]:
    assert all(isinstance(r, Located) for r in records), [r for r in records if isinstance(r, Problem)]
    return [r.item for r in records if isinstance(r, Located)]


# --------------------------------------------------------------------------- JSON lines


def test_plain_lines_keep_every_digit_and_place_a_bad_line() -> None:
    text = (b'{"PK": "a", "n": 12345678901234567890.123456789}\n\n'
            b'{"PK": "b", "n": 1e400}\n'
            b'{"PK": "c", "x": 1.5,}\n'
            b'[1]\n')
    records = list(plain_lines(io.BytesIO(text).readlines()))
    assert isinstance(records[0], Located)
    assert records[0].item["n"] == {"N": "12345678901234567890.123456789"}
    assert records[0].place.line == 1
    assert isinstance(records[1], Problem) and records[1].place.line == 3
    assert records[1].place.column == len('{"PK": "b", ') + 1  # at the attribute "n"
    bad = records[2]
    assert isinstance(bad, Problem) and (bad.place.line, bad.place.index) == (4, 2)
    assert bad.place.column == len('{"PK": "c", "x": 1.5,') + 1 and "not valid JSON" in bad.message
    assert isinstance(records[3], Problem) and "object" in records[3].message


def test_ddb_json_lines_are_exact_inverse_of_the_export() -> None:
    items = [document(n) for n in range(5)]
    text = render(items, DDB_JSON).encode()
    records = list(typed_lines(io.BytesIO(text).readlines()))
    assert canonical(_items(records)) == canonical(items)
    assert [r.place.line for r in records] == [1, 2, 3, 4, 5]


def test_ddb_json_problem_names_the_attribute_and_its_column() -> None:
    line = b'{"Item": {"PK": {"S": "a"}, "n": {"N": 5}}}\n'
    (problem,) = list(typed_lines([line]))
    assert isinstance(problem, Problem)
    assert problem.place.column == line.index(b'"n"') + 1
    assert "quote the number" in problem.message


def test_utf8_bom_and_bad_bytes() -> None:
    records = list(plain_lines([b'\xef\xbb\xbf{"PK": "a"}\n', b'{"PK": "\xff"}\n']))
    assert isinstance(records[0], Located)
    assert isinstance(records[1], Problem) and "UTF-8" in records[1].message
    assert records[1].place.column == 9  # the byte \xff


# --------------------------------------------------------------------------- JSON array


def test_array_is_read_element_by_element_across_tiny_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(array, "CHUNK", 7)  # every element spans several reads
    text = ('[\n  {"PK": "a", "n": 0.1},\n  {"PK": "b",\n   "s": "x\\ny"},\n'
            '  {"Item": {"PK": {"S": "c"}}}\n]\n')
    records = list(read_array(io.StringIO(text)))
    items = _items(records)
    assert [i["PK"] for i in items] == [{"S": "a"}, {"S": "b"}, {"S": "c"}]
    assert items[0]["n"] == {"N": "0.1"}
    assert [(r.place.line, r.place.column) for r in records] == [(2, 3), (3, 3), (5, 3)]


def test_array_problems_are_placed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(array, "CHUNK", 5)
    records = list(read_array(io.StringIO('[{"PK": "a"},\n 7,\n {"PK": "b", "f": 1e999}]')))
    assert isinstance(records[0], Located)
    assert isinstance(records[1], Problem) and (records[1].place.line, records[1].place.column) == (2, 2)
    assert isinstance(records[2], Problem) and records[2].place.line == 3
    broken = list(read_array(io.StringIO('[{"PK": "a"},\n {"PK": "b" "x"}]')))
    assert isinstance(broken[-1], Problem) and broken[-1].place.line == 2
    assert "not valid JSON" in broken[-1].message
    assert isinstance(next(iter(read_array(io.StringIO('{"PK": "a"}')))), Problem)
    assert list(read_array(io.StringIO("[ ]"))) == []
    unclosed = list(read_array(io.StringIO('[{"PK": "a"}')))
    assert isinstance(unclosed[-1], Problem) and "ends inside" in unclosed[-1].message


# --------------------------------------------------------------------------- CSV


def test_csv_is_the_inverse_of_the_export_numbers_binary_and_formulas_included() -> None:
    items = [document(n) for n in range(4)]
    text = render(items, CSV, ["PK", "SK"])
    assert "'=HYPERLINK" in text  # neutralised by the export, restored by the reader
    records = list(read_csv(io.StringIO(text, newline="")))
    assert canonical(_items(records)) == canonical(items)
    assert [r.place.line for r in records] == [2, 4, 6, 8]  # each row spans two lines ("quote")


def test_csv_lists_and_maps_keep_the_types_nested_in_them() -> None:
    """They were written as plain JSON: binary inside came back as a base64 string, a set as a
    list, a map that looked typed ({"S": "x"}) as a string."""
    inner = {"b": {"B": b"\x00\xff"}, "e": {"B": b""}, "ss": {"SS": ["", "=1"]}, "ns": {"NS": ["1E-130"]},
             "bs": {"BS": [b"\x01"]}, "nul": {"NULL": True}, "f": {"BOOL": False}, "s": {"S": ""},
             "n": {"N": "-12345678901234567890123456789012345678"}, "lookalike": {"M": {"S": {"S": "x"}}}}
    item = {"PK": {"S": "a"}, "SK": {"S": "x"}, "m": {"M": {**inner, "l": {"L": list(inner.values())}}},
            "l": {"L": [{"M": inner}, {"L": []}, {"M": {}}]}, "typed": {"M": {"k": {"M": {"N": {"N": "1"}}}}}}
    text = render([item], CSV, ["PK", "SK"])
    assert canonical(_items(list(read_csv(io.StringIO(text, newline=""))))) == canonical([item])


def test_csv_plain_json_lists_and_maps_of_older_exports_still_read() -> None:
    text = 'PK (S),m (M),l (L),bad (M)\na,"{""k"": ""v"", ""n"": 1.50}","[1, null, true, {}]",\n' \
           'b,{},[],"{""x"": {""N"": 5}}"\n'
    old, bad = list(read_csv(io.StringIO(text, newline="")))
    assert isinstance(old, Located) and old.item == {
        "PK": {"S": "a"}, "m": {"M": {"k": {"S": "v"}, "n": {"N": "1.50"}}},
        "l": {"L": [{"N": "1"}, {"NULL": True}, {"BOOL": True}, {"M": {}}]}}
    assert isinstance(bad, Problem) and bad.place.column == 4
    assert bad.message.startswith("bad.x: N values are written as strings"), bad.message


@pytest.mark.parametrize("value", ["'=1+1", "''=1+1", "'@home", "'-x", "'+", "'\t", "'\uff1dx",
                                   "'", "''", "'hello", "=1+1", "-5", "'-5"])
def test_a_value_starting_with_an_apostrophe_survives_the_round_trip(value: str) -> None:
    """The export's ' in front of a formula-like cell is taken off by the reader: so a value that
    itself starts with ' before a formula-like rest ("'=1+1") is given a ' of its own, never read
    back one character short ("=1+1"); it still shows as text in a spreadsheet."""
    item = {"PK": {"S": value}, "SK": {"S": "x"}, f"{value} name": {"S": value}}
    text = render([item], CSV, ["PK", "SK"])
    assert canonical(_items(list(read_csv(io.StringIO(text, newline=""))))) == canonical([item])
    for cell in next(csv.reader(io.StringIO(text, newline=""))):  # the header row
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\uff1d")) or cell == "-5"


def test_csv_rows_that_span_lines_are_placed_at_their_first_line() -> None:
    text = 'PK (S),note (S),n (N)\na,"one\ntwo",1\nb,x,1.2.3\n'
    records = list(read_csv(io.StringIO(text, newline="")))
    assert isinstance(records[0], Located) and records[0].place.line == 2
    assert isinstance(records[1], Problem)
    assert (records[1].place.line, records[1].place.column) == (4, 3)


def test_csv_header_and_cell_problems() -> None:
    (problem,) = list(read_csv(io.StringIO("PK (S),email\n")))
    assert isinstance(problem, Problem) and (problem.place.line, problem.place.column) == (1, 2)
    records = list(read_csv(io.StringIO("PK (S),ok (BOOL),x (S),x (N)\na,yes,,\nb,true,t,1\nc,true\n",
                                        newline="")))
    assert [type(r).__name__ for r in records] == ["Problem", "Problem", "Problem"]
    assert "true or false" in records[0].message and records[0].place.column == 2
    assert "two type columns" in records[1].message
    assert "2 fields" in records[2].message


def test_csv_raw_keeps_the_quote() -> None:
    text = "PK (S),f (S)\na,\"'=1+1\"\n"
    (neutral,) = list(read_csv(io.StringIO(text, newline="")))
    (raw,) = list(read_csv(io.StringIO(text, newline=""), raw=True))
    assert isinstance(neutral, Located) and neutral.item["f"] == {"S": "=1+1"}
    assert isinstance(raw, Located) and raw.item["f"] == {"S": "'=1+1"}


def test_csv_cut_short_in_its_last_cell_is_a_problem_at_that_row() -> None:
    items = [{"PK": {"S": f"P{i}"}, "z": {"S": "last-value-text"}} for i in range(3)]
    text = render(items, CSV, ["PK"])
    assert text.endswith("\n")  # the export ends every row with a line break
    for cut in (1, 3):  # the line break only, or into the last cell ("last-value-te")
        records = list(read_csv(io.StringIO(text[:-cut], newline="")))
        assert [type(r).__name__ for r in records] == ["Located", "Located", "Problem"]
        problem = records[2]
        assert isinstance(problem, Problem) and "no line end" in problem.message
        assert "cut short" in problem.message
        assert (problem.place.index, problem.place.line, problem.place.column) == (2, 4, 2)
    short = "PK (S),z (S)\na,1\nb,2,3"  # a cut row that also has a field too many: the cut is said
    last = list(read_csv(io.StringIO(short, newline="")))[-1]
    assert isinstance(last, Problem) and "no line end" in last.message
    for end in ("\n", "\r\n", "\r"):  # any line end closes the last row
        (ok,) = list(read_csv(io.StringIO("PK (S)\na" + end, newline="")))
        assert isinstance(ok, Located)
    # A hand-made CSV (read raw) often lacks the final line break: its last row is taken.
    records = list(read_csv(io.StringIO(text[:-1], newline=""), raw=True))
    assert [r.item["z"] for r in records if isinstance(r, Located)] == [{"S": "last-value-text"}] * 3


# --------------------------------------------------------------------------- S3 export, detection


def test_s3_export_folder_is_checked_and_read_file_by_file(tmp_path: Path) -> None:
    items = dataset(5, 5)
    folder = write_s3_export(tmp_path, items, files=3)
    records = list(read_records(tmp_path, "s3-export"))
    assert canonical(_items(records)) == canonical(items)
    assert {r.place.file for r in records} == {"part0.json.gz", "part1.json.gz", "part2.json.gz"}
    assert [r.place.index for r in records] == list(range(len(items)))
    data = folder / "data" / "part1.json.gz"
    data.write_bytes(data.read_bytes()[:-3])
    with pytest.raises(Exception, match="corrupted"):
        list(read_records(tmp_path, "s3-export"))


def test_detect_format(tmp_path: Path) -> None:
    cases = {"a.csv": "PK (S)\nx\n", "a.jsonl": '{"PK": "x"}\n', "b.json": '  [{"PK": "x"}]',
             "c.json": '{"Item": {"PK": {"S": "x"}}}\n', "d.txt": '{"PK": "x"}\n'}
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    assert [detect_format(tmp_path / n) for n in cases] == ["csv", "jsonl", "json", "ddb-json", "jsonl"]
    write_s3_export(tmp_path / "exp", dataset(1, 1))
    assert detect_format(tmp_path / "exp") == "s3-export"


def test_lines_named_jsonl_that_hold_dynamodb_json_are_read_as_such(tmp_path: Path) -> None:
    """An S3 export's lines saved as .jsonl: each line {"Item": ...} is DynamoDB JSON, not an
    item without a PK; an item that merely has an attribute named Item stays an item."""
    long_value = "x" * 5000  # a first line longer than what is peeked at
    cases = {"e.jsonl": '{"Item": {"PK": {"S": "x"}}}\n{"Item": {"PK": {"S": "y"}}}\n',
             "f.ndjson": '{"Item": {"PK": {"S": "' + long_value + '"}}}\n',
             "g.jsonl": '{"Item": {"a": 1}, "PK": "x"}\n', "h.jsonl": '{"Item": "text"}\n'}
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    assert [detect_format(tmp_path / n) for n in cases] == ["ddb-json", "ddb-json", "jsonl", "jsonl"]
    assert [r.item["PK"] for r in read_records(tmp_path / "e.jsonl", detect_format(tmp_path / "e.jsonl"))] \
        == [{"S": "x"}, {"S": "y"}]
