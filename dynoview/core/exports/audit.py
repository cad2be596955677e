"""Audit a DynamoDB export (a folder or an ``s3://`` prefix) without reading the table.

The export's manifests are checked first (every data file present, its MD5 or ETag and
its item count as written), then the same rules as the live audit run as SQL: on
DuckDB, embedded, spilling to disk past ``memory_limit``; or on Athena, for exports too
large for one machine. The result is an ``AuditResult`` like the live audit's, so the
JSON report, the text summary and the exit codes are the same.

An export is a snapshot: the table may have changed since. Every finding is therefore
confirmed with one strongly consistent GetItem of its keys before anything is repaired.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dynoview.core.audit.run import AuditResult
from dynoview.core.errors import CancelledError, ReadOnlyError
from dynoview.core.exports import athena as export_athena
from dynoview.core.exports import duckdb_engine as export_duckdb
from dynoview.core.exports import lines as export_lines
from dynoview.core.exports.checksums import (
    check_gzip,
    check_item_counts,
    md5_checkable,
    unchecked_files,
    unchecked_note,
    verify_etags,
    verify_files,
)
from dynoview.core.exports.manifest import (
    DataFile,
    ExportError,
    ExportManifest,
    S3Store,
    open_export,
    order_exports,
    read_manifest,
)
from dynoview.core.exports.rows import build_pairing, findings_and_counts, parse_rows
from dynoview.core.exports.sql import ATHENA, DUCKDB, AuditSql
from dynoview.core.session import leftovers
from dynoview.core.session.private_files import private_dir
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.uniqueness.schema import UniquenessSchema
from dynoview.core.values.dynamodb_json import to_dynamodb_json

SNAPSHOT_NOTE = (
    "An export is a snapshot of the table as of {as_of}, not the table now: a finding may have "
    "been fixed, or a new one made, since. Before any repair, each finding is confirmed with one "
    "strongly consistent GetItem of its lock and account keys (confirm_requests; dynoview repair "
    "and the window's Repair do this read), and the repair is previewed against what it returns.")


@dataclass(frozen=True)
class ExportProgress:
    """A snapshot for a progress bar: the stage and, when known, how far it is."""

    stage: str
    fraction: float | None  # of the whole audit, or None while unknown
    elapsed_s: float

    def text(self) -> str:
        pct = f" ({self.fraction:.0%})" if self.fraction is not None else ""
        return f"{self.stage}{pct}, {self.elapsed_s:.1f} s"


ProgressCallback = Callable[[ExportProgress], None]


@dataclass
class ExportAuditOptions:
    ttl_attribute: str | None = None  # exports do not record the table's TTL setting
    now: datetime | None = None  # TTL expiry is judged at this moment (default: now)
    # DuckDB's database, spill files and S3 downloads go to a new private folder in it
    temp_directory: Path | None = None
    memory_limit: str = export_duckdb.DEFAULT_MEMORY_LIMIT
    threads: int | None = None
    athena: export_athena.AthenaSettings | None = None  # set: run on Athena instead of DuckDB
    read_only: bool = False  # a read-only session: Athena (which writes) is refused before any send


@dataclass
class ExportAuditResult:
    """The audit (shaped like the live audit's) plus what the export was and how it was read."""

    result: AuditResult
    manifests: list[ExportManifest]
    engine: str
    ttl_attribute: str | None
    now: datetime
    files_checked: int
    lines_read: int
    athena: export_athena.QueryStats | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def as_of(self) -> datetime | None:
        return self.manifests[-1].as_of

    def snapshot_note(self) -> str:
        when = self.as_of.isoformat().replace("+00:00", "Z") if self.as_of else "the export's time"
        return SNAPSHOT_NOTE.format(as_of=when)

    def confirm_requests(self) -> list[dict[str, Any]]:
        """One strongly consistent GetItem per key the findings name, in finding order."""
        seen: set[str] = set()
        out: list[dict[str, Any]] = []
        for f in self.result.findings:
            for key in (*f.lock_keys, *f.account_keys):
                marker = repr(sorted((k, repr(v)) for k, v in key.items()))
                if marker not in seen:
                    seen.add(marker)
                    out.append({"TableName": self.result.table, "Key": key, "ConsistentRead": True})
        return out

    def export_json(self) -> dict[str, Any]:
        """The report's ``export`` section (see docs/export-audit.md)."""
        base = self.manifests[0]
        return {
            "snapshot": True,
            "as_of": self.as_of.isoformat().replace("+00:00", "Z") if self.as_of else None,
            "note": self.snapshot_note(),
            "engine": self.engine,
            "exports": [{
                "export_id": m.export_id, "export_arn": m.export_arn, "table_arn": m.table_arn,
                "type": m.export_type, "location": m.store.where,
                "export_time": _iso(m.export_time), "from_time": _iso(m.from_time),
                "to_time": _iso(m.to_time), "item_count": m.item_count, "data_files": len(m.files),
            } for m in self.manifests],
            "table_arn": base.table_arn,
            "files_checked": self.files_checked,
            "lines_read": self.lines_read,
            "ttl_attribute": self.ttl_attribute,
            "ttl_judged_at": _iso(self.now),
            "athena": None if self.athena is None else {
                "queries": self.athena.queries, "data_scanned_bytes": self.athena.data_scanned_bytes,
                "query_execution_ids": self.athena.execution_ids,
                "cleanup_problem": self.athena.cleanup_problem},
            "notes": list(self.notes),
            "confirm_requests": [{**r, "Key": {k: to_dynamodb_json(v) for k, v in r["Key"].items()}}
                                 for r in self.confirm_requests()],
        }

    def report_json(self, include_receipts: bool = True) -> dict[str, Any]:
        """The live audit's JSON report, with ``scan.consistency`` "snapshot" and an ``export``
        section added (fields are only ever added: scripts reading the live report still work)."""
        from dynoview.core.audit.report import audit_json

        data = audit_json(self.result, include_receipts=include_receipts)
        data["scan"]["consistency"] = "snapshot"
        data["export"] = self.export_json()
        return data

    def text(self) -> str:
        """A human summary: what was read, the snapshot note, counts and one line per finding."""
        from dynoview.core.uniqueness.findings import STATUSES

        r = self.result
        lines = [f"Audit of {m.describe()}." for m in self.manifests]
        lines.append(f"{r.items_read:,} items ({self.lines_read:,} lines in {self.files_checked} "
                     f"checked data files) audited with {self.engine} in {r.duration_s:.1f} s; the "
                     "table itself was not read.")
        if self.ttl_attribute is None:
            lines.append("TTL was not checked: exports do not record the table's TTL attribute; pass "
                         "--ttl-attribute NAME to check expiry.")
        lines.append(self.snapshot_note())
        lines.extend(self.notes)
        lines.append("Counts: " + ", ".join(f"{s} {r.counts.get(s, 0)}" for s in STATUSES))
        if not r.findings:
            lines.append("No problems found.")
        lines.extend(f"[{f.status}] {f.sentence}" for f in r.findings)
        return "\n".join(lines)


#: Operations an export audit's S3 and Athena clients may send on a read-only session.
_READ_PREFIXES = ("Get", "List", "Head", "Describe", "BatchGet")


def _refuse_writes(model: Any = None, **_: Any) -> None:
    """botocore ``before-call`` hook of a read-only session's S3 and Athena clients."""
    name = getattr(model, "name", "")
    if not name.startswith(_READ_PREFIXES):
        service = model.service_model.service_id if model is not None else "AWS"
        raise ReadOnlyError(f"This session is read-only: {service} {name} writes, so it was not sent.")


def aws_clients(*, session: Any = None, profile: str | None = None, region: str | None = None,
                s3_endpoint_url: str | None = None, athena_endpoint_url: str | None = None,
                s3: bool = True, athena: bool = False, read_only: bool = False) -> tuple[Any, Any]:
    """S3 and Athena clients for an export audit: from a connection's session (the window) or a
    profile (the command line), with the app's retry and timeout policy. Endpoint URLs and the
    region are checked first (a sentence, not botocore's error); with ``read_only`` every call
    but a read (Get, List, Head, Describe) is refused before it is sent."""
    import boto3.session

    from dynoview.core.redaction import drop_url_credentials, install_log_redaction
    from dynoview.core.session.connection import check_endpoint_url, check_region, client_config

    check_endpoint_url(s3_endpoint_url, source="The S3 endpoint URL")
    check_endpoint_url(athena_endpoint_url, source="The Athena endpoint URL")
    check_region(region, endpoint_url=s3_endpoint_url or athena_endpoint_url)
    # S3 and Athena here are signed with AWS keys too: a user and password in the URL are
    # dropped, as for DynamoDB (botocore's NO_PROXY check would send them to a proxy).
    s3_endpoint_url, athena_endpoint_url = (
        drop_url_credentials(url)[0] if url else url for url in (s3_endpoint_url, athena_endpoint_url))
    install_log_redaction()  # botocore's debug logs carry the access key id
    if session is None:
        session = boto3.session.Session(profile_name=profile) if profile else boto3.session.Session()
    region = region or session.region_name or "us-east-1"
    clients = (
        session.client("s3", region_name=region, endpoint_url=s3_endpoint_url,
                       config=client_config()) if s3 else None,
        session.client("athena", region_name=region, endpoint_url=athena_endpoint_url,
                       config=client_config()) if athena else None,
    )
    if read_only:
        for client in clients:
            if client is not None:
                service = client.meta.service_model.service_id.hyphenize()
                client.meta.events.register_first(f"before-call.{service}", _refuse_writes)
    return clients


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat().replace("+00:00", "Z") if moment else None


def load_exports(paths: Sequence[str], s3_client: Any = None) -> list[ExportManifest]:
    """Find and read every export's manifests; the full export first, incrementals in order."""
    return order_exports([read_manifest(open_export(p, s3_client)) for p in paths])


def plan_sql(manifests: Sequence[ExportManifest], schema: UniquenessSchema, engine: str, *,
             ttl_attribute: str | None, now: datetime | None = None,
             athena: export_athena.AthenaSettings | None = None) -> AuditSql:
    """The SQL an audit of these exports runs, for people who run it themselves. DuckDB reads
    local files where they are and S3 files by URL (which needs DuckDB's httpfs extension)."""
    now = now or datetime.now(UTC)
    if engine == ATHENA:
        if athena is None:
            raise ValueError("Athena SQL needs the output location (--athena-output).")
        return export_athena.plan(schema, manifests, athena, ttl_attribute=ttl_attribute, now=now)

    def paths(m: ExportManifest) -> list[str]:
        store = m.store
        if isinstance(store, S3Store):
            return [store.url(f.rel) for f in m.files]
        return [str(store.path(f.rel)) for f in m.files]  # type: ignore[attr-defined]

    return export_duckdb.plan(schema, [(paths(m), m.incremental) for m in manifests],
                              ttl_attribute=ttl_attribute, now=now)


def audit_exports(paths: Sequence[str], schema: UniquenessSchema, *,
                  options: ExportAuditOptions | None = None, s3_client: Any = None,
                  athena_client: Any = None, progress: ProgressCallback | None = None,
                  cancel: threading.Event | None = None) -> ExportAuditResult:
    """Verify the exports, run the rules on DuckDB (or Athena) and build the report.

    Raises ``ExportError`` (naming the file) for a missing or corrupted data file, and
    ``CancelledError`` when ``cancel`` is set.
    """
    options = options or ExportAuditOptions()
    if options.athena is not None:  # before anything is read or sent
        export_athena.refuse_if_read_only(options.athena, len(paths), options.read_only)
    now = options.now or datetime.now(UTC)
    started = time.perf_counter()

    def report(stage: str, fraction: float | None) -> None:
        if progress is not None:
            progress(ExportProgress(stage, fraction, time.perf_counter() - started))

    report("reading the manifests", 0.0)
    manifests = load_exports(paths, s3_client)
    n_files = sum(len(m.files) for m in manifests)
    stats: export_athena.QueryStats | None = None
    if options.athena is not None:
        counts, rows, sql, stats = _run_athena(manifests, schema, options.athena, options.ttl_attribute,
                                               now, report, athena_client, cancel)
        engine = ATHENA
    else:
        counts, rows, sql = _run_duckdb(manifests, schema, options, now, report, cancel, n_files)
        engine = DUCKDB
    if cancel is not None and cancel.is_set():
        raise CancelledError("The export audit was cancelled; nothing was reported.")
    _check_item_counts(manifests, counts)
    report("wording the findings", 0.95)
    lines = sum(counts.values())
    result = _audit_result(manifests, schema, sql, rows, options.ttl_attribute, now, engine=engine,
                           lines=lines, started=started)
    notes = _notes(manifests, stats, by_etag=engine == ATHENA)
    report("done", 1.0)
    return ExportAuditResult(result, manifests, engine, options.ttl_attribute, now, n_files, lines,
                             stats, notes)


def _run_athena(manifests: list[ExportManifest], schema: UniquenessSchema,
                settings: export_athena.AthenaSettings, ttl_attribute: str | None, now: datetime,
                report: Callable[[str, float | None], None], athena_client: Any,
                cancel: threading.Event | None,
                ) -> tuple[dict[tuple[int, str], int], list[Any], AuditSql, export_athena.QueryStats]:
    """Check every data file's ETag, then run the Athena plan."""
    if athena_client is None:
        raise ValueError("An Athena audit needs an Athena client.")
    for m in manifests:
        report(f"checking the data files of {m.export_id}", 0.05)
        verify_etags(m)
    sql = export_athena.plan(schema, manifests, settings, ttl_attribute=ttl_attribute, now=now)
    runner = export_athena.AthenaRunner(athena_client, settings, cancel=cancel)
    counts, rows = export_athena.run(sql, runner, on_stage=lambda s: report(s, None))
    return counts, rows, sql, runner.stats


def _check_item_counts(manifests: list[ExportManifest], counts: dict[tuple[int, str], int]) -> None:
    """Each export's lines per data file against the item counts its manifest wrote."""
    for seq, m in enumerate(manifests):
        check_item_counts(m, {name: n for (s, name), n in counts.items() if s == seq})


def _audit_result(manifests: list[ExportManifest], schema: UniquenessSchema, sql: AuditSql,
                  rows: list[Any], ttl_attribute: str | None, now: datetime, *, engine: str, lines: int,
                  started: float) -> AuditResult:
    """The engine's rows as findings, in an ``AuditResult`` shaped like the live audit's."""
    engine_rows = parse_rows(rows, len(sql.attributes))
    pairing = build_pairing(engine_rows, schema, sql.attributes, ttl_attribute, now)
    findings, status_counts = findings_and_counts(engine_rows, pairing, schema)
    items = engine_rows.counts.get("ITEMS", 0)
    pairing.items_seen = items
    pairing.other_items = items - engine_rows.counts.get("ACCOUNTS", 0) - engine_rows.counts.get("LOCKS", 0)
    base = manifests[0]
    return AuditResult(
        table=base.table_name, schema=schema, pairing=pairing, findings=findings, counts=status_counts,
        segments=0, consistent=False, items_read=items, scanned=lines, pages=0, consumed_capacity=0.0,
        approximate_item_count=base.item_count,
        approximate_size_bytes=_int(base.summary.get("billedSizeBytes")),
        duration_s=time.perf_counter() - started, cancelled=False, fast_parse=False,
        path=engine, workers=0)


def _notes(manifests: list[ExportManifest], stats: export_athena.QueryStats | None, *,
           by_etag: bool) -> list[str]:
    notes: list[str] = []
    if len(manifests) > 1:
        notes.append(f"{len(manifests) - 1} incremental export(s) applied over the full export, in "
                     "time order: the latest image of each item wins, and deleted items are gone.")
    unchecked = unchecked_note(unchecked_files(manifests, by_etag=by_etag), by_etag=by_etag)
    if unchecked:
        notes.append(unchecked)
    if stats is not None and stats.cleanup_problem:
        notes.append(stats.cleanup_problem)
    return notes


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) else None


