"""Export CSV…/JSON… of a large audit is written off the UI thread (issue 19: the event loop
never stalls during long work): progress and Cancel beside the buttons, one export at a time,
and a cancelled export leaves nothing at the path but what was there. The file is the one the
report functions make (``findings_csv``, ``dumps(audit_json(...))``)."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer

from dynoview.core.audit.export_file import EXPORT_NOTE, ExportProgress
from dynoview.core.audit.report import audit_json, dumps, findings_csv
from dynoview.core.audit.run import AuditResult
from dynoview.core.uniqueness.findings import DUPLICATE_VALUE, MISSING_LOCK, ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.context import AppContext
from dynoview.ui.locks import export_flow
from dynoview.ui.locks.export import write_audit
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.transfer.quit_guard import EXPORT, running_transfers

pytestmark = pytest.mark.gui

MANY = 200_000  # a production audit's findings: the old export froze the window for seconds


@cache
def audit_of(count: int) -> AuditResult:
    """An audit with ``count`` synthetic findings whose cells need quoting, escaping and
    neutralising (commas, quotes, a newline, a formula, non-ASCII)."""
    statuses = (ORPHAN_LOCK, MISSING_LOCK, DUPLICATE_VALUE)
    findings = [Finding(
        statuses[i % 3], "email", f'=HYPERLINK("x"),user{i}@exämple.com\nnext' if i % 97 == 0
        else f"user{i}@example.com", (f"ACCT#{i:08x}",),
        ({"PK": {"S": f"UNIQ#EMAIL#user{i}@example.com"}, "SK": {"S": "LOCK"}},),
        f"The lock for user{i}@example.com has no account.", "Release it once checked.",
        ({"PK": {"S": f"ACCT#{i:08x}"}, "SK": {"S": "PROFILE"}},)) for i in range(count)]
    schema = article_schema()
    return AuditResult("accounts", schema, Pairing(schema, "expiresAt"), findings,
                       {}, 4, False, count, count, 1, None, None,
                       None, 1.0, False, True)


def report_text(result: AuditResult) -> str:
    """The JSON as the export made it before it moved off the UI thread."""
    data = audit_json(result)
    data["export"] = {"exported_at": "T", "scope": "all-findings", "findings": len(result.findings),
                      "note": EXPORT_NOTE}
    return dumps(data)


def same_times(text: str) -> str:
    return re.sub(r'"(generated_at|exported_at)": "[^"]*"', r'"\1": "T"', text)


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if ".partial-" in p.name or ".tmp-" in p.name)


@pytest.fixture
def panel(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[LocksPanel]:
    monkeypatch.setattr(export_flow, "SHOW_AFTER_MS", 0)  # the progress at once, not after 300 ms
    monkeypatch.setattr(export_flow, "PROGRESS_EVERY_S", 0.0)
    ctx = AppContext()
    made = LocksPanel(ctx)
    qtbot.addWidget(made)
    made.show()
    yield made
    ctx.tasks.shutdown()


class Gate:
    """Holds the writer in its pool thread after its first slice, until opened: the export is
    then certainly mid-write, whatever the machine's speed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reached, self.open = threading.Event(), threading.Event()
        self.threads: list[threading.Thread] = []
        real = export_flow.write_audit_file

        def gated(*args: Any, progress: Any, **kwargs: Any) -> Path:
            self.threads.append(threading.current_thread())

            def report(p: ExportProgress) -> None:
                progress(p)
                if not self.reached.is_set():
                    self.reached.set()
                    self.open.wait(30)

            return real(*args, progress=report, **kwargs)

        monkeypatch.setattr(export_flow, "write_audit_file", gated)


