"""Hostile input in Export… (the Items tab's export) and File → "Audit an export…": paths no
file can have, folders, names too long, ``~``. Each refusal is a sentence at the field that
caused it (marked, the cursor there), nothing raises into the event loop (no crash report) and
nothing is written, half or whole."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dynoview.ui.context import AppContext
from dynoview.ui.themed import is_refused
from dynoview.ui.transfer.export_audit_dialog import ExportAuditDialog
from dynoview.ui.transfer.export_dialog import ExportDialog

pytestmark = pytest.mark.gui

ITEMS = [{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}]


@pytest.fixture
def crashes(monkeypatch: pytest.MonkeyPatch) -> list[BaseException]:
    """What reached the crash reporter (sys.excepthook: a slot raising, a task's bug)."""
    seen: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda _t, exc, _tb: seen.append(exc))
    return seen


def _export_dialog(qtbot: Any, ctx: AppContext, text: str, *, whole: bool) -> ExportDialog:
    dialog = ExportDialog(ctx, ITEMS, table=ctx.table)
    qtbot.addWidget(dialog)
    dialog.show()
    (dialog.table_scope if whole else dialog.result_scope).setChecked(True)
    dialog.path.setText(text)
    return dialog


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*"))


REFUSED_PATHS: dict[str, tuple[Callable[[Path], str], str]] = {
    "nul": (lambda t: str(t / "a\x00b.json"), "U+0000 at character"),
    "escape": (lambda t: str(t / "a\x1b[31mb.json"), "U+001B"),
    "newline": (lambda t: str(t / "a\nb.json"), "U+000A"),
    "override": (lambda t: str(t / "\u202enosj.exe"), "U+202E RIGHT-TO-LEFT OVERRIDE"),
    "name over 255 bytes": (lambda t: str(t / ("n" * 256 + ".json")),
                            "a file or folder name holds at most 255"),
    "100 KB": (lambda t: str(t / ("x" * 100_000)), "the system takes at most 4,095"),
    "folder over 255 bytes": (lambda t: str(t / ("d" * 300) / "x.json"), "is 300 bytes long"),
    "a folder": (lambda t: str(t), "is a folder: add the name of the file to write"),
    "a folder meant": (lambda t: str(t / "new-folder") + "/", "ends in a slash, so it names a folder"),
    # The file in the way sits beside the test's folder: nothing at all is written in it.
    "a file as a folder": (lambda t: (t.parent / f"{t.name}-f.txt").write_text("kept") and
                           str(t.parent / f"{t.name}-f.txt" / "x.json"), "-f.txt is a file, not a folder"),
    "unknown user": (lambda _t: "~nosuchuser-dynoview/x.csv", "which names no user here"),
}


@pytest.mark.parametrize("whole", [False, True], ids=["result", "table"])
@pytest.mark.parametrize("case", list(REFUSED_PATHS))
def test_a_path_no_file_can_have_is_refused_at_the_file_field(
        qtbot: Any, ctx: AppContext, tmp_path: Path, crashes: list[BaseException],
        monkeypatch: pytest.MonkeyPatch, case: str, whole: bool) -> None:
    """A NUL ended in the crash report (ValueError in the worker), a long name raised out of
    the Export button (ENAMETOOLONG), a folder was offered for "Replace?"; a newline or an
    override character was written into a file name without a word."""
    make, said = REFUSED_PATHS[case]
    dialog = _export_dialog(qtbot, ctx, make(tmp_path), whole=whole)
    asked: list[Path] = []
    monkeypatch.setattr(dialog, "confirm_replace", lambda p: asked.append(p) or True)
    assert dialog.start() is False
    qtbot.wait(50)
    assert crashes == [] and asked == []
    assert said in dialog.status.text() and "unexpected" not in dialog.status.text()
    assert dialog.path.hasFocus() and is_refused(dialog.path)
    assert dialog.path.text() == make(tmp_path)[:dialog.path.maxLength()]  # kept, to be fixed
    assert _files(tmp_path) == [] and not dialog.running
    assert not [r for r in ctx.read_log.receipts() if r.operation == "Scan"]  # nothing was read
    dialog.path.setFocus()
    qtbot.keyClick(dialog.path, "x")  # typing to fix it takes the mark off
    assert dialog.path.styleSheet() == ""


def test_a_missing_folder_marks_the_file_field(qtbot: Any, ctx: AppContext, tmp_path: Path,
                                               crashes: list[BaseException]) -> None:
    dialog = _export_dialog(qtbot, ctx, str(tmp_path / "nope" / "x.json"), whole=False)
    with qtbot.waitSignal(dialog.finished_export, timeout=10000) as done:
        assert dialog.start()
    assert done.args[0] is None and crashes == []
    assert "does not exist" in dialog.status.text()
    assert dialog.path.hasFocus() and is_refused(dialog.path)
    assert _files(tmp_path) == []


