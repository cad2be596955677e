"""The audit's rules as data, and the SQL they generate for DuckDB and Athena (Trino).

The live audit classifies items in Python (``dynoview.core.uniqueness.pairing``). An export is
audited by a SQL engine instead, so a table larger than memory spills to disk
(DuckDB) or runs on many machines (Athena). Both engines get their SQL from the
same definitions below; only the spelling of a few functions differs (``Dialect``). The
statements themselves are built in ``queries``.

Per rule and per value ``v`` (a stored lock value, or an account's value after the
rule's normalisation), the SQL computes ``holders`` (distinct accounts needing
``v``), ``locked`` (a lock item for ``v`` exists), ``lock_expired`` (every lock
item for ``v`` has a passed TTL) and ``clashed`` (``v`` shares its clash key with
another form). The checks are conditions over those columns (``VALUE_CHECKS``),
over clash groups (``CLASH_CHECK``) and over accounts (``ACCOUNT_CHECK``): exactly
the cases ``Pairing._rule_findings`` reports, which ``export_audit`` cross-checks.

Everything taken from a schema (attribute names, prefixes, sort key values) enters
the SQL as a quoted literal built here, never as text pasted into a statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)

DUCKDB = "duckdb"
ATHENA = "athena"
DIALECTS = (DUCKDB, ATHENA)

# --------------------------------------------------------------------------- rules as data


@dataclass(frozen=True)
class Cond:
    """``column op value`` over a classified row; booleans render as ``col`` / ``NOT col``."""

    column: str
    op: str  # "=", ">=", ">"
    value: int | bool


@dataclass(frozen=True)
class Check:
    """A status and the conditions (all must hold) that give it."""

    status: str
    conds: tuple[Cond, ...]


# Per (rule, value): the same cases, in the same words, as Pairing._rule_findings.
VALUE_CHECKS: tuple[Check, ...] = (
    Check(DUPLICATE_VALUE, (Cond("holders", ">=", 2),)),
    # An expired lock is reported whether or not an account needs the value.
    Check(EXPIRED, (Cond("lock_expired", "=", True),)),
    # Orphans and missing locks inside a clash group are symptoms of the clash: folded into it.
    Check(MISSING_LOCK, (Cond("holders", "=", 1), Cond("locked", "=", False),
                         Cond("clashed", "=", False))),
    Check(ORPHAN_LOCK, (Cond("holders", "=", 0), Cond("locked", "=", True),
                        Cond("lock_expired", "=", False), Cond("clashed", "=", False))),
)
# The healthy case, counted (not reported): one account, its live lock, no clash.
HEALTHY = Check(OK, (Cond("holders", "=", 1), Cond("locked", "=", True),
                     Cond("lock_expired", "=", False), Cond("clashed", "=", False)))
# Per (rule, clash key): two or more stored forms equal once lower-cased (and trimmed).
CLASH_CHECK = Check(CASE_CLASH, (Cond("forms", ">=", 2),))
# Per account item: its own TTL has passed.
ACCOUNT_CHECK = Check(EXPIRED, (Cond("expired", "=", True),))

# TTL: DynamoDB ignores values more than five years old and milliseconds (dynoview.core.ttl.expiry).
TTL_MAX_AGE_S = 5 * 365 * 86400
TTL_MAX_SECONDS = 100_000_000_000

# Python's str.strip() removes exactly these code points (str.isspace()).
PY_WHITESPACE = (9, 10, 11, 12, 13, 28, 29, 30, 31, 32, 133, 160, 5760, *range(8192, 8203),
                 8232, 8233, 8239, 8287, 12288)
# Python's str.lower() differs from SQL's simple case mapping in exactly two ways (checked over
# every code point in tests/unit/core/test_audit_sql.py): U+0130 lower-cases to "i" + U+0307,
# and a word-final capital sigma becomes "ς". Case-ignorable marks may stand between letters.
_IGNORABLE = r"\p{Mn}\p{Me}\p{Cf}\p{Lm}\p{Sk}'.:·’"
_CASED = r"\p{Lu}\p{Ll}\p{Lt}"
SIGMA_PATTERN = f"([{_CASED}][{_IGNORABLE}]*)Σ([{_IGNORABLE}]*)([^{_CASED}{_IGNORABLE}]|$)"
_SIGMA_RE2 = r"\1ς\2\3"  # DuckDB (RE2) group references
_SIGMA_JAVA = "$1ς$2$3"  # Trino (Java regex) group references
_DOTTED_I = "\u0130"


def literal(text: str) -> str:
    """A SQL string literal (standard quoting: both engines double a single quote)."""
    if "\x00" in text:
        raise ValueError("A SQL literal cannot hold a NUL character.")
    return "'" + text.replace("'", "''") + "'"


def ident(name: str) -> str:
    """A quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def _render(cond: Cond, alias: str) -> str:
    column = f"{alias}.{cond.column}" if alias else cond.column
    if isinstance(cond.value, bool):
        return column if cond.value else f"NOT {column}"
    return f"{column} {cond.op} {int(cond.value)}"


