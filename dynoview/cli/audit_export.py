"""`dynoview audit --export PATH`: the audit of an S3 export, without reading the table.

PATH is the folder an ExportTableToPointInTime (DYNAMODB_JSON) wrote, the folder above
it, or the same in S3 (``s3://bucket/prefix/``). Give ``--export`` again for each
incremental export to apply over the full one: they are put in time order from their
manifests. ``--athena-output`` runs the rules on Athena instead of the embedded DuckDB;
``--print-sql`` prints the SQL for either engine and exits. Athena writes (Glue tables,
S3 results), so with ``--read-only`` it is refused before anything is sent, with the
sentence naming what it would create; DuckDB only reads. Same report, same exit
status as the live audit: 0 clean, 1 findings, 2 error (a missing or corrupted data
file is an error that names the file). See docs/export-audit.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import json
import sys
from itertools import islice
from pathlib import Path
from typing import Any

from dynoview.cli.common import USER_ERRORS, fail, terminal_json, terminal_line, whole_number
from dynoview.core.audit.report import dumps
from dynoview.core.errors import DynoViewError
from dynoview.core.exports.athena import (
    DEFAULT_DATABASE,
    AthenaNameError,
    AthenaSettings,
    read_only_refusal,
)
from dynoview.core.exports.audit import (
    ExportAuditOptions,
    ExportProgress,
    audit_exports,
    aws_clients,
    load_exports,
    plan_sql,
)
from dynoview.core.exports.checksums import GZIP_ERRORS
from dynoview.core.exports.duckdb_engine import DEFAULT_MEMORY_LIMIT
from dynoview.core.exports.manifest import ExportError, ExportManifest
from dynoview.core.exports.sql import ATHENA, DUCKDB
from dynoview.core.redaction import drop_url_credentials
from dynoview.core.session.connection import USERINFO_NOTE
from dynoview.core.uniqueness.presets import preset_schema
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema, default_schema
from dynoview.core.uniqueness.schema_file import load_schema_file

DETECT_SAMPLE = 1000
PRINT_SQL_OUTPUT = "s3://YOUR-ATHENA-RESULTS-BUCKET/dynoview/"
ATHENA_NAME_FLAGS = {"database": "--athena-database", "workgroup": "--athena-workgroup"}
#: What sampling a damaged data file raises (not UTF-8, or not a complete gzip file).
_UNREADABLE: tuple[type[BaseException], ...] = (UnicodeDecodeError, *GZIP_ERRORS)


def add_export_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("auditing an export (no table is read)")
    group.add_argument("--export", metavar="PATH", action="append",
                       help="a DynamoDB export to S3 (DYNAMODB_JSON): its AWSDynamoDB/<export-id>/ "
                            "folder, the folder above, or s3://bucket/prefix/. Repeat it to apply "
                            "incremental exports over the full one (any order: their manifests say it)")
    group.add_argument("--ttl-attribute", metavar="NAME",
                       help="the table's TTL attribute, to report expired items (exports do not "
                            "record it)")
    group.add_argument("--memory-limit", default=DEFAULT_MEMORY_LIMIT,
                       help="DuckDB's memory limit before it spills to disk "
                            f"(default {DEFAULT_MEMORY_LIMIT})")
    group.add_argument("--temp-dir", metavar="DIR", type=Path,
                       help="where DuckDB's database and spill files and S3 downloads go: in a new "
                            "private folder made inside DIR (default: in the system's temporary "
                            "folder), removed after")
    group.add_argument("--threads", type=whole_number(1),
                       help="DuckDB threads (default: one per core, fewer under a small --memory-limit)")
    group.add_argument("--athena-output", metavar="S3URL",
                       help="run the rules on Athena (export in S3) with results written here")
    group.add_argument("--athena-workgroup", metavar="WG",
                       help="Athena workgroup (letters, digits, '.', '-' and '_')")
    group.add_argument("--athena-database", metavar="DB", default=DEFAULT_DATABASE,
                       help="Glue database for the audit's scratch tables: lower-case letters, "
                            f"digits and underscores (default {DEFAULT_DATABASE})")
    group.add_argument("--print-sql", choices=(DUCKDB, ATHENA),
                       help="print the SQL the audit would run on that engine, and exit")
    group.add_argument("--s3-endpoint-url", metavar="URL", help="S3 endpoint (a local emulator)")
    group.add_argument("--athena-endpoint-url", metavar="URL", help="Athena endpoint (a local emulator)")


#: Each export-only option's destination, its flag and its default (a flag left at it was not given).
EXPORT_ONLY = (("ttl_attribute", "--ttl-attribute", None),
               ("memory_limit", "--memory-limit", DEFAULT_MEMORY_LIMIT),
               ("temp_dir", "--temp-dir", None), ("threads", "--threads", None),
               ("athena_output", "--athena-output", None),
               ("athena_workgroup", "--athena-workgroup", None),
               ("athena_database", "--athena-database", DEFAULT_DATABASE),
               ("print_sql", "--print-sql", None), ("s3_endpoint_url", "--s3-endpoint-url", None),
               ("athena_endpoint_url", "--athena-endpoint-url", None))


def export_only_flags(args: argparse.Namespace) -> list[str]:
    """The flags given that only an export's audit reads (the live audit would ignore them)."""
    return [flag for dest, flag, default in EXPORT_ONLY if getattr(args, dest, default) != default]