def _run_duckdb(manifests: list[ExportManifest], schema: UniquenessSchema, options: ExportAuditOptions,
                now: datetime, report: Callable[[str, float | None], None],
                cancel: threading.Event | None, n_files: int,
                ) -> tuple[dict[tuple[int, str], int], list[Any], AuditSql]:
    """Check (and, from S3, download) every data file, then run the DuckDB plan."""
    # Ours: 0700, removed on any exit (SIGTERM included), swept at the next start after kill -9.
    temp = (leftovers.private_temp_dir("audit") if options.temp_directory is None
            else _work_folder_in(options.temp_directory))
    try:
        exports: list[tuple[list[str], bool]] = []
        read: list[tuple[DataFile, Path, bool]] = []  # each data file, its copy, incremental?
        done = 0
        for m in manifests:
            local = verify_files(
                m, stage_to=temp / "download", cancel=cancel, offset=done, total=n_files,
                progress=lambda i, total, what: report(what, 0.4 * i / max(1, total)))
            done += len(m.files)
            exports.append(([str(p) for p in local], m.incremental))
            read.extend((f, p, m.incremental) for f, p in zip(m.files, local, strict=False))
            if cancel is not None and cancel.is_set():
                raise CancelledError("The export audit was cancelled; nothing was reported.")
        sql = export_duckdb.plan(schema, exports, ttl_attribute=options.ttl_attribute, now=now)
        settings = export_duckdb.DuckDBSettings(temp, options.memory_limit, options.threads)
        stage = ["reading the data files"]

        def on_stage(name: str, fraction: float | None) -> None:
            if name:
                stage[0] = name
            base, span = (0.4, 0.4) if stage[0].startswith("reading") else (0.8, 0.15)
            report(stage[0], base + span * fraction if fraction is not None else base)

        try:
            counts, rows = export_duckdb.run(sql, settings, on_stage=on_stage, cancel=cancel)
        except export_duckdb.DuckDBReadError as exc:
            raise _read_failure(exc, read) from None
        except export_duckdb.BadLinesError as exc:
            raise _bad_lines(exc, exports, read) from None
        return counts, rows, sql
    finally:
        leftovers.remove_temp_dir(temp)


