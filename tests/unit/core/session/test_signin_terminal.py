"""The command line's MFA prompt on a real terminal (a pseudo-terminal): the code is read without
echo, end of input cancels, and nobody typing stops the command with a sentence instead of
waiting for ever; without a terminal it fails at once, saying what to pass."""

from __future__ import annotations

import io
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.session.mfa_terminal import terminal_prompter
from dynoview.core.session.signin import MfaRequest, SignInError

termios = pytest.importorskip("termios")
pty = pytest.importorskip("pty")

REQUEST = MfaRequest("arn:aws:iam::123456789012:mfa/ada", "support")
CODE = "918273"


class Terminal:
    def __init__(self, master: int, path: str) -> None:
        self.master, self.path = master, path
        self.shown = b""

    def type_later(self, data: bytes, delay: float = 0.2) -> None:
        threading.Timer(delay, os.write, (self.master, data)).start()

    def read_shown(self) -> str:
        """What the terminal displayed (the prompt, and the code if it were echoed)."""
        import select

        while select.select([self.master], [], [], 0.2)[0]:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                break
            if not chunk:
                break
            self.shown += chunk
        return self.shown.decode("utf-8", "replace")


def echoes(path: str) -> bool:
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
    try:
        return bool(termios.tcgetattr(fd)[3] & termios.ECHO)
    finally:
        os.close(fd)


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[Terminal]:
    master, slave = pty.openpty()
    path = os.ttyname(slave)
    stdin = open(slave, closefd=False)  # noqa: SIM115 - closed below with the pty
    monkeypatch.setattr(sys, "stdin", stdin)  # standard input is this terminal
    try:
        yield Terminal(master, path)
    finally:
        stdin.close()
        os.close(slave)
        os.close(master)


def test_the_code_is_read_without_echo(terminal: Terminal) -> None:
    ask = terminal_prompter(device=terminal.path, timeout=10)
    terminal.type_later(f"{CODE}\n".encode())
    assert ask(REQUEST) == CODE
    shown = terminal.read_shown()
    assert f"MFA code for {REQUEST.serial} (profile support): " in shown
    assert CODE not in shown
    # Echo is back on for whatever the terminal runs next.
    assert echoes(terminal.path)


def test_the_flag_is_used_first_then_the_terminal(terminal: Terminal) -> None:
    ask = terminal_prompter("123456", device=terminal.path, timeout=10)
    assert ask(REQUEST) == "123456"
    terminal.type_later(f"{CODE}\n".encode())
    assert ask(REQUEST) == CODE  # a refresh asks again: a code works once


def test_end_of_input_cancels(terminal: Terminal) -> None:
    terminal.type_later(b"\x04")  # Ctrl-D
    assert terminal_prompter(device=terminal.path, timeout=10)(REQUEST) is None


def test_nobody_typing_stops_with_a_sentence(terminal: Terminal) -> None:
    ask = terminal_prompter(device=terminal.path, timeout=0.5)
    terminal.type_later(b"9182", delay=0.1)  # half a code, then nothing
    started = time.monotonic()
    with pytest.raises(SignInError) as info:
        ask(REQUEST)
    assert time.monotonic() - started < 5
    message = info.value.message
    assert message.startswith(f"No MFA code was typed within 0.5 seconds for {REQUEST.serial} "
                              "(profile support), so the command stopped.")
    assert "--mfa-code" in message and info.value.field == "mfa_code"
    assert echoes(terminal.path)


def test_without_a_terminal_it_fails_at_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # a cron job, a pipe
    started = time.monotonic()
    with pytest.raises(SignInError, match="Pass --mfa-code") as info:
        terminal_prompter(device=str(tmp_path / "no-tty"), timeout=60)(REQUEST)
    assert time.monotonic() - started < 1 and "cached session" in info.value.message
