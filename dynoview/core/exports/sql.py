"""The audit's rules as data, and the SQL they generate for DuckDB and Athena (Trino).

The live audit classifies items in Python (``dynoview.core.uniqueness.pairing``). An export is
audited by a SQL engine instead, so a table larger than memory spills to disk
(DuckDB) or runs on many machines (Athena). Both engines get their SQL from the
same definitions below; only the spelling of a few functions differs (``Dialect``).

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
from datetime import datetime

from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
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


def _attributes(schema: UniquenessSchema) -> tuple[str, ...]:
    seen: list[str] = []
    for rule in schema.rules:
        if rule.attribute not in seen:
            seen.append(rule.attribute)
    return tuple(seen)


def _raw_select(d: Dialect, schema: UniquenessSchema, ttl: str | None, source: Source, seq: int,
                attrs: tuple[str, ...]) -> str:
    """One export's lines projected to what the rules read (keys, TTL, rule attributes)."""
    # Column names as the engine stores them (Athena lower-cases every column name).
    names = ("Keys", "NewImage") if source.incremental else ("Item", "Item")
    keys, image = (ident(n if d.name == DUCKDB else n.lower()) for n in names)

    def typed(col: str, attribute: str, code: str) -> str:
        return d.attr(col, attribute, code)

    def key_id(attribute: str) -> str:
        # A key's identity across exports: its type and text (keys may be S, N or B).
        return (f"coalesce('S' || {typed(keys, attribute, 'S')}, 'N' || {typed(keys, attribute, 'N')}, "
                f"'B' || {typed(keys, attribute, 'B')})")

    cols = [f"{seq} AS export_seq", f"{d.basename(source.file_column)} AS file"]
    if source.incremental:
        ts = ident("Metadata") if d.name == DUCKDB else ident("metadata")
        cols.append(f"TRY_CAST({ts}.{'WriteTimestampMicros' if d.name == DUCKDB else 'writetimestampmicros'}"
                    f".{'N' if d.name == DUCKDB else 'n'} AS BIGINT) AS ts")
        cols.append(f"{image} IS NOT NULL AS present")
    else:
        cols += ["CAST(0 AS BIGINT) AS ts", "true AS present"]
    cols.append(f"{typed(keys, schema.pk_name, 'S')} AS pk")
    cols.append(f"{key_id(schema.pk_name)} AS pk_id")
    if schema.sk_name:
        cols.append(f"{typed(keys, schema.sk_name, 'S')} AS sk")
        cols.append(f"{key_id(schema.sk_name)} AS sk_id")
    else:
        cols += ["CAST(NULL AS VARCHAR) AS sk", "CAST(NULL AS VARCHAR) AS sk_id"]
    cols.append(f"{typed(image, ttl, 'N')} AS ttl" if ttl else "CAST(NULL AS VARCHAR) AS ttl")
    for i, attribute in enumerate(attrs):
        # S as is, N as its exact text; "" and other types are no value (pairing.feed).
        cols.append(f"coalesce(nullif({typed(image, attribute, 'S')}, ''), "
                    f"nullif({typed(image, attribute, 'N')}, '')) AS a{i}")
    return "SELECT " + ",\n       ".join(cols) + f"\nFROM {source.relation}"


def _expired(ttl: str, now: float) -> str:
    seconds = f"TRY_CAST({ttl} AS DOUBLE)"
    now_text = repr(float(now))
    return (f"coalesce({seconds} >= 0 AND {seconds} < {now_text} AND {now_text} - {seconds} <= "
            f"{TTL_MAX_AGE_S} AND {seconds} < {TTL_MAX_SECONDS}, false)")


def _normalised(d: Dialect, rule: LockRule, expr: str) -> str:
    if rule.normalisation == NORMALISE_LOWER:
        return d.py_lower(expr)
    if rule.normalisation == NORMALISE_TRIM_LOWER:
        return d.py_lower(d.py_strip(expr))
    return expr


def _clash_key(d: Dialect, rule: LockRule, expr: str) -> str:
    return d.py_lower(d.py_strip(expr)) if rule.normalisation == NORMALISE_TRIM_LOWER else d.py_lower(expr)


def _starts(expr: str, prefix: str) -> str:
    return f"substr({expr}, 1, {len(prefix)}) = {literal(prefix)}"


def _ends(expr: str, suffix: str) -> str:
    return f"substr({expr}, length({expr}) - {len(suffix) - 1}) = {literal(suffix)}"


