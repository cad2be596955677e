"""How protected values are compared: the one definition every part of DynoView uses.

Three keys of a value, each coarser than the one before:

- ``normalise(value, mode)``: what a rule's lock key stores (the schema's normalisation).
- ``clash_key(form, trim)``: the form's identity for a *case or normalisation clash*: Unicode
  NFKC (fullwidth letters, ligatures, NFC/NFD spellings of one letter fold together), case
  folded, invisible (default-ignorable) characters such as a zero-width space removed, and
  trimmed for trimming rules. Two stored forms with one clash key are one value to a person
  and two lock keys to DynamoDB.
- ``lookalike_key(form, trim)``: the confusable skeleton of Unicode TR39 over the clash key
  (Cyrillic ``а`` and Latin ``a`` share it). Two forms with one lookalike key but different
  clash keys are a *lookalike clash*: an impersonation for support staff. Only groups holding
  an odd form (below) take part, so ``bob1`` and ``bobl`` (ASCII skeletons ``l``/``1``,
  ``rn``/``m``) are not flagged on every table of usernames. Two refinements make the skeleton
  compare what a reader sees: a dot above that a soft-dotted letter already shows is dropped
  (``İstanbul`` folds to ``i̇stanbul``), and whitespace is tidied (ends removed, each inner
  run one space: `` ada@x.io`` on a rule that does not trim). Forms that can start a
  lookalike clash (``is_odd``): those outside ASCII, and those whose whitespace is tidied.

The confusable prototypes come from ``confusable_homoglyphs``, generated from Unicode's own
``confusables.txt`` (not a hand-made table). ASCII values, most of any table, take C fast
paths (``str.lower``, ``str.translate``); only other forms run Python per character.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import cache
from importlib import resources
from itertools import compress, filterfalse
from operator import ne, not_, or_

NORMALISE_NONE = "none"
NORMALISE_LOWER = "lowercase"
NORMALISE_TRIM_LOWER = "trim+lowercase"
# The clash key itself as the stored form: NFKC, case folded, invisibles removed, trimmed.
NORMALISE_NFKC_CASEFOLD = "nfkc+casefold"
NORMALISATIONS = (NORMALISE_NONE, NORMALISE_LOWER, NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD)
#: Normalisations that trim: their clash key trims too (a trimmed lock cannot clash on spaces).
TRIMMING = frozenset({NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD})


def normalise(value: str, mode: str) -> str:
    """A value as the rule's lock key stores it."""
    if mode == NORMALISE_LOWER:
        return value.lower()
    if mode == NORMALISE_TRIM_LOWER:
        return value.strip().lower()
    if mode == NORMALISE_NFKC_CASEFOLD:
        return clash_key(value, True)
    return value


def trims(mode: str) -> bool:
    """Whether a rule's clash key trims (its locks store trimmed values)."""
    return mode in TRIMMING


# --------------------------------------------------------------------------- the clash key


def clash_key(form: str, trim: bool = False) -> str:
    """A form's identity for a case or normalisation clash (see the module doc)."""
    if form.isascii():
        return form.strip().lower() if trim else form.lower()
    text = _without_ignorables(unicodedata.normalize("NFKC", form))
    text = unicodedata.normalize("NFKC", text.casefold())
    return text.strip() if trim else text


def clash_keys(forms: list[str], trim: bool = False) -> list[str]:
    """``clash_key`` of every form, in order; ASCII forms in C loops."""
    if all(map(str.isascii, forms)):
        return list(map(str.lower, map(str.strip, forms))) if trim else list(map(str.lower, forms))
    return [clash_key(f, trim) for f in forms]


