"""Two lookalikes the skeleton alone missed: a dot above a soft-dotted letter already shows
(``İstanbul`` case-folds to ``i̇stanbul``), and whitespace (`` ada@x.io`` where the rule does not
trim, ``ada  lovelace``). ``forms.lookalike_key`` and its fast paths, the live audit, diagnose,
the watch and the export audit (DuckDB's UDFs, and Athena's SQL on its DuckDB twin) agree."""

from __future__ import annotations

import random
import sys
import unicodedata
from pathlib import Path
from typing import Any

import duckdb
import pytest

from dynoview.core.exports import forms_sql
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports
from dynoview.core.exports.sql import ATHENA_TWIN, DUCKDB, Dialect
from dynoview.core.exports.writer import write_export
from dynoview.core.uniqueness import forms
from dynoview.core.uniqueness.diagnose import spellings
from dynoview.core.uniqueness.findings import CASE_CLASH, LOOKALIKE_CLASH
from dynoview.core.uniqueness.forms import (
    NORMALISATIONS,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    ascii_lookalike_keys,
    clash_key,
    drop_redundant_dots,
    is_odd,
    lookalike_key,
    lookalike_keys,
    normalise,
    odd_forms,
    trims,
    unlike_and_odd,
)
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.watch.classes import RuleForms
from tests.unit.core.test_audit_sql import _keyed  # the keyed query, as the SQL's own tests make it
from tests.unit.core.test_export_audit import NOW, twin_audit

DOTTED_I = "\u0130"  # İ, LATIN CAPITAL LETTER I WITH DOT ABOVE
DOT = "\u0307"  # COMBINING DOT ABOVE
# (form, the form it looks like): distinct clash keys, one lookalike key, untrimmed and trimmed.
DOTS = [
    (f"{DOTTED_I}stanbul@x.io", "istanbul@x.io"),
    ("\u0131" + DOT + "z@x.io", "iz@x.io"),  # dotless ı + dot above: its prototype is i
    ("\u0456" + DOT + "van", "ivan"),  # Cyrillic і (soft-dotted) + dot above
    ("\u1ecb" + DOT + "a", "\u1ecba"),  # ị: a dot below between the letter and its dot above
    ("j" + DOT + "o", "jo"),
]
SPACES = [("ada  lovelace", "ada lovelace"), ("ada\tlovelace", "ada lovelace"),
          ("ada\u3000\u3000lovelace", "ada lovelace")]
PADDED = [(" ada@x.io", "ada@x.io"), ("ada@x.io\n", "ada@x.io"), (" \u0430da@x.io ", "\u0430da@x.io")]
TWIN = Dialect(ATHENA_TWIN)
DUCK = Dialect(DUCKDB)


@pytest.mark.parametrize("trim", [False, True])
def test_a_dot_above_a_soft_dotted_letter_is_no_difference(trim: bool) -> None:
    for form, like in DOTS:
        assert lookalike_key(form, trim) == lookalike_key(like, trim), form
        assert clash_key(form, trim) != clash_key(like, trim), form
    # The clash key stays str.casefold's: İ folds to i + U+0307, a value of its own.
    assert clash_key(f"{DOTTED_I}stanbul@x.io") == f"i{DOT}stanbul@x.io"
    # A dot that is not redundant stays: over a letter without a dot, or after another accent.
    assert lookalike_key("a" + DOT) != lookalike_key("a")
    assert drop_redundant_dots("i\u0301" + DOT) == "i\u0301" + DOT
    assert drop_redundant_dots("i" + DOT + DOT) == "i" + DOT  # one redundant dot, not two


def test_whitespace_is_tidied_inside_and_at_the_ends_whatever_the_rule() -> None:
    for form, like in SPACES:
        for trim in (False, True):
            assert lookalike_key(form, trim) == lookalike_key(like, trim) == "ada lovelace"
            assert clash_key(form, trim) != clash_key(like, trim)
    for form, like in PADDED:
        assert lookalike_key(form) == lookalike_key(like) and clash_key(form) != clash_key(like)
        assert clash_key(form, True) == clash_key(like, True)  # trimming: one value (a case clash)


def test_odd_forms_are_those_outside_ascii_and_the_untidy() -> None:
    forms_ = ["ada@x.io", " ada@x.io", "ada lovelace", "ada  lovelace", "a\tb", "\u0430da", "x "]
    assert odd_forms(forms_) == [" ada@x.io", "ada  lovelace", "a\tb", "\u0430da", "x "]
    assert odd_forms(forms_, True) == ["ada  lovelace", "a\tb", "\u0430da"]
    assert [f for f in forms_ if is_odd(f)] == odd_forms(forms_)
    assert odd_forms(["ada@x.io", "bob1"]) == [] and unlike_and_odd(["ada@x.io"]) == ([], [])
    single = ["ada lovelace", " ada", "b ", "c"]  # single spaces only: the ends decide
    assert odd_forms(single) == [" ada", "b "] and odd_forms(single, True) == []
    assert odd_forms([*single, "\u0430"], True) == ["\u0430"]


@pytest.mark.parametrize("trim", [False, True])
def test_the_fast_paths_agree_with_lookalike_key(trim: bool) -> None:
    rng = random.Random(11)
    ascii_ = [f for pair in SPACES + PADDED for f in pair if f.isascii()]
    plain = [rng.choice(["ada@x.io", "Emma Lee", " m1 ", "bob\x1f\x1fl", "I\tl", ""]) for _ in range(300)]
    column = ascii_ + plain
    want = [lookalike_key(f, trim) for f in column]
    assert ascii_lookalike_keys(column, trim) == want
    assert lookalike_keys(column, trim) == want
    everything = column + [f for pair in DOTS + SPACES + PADDED for f in pair]
    assert lookalike_keys(everything, trim) == [lookalike_key(f, trim) for f in everything]
    assert unlike_and_odd(everything, trim)[1] == [f for f in everything if is_odd(f, trim)]


