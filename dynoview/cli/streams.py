"""The cleaned standard streams every headless command prints through (``common.scrubbed_output``
puts them in place for the whole command).

Standard error carries messages: every one is redacted (``redaction.redact_text``: access keys,
secret keys, session tokens, passwords, URL user info, the credential values in use) and has its
control, bidi and invisible characters shown as escapes (``visible_text``), line breaks, tabs and
the progress line's carriage return excepted; it is cleaned a whole line at a time, so a secret
written in pieces is cleaned whole. Standard output carries data, which the patterns could
mistake for keys: there only the exact credential values in use are removed. A character an
output's encoding cannot take (an ASCII locale, cp1252) is written as a ``\\uXXXX`` escape,
never a crash; a closed standard stream (``>&-``) is ``_Missing``.
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any

from dynoview.core.redaction import (
    aws_environment_secrets,
    environment_secrets,
    redact_known_values,
    redact_text,
)
from dynoview.core.values.visible_text import visible


class Missing(io.TextIOBase):
    """A standard stream the command started without (``>&-``, ``2>&-``: ``sys.stdout`` is
    None). Printing to a missing standard output is one sentence (exit 2), not an
    AttributeError, and a command that prints nothing there runs; a missing standard error
    drops the messages, as there is nowhere to say them (the exit status still tells)."""

    def __init__(self, output: bool) -> None:
        super().__init__()
        self._output = output

    encoding = "utf-8"

    def write(self, text: str) -> int:
        if self._output:
            raise OSError(errno.EBADF, "Standard output is closed (the command was started with "
                          ">&-), so nothing could be printed: run it with standard output open, or "
                          "redirect it to a file or /dev/null")
        return len(text)

    def isatty(self) -> bool:
        return False


def _json_escapes(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: the characters an output's encoding cannot take as ``\\uXXXX``
    (a surrogate pair beyond the BMP): readable in text, and still valid JSON for the same data."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    escapes = []
    for char in error.object[error.start:error.end]:
        code = ord(char)
        if code >= 0x10000:
            code -= 0x10000
            escapes.append(f"\\u{0xd800 + (code >> 10):04x}\\u{0xdc00 + (code & 0x3ff):04x}")
        else:
            escapes.append(f"\\u{code:04x}")
    return "".join(escapes), error.end


OUTPUT_ESCAPES = "dynoview.json-escapes"
codecs.register_error(OUTPUT_ESCAPES, _json_escapes)


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
                self._put(redact_known_values(text, self._environment, environment=False))
            return len(text)
        with self._lock, self._noting_reader_gone():
            end = max(text.rfind("\n"), text.rfind("\r")) + 1
            if end == len(text) and end and not self._held:  # whole lines (logging's one write)
                self._put(self._clean(text))
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
            self._put(self._clean(held[:cut]))

    def _put(self, text: str) -> None:
        """Write ``text``; characters the stream's encoding cannot take (an ASCII locale, cp1252)
        as escapes. A text stream encodes the whole text before writing: nothing is written twice."""
        try:
            self.stream.write(text)
        except UnicodeEncodeError:
            encoding = getattr(self.stream, "encoding", None) or "utf-8"
            self.stream.write(text.encode(encoding, OUTPUT_ESCAPES).decode(encoding))

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
