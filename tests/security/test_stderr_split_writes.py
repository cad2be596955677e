"""The CLI's standard error is cleaned a whole line at a time: a secret written in pieces (two
``write`` calls, ``print`` with several arguments) is cleaned whole, while progress lines, prompts
and a last line without a line end still appear when they should."""

from __future__ import annotations

import ast
import io
import os
import secrets
import string
import sys
import threading
from pathlib import Path

import pytest

from dynoview.cli.common import HELD_LIMIT, ScrubbedStream, run_guarded, scrubbed_output
from dynoview.core.redaction import REDACTED, remember_secrets

pytestmark = pytest.mark.security

# No pattern catches these alone: a remembered key of lowercase letters and digits, and a session
# token too short and too plain for the high-entropy rule (only its field's name gives it away).
PLAIN = "".join(secrets.choice(string.ascii_lowercase + string.digits) for _ in range(39)) + "7"
TOKEN = "AbCdEf123456GhIjKl90"


def test_a_named_secret_split_over_two_writes_is_redacted(capsys: pytest.CaptureFixture[str]) -> None:
    with scrubbed_output():
        sys.stderr.write("aws_session_tok")
        sys.stderr.write(f"en={TOKEN}\n")
    err = capsys.readouterr().err
    assert err == f"aws_session_token={REDACTED}\n"


def test_a_remembered_secret_split_over_two_writes_is_redacted(capsys: pytest.CaptureFixture[str]) -> None:
    remember_secrets(PLAIN)
    with scrubbed_output():
        sys.stderr.write(f"key: {PLAIN[:5]}")
        sys.stderr.write(f"{PLAIN[5:]} refused\n")
    assert capsys.readouterr().err == f"key: {REDACTED} refused\n"


