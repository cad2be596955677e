"""`dynoview tables`: list the tables a connection sees, with their description.

A table deleted while the list is read is skipped with a note on stderr (the JSON on stdout
stays the list of the others).

On a local endpoint (loopback) only, ``tables create --layout article|--from-describe FILE
--name N`` creates a table for development and ``tables delete N --confirm N`` deletes one
(``core.session.local_tables``); on any other endpoint both are refused with a sentence before
anything is sent (exit 2). A table created whose TTL step then failed exits 1 (``EXIT_PARTIAL``):
it is there, without TTL, and the sentence says how to turn TTL on. A table created or deleted
whose output then cannot be written exits 4 (``common.output_after_write``), saying so."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

from dynoview.cli.common import (
    EXIT_OUTPUT_LOST_HELP,
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    output_after_write,
    say,
    terminal_line,
)
from dynoview.core.session import local_tables
from dynoview.core.session.connection import spec_from_environment
from dynoview.core.session.tables import describe_tables
from dynoview.core.session.user_files import UserFileError, read_user_text

CREATE = "create"
DELETE = "delete"
#: Created, but the step after CreateTable (TTL) failed: the table is there, a person finishes it.
EXIT_PARTIAL = 1


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "tables", help="list tables and describe them; create or delete one on a local endpoint",
        description="List the tables the connection sees. On a local endpoint (localhost, "
                    "127.0.0.0/8, ::1) only: `tables create --layout article --name N` or "
                    "`tables create --from-describe FILE [--name N]` creates a table for "
                    "development (waiting until it is active), `tables delete N --confirm N` "
                    "deletes one. Refused on any other endpoint before anything is sent. Exit 0 "
                    f"done, {EXIT_PARTIAL} created but TTL not turned on (the table is there; the "
                    "message says how to turn TTL on), 2 error.",
        epilog=EXIT_OUTPUT_LOST_HELP)
    add_connection_arguments(parser)
    parser.add_argument("action", nargs="?", choices=(CREATE, DELETE),
                        help="create or delete a table (local endpoints only); leave out to list")
    parser.add_argument("table", nargs="?", metavar="NAME", help="with delete: the table to delete")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    create = parser.add_argument_group("create (local endpoints only)")
    source = create.add_mutually_exclusive_group()
    source.add_argument("--layout", choices=local_tables.LAYOUTS,
                        help="article: PK/SK, the email-index GSI, TTL on expiresAt and a "
                             "NEW_AND_OLD_IMAGES stream")
    source.add_argument("--from-describe", metavar="FILE", type=Path,
                        help="a DescribeTable answer (aws dynamodb describe-table output) to copy")
    create.add_argument("--name", help="the new table's name (default with --from-describe: its own)")
    parser.add_argument("--confirm", metavar="NAME",
                        help="with delete: the table's name typed again")


def run(args: argparse.Namespace) -> int:
    if args.action == CREATE:
        return _create(args)
    if args.action == DELETE:
        return _delete(args)
    if any(v is not None for v in (args.table, args.layout, args.from_describe, args.name,
                                   args.confirm)):
        say("--layout, --from-describe and --name go with `tables create`, a NAME and --confirm "
            "with `tables delete`.")
        return 2
    try:
        with open_connection(args) as conn:
            listing = describe_tables(conn)
    except USER_ERRORS as exc:
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
        for info in infos:  # attribute and index names are any UTF-8: escaped for the terminal
            print(terminal_line(info.name))
            for line in info.summary_lines():
                print(terminal_line(f"  {line}"))
    return 0


def _local_spec_check(args: argparse.Namespace, action: str) -> None:
    """Refuse a non-local endpoint before a connection (and its credentials) is even made."""
    if getattr(args, "demo", False):
        return
    spec = spec_from_environment(profile=args.profile, region=args.region,
                                 endpoint_url=args.endpoint_url, read_only=args.read_only,
                                 production=args.production)
    local_tables.check_local(spec, action)


def _create(args: argparse.Namespace) -> int:
    if args.table is not None or args.confirm is not None:
        say("`tables create` takes --name, not a NAME or --confirm.")
        return 2
    if args.layout is None and args.from_describe is None:
        say("Say what to create: --layout article or --from-describe FILE.")
        return 2
    if args.layout is not None and not args.name:
        say("Name the new table with --name.")
        return 2
    try:
        _local_spec_check(args, "create a table")
        if args.layout is not None:
            plan = local_tables.article_plan(args.name)
        else:
            # UTF-8 with or without a BOM; UTF-16 (PowerShell's >) or bad bytes are a sentence.
            text = read_user_text(args.from_describe, "The table description")
            plan = local_tables.plan_from_description(text, args.name)
        with open_connection(args) as conn:
            lost = local_tables.create_table(conn, plan)
    except local_tables.NameMissing as exc:  # the window's words ask to type a name: not here
        say("The description has no TableName: pass --name NAME or add TableName to the JSON."
            if exc.described else "--name is blank: name the new table with --name NAME.")
        return 2
    except local_tables.TtlNotEnabledError as exc:  # the table is there: said, and how to finish
        with output_after_write(exc.message):  # "Created N, but TTL … was not turned on: …"
            for note in (*plan.notes, exc.note, exc.message):
                if note:
                    say(note)
            print(terminal_line(f"created {dataclasses.replace(plan, ttl_attribute=None).summary()}"))
        return EXIT_PARTIAL
    except (local_tables.LocalTablesRefused, local_tables.TableRequestError, UserFileError) as exc:
        say(exc.message)
        return 2
    except USER_ERRORS as exc:
        return fail(exc, args, operation="CreateTable", table=args.name)
    # Created: output that cannot be written must not read as "nothing was done" (exit 2).
    with output_after_write(f"The table {plan.name} WAS created."):
        for note in plan.notes:
            say(note)
        if lost:  # a try's answer was lost: say how the table was found made by it
            say(lost)
        print(terminal_line(f"created {plan.summary()}"))
    return 0


def _delete(args: argparse.Namespace) -> int:
    if args.layout is not None or args.from_describe is not None or args.name is not None:
        say("`tables delete` takes the table's NAME and --confirm NAME only.")
        return 2
    if not args.table:
        say("Name the table to delete: dynoview tables delete NAME --confirm NAME.")
        return 2
    try:
        _local_spec_check(args, "delete a table")
        if args.confirm != args.table:
            say(f"Type the table's name again with --confirm {args.table} to delete it; nothing "
                "was sent.")
            return 2
        with open_connection(args) as conn:
            lost = local_tables.delete_table(conn, args.table, args.confirm)
    except (local_tables.LocalTablesRefused, local_tables.TableRequestError) as exc:
        say(exc.message)
        return 2
    except USER_ERRORS as exc:
        return fail(exc, args, operation="DeleteTable", table=args.table)
    # Deleted: output that cannot be written must not read as "nothing was done" (exit 2).
    with output_after_write(f"The table {args.table} WAS deleted."):
        if lost:  # a try's answer was lost: say how the table was found gone by it
            say(lost)
        print(terminal_line(f"deleted {args.table}"))
    return 0
