"""The "Staged changes (n)" pane on its own: an item's line names its table once the staged set
(the window's, shared by every Items tab) spans two tables; Delete discards the selected line."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.edits.staging import StagedEdits
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.items.staged_pane import StagedPane

pytestmark = pytest.mark.gui

ACCOUNTS = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
METRICS = TableInfo("metrics", KeyAttribute("deviceId", "N"), None)


def item_column(pane: StagedPane) -> list[str]:
    lines = (pane.list.topLevelItem(i) for i in range(pane.list.topLevelItemCount()))
    return [line.text(0) for line in lines if line is not None]


def test_lines_name_their_table_once_two_tables_are_staged(qtbot: Any) -> None:
    pane = StagedPane()
    qtbot.addWidget(pane)
    edits = StagedEdits()
    edits.stage_text(ACCOUNTS, {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "name": {"S": "a"}},
                     "name", "S", "b")
    pane.show_edits(edits, None)
    assert item_column(pane) == ["ACCT#1 / PROFILE"]
    edits.stage_text(METRICS, {"deviceId": {"N": "1"}, "status": {"S": "ok"}}, "status", "S", "down")
    pane.show_edits(edits, None)
    assert sorted(item_column(pane)) == ["accounts: ACCT#1 / PROFILE", "metrics: 1"]
    long_key = "accounts: ACCT#" + "x" * 30 + " / PROFILE"
    edits.stage_text(ACCOUNTS, {"PK": {"S": "ACCT#" + "x" * 30}, "SK": {"S": "PROFILE"}}, "name", "S", "c")
    pane.show_edits(edits, None)
    assert long_key in item_column(pane)  # shown whole: the column grows to its keys
    assert pane.list.columnWidth(0) > pane.list.fontMetrics().horizontalAdvance(long_key)


def test_delete_in_the_list_discards_the_selected_line(qtbot: Any) -> None:
    pane = StagedPane()
    qtbot.addWidget(pane)
    edits = StagedEdits()
    for n in (1, 2):
        edits.stage_text(ACCOUNTS, {"PK": {"S": f"ACCT#{n}"}, "SK": {"S": "PROFILE"}}, "name", "S", "x")
    pane.show_edits(edits, None)
    with qtbot.assertNotEmitted(pane.discard_requested):  # nothing selected: nothing asked
        qtbot.keyClick(pane.list, Qt.Key.Key_Delete)
    with qtbot.waitSignal(pane.discard_requested) as asked:
        pane.select_line(1)
        qtbot.keyClick(pane.list, Qt.Key.Key_Delete)
    table, key, attribute = asked.args[0]
    assert (table, attribute) == ("accounts", "name")
    assert key == list(edits)[1].key and key["PK"] == {"S": "ACCT#2"}
