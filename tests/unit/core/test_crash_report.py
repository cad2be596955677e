"""``crash_report``: the scrubbed text of a bug, saved privately, shared by the window and the CLI."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from dynoview.core.crash_report import KEEP_REPORTS, build_report, environment_lines, save_report


def a_report(message: str, **kwargs: object) -> str:
    try:
        raise RuntimeError(message)
    except RuntimeError as exc:
        return build_report(RuntimeError, exc, exc.__traceback__, **kwargs)  # type: ignore[arg-type]


def test_the_report_holds_the_versions_the_context_and_the_traceback() -> None:
    report = a_report("boom", context={"Command": "dynoview audit"}, thread="worker-1")
    assert report.startswith("DynoView error report, ")
    assert "Python " in report and "boto3 " in report and "Command: dynoview audit" in report
    assert "Thread: worker-1" in report and "Traceback (most recent call last):" in report
    assert report.rstrip().endswith("RuntimeError: boom")


def test_the_window_adds_its_toolkit_and_the_cli_runs_without_qt() -> None:
    assert "Qt 6.9" in environment_lines("Qt 6.9, PySide6 6.9")[1]
    assert "PySide6" not in " ".join(environment_lines())
    report = a_report("x", environment=["only this line"])
    assert report.splitlines()[1] == "only this line"


def test_credentials_are_removed_and_escapes_shown() -> None:
    report = a_report("signing with AKIAABCDEFGHIJKLMNOP and \x1b[2J", secrets=["hunter2hunter2"],
                      context={"Secret": "hunter2hunter2"})
    assert "AKIAABCDEFGHIJKLMNOP" not in report and "hunter2hunter2" not in report
    assert "\x1b" not in report and "\\x1b[2J" in report


def test_a_saved_report_is_private_and_only_the_newest_are_kept(tmp_path: Path) -> None:
    folder = tmp_path / "log"
    paths = [save_report(f"report {n}", folder) for n in range(KEEP_REPORTS + 3)]
    assert all(p is not None for p in paths)
    kept = sorted(folder.glob("error-*.txt"))
    assert len(kept) == KEEP_REPORTS and paths[-1] in kept and paths[0] not in kept
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(kept[-1].stat().st_mode) == 0o600
    assert paths[-1] is not None and paths[-1].read_text() == f"report {KEEP_REPORTS + 2}\n"


def test_a_report_that_cannot_be_saved_is_none_not_a_second_crash(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert save_report("report", blocker / "log") is None
    assert "could not save the error report" in caplog.text

