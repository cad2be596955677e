"""Ctrl+C (SIGINT) and SIGTERM as a clean stop for a command whose work is built to survive a
kill (``dynoview import``: its progress file only counts batches written, and a resume settles a
batch whose answer it never saw; ``dynoview repair``: the action log holds each send's intent,
which the next run settles first).

The first signal sets the command's cancel event: the run stops after the step in flight and the
command says where it stopped. The second ends the process at once, as a kill would: the core
lets a write in flight finish (``dynoview.core.imports.pipeline``), so a KeyboardInterrupt there
would not end it sooner than the first signal does, and would end in a bare "Interrupted." that
says nothing of the write. The abort sentence may be computed at that moment, to name what was in
flight. Both signals are taken even where the shell started the command with SIGINT ignored, as
``stop_signals`` takes them for the followers.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import IO, Any

from dynoview.cli.common import clean_message

SIGNALS = (signal.SIGINT, signal.SIGTERM)


@dataclass
class StopRequest:
    """Which signal asked the run to stop (None: none did)."""

    signum: int | None = None

    @property
    def name(self) -> str:
        """As the messages name it: Ctrl+C for SIGINT, the signal's name otherwise."""
        if self.signum is None:
            return ""
        return "Ctrl+C" if self.signum == signal.SIGINT else str(self.signal)

    @property
    def signal(self) -> str | None:
        """The signal's name (SIGINT, SIGTERM), for a JSON document; None when none came."""
        return None if self.signum is None else signal.Signals(self.signum).name


@contextmanager
def cancel_on_signals(cancel: threading.Event, notice: str,
                      abort: str | Callable[[], str]) -> Iterator[StopRequest]:
    """For the block, the first SIGINT or SIGTERM sets ``cancel`` and says ``notice`` on a line
    of its own (after the signal's name); the second says ``abort`` (or what ``abort()`` returns
    then: what is in flight at that moment) and ends the process by that signal (exit status
    128 + its number, 130 for Ctrl+C). Main thread only (elsewhere the signals are left as they
    are)."""
    stop = StopRequest()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def again(signum: int, _frame: FrameType | None) -> None:
        try:
            _say_now(f"{StopRequest(signum).name} again: {_abort_text(abort)}")
        finally:  # the process ends whatever the sentence did
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)  # dies of the signal, as the shell expects of a Ctrl+C
            os._exit(128 + signum)  # where that signal does not end a process (never reached on POSIX)

    def first(signum: int, _frame: FrameType | None) -> None:
        stop.signum = signum
        cancel.set()
        for each in SIGNALS:
            signal.signal(each, again)
        _say_now(f"{stop.name}: {notice}")

    previous = {s: signal.getsignal(s) for s in SIGNALS}
    for signum in SIGNALS:
        signal.signal(signum, first)
    try:
        yield stop
    finally:
        for signum, handler in previous.items():
            if handler is not None:
                signal.signal(signum, handler)


def _abort_text(abort: str | Callable[[], str]) -> str:
    """The sentence of the second signal. A sentence that cannot be made still says the process
    ends, and why it could not say more (the process is ending: no traceback would be read)."""
    if isinstance(abort, str):
        return abort
    try:
        return abort()
    except Exception as exc:  # a bug in the sentence must not keep the process alive
        return (f"the command ends now, as a kill would end it (DynoView could not say what was "
                f"in flight: {type(exc).__name__}: {exc}).")


def _say_now(message: str) -> None:
    """``dynoview: <message>`` on a new line of standard error, written to its file at once: a
    signal handler runs between two steps of whatever the main thread was doing, perhaps a write
    to the same buffered stream, which must not be entered twice."""
    text = f"\ndynoview: {clean_message(message)}\n"
    stream: IO[str] = sys.stderr
    raw: Any = getattr(stream, "stream", stream)  # the stream a ``common.ScrubbedStream`` wraps
    try:
        fd = raw.fileno()
    except (AttributeError, OSError, ValueError):  # not a file (a test's own stream)
        stream.write(text)
        stream.flush()
        return
    os.write(fd, text.encode(getattr(raw, "encoding", None) or "utf-8", errors="backslashreplace"))


@contextmanager
def stop_signals() -> Iterator[None]:
    """SIGTERM, and SIGINT even where a shell started the command with it ignored (a job run
    with ``&`` from a script, which Python then leaves ignored), raise KeyboardInterrupt: how a
    follower (``watch``, ``stream --follow``) is told to end cleanly. Main thread only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    for signum in previous:
        signal.signal(signum, interrupt)
    try:
        yield
    finally:
        for signum, handler in previous.items():
            if handler is not None:
                signal.signal(signum, handler)
