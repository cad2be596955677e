"""A CSV field may be as long as an item can make it (``csv_typed.FIELD_LIMIT``), not only csv's
default 131,072 characters: DynoView's own export of a 140,000-character string was refused as
"field larger than field limit (131072)", at column 1. A field longer than any item can make is
placed at its column and attribute, with the limit; csv's process-wide limit is left as it was."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from dynoview.core.imports.checks import MAX_ITEM_BYTES
from dynoview.core.imports.csv_typed import FIELD_LIMIT, read_csv
from dynoview.core.imports.model import CSV, Located, Problem
from dynoview.core.imports.source import read_records
from dynoview.core.items.export import CSV as EXPORT_CSV
from dynoview.core.items.export import render


def _read(text: str) -> list[Located | Problem]:
    return list(read_csv(io.StringIO(text, newline="")))


def test_an_item_near_400_kb_round_trips(tmp_path: Path) -> None:
    """A long string (with quotes and line breaks: escaped, so longer in the file), a long
    binary (base64: 4/3 longer) and a string set of control characters (JSON escapes)."""
    text = ('say "hi",\n' * 14_000)[:140_000]
    blob = bytes(range(256)) * 1000  # 256,000 bytes: 341,336 characters of base64
    item = {"PK": {"S": "long"}, "SK": {"S": "x"}, "s": {"S": text}, "b": {"B": blob}}
    controls = {"PK": {"S": "set"}, "SK": {"S": "x"},
                "ss": {"SS": [chr(1 + n % 31) * (1 + n // 31) for n in range(31 * 40)]}}
    path = tmp_path / "long.csv"
    path.write_text(render([item, controls], EXPORT_CSV, ["PK", "SK"]), encoding="utf-8", newline="")
    assert max(len(cell) for row in _rows(path) for cell in row) > 131_072  # csv's default
    records = list(read_records(path, CSV))
    assert [r.item for r in records if isinstance(r, Located)] == [item, controls], records


def _rows(path: Path) -> list[list[str]]:
    limit = csv.field_size_limit(1 << 24)
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            return list(csv.reader(handle))
    finally:
        csv.field_size_limit(limit)


def test_the_limit_is_sized_from_the_item_limit() -> None:
    assert MAX_ITEM_BYTES * 4 // 3 < FIELD_LIMIT <= MAX_ITEM_BYTES * 16  # base64, escapes; bounded


def test_the_process_wide_limit_is_left_as_it_was() -> None:
    before = csv.field_size_limit()
    text = "PK (S),s (S)\n" + "".join(f"k{n},{'a' * 200_000}\n" for n in range(3))
    records = read_csv(io.StringIO(text, newline=""))
    first = next(records)
    assert isinstance(first, Located) and len(first.item["s"]["S"]) == 200_000
    assert csv.field_size_limit() == before  # between records too, not only once it is done
    with pytest.raises(csv.Error, match="field larger than field limit"):
        next(csv.reader(io.StringIO("a" * (before + 1))))  # another reader keeps its limit
    assert len([r for r in records if isinstance(r, Located)]) == 2
    assert csv.field_size_limit() == before


@pytest.mark.parametrize("quoted", [False, True])
def test_a_field_too_long_is_placed_at_its_column_and_attribute(quoted: bool) -> None:
    cell = "a" * (FIELD_LIMIT + 1)
    cell = f'"{cell[:-10]}""x""{cell[-10:]}"' if quoted else cell
    text = f"PK (S),SK (S),note (S),n (N)\nok,x,fine,1\nbad,x,{cell},2\nlater,x,y,3\n"
    records = _read(text)
    assert isinstance(records[0], Located)
    problem = records[1]
    assert isinstance(problem, Problem), problem
    assert (problem.place.index, problem.place.line, problem.place.column) == (1, 3, 3)
    assert "column 3 (note (S))" in problem.message and f"{FIELD_LIMIT:,} characters" in problem.message
    assert "quotes are closed" in problem.message


def test_an_unclosed_quote_is_placed_at_its_field() -> None:
    text = 'PK (S),SK (S),note (S)\nk,"x' + ("\n" + "m" * 999) * (FIELD_LIMIT // 1000 + 1)
    (problem,) = _read(text)
    assert isinstance(problem, Problem) and problem.place.column == 2, problem
    assert "(SK (S))" in problem.message


def test_a_header_field_too_long_is_placed() -> None:
    (problem,) = _read("PK (S)," + "h" * (FIELD_LIMIT + 1) + " (S)\n")
    assert isinstance(problem, Problem) and (problem.place.line, problem.place.column) == (1, 2)
    assert "column 2 is longer than" in problem.message