def unlike_clash_key(forms: Iterable[str], trim: bool) -> Iterator[str]:
    """The forms that differ from their clash key: only these can start a clash group.

    Picking ASCII forms with map/compress keeps their work in C, which matters when a rule
    holds a million values; every other form is checked in Python (rare)."""
    forms = list(forms)
    ascii_forms = list(filter(str.isascii, forms))
    keys = map(str.lower, map(str.strip, ascii_forms)) if trim else map(str.lower, ascii_forms)
    yield from compress(ascii_forms, map(ne, keys, ascii_forms))
    for form in filterfalse(str.isascii, forms):
        if clash_key(form, trim) != form:
            yield form


def non_ascii(forms: Iterable[str]) -> list[str]:
    """The forms holding a character outside ASCII (C loop)."""
    return list(filterfalse(str.isascii, forms))


def is_odd(form: str, trim: bool = False) -> bool:
    """Whether a form can start a lookalike clash: it holds a character outside ASCII, or
    whitespace its lookalike key tidies (at an end on a rule that does not trim, a run, a tab).
    The ASCII bulk of a table is neither, so its lookalikes are only looked up, never keyed."""
    if not form.isascii():
        return True
    text = form.strip() if trim else form
    return tidy_whitespace(text) != text


def odd_forms(forms: Iterable[str], trim: bool = False) -> list[str]:
    """The forms ``is_odd`` holds, in order: C loops, and none at all over ASCII forms without
    whitespace (one ``join`` and a few substring searches)."""
    forms = list(forms)
    return _odd_forms(forms, "".join(forms), trim)


def _odd_forms(forms: list[str], joined: str, trim: bool) -> list[str]:
    """``odd_forms``, given the forms joined (a caller that joined them already)."""
    if not _holds_whitespace(joined):
        return [] if joined.isascii() else non_ascii(forms)
    if joined.isascii() and not _holds_untidy_run(joined):
        # Single spaces only: a form is untidy at its ends, and a trimmed one nowhere.
        return [] if trim else list(compress(forms, map(ne, map(str.strip, forms), forms)))
    texts = list(map(str.strip, forms)) if trim else forms
    untidy = map(ne, map(" ".join, map(str.split, texts)), texts)
    return list(compress(forms, map(or_, map(not_, map(str.isascii, forms)), untidy)))


def tidy_whitespace(text: str) -> str:
    """``text`` without whitespace at its ends and each inner run of it one space (what
    ``str.split`` calls whitespace, which is what ``str.strip`` removes)."""
    return " ".join(text.split())


# The ASCII characters str.isspace() holds; a text outside ASCII is checked with the regex.
_ASCII_WHITESPACE = "".join(c for c in map(chr, range(128)) if c.isspace())
_WHITESPACE = re.compile(r"\s")


def _holds_whitespace(text: str) -> bool:
    if text.isascii():  # one fast substring search per character: no regex over a million forms
        return any(map(text.__contains__, _ASCII_WHITESPACE))
    return _WHITESPACE.search(text) is not None


def _holds_untidy_run(ascii_text: str) -> bool:
    """Whether an ASCII text holds two whitespace characters in a row or one that is no space
    (single spaces, as in most names, need no regex)."""
    return "  " in ascii_text or any(map(ascii_text.__contains__, _ASCII_WHITESPACE.replace(" ", "")))


# --------------------------------------------------------------------------- the lookalike key


def lookalike_key(form: str, trim: bool = False) -> str:
    """The TR39 skeleton of the form's clash key (NFD, each character replaced by its
    confusable prototype, NFD again), without a dot above a soft-dotted letter already shows
    (``drop_redundant_dots``), its whitespace tidied (``tidy_whitespace``)."""
    key = clash_key(form, trim)
    if key.isascii():
        return tidy_whitespace(key.translate(_ascii_table()))
    prototypes = _prototypes()
    text = unicodedata.normalize("NFD", key)
    skeleton = unicodedata.normalize("NFD", "".join([prototypes.get(c, c) for c in text]))
    return tidy_whitespace(drop_redundant_dots(skeleton))