def test_a_large_export_keeps_the_event_loop_running(
        qtbot: Any, panel: LocksPanel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        record_property: Any) -> None:
    result = audit_of(MANY)
    panel.result = result
    gate = Gate(monkeypatch)
    gate.open.set()  # never held: only the writer's thread is recorded
    ticks: list[float] = []
    progress_shown: list[str] = []
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(10)

    def tick() -> None:
        ticks.append(time.monotonic())
        if panel.filter_bar.export_progress.isVisible():
            progress_shown.append(panel.filter_bar.export_progress.format())

    timer.timeout.connect(tick)
    target = tmp_path / "audit.csv"
    panel.export_csv_button.click()
    dialog = panel.export_dialog
    assert dialog is not None
    timer.start()
    started = time.monotonic()
    with qtbot.waitSignal(panel.exporter.finished, timeout=120_000) as done:
        dialog.fileSelected.emit(str(target))  # what accepting the dialog on that file does
        # The click returned before the file was written; the buttons wait for it.
        assert not panel.export_csv_button.isEnabled() and not panel.export_json_button.isEnabled()
    ended = time.monotonic()
    timer.stop()
    dialog.reject()
    assert done.args[0] == target
    assert gate.threads and threading.main_thread() not in gate.threads  # written in the pool
    during = [t for t in ticks if started <= t <= ended]
    # The loop ran while the file was written (a write on the UI thread lets no tick through).
    assert len(during) >= 5, f"{len(during)} ticks in {ended - started:.2f} s"
    gaps = [b - a for a, b in zip([started, *during], [*during, ended], strict=True)]
    record_property("longest_tick_gap_ms", round(max(gaps) * 1000, 1))
    print(f"export of {MANY:,} findings: {ended - started:.2f} s, {len(during)} ticks, "
          f"longest gap {max(gaps) * 1000:.1f} ms")
    assert any(re.fullmatch(r"Writing [\d,]+ of 200,000 findings", text) for text in progress_shown)
    # Done: the buttons are back, the progress gone, the file is the report's CSV.
    assert panel.export_csv_button.isEnabled() and not panel.filter_bar.export_progress.isVisible()
    assert not panel.filter_bar.export_cancel_button.isVisible()
    assert target.read_text(encoding="utf-8") == findings_csv(result.findings)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_the_file_equals_what_write_audit_produces(qtbot: Any, panel: LocksPanel, tmp_path: Path,
                                                  fmt: str) -> None:
    result = audit_of(3_001)  # a few slices, the last one short
    panel.result = result
    target = tmp_path / f"audit.{fmt}"
    with qtbot.waitSignal(panel.ctx.status_message, timeout=60_000) as said:
        assert panel.exporter.start(result, target, fmt)
    assert said.args[0] == ("Exported every finding of the audit (3,001) to "
                            f"{target}; the window's filter and search do not apply.")
    text = target.read_text(encoding="utf-8")
    reference = findings_csv(result.findings) if fmt == "csv" else report_text(result)
    assert same_times(text) == same_times(reference)
    assert same_times(text) == same_times(write_audit(result, tmp_path / f"sync.{fmt}", fmt).read_text())
    assert target.stat().st_mode & 0o777 == 0o600  # private, like every file the app writes


def test_cancel_mid_write_leaves_no_file(qtbot: Any, panel: LocksPanel, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    result = panel.result = audit_of(MANY)
    gate = Gate(monkeypatch)
    target = tmp_path / "audit.json"
    assert panel.exporter.start(result, target, "json")
    qtbot.waitUntil(gate.reached.is_set, timeout=30_000)  # the task starts once the loop turns
    # Mid-write: a temporary file beside the path, nothing at the path itself.
    assert len(leftovers(tmp_path)) == 1 and not target.exists()
    qtbot.waitUntil(lambda: panel.filter_bar.export_cancel_button.isVisible(), timeout=5000)
    with qtbot.waitSignal(panel.exporter.finished, timeout=60_000) as done:
        panel.filter_bar.export_cancel_button.click()
        assert panel.exporter.stopping
        gate.open.set()
    assert done.args[0] is None
    assert not target.exists() and leftovers(tmp_path) == []
    assert panel.export_json_button.isEnabled() and not panel.filter_bar.export_progress.isVisible()


def test_an_existing_file_survives_a_cancelled_export(qtbot: Any, panel: LocksPanel, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    result = panel.result = audit_of(MANY)
    gate = Gate(monkeypatch)
    target = tmp_path / "audit.csv"
    target.write_text("the last export\n")
    assert panel.exporter.start(result, target, "csv")
    qtbot.waitUntil(gate.reached.is_set, timeout=30_000)  # the task starts once the loop turns
    assert target.read_text() == "the last export\n"  # not touched while the new one is written
    with qtbot.waitSignal(panel.ctx.status_message, timeout=60_000) as said:
        panel.exporter.cancel()
        gate.open.set()
    assert said.args[0] == f"Export cancelled: {target} was left as it was."
    assert target.read_text() == "the last export\n" and leftovers(tmp_path) == []


def test_a_second_export_while_one_runs_is_refused_and_quitting_asks(
        qtbot: Any, panel: LocksPanel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result = panel.result = audit_of(MANY)
    gate = Gate(monkeypatch)
    first = tmp_path / "first.csv"
    assert panel.exporter.start(result, first, "csv")
    qtbot.waitUntil(gate.reached.is_set, timeout=30_000)  # the task starts once the loop turns
    said: list[str] = []
    panel.ctx.status_message.connect(said.append)
    assert not panel.export_json_button.isEnabled()
    assert not panel.exporter.start(result, tmp_path / "second.json", "json")
    assert panel.exporter.ask(result, "json") is None
    assert said == [f"An export is already being written to {first}: wait for it to finish, or "
                    "cancel it, before exporting again."] * 2
    # Closing the window now asks first, like an item export (transfer.quit_guard).
    assert running_transfers(panel) == [(EXPORT, panel.exporter)]
    with qtbot.waitSignal(panel.exporter.finished, timeout=60_000):
        gate.open.set()
    assert running_transfers(panel) == []
    assert not (tmp_path / "second.json").exists()
    assert first.read_text(encoding="utf-8") == findings_csv(result.findings)
