"""The CLI's one error boundary (``dynoview.cli.common.run_guarded``): a user error is one
sentence on standard error and exit 2; a bug is its traceback, a saved crash report and exit 3."""

from __future__ import annotations

import socket
import stat
from pathlib import Path

import pytest

from dynoview.cli import COMMANDS, build_parser, main
from dynoview.cli import tables as tables_command
from dynoview.cli.common import EXIT_BUG, EXIT_ERROR, run_guarded
from dynoview.core.errors import DynoViewError


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def log_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Crash reports land under XDG_STATE_HOME (platformdirs' user_log_dir): a temp folder here."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state" / "DynoView" / "log"


def closed_port_url() -> str:
    """A loopback URL nothing listens on (the port was free a moment ago)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


def test_an_unreachable_endpoint_is_one_sentence_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                              log_home: Path) -> None:
    url = closed_port_url()
    code, out, err = run(capsys, "tables", "--endpoint-url", url)
    assert (code, out) == (EXIT_ERROR, "")
    assert err.startswith(f"dynoview: Endpoint unreachable: Could not reach the DynamoDB endpoint at {url}")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not log_home.exists()  # no crash report for a user error


def test_a_missing_table_is_one_sentence_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                     moto_endpoint: str, log_home: Path) -> None:
    code, out, err = run(capsys, "audit", "--endpoint-url", moto_endpoint, "--table", "no-such-table")
    assert (code, out) == (EXIT_ERROR, "")
    assert err.startswith("dynoview: Table not found: Table no-such-table does not exist")
    assert "Traceback" not in err and not log_home.exists()


def test_a_user_error_a_command_did_not_catch_is_still_a_sentence(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, log_home: Path) -> None:
    """The boundary, not only the commands, turns a DynoViewError into exit 2."""
    def refuse(*_args: object, **_kwargs: object) -> int:
        raise DynoViewError("The table is being deleted; wait for it to go, then retry.")

    monkeypatch.setattr(tables_command, "run", refuse)
    code, out, err = run(capsys, "tables", "--demo")
    assert (code, out) == (EXIT_ERROR, "")
    assert err == "dynoview: The table is being deleted; wait for it to go, then retry.\n"


def test_a_bug_prints_its_traceback_saves_a_report_and_exits_3(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        moto_endpoint: str, log_home: Path) -> None:
    def broken(*_args: object, **_kwargs: object) -> object:
        raise RuntimeError("the listing lost its place")

    monkeypatch.setattr(tables_command, "describe_tables", broken)
    code, out, err = run(capsys, "tables", "--endpoint-url", moto_endpoint)
    assert (code, out) == (EXIT_BUG, "")
    assert "Traceback (most recent call last):" in err
    assert 'in broken\n    raise RuntimeError("the listing lost its place")' in err
    assert "dynoview: a bug in DynoView: RuntimeError: the listing lost its place" in err
    (report,) = log_home.glob("error-*.txt")
    assert f"The crash report is saved at {report};" in err
    text = report.read_text()
    assert "Command: dynoview tables" in text and "RuntimeError: the listing lost its place" in text
    assert "Traceback" in text and "Python " in text
    assert stat.S_IMODE(report.stat().st_mode) == 0o600


def test_a_bug_in_a_command_is_not_swallowed_as_an_unexpected_error(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, log_home: Path) -> None:
    """Before: nine commands caught Exception and printed "Unexpected error" with no traceback."""
    from dynoview.cli import export as export_command

    def broken(_segments: int) -> None:
        raise KeyError("segments")

    monkeypatch.setattr(export_command, "check_segments", broken)
    code, _, err = run(capsys, "export", "--table", "accounts", "--endpoint-url", closed_port_url())
    assert code == EXIT_BUG
    assert "Unexpected error" not in err and "KeyError: 'segments'" in err
    assert len(list(log_home.glob("error-*.txt"))) == 1


def test_a_file_the_user_named_is_a_sentence(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             log_home: Path) -> None:
    missing = tmp_path / "absent" / "out.jsonl"
    code, out, err = run(capsys, "export", "--table", "accounts", "--demo", "--output", str(missing))
    assert (code, out) == (EXIT_ERROR, "")
    assert err.startswith("dynoview: ") and str(missing.parent) in err and "Traceback" not in err
    assert not log_home.exists()


def test_an_os_error_is_the_os_sentence_and_the_path(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, log_home: Path) -> None:
    def denied(*_args: object, **_kwargs: object) -> int:
        raise PermissionError(13, "Permission denied", "/srv/exports/accounts.jsonl")

    monkeypatch.setattr(tables_command, "run", denied)
    code, out, err = run(capsys, "tables", "--demo")
    assert (code, out) == (EXIT_ERROR, "")
    assert err == "dynoview: Permission denied: /srv/exports/accounts.jsonl\n"
    assert not log_home.exists()


def test_ctrl_c_exits_2_without_a_report(capsys: pytest.CaptureFixture[str], log_home: Path) -> None:
    def interrupted() -> int:
        raise KeyboardInterrupt

    assert run_guarded(interrupted) == EXIT_ERROR
    assert capsys.readouterr().err == "Interrupted.\n" and not log_home.exists()


def test_a_findings_exit_passes_through_the_boundary() -> None:
    assert run_guarded(lambda: 1) == 1


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_help_names_exit_2_and_3(command: str) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    text = " ".join(sub.choices[command].format_help().split())  # type: ignore[index]
    assert "Exit status 2: an error you can act on" in text
    assert "Exit status 3: a bug in DynoView" in text and "crash report" in text
