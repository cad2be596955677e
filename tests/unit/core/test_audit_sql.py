"""The SQL the audit's rules generate: the checks rendered from ``uniqueness.rules``, schema text
always quoted, the Athena spellings of the few dialect functions, and Athena's generated keys
(run on DuckDB as Athena's twin) equal to ``forms``' on every assigned code point."""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime

import duckdb
import pytest

from dynoview.core.exports import forms_sql
from dynoview.core.exports.queries import rules_query
from dynoview.core.exports.sql import ATHENA, ATHENA_TWIN, DUCKDB, Dialect, athena_table_ddl, literal, where
from dynoview.core.uniqueness import forms
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.forms import NORMALISATIONS, NORMALISE_NONE
from dynoview.core.uniqueness.rules import FORM_CHECKS, GROUP_CHECKS, HEALTHY
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema

TWIN = Dialect(ATHENA_TWIN)
DUCK = Dialect(DUCKDB)
# Cyrillic, NFC/NFD, fullwidth, invisible, ligature, final sigma, dotted I, Cherokee, Turkish,
# ideographic space: what the keys must agree on.
WORDS = ["ada@x.io", "Ada@X.io", " ada@x.io ", "\u0430da@x.io", "ＡＤＡ@ｘ.ｉｏ", "ada\u200b@x.io",
         "jos\u00e9", "jose\u0301", "JOSE\u0301", "Straße", "STRASSE", "ﬁle", "ΟΔΟΣ", "οδος", "ὈΔΥΣΣΕΎΣ",
         "İstanbul", "i̇stanbul", "ꭰꭱ", "ᎠᎡ", "ǅemal", "\tpad\u3000", "bob1", "bobl", "paypal",
         "\u0440\u0430\u0443\u0440\u0430l", "m\u0301", "\u00ad", "", "a#b", "x'y", "日本", "ﬀ\u0345"]


def _one(con: duckdb.DuckDBPyConnection, sql: str) -> object:
    return con.execute(sql).fetchall()[0][0]


def _keyed(d: Dialect, select: str, source: str) -> str:
    """``select`` over ``source``, with the character tables the keys read."""
    tables = forms_sql.key_tables(d)
    return (f"WITH {tables} src AS ({source}) " if tables else f"WITH src AS ({source}) ") + \
        f"SELECT {select} FROM src{forms_sql.with_tables(d)}"


def test_py_lower_matches_python_for_every_code_point(twin: duckdb.DuckDBPyConnection) -> None:
    # Python's str.lower() and SQL's lower() differ on one code point (U+0130) and on a
    # word-final sigma; py_lower fixes both, so every single character lower-cases the same.
    expr = forms_sql.py_lower(TWIN, "chr(i::INTEGER)")
    rows = twin.execute(f"SELECT i, {expr} FROM range(1, 1114112) t(i) "
                        "WHERE i < 55296 OR i > 57343").fetchall()
    wrong = [(hex(i), got, chr(i).lower()) for i, got in rows if got != chr(i).lower()]
    assert wrong == []


@pytest.mark.parametrize("text", [
    "ΟΔΟΣ", "ΟΔΟΣ ΚΑΙ ΣΑΣ", "ΣΣ", "Σ", "ΑΣΑΣ", "ΌΣ.", "ΝΊΚΟΣ!", "AΣb", "İstanbul", "Straße",
    "ΟΔΟΣ\u0301", "ada@LOVELACE.io", "Ἀθῆναι", "ǅemal", "ΑΣ1", "日本Σ",
])
def test_py_lower_matches_python_on_words(twin: duckdb.DuckDBPyConnection, text: str) -> None:
    assert _one(twin, f"SELECT {forms_sql.py_lower(TWIN, literal(text))}") == text.lower()


def test_strip_removes_exactly_what_python_strips(twin: duckdb.DuckDBPyConnection) -> None:
    assert len(forms_sql.py_whitespace()) == sum(chr(c).isspace() for c in range(0x110000))
    for c in forms_sql.py_whitespace():
        text = f"{chr(c)} a{chr(c)}b {chr(c)}"
        assert _one(twin, f"SELECT {forms_sql.strip(literal(text))}") == text.strip()
    assert _one(twin, f"SELECT {forms_sql.strip(literal('​x​'))}") == "​x​".strip()  # zero-width


