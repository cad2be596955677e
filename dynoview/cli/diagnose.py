"""`dynoview diagnose`: is this value locked, and by whom? One sentence per value.

The lock is read with strongly consistent GetItems (the rule's spelling, then the
clash key customers' capitals hide, and for a value outside ASCII the Latin value it
may imitate); accounts are found via the rule's GSI (eventually consistent) or a Scan
(cost reported); the audit's engine judges what was read, so the answer names the
audit's finding (a lookalike clash included). A lock no account holds is traced to a
stuck signup or a value left behind, from the lock's owner attribute, the table's
stream or the action log.
Exit status: 0 when every value is fine (free or properly owned), 1 when any
value has a problem, 2 on error.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from dynoview.cli.audit import (
    add_schema_arguments,
    describe_locks_table,
    locks_table_info,
    resolve_schema,
)
from dynoview.cli.common import (
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    say,
    terminal_json,
    terminal_line,
)
from dynoview.core.audit.report import diagnosis_json, dumps
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog, unreadable_reason
from dynoview.core.uniqueness.diagnose import Diagnosis, diagnose
from dynoview.core.uniqueness.locks_table import with_locks_table
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema
from dynoview.core.uniqueness.schema_file import load_schema_file


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("diagnose", help="explain whether values are locked and by whom",
                            description="For each VALUE: a strongly consistent GetItem of its lock, "
                                        "then the accounts holding it. Exit status 0 fine, 1 "
                                        "problem, 2 error.")
    add_connection_arguments(parser)
    add_schema_arguments(parser)
    parser.add_argument("--rule", required=True, help="rule name from the schema, e.g. email")
    parser.add_argument("--no-index", action="store_true",
                        help="find accounts with a Scan even if the rule names a GSI")
    parser.add_argument("--action-log", metavar="FILE", type=Path,
                        help="action log to search for the transactions that wrote an orphan lock "
                             "(default: the app's own log)")
    parser.add_argument("--no-stream", action="store_true",
                        help="do not read the table's stream to explain an orphan lock")
    parser.add_argument("--scope", metavar="SCOPE",
                        help="for a rule unique per scope (OneTable's field.scope): the scope the "
                             "values belong to, e.g. a tenant id (or write each value SCOPE#VALUE)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("values", nargs="+", metavar="VALUE", help="values to diagnose")


_SOURCES = {"owner": "the lock's owner attribute", "stream": "the table's stream",
            "action-log": "the action log", "none": "no record found"}


def _text(d: Diagnosis) -> str:
    """The diagnosis for a terminal: every line escaped on its own (a value from the table with
    a line break or an escape sequence cannot forge or hide a line)."""
    lines = [d.sentence]  # starts "You typed X; the lock stores Y." when the spellings differ
    if d.origin is not None:
        account = f", account {d.origin.account_id}" if d.origin.account_id else ""
        lines.append(f"  origin: {d.origin.label} (evidence: {_SOURCES.get(d.origin.source)}"
                     f"{account})")
    lines += [f"  note: {n}" for n in d.notes]
    lines += [f"  read: {r.operation} {r.target}, {r.summary()}" for r in d.receipts]
    return "\n".join(terminal_line(line) for line in lines)


def run(args: argparse.Namespace) -> int:
    results: list[Diagnosis] = []
    schema: UniquenessSchema | None = None
    if args.schema:
        # Checked before connecting (and before a demo starts): a wrong path is a typo to fix.
        try:
            schema = load_schema_file(args.schema)
        except SchemaError as exc:
            say(f"The schema file cannot be used: {exc}")
            return 2
    why = unreadable_reason(args.action_log) if args.action_log is not None else None
    if why:
        # Read as empty, it would make every orphan lock "no record found" without a word.
        say(f"--action-log {args.action_log} {why}: give the action log's file (the app's own is "
            "used when --action-log is left out).")
        return 2
    log = ActionLog(args.action_log) if args.action_log else ActionLog()
    try:
        with open_connection(args) as conn:
            reader = Reader(conn)
            info = describe_table(conn, args.table)
            if schema is None:
                schema, _ = resolve_schema(args, conn, reader, info)
            elif args.locks_table:
                schema = with_locks_table(schema, describe_locks_table(conn, args.locks_table), info.name)
            locks = locks_table_info(conn, schema)
            for value in args.values:
                results.append(diagnose(reader, info, schema, args.rule, value,
                                        use_index=not args.no_index, use_stream=not args.no_stream,
                                        action_log=log, locks_table=locks, scope=args.scope,
                                        # every VALUE was typed: "" asks about the lock on ''
                                        empty_given=True))
    except SchemaError as exc:  # a saved or detected schema that does not fit
        say(f"The schema cannot be used: {exc}")
        return 2
    except USER_ERRORS as exc:
        return fail(exc, args, operation="GetItem", table=args.table)
    if args.format == "json":
        print(terminal_json(dumps([diagnosis_json(d) for d in results])))
    else:
        print("\n\n".join(_text(d) for d in results))
    return 1 if any(d.is_problem for d in results) else 0
