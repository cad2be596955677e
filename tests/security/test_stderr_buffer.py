"""Bytes written to the CLI's standard streams' ``buffer`` (``sys.stderr.buffer.write``) are
cleaned like text: decoded, held to a line end on standard error, cleaned, in order with the
text around them. The wrapped stream's raw buffer is never handed out."""

from __future__ import annotations

import io
import secrets
import string
import subprocess
import sys
from pathlib import Path

import pytest

from dynoview.cli.common import ScrubbedStream, scrubbed_output
from dynoview.core.redaction import REDACTED, remember_secrets

pytestmark = pytest.mark.security

# No pattern catches this alone: only its field's name gives it away.
TOKEN = "AbCdEf123456GhIjKl90"


def test_bytes_on_stderr_are_redacted(capsys: pytest.CaptureFixture[str]) -> None:
    with scrubbed_output():
        written = sys.stderr.buffer.write(f"refresh failed: aws_session_token={TOKEN}\n".encode())
    assert written == len(f"refresh failed: aws_session_token={TOKEN}\n")
    assert capsys.readouterr().err == f"refresh failed: aws_session_token={REDACTED}\n"


def test_a_secret_split_between_bytes_and_text_is_redacted_in_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    plain = "".join(secrets.choice(string.ascii_lowercase + string.digits) for _ in range(39)) + "7"
    remember_secrets(plain)
    with scrubbed_output():
        sys.stderr.write("first ")
        sys.stderr.buffer.write(b"aws_session_tok")
        sys.stderr.write(f"en={TOKEN} ")
        sys.stderr.buffer.write(plain[:9].encode())
        sys.stderr.buffer.write(bytearray(plain[9:].encode()))
        sys.stderr.write(" last\n")
    assert capsys.readouterr().err == f"first aws_session_token={REDACTED} {REDACTED} last\n"


def test_a_character_cut_between_writes_and_bytes_that_do_not_decode() -> None:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    stream = ScrubbedStream(out)
    data = "café ✓\n".encode()
    cut = data.index("✓".encode()) + 1
    stream.buffer.write(data[:cut])
    stream.buffer.write(memoryview(data[cut:]))
    stream.buffer.write(b"raw \xff byte\n")
    stream.buffer.write("é".encode()[:1])  # a cut character at the end: shown as an escape
    stream.finish()
    out.flush()
    assert out.buffer.getvalue().decode() == "café ✓\nraw \\xff byte\n\\xc3"  # type: ignore[attr-defined]


def test_the_raw_buffer_is_not_handed_out() -> None:
    stream = ScrubbedStream(io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert not hasattr(stream.buffer, "raw")
    with pytest.raises(io.UnsupportedOperation):
        stream.detach()
    with pytest.raises(TypeError):
        stream.buffer.write("text, not bytes")  # type: ignore[arg-type]


def test_bytes_on_stdout_lose_the_credentials_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    key = "stdout-known-" + secrets.token_hex(8)
    remember_secrets(key)
    with scrubbed_output():
        sys.stdout.buffer.write(f"value: {key}\n".encode())
        sys.stdout.flush()
    assert capsys.readouterr().out == f"value: {REDACTED}\n"


def test_a_command_writing_bytes_to_the_real_stderr_prints_them_cleaned() -> None:
    """The real process streams (a TextIOWrapper over the file descriptor), not a capture."""
    code = ("import sys\n"
            "from dynoview.cli.common import run_guarded\n"
            "def command():\n"
            "    sys.stderr.buffer.write(b'aws_secret_access_key=')\n"
            f"    sys.stderr.buffer.write(b'{TOKEN} refused\\n')\n"
            "    sys.stderr.buffer.flush()\n"
            "    return 0\n"
            "sys.exit(run_guarded(command))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60, check=False,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert done.stderr.decode() == f"aws_secret_access_key={REDACTED} refused\n"


def test_a_cut_character_at_the_end_of_stdout_bytes_still_appears(
        capsys: pytest.CaptureFixture[str]) -> None:
    with scrubbed_output():
        sys.stdout.buffer.write("ok ✓".encode()[:-1])
    assert capsys.readouterr().out == "ok \\xe2\\x9c"
