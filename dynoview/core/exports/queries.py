"""The statements of one export audit: each export projected to what the rules read, and
the one rules query that applies every check, built clause by clause.

The checks come from ``uniqueness.rules`` (rendered by ``sql.where``), the keys forms are
compared by from ``forms_sql`` (``uniqueness.forms`` as SQL), the dialects' spellings from
``sql``. Everything taken from a schema enters the SQL as a quoted literal (``sql.literal``),
never as text pasted into a statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from dynoview.core.exports import forms_sql
from dynoview.core.exports.sql import (
    TTL_MAX_SECONDS,
    AuditSql,
    Dialect,
    Source,
    Statement,
    dialect,
    ident,
    literal,
    where,
)
from dynoview.core.ttl.expiry import ignored_before
from dynoview.core.uniqueness.findings import LABELS, OK
from dynoview.core.uniqueness.forms import trims
from dynoview.core.uniqueness.rules import (
    ACCOUNT_CHECK,
    CLASH_KEY,
    CLASH_KEYS,
    FORM_CHECKS,
    FORMS,
    GROUP_CHECKS,
    HEALTHY,
    HELD,
    LOOKALIKE_KEY,
    ODD,
    GroupCheck,
)
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.scope import SCOPE_VAR, UNDEFINED, scope_variables

NULL = "CAST(NULL AS VARCHAR)"


def _attributes(schema: UniquenessSchema) -> tuple[str, ...]:
    """The account attributes the rules read: their own, then a scoped rule's scope variables."""
    seen: list[str] = []
    for rule in schema.rules:
        if rule.attribute not in seen:
            seen.append(rule.attribute)
    for rule in schema.rules:
        seen.extend(v for v in scope_variables(rule.scope or "") if v not in seen)
    return tuple(seen)


def _scope_sql(template: str, attrs: tuple[str, ...]) -> str:
    """``scope.fill_scope`` as SQL over the accounts' a0..an columns: the template's text and
    variables (``${n:4:x}`` padded left, never cut), 'undefined' when one is missing."""
    parts: list[str] = []
    columns: list[str] = []
    at = 0
    for match in SCOPE_VAR.finditer(template):
        if match.start() > at:
            parts.append(literal(template[at:match.start()]))
        name, width, pad = [*match.group(1).split(":"), "", ""][:3]
        column = f"a{attrs.index(name)}"
        columns.append(column)
        parts.append(f"CASE WHEN length({column}) >= {int(width)} THEN {column} ELSE lpad({column}, "
                     f"{int(width)}, {literal((pad or '0')[0])}) END" if width.isdigit() else column)
        at = match.end()
    if at < len(template):
        parts.append(literal(template[at:]))
    text = " || ".join(parts) or literal("")
    missing = " OR ".join(f"{c} IS NULL" for c in columns)
    return f"CASE WHEN {missing} THEN {literal(UNDEFINED)} ELSE {text} END" if missing else text


def _raw_select(d: Dialect, schema: UniquenessSchema, ttl: str | None, source: Source, seq: int,
                attrs: tuple[str, ...]) -> str:
    """One export's lines projected to what the rules read (keys, TTL, rule attributes)."""
    # Column names as the engine stores them (Athena lower-cases every column name).
    names = ("Keys", "NewImage") if source.incremental else ("Item", "Item")
    keys, image = (ident(n if d.on_duckdb else n.lower()) for n in names)
    read: dict[tuple[str, str, str], None] = {}  # every member read, for the ``bad`` check

    def typed(col: str, attribute: str, code: str) -> str:
        read[(col, attribute, code)] = None
        return d.attr(col, attribute, code)

    def key_id(attribute: str) -> str:
        # A key's identity across exports: its type and text (keys may be S, N or B).
        return (f"coalesce('S' || {typed(keys, attribute, 'S')}, 'N' || {typed(keys, attribute, 'N')}, "
                f"'B' || {typed(keys, attribute, 'B')})")

    cols = [f"{seq} AS export_seq", f"{d.basename(source.file_column)} AS file"]
    if source.incremental:
        ts = ident("Metadata") if d.on_duckdb else ident("metadata")
        cols.append(f"TRY_CAST({ts}.{'WriteTimestampMicros' if d.on_duckdb else 'writetimestampmicros'}"
                    f".{'N' if d.on_duckdb else 'n'} AS BIGINT) AS ts")
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
    if source.typed:
        cols.append(f"{_bad_line(d, keys, read)} AS bad")
    return "SELECT " + ",\n       ".join(cols) + f"\nFROM {source.relation}"