def _production(args: argparse.Namespace) -> bool:
    """--production, or a profile the settings mark production: read-only, as a connection
    opens (``production.as_opened``), matched on the profile that signs (boto3's from the
    environment when none is named)."""
    if getattr(args, "production", False):
        return True
    from dynoview.core.session import production

    patterns = production.load_patterns()
    if not patterns:
        return False
    import boto3.session  # only its profile name, from the environment: nothing is read or sent

    return production.matches(args.profile or boto3.session.Session().profile_name, patterns)


def _read_only(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "read_only", False)) or _production(args)


def _clients(args: argparse.Namespace, need_s3: bool, need_athena: bool) -> tuple[Any, Any]:
    """S3 and Athena clients from the profile and region flags (the same credentials chain as
    every other command)."""
    if not (need_s3 or need_athena):
        return None, None
    urls = (args.s3_endpoint_url if need_s3 else None, args.athena_endpoint_url if need_athena else None)
    if any(drop_url_credentials(url)[1] for url in urls if url):
        print(f"dynoview: {USERINFO_NOTE}", file=sys.stderr)  # as for the DynamoDB endpoint
    return aws_clients(profile=args.profile, region=args.region, s3_endpoint_url=args.s3_endpoint_url,
                       athena_endpoint_url=args.athena_endpoint_url, s3=need_s3, athena=need_athena,
                       read_only=_read_only(args))


def _record(line: str, rel: str, number: int) -> dict[str, Any]:
    """One line of an export's data file as a JSON object, else an ``ExportError`` naming the
    file and the line."""
    try:
        record = json.loads(line)
    except ValueError as exc:
        record = exc
    if not isinstance(record, dict):
        why = f"not JSON: {record}" if isinstance(record, ValueError) else "not a JSON object"
        raise ExportError(f"The data file {rel}, line {number}, is {why}: an export's lines are "
                          '{"Item": {...}}. Copy the file again from the export (or export again); '
                          "nothing was audited.", file=rel)
    return record


def _sample(manifest: ExportManifest, limit: int) -> list[dict[str, Any]]:
    """Up to ``limit`` items from the export's first data files, for --detect."""
    items: list[dict[str, Any]] = []
    for data_file in manifest.files:
        try:
            # Streamed: only the first lines of a (possibly large) file are read.
            with manifest.store.open(data_file.rel) as body, \
                    gzip.open(body, "rt", encoding="utf-8") as lines:
                for number, line in enumerate(islice(lines, limit - len(items)), 1):
                    record = _record(line, data_file.rel, number)
                    item = record.get("Item")
                    if isinstance(item, dict):
                        items.append(item)
        except _UNREADABLE as exc:
            # Sampled before the checksums are checked: a damaged file is named here.
            raise ExportError(f"The data file {data_file.rel} cannot be read ({exc}): copy it again "
                              "from the export (or export again); nothing was audited.",
                              file=data_file.rel) from None
        if len(items) >= limit:
            break
    return items


def _schema(args: argparse.Namespace, manifests: list[ExportManifest]) -> tuple[UniquenessSchema, str]:
    if args.schema:
        return load_schema_file(args.schema), f"schema file {args.schema}"
    if args.detect:
        proposal = propose_schema(_sample(manifests[0], DETECT_SAMPLE), None)
        if not proposal.confident:  # as the live audit: an unsure guess audits nothing
            from dynoview.cli.audit import unsure_sentence

            raise SchemaError(unsure_sentence(str(args.export[0]), proposal.notes, proposal.schema))
        return proposal.schema, "detected: " + " ".join(proposal.notes)
    if args.preset:
        return preset_schema(args.preset, lambda: _sample(manifests[0], DETECT_SAMPLE), None)
    return default_schema(None), "the article's default layout"


