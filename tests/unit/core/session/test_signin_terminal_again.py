"""The command line's MFA prompt asked again after a refused code (a pseudo-terminal): the line
before the prompt says why and how many tries are left; without a terminal nothing is asked and
signin says the refusal."""

from __future__ import annotations

import io
import os
import select
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.session.mfa_terminal import terminal_prompter
from dynoview.core.session.signin import MfaRequest

pty = pytest.importorskip("pty")

SERIAL = "arn:aws:iam::123456789012:mfa/ada"
CODE = "918273"


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, str]]:
    master, slave = pty.openpty()
    stdin = open(slave, closefd=False)  # noqa: SIM115 - closed below with the pty
    monkeypatch.setattr(sys, "stdin", stdin)
    try:
        yield master, os.ttyname(slave)
    finally:
        stdin.close()
        os.close(slave)
        os.close(master)


def shown(master: int) -> str:
    data = b""
    while select.select([master], [], [], 0.2)[0]:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    return data.decode("utf-8", "replace")


@pytest.mark.parametrize(("again", "left", "said"), [
    ("refused", 2, "AWS STS refused that code (2 tries left)."),
    ("repeated", 1, "That code was refused already and was not sent again (1 try left)."),
    ("malformed", 2, "An MFA code is the six digits your device shows (2 tries left)."),
])
def test_asked_again_the_terminal_says_why(terminal: tuple[int, str], again: str, left: int,
                                           said: str) -> None:
    master, path = terminal
    ask = terminal_prompter("407162", device=path, timeout=10)
    assert ask(MfaRequest(SERIAL, "support")) == "407162"  # --mfa-code, the first time
    threading.Timer(0.2, os.write, (master, f"{CODE}\n".encode())).start()
    assert ask(MfaRequest(SERIAL, "support", again, left)) == CODE  # type: ignore[arg-type]
    text = shown(master)
    assert said in text and f"MFA code for {SERIAL} (profile support): " in text
    assert CODE not in text


def test_without_a_terminal_a_refused_flag_is_not_asked_again(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # a cron job, a pipe
    ask = terminal_prompter("407162", device=str(tmp_path / "no-tty"), timeout=60)
    assert ask(MfaRequest(SERIAL, "support")) == "407162"
    assert ask(MfaRequest(SERIAL, "support", "refused", 2)) is None
