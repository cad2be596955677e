"""A formula after a ``;``, a tab or a line break inside a cell is neutralised too.

A spreadsheet where the list separator is ``;`` (de-DE, fr-FR) splits DynoView's CSV on ``;``,
and a paste of Copy as CSV may be split on tabs; such a split ignores a quote that does not open
a field, so ``a,"x;=cmd"`` gave the cell ``=cmd"``. Each part after a separator gets the ``'`` a
cell would, every cell holding a separator is quoted, and the CSV import takes each ``'`` off
again: values round-trip exactly.
"""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.core.imports.csv_typed import read_csv
from dynoview.core.imports.model import Located
from dynoview.core.items.clipboard import CSV as CLIP_CSV
from dynoview.core.items.clipboard import copy_text
from dynoview.core.items.export import CSV, render
from dynoview.core.values.csv_cells import csv_record, is_formula_like, neutralise, restore

DDE = "=cmd|' /C calc'!A0"
SEPARATORS = [";", "\t", "\n", "\r\n", "\r"]
SPLITS = [",", ";", "\t"]  # what a spreadsheet may split a row on


def _cells(text: str, delimiter: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter) for cell in row]


def _runnable(text: str) -> list[str]:
    """The cells a spreadsheet would run, however it splits the rows (a cell such as ``\t"``,
    what a ``;`` split leaves of ``"x;\t"``, starts with a tab but holds no formula)."""
    return [cell for split in SPLITS for cell in _cells(text, split)
            if is_formula_like(cell.lstrip("\t\r\n"))]


@pytest.mark.parametrize("separator", SEPARATORS)
@pytest.mark.parametrize("formula", [DDE, "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1)", "\uff1d1+1",
                                     "\t=1+1", "-5"])
def test_a_formula_after_a_separator_is_neutralised_and_quoted(separator: str, formula: str) -> None:
    value = f"x{separator}{formula}"
    line = csv_record(["a", "x", value])
    assert line.startswith('a,x,"') and line.endswith('"\n')  # quoted
    assert _runnable(line) == [], line
    assert _cells(line, ",")[2] == neutralise(value) != value
    assert restore(neutralise(value)) == value


@pytest.mark.parametrize("value", ["a;b", "a\tb", "x;5", "x; -5", "a;;b", ";", "a\t"])
def test_a_cell_with_a_separator_is_quoted_and_kept_as_it_is(value: str) -> None:
    """Nothing formula-like after the separator: no ', but quotes. (A plain number such as -5 is
    neutralised there: the spreadsheet's cell runs on past it, -5",next, and is no number.)"""
    assert csv_record([value, "b"]) == '"' + value + '",b\n'
    assert csv_record([value, "b"], raw=True) == '"' + value + '",b\n'


@pytest.mark.parametrize("value", ["x;'=1", "x;''=1", "x\t'@a", "';'=1", "'=1;'=1", "x;'", ";'-",
                                   "'\t'=1+1", "\t'=1", "a\r\n'+b", "a\r'+b\n''-c", 'x;"=1', "x;'\"=1",
                                   'x;"\'"=1'])
def test_a_quote_of_the_value_itself_is_kept(value: str) -> None:
    """A value whose part already starts with ' before a formula-like rest gets a ' of its own."""
    assert restore(neutralise(value)) == value
    assert _runnable(csv_record([value])) == []


def test_a_quote_after_a_separator_does_not_hide_a_formula() -> None:
    """``x;"=cmd`` is written ``"x;""=cmd"``: a ``;`` split reads ``""=cmd"`` as an empty quoted
    text, then ``=cmd``; the ``'`` goes before the quotes."""
    line = csv_record(["a", 'x;"' + DDE])
    assert line == 'a,"x;\'""' + DDE.replace('"', '""') + '"\n'
    assert _runnable(line) == []


def test_a_rows_first_cell_is_a_number_only_on_its_own() -> None:
    """A ``;`` or tab split runs the first cell on into the next (``-1,&cmd|...`` is one cell), so
    there a plain number gets its ``'``; alone in its row, or in another column, it stays."""
    assert csv_record(["-1", "&cmd|' /C calc'!A0"]) == "\"'-1\",&cmd|' /C calc'!A0\n"
    assert csv_record(["-5"]) == "-5\n" and csv_record(["k", "-5"]) == "k,-5\n"
    assert csv_record(["-1", "x"], raw=True) == "-1,x\n"
    items = [{"PK": {"N": "-1"}, "SK": {"S": "&cmd|' /C calc'!A0"}, "n": {"N": "-5"}},
             {"PK": {"N": "2"}, "SK": {"S": "'-1"}}]
    text = render(items, CSV, ["PK", "SK"])
    assert _runnable(text) == [], text
    assert [r.item for r in read_csv(io.StringIO(text, newline="")) if isinstance(r, Located)] == items


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="=+-@'; \t\r\nx5\uff1d", max_size=12))
def test_neutralise_round_trips_and_leaves_nothing_runnable(value: str) -> None:
    assert restore(neutralise(value)) == value
    assert restore(neutralise(value, runs_on=True), runs_on=True) == value
    assert _runnable(csv_record(["k", value]) + csv_record([value, "k"]) + csv_record([value])) == []


def test_the_repro_values_through_the_export_and_back() -> None:
    items = [{"PK": {"S": key}, "SK": {"S": "x"}, "note": {"S": note}}
             for key, note in (("a", "x;" + DDE), ("b", "x\t" + DDE), ("c", DDE), ("d", "x\n" + DDE),
                               ("e", "x;'" + DDE))]
    items.append({"PK": {"S": "f"}, "SK": {"S": "x"}, f"n;{DDE}": {"L": [{"S": "y;" + DDE}]}})
    text = render(items, CSV, ["PK", "SK"])
    assert _runnable(text) == [], text
    assert _runnable(copy_text(items, CLIP_CSV, ("PK", "SK"))) == []  # Copy as CSV, pasted
    records = list(read_csv(io.StringIO(text, newline="")))
    assert [r.item for r in records if isinstance(r, Located)] == items