def where(check: Check, alias: str = "") -> str:
    """The check's conditions as one SQL condition (columns qualified by ``alias`` if given)."""
    return " AND ".join(_render(c, alias) for c in check.conds)


# --------------------------------------------------------------------------- dialects


@dataclass(frozen=True)
class Dialect:
    """The few spellings the two engines do not share."""

    name: str

    def attr(self, image: str, attribute: str, type_code: str) -> str:
        """One type's text of an attribute of an item held as map<name, {S, N, B}>."""
        if self.name == DUCKDB:
            return f"{image}[{literal(attribute)}].{type_code}"
        return f"element_at({image}, {literal(attribute)}).{type_code.lower()}"

    def is_ascii(self, expr: str) -> str:
        if self.name == DUCKDB:
            return f"strlen({expr}) = length({expr})"
        return f"length(to_utf8({expr})) = length({expr})"

    def basename(self, expr: str) -> str:
        if self.name == DUCKDB:
            return f"parse_filename({expr})"
        return f"element_at(split({expr}, '/'), -1)"

    def sigma(self, expr: str) -> str:
        """Capital sigma at the end of a word as final sigma, as str.lower() writes it."""
        if self.name == DUCKDB:
            return f"regexp_replace({expr}, {literal(SIGMA_PATTERN)}, {literal(_SIGMA_RE2)}, 'g')"
        return f"regexp_replace({expr}, {literal(SIGMA_PATTERN)}, {literal(_SIGMA_JAVA)})"

    def py_lower(self, expr: str) -> str:
        """``str.lower()`` exactly: SQL's lower() for ASCII, the two Unicode exceptions fixed."""
        dotted = f"replace({expr}, {literal(_DOTTED_I)}, {literal(_DOTTED_I.lower())})"
        full = f"lower({self.sigma(dotted)})"
        return f"(CASE WHEN {self.is_ascii(expr)} THEN lower({expr}) ELSE {full} END)"

    def py_strip(self, expr: str) -> str:
        """``str.strip()`` exactly: every code point Python counts as whitespace."""
        chars = " || ".join(f"chr({c})" for c in PY_WHITESPACE)
        return f"trim({expr}, {chars})"


def dialect(name: str) -> Dialect:
    if name not in DIALECTS:
        raise ValueError(f"No SQL dialect {name!r}: use {' or '.join(DIALECTS)}.")
    return Dialect(name)


# --------------------------------------------------------------------------- sources


@dataclass(frozen=True)
class Source:
    """One export as the engine sees it: a relation of JSON lines with a file name column.

    ``relation`` is a table name (Athena) or a ``read_ndjson(...)`` call (DuckDB);
    ``incremental`` lines carry ``Keys``/``NewImage``/``Metadata`` instead of ``Item``.
    """

    relation: str
    file_column: str
    incremental: bool


