"""Dialogs' unsent texts when the drafts folder cannot be written (a read-only or full disk,
something else in a folder's or file's place): discarding never raises, and a kept file that
stays is said; keeping raises for the dialog to say (``ui.kept_text``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dynoview.core.drafts.dialog_texts import DialogTexts, item_subject
from dynoview.core.session.private_files import PrivateFileError

ITEM = item_subject("local @ http://127.0.0.1:8000, us-east-1", "accounts",
                    {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}})
BASE = {"json": "{}"}
TYPED = {"json": '{"PK": '}


def test_discarding_nothing_where_nothing_can_be_written_is_no_error(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    (tmp_path / "drafts").mkdir()
    texts.folder.write_text("a file where the folder goes\n")  # unlink below it: ENOTDIR
    assert texts.discard(ITEM) is None
    assert texts.update(ITEM, BASE, BASE) is None  # back to the base: nothing to remove
    with pytest.raises((OSError, PrivateFileError)):
        texts.keep(ITEM, TYPED, BASE)  # the dialog says this one (TextKeeper.keep)


def test_a_kept_file_that_cannot_be_deleted_is_a_sentence_not_an_error(tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    texts.keep(ITEM, TYPED, BASE)
    path = texts.path(ITEM)
    path.unlink()
    (path / "inside").mkdir(parents=True)  # a folder, not empty, in the kept file's place
    problem = texts.discard(ITEM)
    assert problem is not None
    assert problem.startswith(f"{ITEM.describe()}: the edit kept for it in {path} could not be "
                              "deleted (")
    assert problem.endswith("The dialog offers it again the next time it opens: discard it there "
                            "once that folder can be written, or delete the file.")
    with pytest.raises(OSError):
        texts.update(ITEM, BASE, BASE)  # said by the dialog, not dropped
    assert path.is_dir()
