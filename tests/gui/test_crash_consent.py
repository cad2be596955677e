"""The crash dialog's choices: see and copy the report, send it only on a click, keep it or not."""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QGuiApplication

from dynoview.ui.crash import CrashDialog, CrashHandler

pytestmark = [pytest.mark.gui, pytest.mark.qt_no_exception_capture]
SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
FULLY_ENCODED = QUrl.ComponentFormattingOption.FullyEncoded


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every URL the dialog asked the desktop to open (the one way a report leaves)."""
    urls: list[str] = []
    monkeypatch.setattr("dynoview.ui.crash.QDesktopServices.openUrl",
                        lambda url: urls.append(url.toString(FULLY_ENCODED)) or True)
    return urls


@pytest.fixture
def handler(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("DYNOVIEW_REPORT_TO", raising=False)
    crash = CrashHandler(None, secrets=lambda: [SECRET], log_folder=tmp_path / "logs")
    yield crash
    if crash.dialog is not None:
        crash.dialog.close()


def raise_and_report(crash: CrashHandler, qtbot, message: str) -> CrashDialog:
    try:
        raise RuntimeError(message)
    except RuntimeError:
        crash.excepthook(*sys.exc_info())  # type: ignore[arg-type]
    qtbot.waitUntil(lambda: crash.dialog is not None and crash.dialog.isVisible(), timeout=5000)
    assert crash.dialog is not None
    return crash.dialog


def test_report_is_shown_and_sent_only_on_click(qtbot, handler: CrashHandler, opened: list[str],
                                                tmp_path: Path) -> None:
    dialog = raise_and_report(handler, qtbot, f"broke with {SECRET}")
    assert "RuntimeError: broke with" in dialog.details.toPlainText()
    assert SECRET not in dialog.details.toPlainText()
    assert opened == []  # shown, saved locally, and nothing left the machine
    dialog.send_button.click()
    assert len(opened) == 1
    parts = urlsplit(opened[0])
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://github.com/dynoview/dynoview/issues/new"
    query = parse_qs(parts.query)
    assert "RuntimeError: broke with" in query["body"][0] and "RuntimeError" in query["title"][0]
    assert SECRET not in opened[0] and SECRET.replace("/", "%2F") not in opened[0]
    assert QGuiApplication.clipboard().text() == dialog.report_text()  # the whole report too
    assert "nothing is sent until you submit it" in dialog.saved.text()


def test_mailto_target_is_configurable(qtbot, handler: CrashHandler, opened: list[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DYNOVIEW_REPORT_TO", "mailto:support@example.org")
    dialog = raise_and_report(handler, qtbot, "mail me")
    assert "a new e-mail" in " ".join(label.text() for label in dialog.findChildren(type(dialog.saved)))
    dialog.send_button.click()
    assert opened and opened[0].startswith("mailto:support@example.org?subject=")


def test_dont_keep_deletes_the_saved_reports(qtbot, handler: CrashHandler, tmp_path: Path) -> None:
    dialog = raise_and_report(handler, qtbot, "first")
    raise_and_report(handler, qtbot, "second")
    qtbot.waitUntil(lambda: len(dialog.saved_paths) == 2, timeout=5000)
    reports = sorted((tmp_path / "logs").glob("error-*.txt"))
    assert len(reports) == 2
    dialog.discard_button.click()
    assert list((tmp_path / "logs").glob("error-*.txt")) == []
    assert not dialog.isVisible()


def test_keep_and_close_keeps_them(qtbot, handler: CrashHandler, tmp_path: Path) -> None:
    dialog = raise_and_report(handler, qtbot, "keep")
    assert dialog.close_button.text() == "Keep and close"
    dialog.close_button.click()
    assert len(list((tmp_path / "logs").glob("error-*.txt"))) == 1
