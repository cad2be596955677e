"""`dynoview audit`: scan a whole table and report every broken uniqueness case.

Exit status: 0 when clean, 1 when findings exist (or the audit was cut
short), 2 on error. The JSON output is documented in docs/cli-audit.md.
With ``--export PATH`` it audits a DynamoDB export instead (``audit_export``).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import Any

from botocore.exceptions import ClientError

from dynoview.cli.audit_export import add_export_arguments, export_only_flags, run_export
from dynoview.cli.common import (
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    say,
    terminal_json,
    terminal_line,
    whole_number,
)
from dynoview.core.audit.report import audit_json, audit_text, dumps, nothing_matched
from dynoview.core.audit.run import (
    DEFAULT_SEGMENTS,
    MAX_SEGMENTS,
    AuditProgress,
    AuditResult,
    run_audit,
)
from dynoview.core.audit.two_tables import TWO_SCANS_NOTE, run_two_table_audit
from dynoview.core.errors import DynoViewError, aws_error_code
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.table_suggestion import did_you_mean, suggested_tables
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.uniqueness.locks_table import with_accounts_table, with_locks_table
from dynoview.core.uniqueness.presets import PRESETS, preset_names, preset_schema
from dynoview.core.uniqueness.proposal import propose_schema
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema, default_schema
from dynoview.core.uniqueness.schema_file import load_schema_file, schema_to_text
from dynoview.core.uniqueness.schema_store import SchemaStore, connection_key

DETECT_SAMPLE = 1000


def add_schema_arguments(parser: argparse.ArgumentParser, *, table_required: bool = True) -> None:
    parser.add_argument("--table", required=table_required,
                        help="table to read" + ("" if table_required else " (or --export)"))
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--schema", metavar="FILE",
                       help="uniqueness schema JSON file (default: the schema saved in the app for "
                            "this connection and table, else the article's layout)")
    group.add_argument("--detect", action="store_true",
                       help=f"propose the schema from a sample of {DETECT_SAMPLE} items instead")
    group.add_argument("--preset", "--schema-preset", choices=preset_names(), metavar="NAME",
                       help="a library's marker layout: " + "; ".join(
                           f"{p.name} ({p.example})" for p in PRESETS)
                       + f". Model and attribute names come from the markers in {DETECT_SAMPLE} items")
    parser.add_argument("--locks-table", metavar="TABLE",
                        help="the table that holds the locks when they are not beside the accounts "
                             "(the \"uniques table\" pattern; its key names come from DescribeTable)")


def resolve_schema(args: argparse.Namespace, conn: Connection, reader: Reader,
                   info: TableInfo) -> tuple[UniquenessSchema, str]:
    """The schema the flags ask for, and a phrase saying where it came from; ``--locks-table``
    puts its locks in that table."""
    schema, origin = _flagged_schema(args, conn, reader, info)
    if getattr(args, "locks_table", None):
        schema = with_locks_table(schema, describe_locks_table(conn, args.locks_table), info.name)
        origin += f", locks in table {args.locks_table}"
    elif schema.locks is not None and info.name != schema.locks.name:
        schema = with_accounts_table(schema, [info.name])  # the table named is the accounts'
    return schema, origin


def describe_locks_table(conn: Connection, name: str) -> TableInfo:
    """DescribeTable of the separate locks table. A missing one is named as the locks table:
    the command's error boundary would otherwise say the accounts table (``--table``) is the
    one that does not exist."""
    try:
        return describe_table(conn, name)
    except ClientError as exc:
        if aws_error_code(exc) != "ResourceNotFoundException":
            raise
        meant = did_you_mean(suggested_tables(conn, [name]).get(name))
        raise DynoViewError(f"The locks table {name} does not exist on this connection.{meant} Check "
                            "the --locks-table name (or the schema's locks table), the region and the "
                            "endpoint.", field="locks_table") from None


def locks_table_info(conn: Connection, schema: UniquenessSchema) -> TableInfo | None:
    """DescribeTable of the schema's separate locks table (None: locks share the table)."""
    return describe_locks_table(conn, schema.locks.name) if schema.locks is not None else None


