"""`dynoview transact --dry-run`: the exact body, and with a connection the tables' checks and
the preflight first. Its exit status and ``would_send`` are the ones --yes would have: the
preflight's verdict, a read-only connection, a remote table without --confirm-table."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass

from dynoview.cli.common import USER_ERRORS, open_connection, terminal_json, terminal_line
from dynoview.cli.transact_output import EXIT_ERROR, EXIT_OK, invalid, preflight_lines, problem_lines
from dynoview.cli.transact_schema import preflight_schema
from dynoview.core.errors import describe_error
from dynoview.core.preflight.check import Preflight, run_preflight
from dynoview.core.preflight.guards import add_guards
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.tx.confirmation import confirmation_for
from dynoview.core.tx.model import Problem, Transaction
from dynoview.core.tx.validation import describe_tables, has_errors, validate
from dynoview.core.tx.wire import RequestShapeError, preview_text
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema

READ_ONLY = "this connection is read-only: --yes is refused before anything is sent."


@dataclass
class _Checked:
    """What the dry run learnt on the connection."""

    problems: list[Problem]
    tx: Transaction  # the transaction --yes would send (with --add-guards, the guarded one)
    preflight: Preflight | None = None
    note: str | None = None  # why the table checks or the preflight did not run
    not_sent: str | None = None  # why --yes would send nothing there, whatever the preflight says


def _connects(args: argparse.Namespace) -> bool:
    """Whether the flags name where the tables are (a dry run then reads them first)."""
    return bool(args.endpoint_url or getattr(args, "demo", False) or args.profile or args.region)


def dry_run(args: argparse.Namespace, tx: Transaction, schema: UniquenessSchema,
            problems: list[Problem]) -> int:
    """The exact body, and with a connection the tables' checks and the preflight first: the exit
    status is the one --yes would have (2: refused, a warning not accepted, its reads failed, a
    read-only connection, or a remote one without --confirm-table)."""
    checked = _Checked(problems, tx, note=(
        "The preflight did not run: no connection was given (--endpoint-url, --demo, --profile or "
        "--region reads the table first)."))
    if _connects(args):
        try:
            checked = _dry_run_check(args, tx, schema)
        except SchemaError as exc:
            print(f"dynoview: {exc}", file=sys.stderr)
            return EXIT_ERROR
    problems, preflight, note, tx = checked.problems, checked.preflight, checked.note, checked.tx
    if has_errors(problems):
        return invalid(args, problems)
    try:
        body = preview_text(tx.to_request())
    except RequestShapeError as exc:
        print(f"dynoview: {exc.message}", file=sys.stderr)
        return EXIT_ERROR
    stop = READ_ONLY if args.read_only else checked.not_sent
    if stop is None:
        stop = stop_reason(args, preflight) if preflight is not None or not _connects(args) else (
            "the preflight could not run (the note says why), and --yes sends nothing without it.")
    token_note = getattr(args, "token_note", None)
    if args.format == "json":
        print(terminal_json(json.dumps({
            "status": "dry-run", "body": body, "token": None if token_note else tx.token,
            "token_note": token_note, "problems": [p.to_json() for p in problems],
            "preflight": preflight.to_json() if preflight is not None else None, "preflight_note": note,
            "would_send": stop is None, "would_send_note": stop}, indent=2, ensure_ascii=False)))
        return EXIT_OK if stop is None else EXIT_ERROR
    for line in problem_lines(problems):
        print(line, file=sys.stderr)
    if preflight is not None:
        for line in preflight_lines(preflight):
            print(line, file=sys.stderr)
    if note:
        print(f"note: {note}", file=sys.stderr)
    if stop is not None:
        print(f"dry run: with --yes this transaction would not be sent: {stop}", file=sys.stderr)
    print(f"token: {token_note}" if token_note else f"token: {tx.token} (from the file: the one sent; "
          "DynamoDB applies a request under one token once within 10 minutes)", file=sys.stderr)
    print(body)
    return EXIT_OK if stop is None else EXIT_ERROR


def _dry_run_check(args: argparse.Namespace, tx: Transaction, schema: UniquenessSchema) -> _Checked:
    """Problems with the tables' key schemas, the preflight, one sentence when either could
    not run, and the transaction --yes would send."""
    try:
        with open_connection(args) as conn:
            return _check_on(args, conn, tx, schema)
    except SchemaError:
        raise
    except USER_ERRORS as exc:  # the demo or the connection could not start: check offline
        return _Checked(validate(tx, None, schema), tx, note=(
            f"Could not connect ({exc}); checked without the tables, and the preflight did not run."))


def _check_on(args: argparse.Namespace, conn: Connection, tx: Transaction,
              schema: UniquenessSchema) -> _Checked:
    not_sent = _not_sent_on(args, conn, tx)
    try:
        schemas = describe_tables(conn, [a.table for a in tx.actions if a.table])
    except USER_ERRORS as exc:  # network, credentials, permissions: check without the schemas
        err = describe_error(exc, operation="DescribeTable", endpoint=conn.spec.endpoint_url)
        note = (f"Could not describe the tables ({err.title}: {err.message}); checked without their key "
                "and index schemas, and the preflight did not run.")
        return _Checked(validate(tx, None, schema), tx, note=" ".join(note.split()), not_sent=not_sent)
    problems = schemas.problems(tx) + validate(tx, schemas.infos, schema)
    if has_errors(problems):
        return _Checked(problems, tx, not_sent=not_sent)
    try:
        chosen = preflight_schema(args, conn, tx, schemas.infos, schema)
        preflight = run_preflight(Reader(conn), tx, chosen, schemas.infos)
    except SchemaError:
        raise
    except USER_ERRORS as exc:
        err = describe_error(exc, profile=args.profile, endpoint=args.endpoint_url, region=args.region)
        return _Checked(problems, tx, note=("The preflight could not read the items this transaction "
                                            f"touches, so it did not run. {err.message}"), not_sent=not_sent)
    # The body printed is the one --yes sends: with --add-guards, the guarded one (as _execute).
    return _Checked(problems, guarded(args, tx, chosen, preflight)[0], preflight, not_sent=not_sent)


def _not_sent_on(args: argparse.Namespace, conn: Connection, tx: Transaction) -> str | None:
    """Why --yes would send nothing on ``conn`` whatever the preflight says, as ``_execute``
    decides: a read-only connection, a remote one without the matching --confirm-table."""
    requirement = confirmation_for(conn, tx)
    if not requirement.allowed:
        return READ_ONLY
    expected = (requirement.type_to_confirm or "").replace(" ", "")
    if expected and (args.confirm_table or "").replace(" ", "") != expected:
        return (f"{requirement.connection} is not on this machine: --yes also needs "
                f"--confirm-table {expected}.")
    return None


def guarded(args: argparse.Namespace, tx: Transaction, schema: UniquenessSchema,
            preflight: Preflight) -> tuple[Transaction, bool]:
    """With --add-guards (and a preflight that read the accounts), ``tx`` with the guards it can
    add, each named on standard error, and whether any was added; else ``tx`` itself."""
    if not (args.add_guards and preflight.checked):
        return tx, False
    guarded, guards = add_guards(tx, schema, preflight.seen, preflight.locks_present)
    for guard in guards:
        print(terminal_line(f"guard added: action {guard.index + 1}: {guard.text}"), file=sys.stderr)
    return guarded, bool(guards)


def stop_reason(args: argparse.Namespace, preflight: Preflight | None) -> str | None:
    """Why --yes would not send after this preflight (None: it would), flags considered."""
    if preflight is None:
        return None
    if preflight.refused and not args.allow_broken_locks:
        return "the preflight refused it (--allow-broken-locks sends it anyway)."
    if preflight.warnings and not (args.accept_warnings or args.allow_broken_locks):
        kinds = ", ".join(dict.fromkeys(w.label.lower() for w in preflight.warnings))
        return (f"the preflight warns of {len(preflight.warnings)} new problem(s) ({kinds}) that need "
                "explicit confirmation: pass --accept-warnings to send it anyway.")
    return None
