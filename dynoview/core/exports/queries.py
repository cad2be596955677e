"""The statements of one export audit: each export projected to what the rules read, and
the one rules query that applies every check, built clause by clause.

The rules and the dialects are in ``sql``; everything taken from a schema enters the SQL
as a quoted literal (``sql.literal``), never as text pasted into a statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dynoview.core.exports.sql import (
    ACCOUNT_CHECK,
    CLASH_CHECK,
    DUCKDB,
    HEALTHY,
    TTL_MAX_AGE_S,
    TTL_MAX_SECONDS,
    VALUE_CHECKS,
    AuditSql,
    Dialect,
    Source,
    Statement,
    dialect,
    ident,
    literal,
    where,
)
from dynoview.core.uniqueness.findings import OK
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
)

NULL = "CAST(NULL AS VARCHAR)"


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
    account_cond = _account_condition(schema)
    rows = _Rows(attrs)
    return "\n".join([
        f"WITH items AS (\n  {_latest_items(raw) if incremental else f'SELECT * FROM {raw}'}\n),",
        f"accounts AS (\n  SELECT pk AS account, sk, ttl, {_expired('ttl', now)} AS expired{rows.a_sel}\n"
        f"  FROM items WHERE {account_cond}\n),",
        f"lock_items AS (\n  {_lock_items(schema, rules, index, account_cond, now)}\n),",
        "locks AS (SELECT * FROM lock_items WHERE rule IS NOT NULL),",
        _holders(d, rules, index, attrs),
        _VALUE_STATE,
        f"keyed AS (SELECT rule, value, holders, locked, lock_expired, {_clash_case(d, rules, index)} "
        "AS ck FROM value_state),",
        "clash_groups AS (SELECT rule, ck, count(*) AS forms FROM keyed GROUP BY rule, ck),",
        "classified AS (\n  SELECT k.rule, k.value, k.holders, k.locked, k.lock_expired, "
        f"({where(CLASH_CHECK, 'g')}) AS clashed\n"
        "  FROM keyed k JOIN clash_groups g ON g.rule = k.rule AND g.ck = k.ck\n),",
        f"problems AS (SELECT rule, value FROM classified WHERE NOT ({where(HEALTHY)}))",
        "\nUNION ALL\n".join([*rows.findings(), *rows.counts(), *rows.evidence()]),
    ])


def _latest_items(raw: str) -> str:
    """Latest record per key: a later export wins, then a later write; deletes drop the item."""
    return (f"SELECT * FROM (SELECT r.*, row_number() OVER (PARTITION BY pk_id, sk_id "
            f"ORDER BY export_seq DESC, ts DESC) AS rn FROM {raw} r) latest "
            "WHERE rn = 1 AND present")


def _account_condition(schema: UniquenessSchema) -> str:
    account_cond = f"pk IS NOT NULL AND {_starts('pk', schema.account_pk_prefix)}"
    if schema.sk_name and schema.account_sk_value is not None:
        account_cond += f" AND coalesce(sk = {literal(schema.account_sk_value)}, false)"
    return account_cond


def _lock_condition(schema: UniquenessSchema, rule: LockRule, value: str) -> str:
    """The condition an item meets to be one of ``rule``'s locks (``value``: its value's SQL)."""
    cond = _starts("pk", rule.prefix)
    if rule.suffix:
        cond += f" AND length(pk) >= {len(rule.prefix) + len(rule.suffix)} AND {_ends('pk', rule.suffix)}"
    sk_template = rule.sk_template
    if schema.sk_name and sk_template is not None:
        # The sort key repeats the value (TypeDORM): it must be the PK's value.
        cond += (f" AND coalesce(sk = {literal(sk_template[0])} || {value} || "
                 f"{literal(sk_template[1])}, false)")
    elif schema.sk_name and rule.sk_value is not None:
        cond += f" AND coalesce(sk = {literal(rule.sk_value)}, false)"
    return cond


def _lock_items(schema: UniquenessSchema, rules: list[LockRule], index: dict[str, int],
                account_cond: str, now: float) -> str:
    """Every non-account item as (rule, value) when it is a lock, (NULL, NULL) otherwise."""
    if not rules:
        return ("SELECT CAST(NULL AS INTEGER) AS rule, CAST(NULL AS VARCHAR) AS value, "
                "CAST(NULL AS VARCHAR) AS ttl, false AS expired FROM items WHERE false")
    # Lock rules, longest prefix first (UNIQ#EMAIL2# is not UNIQ#EMAIL#): CASE takes the first.
    whens_rule, whens_value = [], []
    for rule in sorted(rules, key=lambda r: len(r.prefix), reverse=True):
        value = f"substr(pk, {len(rule.prefix) + 1}, length(pk) - {len(rule.prefix) + len(rule.suffix)})"
        cond = _lock_condition(schema, rule, value)
        whens_rule.append(f"WHEN {cond} THEN {index[rule.name]}")
        whens_value.append(f"WHEN {cond} THEN {value}")
    return (f"SELECT CASE {' '.join(whens_rule)} END AS rule,\n"
            f"         CASE {' '.join(whens_value)} END AS value, ttl,\n"
            f"         {_expired('ttl', now)} AS expired\n"
            f"  FROM items WHERE pk IS NOT NULL AND NOT ({account_cond})")


def _holders(d: Dialect, rules: list[LockRule], index: dict[str, int], attrs: tuple[str, ...]) -> str:
    """The holders CTE: (rule, normalised value, account) for every account value."""
    if not rules:
        return ("holders AS (SELECT CAST(NULL AS INTEGER) AS rule, CAST(NULL AS VARCHAR) AS value, "
                "CAST(NULL AS VARCHAR) AS account WHERE false),")
    attr_col = {a: f"a{i}" for i, a in enumerate(attrs)}
    holders = "\n  UNION ALL\n  ".join(
        f"SELECT {index[r.name]} AS rule, {_normalised(d, r, attr_col[r.attribute])} AS value, account "
        f"FROM accounts WHERE {attr_col[r.attribute]} IS NOT NULL" for r in rules)
    return f"holders AS (\n  SELECT DISTINCT rule, value, account FROM (\n  {holders}\n  ) h\n),"


# Per value: distinct accounts needing it, its lock items, and whether all have expired.
_VALUE_STATE = (
    "value_state AS (\n  SELECT rule, value, count(account) AS holders, count(lock_item) > 0 AS locked,\n"
    "         coalesce(bool_and(lock_expired), false) AS lock_expired\n"
    "  FROM (SELECT rule, value, account, CAST(NULL AS INTEGER) AS lock_item, "
    "CAST(NULL AS BOOLEAN) AS lock_expired FROM holders\n"
    "        UNION ALL SELECT rule, value, CAST(NULL AS VARCHAR), 1, expired FROM locks) u\n"
    "  GROUP BY rule, value\n),")


def _clash_case(d: Dialect, rules: list[LockRule], index: dict[str, int]) -> str:
    """Each value's clash key, by its rule's normalisation."""
    return "CASE rule " + " ".join(
        f"WHEN {index[r.name]} THEN {_clash_key(d, r, 'value')}" for r in rules) + " END"


class _Rows:
    """The result rows, all of one shape; ``a0..an`` carry an account's attributes or NULLs."""

    def __init__(self, attrs: tuple[str, ...]) -> None:
        a_cols = ", ".join(f"a{i}" for i in range(len(attrs)))
        a_nulls = ", ".join(f"CAST(NULL AS VARCHAR) AS a{i}" for i in range(len(attrs)))
        self.a_sel = f", {a_cols}" if attrs else ""
        self.a_null_sel = f", {a_nulls}" if attrs else ""

    def row(self, section: str, status: str, rule: str, value: str, account: str, sk: str, ttl: str,
            n: str, with_attrs: bool = False) -> str:
        return (f"SELECT {literal(section)} AS section, {status} AS status, CAST({rule} AS VARCHAR) AS rule, "
                f"{value} AS value, {account} AS account, {sk} AS sk, {ttl} AS ttl, "
                f"CAST({n} AS BIGINT) AS n{self.a_sel if with_attrs else self.a_null_sel}")

    def findings(self) -> list[str]:
        row = self.row
        findings = [
            row("finding", literal(c.status), "rule", "value", NULL, NULL, NULL, "NULL") +
            f" FROM classified WHERE {where(c)}" for c in VALUE_CHECKS]
        findings.append(row("finding", literal(CLASH_CHECK.status), "rule", "ck", NULL, NULL, NULL, "NULL")
                        + f" FROM clash_groups WHERE {where(CLASH_CHECK)}")
        findings.append(row("finding", literal(ACCOUNT_CHECK.status), "NULL", NULL, "account", NULL, NULL,
                            "NULL") + f" FROM accounts WHERE {where(ACCOUNT_CHECK)}")
        return findings

    def counts(self) -> list[str]:
        row = self.row
        return [
            row("count", literal(OK), "NULL", NULL, NULL, NULL, NULL, "count(*)")
            + f" FROM classified WHERE {where(HEALTHY)}",
            row("count", "'ITEMS'", "NULL", NULL, NULL, NULL, NULL, "count(*)") + " FROM items",
            row("count", "'ACCOUNTS'", "NULL", NULL, NULL, NULL, NULL, "count(*)") + " FROM accounts",
            row("count", "'LOCKS'", "NULL", NULL, NULL, NULL, NULL, "count(*)") + " FROM locks",
        ]

    def evidence(self) -> list[str]:
        """The locks, holders and accounts the findings name."""
        row = self.row
        return [
            row("lock", NULL, "l.rule", "l.value", NULL, NULL, "l.ttl", "NULL")
            + " FROM locks l JOIN problems p ON p.rule = l.rule AND p.value = l.value",
            row("holder", NULL, "h.rule", "h.value", "h.account", NULL, NULL, "NULL")
            + " FROM holders h JOIN problems p ON p.rule = h.rule AND p.value = h.value",
            row("account", NULL, "NULL", NULL, "account", "sk", "ttl", "NULL", with_attrs=True)
            + " FROM accounts WHERE expired OR account IN (SELECT h.account FROM holders h JOIN problems p "
              "ON p.rule = h.rule AND p.value = h.value)",
        ]


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
