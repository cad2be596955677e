"""The character data generated normalisers need to equal ``forms.normalise`` in another
language: taken from Python's own definitions when the code is generated, emitted as numbers.

- Spaces: what ``str.strip()`` removes (``str.isspace``). JavaScript's ``trim()`` differs
  (it strips U+FEFF and keeps U+001C-U+001F and U+0085), so the TypeScript code strips this set.
- Default-ignorables: ``forms.is_ignorable``, removed by the nfkc+casefold normalisation.
- Case folding: the characters whose ``str.casefold()`` differs from ``str.lower()`` (``ß`` ->
  ``ss``, final ``ς`` -> ``σ``, Cherokee small letters to capitals, ...). TypeScript has no
  casefold; folding these first and lowering the rest one character at a time gives Python's
  result (``casefold`` is context-free, so per-character lowering is what it does too).
"""

from __future__ import annotations

import sys
from functools import cache

from dynoview.core.uniqueness.forms import is_ignorable

Ranges = tuple[tuple[int, int], ...]


def _ranges(codes: list[int]) -> Ranges:
    out: list[tuple[int, int]] = []
    for code in codes:
        if out and out[-1][1] == code - 1:
            out[-1] = (out[-1][0], code)
        else:
            out.append((code, code))
    return tuple(out)


def _all_characters() -> range:
    return range(sys.maxunicode + 1)


@cache
def space_ranges() -> Ranges:
    """Code point ranges of the characters ``str.strip()`` removes."""
    return _ranges([c for c in _all_characters() if chr(c).isspace()])


@cache
def ignorable_ranges() -> Ranges:
    """Code point ranges of ``forms.is_ignorable`` (surrogates excluded: never in text)."""
    return _ranges([c for c in _all_characters()
                    if not 0xD800 <= c <= 0xDFFF and is_ignorable(chr(c))])


@cache
def case_fold_exceptions() -> tuple[tuple[int, str], ...]:
    """(code point, its ``casefold()``) where that differs from its ``lower()``."""
    return tuple((c, chr(c).casefold()) for c in _all_characters()
                 if not 0xD800 <= c <= 0xDFFF and chr(c).casefold() != chr(c).lower())


@cache
def sigma_context() -> tuple[Ranges, Ranges]:
    """(case-ignorable, cased and not case-ignorable) code point ranges as this Python's
    ``str.lower()`` reads a capital sigma's neighbours, taken from its own answers: ``cΣ``
    ends final only after a cased ``c`` it does not skip; ``AcΣ`` also after one it skips."""
    ignorable: list[int] = []
    cased: list[int] = []
    for code in _all_characters():
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        if (char + "\u03a3").lower().endswith("\u03c2"):
            cased.append(code)
        elif ("A" + char + "\u03a3").lower().endswith("\u03c2"):
            ignorable.append(code)
    return _ranges(ignorable), _ranges(cased)
