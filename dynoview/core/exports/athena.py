"""Run the export audit's SQL on Athena (Trino), over an export in S3, with boto3.

An external table per export (Hive JSON SerDe over its ``data/`` prefix), one CTAS that
projects the lines to Parquet (the only full read of the data), the per-file line
counts, then the rules query; the tables are dropped at the end (the CTAS files stay
under the output location, with Athena's own result files). Each query is started with
``start_query_execution``, polled with ``get_query_execution`` and read page by page
with ``get_query_results``.

So an Athena audit writes (Glue tables, S3 objects) even though it never writes to the
table: on a read-only session it is refused before anything is sent
(``read_only_refusal`` says what it would have created); DuckDB audits the same export
reading only.
"""

from __future__ import annotations

import logging
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.errors import CancelledError, DynoViewError, ReadOnlyError
from dynoview.core.exports.manifest import ExportManifest, S3Store, parse_s3_url
from dynoview.core.exports.queries import build
from dynoview.core.exports.sql import (
    ATHENA,
    AuditSql,
    Source,
    Statement,
    athena_table_ddl,
    literal,
)
from dynoview.core.uniqueness.schema import UniquenessSchema

DEFAULT_DATABASE = "default"
# Database names: Glue's 1 to 255 characters, lower case (Athena lowers upper case, so the
# database would not be the one named), and no special character but "_" (all Athena
# supports: a "-" Glue accepts breaks Athena's DDL). ASCII only here, so a name can never
# close the double quotes or backticks it sits in.
NAME_MAX = 255
NAME_CHARS = re.compile(r"[a-z0-9_]+")
# The audit's own tables are dynoview_<kind>_<run id>: the run id must leave room for the rest.
RUN_ID_MAX = 64
# StartQueryExecution's WorkGroup (botocore's model: [a-zA-Z0-9._-]{1,128}); a request
# parameter, not SQL, but checked with the rest so a typo is refused before anything is sent.
WORKGROUP_MAX = 128
WORKGROUP_CHARS = re.compile(r"[A-Za-z0-9._-]+")
POLL_START_S = 0.2
POLL_MAX_S = 2.0
PAGE_SIZE = 1000  # get_query_results' maximum

log = logging.getLogger(__name__)


class AthenaQueryError(DynoViewError):
    """A query Athena refused or that failed, with Athena's reason."""


class AthenaNameError(DynoViewError):
    """A database, workgroup or run id Athena would refuse (or that would break the SQL it is
    quoted in); ``field`` says which setting: ``database``, ``workgroup`` or ``run_id``."""


def _shown(name: str) -> str:
    return repr(name) if len(name) <= 60 else repr(name[:57]) + "..."


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _outside(name: str, allowed: re.Pattern[str]) -> list[str]:
    """The characters of ``name`` that ``allowed`` refuses, each once, in order, as repr()s."""
    return [repr(c) for c in dict.fromkeys(c for c in name if not allowed.fullmatch(c))]


def _name_problem(name: str, most: int, allowed: re.Pattern[str], rule: str, hint: str = "") -> str | None:
    """What is wrong with ``name`` (empty, too long, the characters ``allowed`` refuses: upper
    case said once), then the rule; None when it is usable. ``hint`` follows a character problem."""
    if not name:
        return f"the name is empty: {rule}."
    if len(name) > most:
        return f"{_shown(name)} is {len(name)} characters long: {rule}."
    if allowed.fullmatch(name):
        return None
    upper = "" if allowed.fullmatch("A") else "".join(c for c in name if "A" <= c <= "Z")
    wrong = (["upper-case letters"] if upper else []) + _outside(
        "".join(c for c in name if c not in upper), allowed)
    return f"{_shown(name)} has {_listed(wrong)}: {rule}{hint}."


def database_name_problem(name: str) -> str | None:
    """Why Glue/Athena would refuse ``name`` as the audit's database, or None when it is usable."""
    lower = name.lower()
    hint = f" (in lower case: {lower!r})" if lower != name and NAME_CHARS.fullmatch(lower) else ""
    return _name_problem(name, NAME_MAX, NAME_CHARS, f"a Glue database name is 1 to {NAME_MAX} characters, "
                         "each a lower-case letter a-z, a digit 0-9 or an underscore", hint)


def workgroup_name_problem(name: str) -> str | None:
    """Why Athena would refuse ``name`` as a workgroup, or None when it is usable."""
    return _name_problem(name, WORKGROUP_MAX, WORKGROUP_CHARS, f"an Athena workgroup name is 1 to "
                         f"{WORKGROUP_MAX} characters, each a letter, a digit, '.', '-' or '_'")


