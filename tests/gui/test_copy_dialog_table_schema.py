"""Copy to table… tells the items' accounts and locks apart by the rules of the table they come
from, and checks the destination by its own rules. Before, it took the main tab's rules: copying
an account with its locks from an extra Items tab (table A) while table B (accounts ``USER#…``,
only the email protected) was in the main tab saw no account, so the account and its locks were
not kept in one batch, and the dialog warned of a lock "without its account" that was there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel

from dynoview.core.session.connection import Connection
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.transfer.copy_dialog import CopyItemsDialog
from tests.gui.conftest import open_window, users_schema
from tests.helpers import account_key, empty_accounts_table, lock_key

pytestmark = pytest.mark.gui
ADA = [account_key("a1f9c3"), lock_key("EMAIL", "ada@lovelace.io"), lock_key("HANDLE", "ada")]




def select_rows(panel: ItemsPanel, keys: list[dict[str, Any]]) -> None:
    model, selection = panel.model, panel.view.selectionModel()
    selection.clearSelection()
    for key in keys:
        row = next(r for r in range(model.rowCount())
                   if all(model.item(r).get(k) == v for k, v in key.items()))
        selection.select(model.index(row, 0), QItemSelectionModel.SelectionFlag.Select
                         | QItemSelectionModel.SelectionFlag.Rows)


def plan_for(qtbot: Any, dialog: CopyItemsDialog, target: str) -> None:
    dialog.table.setEditText(target)
    dialog.open_next()
    qtbot.waitUntil(lambda: dialog.plan is not None or "cannot" in dialog.status.text(), timeout=15000)
    assert dialog.plan is not None, dialog.status.text()


def test_an_extra_tab_s_items_are_copied_by_their_table_s_rules_and_checked_by_the_target_s(
        qtbot: Any, qasync_loop: Any, config: Path, demo_conn: Connection, seeded_table: str,
        users_table: str) -> None:
    window = open_window(qtbot, demo_conn, users_table)
    window.ctx.set_schema(users_schema())  # saved for B, the main tab's table
    window.open_items_tab(seeded_table)
    qtbot.waitUntil(lambda: bool(window.extra_items) and window.extra_items[0].model.rowCount() > 0,
                    timeout=15000)
    panel = window.extra_items[0]
    select_rows(panel, ADA)
    assert len(panel.selected_items()) == 3
    opened: list[Any] = []
    window.ctx.open_builder_requested.connect(opened.append)
    dialog = panel.transfer.open_copy()
    assert isinstance(dialog, CopyItemsDialog)
    with empty_accounts_table(demo_conn, "copy-to") as same_rules, \
            empty_accounts_table(demo_conn, "copy-to-other") as other_rules:
        plan_for(qtbot, dialog, same_rules)
        # A's rules: Ada's account with both her locks, in one batch, nothing said missing.
        assert dialog.plan is not None and dialog.plan.accounts == [["ACCT#a1f9c3 / PROFILE"]]
        assert dialog.warning == ""
        assert len(opened) == 1 and len(opened[0].actions) == 3
        # A destination whose own rules are B's: they would not see Ada as an account there.
        window.ctx.schema_store.save(demo_conn.spec.name, other_rules, users_schema())
        plan_for(qtbot, dialog, other_rules)
        assert dialog.plan is not None and dialog.plan.accounts == [["ACCT#a1f9c3 / PROFILE"]]
        assert dialog.warning.startswith(f"{other_rules} has other uniqueness rules than {seeded_table}: "
                                         "by them the copied items are paired otherwise (lock ")
        assert "Warning: " + dialog.warning in dialog.status.text()