def test_a_name_near_255_bytes_is_written(qtbot: Any, ctx: AppContext, tmp_path: Path,
                                          crashes: list[BaseException]) -> None:
    """A valid name of 250 bytes failed: the temporary file beside it (``.NAME.partial-…``)
    was the one over the limit."""
    name = "é" * 100 + "n" * 45 + ".json"  # 250 bytes
    assert len(name.encode()) == 250
    dialog = _export_dialog(qtbot, ctx, str(tmp_path / name), whole=False)
    with qtbot.waitSignal(dialog.finished_export, timeout=10000) as done:
        assert dialog.start()
    assert done.args[0] is not None and crashes == [], dialog.status.text()
    assert _files(tmp_path) == [name]  # the file, and no temporary file left beside it
    assert dialog.path.styleSheet() == ""


# -- Audit an export ------------------------------------------------------------------------


def _audit_dialog(qtbot: Any, ctx: AppContext, paths: str, ttl: str | None = None) -> ExportAuditDialog:
    dialog = ExportAuditDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.paths.setPlainText(paths)
    if ttl is not None:
        dialog.ttl.setText(ttl)
    return dialog


@pytest.mark.parametrize(("make", "said"), [
    (lambda t: str(t / ("x" * 100_000)), "the system takes at most 4,095"),
    (lambda t: str(t / ("n" * 256)), "a file or folder name holds at most 255"),
    (lambda t: f"{t}\n{t}/a\x00b", "Line 2: The path holds U+0000"),
    (lambda t: "s3://bucket/\x1b[2J", "U+001B"),
    (lambda t: "~nosuchuser-dynoview/export", "which names no user here"),
    (lambda t: f"{t}\ns3://bucket with space/exports/", "Line 2: s3://bucket with space/exports/: "
               "'bucket with space' cannot be an S3 bucket's name"),
], ids=["100 KB", "name over 255 bytes", "NUL on line 2", "escape in s3", "unknown user",
        "space in a bucket"])
def test_an_export_path_no_folder_can_have_is_refused_at_the_paths(
        qtbot: Any, ctx: AppContext, tmp_path: Path, crashes: list[BaseException],
        make: Callable[[Path], str], said: str) -> None:
    """A long name reached the crash report (OSError ENAMETOOLONG from the worker)."""
    dialog = _audit_dialog(qtbot, ctx, make(tmp_path))
    finished: list[Any] = []
    dialog.finished_audit.connect(finished.append)
    dialog.start()
    qtbot.wait(100)
    assert crashes == [] and finished == []  # nothing started
    assert said in dialog.summary.text()
    assert dialog.paths.hasFocus() and is_refused(dialog.paths)
    assert dialog.run_button.isEnabled()


def test_a_missing_export_folder_marks_the_paths(qtbot: Any, ctx: AppContext, tmp_path: Path,
                                                 crashes: list[BaseException]) -> None:
    dialog = _audit_dialog(qtbot, ctx, str(tmp_path / "nope"))
    with qtbot.waitSignal(dialog.finished_audit, timeout=20000) as done:
        dialog.start()
    assert done.args[0] is None and crashes == []
    assert "is not a folder" in dialog.summary.text()
    assert dialog.paths.hasFocus() and is_refused(dialog.paths)


@pytest.mark.parametrize(("ttl", "said"), [
    ("expires\x00At", "U+0000"),
    ("expires\tAt", "U+0009"),
    ("t" * 256, "at most 255"),
    ("t" * 100_000, "at most 255"),
], ids=["NUL", "tab", "256 bytes", "100 KB"])
def test_a_ttl_attribute_dynamodb_cannot_have_is_refused_at_its_field(
        qtbot: Any, ctx: AppContext, tmp_path: Path, crashes: list[BaseException], ttl: str,
        said: str) -> None:
    """A NUL reached the crash report (ValueError from the SQL engine); a name DynamoDB's TTL
    cannot have was audited as if it were one."""
    dialog = _audit_dialog(qtbot, ctx, str(tmp_path), ttl)
    finished: list[Any] = []
    dialog.finished_audit.connect(finished.append)
    dialog.start()
    qtbot.wait(100)
    assert crashes == [] and finished == []
    assert said in dialog.summary.text()
    assert dialog.ttl.hasFocus() and is_refused(dialog.ttl)
    assert dialog.paths.styleSheet() == ""
