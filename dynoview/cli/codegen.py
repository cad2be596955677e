"""`dynoview codegen --table T --lang python|typescript`: the data access functions of the
table's uniqueness schema, as application code (docs/cli-codegen.md).

The schema comes as for ``audit`` (``--schema FILE``, ``--detect``, ``--preset``, the saved
one, the article's layout); the table (and a locks table of its own) is described first, so a
schema whose lock keys the table cannot hold is refused before any code is written. The
module goes to standard output, or with ``--out DIR`` to ``DIR/<table>_uniqueness.py``
(``<table>Uniqueness.ts``), replacing only a module an earlier run generated for the same
table. Exit 0 written, 2 error.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from dynoview.cli.audit import add_schema_arguments, locks_table_info, resolve_schema
from dynoview.cli.common import (
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    say,
    terminal_line,
)
from dynoview.core.codegen import (
    LANGUAGES,
    PYTHON,
    CodegenError,
    file_name,
    generated_for,
    module_code,
)
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.uniqueness.schema import SchemaError, lock_key_problem


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "codegen", help="write the table's data access functions (Python or TypeScript)",
        description="Write application code for the table's uniqueness schema: sign up, change "
                    "each protected value, delete account, claim a missing lock, release an "
                    "orphan lock and resolve a duplicate, each one guarded TransactWriteItems "
                    "(the builder's templates) with typed errors naming the value that is "
                    "taken and retries under one ClientRequestToken. Exit 0 written, 2 error.")
    add_connection_arguments(parser)
    add_schema_arguments(parser)
    parser.add_argument("--lang", required=True, choices=LANGUAGES,
                        help="python (boto3) or typescript (AWS SDK for JavaScript v3)")
    parser.add_argument("--out", metavar="DIR", type=Path,
                        help="write the module into DIR (created if needed) instead of standard "
                             "output; only a module DynoView generated there for the same table "
                             "is ever replaced")


def run(args: argparse.Namespace) -> int:
    operation = "DescribeTable"
    try:
        with open_connection(args) as conn:
            reader = Reader(conn)
            info = describe_table(conn, args.table)
            operation = "Scan"
            schema, origin = resolve_schema(args, conn, reader, info)
            operation = "DescribeTable"
            # Locks in a table of their own are checked against that table's keys.
            locks: TableInfo | None = info
            if schema.locks is not None and schema.locks.name != info.name:
                locks = locks_table_info(conn, schema)
    except SchemaError as exc:
        say(str(exc))
        return 2
    except USER_ERRORS as exc:
        return fail(exc, args, operation=operation, table=args.table)
    for rule in schema.rules:
        problem = lock_key_problem(schema, rule, locks or info)
        if problem:
            say(problem)
            return 2
    try:
        code = module_code(schema, info.name, lang=args.lang, info=info)
    except CodegenError as exc:
        say(str(exc))
        return 2
    if args.out is None:
        print(code, end="")
        say(f"schema: {origin}.")
        return 0
    name = file_name(info.name, args.lang)
    if args.out.exists() and not args.out.is_dir():
        say(f"--out {args.out} is a file: --out takes a folder, where the module is written as "
            f"{name}.")
        return 2
    try:
        path = write_module(args.out, name, code, info.name, args.lang)
    except NotGeneratedError as exc:
        say(str(exc))
        return 2
    except OSError as exc:
        say(f"cannot write to {args.out} ({exc.strerror or exc}); choose a folder you can write to.")
        return 2
    say(terminal_line(f"wrote {path} (schema: {origin})."))
    return 0


class NotGeneratedError(Exception):
    """The target file exists and is not DynoView's module of the same table."""


def write_module(folder: Path, name: str, code: str, table: str, lang: str = PYTHON) -> Path:
    """Write ``code`` (``table``'s module in ``lang``) to ``folder/name`` whole (a temporary
    file renamed over it), replacing only a module DynoView generated for ``table``: tables
    whose names differ only in punctuation share a file name, and one never replaces the
    other's module."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    mode = 0o644  # source code: readable like the rest of a checkout
    if path.exists():
        mode = path.stat().st_mode & 0o777
        try:
            owner = generated_for(path.read_text(encoding="utf-8", errors="replace"), lang)
        except OSError:
            owner = None
        if owner is None:
            raise NotGeneratedError(f"{path} exists and was not generated by DynoView: move it "
                                    "away or choose another --out folder.")
        if owner != table:
            raise NotGeneratedError(f"{path} was generated by DynoView for table {owner}, not "
                                    f"{table} (both names give this file name): choose another "
                                    "--out folder for one of the two tables.")
    handle, temp = tempfile.mkstemp(prefix=f".{name}.", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(code)
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path