def lookalike_keys(forms: list[str], trim: bool = False) -> list[str]:
    """``lookalike_key`` of every form, in order; ASCII forms with one ``str.translate`` each."""
    table = _ascii_table()
    out: list[str] = []
    for form in forms:
        if form.isascii():
            out.append(" ".join((form.strip().lower() if trim else form.lower()).translate(table).split()))
        else:
            out.append(lookalike_key(form, trim))
    return out


# Soft_Dotted (Unicode's PropList.txt, current version: the few assigned after Python's own
# tables are listed too, harmlessly): letters whose dot goes when an accent is put above them
# (i, j, Cyrillic і and ј, ɨ, ị, the mathematical i and j...).
SOFT_DOTTED = frozenset(map(chr, (
    0x69, 0x6A, 0x12F, 0x249, 0x268, 0x29D, 0x2B2, 0x3F3, 0x456, 0x458, 0x1D62, 0x1D96, 0x1DA4,
    0x1DA8, 0x1E2D, 0x1ECB, 0x2071, 0x2148, 0x2149, 0x2C7C, *range(0x1D422, 0x1D693 + 1, 0x34),
    *range(0x1D423, 0x1D693 + 1, 0x34), 0x1DF1A, 0x1DF6F, 0x1DF70, 0x1DF71, 0x1DFD9, 0x1E04C,
    0x1E04D, 0x1E068)))
DOT_ABOVE = "\u0307"


@cache
def marks_between() -> str:
    """The combining marks that may stand between a letter and its dot above in NFD (canonical
    combining class 1 to 229: below, overlays, ogonek...), as a regex class of the characters
    themselves (ranges, no escapes: the export SQL uses it too). No such mark lies past U+1EFFF
    (checked in the tests)."""
    ranges: list[tuple[str, str]] = []
    for char in map(chr, range(0x300, 0x1F000)):
        if 0 < unicodedata.combining(char) < 230:
            if ranges and ord(ranges[-1][1]) == ord(char) - 1:
                ranges[-1] = (ranges[-1][0], char)
            else:
                ranges.append((char, char))
    return "[" + "".join(a if a == b else f"{a}-{b}" for a, b in ranges) + "]"


@cache
def redundant_dot_pattern() -> str:
    """A regex matching a soft-dotted letter, the marks between, and a dot above after them
    (Unicode's After_Soft_Dotted condition); the dot is dropped by keeping group 1."""
    return f"([{''.join(sorted(SOFT_DOTTED))}]{marks_between()}*){DOT_ABOVE}"


def drop_redundant_dots(text: str) -> str:
    """An NFD text without the dots above that soft-dotted letters already show.

    Python case-folds ``İ`` (U+0130) to ``i`` + U+0307, and the TR39 skeleton keeps the
    U+0307, so ``İstanbul`` would be neither a case clash nor a lookalike of ``istanbul``
    although the two render alike. The fix belongs here, in the skeleton, not in the clash
    key: folding stays ``str.casefold`` as documented, and ``İ``/``i`` remain two values. The
    condition is Unicode's own for "a dot above is redundant" (SpecialCasing's
    After_Soft_Dotted, the Lithuanian rule): no starter and no other mark above between the
    letter and the dot, so ``ị̇`` (dot below first) loses it too. Applied to the skeleton, it
    also covers letters whose prototype is soft-dotted (dotless ``ı`` -> ``i``)."""
    if DOT_ABOVE not in text:
        return text
    return re.sub(redundant_dot_pattern(), r"\1", text)


def is_ignorable(char: str) -> bool:
    """Default-ignorable: invisible when rendered (format characters such as U+200B, U+200D,
    U+00AD, U+FEFF; variation selectors; the combining grapheme joiner; Hangul fillers)."""
    if unicodedata.category(char) == "Cf":
        return True
    code = ord(char)
    return (0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF or 0x180B <= code <= 0x180F
            or code in (0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x17B4, 0x17B5))


def _without_ignorables(text: str) -> str:
    return "".join(filterfalse(is_ignorable, text))