def _work_folder_in(folder: Path) -> Path:
    """A new folder of this audit's own in ``folder`` (``--temp-dir``): made by ``mkdtemp``
    (0700, a random name, so nothing can be planted at it and two audits never share one),
    tracked so any exit removes it; stale ones of killed audits are swept first."""
    try:
        if not folder.exists():
            private_dir(folder)
        leftovers.sweep_temp_dirs(folder)
        path = Path(tempfile.mkdtemp(prefix=f"dynoview-audit-{os.getpid()}-", dir=folder))
    except OSError as exc:
        raise ExportError(f"The temporary folder {folder} cannot hold the audit's files "
                          f"({exc.strerror or exc}): give a folder you can write to.") from None
    leftovers.track(path)
    return path


def _bad_lines(exc: export_duckdb.BadLinesError, exports: Sequence[tuple[list[str], bool]],
               read: Sequence[tuple[DataFile, Path, bool]]) -> ExportError:
    """Lines DuckDB read that are no items: the first is found and named (``lines``)."""
    bad = {(seq, name) for seq, name, _ in exc.files}
    paths = {p for seq, (ps, _) in enumerate(exports) for p in ps if (seq, Path(p).name) in bad}
    files = [entry for entry in read if str(entry[1]) in paths]
    found = export_lines.bad_line_error("The export audit stopped", files, [f for f, _, _ in read])
    return found or ExportError(f"The export audit stopped: {exc.message} DynoView could not find "
                                "which line; report this with the export's manifest-summary.json.")