def run_id_problem(run_id: str) -> str | None:
    """Why ``run_id`` cannot name the audit's tables (dynoview_<kind>_<run id>), or None."""
    if run_id and len(run_id) <= RUN_ID_MAX and NAME_CHARS.fullmatch(run_id):
        return None
    return (f"the run id {_shown(run_id)} names the audit's Glue tables: it must be 1 to {RUN_ID_MAX} "
            "characters, each a lower-case letter a-z, a digit 0-9 or an underscore.")


@dataclass(frozen=True)
class AthenaSettings:
    """Where and how an Athena audit runs. The names are checked when the settings are made
    (``AthenaNameError``; frozen, so they stay checked), so a name that Athena would refuse, or
    that would break out of its quotes in the SQL, never gets as far as a request."""

    output: str  # s3://bucket/prefix/ for query results and the CTAS table
    workgroup: str | None = None
    database: str = DEFAULT_DATABASE
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])

    def __post_init__(self) -> None:
        for name, problem in (("database", database_name_problem(self.database)),
                              ("workgroup", None if self.workgroup is None
                               else workgroup_name_problem(self.workgroup)),
                              ("run_id", run_id_problem(self.run_id))):
            if problem:
                raise AthenaNameError(problem, field=name)

    @property
    def output_prefix(self) -> str:
        return self.output if self.output.endswith("/") else self.output + "/"

    def table(self, kind: str) -> str:
        return f"dynoview_{kind}_{self.run_id}"


@dataclass
class QueryStats:
    """What the queries cost, as Athena reports it."""

    queries: int = 0
    data_scanned_bytes: int = 0
    execution_ids: list[str] = field(default_factory=list)
    cleanup_problem: str | None = None  # a table left behind, said in the report


def data_location(manifest: ExportManifest) -> str:
    store = manifest.store
    if not isinstance(store, S3Store):
        raise DynoViewError(f"Athena reads exports in S3; {store.where} is a local folder. Upload it, "
                            "or audit it with DuckDB (leave out --athena-output).")
    return store.url("data/")


def read_only_refusal(settings: AthenaSettings, exports: int = 1,
                      remedy: str = ", or leave out --read-only") -> str:
    """What an Athena audit would create, as the sentence that refuses it on a read-only session;
    ``remedy`` ends it (a production connection's cannot be left out)."""
    db = settings.database
    tables = ", ".join(f"{db}.{settings.table(f'export{i}')}" for i in range(max(1, exports)))
    return (f"This session is read-only, and an audit on Athena writes: it would create the Glue "
            f"tables {tables} (an external table over each export) and {db}.{settings.table('raw')} "
            f"(CREATE TABLE AS, writing Parquet files under {settings.output_prefix}dynoview-"
            f"{settings.run_id}/raw/), write every query's results under {settings.output_prefix}, "
            "then drop the tables. Nothing was sent. Leave out --athena-output to audit the export "
            f"with DuckDB on this machine, which only reads it{remedy}.")


def refuse_if_read_only(settings: AthenaSettings, exports: int, read_only: bool) -> None:
    """Raise ``ReadOnlyError`` (nothing sent yet) when the session is read-only."""
    if read_only:
        raise ReadOnlyError(read_only_refusal(settings, exports))


def plan(schema: UniquenessSchema, manifests: Sequence[ExportManifest], settings: AthenaSettings, *,
         ttl_attribute: str | None, now: Any) -> AuditSql:
    """The Athena statements for the exports (full first, then incrementals in order)."""
    parse_s3_url(settings.output_prefix)  # refuse a non-S3 output before anything runs
    setup: list[Statement] = []
    sources: list[Source] = []
    drops: list[tuple[str, str]] = []
    db = settings.database
    for i, manifest in enumerate(manifests):
        table = settings.table(f"export{i}")
        setup.append(Statement(
            f"table export {i}", athena_table_ddl(db, table, data_location(manifest), manifest.incremental),
            f"External table over the data files of {manifest.describe()}."))
        sources.append(Source(f'"{db}"."{table}"', '"$path"', manifest.incremental))
        drops.append((f"drop export {i}", f"DROP TABLE IF EXISTS `{db}`.`{table}`"))
    raw = settings.table("raw")
    location = f"{settings.output_prefix}dynoview-{settings.run_id}/raw/"
    raw_create = (f'CREATE TABLE "{db}"."{raw}"\n'
                  f"WITH (format = 'PARQUET', external_location = {literal(location)}) AS")
    drops.append(("drop raw", f"DROP TABLE IF EXISTS `{db}`.`{raw}`"))
    return build(ATHENA, schema, sources, ttl_attribute=ttl_attribute, now=now,
                 raw_table=f'"{db}"."{raw}"', raw_create=raw_create, drops=drops, setup=setup)


