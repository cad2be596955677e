"""Export… when the disk fills mid-write: a sentence at the file field, never a crash report,
and the file that was there before is left whole (the export writes beside it, then renames)."""

from __future__ import annotations

import resource
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.items.export import PLAIN_JSON
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.export_dialog import ExportDialog

pytestmark = pytest.mark.gui

LIMIT = 64 * 1024


@pytest.fixture
def small_disk() -> Iterator[None]:
    """Files may not grow past 64 KiB (RLIMIT_FSIZE): a write beyond fails with EFBIG, as a full
    disk fails with ENOSPC. SIGXFSZ is ignored so the write returns the error instead."""
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    old_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, old_limit[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old_limit)
        signal.signal(signal.SIGXFSZ, old_handler)


def test_a_full_disk_is_a_sentence_at_the_file_field_and_the_old_file_stays(
        qtbot: Any, ctx: AppContext, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        small_disk: None) -> None:
    crashes: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda _t, exc, _tb: crashes.append(exc))
    path = tmp_path / "result.jsonl"
    path.write_text("the previous export\n")
    items = [{"PK": {"S": f"ACCT#{i:05d}"}, "SK": {"S": "PROFILE"}, "bio": {"S": "x" * 200}}
             for i in range(1000)]  # about 240 KB: past the limit
    dialog = ExportDialog(ctx, items, table=ctx.table)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.format.setCurrentIndex(dialog.format.findData(PLAIN_JSON))
    dialog.path.setText(str(path))
    dialog._replace_confirmed = str(path)  # as Browse… after its own "Replace?" question
    with qtbot.waitSignal(dialog.finished_export, timeout=20000) as done:
        assert dialog.start()
    assert done.args[0] is None
    assert crashes == []  # the user's disk, not a bug: no crash report
    text = dialog.status.text()
    assert str(path) in text and "File too large" in text and "No file was written" in text
    assert "unexpected" not in text
    assert dialog.path.hasFocus()  # the sentence is about the file field: the cursor goes there
    assert path.read_text() == "the previous export\n"  # never truncated
    assert sorted(p.name for p in tmp_path.iterdir()) == ["result.jsonl"]  # no partial file
