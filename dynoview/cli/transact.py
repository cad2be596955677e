"""`dynoview transact FILE`: validate and execute a TransactWriteItems request headlessly.

Same path as the builder: import, validation located by action and field, the
uniqueness preflight (the audit of the accounts and locks after the write: refused
when a lock would break, a warning to confirm when a clash would appear), the exact
request bytes, read-only refusal, retry-and-read settling, cancellation reasons in
words, and the action log. Exit 0 applied, 1 cancelled (or confirmed not applied),
2 invalid input, refused, not confirmed or unknown, 4 applied but its output could not be
written (``common.output_after_write``: standard error says what was written).
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import UTC, datetime
from typing import Any

from dynoview.cli.common import (
    EXIT_OUTPUT_LOST,
    EXIT_OUTPUT_LOST_HELP,
    USER_ERRORS,
    add_connection_arguments,
    fail,
    open_connection,
    output_after_write,
    say,
    terminal_line,
)
from dynoview.cli.interrupts import stop_signals
from dynoview.cli.transact_dry_run import dry_run, guarded, stop_reason
from dynoview.cli.transact_output import (
    EXIT_CANCELLED,
    EXIT_ERROR,
    EXIT_OK,
    emit,
    invalid,
    preflight_lines,
    problem_lines,
)
from dynoview.cli.transact_schema import add_locks_table_argument, preflight_schema
from dynoview.core.errors import DynoViewError, ReadOnlyError, describe_error
from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.replay import replayed
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import (
    Connection,
    ConnectionSpecError,
    check_endpoint_url,
    check_region,
    spec_from_environment,
    validate_spec,
    with_configured_endpoint,
)
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.action_log import ActionLog, ActionLogError, connection_record
from dynoview.core.tx.code_export import to_aws_cli, to_boto3, to_javascript
from dynoview.core.tx.confirmation import confirmation_for, tables_of
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.idempotency import text_carries_token
from dynoview.core.tx.interrupted import interrupted_send
from dynoview.core.tx.model import (
    CONDITION_CHECK,
    Problem,
    Transaction,
    TransactionImportError,
    import_text,
    read_request_text,
)
from dynoview.core.tx.outcomes import (
    CANCELLED,
    NOT_APPLIED,
    SUCCEEDED,
    UNKNOWN,
    WRITTEN,
    ExecutionResult,
)
from dynoview.core.tx.validation import describe_tables, has_errors, validate
from dynoview.core.tx.wire import RequestShapeError, body_json, preview_text, request_body
from dynoview.core.uniqueness.schema import SchemaError, article_schema
from dynoview.core.uniqueness.schema_file import load_schema_file


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "transact", help="validate and execute a TransactWriteItems request from a file",
        description="Validate a TransactWriteItems request ({\"TransactItems\": [...], "
        "\"ClientRequestToken\": \"...\"} or the bare list, DynamoDB JSON with binary as base64) and, "
        "with --yes, execute it. Exit 0 applied, 1 cancelled, 2 invalid or refused.",
        epilog=EXIT_OUTPUT_LOST_HELP)
    parser.add_argument("file", help="the request file, or - for standard input")
    add_connection_arguments(parser)
    parser.add_argument("--export", choices=("boto3", "cli", "js"),
                        help="print the request as code and send nothing: a boto3 script, a POSIX shell "
                             "script for the AWS CLI (it writes the JSON file, then runs the command), or "
                             "JavaScript SDK v3; the code names the profile, region and endpoint a send "
                             "would use (--profile, --region, --endpoint-url or the profile's own), "
                             "never keys")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the exact request body that would be sent, and send nothing; with a "
                             "connection (--endpoint-url, --demo, --profile or --region) the tables are "
                             "described and the preflight runs first, and the exit status is the one "
                             "--yes would have (2 when refused or when a warning is not accepted)")
    parser.add_argument("--yes", action="store_true",
                        help="execute (this command never asks; without --yes nothing is sent)")
    parser.add_argument("--confirm-table", metavar="NAMES",
                        help="on an endpoint that is not on this machine, the table name(s) the "
                             "transaction writes, comma-separated, as the app asks you to type")
    schema = parser.add_mutually_exclusive_group()
    schema.add_argument("--schema", metavar="FILE",
                        help="uniqueness schema JSON file for the preflight (default: the schema saved "
                             "in the app for this connection and table, else the article's layout)")
    schema.add_argument("--detect", action="store_true",
                        help="propose the preflight's schema from a sample of the table instead")
    add_locks_table_argument(parser)
    parser.add_argument("--allow-broken-locks", action="store_true",
                        help="send even when the preflight finds that the transaction would leave a "
                             "missing, orphan or duplicate lock (a deliberate break; accepts the "
                             "preflight's warnings too)")
    parser.add_argument("--accept-warnings", action="store_true",
                        help="send even when the preflight warns that the transaction creates a case "
                             "or lookalike clash or an expired item (the explicit confirmation the "
                             "window asks for); refusals still stop it")
    parser.add_argument("--add-guards", action="store_true",
                        help="add the conditions the preflight can add (attribute_not_exists on new "
                             "locks, attribute_exists on released ones, the account still holding the "
                             "values read) and print each; the request sent then differs from the file")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _read(path: str) -> str:
    # UTF-8 with or without a BOM; UTF-16 or bad bytes are a sentence naming the file.
    return read_request_text(path)


def _describe_tables(conn: Connection, tx: Transaction) -> tuple[dict[str, TableInfo], list[Problem]]:
    """The tables' descriptions, and an error per table that does not exist (offering the one
    named almost like it): the dry run's ``describe_tables``, so both say the same."""
    schemas = describe_tables(conn, tables_of(tx))
    return schemas.infos, schemas.problems(tx)