class AthenaRunner:
    """Starts, polls and reads Athena queries; stops the running one on cancel."""

    def __init__(self, client: Any, settings: AthenaSettings, *, cancel: threading.Event | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.client = client
        self.settings = settings
        self.cancel = cancel
        self.sleep = sleep
        self.stats = QueryStats()

    def start(self, sql: str) -> str:
        request: dict[str, Any] = {
            "QueryString": sql,
            "QueryExecutionContext": {"Database": self.settings.database},
            "ResultConfiguration": {"OutputLocation": self.settings.output_prefix},
        }
        if self.settings.workgroup:
            request["WorkGroup"] = self.settings.workgroup
        execution_id = str(self.client.start_query_execution(**request)["QueryExecutionId"])
        self.stats.queries += 1
        self.stats.execution_ids.append(execution_id)
        return execution_id

    def wait(self, execution_id: str, name: str) -> dict[str, Any]:
        """Poll until the query ends; raise with Athena's reason unless it succeeded."""
        delay = POLL_START_S
        while True:
            execution = self.client.get_query_execution(QueryExecutionId=execution_id)["QueryExecution"]
            status = execution.get("Status", {})
            state = status.get("State")
            if state == "SUCCEEDED":
                scanned = execution.get("Statistics", {}).get("DataScannedInBytes")
                if isinstance(scanned, int):
                    self.stats.data_scanned_bytes += scanned
                return execution  # type: ignore[no-any-return]
            if state in ("FAILED", "CANCELLED"):
                reason = status.get("StateChangeReason") or status.get("AthenaError", {}).get(
                    "ErrorMessage") or "no reason given"
                raise AthenaQueryError(f"Athena's {name} query {execution_id} {state.lower()}: {reason}. "
                                       "Fix what it names (output location, workgroup, permissions) "
                                       "and run the audit again.")
            if self.cancel is not None and self.cancel.is_set():
                self.client.stop_query_execution(QueryExecutionId=execution_id)
                raise CancelledError("The export audit was cancelled; the running Athena query was "
                                     "stopped and nothing was reported.")
            self.sleep(delay)
            delay = min(POLL_MAX_S, delay * 1.5)

    def execute(self, statement: Statement) -> str:
        execution_id = self.start(statement.sql)
        self.wait(execution_id, statement.name)
        return execution_id

    def rows(self, execution_id: str) -> Iterator[list[str | None]]:
        """The query's rows as text (None for NULL), every page, without the header row."""
        token: str | None = None
        first = True
        while True:
            request: dict[str, Any] = {"QueryExecutionId": execution_id, "MaxResults": PAGE_SIZE}
            if token:
                request["NextToken"] = token
            page = self.client.get_query_results(**request)
            result = page.get("ResultSet", {})
            rows = result.get("Rows", [])
            if first:
                # A SELECT's first row is its header (the column names), on the first page only.
                names = [c.get("Name") for c in result.get("ResultSetMetadata", {}).get("ColumnInfo", [])]
                if rows and (not names or [d.get("VarCharValue") for d in rows[0]["Data"]] == names):
                    rows = rows[1:]
                first = False
            for row in rows:
                yield [d.get("VarCharValue") for d in row.get("Data", [])]
            token = page.get("NextToken")
            if not token:
                return

    def query(self, statement: Statement) -> list[list[str | None]]:
        return list(self.rows(self.execute(statement)))


def run(sql: AuditSql, runner: AthenaRunner, *, on_stage: Callable[[str], None] | None = None,
        ) -> tuple[dict[tuple[int, str], int], list[list[str | None]]]:
    """Run the plan; returns (lines per (export, file), the rules query's rows). The tables
    are dropped even when a query fails or the audit is cancelled."""
    assert sql.raw and sql.file_counts and sql.rules
    try:
        for statement in sql.setup:
            if on_stage:
                on_stage(statement.purpose)
            runner.execute(statement)
        if on_stage:
            on_stage("reading the data files (Athena)")
        runner.execute(sql.raw)
        counts = {(int(seq or 0), str(name)): int(n or 0)
                  for seq, name, n in runner.query(sql.file_counts)}
        if on_stage:
            on_stage("applying the rules (Athena)")
        rows = runner.query(sql.rules)
    finally:
        _cleanup(sql, runner)
    return counts, rows


def _cleanup(sql: AuditSql, runner: AthenaRunner) -> None:
    """Drop the audit's tables, even after a failure or a cancel; a drop that fails is
    recorded for the report (never raised over the error that got here)."""
    cancel, runner.cancel = runner.cancel, None
    try:
        for statement in sql.cleanup:
            try:
                runner.execute(statement)
            except Exception as exc:
                log.warning("Athena cleanup failed: %s", exc)
                runner.stats.cleanup_problem = (
                    f"Could not run {statement.sql!r} ({exc}); drop the table by hand.")
    finally:
        runner.cancel = cancel
