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
valid JSON, the same data).
"""

from __future__ import annotations

import argparse
import codecs
import io
import os
import sys
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any

from botocore.exceptions import BotoCoreError, ClientError

from dynoview.core.crash_report import build_report, save_report
from dynoview.core.errors import DynoViewError, InputError, aws_error_code, describe_error
from dynoview.core.redaction import (
    aws_environment_secrets,
    credential_secrets,
    environment_secrets,
    install_stderr_redaction,
    redact_known_values,
    redact_text,
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
#: Every command's help ends with this (its own exits for findings are in its description).
EXIT_EPILOG = (f"Exit status {EXIT_ERROR}: an error you can act on (one sentence on standard error: "
               f"credentials, permissions, a missing table, an unreachable endpoint, bad input). "
               f"Exit status {EXIT_BUG}: a bug in DynoView (its traceback on standard error and a "
               f"crash report saved; the last line says where). Exit status {EXIT_READER_GONE}: "
               "standard output was closed before the command ended (e.g. piped into head).")
#: What a command explains as one sentence (exit 2); any other exception is a bug (exit 3).
#: OSError: a file the user named, a full disk: the machine's state, not a bug (a closed
#: standard output is ``EXIT_READER_GONE``).
USER_ERRORS: tuple[type[BaseException], ...] = (DynoViewError, InputError, BotoCoreError, ClientError,
                                                OSError)


def message_secrets() -> list[str]:
    """The environment's secret values a message loses: those of variables named like a secret,
    but for the ``*_FILE`` ones, which hold a path (``AWS_SHARED_CREDENTIALS_FILE``,
    ``AWS_WEB_IDENTITY_TOKEN_FILE``): a message about that file must name it."""
    return environment_secrets({name: value for name, value in os.environ.items()
                                if not name.upper().endswith("_FILE")})


def clean_message(text: str) -> str:
    """A message fit for a terminal: credentials redacted, control characters shown as escapes
    (line breaks and tabs kept)."""
    return visible(redact_text(text, message_secrets()), keep="\n\t")


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


#: Text on standard error without a line end is held at most this long before it is cleaned and
#: written anyway (a line that never ends must still appear).
HELD_LIMIT = 64 * 1024


class ScrubbedStream:
    """A text stream that cleans what is written to it: messages (standard error) as
    ``clean_message`` does, carriage returns kept for progress lines; data (standard output)
    only of the exact credential values in use. Everything else goes to the wrapped stream.

    Messages are cleaned a whole line at a time: a secret split over two writes
    (``write("aws_session_token=AbC")``, ``write("dEf…")``; ``print(name, value)``, which writes
    each argument apart) matches no rule in either piece. Text is held until a line end ("\n", or
    the "\r" a progress line starts with), ``flush()`` (``print(..., flush=True)``, ``input()``
    before its prompt), ``close()``, the end of ``scrubbed_output`` or ``HELD_LIMIT`` characters.

    Bytes written to its ``buffer`` take the same path (``CleanedBytes``); the wrapped stream's
    own buffer is never handed out, as writing there would skip the cleaning."""

    def __init__(self, stream: IO[str], *, data: bool = False) -> None:
        self.stream = stream
        self.data = data
        #: Set when this stream's reader went away (``| head``, ``2>&1 | head``): ``run_guarded``
        #: then ends quietly (141) instead of calling the closed pipe the user's error, or failing
        #: again writing that error to a closed standard error (which exited 1, "findings").
        self.reader_gone = False
        # Messages lose every secret-named variable's value (a CI token quoted in an error); data
        # only the AWS credentials in use: a table value that happens to hold another variable's
        # value (a phone number holding an 8-digit token) is the table's data, kept exact.
        self._environment = aws_environment_secrets() if data else message_secrets()
        self._held: list[str] = []  # the unfinished line, as written
        self._held_size = 0
        # Reentrant: redacting can run a finalizer whose report (``sys.unraisablehook``) writes here.
        self._lock = threading.RLock()
        # Bytes that do not decode are shown as \xNN escapes, never dropped.
        encoding = getattr(stream, "encoding", None) or "utf-8"
        self._decoder = codecs.getincrementaldecoder(encoding)(errors="backslashreplace")
        self.buffer = CleanedBytes(self)

    def write(self, text: str) -> int:
        if self.data:
            with self._noting_reader_gone():  # the remembered keys and the AWS_* variables only
                self.stream.write(redact_known_values(text, self._environment, environment=False))
            return len(text)
        with self._lock, self._noting_reader_gone():
            end = max(text.rfind("\n"), text.rfind("\r")) + 1
            if end == len(text) and end and not self._held:  # whole lines (logging's one write)
                self.stream.write(self._clean(text))
                return len(text)
            self._held.append(text)
            self._held_size += len(text)
            if end or self._held_size > HELD_LIMIT:
                unfinished = len(text) - end if end else 0
                self._emit(keep=unfinished if unfinished <= HELD_LIMIT else 0)
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def write_bytes(self, data: bytes, *, final: bool = False) -> None:
        """Decode ``data`` (a character cut between two writes waits for its end) and write it
        as text; ``final``: what is left of a cut character too, as escapes."""
        with self._lock:
            text = self._decoder.decode(data, final)
            if text:
                self.write(text)

    def flush(self) -> None:
        with self._lock, self._noting_reader_gone():
            self._emit()
            self.stream.flush()

    @contextmanager
    def _noting_reader_gone(self) -> Iterator[None]:
        try:
            yield
        except BrokenPipeError:
            self.reader_gone = True
            raise

    def close(self) -> None:
        with self._lock:
            self.write_bytes(b"", final=True)
            self._emit()
            self.stream.close()

    def detach(self) -> Any:
        raise io.UnsupportedOperation("standard streams are cleaned; their buffer is not handed out")

    def finish(self) -> None:
        """Write a last line left without a line end (nothing else: the stream may be closed)."""
        with self._lock:
            self.write_bytes(b"", final=True)
            if self._held:
                self.flush()

    def _emit(self, keep: int = 0) -> None:
        """Clean and write what is held but its last ``keep`` characters."""
        if not self._held:
            return
        held = "".join(self._held)
        cut = len(held) - keep
        self._held, self._held_size = ([held[cut:]], keep) if keep else ([], 0)
        if cut:
            self.stream.write(self._clean(held[:cut]))

    def _clean(self, text: str) -> str:
        return visible(redact_text(text, self._environment), keep="\n\t\r")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class CleanedBytes:
    """``ScrubbedStream.buffer``: what code writing bytes finds (``sys.stderr.buffer.write``).
    The bytes are decoded and cleaned with the stream's text, in order with it, and encoded by
    the wrapped stream; a line is held to its end there too. Not an ``io`` class, whose
    finalizer would close the standard stream, and without ``raw``/``detach``: nothing reaches
    the wrapped stream's buffer uncleaned."""

    def __init__(self, text: ScrubbedStream) -> None:
        self._text = text

    def write(self, data: bytes | bytearray | memoryview) -> int:
        size = memoryview(data).nbytes  # str is refused, as by a real buffer
        self._text.write_bytes(bytes(data))
        return size

    def writelines(self, lines: Iterable[bytes | bytearray | memoryview]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._text.flush()

    def close(self) -> None:
        self._text.close()

    @property
    def closed(self) -> bool:
        return bool(self._text.stream.closed)

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return False

    def seekable(self) -> bool:
        return False

    def fileno(self) -> int:
        return self._text.stream.fileno()

    def isatty(self) -> bool:
        return self._text.stream.isatty()


@contextmanager
def scrubbed_output() -> Iterator[None]:
    """``sys.stderr`` and ``sys.stdout`` cleaned for the block (``ScrubbedStream``), and Python
    logging redacted."""
    # Warnings and unraisable exceptions too: those printed after the block (a __del__ at exit)
    # reach the real stderr, which the block's stream no longer cleans.
    install_stderr_redaction()
    previous_out, previous_err = sys.stdout, sys.stderr
    out = (previous_out if isinstance(previous_out, ScrubbedStream)
           else ScrubbedStream(previous_out, data=True))
    err = previous_err if isinstance(previous_err, ScrubbedStream) else ScrubbedStream(previous_err)
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

