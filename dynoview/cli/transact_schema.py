"""The uniqueness schema ``dynoview transact`` runs its preflight with: the audit's choice
(``--schema``, ``--detect``, the schema saved in the app for this connection and table, else the
article's layout) for the table whose accounts the transaction writes, with ``--locks-table``
putting the locks in their own table as ``audit --locks-table`` does (docs/locks-table.md)."""

from __future__ import annotations

import argparse

from dynoview.cli.audit import describe_locks_table, resolve_schema
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import Transaction
from dynoview.core.uniqueness.locks_table import with_locks_table
from dynoview.core.uniqueness.schema import UniquenessSchema


def add_locks_table_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--locks-table", metavar="TABLE",
                        help="the table that holds the locks when they are not beside the accounts "
                             "(as audit --locks-table); the accounts' table is the one the "
                             "transaction writes most, the locks table apart")


def preflight_schema(args: argparse.Namespace, conn: Connection, tx: Transaction,
                     infos: dict[str, TableInfo], schema: UniquenessSchema) -> UniquenessSchema:
    """The schema for the table most actions write (the locks table apart: a sign-up writes
    two locks for one account); ``schema`` is the one read from ``--schema`` when given."""
    locks_table = getattr(args, "locks_table", None)
    names = [a.table for a in tx.actions if a.table in infos and a.table != locks_table]
    if not names:
        return schema
    table = max(set(names), key=names.count)
    if args.schema:
        if not locks_table:
            return schema
        return with_locks_table(schema, describe_locks_table(conn, locks_table), table)
    flags = argparse.Namespace(schema=None, detect=args.detect, locks_table=locks_table)
    chosen, _origin = resolve_schema(flags, conn, Reader(conn), infos[table])
    return chosen