def _bad_line(d: Dialect, keys: str, read: dict[tuple[str, str, str], None]) -> str:
    """A line that is no item (no ``Item``, or ``Keys``: it reads as NULL) or has a member the
    rules read that is not a string ({"S": 5}): the audit stops at it, never reads it as an
    item that is not there or as the text "5" (``duckdb_engine`` finds and names the line)."""
    wrong = [f"coalesce(json_type({d.attr_json(col, attribute, code)}) <> 'VARCHAR', false)"
             for col, attribute, code in read]
    return "(" + " OR ".join([f"{keys} IS NULL", *wrong]) + ")"



def _expired(ttl: str, now: float) -> str:
    seconds = f"TRY_CAST({ttl} AS DOUBLE)"
    now_text = repr(float(now))
    return (f"coalesce({seconds} >= 0 AND {seconds} < {now_text} AND {seconds} >= "
            f"{ignored_before(now)!r} AND {seconds} < {TTL_MAX_SECONDS}, false)")


def _starts(expr: str, prefix: str) -> str:
    return f"substr({expr}, 1, {len(prefix)}) = {literal(prefix)}"


def _ends(expr: str, suffix: str) -> str:
    return f"substr({expr}, length({expr}) - {len(suffix) - 1}) = {literal(suffix)}"


def rules_query(d: Dialect, schema: UniquenessSchema, raw: str, attrs: tuple[str, ...], now: float,
                incremental: bool) -> str:
    """The one query that applies every check and returns findings, counts and the evidence
    (locks, flagged accounts) as rows of one shape: section, status, rule, value, account,
    sk, ttl, n, a0..an (see ``export_audit.EngineRows``).

    Per rule and form ``value`` (a stored lock value, or an account value after the rule's
    normalisation): ``value_state`` holds the form's state (``rules``: holders, locked,
    lock_expired), ``form_keys`` its keys (``ck``, ``lk``), each ``<status>_groups`` the
    aggregates of the forms sharing a key, and ``classified`` the state with the group
    memberships: every check of ``rules`` is a WHERE over one of them."""
    rules = list(schema.rules)
    index = {r.name: i for i, r in enumerate(rules)}
    account_cond = _account_condition(schema)
    rows = _Rows(attrs)
    trimming = [str(index[r.name]) for r in rules if trims(r.normalisation)]
    trims_sql = f"rule IN ({', '.join(trimming)})" if trimming else "false"
    # Whether a form's keys trim: the same for every rule, or the row's ``trims``.
    trim: bool | str = (len(trimming) == len(rules)) if len(trimming) in (0, len(rules)) else "k.trims"
    return "\n".join([
        f"WITH items AS (\n  {_latest_items(raw) if incremental else f'SELECT * FROM {raw}'}\n),",
        f"accounts AS (\n  SELECT pk AS account, sk, ttl, {_expired('ttl', now)} AS expired{rows.a_sel}\n"
        f"  FROM items WHERE {account_cond}\n),",
        f"lock_items AS (\n  {_lock_items(schema, rules, index, account_cond, now)}\n),",
        "locks AS (SELECT * FROM lock_items WHERE rule IS NOT NULL),",
        *filter(None, [forms_sql.key_tables(d)]),
        _holders(d, rules, index, attrs),
        _VALUE_STATE,
        *_form_keys(d, rules, index, trim, trims_sql),
        *(_groups(g) for g in GROUP_CHECKS),
        _classified(),
        f"problems AS (SELECT rule, value FROM classified WHERE NOT ({where(HEALTHY)}))",
        "\nUNION ALL\n".join([*rows.findings(), *rows.counts(), *rows.evidence()]),
    ])