# Display marks (LRM, RLM) wrap right-to-left strings in the data's source comments.
_MARKS = str.maketrans("", "", "\u200e\u200f")


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> its TR39 prototype (a string, often one character).

    ``confusables.json`` lists, for every character, the characters it is confusable with,
    both ways: a source lists its one prototype, a prototype lists its sources. A class is a
    star around its prototype: the multi-character member if there is one (``rn`` for ``m``),
    else the member listed most (ties: the lowest code point).
    """
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json")
                      .read_text(encoding="utf-8"))
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    degree: dict[str, int] = {}
    for raw, entries in data.items():
        char = raw.translate(_MARKS)
        degree[char] = len(entries)
        for entry in entries:
            other = entry["c"].translate(_MARKS)
            if char and other:
                parent[find(char)] = find(other)
    classes: dict[str, list[str]] = {}
    for member in list(parent):
        classes.setdefault(find(member), []).append(member)
    out: dict[str, str] = {}
    for members in classes.values():
        multi = [m for m in members if len(m) > 1]
        proto = (min(multi, key=lambda m: (-degree.get(m, 0), m)) if multi
                 else min(members, key=lambda m: (-degree.get(m, 0), m)))
        for m in members:
            if len(m) == 1 and m != proto:
                out[m] = proto
    return out


@cache
def _ascii_table() -> dict[int, str]:
    """``str.translate`` table of the ASCII characters whose prototype differs from them."""
    prototypes = _prototypes()
    return {ord(c): prototypes[c] for c in map(chr, range(128)) if c in prototypes}


# --------------------------------------------------------------------------- whole columns at C speed
# The audit keys a million forms at a time: these give the functions above's answers for a
# list, with the per-form work in C (``map``, one ``join``/``split``, ``bytes.translate``).

_SEPARATORS = "\x00\x01\x02\x03\x04\x05\x06\x07\x08"  # joins ASCII forms; not in the table


def mixed_clash_keys(forms: list[str], trim: bool = False) -> list[str]:
    """``clash_key`` of every form, in order: ASCII forms in C loops, the others (rare) one
    by one, put back in their places."""
    keys = list(map(str.lower, map(str.strip, forms))) if trim else list(map(str.lower, forms))
    for i in compress(range(len(forms)), map(not_, map(str.isascii, forms))):
        keys[i] = clash_key(forms[i], trim)
    return keys


def unlike_and_odd(forms: Iterable[str], trim: bool = False) -> tuple[list[str], list[str]]:
    """``unlike_clash_key`` and ``odd_forms`` of the forms in one go: when every form is ASCII
    (one ``join``, and ``str.isascii`` of the result is a flag read), the first is one C pass
    and the second empty unless a form holds whitespace."""
    forms = list(forms)
    joined = "".join(forms)
    if joined.isascii():
        keys = map(str.lower, map(str.strip, forms)) if trim else map(str.lower, forms)
        return list(compress(forms, map(ne, keys, forms))), _odd_forms(forms, joined, trim)
    return list(unlike_clash_key(forms, trim)), _odd_forms(forms, joined, trim)


def ascii_lookalike_keys(forms: list[str], trim: bool = False) -> list[str]:
    """``lookalike_key`` of ASCII forms, in order, for the whole list at once: joined, lower-
    cased, translated one-to-one as bytes, the few one-to-many prototypes (``m`` -> ``rn``)
    replaced, split again, whitespace tidied only if there is any. One ``str.translate`` per
    form runs its slow path on every ``m``, about 1 µs a form."""
    if not forms:
        return []
    plan = _ascii_plan()
    texts = list(map(str.strip, forms)) if trim else forms
    joined = ""
    sep = next((s for s in _SEPARATORS if (joined := s.join(texts)).count(s) == len(texts) - 1), None)
    if plan is None or sep is None:  # a separator in every candidate's place: one by one
        return [lookalike_key(f, trim) for f in forms]
    one_to_one, wider = plan
    data = joined.lower().encode("ascii").translate(one_to_one)
    ascii_wider = [(k, v) for k, v in wider if v.isascii()]
    for char, proto in ascii_wider:
        data = data.replace(char.encode(), proto.encode())
    text = data.decode("ascii")
    for char, proto in wider:
        if not proto.isascii():
            text = text.replace(char, proto)
    if not _holds_whitespace(text):
        return text.split(sep)
    # No separator is whitespace, so runs never cross two forms; each form's ends go after.
    if _holds_untidy_run(text):
        text = _UNTIDY_RUN.sub(" ", text)
    return list(map(str.strip, text.split(sep)))


# What tidy_whitespace rewrites inside a text: a run of two or more, or one that is no space.
_UNTIDY_RUN = re.compile(r"\s\s+|[^\S ]")


def lower_ascii_preimages(key: str, limit: int = 4096) -> list[str] | None:
    """Every lower-case ASCII string with tidy whitespace whose lookalike key is ``key`` (each
    equals its own clash key, trimmed or not), or None when there may be more than ``limit``.
    A form with untidy whitespace is odd (``is_odd``): keyed directly, never looked up.

    The ASCII forms of a lookalike group are found by looking these up (a few dict probes)
    rather than by keying every ASCII form of a table: those equal to their clash key are
    among them; the others differ from it, and the pairing keys those few directly.
    """
    pieces = _ascii_inverse()
    # tails[i]: the preimages of key[i:], built right to left (None: more than the limit).
    tails: list[list[str] | None] = [[] for _ in key] + [[""]]
    for i in range(len(key) - 1, -1, -1):
        out: list[str] = []
        for proto, sources in pieces.get(key[i], ()):
            if not key.startswith(proto, i):
                continue
            rest = tails[i + len(proto)]
            if rest is None:
                return None
            out += [source + tail for tail in rest for source in sources]
        tails[i] = out if len(out) <= limit else None
    return tails[0]


@cache
def _ascii_inverse() -> dict[str, list[tuple[str, list[str]]]]:
    """First character of a prototype -> (prototype, the lower-case ASCII characters it is)."""
    table = _ascii_table()
    by_out: dict[str, list[str]] = {}
    for c in map(chr, range(128)):
        if c == c.lower():
            by_out.setdefault(table.get(ord(c), c), []).append(c)
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for proto, sources in by_out.items():
        out.setdefault(proto[0], []).append((proto, sources))
    return out


@cache
def _ascii_plan() -> tuple[bytes, list[tuple[str, str]]] | None:
    """The ASCII prototypes as a 256-byte table (one character to one ASCII character) and
    the rest as replacements; None if a replacement would feed another (order would matter)."""
    table = bytearray(range(256))
    wider: list[tuple[str, str]] = []
    for code, proto in _ascii_table().items():
        if len(proto) == 1 and proto.isascii():
            table[code] = ord(proto)
        else:
            wider.append((chr(code), proto))
    sources = set(map(chr, _ascii_table()))
    if any(sources & set(proto) for proto in _ascii_table().values()):
        return None
    return bytes(table), wider


# --------------------------------------------------------------------------- data for SQL


def ascii_prototypes() -> dict[str, str]:
    """Each ASCII character whose confusable prototype differs from it -> that prototype: what
    ``lookalike_key`` replaces in an ASCII clash key (the export audit's SQL is built from it)."""
    return {chr(code): proto for code, proto in _ascii_table().items()}


def skeleton_prototypes() -> dict[str, str]:
    """The prototypes ``lookalike_key`` can use on a non-ASCII clash key: those of characters
    that can occur in the NFD of a clash key (their own NFD and their own clash key). The
    Athena SQL's table of prototypes is built from it, kept to what can be needed."""
    return {c: proto for c, proto in _prototypes().items()
            if unicodedata.normalize("NFD", c) == c and clash_key(c) == c}