def _flagged_schema(args: argparse.Namespace, conn: Connection, reader: Reader,
                    info: TableInfo) -> tuple[UniquenessSchema, str]:
    if args.schema:
        return load_schema_file(args.schema), f"schema file {args.schema}"
    if args.detect:
        proposal = propose_schema(detect_sample(args, conn, reader, info), info)
        if not proposal.confident:
            raise SchemaError(unsure_sentence(info.name, proposal.notes, proposal.schema))
        return proposal.schema, "detected: " + " ".join(proposal.notes)
    if getattr(args, "preset", None):  # callers with their own flags may have no --preset
        return preset_schema(args.preset, lambda: reader.read(
            "Scan", {"TableName": info.name, "Limit": DETECT_SAMPLE}).get("Items", []), info)
    saved = SchemaStore().load(connection_key(conn.spec, conn.region), info.name,
                               legacy=conn.spec.name)
    if saved.problem:
        say(saved.problem)
    if saved.schema is not None:
        return saved.schema, ("the schema saved for this connection and table" if not saved.legacy
                              else f"the schema an older version saved for connections named "
                                   f"{conn.spec.name} and this table")
    return default_schema(info), "the article's default layout"


def detect_sample(args: argparse.Namespace, conn: Connection, reader: Reader,
                  info: TableInfo) -> list[dict[str, Any]]:
    """The items ``--detect`` proposes from: a page of the table and, with ``--locks-table``, a
    page of the locks table too (the accounts' table alone holds no lock to see). The locks
    table's keys are given the accounts table's key names, as the proposal reads one table;
    ``resolve_schema`` then puts the rules' locks in their own table."""
    items = list(reader.read("Scan", {"TableName": info.name, "Limit": DETECT_SAMPLE})
                 .get("Items", []))
    name = getattr(args, "locks_table", None)
    if not name:
        return items
    locks = describe_locks_table(conn, name)
    page = reader.read("Scan", {"TableName": name, "Limit": DETECT_SAMPLE}).get("Items", [])
    names = [(locks.partition_key.name, info.partition_key.name)]
    if locks.sort_key is not None and info.sort_key is not None:
        names.append((locks.sort_key.name, info.sort_key.name))
    # Only the keys: a lock's other attributes would be taken for an account's values.
    items += [{ours: item[theirs] for theirs, ours in names if theirs in item} for item in page]
    return items


def unsure_sentence(table: str, notes: tuple[str, ...], schema: UniquenessSchema) -> str:
    """Why ``--detect`` audits nothing with a proposal it is not sure of, what to do, and the
    proposal (JSON, to save and edit): audited with it, a healthy table's every lock read as an
    orphan (or every account as missing one), and a repair from that report broke them all."""
    return (f"--detect is not sure of the schema it proposes for {table}, so nothing was audited: "
            + " ".join(notes) + " Save the proposed schema below to a file, edit it to match your "
            "items (the accounts' key prefix and sort key, each lock's key template), and pass it "
            "with --schema FILE (or --preset NAME for a library's layout).\n"
            + schema_to_text(schema))


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("audit", help="pair every account with its uniqueness locks",
                            description="Scan a table in parallel and report missing, orphan, "
                                        "duplicate, expired and clashing uniqueness locks. Exit "
                                        "status 0 clean, 1 findings, 2 error.")
    add_connection_arguments(parser)
    add_schema_arguments(parser, table_required=False)
    parser.add_argument("--segments", type=whole_number(1, MAX_SEGMENTS), default=DEFAULT_SEGMENTS,
                        help=f"parallel Scan segments, 1-{MAX_SEGMENTS} (default {DEFAULT_SEGMENTS})")
    parser.add_argument("--consistent", action="store_true",
                        help="strongly consistent reads (twice the read capacity)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--no-receipts", action="store_true",
                        help="leave the per-page read receipts out of the JSON report")
    add_export_arguments(parser)
    for action in parser._actions:  # the export's option serves a live audit too (``given_ttl``)
        if action.dest == "ttl_attribute":
            action.help = ("the table's TTL attribute: an export does not record it, and a live "
                           "audit uses it when DescribeTimeToLive may not be called (a TTL that "
                           "was read decides alone)")


