"""How values are compared (``uniqueness.forms``), as SQL: normalisations, clash and lookalike keys.

**DuckDB** computes them with ``forms``' own functions, registered on its connection as Python
UDFs (``register``), so its keys are the live audit's exactly. Values in ASCII (nearly all of a
table) take SQL's ``lower`` and ``trim`` instead, which equal Python's there (``forms`` has the
same fast path), so the UDFs only run on the rest.

**Athena** (Trino) cannot run Python: its expressions are generated from ``forms``' data and
Python's own Unicode tables, step for step as ``forms`` computes the keys:

- NFKC and NFD are Trino's ``normalize``;
- case folding is Trino's ``lower`` (the simple mapping, code point by code point) corrected
  into ``str.casefold``'s full folding (``ß`` -> ``ss``, ``ς`` -> ``σ``, Cherokee, Greek with
  iota subscript, ``İ`` -> ``i̇``): the corrections (``fold_tables``) come from comparing the
  two over every code point;
- default-ignorable characters are removed with one regex class built from
  ``forms.is_ignorable``; trimming removes what ``str.isspace`` calls whitespace;
- the lowercase normalisations are ``str.lower`` itself: SQL's ``lower`` with its two
  differences (``İ``, a word-final ``Σ``) fixed;
- the lookalike key maps characters through ``forms``' prototypes, limited to the ones a clash
  key can hold (``forms.skeleton_prototypes``, about 20 KB), given to ``split_to_map`` as one
  string (older Trino refuses an ``ARRAY[...]`` of more than 254 elements). A statement stays
  far below Athena's 256 KB;
- the skeleton's redundant dots above (``İ`` folds to ``i`` + U+0307) go with one
  ``regexp_replace`` of ``forms.redundant_dot_pattern`` (classes of the characters themselves),
  and its whitespace is tidied with another (each run of ``str.isspace`` characters one space)
  and ``strip``; a form is odd (``forms.is_odd``: it can start a lookalike clash) when it is
  outside ASCII or that tidying changes it. ASCII values without whitespace (one ``strpos``
  per whitespace character) skip both regexes.

Where Athena cannot match Python exactly: its Unicode tables are the JVM's (NFKC, ``lower``,
code point categories) and Python's are its own version's (3.11: Unicode 14). A character
assigned by one version and not the other may normalise, fold or count as ignorable
differently, and a lookalike clash whose members differ only there may be missed or added.
The twin (``ATHENA_TWIN``) runs these same expressions on DuckDB, whose ``lower`` is utf8proc's
and whose ``normalize`` is Python's (registered under Trino's name): the tests compare it with
``forms`` over every code point, which checks the generated corrections and tables, not Java.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable, Mapping
from functools import cache, partial
from itertools import compress, repeat
from operator import eq, ne
from typing import TYPE_CHECKING, Any

from dynoview.core.exports.sql import ATHENA_TWIN, DUCKDB, Dialect, literal
from dynoview.core.uniqueness import forms
from dynoview.core.uniqueness.forms import (
    NORMALISATIONS,
    NORMALISE_LOWER,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    trims,
)

if TYPE_CHECKING:
    from duckdb import DuckDBPyConnection

# DuckDB: forms' functions under these names (dynoview_clash_key(value, trim) and so on).
UDF_NORMALISE = "dynoview_normalise"
UDF_CLASH_KEY = "dynoview_clash_key"
UDF_LOOKALIKE_KEY = "dynoview_lookalike_key"
UDFS: dict[str, tuple[Callable[[str, Any], str], str]] = {
    UDF_NORMALISE: (forms.normalise, "VARCHAR"),  # (value, mode)
    UDF_CLASH_KEY: (forms.clash_key, "BOOLEAN"),  # (form, trim)
    UDF_LOOKALIKE_KEY: (forms.lookalike_key, "BOOLEAN"),  # (form, trim)
}

# Python's str.lower() differs from SQL's simple case mapping in exactly two ways (checked over
# every code point in tests/unit/core/test_audit_sql.py): U+0130 lower-cases to "i" + U+0307,
# and a word-final capital sigma becomes "ς". Case-ignorable marks may stand between letters.
_CASE_IGNORABLE = r"\p{Mn}\p{Me}\p{Cf}\p{Lm}\p{Sk}'.:·’"
_CASED = r"\p{Lu}\p{Ll}\p{Lt}"
SIGMA_PATTERN = f"([{_CASED}][{_CASE_IGNORABLE}]*)Σ([{_CASE_IGNORABLE}]*)([^{_CASED}{_CASE_IGNORABLE}]|$)"
_DOTTED_I = "\u0130"
# split_to_map's delimiters: the first pair that occurs in no key or value of the table.
_DELIMITERS = (("\n", "\t"), ("\x1e", "\x1f"), ("\x1c", "\x1d"))


@cache
def _all_chars() -> str:
    """Every code point but NUL and the surrogates, in order, as one string (C loops walk it)."""
    return "".join(map(chr, range(1, 0xD800))) + "".join(map(chr, range(0xE000, sys.maxunicode + 1)))


def _each(transform: Callable[[str], str]) -> list[str]:
    """``transform`` of every character, one at a time, computed over the whole string at once:
    NUL between the characters keeps them apart (it is no letter, so a sigma before it is not
    word-final; it is a starter, so nothing composes or reorders across it)."""
    out = transform("\x00".join(_all_chars())).split("\x00")
    if len(out) != len(_all_chars()):
        raise ValueError("A transformation produced NUL: characters could not be kept apart.")
    return out


# --------------------------------------------------------------------------- data from Python


@cache
def py_whitespace() -> tuple[int, ...]:
    """The code points ``str.strip()`` removes (``str.isspace()``; re's ``\\s`` is the same)."""
    return tuple(map(ord, re.findall(r"\s", _all_chars())))


@cache
def ignorable_class() -> str:
    """A regex character class of every character ``forms.is_ignorable`` holds (ranges of
    the characters themselves: no escapes, which the two regex engines spell differently)."""
    ranges: list[tuple[str, str]] = []
    for char in filter(forms.is_ignorable, _all_chars()):
        if ranges and ord(ranges[-1][1]) == ord(char) - 1:
            ranges[-1] = (ranges[-1][0], char)
        else:
            ranges.append((char, char))
    if any(start.isascii() for start, _ in ranges):
        raise ValueError("An ASCII default-ignorable would need escaping in a regex class.")
    return "[" + "".join(a if a == b else f"{a}-{b}" for a, b in ranges) + "]"


def simple_lower(char: str) -> str:
    """SQL's lower() of one character: the simple case mapping (Python's full mapping differs
    only where it gives more than one character, U+0130, whose simple mapping is its first)."""
    low = char.lower()
    return low if len(low) == 1 else low[0]


@cache
def fold_tables() -> tuple[dict[str, str], dict[str, str]]:
    """(before, after): the characters replaced before SQL's lower() and after it, so that the
    three steps give ``str.casefold()`` on every character of an NFKC text.

    After lower() a character stands for every character lowering to it; where those fold
    alike, the fold is applied after. Where they do not (``I`` and ``İ`` both lower to ``i``),
    the ones folding unlike the lowered character are replaced before."""
    chars = _all_chars()
    stable = map(eq, _each(partial(unicodedata.normalize, "NFKC")), chars)
    lowers, folds = _each(str.lower), _each(str.casefold)
    groups: dict[str, dict[str, str]] = {}
    # Only characters whose fold is not their simple lower-case mapping, and those sharing
    # that mapping, matter.
    odd = set(compress(range(len(chars)), map(ne, lowers, folds)))
    odd.update(compress(range(len(chars)), map(ne, map(len, lowers), repeat(1))))
    odd_lows = {lowers[i][:1] for i in odd}
    for i in compress(range(len(chars)), stable):
        low = lowers[i][:1]
        if i in odd or low in odd_lows:
            groups.setdefault(low, {})[chars[i]] = folds[i]
    before: dict[str, str] = {}
    after: dict[str, str] = {}
    for low, members in groups.items():
        common = low.casefold() if len(set(members.values())) > 1 else next(iter(members.values()))
        before.update((c, f) for c, f in members.items() if f != common)
        if common != low:
            after[low] = common
    return before, after


# --------------------------------------------------------------------------- SQL pieces


def strip(expr: str) -> str:
    """``str.strip()`` exactly: every code point Python counts as whitespace."""
    return f"trim({expr}, {' || '.join(f'chr({c})' for c in py_whitespace())})"


def py_lower(d: Dialect, expr: str) -> str:
    """``str.lower()`` exactly: SQL's lower() for ASCII, the two Unicode exceptions fixed."""
    dotted = f"replace({expr}, {literal(_DOTTED_I)}, {literal(_DOTTED_I.lower())})"
    full = f"lower({d.replace_all(dotted, SIGMA_PATTERN, '$1ς$2$3')})"
    return f"(CASE WHEN {d.is_ascii(expr)} THEN lower({expr}) ELSE {full} END)"


def replace_chain(expr: str, table: Mapping[str, str]) -> str:
    """Each key of ``table`` replaced by its value, as nested ``replace`` calls: the same as
    one pass over the characters when no value holds a key (checked)."""
    for source, target in table.items():
        if any(key in target for key in table):
            raise ValueError(f"The replacement {target!r} of {source!r} holds a character that is "
                             "replaced too: nested replace() would not map each character once.")
        expr = f"replace({expr}, {literal(source)}, {literal(target)})"
    return expr


def string_map(table: Mapping[str, str]) -> str:
    """A map<varchar, varchar> of ``table`` as ``split_to_map`` over one literal."""
    text = "".join(table) + "".join(table.values())
    entries, pairs = next(((e, p) for e, p in _DELIMITERS if e not in text and p not in text),
                          (None, None))
    if entries is None or pairs is None:
        raise ValueError("No delimiter pair is free in this table.")
    body = entries.join(f"{k}{pairs}{v}" for k, v in table.items())
    return f"split_to_map({literal(body)}, {literal(entries)}, {literal(pairs)})"


#: The one-row relation holding the character tables (``key_tables``): the SQL keys read its
#: columns, so each table is built once per query, not once per value.
TABLES = "key_tables"
_FOLD_AFTER = "fold_after"
_PROTOTYPES = "prototypes"


def _tables() -> dict[str, Mapping[str, str]]:
    return {_FOLD_AFTER: fold_tables()[1], _PROTOTYPES: forms.skeleton_prototypes()}


def key_tables(d: Dialect) -> str | None:
    """The CTE of the character tables the keys read (None when the keys are Python's)."""
    if d.python_keys:
        return None
    columns = "".join(f", {string_map(table)} AS {name}" for name, table in _tables().items() if table)
    return f"{TABLES} AS (SELECT true AS built{columns}),"


def with_tables(d: Dialect) -> str:
    """What a FROM clause computing keys adds: a cross join with the one-row ``key_tables``."""
    return "" if d.python_keys else f" CROSS JOIN {TABLES}"


def _map_chars(d: Dialect, expr: str, name: str) -> str:
    return d.map_chars(expr, f"{TABLES}.{name}") if _tables()[name] else expr


def _casefold(d: Dialect, expr: str) -> str:
    """``str.casefold()`` of an NFKC text without ignorables (see ``fold_tables``)."""
    before, _ = fold_tables()
    return _map_chars(d, f"lower({replace_chain(expr, before)})", _FOLD_AFTER)


def _sql_clash_key(d: Dialect, expr: str) -> str:
    """``forms.clash_key(form, False)`` as SQL (ASCII: lower-cased)."""
    text = d.replace_all(d.normalize(expr, "NFKC"), ignorable_class(), "")
    return (f"(CASE WHEN {d.is_ascii(expr)} THEN lower({expr}) "
            f"ELSE {d.normalize(_casefold(d, text), 'NFKC')} END)")


@cache
def whitespace_class() -> str:
    """A regex class of the characters ``str.isspace`` holds (the characters themselves: none
    needs escaping in a class)."""
    chars = "".join(map(chr, py_whitespace()))
    if any(c in chars for c in "]\\^-"):
        raise ValueError("A whitespace character would need escaping in a regex class.")
    return f"[{chars}]"


def tidy_whitespace(d: Dialect, expr: str) -> str:
    """``forms.tidy_whitespace``: each run of whitespace one space, then the ends stripped."""
    return strip(d.replace_all(expr, whitespace_class() + "+", " "))


def holds_ascii_whitespace(expr: str) -> str:
    """Whether ``expr`` holds an ASCII whitespace character: a test that lets the ASCII bulk of
    a table skip ``tidy_whitespace`` (one ``strpos`` a character: several times faster on
    DuckDB than a regex, which matters over millions of values). For ASCII text only."""
    chars = [c for c in py_whitespace() if c < 128]
    return "(" + " OR ".join(f"strpos({expr}, chr({c})) > 0" for c in chars) + ")"


def _ascii_tidied(d: Dialect, key: str, text: str) -> str:
    """``text`` (the skeleton of ``key``, an ASCII clash key) with its whitespace tidied, when
    ``key`` holds any (the skeleton of ASCII text has the text's whitespace)."""
    return f"(CASE WHEN {holds_ascii_whitespace(key)} THEN {tidy_whitespace(d, text)} ELSE {text} END)"


def drop_redundant_dots(d: Dialect, expr: str) -> str:
    """``forms.drop_redundant_dots`` of an NFD text: the same regex, group 1 kept."""
    return d.replace_all(expr, forms.redundant_dot_pattern(), "$1")


def ascii_skeleton(expr: str) -> str:
    """``forms.lookalike_key`` of an ASCII clash key: its ASCII prototypes replaced."""
    return replace_chain(expr, forms.ascii_prototypes())


# --------------------------------------------------------------------------- the keys


def _trim_sql(trim: bool | str) -> str:
    return ("true" if trim else "false") if isinstance(trim, bool) else trim


def normalised(d: Dialect, mode: str, expr: str) -> str:
    """``forms.normalise(expr, mode)``: the value a rule's lock stores for an account value.

    The keys' SQL reads ``key_tables``: its FROM clause needs ``with_tables``."""
    if mode == NORMALISE_NONE:
        return expr
    if mode not in NORMALISATIONS:
        raise ValueError(f"No normalisation {mode!r}.")
    if d.python_keys:
        # On ASCII every normalisation is the clash key: lower-cased, trimmed if it trims.
        ascii_key = f"lower({strip(expr)})" if trims(mode) else f"lower({expr})"
        return (f"(CASE WHEN {d.is_ascii(expr)} THEN {ascii_key} "
                f"ELSE {UDF_NORMALISE}({expr}, {literal(mode)}) END)")
    if mode == NORMALISE_LOWER:
        return py_lower(d, expr)
    if mode == NORMALISE_TRIM_LOWER:
        return py_lower(d, strip(expr))
    return clash_key(d, expr, True)  # nfkc+casefold stores the trimming clash key


def clash_key(d: Dialect, expr: str, trim: bool | str) -> str:
    """``forms.clash_key(expr, trim)``; ``trim`` may be a SQL condition (per row's rule).

    The SQL form trims the untrimmed key: ``forms.clash_key(f, True)`` is
    ``forms.clash_key(f, False).strip()`` (checked in the tests)."""
    if d.python_keys:
        flag = _trim_sql(trim)
        ascii_key = (f"lower({strip(expr)})" if trim is True else f"lower({expr})" if trim is False
                     else f"(CASE WHEN {flag} THEN lower({strip(expr)}) ELSE lower({expr}) END)")
        return f"(CASE WHEN {d.is_ascii(expr)} THEN {ascii_key} ELSE {UDF_CLASH_KEY}({expr}, {flag}) END)"
    key = _sql_clash_key(d, expr)
    if isinstance(trim, bool):
        return strip(key) if trim else key
    return f"(CASE WHEN {trim} THEN {strip(key)} ELSE {key} END)"


def lookalike_key(d: Dialect, form: str, key: str, trim: bool | str) -> str:
    """``forms.lookalike_key(form, trim)``, given ``key``, the form's clash key (its SQL)."""
    if d.python_keys:
        return (f"(CASE WHEN {d.is_ascii(form)} THEN {_ascii_tidied(d, key, ascii_skeleton(key))} "
                f"ELSE {UDF_LOOKALIKE_KEY}({form}, {_trim_sql(trim)}) END)")
    skeleton = d.normalize(_map_chars(d, d.normalize(key, "NFD"), _PROTOTYPES), "NFD")
    return (f"(CASE WHEN {d.is_ascii(key)} THEN {_ascii_tidied(d, key, ascii_skeleton(key))} "
            f"ELSE {tidy_whitespace(d, drop_redundant_dots(d, skeleton))} END)")


def non_ascii(d: Dialect, expr: str) -> str:
    """``forms.non_ascii``: the form holds a character outside ASCII."""
    return f"NOT ({d.is_ascii(expr)})"


def odd(d: Dialect, expr: str, trim: bool | str) -> str:
    """``forms.is_odd(expr, trim)``: outside ASCII, or whitespace its lookalike key tidies (an
    ASCII form's clash key has the form's whitespace, trimmed if the rule trims)."""
    def untidy(text: str) -> str:
        return f"{tidy_whitespace(d, text)} <> {text}"
    if isinstance(trim, bool):
        spaced = untidy(strip(expr) if trim else expr)
    else:
        spaced = f"(CASE WHEN {trim} THEN {untidy(strip(expr))} ELSE {untidy(expr)} END)"
    # Most values are ASCII without whitespace: two cheap tests, no regex.
    return (f"(CASE WHEN {non_ascii(d, expr)} THEN true WHEN {holds_ascii_whitespace(expr)} "
            f"THEN {spaced} ELSE false END)")


# --------------------------------------------------------------------------- DuckDB functions


def register(con: DuckDBPyConnection, dialect_name: str) -> None:
    """The functions a plan of ``dialect_name`` calls that DuckDB lacks: ``forms``' functions
    (DuckDB), or Trino's ``normalize`` and ``split_to_map`` under their names (the twin).

    DuckDB's Python UDFs need numpy installed (DuckDB imports it itself)."""
    from duckdb import sqltype

    varchar = sqltype("VARCHAR")
    if dialect_name == DUCKDB:
        for name, (function, second) in UDFS.items():
            con.create_function(name, function, [varchar, sqltype(second)], varchar, side_effects=False)
    elif dialect_name == ATHENA_TWIN:
        con.create_function("normalize", _normalize, [varchar, varchar], varchar, side_effects=False)
        con.execute("CREATE OR REPLACE TEMP MACRO split_to_map(text, entries, pairs) AS "
                    "map_from_entries(list_transform(string_split(text, entries), lambda entry: "
                    "{'k': split_part(entry, pairs, 1), 'v': split_part(entry, pairs, 2)}))")


def _normalize(text: str, form: str) -> str:
    """Trino's normalize(text, form), for the twin."""
    return unicodedata.normalize(form, text)  # type: ignore[arg-type]
