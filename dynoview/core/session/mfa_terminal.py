"""The headless commands' MFA prompt: ``--mfa-code`` first, then the terminal without echo and
with a time limit (``getpass`` waits for ever), else a sentence saying what to pass. Asked again
after a refused code, the terminal says why; without one, signin says the refusal."""

from __future__ import annotations

import os

from dynoview.core.session.signin import MfaPrompter, MfaRequest, SignInError, no_prompter
from dynoview.core.values.visible_text import visible

#: Seconds the terminal waits for a code: a command left at a prompt nobody answers (a terminal
#: left open, a scheduled job with a terminal attached) stops with a sentence instead of hanging.
MFA_PROMPT_TIMEOUT = 120.0


def terminal_prompter(given_code: str | None = None, *, timeout: float = MFA_PROMPT_TIMEOUT,
                      device: str = "/dev/tty") -> MfaPrompter:
    """The headless commands' prompter: ``given_code`` (``--mfa-code``) the first time, then the
    terminal when standard input is one (the code is not echoed; ``timeout`` seconds at most),
    else ``no_prompter``'s sentence. A code works once: a refresh in a long command asks again,
    and so does signin after STS refused a code (``request.again``)."""
    import sys

    pending = [given_code] if given_code else []

    def ask(request: MfaRequest) -> str | None:
        if pending:
            return pending.pop()
        if not sys.stdin.isatty():
            # Asked again (--mfa-code was refused): nobody can type another, so signin says why.
            return None if request.again else no_prompter(request)
        typed = _read_hidden(f"{_again_note(request)}MFA code for {request.serial} (profile "
                             f"{request.profile}): ", timeout, device)
        if typed is _TIMED_OUT:
            raise SignInError(
                f"No MFA code was typed within {timeout:g} seconds for {request.serial} (profile "
                f"{request.profile}), so the command stopped. Run it again and type the code, or "
                "pass --mfa-code with the six digits your device shows.", field="mfa_code")
        return typed

    return ask


def _again_note(request: MfaRequest) -> str:
    """Why a code is asked for again, as the line before the prompt (nothing the first time)."""
    left = "1 try left" if request.tries_left == 1 else f"{request.tries_left} tries left"
    return {
        "refused": f"AWS STS refused that code ({left}).\n",
        "repeated": f"That code was refused already and was not sent again ({left}).\n",
        "malformed": f"An MFA code is the six digits your device shows ({left}).\n",
    }.get(request.again or "", "")


_TIMED_OUT = "\0timed out"  # never a code: codes are digits


def _read_hidden(prompt: str, timeout: float, device: str) -> str | None:
    """A line typed on the terminal without echo, None at end of input (Ctrl-D), ``_TIMED_OUT``
    after ``timeout`` seconds. ``getpass`` does the same but waits for ever."""
    import sys

    # The prompt is written past run_guarded's escaping, straight to the terminal, and quotes
    # the config's mfa_serial and profile name: an escape sequence there (a clipboard write, an
    # erased line) is shown, not obeyed. Its own line breaks stay.
    prompt = visible(prompt, keep="\n")
    if sys.platform == "win32":
        return _read_hidden_windows(prompt, timeout)
    import select
    import termios

    try:
        fd, own = os.open(device, os.O_RDWR | os.O_NOCTTY), True
    except OSError:  # no controlling terminal: standard input is one (checked by the caller)
        fd, own = sys.stdin.fileno(), False
    out = fd if own else sys.stderr.fileno()
    # The prompt goes past sys.stderr: what it holds (the CLI's holds a line until it ends) first.
    if sys.stderr is not None:
        sys.stderr.flush()
    try:
        before = termios.tcgetattr(fd)
        hidden = list(before)
        hidden[3] &= ~termios.ECHO  # local flags: no echo, lines still edited by the terminal
        os.write(out, prompt.encode())
        termios.tcsetattr(fd, termios.TCSAFLUSH, hidden)
        try:
            ready, _, _ = select.select([fd], [], [], timeout)
            data = os.read(fd, 1024) if ready else None
        finally:
            # TCSAFLUSH also drops a half-typed code, so the shell never receives it.
            termios.tcsetattr(fd, termios.TCSAFLUSH, before)
            os.write(out, b"\n")
    finally:
        if own:
            os.close(fd)
    if data is None:
        return _TIMED_OUT
    return data.decode("utf-8", "replace").rstrip("\r\n") if data else None


def _read_hidden_windows(prompt: str, timeout: float) -> str | None:
    import sys
    import time

    if sys.platform == "win32":  # for mypy: msvcrt exists only there
        import msvcrt

        sys.stderr.write(prompt)
        sys.stderr.flush()
        typed: list[str] = []
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if not msvcrt.kbhit():
                time.sleep(0.05)
                continue
            char = msvcrt.getwch()
            if char in "\r\n":
                sys.stderr.write("\n")
                return "".join(typed)
            if char == "\x03":
                raise KeyboardInterrupt
            if char == "\x1a":  # Ctrl-Z: end of input
                return None
            typed = typed[:-1] if char == "\b" else [*typed, char]
        sys.stderr.write("\n")
    return _TIMED_OUT