def test_literals_keep_hostile_text_as_data(twin: duckdb.DuckDBPyConnection) -> None:
    hostile = "x'); DROP TABLE raw; --\\ \"q\" ''"
    assert _one(twin, f"SELECT {literal(hostile)}") == hostile
    with pytest.raises(ValueError, match="NUL"):
        literal("a\x00b")


def test_checks_render_from_the_rule_table() -> None:
    rendered = {c.status: where(c) for c in FORM_CHECKS}
    assert rendered[DUPLICATE_VALUE] == "holders >= 2"
    # The fold of orphans and missing locks into case clashes comes from the rule table.
    assert rendered[MISSING_LOCK] == "holders = 1 AND NOT locked AND NOT in_case_clash"
    assert rendered[ORPHAN_LOCK] == "holders = 0 AND locked AND NOT lock_expired AND NOT in_case_clash"
    groups = {g.status: where(g, "g") for g in GROUP_CHECKS}
    assert groups == {CASE_CLASH: "g.forms >= 2 AND g.held >= 1",
                      LOOKALIKE_CLASH: "g.odd >= 1 AND g.clash_keys >= 2"}
    assert where(HEALTHY) == ("holders = 1 AND locked AND NOT lock_expired AND NOT in_case_clash "
                              "AND NOT in_lookalike_clash")


class Tokens(Dialect):
    """Every spelling that differs between Athena and its twin, rendered alike."""

    def is_ascii(self, expr: str) -> str:
        return f"IS_ASCII({expr})"

    def replace_all(self, expr: str, pattern: str, java_replacement: str) -> str:
        return f"REPLACE_ALL({expr}, {literal(pattern)}, {literal(java_replacement)})"

    def normalize(self, expr: str, form: str) -> str:
        return f"NORMALIZE({expr}, {form})"

    def map_chars(self, expr: str, table: str) -> str:
        return f"MAP_CHARS({expr}, {table})"

    def materialized(self, name: str, body: str) -> str:
        return f"{name} AS ({body})"


def _schema() -> UniquenessSchema:
    return UniquenessSchema(rules=tuple(
        LockRule(f"r{i}", f"a{i % 3}", f"UNIQ#{i}#{{value}}#X", "LOCK", mode)
        for i, mode in enumerate(NORMALISATIONS)))


def test_athena_and_its_twin_run_the_same_query_but_for_spellings() -> None:
    # The rules query reads its dialect only through Dialect's methods: with those rendered
    # alike, Athena's query and its twin's are the same text. The twin's results on DuckDB are
    # therefore those of Athena's expressions.
    now = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    twin = rules_query(Tokens(ATHENA_TWIN), _schema(), "raw", ("a0", "a1", "a2"), now, True)
    athena = rules_query(Tokens(ATHENA), _schema(), '"db"."raw"', ("a0", "a1", "a2"), now, True)
    assert twin == athena.replace('"db"."raw"', "raw")
    # DuckDB computes the same keys with forms' functions instead.
    duck = rules_query(DUCK, _schema(), "raw", ("a0", "a1", "a2"), now, True)
    assert "dynoview_clash_key(" in duck and "dynoview_lookalike_key(" in duck
    assert "split_to_map" not in duck and "split_to_map" in twin


def test_athena_statement_stays_under_athenas_query_limit() -> None:
    # Athena refuses a query string over 256 KB: eight rules, all normalising with NFKC.
    rules = tuple(LockRule(f"r{i}", f"a{i}", f"U#{i}#{{value}}", "LOCK", "nfkc+casefold") for i in range(8))
    sql = rules_query(Dialect(ATHENA), UniquenessSchema(rules=rules), '"db"."raw"',
                      tuple(f"a{i}" for i in range(8)), 0.0, True)
    assert len(sql.encode()) < 128 * 1024
    assert sql.count("split_to_map(") == 2  # each table once, in key_tables


