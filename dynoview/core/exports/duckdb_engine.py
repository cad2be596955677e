"""Run the export audit's SQL on DuckDB, embedded, over local gzipped JSON lines.

DuckDB reads ``data/*.json.gz`` without extensions, keeps its tables in a database file
made new in a folder of the run's own (``audit`` makes it private and unique) and spills
there when an aggregation outgrows ``memory_limit``: a table larger than memory is audited
on one machine.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.core.exports.forms_sql import register as register_functions
from dynoview.core.exports.queries import build
from dynoview.core.exports.sql import DUCKDB, AuditSql, Source, duckdb_source, literal
from dynoview.core.uniqueness.schema import UniquenessSchema

if TYPE_CHECKING:
    from duckdb import DuckDBPyConnection

DEFAULT_MEMORY_LIMIT = "2GB"
RAW_TABLE = "raw"
DATABASE = "export-audit.duckdb"


class DuckDBReadError(DynoViewError):
    """DuckDB could not read the data files; ``detail`` is its own message, without the SQL
    it quotes (``LINE 13: FROM read_ndjson(...`` and carets) and its hints about options."""

    def __init__(self, detail: str) -> None:
        detail = detail.split("\n", 1)[0].strip().rstrip(".")
        # DuckDB's line numbers are not the file's (one too many, or more): the caller finds the line.
        detail = re.sub(r",? (at byte \d+ )?in line \d+", "", detail)
        super().__init__(f"DuckDB could not read the export: {detail}. Check that the data files "
                         "are whole (copy them again from the export); if they are, this is likely "
                         "a line DynoView does not understand: report it with the export's "
                         "manifest-summary.json.")
        self.detail = detail


class BadLinesError(DynoViewError):
    """Lines of the data files that are no item, or hold a value of the wrong type: the audit
    stops before any rule is applied. ``files``: (export, file name, how many) of each."""

    def __init__(self, files: list[tuple[int, str, int]]) -> None:
        super().__init__(f"{sum(n for _, _, n in files):,} lines of the export are not DynamoDB "
                         f"JSON items ({', '.join(name for _, name, _ in files)}).")
        self.files = files


@dataclass(frozen=True)
class DuckDBSettings:
    temp_directory: Path  # the database file and the spill files live here: a folder of this run's own
    memory_limit: str = DEFAULT_MEMORY_LIMIT
    threads: int | None = None  # None: DuckDB's default (one per core)


def plan(schema: UniquenessSchema, exports: Sequence[tuple[Sequence[str], bool]], *,
         ttl_attribute: str | None, now: Any, dialect: str = DUCKDB) -> AuditSql:
    """The DuckDB statements for exports given as (data file paths, incremental?). ``dialect``
    ``ATHENA_TWIN``: Athena's expressions instead, run on DuckDB (tests)."""
    sources: list[Source] = [duckdb_source(paths, incremental) for paths, incremental in exports]
    return build(dialect, schema, sources, ttl_attribute=ttl_attribute, now=now, raw_table=RAW_TABLE,
                 raw_create=f"CREATE OR REPLACE TABLE {RAW_TABLE} AS",
                 drops=[("drop raw", f"DROP TABLE IF EXISTS {RAW_TABLE}")])


_UNITS = {"": 1, "B": 1, "KB": 1000, "MB": 1000**2, "GB": 1000**3, "TB": 1000**4,
          "KIB": 1024, "MIB": 1024**2, "GIB": 1024**3, "TIB": 1024**4}
# Each reading thread holds a decompression buffer and its share of the aggregations: below
# about this much memory per thread DuckDB runs out of memory instead of spilling.
MEMORY_PER_THREAD = 100 * 1000**2


def threads_for(memory_limit: str) -> int | None:
    """Threads a memory limit can feed (None: DuckDB's default, one per core), so a small
    limit still audits a large export, on fewer threads."""
    match = re.fullmatch(r"\s*([\d.]+)\s*([KMGT]?I?B?)\s*", memory_limit.upper())
    if not match:
        return None  # DuckDB reports the mistake itself
    limit = float(match.group(1)) * _UNITS.get(match.group(2), 1)
    return max(1, min(os.cpu_count() or 1, int(limit // MEMORY_PER_THREAD)))


StageCallback = Callable[[str, float | None], None]  # (stage, fraction of it done or None)


def run(sql: AuditSql, settings: DuckDBSettings, *, on_stage: StageCallback | None = None,
        cancel: threading.Event | None = None) -> tuple[dict[tuple[int, str], int], list[tuple[Any, ...]]]:
    """Run the plan; returns (lines per (export, file), the rules query's rows)."""
    import duckdb

    settings.temp_directory.mkdir(parents=True, exist_ok=True)
    database = settings.temp_directory / DATABASE
    if os.path.lexists(database):  # never open (or write through) a file or link already there
        raise DynoViewError(f"{database} already exists: the audit's DuckDB database is always made "
                            "new, in a folder of its own. Remove it, or give another temporary folder.")
    try:
        con = duckdb.connect(str(database))
    except duckdb.Error as exc:
        raise DynoViewError(f"DuckDB could not create its database in {settings.temp_directory} "
                            f"({exc}): give a temporary folder you can write to.") from None
    stop = threading.Event()
    watcher = threading.Thread(target=_watch, args=(con, stop, cancel, on_stage),
                               name="duckdb-export-audit", daemon=True)
    try:
        try:
            _configure(con, settings)
        except duckdb.Error as exc:
            raise DynoViewError(f"DuckDB refused the audit's settings ({exc}): check --memory-limit "
                                "(such as 2GB or 512MB) and --threads.", field="memory_limit") from None
        register_functions(con, sql.dialect)
        watcher.start()
        return _execute(con, sql, on_stage)
    except duckdb.InterruptException:
        raise CancelledError("The export audit was cancelled; nothing was reported.") from None
    except duckdb.OutOfMemoryException as exc:
        raise DynoViewError(f"DuckDB ran out of memory under its limit of {settings.memory_limit} "
                            f"({exc}). Raise --memory-limit (or use fewer --threads) and run the "
                            "audit again.", field="memory_limit") from None
    except duckdb.Error as exc:
        raise DuckDBReadError(str(exc)) from None
    finally:
        stop.set()
        if watcher.is_alive():
            watcher.join()
        con.close()
        _remove_database(settings.temp_directory)


def _watch(con: DuckDBPyConnection, stop: threading.Event, cancel: threading.Event | None,
           on_stage: StageCallback | None) -> None:
    """Until ``stop``: interrupt the running statement once ``cancel`` is set, else report its
    progress. DuckDB runs a statement to its end unless interrupted from another thread."""
    import duckdb

    while not stop.wait(0.2):
        if cancel is not None and cancel.is_set():
            con.interrupt()
            return
        if on_stage is not None:
            try:
                fraction = con.query_progress()
            except duckdb.Error:
                continue
            if fraction is not None and fraction >= 0:
                on_stage("", min(1.0, fraction / 100.0))


def _configure(con: DuckDBPyConnection, settings: DuckDBSettings) -> None:
    """Memory limit, spill folder, threads, a silent progress bar, and the functions the plan
    calls that DuckDB lacks (``forms_sql.register``)."""
    con.execute(f"SET memory_limit = {literal(settings.memory_limit)}")
    con.execute(f"SET temp_directory = {literal(str(settings.temp_directory / 'spill'))}")
    # Row order is never relied on: without it DuckDB can stream and spill more freely.
    con.execute("SET preserve_insertion_order = false")
    # Progress is polled (query_progress), never printed: stdout carries the JSON report.
    con.execute("SET enable_progress_bar = true")
    con.execute("SET enable_progress_bar_print = false")
    threads = settings.threads or threads_for(settings.memory_limit)
    if threads:
        con.execute(f"SET threads = {int(threads)}")


def _execute(con: DuckDBPyConnection, sql: AuditSql,
             on_stage: StageCallback | None) -> tuple[dict[tuple[int, str], int], list[tuple[Any, ...]]]:
    """Load the raw lines, count them per file, apply the rules and drop the raw table."""
    assert sql.raw and sql.file_counts and sql.rules
    if on_stage is not None:
        on_stage("reading the data files", None)
    con.execute(sql.raw.sql)
    per_file = con.execute(sql.file_counts.sql).fetchall()
    counts = {(int(seq), str(name)): int(n) for seq, name, n, *_ in per_file}
    bad = sorted((int(row[0]), str(row[1]), int(row[3])) for row in per_file if len(row) > 3 and row[3])
    if bad:  # before the rules: nothing is reported from an export read wrong
        raise BadLinesError(bad)
    if on_stage is not None:
        on_stage("applying the rules", None)
    rows = con.execute(sql.rules.sql).fetchall()
    for statement in sql.cleanup:
        con.execute(statement.sql)
    return counts, rows


def _remove_database(temp_directory: Path) -> None:
    for leftover in (temp_directory / DATABASE, temp_directory / f"{DATABASE}.wal"):
        leftover.unlink(missing_ok=True)