def _resend_note(args: argparse.Namespace, result: ExecutionResult) -> str | None:
    """After an unknown outcome of a file without a token: how to send it again under the token
    it was sent with (a rerun of the file alone chooses a new one: a new request, which an
    unguarded write would apply a second time)."""
    if result.status != UNKNOWN or not getattr(args, "token_note", None):
        return None
    return (f"{args.file} has no ClientRequestToken, so running it again would send a new request. "
            f'To send this one again under its token, add "ClientRequestToken": "{result.token}" to '
            "the file first (DynamoDB applies one token's transaction once within 10 minutes).")


def _result_lines(result: ExecutionResult, tx: Transaction) -> list[str]:
    lines = [f"{result.status}: {result.message}", f"token: {result.token}"]
    if result.status == CANCELLED:
        for outcome in result.actions:
            field = f" {outcome.attribute}" if outcome.attribute else f" {outcome.field}" if outcome.field \
                else ""
            # "passed", not DynamoDB's placeholder code "None", for an action that held.
            lines.append(f"action {outcome.index + 1} {outcome.code or 'passed'}{field}: {outcome.message}")
    elif result.status == SUCCEEDED and result.replay_of:  # DynamoDB's replay: nothing written again
        lines.extend(f"action {o.index + 1}: {o.message}" for o in result.actions)
    elif result.status == SUCCEEDED:
        lines.extend(f"action {i + 1} {'held' if a.kind == CONDITION_CHECK else 'written'}: {a.summary()}"
                     for i, a in enumerate(tx.actions))  # a ConditionCheck writes nothing
    else:
        lines.extend(f"action {o.index + 1}: {o.message}" for o in result.actions)
    return lines