def test_soft_dotted_is_unicodes_property_and_no_mark_between_lies_past_the_table() -> None:
    regex = pytest.importorskip("regex")
    chars = "".join(map(chr, range(1, 0xD800))) + "".join(map(chr, range(0xE000, sys.maxunicode + 1)))
    assert set(regex.findall(r"\p{Soft_Dotted}", chars)) == forms.SOFT_DOTTED
    assert not any(0 < unicodedata.combining(c) < 230 for c in map(chr, range(0x1F000, sys.maxunicode + 1)))


# --------------------------------------------------------------------------- the SQL keys


@pytest.mark.parametrize("mode", NORMALISATIONS)
def test_both_sql_engines_key_these_values_as_forms_does(twin: duckdb.DuckDBPyConnection,
                                                          duck: duckdb.DuckDBPyConnection, mode: str) -> None:
    words = [f for pair in DOTS + SPACES + PADDED for f in pair] + ["ada@x.io", "bob1", "m m", " "]
    trim = trims(mode)
    expected = sorted((w, lookalike_key(normalise(w, mode), trim), is_odd(normalise(w, mode), trim))
                      for w in words)
    for d, con in ((TWIN, twin), (DUCK, duck)):
        values = _keyed(d, f"w, {forms_sql.normalised(d, mode, 'w')} AS v",
                        "SELECT unnest(?::VARCHAR[]) AS w")
        keys = _keyed(d, f"w, v, {forms_sql.clash_key(d, 'v', trim)} AS k", values)
        # trim also as a SQL condition (per row's rule), as the audit of mixed rules passes it
        flag = "true" if trim else "false"
        select = (f"w, {forms_sql.lookalike_key(d, 'v', 'k', trim)}, {forms_sql.odd(d, 'v', trim)}, "
                  f"{forms_sql.odd(d, 'v', flag)}")
        got = con.execute(_keyed(d, select, keys), [words]).fetchall()
        assert sorted((w, lk, odd) for w, lk, odd, _ in got) == expected, d.name
        assert all(odd == by_flag for _, _, odd, by_flag in got), d.name


# --------------------------------------------------------------------------- the engines


def _s(v: str) -> dict[str, str]:
    return {"S": v}


def _table(emails: list[str], mode: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for i, email in enumerate(emails):
        items += [{"PK": _s(f"ACCT#{i}"), "SK": _s("PROFILE"), "email": _s(email)},
                  {"PK": _s(f"UNIQ#EMAIL#{normalise(email, mode)}"), "SK": _s("LOCK")}]
    return items


@pytest.mark.parametrize("mode", [NORMALISE_NONE, "lowercase", NORMALISE_TRIM_LOWER])
def test_every_audit_engine_flags_them_as_lookalikes(tmp_path: Path, mode: str) -> None:
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode),))
    emails = [f"{DOTTED_I}stanbul@x.io", "istanbul@x.io", " ada@x.io", "ada@x.io",
              "ada  lovelace@x.io", "ada lovelace@x.io", "bob1@x.io", "bobl@x.io"]
    items = _table(emails, mode)
    live = classify(items, schema, None, NOW)
    found = {(f.status, f.value) for f in live.findings() if f.status in (CASE_CLASH, LOOKALIKE_CLASH)}
    # Trimming, " ada@x.io" is stored as "ada@x.io": one value held twice (a duplicate).
    padded = set() if trims(mode) else {(LOOKALIKE_CLASH, "ada@x.io")}
    assert found == {(LOOKALIKE_CLASH, "istanbul@x.io"), (LOOKALIKE_CLASH, "ada lovelace@x.io"), *padded}
    folder = write_export(tmp_path, "accounts", items, files=2)
    result = audit_exports([str(folder)], schema, options=ExportAuditOptions(now=NOW)).result
    assert result.findings == live.findings() and result.counts == live.counts()
    assert twin_audit(folder, schema, tmp_path / "twin", ttl=None) == (live.findings(), live.counts())


def test_the_finding_says_they_look_the_same() -> None:
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK"),))
    (finding,) = classify(_table([" ada@x.io", "ada@x.io"], NORMALISE_NONE), schema, None, NOW).findings()
    assert finding.status == LOOKALIKE_CLASH
    assert "' ada@x.io', 'ada@x.io' look the same but are different values" in finding.sentence


def test_diagnose_reads_the_lock_a_padded_or_dotted_value_imitates() -> None:
    rule = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK")
    assert "ada@x.io" in spellings(" ada@x.io", rule)
    assert "istanbul@x.io" in spellings(f"{DOTTED_I}stanbul@x.io", rule)


def test_the_watch_indexes_a_padded_form_as_a_lookalike() -> None:
    rule = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK")
    watched = RuleForms(rule, {"ada@x.io": False}, {"ada@x.io": "ACCT#1"})
    watched.add_holder(" ada@x.io", "ACCT#2")
    assert watched.has_lookalikes("ada@x.io")
    assert watched.lookalike_class("ada@x.io") == {"ada@x.io", " ada@x.io"}
    watched.add_holder(f"{DOTTED_I}stanbul@x.io", "ACCT#3")
    watched.add_holder("istanbul@x.io", "ACCT#4")
    assert watched.lookalike_class("istanbul@x.io") == {f"{DOTTED_I}stanbul@x.io", "istanbul@x.io"}
