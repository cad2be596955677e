"""Save draft as… with a name within the 120-character limit that is long once made file-safe
(CJK, emoji, symbols): typed without an error, saved, said to exist, listed and opened; a draft
an older version saved under its former file name is said to exist too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.ui.builder.drafts_dialog import OpenDraftDialog, SaveDraftDialog
from dynoview.ui.row_select import select_only_row

pytestmark = pytest.mark.gui
DRAFT = Draft(request={"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "x"}}}}]})
NAMES = ["签到" * 26, "@" * 86, "\U0001f642" * 43, "签" * 120]


def listed(chooser: OpenDraftDialog) -> list[str]:
    items = [chooser.table.item(r, 0) for r in range(chooser.table.rowCount())]
    return [item.text() if item is not None else "" for item in items]


def type_name(qtbot, dialog: SaveDraftDialog, name: str) -> None:
    """Character by character, as typing does (each keystroke runs the name's check)."""
    dialog.name_edit.clear()
    for char in name:
        dialog.name_edit.insert(char)
    assert dialog.name_edit.text() == name


@pytest.mark.parametrize("name", NAMES, ids=["cjk-52", "at-86", "emoji-43", "cjk-120"])
def test_a_long_name_is_typed_saved_and_opened(qtbot, tmp_path: Path, name: str) -> None:
    store = DraftStore(tmp_path / "drafts")
    store.save_named("first draft", DRAFT)  # the named/ folder exists, as after an earlier save
    dialog = SaveDraftDialog(store, DRAFT, "Draft")
    qtbot.addWidget(dialog)
    type_name(qtbot, dialog, name)  # an error in the check fails the test (pytest-qt)
    assert not dialog.hint.isVisibleTo(dialog)
    with qtbot.waitSignal(dialog.saved) as saved:
        dialog.save()
    assert saved.args[0] == name and dialog.error.isHidden()
    again = SaveDraftDialog(store, DRAFT, name)
    qtbot.addWidget(again)
    assert again.hint.text() == f"A draft named “{name}” exists: saving replaces it."
    chooser = OpenDraftDialog(store)
    qtbot.addWidget(chooser)
    rows = listed(chooser)
    assert sorted(rows) == sorted(["first draft", name])
    select_only_row(chooser.table, rows.index(name))
    with qtbot.waitSignal(chooser.chosen) as chosen:
        chooser.open_selected()
    assert chosen.args[0].name == name


def test_a_draft_under_its_former_file_name_is_said_to_exist(qtbot, tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    folder = store.root / "named"
    folder.mkdir(parents=True)
    (folder / "Caf%E9.json").write_text(json.dumps(Draft(request=DRAFT.request, name="Café").to_json()))
    dialog = SaveDraftDialog(store, DRAFT, "Café")
    qtbot.addWidget(dialog)
    assert dialog.hint.text() == "A draft named “Café” exists: saving replaces it."
    dialog.save()
    chooser = OpenDraftDialog(store)
    qtbot.addWidget(chooser)
    assert listed(chooser) == ["Café"]