def _read_failure(exc: export_duckdb.DuckDBReadError,
                  read: Sequence[tuple[DataFile, Path, bool]]) -> ExportError:
    """Why DuckDB could not read the files: a data file that is not a complete gzip file is
    named, else the first line that is not an item (DuckDB's own line numbers are wrong);
    else DuckDB's message, saying whether every file's content was checked."""
    for data_file, path, _ in read:
        check_gzip(data_file, path)  # raises, naming the file
    # The file DuckDB names (its message quotes the path), else every file.
    files = [entry for entry in read if f'"{entry[1]}"' in exc.detail] or list(read)
    found = export_lines.bad_line_error("DuckDB could not read the export", files, [f for f, _, _ in read])
    if found is not None:
        return found
    unchecked = [f for f, _, _ in read if not md5_checkable(f)]
    if not unchecked:
        return ExportError(f"DuckDB could not read the export: {exc.detail}. The data files passed "
                           "their checksums, so this is likely a line DynoView does not understand; "
                           "report it with the export's manifest-summary.json.")
    shown = ", ".join(f.rel for f in unchecked[:5]) + (" and more" if len(unchecked) > 5 else "")
    return ExportError(f"DuckDB could not read the export: {exc.detail}. The manifest gives no "
                       f"checksum for {shown}, so the content could not be checked: copy the export "
                       "again and audit it again; if this happens again, report it with the "
                       "export's manifest-summary.json.")


def finding_keys(findings: Sequence[Finding]) -> list[tuple[str, str | None, str | None, tuple[str, ...]]]:
    """(status, rule, value, accounts) of each finding: what two audits must agree on."""
    return [(f.status, f.rule, f.value, f.account_ids) for f in findings]
