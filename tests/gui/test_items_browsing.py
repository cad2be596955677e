"""Browsing comfort in the Items tab: copy a selection as, columns chosen, moved, hidden and
sorted per table, and the table's reads kept to run again (Ctrl+H)."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QApplication

from dynoview.core.items.clipboard import BOTO3_KEY, CSV, DDB_JSON
from dynoview.core.reads.browse import BrowseSpec
from dynoview.core.session.connection import Connection
from dynoview.demo.backend import EMAIL_INDEX
from dynoview.ui import settings as saved
from dynoview.ui.items.history_dialog import ReadHistoryDialog
from dynoview.ui.items.panel import ItemsPanel
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window
from tests.helpers import seeded_accounts_copy

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "settings.ini"
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    return path


@pytest.fixture
def window(qtbot, qasync_loop, demo_conn: Connection, seeded_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, seeded_table)


def select_rows(panel: ItemsPanel, rows: list[int]) -> None:
    panel.view.clearSelection()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for row in rows:
        panel.view.selectionModel().select(panel.model.index(row, 0), flags)


def test_copy_a_selection_as_dynamodb_json_csv_and_boto3_keys(window: MainWindow) -> None:
    panel = window.items_panel
    select_rows(panel, [0, 1])
    assert len(panel.selected_items()) == 2
    assert not panel.edit_button.isEnabled() and not panel.delete_button.isEnabled()  # one at a time
    text = panel.copy_as(DDB_JSON)
    assert text == QApplication.clipboard().text()
    items = json.loads(text)
    assert [i["PK"] for i in items] == [panel.model.item(0)["PK"], panel.model.item(1)["PK"]]
    assert panel.copy_as(CSV).splitlines()[0].startswith("PK (S),SK (S)")
    keys = panel.copy_as(BOTO3_KEY)
    assert keys.startswith("keys = ")
    assert ast.literal_eval(keys[len("keys = "):])[0] == {"PK": panel.model.item(0)["PK"],
                                                          "SK": panel.model.item(0)["SK"]}
    select_rows(panel, [2])
    assert panel.edit_button.isEnabled()
    menu = panel.context_menu()
    copy_menu = menu.actions()[0].menu()
    assert [a.text() for a in copy_menu.actions()] == [
        "DynamoDB JSON", "Plain JSON", "CSV", "boto3 Key (low-level client)"]
    copy_menu.actions()[3].trigger()
    assert QApplication.clipboard().text().startswith("Key=")
    menu.deleteLater()


def test_columns_hidden_moved_and_sorted_are_kept_per_table(qtbot, window: MainWindow,
                                                            demo_conn: Connection,
                                                            seeded_table: str) -> None:
    panel = window.items_panel
    columns = panel.model.columns()
    assert "email" in columns and "createdAt" in columns
    panel.columns.set_hidden("createdAt", True)
    header = panel.view.horizontalHeader()
    header.moveSection(header.visualIndex(columns.index("email")), 0)
    header.sectionClicked.emit(columns.index("email"))  # a click on the header: ascending
    emails = [panel.model.item(r).get("email", {}).get("S") for r in range(panel.model.rowCount())]
    present = [e for e in emails if e is not None]
    assert present == sorted(present, key=lambda e: e.encode()) and emails[-1] is None  # missing last
    header.sectionClicked.emit(columns.index("email"))  # again: descending
    assert panel.model.sorting.current == ("email", True)
    assert panel.columns.visible_columns()[0] == "email"

    # A new read of the table, and another window on it, show the same columns and order.
    with qtbot.waitSignal(panel.controller.page_loaded, timeout=10000):
        panel.run()
    qtbot.waitUntil(lambda: panel.model.sorting.current == ("email", True), timeout=5000)
    other = open_window(qtbot, demo_conn, seeded_table).items_panel
    qtbot.waitUntil(lambda: other.model.sorting.current == ("email", True), timeout=5000)
    other_columns = other.model.columns()
    assert other.view.horizontalHeader().isSectionHidden(other_columns.index("createdAt"))
    assert other.columns.visible_columns()[0] == "email"
    header_menu = other.columns.menu(other_columns.index("email"))
    texts = [a.text() for a in header_menu.actions()]
    assert "createdAt" in texts and "Sort by email, ascending" in texts
    header_menu.deleteLater()
    other.columns.reset()
    assert other.model.sorting.current is None
    assert not other.view.horizontalHeader().isSectionHidden(other_columns.index("createdAt"))


def test_reads_are_kept_and_run_again_from_ctrl_h(qtbot, window: MainWindow) -> None:
    panel = window.items_panel
    panel.mode.setCurrentText("Query")
    panel.index.setCurrentIndex(panel.index.findData(EMAIL_INDEX))
    panel.pk_value.setText("ada@lovelace.io")
    with qtbot.waitSignal(panel.controller.page_loaded, timeout=10000):
        panel.run()
    panel.mode.setCurrentText("Scan")
    panel.index.setCurrentIndex(0)
    panel.show_history()
    dialog = panel.history_dialog
    assert isinstance(dialog, ReadHistoryDialog) and dialog.isVisible()
    assert dialog.recent_list.item(0).text() == "Query email-index: ada@lovelace.io · page 100"
    dialog.recent_list.setCurrentRow(0)
    dialog.name_edit.setText("ada by email")
    dialog.save_button.click()
    assert dialog.saved_list.item(0).text().startswith("ada by email — Query email-index")
    dialog.saved_list.setCurrentRow(0)
    before = window.read_log.model.rowCount()
    dialog.run_button.click()
    assert not dialog.isVisible()
    qtbot.waitUntil(lambda: window.read_log.model.rowCount() > before, timeout=10000)
    receipt = window.read_log.model.receipt(before)
    assert (receipt.operation, receipt.index) == ("Query", EMAIL_INDEX)
    assert panel.mode.currentText() == "Query" and panel.pk_value.text() == "ada@lovelace.io"
    conn, table = panel._table_key()  # type: ignore[misc]
    assert saved.saved_reads(conn, table)["ada by email"]["pk_value"] == "ada@lovelace.io"


def test_load_spec_fills_the_form(window: MainWindow, seeded_table: str) -> None:
    panel = window.items_panel
    spec = BrowseSpec(table=seeded_table, mode="Query", pk_value="ACCT#a1f9c3", sk_operator="between",
                      sk_values=("A", "Z"), page_size=7, consistent=True)
    panel.load_spec(spec)
    assert panel.spec() == spec


@pytest.fixture
def second_table(demo_conn: Connection) -> Iterator[str]:
    with seeded_accounts_copy(demo_conn, prefix="second") as name:
        yield name


def test_several_items_tabs_on_different_tables_and_indexes(qtbot, window: MainWindow,
                                                            demo_conn: Connection,
                                                            seeded_table: str, second_table: str) -> None:
    main = window.items_panel
    rows = main.model.rowCount()
    other_table = second_table
    window.tables_panel.set_tables(demo_conn.list_tables())
    window.open_items_tab(other_table)
    qtbot.waitUntil(lambda: len(window.extra_items) == 1, timeout=10000)
    other = window.extra_items[0]
    assert window.tabs.currentWidget() is other
    assert window.tabs.tabText(window.tabs.indexOf(other)) == f"Items: {other_table}"
    qtbot.waitUntil(lambda: not other.controller.busy, timeout=10000)
    assert other.info is not None and other.info.name == other_table

    # A second tab on the window's table reads its email index while the first keeps its scan.
    window.open_items_tab(seeded_table)
    qtbot.waitUntil(lambda: len(window.extra_items) == 2, timeout=10000)
    by_email = window.extra_items[1]
    qtbot.waitUntil(lambda: not by_email.controller.busy, timeout=10000)
    by_email.mode.setCurrentText("Query")
    by_email.index.setCurrentIndex(by_email.index.findData(EMAIL_INDEX))
    by_email.pk_value.setText("ada@lovelace.io")
    with qtbot.waitSignal(by_email.controller.page_loaded, timeout=10000):
        by_email.run()
    assert by_email.model.rowCount() == 1
    assert main.model.rowCount() == rows and main.info is not None and main.info.name == seeded_table
    log = window.read_log.model  # receipts reach it at most ten times a second: wait for this one
    qtbot.waitUntil(lambda: log.rowCount() and log.receipt(log.rowCount() - 1).index == EMAIL_INDEX,
                    timeout=10000)
    assert log.receipt(log.rowCount() - 1).operation == "Query"

    window.close_items_tab(by_email)
    assert window.tabs.indexOf(by_email) == -1 and window.extra_items == [other]
    window.ctx.set_connection(None)  # another connection: its tables are not these
    assert window.extra_items == []