def run(args: argparse.Namespace) -> int:
    schema = article_schema()
    if args.schema:
        # Read before anything is sent, so a bad schema file is a clear exit 2.
        try:
            schema = load_schema_file(args.schema)
        except SchemaError as exc:
            print(f"dynoview: {exc}", file=sys.stderr)
            return EXIT_ERROR
    try:
        text = _read(args.file)
        tx = import_text(text)
    except OSError as exc:
        print(f"dynoview: cannot read {args.file}: {exc.strerror or exc}. Check the path.", file=sys.stderr)
        return EXIT_ERROR
    except TransactionImportError as exc:
        emit(args, {"status": "invalid", "problems": [p.to_json() for p in exc.problems]},
             ["The request is invalid; nothing was sent.", *problem_lines(exc.problems)], err=True)
        return EXIT_ERROR
    problems = validate(tx, None, schema)
    # Without a token in the file, a new one is chosen each time it is sent: say so.
    args.token_note = None if text_carries_token(text) else (
        f"none in the file: a new ClientRequestToken is chosen when it is sent ({tx.token} here is an "
        "example). Put a ClientRequestToken in the file to send a fixed one.")
    if args.export and not has_errors(problems):
        return _export(args, tx)
    if has_errors(problems):
        return invalid(args, problems)
    if args.dry_run:
        return dry_run(args, tx, schema, problems)
    if args.read_only:
        # Never sent on a read-only connection: refused before connecting at all (not even the
        # endpoint probe or DescribeTable reaches the endpoint).
        message = ("This connection is read-only: the transaction was not sent. Run it without "
                   "--read-only to execute it.")
        emit(args, {"status": "refused", "message": message}, [message], err=True)
        return EXIT_ERROR
    try:
        with open_connection(args) as conn:
            return _execute(args, conn, tx, schema)
    except (ReadOnlyError, ActionLogError) as exc:
        # Both before anything was sent: a read-only connection, an action log that cannot take
        # the transaction's intent (every send is logged before it leaves the machine).
        emit(args, {"status": "refused", "message": exc.message}, [exc.message], err=True)
        return EXIT_ERROR
    except SchemaError as exc:
        print(f"dynoview: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except USER_ERRORS as exc:
        return fail(exc, args, operation="TransactWriteItems")


def _export(args: argparse.Namespace, tx: Transaction) -> int:
    """Print the request as code (the builder's exports); nothing is sent, no connection made."""
    try:
        # As read-code and every connection check them: never an ftp:// endpoint, nor a session
        # token in a query written into code meant to be shared.
        check_endpoint_url(args.endpoint_url, source="--endpoint-url")
        check_region(args.region, endpoint_url=args.endpoint_url)
        profile, region, endpoint_url = _export_target(args)
    except ConnectionSpecError as exc:
        say(str(exc))
        return EXIT_ERROR
    except USER_ERRORS as exc:  # a profile the config files do not have, a file that does not parse
        return fail(exc, args)
    request = tx.to_request()
    try:
        if args.export == "boto3":
            code = to_boto3(request, profile=profile, region=region, endpoint_url=endpoint_url)
        elif args.export == "js":
            code = to_javascript(request, profile=profile, region=region, endpoint_url=endpoint_url)
        else:
            code = to_aws_cli(request, profile=profile, region=region, endpoint_url=endpoint_url).script()
    except RequestShapeError as exc:
        print(f"dynoview: {exc.message}", file=sys.stderr)
        return EXIT_ERROR
    note = getattr(args, "token_note", None)
    if note:
        print(f"token: {note}", file=sys.stderr)
    print(code, end="")
    return EXIT_OK


def _export_target(args: argparse.Namespace) -> tuple[str | None, str | None, str | None]:
    """The profile, region and endpoint a send of this command would use, read as the connection
    reads them (the flags, AWS_PROFILE and AWS_REGION, the profile's endpoint_url and region)
    but without signing in or reaching anything: the code, run as it is, writes there, never
    through the default chain to another account."""
    import boto3.session

    spec = with_configured_endpoint(spec_from_environment(
        profile=args.profile, region=args.region, endpoint_url=args.endpoint_url))
    validate_spec(spec)
    # boto3 reads the profile's region, and says ProfileNotFound for a profile the files lack:
    # code for it would fail where it runs, or find another profile of that name there.
    session = boto3.session.Session(profile_name=spec.profile)
    region = spec.region or session.region_name
    if not spec.region:
        check_region(region, endpoint_url=spec.endpoint_url,
                     source=f"The region of profile {spec.profile or 'default'}")
    return spec.profile, region or ("us-east-1" if spec.endpoint_url else None), spec.endpoint_url


def _preflight_failed(args: argparse.Namespace, exc: BaseException) -> int:
    """The reads before the send failed: say which read, and that nothing was sent."""
    err = describe_error(exc, profile=args.profile, endpoint=args.endpoint_url, region=args.region)
    message = (f"The preflight could not read the items this transaction touches, so nothing was sent. "
               f"{err.message}")
    emit(args, {"status": "preflight-failed", "message": message, "error_code": err.code},
         [f"dynoview: {message}"], err=True)
    return EXIT_ERROR


def _execute(args: argparse.Namespace, conn: Connection, tx: Transaction, schema: Any) -> int:
    requirement = confirmation_for(conn, tx)
    if not requirement.allowed:
        raise ReadOnlyError(requirement.message)
    confirmation: str | bool = True
    if args.yes and requirement.type_to_confirm is not None:
        # A remote endpoint: --yes alone is not enough, as in the window's confirmation.
        # Checked before anything (even DescribeTable) goes to that endpoint.
        expected = requirement.type_to_confirm.replace(" ", "")
        if (args.confirm_table or "").replace(" ", "") != expected:
            message = (f"Not executed: {requirement.connection} is not on this machine. Pass "
                       f"--confirm-table {expected} with --yes to send it.")
            emit(args, {"status": "not-confirmed", "message": message}, [message], err=True)
            return EXIT_ERROR
        confirmation = requirement.type_to_confirm
    try:
        infos, missing = _describe_tables(conn, tx)
    except USER_ERRORS as exc:
        return _preflight_failed(args, exc)
    problems = missing + validate(tx, infos, schema)
    if has_errors(problems):
        return invalid(args, problems)
    for line in problem_lines(problems):
        print(line, file=sys.stderr)
    try:
        schema = preflight_schema(args, conn, tx, infos, schema)
        # A resend of a token DynamoDB still honours (this request, sent through this connection):
        # its guards fail on what it wrote itself.
        preflight = replayed(run_preflight(Reader(conn), tx, schema, infos), ActionLog(), tx.token,
                             time.time(), connection=connection_record(conn.spec, conn.region),
                             request=body_json(request_body(tx.to_request())))
    except (SchemaError, DynoViewError):
        raise
    except USER_ERRORS as exc:
        return _preflight_failed(args, exc)
    if preflight.refused and not args.allow_broken_locks:
        emit(args, {"status": "refused", "message": preflight.summary(), "preflight": preflight.to_json()},
             preflight_lines(preflight), err=True)
        return EXIT_ERROR
    stop = stop_reason(args, preflight)
    if stop is not None:  # a warning nobody accepted: the window's explicit confirmation
        message = f"Not executed: {stop}"
        emit(args, {"status": "needs-confirmation", "message": message, "preflight": preflight.to_json()},
             [*preflight_lines(preflight), message], err=True)
        return EXIT_ERROR
    if args.format == "text":
        for line in preflight_lines(preflight):
            print(line, file=sys.stderr)
        if preflight.refused:
            print("--allow-broken-locks: sending although the preflight refused it.", file=sys.stderr)
        elif preflight.warnings:
            print("--accept-warnings: sending although the preflight warned.", file=sys.stderr)
    tx, added = guarded(args, tx, schema, preflight)
    if added and args.format == "text":
        print("request sent: " + preview_text(tx.to_request()), file=sys.stderr)
    if not args.yes:
        message = (f"Not executed: pass --yes to send this transaction to {requirement.connection} "
                   "(this command never asks). Use --dry-run to print the exact request.")
        emit(args, {"status": "not-confirmed", "message": message}, [message], err=True)
        return EXIT_ERROR
    log, started = ActionLog(), datetime.now(UTC)
    try:
        # SIGTERM too, and SIGINT even when the shell started the command with it ignored.
        with stop_signals():
            result = execute_transaction(conn, tx, confirmation=confirmation, tables=infos,
                                         schema=schema, log=log)
    except KeyboardInterrupt:  # Ctrl+C or SIGTERM mid-send: the log tells whether it may have left
        stopped = interrupted_send(log, tx.token, started)
        emit(args, {"status": "interrupted", "may_be_written": stopped.may_be_written,
                     "token": tx.token, "message": stopped.message}, [stopped.message], err=True)
        return EXIT_ERROR
    resend = _resend_note(args, result)
    status = (EXIT_OK if result.status in WRITTEN else EXIT_CANCELLED
              if result.status in (CANCELLED, NOT_APPLIED) else EXIT_ERROR)
    # Sent: output that cannot be written (a full disk, a closed stdout) must not read as
    # "nothing was sent" (exit 2), or a script sends it again, under a new token if the file has none.
    with output_after_write(_written_sentence(result, tx, resend),
                            EXIT_OUTPUT_LOST if status == EXIT_OK else status):
        if args.format == "text":
            for sentence in result.recovered:  # an earlier run's send, settled before this one
                print(f"note: {sentence}", file=sys.stderr)
            if resend:
                print(f"note: {resend}", file=sys.stderr)
        emit(args, {**result.to_json(), **({"resend_note": resend} if resend else {})},
             _result_lines(result, tx))
    return status


def _written_sentence(result: ExecutionResult, tx: Transaction, resend: str | None) -> str:
    """What the send did, said on standard error when its output cannot be written."""
    if result.status in WRITTEN:
        done = "; ".join(terminal_line(line) for line in _result_lines(result, tx)[2:])
        return (f"The transaction WAS applied (token {result.token}): {done}. Do not send it "
                "again.")
    if result.status in (CANCELLED, NOT_APPLIED):
        return (f"The transaction was not applied ({result.status}, token {result.token}): nothing "
                "was written.")
    return (f"The transaction's outcome is {result.status} (token {result.token}): "
            f"{terminal_line(result.message)}" + (f" {resend}" if resend else ""))
