"""`dynoview diagnose`: is this value locked, and by whom? One sentence per value.

The lock is read with a strongly consistent GetItem; accounts are found via
the rule's GSI (eventually consistent) or a Scan (cost reported).
Exit status: 0 when every value is fine (free or properly owned), 1 when any
value has a problem, 2 on error.
"""

from __future__ import annotations

import argparse

from dynoview.cli.audit import add_schema_arguments, resolve_schema
from dynoview.cli.common import add_connection_arguments, fail, open_connection
from dynoview.core.diagnose import Diagnosis, diagnose
from dynoview.core.reads import Reader
from dynoview.core.report import diagnosis_json, dumps
from dynoview.core.tables import describe_table


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
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("values", nargs="+", metavar="VALUE", help="values to diagnose")


def _text(d: Diagnosis) -> str:
    lines = [d.sentence]
    lines += [f"  note: {n}" for n in d.notes]
    lines += [f"  read: {r.operation} {r.target}, {r.summary()}" for r in d.receipts]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    results: list[Diagnosis] = []
    try:
        with open_connection(args) as conn:
            reader = Reader(conn)
            info = describe_table(conn, args.table)
            schema, _ = resolve_schema(args, conn, reader, info)
            for value in args.values:
                results.append(diagnose(reader, info, schema, args.rule, value,
                                        use_index=not args.no_index))
    except Exception as exc:
        return fail(exc, args, operation="GetItem", table=args.table)
    if args.format == "json":
        print(dumps([diagnosis_json(d) for d in results]))
    else:
        print("\n\n".join(_text(d) for d in results))
    return 1 if any(d.is_problem for d in results) else 0