def _form_keys(d: Dialect, rules: list[LockRule], index: dict[str, int], trim: bool | str,
               trims_sql: str) -> list[str]:
    """The CTEs keying each form (``keyed``, ``clash_keyed``, ``form_keys``: its odd flag, clash
    key ``ck`` and lookalike key ``lk``). A scoped rule's keys are its form's head (scope and
    middle, up to the first middle) as spelled and the keys of its value part
    (``uniqueness.scoped_keys``): tenants ``Acme`` and ``acme`` are two scopes, never a clash."""
    odd_trim = trim if isinstance(trim, bool) else trims_sql
    scoped = [r for r in rules if r.middle is not None]
    if not scoped:  # the keys of whole forms
        return [
            f"keyed AS (SELECT rule, value, holders, locked, lock_expired, "
            f"{forms_sql.odd(d, 'value', odd_trim)} AS {ODD}, {trims_sql} AS trims FROM value_state),",
            f"clash_keyed AS (SELECT k.*, {forms_sql.clash_key(d, 'k.value', trim)} AS ck "
            f"FROM keyed k{forms_sql.with_tables(d)}),",
            d.materialized("form_keys", "SELECT k.*, "
                           f"{forms_sql.lookalike_key(d, 'k.value', 'k.ck', trim)} AS lk "
                           f"FROM clash_keyed k{forms_sql.with_tables(d)}") + ","]
    heads = " ".join(
        f"WHEN rule = {index[r.name]} AND strpos(value, {literal(r.middle or '')}) > 0 "
        f"THEN substr(value, 1, strpos(value, {literal(r.middle or '')}) + {len(r.middle or '') - 1})"
        for r in scoped)
    return [
        f"headed AS (SELECT rule, value, holders, locked, lock_expired, "
        f"(CASE {heads} ELSE '' END) AS head FROM value_state),",
        "parted AS (SELECT h.*, substr(h.value, length(h.head) + 1) AS part FROM headed h),",
        f"keyed AS (SELECT p.*, {forms_sql.odd(d, 'p.part', odd_trim)} AS {ODD}, {trims_sql} AS trims "
        f"FROM parted p),",
        f"clash_keyed AS (SELECT k.*, {forms_sql.clash_key(d, 'k.part', trim)} AS part_ck "
        f"FROM keyed k{forms_sql.with_tables(d)}),",
        d.materialized("form_keys", "SELECT k.*, k.head || k.part_ck AS ck, "
                       f"k.head || {forms_sql.lookalike_key(d, 'k.part', 'k.part_ck', trim)} AS lk "
                       f"FROM clash_keyed k{forms_sql.with_tables(d)}") + ","]


# The columns of form_keys holding each key of ``forms`` that forms are grouped by.
_KEY_COLUMNS = {CLASH_KEY: "ck", LOOKALIKE_KEY: "lk"}


def _key_column(group: GroupCheck) -> str:
    return _KEY_COLUMNS[group.key]


def _group_table(group: GroupCheck) -> str:
    return f"{group.status.lower()}_groups"


# A group's aggregates over its forms (rules.FORMS, CLASH_KEYS, HELD, ODD).
_AGGREGATES = {FORMS: "count(*)", CLASH_KEYS: "count(DISTINCT f.ck)", HELD: "count_if(f.holders > 0)",
               ODD: f"count_if(f.{ODD})"}


def _groups(group: GroupCheck) -> str:
    """The CTE of a group check: per (rule, key), the aggregates its conditions read. A check
    that needs an odd form (outside ASCII, or padded) groups only keys such a form has: the
    tidy ASCII bulk of a table is joined against those few keys instead of being grouped."""
    key = _key_column(group)
    used = list(dict.fromkeys(c.column for c in group.conds))
    aggregates = ", ".join(f"{_AGGREGATES[c]} AS {c}" for c in used)
    seeded = any(c.column == ODD and c.op == ">=" and int(c.value) >= 1 for c in group.conds)
    seeds = (f"\n  JOIN (SELECT DISTINCT rule, {key} FROM form_keys WHERE {ODD}) s "
             f"ON s.rule = f.rule AND s.{key} = f.{key}") if seeded else ""
    return (f"{_group_table(group)} AS (\n  SELECT f.rule, f.{key} AS group_key, {aggregates}\n"
            f"  FROM form_keys f{seeds}\n  GROUP BY f.rule, f.{key}\n),")


def _classified() -> str:
    """Each form's state and whether its group under each group check gives a finding."""
    members = ",\n         ".join(f"coalesce({where(g, f'g{i}')}, false) AS {g.member}"
                                  for i, g in enumerate(GROUP_CHECKS))
    joins = "".join(f"\n  LEFT JOIN {_group_table(g)} g{i} ON g{i}.rule = f.rule AND g{i}.group_key = "
                    f"f.{_key_column(g)}" for i, g in enumerate(GROUP_CHECKS))
    return (f"classified AS (\n  SELECT f.rule, f.value, f.holders, f.locked, f.lock_expired,\n"
            f"         {members}\n  FROM form_keys f{joins}\n),")


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
    cond = _starts("pk", rule.fixed_prefix)
    if rule.suffix:
        cond += (f" AND length(pk) >= {len(rule.fixed_prefix) + len(rule.suffix)} "
                 f"AND {_ends('pk', rule.suffix)}")
    sk_template = rule.sk_template
    if schema.sk_name and sk_template is not None:
        # The sort key repeats the value (TypeDORM): it must be the PK's value.
        cond += (f" AND coalesce(sk = {literal(sk_template[0])} || {value} || "
                 f"{literal(sk_template[1])}, false)")
    elif schema.sk_name and rule.sk_value is not None:
        cond += f" AND coalesce(sk = {literal(rule.sk_value)}, false)"
    if rule.middle is not None:  # a scoped rule's key names its model and attribute after the scope
        cond += f" AND strpos({value}, {literal(rule.middle)}) > 0"
    return cond