def rules_query(d: Dialect, schema: UniquenessSchema, raw: str, attrs: tuple[str, ...], now: float,
                incremental: bool) -> str:
    """The one query that applies every check and returns findings, counts and the evidence
    (locks, flagged accounts) as rows of one shape: section, status, rule, value, account,
    sk, ttl, n, a0..an (see ``export_audit.EngineRows``)."""
    rules = list(schema.rules)
    index = {r.name: i for i, r in enumerate(rules)}
    attr_col = {a: f"a{i}" for i, a in enumerate(attrs)}
    if incremental:
        # Latest record per key: a later export wins, then a later write; deletes drop the item.
        items = (f"SELECT * FROM (SELECT r.*, row_number() OVER (PARTITION BY pk_id, sk_id "
                 f"ORDER BY export_seq DESC, ts DESC) AS rn FROM {raw} r) latest "
                 "WHERE rn = 1 AND present")
    else:
        items = f"SELECT * FROM {raw}"
    account_cond = f"pk IS NOT NULL AND {_starts('pk', schema.account_pk_prefix)}"
    if schema.sk_name and schema.account_sk_value is not None:
        account_cond += f" AND coalesce(sk = {literal(schema.account_sk_value)}, false)"
    # Lock rules, longest prefix first (UNIQ#EMAIL2# is not UNIQ#EMAIL#): CASE takes the first.
    whens_rule, whens_value = [], []
    for rule in sorted(rules, key=lambda r: len(r.prefix), reverse=True):
        cond = _starts("pk", rule.prefix)
        if rule.suffix:
            cond += f" AND length(pk) >= {len(rule.prefix) + len(rule.suffix)} AND {_ends('pk', rule.suffix)}"
        value = f"substr(pk, {len(rule.prefix) + 1}, length(pk) - {len(rule.prefix) + len(rule.suffix)})"
        sk_template = rule.sk_template
        if schema.sk_name and sk_template is not None:
            # The sort key repeats the value (TypeDORM): it must be the PK's value.
            cond += (f" AND coalesce(sk = {literal(sk_template[0])} || {value} || "
                     f"{literal(sk_template[1])}, false)")
        elif schema.sk_name and rule.sk_value is not None:
            cond += f" AND coalesce(sk = {literal(rule.sk_value)}, false)"
        whens_rule.append(f"WHEN {cond} THEN {index[rule.name]}")
        whens_value.append(f"WHEN {cond} THEN {value}")
    holders = "\n  UNION ALL\n  ".join(
        f"SELECT {index[r.name]} AS rule, {_normalised(d, r, attr_col[r.attribute])} AS value, account "
        f"FROM accounts WHERE {attr_col[r.attribute]} IS NOT NULL" for r in rules)
    clash_key = "CASE rule " + " ".join(
        f"WHEN {index[r.name]} THEN {_clash_key(d, r, 'value')}" for r in rules) + " END"
    a_cols = ", ".join(f"a{i}" for i in range(len(attrs)))
    a_nulls = ", ".join(f"CAST(NULL AS VARCHAR) AS a{i}" for i in range(len(attrs)))
    a_sel = f", {a_cols}" if attrs else ""
    a_null_sel = f", {a_nulls}" if attrs else ""

    def row(section: str, status: str, rule: str, value: str, account: str, sk: str, ttl: str,
            n: str, with_attrs: bool = False) -> str:
        return (f"SELECT {literal(section)} AS section, {status} AS status, CAST({rule} AS VARCHAR) AS rule, "
                f"{value} AS value, {account} AS account, {sk} AS sk, {ttl} AS ttl, "
                f"CAST({n} AS BIGINT) AS n{a_sel if with_attrs else a_null_sel}")

    null = "CAST(NULL AS VARCHAR)"
    findings = [
        row("finding", literal(c.status), "rule", "value", null, null, null, "NULL") +
        f" FROM classified WHERE {where(c)}" for c in VALUE_CHECKS]
    findings.append(row("finding", literal(CLASH_CHECK.status), "rule", "ck", null, null, null, "NULL")
                    + f" FROM clash_groups WHERE {where(CLASH_CHECK)}")
    findings.append(row("finding", literal(ACCOUNT_CHECK.status), "NULL", null, "account", null, null,
                        "NULL") + f" FROM accounts WHERE {where(ACCOUNT_CHECK)}")
    counts = [
        row("count", literal(OK), "NULL", null, null, null, null, "count(*)")
        + f" FROM classified WHERE {where(HEALTHY)}",
        row("count", "'ITEMS'", "NULL", null, null, null, null, "count(*)") + " FROM items",
        row("count", "'ACCOUNTS'", "NULL", null, null, null, null, "count(*)") + " FROM accounts",
        row("count", "'LOCKS'", "NULL", null, null, null, null, "count(*)") + " FROM locks",
    ]
    evidence = [
        row("lock", null, "l.rule", "l.value", null, null, "l.ttl", "NULL")
        + " FROM locks l JOIN problems p ON p.rule = l.rule AND p.value = l.value",
        row("holder", null, "h.rule", "h.value", "h.account", null, null, "NULL")
        + " FROM holders h JOIN problems p ON p.rule = h.rule AND p.value = h.value",
        row("account", null, "NULL", null, "account", "sk", "ttl", "NULL", with_attrs=True)
        + " FROM accounts WHERE expired OR account IN (SELECT h.account FROM holders h JOIN problems p "
          "ON p.rule = h.rule AND p.value = h.value)",
    ]
    lock_items = (f"SELECT CASE {' '.join(whens_rule)} END AS rule,\n"
                  f"         CASE {' '.join(whens_value)} END AS value, ttl,\n"
                  f"         {_expired('ttl', now)} AS expired\n"
                  f"  FROM items WHERE pk IS NOT NULL AND NOT ({account_cond})") if rules else (
        "SELECT CAST(NULL AS INTEGER) AS rule, CAST(NULL AS VARCHAR) AS value, "
        "CAST(NULL AS VARCHAR) AS ttl, false AS expired FROM items WHERE false")
    return "\n".join([
        f"WITH items AS (\n  {items}\n),",
        f"accounts AS (\n  SELECT pk AS account, sk, ttl, {_expired('ttl', now)} AS expired{a_sel}\n"
        f"  FROM items WHERE {account_cond}\n),",
        f"lock_items AS (\n  {lock_items}\n),",
        "locks AS (SELECT * FROM lock_items WHERE rule IS NOT NULL),",
        f"holders AS (\n  SELECT DISTINCT rule, value, account FROM (\n  {holders}\n  ) h\n),"
        if rules else "holders AS (SELECT CAST(NULL AS INTEGER) AS rule, CAST(NULL AS VARCHAR) AS value, "
                      "CAST(NULL AS VARCHAR) AS account WHERE false),",
        # Per value: distinct accounts needing it, its lock items, and whether all have expired.
        "value_state AS (\n  SELECT rule, value, count(account) AS holders, count(lock_item) > 0 AS locked,\n"
        "         coalesce(bool_and(lock_expired), false) AS lock_expired\n"
        "  FROM (SELECT rule, value, account, CAST(NULL AS INTEGER) AS lock_item, "
        "CAST(NULL AS BOOLEAN) AS lock_expired FROM holders\n"
        "        UNION ALL SELECT rule, value, CAST(NULL AS VARCHAR), 1, expired FROM locks) u\n"
        "  GROUP BY rule, value\n),",
        f"keyed AS (SELECT rule, value, holders, locked, lock_expired, {clash_key} AS ck FROM value_state),",
        "clash_groups AS (SELECT rule, ck, count(*) AS forms FROM keyed GROUP BY rule, ck),",
        "classified AS (\n  SELECT k.rule, k.value, k.holders, k.locked, k.lock_expired, "
        f"({where(CLASH_CHECK, 'g')}) AS clashed\n"
        "  FROM keyed k JOIN clash_groups g ON g.rule = k.rule AND g.ck = k.ck\n),",
        f"problems AS (SELECT rule, value FROM classified WHERE NOT ({where(HEALTHY)}))",
        "\nUNION ALL\n".join([*findings, *counts, *evidence]),
    ])