def test_print_with_the_name_and_value_as_two_arguments_is_redacted(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``print`` writes each argument, the separator and the end separately."""
    def command() -> int:
        print("aws_secret_access_key =", "s3cr3tValue", file=sys.stderr)
        return 0

    assert run_guarded(command) == 0
    err = capsys.readouterr().err
    assert "s3cr3tValue" not in err and err == f"aws_secret_access_key = {REDACTED}\n"


def test_a_traceback_printed_in_pieces_is_redacted(capsys: pytest.CaptureFixture[str]) -> None:
    import traceback

    try:
        raise ValueError(f"refresh failed: aws_session_token={TOKEN}")
    except ValueError:
        with scrubbed_output():
            traceback.print_exc()
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):\n")
    assert f"ValueError: refresh failed: aws_session_token={REDACTED}\n" in err and TOKEN not in err


class Recorder(io.StringIO):
    """A stream that keeps what it was given when it is closed."""

    at_close: str | None = None

    def close(self) -> None:
        self.at_close = self.getvalue()
        super().close()


def test_held_text_appears_on_flush_close_and_at_the_end() -> None:
    out = Recorder()
    stream = ScrubbedStream(out)
    stream.write("no line end yet")
    assert out.getvalue() == ""  # held: the next write may finish a secret
    stream.flush()
    assert out.getvalue() == "no line end yet"
    stream.write(f" aws_session_token={TOKEN}")
    stream.close()  # as `watch` and `stream` do on a broken pipe
    assert out.closed and out.at_close == f"no line end yet aws_session_token={REDACTED}"

    out = io.StringIO()
    stream = ScrubbedStream(out)
    stream.writelines(["one ", "two"])
    stream.finish()
    assert out.getvalue() == "one two"


def test_a_last_line_without_a_line_end_appears_when_the_command_ends(
        capsys: pytest.CaptureFixture[str]) -> None:
    def command() -> int:
        sys.stderr.write(f"aws_session_token={TOKEN}")
        return 0

    assert run_guarded(command) == 0
    assert capsys.readouterr().err == f"aws_session_token={REDACTED}"


def test_a_line_that_never_ends_is_written_past_the_limit() -> None:
    out = io.StringIO()
    stream = ScrubbedStream(out)
    chunk = "x" * 4096
    for _ in range(HELD_LIMIT // len(chunk)):
        stream.write(chunk)
    assert out.getvalue() == ""
    stream.write(chunk)
    assert len(out.getvalue()) == HELD_LIMIT + len(chunk)


def test_progress_lines_show_live() -> None:
    """The commands' progress: ``print(f"\\r{text}", end="", flush=True)``; a carriage return
    also ends a line, so a progress line shows when the next one starts even unflushed."""
    out = io.StringIO()
    stream = ScrubbedStream(out)
    print("\rRead 1,000 items", end="", file=stream, flush=True)
    assert out.getvalue() == "\rRead 1,000 items"
    stream.write("\rRead 2,000 items")
    stream.write("\rRead 3,000 items")
    assert out.getvalue() == "\rRead 1,000 items\rRead 2,000 items\r"


def _progress_prints(path: Path) -> list[ast.Call]:
    calls = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"
                and node.args and isinstance(node.args[0], ast.JoinedStr | ast.Constant)):
            first = node.args[0].values[0] if isinstance(node.args[0], ast.JoinedStr) else node.args[0]
            if isinstance(first, ast.Constant) and str(first.value).startswith("\r"):
                calls.append(node)
    return calls


def test_every_progress_line_of_the_cli_is_flushed() -> None:
    """Held until a line end, a progress line printed without ``flush=True`` would lag one step."""
    import dynoview.cli

    found = 0
    for path in Path(dynoview.cli.__file__).parent.glob("*.py"):
        for call in _progress_prints(path):
            found += 1
            flush = [k for k in call.keywords if k.arg == "flush"]
            assert flush and isinstance(flush[0].value, ast.Constant) and flush[0].value.value is True, \
                f"{path.name}:{call.lineno} prints a progress line without flush=True"
    assert found >= 5  # audit, audit export, export, import, watch


def test_input_shows_what_is_held_before_its_prompt(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("yes\n"))
    with scrubbed_output():
        sys.stderr.write("About to delete 3 locks. ")
        assert capsys.readouterr().err == ""
        answer = input("Continue? ")
        assert capsys.readouterr().err == "About to delete 3 locks. "  # input() flushed stderr
    assert answer == "yes"


def test_lines_written_from_two_threads_stay_whole() -> None:
    out = io.StringIO()
    stream = ScrubbedStream(out)

    def write(tag: str) -> None:
        for _ in range(200):
            stream.write(f"{tag} aws_session_token={TOKEN}\n")

    threads = [threading.Thread(target=write, args=(tag,)) for tag in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    lines = out.getvalue().splitlines()
    assert len(lines) == 400 and TOKEN not in out.getvalue()
    assert set(lines) == {f"a aws_session_token={REDACTED}", f"b aws_session_token={REDACTED}"}


def test_the_mfa_prompt_comes_after_what_stderr_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """The prompt is written to the terminal itself, past ``sys.stderr``: what the CLI's stream
    holds (a line without its end) is shown first, not after the code was typed."""
    import select

    pty = pytest.importorskip("pty")
    pytest.importorskip("termios")
    from dynoview.core.session.mfa_terminal import terminal_prompter
    from dynoview.core.session.signin import MfaRequest

    master, slave = pty.openpty()
    path = os.ttyname(slave)
    tty_in = open(slave, closefd=False)  # noqa: SIM115 - closed below with the pty
    tty_err = open(os.dup(slave), "w", buffering=1)  # noqa: SIM115 - closed below
    monkeypatch.setattr(sys, "stdin", tty_in)
    monkeypatch.setattr(sys, "stderr", ScrubbedStream(tty_err))
    try:
        sys.stderr.write("Signing in to profile support… ")
        threading.Timer(0.2, os.write, (master, b"918273\n")).start()
        ask = terminal_prompter(device=path, timeout=10)
        assert ask(MfaRequest("arn:aws:iam::123456789012:mfa/ada", "support")) == "918273"
        shown = b""
        while select.select([master], [], [], 0.2)[0]:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            shown += chunk
        text = shown.decode("utf-8", "replace")
        assert "Signing in to profile support… " in text and "MFA code for" in text
        assert text.index("Signing in") < text.index("MFA code for")
    finally:
        tty_err.close()
        tty_in.close()
        os.close(slave)
        os.close(master)