def _lock_items(schema: UniquenessSchema, rules: list[LockRule], index: dict[str, int],
                account_cond: str, now: float) -> str:
    """Every non-account item as (rule, value) when it is a lock, (NULL, NULL) otherwise."""
    if not rules:
        return ("SELECT CAST(NULL AS INTEGER) AS rule, CAST(NULL AS VARCHAR) AS value, "
                "CAST(NULL AS VARCHAR) AS ttl, false AS expired FROM items WHERE false")
    # Lock rules, longest prefix first (UNIQ#EMAIL2# is not UNIQ#EMAIL#): CASE takes the first.
    whens_rule, whens_value = [], []
    for rule in sorted(rules, key=lambda r: len(r.fixed_prefix), reverse=True):
        cut = len(rule.fixed_prefix)
        value = f"substr(pk, {cut + 1}, length(pk) - {cut + len(rule.suffix)})"
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

    def held(r: LockRule, value: str) -> str:  # the form: a scoped rule's starts with the scope
        return value if r.scope is None else (
            f"{_scope_sql(r.scope, attrs)} || {literal(r.middle or '')} || {value}")

    def select(r: LockRule) -> str:
        value = forms_sql.normalised(d, r.normalisation, attr_col[r.attribute])
        source = f"accounts{forms_sql.with_tables(d)} WHERE {attr_col[r.attribute]} IS NOT NULL"
        if not trims(r.normalisation):
            return f"SELECT {index[r.name]} AS rule, {held(r, value)} AS value, account FROM {source}"
        # A value its rule trims to nothing ("   ", an invisible character) is no value, as the
        # audit has it (``Pairing.feed``): normalised once, in a subquery, then left out.
        return (f"SELECT {index[r.name]} AS rule, {held(r, 'n.held_value')} AS value, account FROM "
                f"(SELECT *, {value} AS held_value FROM {source}) n WHERE n.held_value <> ''")
    holders = "\n  UNION ALL\n  ".join(select(r) for r in rules)
    return f"holders AS (\n  SELECT DISTINCT rule, value, account FROM (\n  {holders}\n  ) h\n),"


# Per value: distinct accounts needing it, its lock items, and whether all have expired.
_VALUE_STATE = (
    "value_state AS (\n  SELECT rule, value, count(account) AS holders, count(lock_item) > 0 AS locked,\n"
    "         coalesce(bool_and(lock_expired), false) AS lock_expired\n"
    "  FROM (SELECT rule, value, account, CAST(NULL AS INTEGER) AS lock_item, "
    "CAST(NULL AS BOOLEAN) AS lock_expired FROM holders\n"
    "        UNION ALL SELECT rule, value, CAST(NULL AS VARCHAR), 1, expired FROM locks) u\n"
    "  GROUP BY rule, value\n),")


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
            f" FROM classified WHERE {where(c)}" for c in FORM_CHECKS]
        findings.extend(row("finding", literal(g.status), "rule", "group_key", NULL, NULL, NULL, "NULL")
                        + f" FROM {_group_table(g)} WHERE {where(g)}" for g in GROUP_CHECKS)
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


def _checked() -> str:
    statuses = dict.fromkeys([*(c.status for c in FORM_CHECKS), *(g.status for g in GROUP_CHECKS),
                              ACCOUNT_CHECK.status])
    return ", ".join(LABELS[s].lower() for s in statuses)


def _udf_note(d: Dialect) -> str:
    if not d.python_keys:
        return ""
    names = ", ".join(forms_sql.UDFS)
    return (f"\nIt calls {names}: DynoView's own Python functions (dynoview.core.uniqueness.forms), "
            "registered on its DuckDB connection by dynoview.core.exports.forms_sql.register; "
            "register them the same way to run this statement yourself.")


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
    bad = ", count_if(bad) AS bad" if sources and all(s.typed for s in sources) else ""
    plan.file_counts = Statement(
        "file counts",
        f"SELECT export_seq, file, count(*) AS n{bad} FROM {raw_table} GROUP BY export_seq, file",
        "Lines per data file, checked against manifest-files.json before any finding is trusted"
        + ("; and the lines that are not items (none may be)." if bad else "."))
    plan.rules = Statement(
        "rules", rules_query(d, schema, raw_table, attrs, now.timestamp(), incremental),
        f"Every check ({_checked()}), the healthy count, and the locks and accounts the findings "
        "name." + _udf_note(d))
    plan.cleanup = [Statement(name, sql, "Remove what the audit created.") for name, sql in drops]
    return plan