def build(engine: str, schema: UniquenessSchema, sources: Sequence[Source], *, ttl_attribute: str | None,
          now: datetime, raw_table: str, raw_create: str, drops: Sequence[tuple[str, str]] = (),
          setup: Sequence[Statement] = ()) -> AuditSql:
    """The statements for one audit. ``raw_create`` is the engine's CREATE TABLE ... AS head
    for ``raw_table`` (DuckDB: a table in its database file; Athena: a Parquet CTAS)."""
    d = dialect(engine)
    attrs = _attributes(schema)
    selects = [_raw_select(d, schema, ttl_attribute, s, i, attrs) for i, s in enumerate(sources)]
    incremental = any(s.incremental for s in sources)
    plan = AuditSql(engine, list(setup), attributes=attrs)
    plan.raw = Statement("raw", f"{raw_create}\n" + "\nUNION ALL\n".join(selects),
                         "Project each export's lines to the keys, TTL and rule attributes the checks "
                         "read (one pass over the data).")
    plan.file_counts = Statement(
        "file counts", f"SELECT export_seq, file, count(*) AS n FROM {raw_table} GROUP BY export_seq, file",
        "Lines per data file, checked against manifest-files.json before any finding is trusted.")
    plan.rules = Statement(
        "rules", rules_query(d, schema, raw_table, attrs, now.timestamp(), incremental),
        "Every check (missing, orphan, duplicate, expired, case clash), the healthy count, and "
        "the locks and accounts the findings name.")
    plan.cleanup = [Statement(name, sql, "Remove what the audit created.") for name, sql in drops]
    return plan
