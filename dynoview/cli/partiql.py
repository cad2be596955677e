"""`dynoview partiql STATEMENT`: run a PartiQL SELECT and print one item a line.

Every request goes through the Reader (ExecuteStatement, paged with NextToken), so the
receipts the window's read log shows are the ones ``--receipts`` prints. Only SELECT
runs: writes go through the transaction builder (``dynoview transact``), and a
read-only connection refuses them in the session too. Exit 0 read, 2 error.
"""

from __future__ import annotations

import argparse
import json
import sys

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
from dynoview.core.reads.partiql import (
    MAX_PAGE_SIZE,
    StatementCursor,
    StatementSpec,
    parse_cli_parameter,
    prepare,
    strong_index_table,
)
from dynoview.core.reads.partiql_statements import statement_target
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.session.user_files import UserFileError, decode_user_text
from dynoview.core.values.display import display_text
from dynoview.core.values.plain import plain_json
from dynoview.core.values.types import ValueParseError


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "partiql", help="run a PartiQL SELECT and print the items, one a line",
        description="Run a PartiQL SELECT (ExecuteStatement, every page through NextToken) and print "
                    "one item a line as plain JSON. Comments (-- and /* */) are dropped before "
                    "sending. Exit 0 read, 2 error.")
    parser.add_argument("statement", help='the statement, e.g. \'SELECT * FROM "accounts" WHERE PK = ?\' '
                                          "(- reads it from standard input)")
    add_connection_arguments(parser)
    parser.add_argument("--param", metavar="JSON", action="append", default=[],
                        help='a value for the next ?, in order: DynamoDB JSON ({"S": "ada@lovelace.io"}, '
                             '{"N": "42"}) or plain JSON ("ada@lovelace.io", 42; numbers stay exact)')
    parser.add_argument("--consistent", action="store_true",
                        help="strongly consistent read (twice the cost; never on a GSI)")
    parser.add_argument("--format", choices=("json", "text"), default="json",
                        help="json: one item a line as plain JSON (default); text: one item a line "
                             "as name=value, then a summary line")
    parser.add_argument("--page-size", type=whole_number(1, MAX_PAGE_SIZE), metavar="N",
                        help=f"items DynamoDB evaluates per request, 1-{MAX_PAGE_SIZE:,} (its Limit; "
                             "default: 1 MB pages)")
    parser.add_argument("--max-items", type=whole_number(1), metavar="N",
                        help="stop after printing N items (no further page is read)")
    parser.add_argument("--receipts", action="store_true",
                        help="print each request's read receipt (consistency, capacity, duration) as "
                             "a JSON line on standard error")


def _statement(args: argparse.Namespace) -> str:
    """The statement; ``-``: standard input, UTF-8 (with or without a byte-order mark) as
    ``transact -`` reads it, else ``UserFileError``: a Latin-1 byte sent as a stray character
    would match nothing and print "0 items"."""
    if args.statement != "-":
        return str(args.statement)
    if sys.stdin is None:  # started with standard input closed (<&-)
        raise UserFileError("Standard input is closed: give the statement as an argument, or "
                            "pipe it in.", field="statement")
    return decode_user_text(sys.stdin.buffer.read(), "The statement on standard input")


def _described(conn: Connection, name: str) -> TableInfo | None:
    """``name``'s description, or None when DescribeTable fails: the statement is then sent,
    and DynamoDB's answer says what is wrong."""
    try:
        return describe_table(conn, name)
    except USER_ERRORS:
        return None


def run(args: argparse.Namespace) -> int:
    try:
        statement = _statement(args)
    except UserFileError as exc:
        say(exc.message)
        return 2
    parameters = []
    for position, text in enumerate(args.param, 1):
        try:
            parameters.append(parse_cli_parameter(text))
        except ValueParseError as exc:
            say(f"--param {position} ({text}): {exc}")
            return 2
    spec = StatementSpec(statement, tuple(parameters), consistent=args.consistent,
                         page_size=args.page_size)
    target = statement_target(statement)
    table = target[0] if target else None
    printed = 0
    try:
        with open_connection(args) as conn:
            request = prepare(spec, read_only=conn.read_only)
            # A strong read of "T"."index": T described, so a GSI is refused before sending.
            if (name := strong_index_table(spec)) is not None:
                prepare(spec, read_only=conn.read_only, table=_described(conn, name))
            reader = Reader(conn)
            if args.receipts:
                reader.log.add_listener(
                    lambda r: print(terminal_json(json.dumps(r.to_json(), ensure_ascii=False)),
                                    file=sys.stderr))
            cursor = StatementCursor(reader, request)
            cut = False  # stopped at --max-items with items left
            while not cursor.exhausted and not cut:
                # One request at a time: a page of items is printed before the next is read.
                page = cursor.next_page(want=1)
                for n, item in enumerate(page.items):
                    if args.max_items is not None and printed >= args.max_items:
                        cut = True
                        break
                    # Table data: escapes shown, never obeyed (one item, one line).
                    print(terminal_json(plain_json(item, indent=None)) if args.format == "json"
                          else terminal_line("  ".join(f"{k}={display_text(v)}" for k, v in item.items())))
                    printed += 1
                    if args.max_items is not None and printed >= args.max_items:
                        cut = n + 1 < len(page.items) or not cursor.exhausted
                        break
            if args.format == "text":
                mode = "strongly consistent" if args.consistent else "eventually consistent"
                more = ", more available" if cut else ""
                print(f"{printed} item{'s' if printed != 1 else ''}, {cursor.requests} "
                      f"request{'s' if cursor.requests != 1 else ''}, {mode}{more}.")
    except USER_ERRORS as exc:
        return fail(exc, args, operation="ExecuteStatement", table=table)
    return 0