AV_TYPE_DUCKDB = "STRUCT(S VARCHAR, N VARCHAR, B VARCHAR)"
MAX_LINE_BYTES = 4 * 1024 * 1024
AV_TYPE_HIVE = "struct<s:string,n:string,b:string>"


def duckdb_source(paths: Sequence[str], incremental: bool) -> Source:
    """``read_ndjson`` over local gzipped JSON lines: only the fields the rules read are typed
    (every attribute as map name -> {S, N, B}, so names keep their exact case)."""
    item = f"MAP(VARCHAR, {AV_TYPE_DUCKDB})"
    if incremental:
        columns = (f"{{'Metadata': 'STRUCT(WriteTimestampMicros STRUCT(N VARCHAR))', "
                   f"'Keys': {literal(item)}, 'NewImage': {literal(item)}}}")
    else:
        columns = f"{{'Item': {literal(item)}}}"
    files = "[" + ", ".join(literal(p) for p in paths) + "]"
    # A DynamoDB item is at most 400 KB; as DynamoDB JSON (base64, escapes) a line stays well under
    # 4 MB. DuckDB buffers twice this per reading thread, so it bounds the reader's memory too.
    return Source(f"read_ndjson({files}, columns={columns}, compression='gzip', "
                  f"format='newline_delimited', filename=true, maximum_object_size={MAX_LINE_BYTES})",
                  "filename", incremental)


def athena_table_ddl(database: str, table: str, data_location: str, incremental: bool) -> str:
    """CREATE EXTERNAL TABLE over an export's data prefix, read with the Hive JSON SerDe.

    Items are map<string, struct<s,n,b>>: map keys keep attribute names exactly as written
    (struct fields and columns would be lower-cased), and other types are ignored.
    """
    item = f"map<string,{AV_TYPE_HIVE}>"
    if incremental:
        columns = (f"  `Metadata` struct<WriteTimestampMicros:struct<N:string>>,\n"
                   f"  `Keys` {item},\n  `NewImage` {item}")
    else:
        columns = f"  `Item` {item}"
    return (f"CREATE EXTERNAL TABLE IF NOT EXISTS `{_hive_name(database)}`.`{_hive_name(table)}` (\n"
            f"{columns}\n)\nROW FORMAT SERDE 'org.apache.hive.hcatalog.data.JsonSerDe'\n"
            f"LOCATION {literal(data_location)}")


def _hive_name(name: str) -> str:
    # Glue names: lower-case letters, digits and underscores only; anything else is refused here.
    if not name or not all(c.isascii() and (c.isalnum() or c == "_") for c in name):
        raise ValueError(f"{name!r} is not a usable Athena database or table name: use letters, "
                         "digits and underscores.")
    return name.lower()


# --------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class Statement:
    name: str  # "table export 0", "raw", "file counts", "rules", "drop ..."
    sql: str
    purpose: str  # one line for --print-sql


@dataclass
class AuditSql:
    """The statements of one export audit, in order, for one dialect."""

    dialect: str
    setup: list[Statement] = field(default_factory=list)  # external tables (Athena)
    raw: Statement | None = None  # materialises the projected items
    file_counts: Statement | None = None
    rules: Statement | None = None
    cleanup: list[Statement] = field(default_factory=list)
    attributes: tuple[str, ...] = ()  # a0.. an: the account attributes, in this order

    def statements(self) -> list[Statement]:
        return [*self.setup, *(s for s in (self.raw, self.file_counts, self.rules) if s),
                *self.cleanup]

    def text(self) -> str:
        """Every statement, each after a comment saying what it does, for people who run it."""
        parts = []
        for s in self.statements():
            comment = "\n".join(f"-- {line}" for line in s.purpose.splitlines())
            parts.append(f"{comment}\n{s.sql};")
        return "\n\n".join(parts) + "\n"
