"""The command line's MFA prompt on a real terminal (a pseudo-terminal) quotes the config's
mfa_serial and profile name: escape sequences there (an OSC 52 clipboard write, an erase-line,
a bidi override) are shown as escapes, as every other message is, never sent to the terminal."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from dynoview.core.session.mfa_terminal import terminal_prompter
from dynoview.core.session.signin import MfaRequest
from tests.unit.core.session.test_signin_terminal_again import shown, terminal  # noqa: F401 - fixture

pty = pytest.importorskip("pty")

CODE = "918273"
CLIPBOARD_WRITE = "\x1b]52;c;ZWNobyBwd25lZAo=\x07"  # OSC 52: puts "echo pwned" on the clipboard
ERASE_LINE = "\x1b[2K"
#: r09's mfa_serial, and a profile name that recolours the terminal and reverses what follows.
SERIAL = f"arn:aws:iam::123456789012:mfa/ada{CLIPBOARD_WRITE}{ERASE_LINE}"
PROFILE = "support\x1b[31m\u202egpj"


def type_later(master: int, data: bytes) -> None:
    threading.Timer(0.2, os.write, (master, data)).start()


def assert_escaped(text: str) -> None:
    for raw in ("\x1b", "\x07", "\u202e"):
        assert raw not in text
    assert "mfa/ada\\x1b]52;c;ZWNobyBwd25lZAo=\\x07\\x1b[2K (profile support\\x1b[31m\\u202egpj): " in text


def test_escape_sequences_in_the_serial_and_profile_are_shown_not_sent(
        terminal: tuple[int, str]) -> None:  # noqa: F811 - the fixture
    master, path = terminal
    type_later(master, f"{CODE}\n".encode())
    assert terminal_prompter(device=path, timeout=10)(MfaRequest(SERIAL, PROFILE)) == CODE
    assert_escaped(shown(master))


def test_asked_again_the_note_keeps_its_line_break(terminal: tuple[int, str]) -> None:  # noqa: F811
    master, path = terminal
    type_later(master, f"{CODE}\n".encode())
    request = MfaRequest(SERIAL, PROFILE, again="refused", tries_left=2)
    assert terminal_prompter(device=path, timeout=10)(request) == CODE
    seen = shown(master)
    assert_escaped(seen)
    # The pty turns the note's line feed into CR LF: a real line break, not "\n" as text.
    assert "AWS STS refused that code (2 tries left).\r\nMFA code for arn:" in seen


def test_without_dev_tty_the_prompt_on_standard_error_is_escaped_too(
        terminal: tuple[int, str], tmp_path: Path,  # noqa: F811 - the fixture
        capfd: pytest.CaptureFixture[str]) -> None:
    """No controlling terminal to open: the prompt goes to standard error's descriptor, also
    past the CLI's escaping."""
    master, _path = terminal
    type_later(master, f"{CODE}\n".encode())
    ask = terminal_prompter(device=str(tmp_path / "no-tty"), timeout=10)
    assert ask(MfaRequest(SERIAL, PROFILE)) == CODE
    assert_escaped(capfd.readouterr().err)
