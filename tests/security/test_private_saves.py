"""The saves the dialogs make themselves (an export audit report, exported code) are private
files like every other the app writes: 0600 under an ordinary umask, an existing wider file
tightened, replaced whole, and never written through a symbolic link."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog

from dynoview.ui.codegen.code_actions import CodeActions
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.export_audit_dialog import ExportAuditDialog

pytestmark = [pytest.mark.security, pytest.mark.gui,
              pytest.mark.skipif(os.name != "posix", reason="POSIX modes and links")]

REPORT = {"findings": [{"value": "ada@lovelace.io", "accounts": ["ACCT#a1f9c3"]}]}
CODE = 'KEY = {"PK": "ada@lovelace.io"}\n'


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.fixture(autouse=True)
def usual_umask() -> Iterator[None]:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


@pytest.fixture
def audit_dialog(qtbot: Any) -> Iterator[tuple[ExportAuditDialog, list[str]]]:
    ctx = AppContext()
    dialog = ExportAuditDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.audit_result = SimpleNamespace(report_json=lambda: REPORT)  # type: ignore[assignment]
    said: list[str] = []
    ctx.status_message.connect(said.append)
    yield dialog, said
    ctx.tasks.shutdown()


class Source:
    def language(self) -> str:
        return "python"

    def code_of(self, lang: str) -> str | None:
        return CODE


@pytest.fixture
def code_actions(qtbot: Any) -> Iterator[CodeActions]:
    dialog = QDialog()  # kept until the test ends: it owns the actions
    qtbot.addWidget(dialog)
    yield CodeActions(Source(), dialog, titles={"python": "Python"}, filters={"python": "*.py"},
                       file_name=lambda lang: "read.py", copy_tip="", save_tip="", status_name="status")


def test_the_audit_report_is_saved_0600_and_an_existing_file_is_tightened(
        audit_dialog: tuple[ExportAuditDialog, list[str]], tmp_path: Path) -> None:
    dialog, said = audit_dialog
    path = tmp_path / "export-audit.json"
    assert dialog.save_report(path)
    assert mode(path) == 0o600 and "ada@lovelace.io" in path.read_text()
    assert said[-1] == f"Report saved to {path}."
    wide = tmp_path / "wide.json"
    wide.write_text("")
    wide.chmod(0o666)
    assert dialog.save_report(wide)
    assert mode(wide) == 0o600 and "ACCT#a1f9c3" in wide.read_text()


def test_the_audit_report_is_not_written_through_a_link(
        audit_dialog: tuple[ExportAuditDialog, list[str]], tmp_path: Path) -> None:
    dialog, said = audit_dialog
    victim = tmp_path / "victim.txt"
    victim.write_text("ORIGINAL\n")
    link = tmp_path / "link.json"
    link.symlink_to(victim)
    assert not dialog.save_report(link)
    assert victim.read_text() == "ORIGINAL\n" and link.is_symlink()
    assert "symbolic link" in said[-1]
    # A folder where the file should be: said too, not raised.
    assert not dialog.save_report(tmp_path)
    assert "not a regular file" in said[-1]


def test_saved_code_is_0600_and_not_written_through_a_link(code_actions: CodeActions,
                                                           tmp_path: Path) -> None:
    path = tmp_path / "read.py"
    assert code_actions.save_to(str(path))
    assert mode(path) == 0o600 and path.read_bytes() == CODE.encode()
    assert code_actions.status.text() == f"Saved the Python code to {path}."
    victim = tmp_path / "victim.txt"
    victim.write_text("ORIGINAL\n")
    link = tmp_path / "code_link.py"
    link.symlink_to(victim)
    assert not code_actions.save_to(str(link))
    assert victim.read_text() == "ORIGINAL\n" and link.is_symlink()
    assert "symbolic link" in code_actions.status.text()
    assert not code_actions.save_to(str(tmp_path / "missing-folder" / "read.py"))
    assert code_actions.status.text().startswith("Could not save")
