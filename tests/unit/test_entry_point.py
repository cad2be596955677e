"""``dynoview`` sends a headless command to the CLI even when the connection options come first."""

from __future__ import annotations

import pytest

from dynoview.__main__ import _command_first, gui_parser, main
from dynoview.cli import COMMANDS


@pytest.mark.parametrize(("argv", "expected"), [
    (["--endpoint-url", "http://x", "tables"], ["tables", "--endpoint-url", "http://x"]),
    (["--region", "eu-west-1", "--read-only", "audit", "--table", "t"],
     ["audit", "--region", "eu-west-1", "--read-only", "--table", "t"]),
    (["--endpoint-url=http://x", "stream", "--table", "t"],
     ["stream", "--endpoint-url=http://x", "--table", "t"]),
    (["--table", "audit"], None),  # "audit" is the table's name here, not a command
    (["--demo"], None),
    (["--demo", "somewhere", "tables"], None),  # a stray word first: not a command line
])
def test_a_command_after_the_options_is_moved_first(argv: list[str], expected: list[str] | None) -> None:
    assert _command_first(gui_parser(), argv, COMMANDS) == expected


def test_options_before_the_command_reach_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: "unrecognized arguments: tables". Now the command runs with the options given."""
    code = main(["--endpoint-url", "http://127.0.0.1:9", "--region", "us-east-1", "tables"])
    err = capsys.readouterr().err
    assert code == 2 and "unrecognized arguments" not in err
    assert "Endpoint unreachable" in err and "http://127.0.0.1:9" in err