def _refuse_table_flags(args: argparse.Namespace) -> str | None:
    for flag, given in (("--table", args.table), ("--endpoint-url", args.endpoint_url),
                        ("--demo", args.demo), ("--consistent", args.consistent)):
        if given:
            return (f"{flag} reads a live table, and --export audits an export without reading any "
                    f"table: leave out {flag} (or --export).")
    if args.athena_output and not all(p.startswith("s3://") for p in args.export):
        return ("--athena-output runs the audit on Athena, which reads exports in S3: give the "
                "export as s3://bucket/prefix/, or leave out --athena-output to audit it with DuckDB.")
    return None


def run_export(args: argparse.Namespace) -> int:
    problem = _refuse_table_flags(args)
    if problem:
        print(f"dynoview: {problem}", file=sys.stderr)
        return 2
    need_s3 = any(p.startswith("s3://") for p in args.export)
    athena = None
    if args.athena_output or args.print_sql == ATHENA:
        try:
            athena = AthenaSettings(args.athena_output or PRINT_SQL_OUTPUT, args.athena_workgroup,
                                    args.athena_database)
        except AthenaNameError as exc:  # before any client exists: nothing read, nothing sent
            flag = ATHENA_NAME_FLAGS.get(exc.field or "", "Athena")
            print(terminal_line(f"dynoview: {flag}: {exc.message} Nothing was sent."), file=sys.stderr)
            return 2
    if athena is not None and args.athena_output and not args.print_sql and _read_only(args):
        # Before any client exists: not even the manifests are read.
        refusal = read_only_refusal(athena, len(args.export)) if not _production(args) else \
            read_only_refusal(athena, len(args.export), ": a production connection never writes "
                              "from the command line (--production, or a profile that File › "
                              "Settings marks production)")
        print(f"dynoview: {refusal}", file=sys.stderr)
        return 2
    operation = "S3"
    try:
        s3, athena_client = _clients(args, need_s3, bool(args.athena_output) and not args.print_sql)
        manifests = load_exports(args.export, s3)
        schema, origin = _schema(args, manifests)
        if schema.locks is not None or getattr(args, "locks_table", None):
            # One export is one table: its accounts would all look unlocked (docs/locks-table.md).
            print("dynoview: the schema keeps its locks in a table of their own, and an export "
                  "audit reads one table's export: audit the live tables instead (--table with "
                  "--locks-table).", file=sys.stderr)
            return 2
        if args.print_sql:
            print(f"-- Schema: {origin}.")
            print(plan_sql(manifests, schema, args.print_sql, ttl_attribute=args.ttl_attribute,
                           athena=athena).text(), end="")
            return 0
        options = ExportAuditOptions(ttl_attribute=args.ttl_attribute, temp_directory=args.temp_dir,
                                     memory_limit=args.memory_limit, threads=args.threads,
                                     athena=athena if args.athena_output else None,
                                     read_only=_read_only(args))
        operation = "Athena" if args.athena_output else "S3"
        show = args.format == "text" and sys.stderr.isatty()

        def progress(p: ExportProgress) -> None:
            print(f"\r{p.text():<100}", end="", file=sys.stderr, flush=True)

        result = audit_exports(args.export, schema, options=options, s3_client=s3,
                               athena_client=athena_client, progress=progress if show else None)
        if show:
            print(file=sys.stderr)
    except (SchemaError, DynoViewError, ValueError) as exc:
        print(f"dynoview: {exc}", file=sys.stderr)
        return 2
    except USER_ERRORS as exc:
        return fail(exc, args, operation=operation)
    audit = result.result
    matched = audit.items_read - audit.pairing.other_items
    if audit.items_read and not matched:
        print(f"dynoview: no account or lock in the export matched the uniqueness schema ({origin}): "
              f"all {audit.items_read:,} items are something else. Check the schema's key names and "
              "prefixes (--schema FILE, or --detect).", file=sys.stderr)
        return 2
    # Values from the export are data: escapes shown, never obeyed (cli.common).
    if args.format == "json":
        print(terminal_json(dumps(result.report_json(include_receipts=not args.no_receipts))))
    else:
        from dynoview.cli.audit import terminal_lines, with_shown_sentences

        print(terminal_line(f"Schema: {origin}."))
        print(terminal_lines(dataclasses.replace(result, result=with_shown_sentences(audit)).text()))
    return 0 if audit.clean else 1