def run(args: argparse.Namespace) -> int:
    if args.export:
        return run_export(args)
    if not args.table:
        say("give --table TABLE to audit a live table, or --export PATH to audit an export of one.")
        return 2
    # --ttl-attribute stands in for a TTL that could not be read (``given_ttl``); the rest only
    # apply to an export.
    ignored = [flag for flag in export_only_flags(args) if flag != "--ttl-attribute"]
    if ignored:
        # Else silently ignored: --print-sql would run a whole Scan, --athena-output a local audit.
        flags, them = (ignored[0], "it") if len(ignored) == 1 else (", ".join(ignored), "them")
        say(f"{flags} only {'applies' if them == 'it' else 'apply'} to auditing an export "
            f"(--export PATH), not the live table {args.table}: leave {them} out.")
        return 2
    if args.ttl_attribute is not None and not args.ttl_attribute.strip():
        say("--ttl-attribute needs the name of the table's TTL attribute (expiresAt, ttl...); an "
            "empty name judges no lock by its TTL: give the name, or leave the option out.")
        return 2
    operation = "DescribeTable"
    ttl_notes: list[str] = []
    try:
        with open_connection(args) as conn:
            reader = Reader(conn)
            info = given_ttl(describe_table(conn, args.table), args.ttl_attribute, ttl_notes)
            operation = "Scan"
            schema, origin = resolve_schema(args, conn, reader, info)
            show = args.format == "text" and sys.stderr.isatty()

            def progress(p: AuditProgress) -> None:
                print(f"\r{p.text()}", end="", file=sys.stderr, flush=True)

            locks = locks_table_info(conn, schema)
            if locks is not None:
                locks = given_ttl(locks, args.ttl_attribute, ttl_notes)
            if locks is not None:
                result = run_two_table_audit(reader, info, locks, schema, segments=args.segments,
                                             consistent=args.consistent,
                                             progress=progress if show else None)
            else:
                result = run_audit(reader, info, schema, segments=args.segments,
                                   consistent=args.consistent, progress=progress if show else None)
            if show:
                print(file=sys.stderr)
    except SchemaError as exc:
        say(str(exc))
        return 2
    except USER_ERRORS as exc:
        return fail(exc, args, operation=operation, table=args.table)
    unmatched = nothing_matched(result, origin, "--schema FILE, or --detect")
    if unmatched:  # "No problems found" would be a wrong answer: the schema describes another layout
        say(unmatched)
        return 2
    if result.ttl_unknown_note:  # the window's note, and this command's own way out
        result.ttl_unknown_note += f" Or pass {TTL_ATTRIBUTE_HINT}."
    if args.format == "json":
        # Confident: an unsure detection audits nothing (``unsure_sentence``).
        data = audit_json(result, include_receipts=not args.no_receipts, schema_origin=origin,
                          schema_confident=True)
        if ttl_notes:
            data["ttl_notes"] = ttl_notes
        print(terminal_json(dumps(data)))
    else:
        print(terminal_line(f"Schema: {origin}."))
        for note in ttl_notes:
            print(terminal_line(note))
        if schema.locks is not None:
            print(terminal_line(f"Locks read from table {schema.locks.name}. {TWO_SCANS_NOTE}"))
        print(text_report(result))
    return 0 if result.clean and result.complete else 1


#: How to judge reservations when DescribeTimeToLive may not be called (``given_ttl``).
TTL_ATTRIBUTE_HINT = "--ttl-attribute NAME (the table's TTL attribute) to tell reservations by it"


def given_ttl(info: TableInfo, name: str | None, notes: list[str]) -> TableInfo:
    """``info`` as an audit or a repair judges it with ``--ttl-attribute NAME``. The option stands
    in for a TTL that could not be read (``TableInfo.ttl_error``): the table is then judged as if
    its TTL were on NAME. A TTL that was read decides alone: the option is not used for that
    table, and a note says so when it names another attribute (or the TTL is off). ``notes``
    gets the sentence of each case."""
    if name is None:
        return info
    if info.ttl_error is not None:
        notes.append(f"The TTL of {info.name} could not be read (DescribeTimeToLive: "
                     f"{info.ttl_error}): it was judged by --ttl-attribute {name}, as given.")
        return dataclasses.replace(info, ttl_attribute=name, ttl_status="ENABLED", ttl_error=None)
    if info.expiry_attribute != name:
        own = f"on {info.expiry_attribute}" if info.expiry_attribute else "off"
        notes.append(f"--ttl-attribute {name} was not used for {info.name}: its TTL was read "
                     f"(it is {own}), and the table's own TTL decides.")
    return info


def with_shown_sentences(result: AuditResult) -> AuditResult:
    """The result with each finding's sentence fit for one terminal line (a value with a line
    break or an escape sequence in it shows them as escapes)."""
    shown = [dataclasses.replace(f, sentence=terminal_line(f.sentence)) for f in result.findings]
    return dataclasses.replace(result, findings=shown)


def terminal_lines(text: str) -> str:
    """Several lines for a terminal, each escaped (``terminal_line``)."""
    return "\n".join(terminal_line(line) for line in text.split("\n"))


def text_report(result: AuditResult) -> str:
    """``audit_text`` for a terminal: one line per finding, whatever the table holds."""
    return terminal_lines(audit_text(with_shown_sentences(result)))
