"""What every headless command shares: connection flags, opening a connection, errors, and
the error boundary every printed message passes.

Standard error carries messages: every one is redacted (``redaction.redact_text``: access
keys, secret keys, session tokens, passwords, URL user info, the credential values in use) and
has its control, bidi and invisible characters shown as escapes (``visible_text``), line
breaks, tabs and the progress line's carriage return excepted. Standard output carries data,
which the patterns could mistake for keys: there only the exact credential values in use are
removed (an AWS answer echoing them, printed as a result). ``run_guarded`` puts both on
``sys.stderr`` and ``sys.stdout`` for the whole command, so nothing printed skips them. Standard
error is cleaned a whole line at a time, so a secret written in pieces is cleaned whole.

It is also the one error boundary: a user error (``USER_ERRORS``: the core's refusals and input
errors, AWS's answers, credentials and connections, files) is one sentence and exit 2; anything
else is a bug: its scrubbed traceback, a crash report saved (``dynoview.core.crash_report``) and
exit 3. Commands catch ``USER_ERRORS`` only, never ``Exception``, so a bug reaches the boundary.
Each command escapes its own text output (``terminal_line``) and JSON (``terminal_json``: still
valid JSON, the same data). A character standard output's encoding cannot take (an ASCII locale,
cp1252) is written as a ``\\uXXXX`` escape, never a crash; a closed standard output (``>&-``) is
a sentence when something is printed. Output printed after a write was applied goes through
``output_after_write``: if it cannot be written, standard error says what was written, and an
applied write exits ``EXIT_OUTPUT_LOST``, never the "nothing happened" of exit 2.

The streams themselves (cleaning, escapes, a closed stream) are ``dynoview.cli.streams``.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any, cast

from botocore.exceptions import BotoCoreError, ClientError

from dynoview.cli.streams import (  # noqa: F401 - re-exported: commands import them from here
    HELD_LIMIT,
    CleanedBytes,
    Missing,
    ScrubbedStream,
    clean_message,
    message_secrets,
)
from dynoview.core.crash_report import build_report, save_report
from dynoview.core.errors import DynoViewError, InputError, aws_error_code, describe_error
from dynoview.core.redaction import (
    credential_secrets,
    environment_secrets,
    install_stderr_redaction,
    remember_secrets,
)
from dynoview.core.session import profile
from dynoview.core.session.connection import (
    PLACEHOLDER_NOTE,
    Connection,
    spec_from_environment,
    validate_spec,
)
from dynoview.core.session.endpoint_probe import check_reachable
from dynoview.core.session.mfa_terminal import terminal_prompter
from dynoview.core.session.table_suggestion import table_names_for_suggestion
from dynoview.core.values.visible_text import visible, visible_json

EXIT_ERROR = 2  # a user error: one sentence on standard error
EXIT_BUG = 3  # a bug: a traceback on standard error and a crash report saved
#: Standard output's reader went away before the command ended (``| head -1``): no message, and
#: the status a shell gives a program its pipe's reader left (128 + SIGPIPE), never 0: the
#: command was cut short (an import's preview cut before its write wrote nothing).
EXIT_READER_GONE = 141
#: A write was applied (a transaction, a table deleted, a repair), then its output could not be
#: written (a full disk, a closed or unencodable standard output): standard error says what was
#: written. Never 2 ("nothing was done") nor 0 (the output a script reads is missing).
EXIT_OUTPUT_LOST = 4
#: The writing commands' help says this of ``EXIT_OUTPUT_LOST``.
EXIT_OUTPUT_LOST_HELP = (f"Exit status {EXIT_OUTPUT_LOST}: the write WAS applied but its output "
                         "could not be written (a full disk, a closed standard output); standard "
                         "error says what was written: do not run it again.")
#: Every command's help ends with this (its own exits for findings are in its description).
EXIT_EPILOG = (f"Exit status {EXIT_ERROR}: an error you can act on (one sentence on standard error: "
               f"credentials, permissions, a missing table, an unreachable endpoint, bad input). "
               f"Exit status {EXIT_BUG}: a bug in DynoView (its traceback on standard error and a "
               f"crash report saved; the last line says where). Exit status {EXIT_READER_GONE}: "
               "standard output was closed before the command ended (e.g. piped into head).")
#: What a command explains as one sentence (exit 2); any other exception is a bug (exit 3).
#: OSError: a file the user named, a full disk: the machine's state, not a bug (standard
#: output's reader gone is ``EXIT_READER_GONE``; output lost after a write, ``EXIT_OUTPUT_LOST``).
USER_ERRORS: tuple[type[BaseException], ...] = (DynoViewError, InputError, BotoCoreError, ClientError,
                                                OSError)


class OutputLostAfterWrite(Exception):
    """The output after a write failed (``output_after_write``): ``run_guarded`` says
    ``written`` and the cause, and exits ``status``."""

    def __init__(self, written: str, cause: BaseException, status: int) -> None:
        super().__init__(written)
        self.written, self.cause, self.status = written, cause, status


@contextmanager
def output_after_write(written: str, status: int = EXIT_OUTPUT_LOST) -> Iterator[None]:
    """Wrap what a command prints after its write reached DynamoDB. If that output cannot be
    written, ``written`` (what was done: the token, the items, the table deleted) is said on
    standard error and the command exits ``status``: ``EXIT_OUTPUT_LOST`` for an applied write;
    an outcome with a status of its own (a cancelled transaction's 1) keeps it."""
    try:
        yield
        if sys.stdout is not None:
            sys.stdout.flush()  # buffered output fails here, not at exit after the status is set
    except OSError as exc:  # full, closed, a reader gone (a bug's ValueError stays a bug)
        raise OutputLostAfterWrite(written, exc, status) from exc


def _output_lost(exc: OutputLostAfterWrite) -> int:
    """Say what was written and that only its output failed; drop what is still buffered."""
    cause = exc.cause
    why = (cause.strerror if isinstance(cause, OSError) and cause.strerror else str(cause)
           or type(cause).__name__)
    to_null(sys.stdout)  # what stayed buffered would fail again at exit (exit 120)
    try:
        say(f"{exc.written} Only the command's output failed: {why}.")
    except OSError:  # standard error's reader is gone too: the status says it
        to_null(sys.stderr)
    return exc.status


def say(message: str) -> None:
    """``dynoview: <message>`` on standard error, cleaned, at once (a watch's notices as it reads)."""
    print(f"dynoview: {clean_message(message)}", file=sys.stderr, flush=True)


def terminal_line(text: str) -> str:
    """One line of text output built from table data: every control, bidi or invisible
    character (line breaks included) shown as an escape, so the line stays one line."""
    return visible(text)


def terminal_json(json_text: str) -> str:
    """JSON output with C1 controls, DEL, bidi and invisible characters as ``\\uXXXX``
    escapes (json.dumps already escapes the C0 ones): valid JSON, the same data."""
    return visible_json(json_text)


@contextmanager
def scrubbed_output() -> Iterator[None]:
    """``sys.stderr`` and ``sys.stdout`` cleaned for the block (``ScrubbedStream``), and Python
    logging redacted."""
    # Warnings and unraisable exceptions too: those printed after the block (a __del__ at exit)
    # reach the real stderr, which the block's stream no longer cleans.
    install_stderr_redaction()
    previous_out, previous_err = sys.stdout, sys.stderr
    out = (previous_out if isinstance(previous_out, ScrubbedStream)
           else ScrubbedStream(previous_out or cast(IO[str], Missing(output=True)), data=True))
    err = (previous_err if isinstance(previous_err, ScrubbedStream)
           else ScrubbedStream(previous_err or cast(IO[str], Missing(output=False))))
    sys.stdout, sys.stderr = out, err  # type: ignore[assignment]
    try:
        yield
    finally:
        out.finish()  # a character cut at the end of bytes written to stdout.buffer
        err.finish()  # a last message printed without a line end
        if sys.stdout is out:
            sys.stdout = previous_out
        if sys.stderr is err:
            sys.stderr = previous_err


def run_guarded(command: Callable[[], int], args: argparse.Namespace | None = None,
                name: str = "") -> int:
    """The error boundary: run a command with its output cleaned. Ctrl+C says so and exits 2; a
    user error that reached here is one sentence and exits 2; standard output's reader gone
    exits 141 without a word; a bug prints its traceback, redacted, saves a crash report and
    exits 3."""
    with scrubbed_output():
        try:
            return command()
        except KeyboardInterrupt:
            print("Interrupted.", file=sys.stderr)
            return EXIT_ERROR
        except OutputLostAfterWrite as exc:  # a reader gone too: what was written is said
            return _output_lost(exc)
        except BrokenPipeError as exc:
            if not reader_gone(exc):
                return fail(exc, args or argparse.Namespace())
            # The output's reader stopped reading (``| head -1``): not an error to explain.
            _drop_output()
            return EXIT_READER_GONE
        except USER_ERRORS as exc:
            return fail(exc, args or argparse.Namespace())
        except Exception as exc:
            return _report_bug(exc, name)


def reader_gone(exc: BaseException) -> bool:
    """Whether ``exc`` is a standard stream's reader going away (``| head -1``, ``2>&1 | head``):
    not the user's error, and not the endpoint's (a connection it closed is another
    ``BrokenPipeError``)."""
    return isinstance(exc, BrokenPipeError) and any(
        isinstance(stream, ScrubbedStream) and stream.reader_gone for stream in (sys.stdout, sys.stderr))


def _drop_output() -> None:
    """Point the standard streams whose reader went away at the null device: what is still
    buffered for it is dropped at exit instead of failing there again."""
    for stream in (sys.stdout, sys.stderr):
        if not isinstance(stream, ScrubbedStream) or stream.reader_gone:
            to_null(stream)


def to_null(stream: Any) -> None:
    """Point a standard stream (or the one a ``ScrubbedStream`` wraps) at the null device."""
    try:
        fd = getattr(stream, "stream", stream).fileno()
    except (OSError, ValueError, AttributeError):
        return  # not a file (a caller's own stream): nothing of it is flushed at exit
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


def _report_bug(exc: Exception, name: str) -> int:
    # The report names the command, not its arguments: those can hold the user's values.
    print("".join(traceback.format_exception(exc)), end="", file=sys.stderr)
    report = build_report(type(exc), exc, exc.__traceback__,
                          context={"Command": f"dynoview {name}".strip()},
                          secrets=environment_secrets())
    saved = save_report(report)
    where = (f"The crash report is saved at {saved}" if saved is not None
             else "The crash report could not be saved")
    say(f"a bug in DynoView: {type(exc).__name__}: {exc}\n{where}; please report it with that "
        "file or the traceback above (credentials have been removed from both).")
    return EXIT_BUG


def add_connection_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("connection")
    group.add_argument("--profile", help="AWS profile (default: AWS_PROFILE or the default chain)")
    group.add_argument("--region", help="AWS region (default: AWS_REGION / AWS_DEFAULT_REGION)")
    where = group.add_mutually_exclusive_group()
    where.add_argument("--endpoint-url", help="DynamoDB endpoint, e.g. http://localhost:8000")
    where.add_argument("--demo", action="store_true",
                       help="use a seeded, embedded demo endpoint (no AWS account needed)")
    group.add_argument("--engine", choices=("moto", "dynamodb-local"),
                       help="with --demo: moto (default) or dynamodb-local, AWS's DynamoDB Local "
                       "(needs Java 17 and npm)")
    group.add_argument("--read-only", action="store_true",
                       help="refuse every write before it leaves the machine")
    # Issue 25: production connections and MFA-protected roles.
    group.add_argument("--production", action="store_true",
                       help="a production connection: read-only, whatever else is asked")
    group.add_argument("--mfa-code", metavar="DIGITS",
                       help="the MFA code for a profile whose role needs one (else asked on the "
                       "terminal, or a cached session is used)")


def whole_number(minimum: int = 1, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type for a numeric flag: a whole number from ``minimum`` to ``maximum``
    (none: no top), else a sentence with the allowed range, which argparse prefixes with the
    flag (``argument --segments: ...``) before anything runs, and exits 2."""
    allowed = (f" from {minimum:,} to {maximum:,}" if maximum is not None
               else f", {minimum:,} or more")

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"give a whole number{allowed}; {text!r} is not "
                                             "one.") from None
        if value < minimum or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"give a whole number{allowed}; {text!r} was given.")
        return value
    return parse


def profile_for(args: argparse.Namespace) -> str:
    """The file profile a command runs in: ``--demo`` never touches the user's own files."""
    return profile.DEMO if getattr(args, "demo", False) else profile.active()


@contextmanager
def open_connection(args: argparse.Namespace) -> Iterator[Connection]:
    """The connection the flags ask for; with --demo, a seeded embedded endpoint."""
    if getattr(args, "demo", False):
        from dynoview.demo.backend import start_demo

        backend = start_demo(engine=getattr(args, "engine", None))
        # The command's main already runs in the demo profile; this keeps a caller that opens
        # a demo connection directly off the user's action log and schemas too.
        try:
            with profile.use(profile.DEMO):
                conn = backend.connect(read_only=getattr(args, "read_only", False),
                                       production=getattr(args, "production", False))
                with _listing_tables_when_missing(conn):
                    yield conn
        finally:
            backend.stop()
        return
    if getattr(args, "engine", None):  # as the window refuses it: it chooses the demo's engine
        raise DynoViewError("--engine chooses the demo's engine: add --demo, or drop --engine.",
                            field="engine")
    spec = spec_from_environment(profile=args.profile, region=args.region,
                                 endpoint_url=args.endpoint_url, read_only=args.read_only,
                                 production=getattr(args, "production", False))
    validate_spec(spec)  # a malformed URL or region is a sentence, before any probe
    check_reachable(spec.endpoint_url)  # "unreachable" at once, before any credential lookup
    conn = Connection(spec, mfa_prompter=terminal_prompter(getattr(args, "mfa_code", None)))
    # The credentials the chain resolved (a profile's keys, a credential_process's answer):
    # removed from every message, even one where a server echoes them.
    if not conn.placeholder_credentials:
        remember_secrets(*credential_secrets(conn.session))
    if conn.placeholder_credentials:
        print(f"dynoview: {PLACEHOLDER_NOTE}", file=sys.stderr)
    warning = conn.cleartext_warning and f"warning: {conn.cleartext_warning}"
    for note in filter(None, (conn.endpoint_note, warning)):  # the URL's user info: not sent
        print(f"dynoview: {note}", file=sys.stderr)
    with _listing_tables_when_missing(conn):
        yield conn


#: Where ``open_connection`` leaves the names ListTables gave on a missing table's error, for
#: ``fail`` (the connection is closed by then) to offer the one meant.
_TABLE_NAMES_ATTR = "_dynoview_table_names"


@contextmanager
def _listing_tables_when_missing(conn: Connection) -> Iterator[None]:
    """On a missing table (ResourceNotFoundException), the table names (ListTables, paged up to
    ``dynoview.core.session.table_suggestion.SUGGESTION_NAMES``) while the connection is still
    open, kept on the error: only on that path, so a command that works costs no call."""
    try:
        yield
    except ClientError as exc:
        if aws_error_code(exc) == "ResourceNotFoundException" and not hasattr(exc, _TABLE_NAMES_ATTR):
            setattr(exc, _TABLE_NAMES_ATTR, table_names_for_suggestion(conn))
        raise


def fail(exc: BaseException, args: argparse.Namespace, *, operation: str | None = None,
         table: str | None = None) -> int:
    """Print an actionable message on stderr and return exit status 2."""
    if reader_gone(exc):
        raise exc  # a command's own handler caught it: the boundary ends quietly
    if isinstance(exc, OSError) and not isinstance(exc, BotoCoreError):
        # describe_error knows DynamoDB's failures; a file's is the OS's own words and the path.
        where = f": {exc.filename}" if exc.filename else ""
        say(f"{exc.strerror}{where}" if exc.strerror else str(exc) or type(exc).__name__)
        return EXIT_ERROR
    err = describe_error(exc, operation=operation, table=table,
                         profile=getattr(args, "profile", None),
                         endpoint=getattr(args, "endpoint_url", None),
                         region=getattr(args, "region", None),
                         table_names=getattr(exc, _TABLE_NAMES_ATTR, None))
    # A title that only repeats the program's name ("DynoView") says nothing after "dynoview:".
    title = "" if err.title.lower() == "dynoview" else f"{err.title}: "
    # An AWS answer can quote the request (a table value, the credentials a server echoes).
    say(f"{title}{err.message}")
    return EXIT_ERROR

