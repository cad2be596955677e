"""`dynoview tables`: list the tables a connection sees, with their description.

A table deleted while the list is read is skipped with a note on stderr (the JSON on stdout
stays the list of the others)."""

from __future__ import annotations

import argparse
import json
import sys

from dynoview.cli.common import add_connection_arguments, fail, open_connection
from dynoview.core.session.tables import describe_tables


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("tables", help="list tables and describe them")
    add_connection_arguments(parser)
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace) -> int:
    try:
        with open_connection(args) as conn:
            listing = describe_tables(conn)
    except Exception as exc:
        return fail(exc, args, operation="ListTables")
    infos = listing.tables
    for note in listing.notes:
        print(f"dynoview: {note}", file=sys.stderr)
    if args.format == "json":
        print(json.dumps([{"name": i.name, "keys": list(i.key_names),
                           "indexes": [x.name for x in i.indexes],
                           "ttl_attribute": i.ttl_attribute if i.ttl_enabled else None,
                           "stream_view_type": i.stream_view_type,
                           "item_count": i.item_count} for i in infos], indent=2))
    else:
        for info in infos:
            print(info.name)
            for line in info.summary_lines():
                print(f"  {line}")
    return 0
