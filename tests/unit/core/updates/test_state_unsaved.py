"""The update check's state when its file cannot be written (a read-only or full disk, a
folder in the file's place): held in memory for the process, with why, never raised."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dynoview.core.updates import state as store
from dynoview.core.updates.check import UpdateChecker


@pytest.mark.parametrize("obstacle", ["a file as its folder", "a folder as the file"])
def test_an_answer_that_cannot_be_saved_holds_for_the_process(tmp_path: Path, obstacle: str) -> None:
    path = tmp_path / "config" / "update-check.json"
    if obstacle == "a file as its folder":
        path.parent.write_text("not a folder\n")
    else:
        (path / "inside").mkdir(parents=True)
    checker = UpdateChecker(path, "http://127.0.0.1:9/feed", "0.1.0")
    assert store.unsaved(path) is None
    checker.answer(True)  # "Check daily": no exception
    why = store.unsaved(path)
    assert why is not None and why
    assert checker.state().consent is True and not checker.needs_answer()
    checker.skip("0.2.0")
    assert checker.state().consent is True and checker.state().skipped == "0.2.0"

    # The folder can be written again: the next save writes it all and the hold is dropped.
    if path.parent.is_file():
        path.parent.unlink()
    else:
        shutil.rmtree(path)
    assert store.save(path, checker.state()) is None
    assert store.unsaved(path) is None
    assert json.loads(path.read_text())["skipped"] == "0.2.0"
    assert store.load(path).consent is True