def test_athena_spellings() -> None:
    athena = Dialect(ATHENA)
    assert athena.attr('"item"', "e'mail", "S") == "element_at(\"item\", 'e''mail').s"
    assert athena.is_ascii("v") == "length(to_utf8(v)) = length(v)"
    assert athena.replace_all("v", "(a)", "$1") == "regexp_replace(v, '(a)', '$1')"
    assert athena.normalize("v", "NFKC") == "normalize(v, NFKC)"
    assert athena.map_chars("v", "t.m") == (
        "array_join(transform(regexp_extract_all(v, '(?s).'), ch -> coalesce(element_at(t.m, ch), ch)), '')")
    assert "'$1ς$2$3'" in forms_sql.py_lower(athena, "v")
    assert athena.basename('"$path"') == "element_at(split(\"$path\", '/'), -1)"
    ddl = athena_table_ddl("default", "dynoview_export0_x", "s3://b/p/AWSDynamoDB/1-a/data/", False)
    assert "ROW FORMAT SERDE 'org.apache.hive.hcatalog.data.JsonSerDe'" in ddl
    assert "`Item` map<string,struct<s:string,n:string,b:string>>" in ddl
    assert ddl.endswith("LOCATION 's3://b/p/AWSDynamoDB/1-a/data/'")
    with pytest.raises(ValueError, match="not a usable Athena"):
        athena_table_ddl("default; DROP", "t", "s3://b/", False)
    with pytest.raises(ValueError, match="normalisation form"):
        athena.normalize("v", "NFX")


def test_article_schema_query_runs_on_duckdb(duck: duckdb.DuckDBPyConnection) -> None:
    schema = article_schema()
    now = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    duck.execute("CREATE OR REPLACE TABLE raw AS SELECT 0 AS export_seq, 'f' AS file, "
                 "CAST(0 AS BIGINT) AS ts, true AS present, 'ACCT#1' AS pk, 'SACCT#1' AS pk_id, "
                 "'PROFILE' AS sk, 'SPROFILE' AS sk_id, CAST(NULL AS VARCHAR) AS ttl, "
                 "'a@x' AS a0, 'ada' AS a1")
    rows = duck.execute(rules_query(DUCK, schema, "raw", ("email", "username"), now, False)).fetchall()
    findings = sorted((r[1], r[2], r[3]) for r in rows if r[0] == "finding")
    assert findings == [(MISSING_LOCK, "0", "a@x"), (MISSING_LOCK, "1", "ada")]


# --------------------------------------------------------------------------- the keys


def test_fold_tables_turn_simple_lower_case_into_casefold() -> None:
    # Per character of an NFKC text: replace `before`, lower-case (simple mapping), map `after`.
    before, after = forms_sql.fold_tables()
    assert before == {"İ": "i̇"} and after["ß"] == "ss" and after["ς"] == "σ" and after["ꭰ"] == "Ꭰ"
    wrong = []
    for char in forms_sql._all_chars():
        if unicodedata.normalize("NFKC", char) != char:
            continue
        lowered = "".join(map(forms_sql.simple_lower, before.get(char, char)))
        if "".join(after.get(c, c) for c in lowered) != char.casefold():
            wrong.append(char)
    assert wrong == []


def test_trimming_clash_key_is_the_clash_key_trimmed() -> None:
    # Athena's SQL trims the untrimmed key (forms_sql.clash_key): true for every form.
    for word in [*WORDS, "\u3000Ａ\u200b ", " \u00a0x\u2028"]:
        assert forms.clash_key(word, True) == forms.clash_key(word, False).strip()


def test_prototypes_cover_every_character_a_clash_key_can_hold() -> None:
    # skeleton_prototypes() keeps only what NFD of a clash key can hold: check it over the
    # clash key of every code point (one string: NUL keeps the characters apart).
    keys = forms.clash_key("\x00".join(forms_sql._all_chars()))
    held = set(unicodedata.normalize("NFD", keys)) - {"\x00"}
    prototypes = forms._prototypes()
    needed = {c for c in held if c in prototypes}
    assert needed <= forms.skeleton_prototypes().keys()
    assert len(forms.skeleton_prototypes()) < len(prototypes) / 2


