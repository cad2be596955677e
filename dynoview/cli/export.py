"""`dynoview export --table T`: every item of a table, as DynamoDB JSON lines, JSON lines or CSV.

A parallel Scan (``--segments``), every page through the Reader. To standard output, or
``--output FILE``: a 0600 file that appears only once the export is complete (an error or
Ctrl+C leaves nothing behind); a file already there is replaced only with ``--overwrite``.
``ddb-json`` lines are those of DynamoDB's export to S3 (``{"Item": {...}}``). ``ddb-json``
and ``csv`` import back exactly; ``json`` is plain JSON and records no types
(``ROUND_TRIP_NOTE``). Exit 0 exported, 2 error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import IO, cast

from dynoview.cli.common import (
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    say,
    terminal_json,
    whole_number,
)
from dynoview.core.items.export import (
    CSV,
    DDB_JSON,
    DEFAULT_SEGMENTS,
    FORMATS,
    MAX_SEGMENTS,
    PLAIN_JSON,
    ROUND_TRIP_NOTE,
    ExportProgress,
    OutputExistsError,
    check_output,
    check_segments,
    export_table,
    export_table_to_file,
)
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table
from dynoview.core.values.csv_cells import NEUTRALISED_NOTE
from dynoview.core.values.visible_text import visible


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "export", help="export every item of a table (DynamoDB JSON lines, JSON lines or CSV)",
        description="Read every item of a table by a parallel Scan and write it as DynamoDB JSON "
                    "lines ({\"Item\": {...}}, the lines of DynamoDB's export to S3), plain JSON "
                    "lines, or CSV (one column per attribute and type, e.g. 'email (S)'; lists "
                    f"and maps in DynamoDB JSON). {ROUND_TRIP_NOTE} {NEUTRALISED_NOTE} "
                    "Exit 0 exported, 2 error.")
    parser.add_argument("--table", required=True, help="the table to export")
    add_connection_arguments(parser)
    parser.add_argument("--format", choices=FORMATS, default=DDB_JSON,
                        help=f"output format (default {DDB_JSON}); {DDB_JSON} and {CSV} import back "
                             f"exactly, {PLAIN_JSON} keeps no types (binary as base64 text, sets as "
                             "arrays)")
    parser.add_argument("--consistent", action="store_true",
                        help="strongly consistent Scan (twice the cost)")
    parser.add_argument("--segments", type=whole_number(1, MAX_SEGMENTS), default=DEFAULT_SEGMENTS,
                        help=f"parallel Scan segments, 1-{MAX_SEGMENTS} (default {DEFAULT_SEGMENTS})")
    parser.add_argument("--csv-raw", action="store_true",
                        help="CSV: write cells that start with =, +, -, @, a tab or a carriage return "
                             "exactly as stored, without the ' and quotes that stop a spreadsheet "
                             "running them as formulas (for programs; never open such a file in a "
                             "spreadsheet)")
    parser.add_argument("--output", "-o", metavar="FILE", type=Path,
                        help="write to FILE (created 0600, complete or not at all) instead of "
                             "standard output; a FILE that exists is refused without --overwrite")
    parser.add_argument("--overwrite", action="store_true",
                        help="with --output: replace FILE if it exists (once the export is complete)")


class _ShownOutput:
    """Standard output for an export: JSON lines with C1 controls, DEL, bidi and invisible
    characters as ``\\uXXXX`` (valid JSON, the same data: always); CSV shown with visible
    escapes only on a terminal (piped or saved, CSV is data and stays exact)."""

    def __init__(self, stream: IO[str], fmt: str) -> None:
        self.stream = stream
        self.fmt = fmt
        self.terminal = stream.isatty()

    def write(self, text: str) -> int:
        if self.fmt != CSV:
            self.stream.write(terminal_json(text))
        else:
            self.stream.write(visible(text, keep="\n") if self.terminal else text)
        return len(text)

    def flush(self) -> None:
        self.stream.flush()


def run(args: argparse.Namespace) -> int:
    if args.csv_raw and args.format != CSV:
        say(f"--csv-raw is for --format {CSV}; this export is {args.format}.")
        return 2
    if args.overwrite and args.output is None:
        say("--overwrite is for --output FILE; this export goes to standard output.")
        return 2
    try:
        check_segments(args.segments)
        if args.output is not None:  # before any read: a file that is there is refused at once
            check_output(args.output, replace=args.overwrite)
    except OutputExistsError as exc:
        return _exists(exc)
    except USER_ERRORS as exc:
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
                       "progress": progress if show else None, "csv_raw": args.csv_raw}
            if args.output is None:
                out = cast(IO[str], _ShownOutput(sys.stdout, args.format))  # write and flush: all it uses
                result = export_table(reader, info, out, args.format, **options)
            else:
                result = export_table_to_file(reader, info, args.output, args.format,
                                              replace=args.overwrite, **options)
    except OutputExistsError as exc:  # a file created while the export ran
        if show:
            print(file=sys.stderr)
        return _exists(exc)
    except USER_ERRORS as exc:
        if show:
            print(file=sys.stderr)
        return fail(exc, args, operation=operation, table=args.table)
    if args.output is not None:
        if show:
            print(file=sys.stderr)
        print(f"{result.summary()} Written to {args.output}.", file=sys.stderr)
    return 0


def _exists(exc: OutputExistsError) -> int:
    say(f"{exc.message} Pass --overwrite to replace it, or choose another --output file.")
    return 2
