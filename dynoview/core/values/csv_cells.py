"""CSV that a spreadsheet reads as data: cells that it would run as formulas are neutralised.

Excel, LibreOffice and Google Sheets run a cell that starts with ``=``, ``+``, ``-`` or ``@``
(or a tab or a carriage return) as a formula: a value from a table such as
``=HYPERLINK("http://evil.example/x","open")`` would become a link, and DDE formulas can run
commands. As OWASP recommends ("CSV Injection"), every such cell, header or value, is written
with a single quote in front and inside double quotes (``"'=HYPERLINK(""http…"")"``): the
spreadsheet shows the text and runs nothing. The full-width forms (``＝ ＋ － ＠``) count too.
A plain decimal number (``-5``, ``-0.5e3``) is left as it is: it is a number, not a formula.

``raw=True`` writes every cell exactly as it is (for a program that reads the CSV back,
never for a spreadsheet): the export dialog's checkbox and ``dynoview export --csv-raw``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import IO

FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_PLAIN_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_NEEDS_QUOTES = re.compile(r'[,"\r\n]')

#: One sentence for the export dialog and ``--help``.
NEUTRALISED_NOTE = ("CSV cells (headers and values) that start with =, +, -, @, a tab or a carriage "
                    "return are written with a ' in front and in quotes, so a spreadsheet shows them "
                    "instead of running them as formulas; plain numbers such as -5 stay numbers.")


def is_formula_like(text: str) -> bool:
    """Whether a spreadsheet could run ``text`` as a formula (plain numbers are not)."""
    return text.startswith(FORMULA_START) and _PLAIN_NUMBER.fullmatch(text) is None


def needs_neutralising(text: str) -> bool:
    """Whether the export puts a ``'`` in front of ``text``: formula-like, or formula-like after
    the ``'`` it starts with (``'=1+1`` becomes ``''=1+1``), so a reader that takes one ``'`` off a
    cell whose rest needs it (``imports.csv_typed``) gets every value back exactly."""
    return is_formula_like(text.lstrip("'"))


def neutralise(text: str) -> str:
    """``text`` with a ``'`` in front when it needs one (the cell must also be quoted:
    ``csv_record`` does both)."""
    return "'" + text if needs_neutralising(text) else text


def _field(text: str, raw: bool) -> str:
    quote = False
    if not raw and needs_neutralising(text):
        text, quote = "'" + text, True
    if quote or _NEEDS_QUOTES.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def csv_record(cells: Iterable[str], *, raw: bool = False) -> str:
    """One CSV line (RFC 4180 quoting, ending in ``\\n``); formula-like cells neutralised unless
    ``raw``."""
    fields = [_field(cell, raw) for cell in cells]
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