def _assigned() -> str:
    # Unassigned and private-use code points are their own keys under every step.
    return "".join(c for c in forms_sql._all_chars() if unicodedata.category(c) not in ("Cn", "Co"))


def test_athena_keys_equal_forms_on_every_assigned_code_point(twin: duckdb.DuckDBPyConnection) -> None:
    chars = _assigned()
    twin.execute("CREATE OR REPLACE TEMP TABLE chars AS SELECT unnest(?::VARCHAR[]) AS c", [list(chars)])
    select = (f"c, {forms_sql.clash_key(TWIN, 'c', False)} AS k, "
              f"{forms_sql.clash_key(TWIN, 'c', True)} AS t, "
              f"{forms_sql.normalised(TWIN, 'trim+lowercase', 'c')} AS n")
    rows = twin.execute(_keyed(TWIN, f"c, k, t, n, {forms_sql.lookalike_key(TWIN, 'c', 'k', False)} AS l",
                               _keyed(TWIN, select, "SELECT c FROM chars"))).fetchall()
    assert len(rows) == len(chars)
    wrong = [(hex(ord(c)), k, t, n, lk) for c, k, t, n, lk in rows
             if (k, t, n, lk) != (forms.clash_key(c), forms.clash_key(c, True),
                                  forms.normalise(c, "trim+lowercase"), forms.lookalike_key(c))]
    assert wrong == []


@pytest.mark.parametrize("mode", NORMALISATIONS)
def test_both_engines_key_words_as_forms_does(twin: duckdb.DuckDBPyConnection,
                                              duck: duckdb.DuckDBPyConnection, mode: str) -> None:
    trim = forms.trims(mode)
    expected = [(w, forms.normalise(w, mode), forms.clash_key(forms.normalise(w, mode), trim),
                 forms.lookalike_key(forms.normalise(w, mode), trim), not forms.normalise(w, mode).isascii())
                for w in WORDS]
    for d, con in ((TWIN, twin), (DUCK, duck)):
        ck = forms_sql.clash_key(d, "v", trim)
        keys = _keyed(d, f"w, v, {ck} AS k", _keyed(d, f"w, {forms_sql.normalised(d, mode, 'w')} AS v",
                                                      "SELECT unnest(?::VARCHAR[]) AS w"))
        select = f"w, v, k, {forms_sql.lookalike_key(d, 'v', 'k', trim)}, {forms_sql.non_ascii(d, 'v')}"
        got = con.execute(_keyed(d, select, keys), [WORDS]).fetchall()
        assert sorted(got) == sorted(expected), d.name
    assert forms_sql.normalised(DUCK, NORMALISE_NONE, "w") == "w"


def test_duckdb_keys_ascii_in_sql_and_the_rest_with_forms(duck: duckdb.DuckDBPyConnection) -> None:
    # Every ASCII character takes SQL's path (no UDF call) and agrees with forms.
    ascii_chars = [chr(c) for c in range(1, 128)]
    for mode in NORMALISATIONS[1:]:
        trim = forms.trims(mode)
        expr = (f"{forms_sql.normalised(DUCK, mode, 'w')}, {forms_sql.clash_key(DUCK, 'w', trim)}, "
                f"{forms_sql.lookalike_key(DUCK, 'w', forms_sql.clash_key(DUCK, 'w', trim), trim)}")
        rows = duck.execute(f"SELECT w, {expr} FROM (SELECT unnest(?::VARCHAR[]) || 'mI1 ' AS w)",
                            [ascii_chars]).fetchall()
        assert [r[1:] for r in rows] == [(forms.normalise(w, mode), forms.clash_key(w, trim),
                                          forms.lookalike_key(w, trim)) for w, *_ in rows]
    assert "dynoview_clash_key" in forms_sql.clash_key(DUCK, "w", "trims")


def test_replace_chain_refuses_a_table_whose_replacements_feed_each_other() -> None:
    assert forms_sql.replace_chain("v", {"a": "b"}) == "replace(v, 'a', 'b')"
    with pytest.raises(ValueError, match="nested replace"):
        forms_sql.replace_chain("v", {"a": "b", "b": "c"})
