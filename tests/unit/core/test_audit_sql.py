"""The SQL the audit's rules generate: Python's case and space rules reproduced exactly in
DuckDB, schema text always quoted, and the Athena spellings of the few dialect functions."""

from __future__ import annotations

from datetime import UTC, datetime

import duckdb
import pytest

from dynoview.core.exports.queries import rules_query
from dynoview.core.exports.sql import (
    ATHENA,
    DUCKDB,
    PY_WHITESPACE,
    VALUE_CHECKS,
    Dialect,
    athena_table_ddl,
    literal,
    where,
)
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, ORPHAN_LOCK
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema

DUCK = Dialect(DUCKDB)


def _one(sql: str) -> object:
    with duckdb.connect() as con:
        return con.execute(sql).fetchall()[0][0]


def test_py_lower_matches_python_for_every_code_point() -> None:
    # Python's str.lower() and SQL's lower() differ on one code point (U+0130) and on a
    # word-final sigma; py_lower fixes both, so every single character lower-cases the same.
    expr = DUCK.py_lower("chr(i::INTEGER)")
    with duckdb.connect() as con:
        rows = con.execute(f"SELECT i, {expr} FROM range(1, 1114112) t(i) "
                           "WHERE i < 55296 OR i > 57343").fetchall()
    wrong = [(hex(i), got, chr(i).lower()) for i, got in rows if got != chr(i).lower()]
    # A lone capital sigma is a one-letter word: Python keeps it medial (no cased letter before).
    assert wrong == []


@pytest.mark.parametrize("text", [
    "ΟΔΟΣ", "ΟΔΟΣ ΚΑΙ ΣΑΣ", "ΣΣ", "Σ", "ΑΣΑΣ", "ΌΣ.", "ΝΊΚΟΣ!", "AΣb", "İstanbul", "Straße",
    "ΟΔΟΣ\u0301", "ada@LOVELACE.io", "Ἀθῆναι", "ǅemal", "ΑΣ1", "日本Σ",
])
def test_py_lower_matches_python_on_words(text: str) -> None:
    assert _one(f"SELECT {DUCK.py_lower(literal(text))}") == text.lower()


def test_py_strip_removes_exactly_what_python_strips() -> None:
    for c in PY_WHITESPACE:
        text = f"{chr(c)} a{chr(c)}b {chr(c)}"
        assert _one(f"SELECT {DUCK.py_strip(literal(text))}") == text.strip()
    assert _one(f"SELECT {DUCK.py_strip(literal('​x​'))}") == "​x​".strip()  # zero-width


def test_literals_keep_hostile_text_as_data() -> None:
    hostile = "x'); DROP TABLE raw; --\\ \"q\" ''"
    assert _one(f"SELECT {literal(hostile)}") == hostile
    with pytest.raises(ValueError, match="NUL"):
        literal("a\x00b")


def test_checks_render_from_data() -> None:
    rendered = {c.status: where(c) for c in VALUE_CHECKS}
    assert rendered[DUPLICATE_VALUE] == "holders >= 2"
    assert rendered[MISSING_LOCK] == "holders = 1 AND NOT locked AND NOT clashed"
    assert rendered[ORPHAN_LOCK] == "holders = 0 AND locked AND NOT lock_expired AND NOT clashed"


def test_rules_query_is_the_same_for_both_engines_but_for_dialect_functions() -> None:
    # The rules query reads its dialect only through Dialect's methods: with those rendered
    # alike, the two engines' queries are the same text (the DuckDB one is Athena's twin).
    class Tokens(Dialect):
        def py_lower(self, expr: str) -> str:
            return f"PY_LOWER({expr})"

        def py_strip(self, expr: str) -> str:
            return f"PY_STRIP({expr})"

    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                              "trim+lowercase"),
                                     LockRule("handle", "username", "UNIQ#H#{value}#X", None, "lowercase")))
    now = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    duck = rules_query(Tokens(DUCKDB), schema, "raw", ("email", "username"), now, True)
    athena = rules_query(Tokens(ATHENA), schema, '"db"."raw"', ("email", "username"), now, True)
    assert duck == athena.replace('"db"."raw"', "raw")


def test_athena_spellings() -> None:
    athena = Dialect(ATHENA)
    assert athena.attr('"item"', "e'mail", "S") == "element_at(\"item\", 'e''mail').s"
    assert athena.is_ascii("v") == "length(to_utf8(v)) = length(v)"
    assert "'$1ς$2$3'" in athena.sigma("v") and "'g'" not in athena.sigma("v")
    assert athena.basename('"$path"') == "element_at(split(\"$path\", '/'), -1)"
    ddl = athena_table_ddl("default", "dynoview_export0_x", "s3://b/p/AWSDynamoDB/1-a/data/", False)
    assert "ROW FORMAT SERDE 'org.apache.hive.hcatalog.data.JsonSerDe'" in ddl
    assert "`Item` map<string,struct<s:string,n:string,b:string>>" in ddl
    assert ddl.endswith("LOCATION 's3://b/p/AWSDynamoDB/1-a/data/'")
    with pytest.raises(ValueError, match="not a usable Athena"):
        athena_table_ddl("default; DROP", "t", "s3://b/", False)


def test_article_schema_query_runs_on_duckdb() -> None:
    schema = article_schema()
    now = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    with duckdb.connect() as con:
        con.execute("CREATE TABLE raw AS SELECT 0 AS export_seq, 'f' AS file, "
                    "CAST(0 AS BIGINT) AS ts, true AS present, 'ACCT#1' AS pk, 'SACCT#1' AS pk_id, "
                    "'PROFILE' AS sk, 'SPROFILE' AS sk_id, CAST(NULL AS VARCHAR) AS ttl, "
                    "'a@x' AS a0, 'ada' AS a1")
        rows = con.execute(rules_query(DUCK, schema, "raw", ("email", "username"), now, False)).fetchall()
    findings = sorted((r[1], r[2], r[3]) for r in rows if r[0] == "finding")
    assert findings == [(MISSING_LOCK, "0", "a@x"), (MISSING_LOCK, "1", "ada")]
