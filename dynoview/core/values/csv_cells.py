"""CSV that a spreadsheet reads as data: cells that it would run as formulas are neutralised.

Excel, LibreOffice and Google Sheets run a cell that starts with ``=``, ``+``, ``-`` or ``@``
(or a tab or a carriage return) as a formula: a value from a table such as
``=HYPERLINK("http://evil.example/x","open")`` would become a link, and DDE formulas can run
commands. As OWASP recommends ("CSV Injection"), every such cell, header or value, is written
with a single quote in front and inside double quotes (``"'=HYPERLINK(""http…"")"``): the
spreadsheet shows the text and runs nothing. The full-width forms (``＝ ＋ － ＠``) count too.
A plain decimal number (``-5``, ``-0.5e3``) is left as it is: it is a number, not a formula.

A spreadsheet may also split a row on ``;`` (Excel and LibreOffice where the list separator is
``;``: de-DE, fr-FR) or on tabs (a paste of Copy as CSV), and such a split ignores quotes that
do not open a field: ``a,"x;=cmd"`` becomes ``a,"x`` and ``=cmd"``. So what follows a ``;``, a
tab or a line break inside a cell is neutralised the same way (``x;'=cmd``), and a cell holding
one is quoted. Such a split also runs a row's first cell on into the next ones (``-1,&cmd|...``
is one cell): a plain number is left as it is only where it is a cell of its own, so first in a
row of several cells it gets its ``'`` too. ``restore`` takes every such ``'`` off again, so
values round-trip exactly.

``raw=True`` writes every cell exactly as it is (for a program that reads the CSV back,
never for a spreadsheet): the export dialog's checkbox and ``dynoview export --csv-raw``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import IO

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_PLAIN_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
# Where a spreadsheet may start a cell inside one of ours (the split above); ``"`` to quote.
_PIECES = re.compile(r"([;\t\r\n])")
_NEEDS_QUOTES = re.compile(r'[,;"\t\r\n]')

#: One sentence for the export dialog and ``--help``.
NEUTRALISED_NOTE = ("CSV cells (headers and values) that start with =, +, -, @, a tab or a carriage "
                    "return are written with a ' in front and in quotes, so a spreadsheet shows them "
                    "instead of running them as formulas; plain numbers such as -5 stay numbers "
                    "(but first in a row). The same holds after a ;, a tab or a line break inside "
                    "a cell, where a spreadsheet may split it.")


def is_formula_like(text: str) -> bool:
    """Whether a spreadsheet could run ``text`` as a formula (plain numbers are not)."""
    return text.startswith(FORMULA_START) and _PLAIN_NUMBER.fullmatch(text) is None


def needs_neutralising(text: str) -> bool:
    """Whether the export puts a ``'`` in front of ``text``: formula-like, or formula-like after
    the ``'`` it starts with (``'=1+1`` becomes ``''=1+1``), so a reader that takes one ``'`` off a
    cell whose rest needs it (``imports.csv_typed``) gets every value back exactly."""
    return is_formula_like(text.lstrip("'"))


def _runs_on(text: str) -> bool:
    """Whether a ``'`` goes in front of a cell a split runs on past (a row's first of several):
    any formula start, plain numbers too; like ``needs_neutralising``, the same with a ``'`` more."""
    return text.lstrip("'").startswith(FORMULA_START)


def _piece_needs(text: str) -> bool:
    """The same for a part after a separator (which runs on past the cell: ``-5",next``), also
    behind ``"`` (written ``""``, which such a split reads as an empty quoted text)."""
    return _runs_on(text.lstrip("'\""))


def _prefixed(text: str, needs: Callable[[str], bool]) -> str:
    return "'" + text if needs(text) else text


def _unprefixed(text: str, needs: Callable[[str], bool]) -> str:
    return text[1:] if text.startswith("'") and needs(text[1:]) else text


def neutralise(text: str, *, runs_on: bool = False) -> str:
    """``text`` with a ``'`` in front when it needs one (``runs_on``: the first cell of a row of
    several), and one after each ``;``, tab or line break whose rest starts as a formula does
    (the cell must also be quoted: ``csv_record`` does both)."""
    pieces = _PIECES.split(text)  # [piece, separator, piece, ...]: separators are never changed
    if len(pieces) > 1:
        pieces[2::2] = [_prefixed(piece, _piece_needs) for piece in pieces[2::2]]
        text = "".join(pieces)
    return _prefixed(text, _runs_on if runs_on else needs_neutralising)


def restore(text: str, *, runs_on: bool = False) -> str:
    """The inverse of ``neutralise``: the value a neutralised cell holds."""
    text = _unprefixed(text, _runs_on if runs_on else needs_neutralising)
    pieces = _PIECES.split(text)
    if len(pieces) == 1:
        return text
    pieces[2::2] = [_unprefixed(piece, _piece_needs) for piece in pieces[2::2]]
    return "".join(pieces)


def _field(text: str, raw: bool, runs_on: bool = False) -> str:
    quote = False
    if not raw:
        neutral = neutralise(text, runs_on=runs_on)
        text, quote = neutral, neutral != text
    if quote or _NEEDS_QUOTES.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_record(cells: Iterable[str], *, raw: bool = False) -> str:
    """One CSV line (RFC 4180 quoting, ending in ``\\n``); formula-like cells neutralised unless
    ``raw``."""
    texts = list(cells)
    fields = [_field(cell, raw, number == 0 and len(texts) > 1) for number, cell in enumerate(texts)]
    if fields == [""]:
        fields = ['""']  # a lone empty cell, not an empty line
    return ",".join(fields) + "\n"


class CsvWriter:
    """``csv.writer``'s ``writerow`` over a text stream, with the neutralising above."""

    def __init__(self, out: IO[str], *, raw: bool = False) -> None:
        self.out = out
        self.raw = raw

    def writerow(self, cells: Iterable[str]) -> None:
        self.out.write(csv_record(cells, raw=self.raw))
