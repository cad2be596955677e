"""`dynoview export --table T`: every item of a table, as DynamoDB JSON lines, JSON lines or CSV.

A parallel Scan (``--segments``), every page through the Reader. To standard output, or
``--output FILE``: a 0600 file that appears only once the export is complete (an error or
Ctrl+C leaves nothing behind). ``ddb-json`` lines are those of DynamoDB's export to S3
(``{"Item": {...}}``). Exit 0 exported, 2 error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dynoview.cli.common import add_connection_arguments, fail, open_connection
from dynoview.core.items.export import (
    DDB_JSON,
    DEFAULT_SEGMENTS,
    FORMATS,
    ExportProgress,
    check_segments,
    export_table,
    export_table_to_file,
)
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "export", help="export every item of a table (DynamoDB JSON lines, JSON lines or CSV)",
        description="Read every item of a table by a parallel Scan and write it as DynamoDB JSON "
                    "lines ({\"Item\": {...}}, the lines of DynamoDB's export to S3), plain JSON "
                    "lines, or CSV (one column per attribute and type, e.g. 'email (S)'). Exit 0 "
                    "exported, 2 error.")
    parser.add_argument("--table", required=True, help="the table to export")
    add_connection_arguments(parser)
    parser.add_argument("--format", choices=FORMATS, default=DDB_JSON,
                        help=f"output format (default {DDB_JSON})")
    parser.add_argument("--consistent", action="store_true",
                        help="strongly consistent Scan (twice the cost)")
    parser.add_argument("--segments", type=int, default=DEFAULT_SEGMENTS,
                        help=f"parallel Scan segments, 1-64 (default {DEFAULT_SEGMENTS})")
    parser.add_argument("--output", "-o", metavar="FILE", type=Path,
                        help="write to FILE (created 0600, complete or not at all) instead of "
                             "standard output")


def run(args: argparse.Namespace) -> int:
    try:
        check_segments(args.segments)
    except Exception as exc:
        return fail(exc, args)
    operation = "DescribeTable"
    show = args.output is not None and sys.stderr.isatty()

    def progress(p: ExportProgress) -> None:
        print(f"\r{p.text()}", end="", file=sys.stderr, flush=True)

    try:
        with open_connection(args) as conn:
            info = describe_table(conn, args.table)
            operation = "Scan"
            reader = Reader(conn)
            options = {"segments": args.segments, "consistent": args.consistent,
                       "progress": progress if show else None}
            if args.output is None:
                result = export_table(reader, info, sys.stdout, args.format, **options)
            else:
                result = export_table_to_file(reader, info, args.output, args.format, **options)
    except Exception as exc:
        if show:
            print(file=sys.stderr)
        return fail(exc, args, operation=operation, table=args.table)
    if args.output is not None:
        if show:
            print(file=sys.stderr)
        print(f"{result.summary()} Written to {args.output}.", file=sys.stderr)
    return 0
