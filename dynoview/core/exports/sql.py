"""What the two SQL engines share: literals, the rules rendered as conditions, the dialects'
spellings, the export as a relation, and the plan of statements.

The live audit classifies items in Python (``dynoview.core.uniqueness.pairing``). An export is
audited by a SQL engine instead, so a table larger than memory spills to disk (DuckDB) or runs
on many machines (Athena). Both engines' SQL is generated from the one definition of the
rules: the rule table (``uniqueness.rules``: which state of a value gives which finding,
rendered here by ``where``) and the comparison keys (``uniqueness.forms``: normalisations,
clash and lookalike keys, turned into SQL by ``exports.forms_sql``). The statements are built
in ``queries``.

``Dialect`` holds the few spellings the engines do not share. Three dialects exist: DuckDB
(the keys computed by ``forms``' own functions, registered as Python UDFs), Athena (Trino: the
keys as SQL expressions generated from ``forms``' data), and Athena's DuckDB twin: Athena's
expressions with DuckDB's spelling of the same primitives, which is how tests run the Athena
SQL here (``duckdb_engine`` registers the Trino functions DuckDB lacks under their Trino names).

Everything taken from a schema (attribute names, prefixes, sort key values) enters the SQL as a
quoted literal built here, never as text pasted into a statement.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from dynoview.core.uniqueness.rules import Check, GroupCheck

DUCKDB = "duckdb"
ATHENA = "athena"
#: Athena's SQL as DuckDB runs it (tests; see the module doc). Not an engine users pick.
ATHENA_TWIN = "athena-twin"
DIALECTS = (DUCKDB, ATHENA)

# TTL: DynamoDB ignores milliseconds, and values more than five calendar years old
# (dynoview.core.ttl.expiry.ignored_before).
TTL_MAX_SECONDS = 100_000_000_000


def literal(text: str) -> str:
    """A SQL string literal (standard quoting: both engines double a single quote)."""
    if "\x00" in text:
        raise ValueError("A SQL literal cannot hold a NUL character.")
    return "'" + text.replace("'", "''") + "'"


def ident(name: str) -> str:
    """A quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def where(check: Check | GroupCheck, alias: str = "") -> str:
    """A check of ``uniqueness.rules`` as one SQL condition (columns qualified by ``alias``);
    a boolean renders as ``col`` / ``NOT col``."""
    parts = []
    for cond in check.conds:
        column = f"{alias}.{cond.column}" if alias else cond.column
        if isinstance(cond.value, bool):
            parts.append(column if cond.value else f"NOT {column}")
        else:
            parts.append(f"{column} {cond.op} {int(cond.value)}")
    return " AND ".join(parts)


# --------------------------------------------------------------------------- dialects


@dataclass(frozen=True)
class Dialect:
    """The few spellings the engines do not share, and which way the keys are computed."""

    name: str

    @property
    def on_duckdb(self) -> bool:
        """Runs on DuckDB (DuckDB itself, or Athena's twin): DuckDB's spellings."""
        return self.name in (DUCKDB, ATHENA_TWIN)

    @property
    def python_keys(self) -> bool:
        """The comparison keys are ``forms``' own functions (DuckDB's Python UDFs); otherwise
        SQL expressions generated from ``forms``' data (Athena, and its twin)."""
        return self.name == DUCKDB

    def attr(self, image: str, attribute: str, type_code: str) -> str:
        """One type's text of an attribute of an item held as map<name, {S, N, B}>. On DuckDB
        each type's member is held as JSON (``duckdb_source``): its text is extracted."""
        if self.on_duckdb:
            return f"json_extract_string({self.attr_json(image, attribute, type_code)}, '$')"
        return f"element_at({image}, {literal(attribute)}).{type_code.lower()}"

    def attr_json(self, image: str, attribute: str, type_code: str) -> str:
        """DuckDB: one type's member of an attribute as JSON, whose type ``json_type`` gives."""
        return f"{image}[{literal(attribute)}].{type_code}"

    def is_ascii(self, expr: str) -> str:
        if self.on_duckdb:
            return f"strlen({expr}) = length({expr})"
        return f"length(to_utf8({expr})) = length({expr})"

    def basename(self, expr: str) -> str:
        if self.on_duckdb:
            return f"parse_filename({expr})"
        return f"element_at(split({expr}, '/'), -1)"

    def replace_all(self, expr: str, pattern: str, java_replacement: str) -> str:
        """Every match of ``pattern`` replaced; ``$1``-style group references (Trino's Java
        regex), written ``\\1`` for DuckDB's RE2."""
        if self.on_duckdb:
            re2 = java_replacement.replace("$", "\\")
            return f"regexp_replace({expr}, {literal(pattern)}, {literal(re2)}, 'g')"
        return f"regexp_replace({expr}, {literal(pattern)}, {literal(java_replacement)})"

    def normalize(self, expr: str, form: str) -> str:
        """Unicode normalisation (``form``: NFC, NFD, NFKC, NFKD). Trino's form is a keyword;
        the twin passes it as text to the ``normalize`` UDF registered under Trino's name."""
        if form not in ("NFC", "NFD", "NFKC", "NFKD"):
            raise ValueError(f"No Unicode normalisation form {form!r}.")
        if self.on_duckdb:
            return f"normalize({expr}, {literal(form)})"
        return f"normalize({expr}, {form})"

    def materialized(self, name: str, body: str) -> str:
        """A CTE computed once for all its readers: DuckDB inlines one without an aggregate
        into each reader (its keys would be computed once per reader); Trino has no such hint."""
        return f"{name} AS {'MATERIALIZED ' if self.on_duckdb else ''}({body})"

    def map_chars(self, expr: str, table: str) -> str:
        """Each character of ``expr`` replaced by its value in the map ``table`` (kept if absent)."""
        chars = f"regexp_extract_all({expr}, '(?s).')"
        if self.on_duckdb:
            return f"array_to_string(list_transform({chars}, lambda ch: coalesce({table}[ch], ch)), '')"
        return f"array_join(transform({chars}, ch -> coalesce(element_at({table}, ch), ch)), '')"


def dialect(name: str) -> Dialect:
    if name not in (*DIALECTS, ATHENA_TWIN):
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
    #: The S, N and B members are read as JSON (DuckDB), so a member that is not a string
    #: ({"S": 5}) is seen and its line counted as bad instead of read as the text "5".
    typed: bool = False


# JSON, not VARCHAR: DuckDB would turn {"S": 5} into the text "5" without a word.
AV_TYPE_DUCKDB = "STRUCT(S JSON, N JSON, B JSON)"
MAX_LINE_BYTES = 4 * 1024 * 1024
AV_TYPE_HIVE = "struct<s:string,n:string,b:string>"


def duckdb_source(paths: Sequence[str], incremental: bool) -> Source:
    """``read_ndjson`` over local gzipped JSON lines: only the fields the rules read are typed
    (every attribute as map name -> {S, N, B}, so names keep their exact case; the members as
    JSON, whose type is checked). A line without ``Item`` (``Keys``) reads as NULL there."""
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
                  "filename", incremental, typed=True)


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
