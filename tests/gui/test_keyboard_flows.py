"""The main flows driven from the keyboard alone (``QTest.keyClick``/``keyClicks``, no mouse):
open a table and browse it, diagnose a value, build and send a transaction; and where the focus
lands when a tab opens."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QWidget

from dynoview.core.session.connection import Connection
from dynoview.ui.main_window import MainWindow
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui

CTRL = Qt.KeyboardModifier.ControlModifier
Key = Qt.Key


def focused() -> QWidget | None:
    return QApplication.focusWidget()


def holds_focus(widget: QWidget) -> bool:
    """The focus is in ``widget`` (or on it)."""
    inside = focused()
    return inside is not None and widget.isAncestorOf(inside)


def wait_for_focus(qtbot: Any, widget: QWidget, what: str) -> None:
    """The focus reaches ``widget``: a dialog is the active modal widget as soon as it shows, and
    gets the focus with its activation, a moment later on a loaded machine."""
    try:
        qtbot.waitUntil(lambda: holds_focus(widget), timeout=5000)
    except qtbot.TimeoutError:
        raise AssertionError(f"{what} (the focus is on {focused()!r})") from None


def wait_for_rows(qtbot: Any, panel: Any, enough: Any, what: str) -> None:
    """``enough()`` comes true; else the failure says where the read stood (rows, busy, its
    progress line, the error shown): a CI run once timed out here with nothing to go on."""
    try:
        qtbot.waitUntil(enough, timeout=10000)
    except qtbot.TimeoutError:
        raise AssertionError(
            f"{what}: {panel.model.rowCount()} row(s), busy {panel.controller.busy}, progress "
            f"{panel.progress.text()!r}, error {panel.form.error_label.text()!r}") from None


def receiver() -> QWidget:
    """Where a key goes now: an open menu, else the focused widget, else the active window."""
    target = QApplication.activePopupWidget() or focused() or QApplication.activeWindow()
    assert target is not None, "nothing has the keyboard focus"
    return target


def key(qtbot: Any, k: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """One key, as the user's keyboard would send it."""
    QTest.keyClick(receiver(), k, modifier)
    qtbot.wait(10)


def type_text(qtbot: Any, text: str) -> None:
    QTest.keyClicks(receiver(), text)
    qtbot.wait(10)


def tab_to(qtbot: Any, widget: QWidget, limit: int = 60) -> None:
    """Press Tab until ``widget`` has the focus (failing if the focus never gets there)."""
    seen = []
    for _ in range(limit):
        if focused() is widget:
            return
        seen.append(type(focused()).__name__)
        key(qtbot, Key.Key_Tab)
    raise AssertionError(f"Tab never reached {widget}: {' → '.join(seen)}")


@pytest.fixture
def window(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
           seeded_table: str) -> Iterator[MainWindow]:
    """The window connected (not yet on a table), shown and active, the focus in it."""
    win = MainWindow()
    qtbot.addWidget(win)
    win.ctx.set_connection(demo_conn)
    win.tables_panel.set_tables(demo_conn.list_tables())
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    yield win


def back_to(qtbot: Any, win: MainWindow) -> None:
    """A dialog closed: the window manager activates the window again (offscreen Qt has none
    to do it); the focus returns to where the window last had it."""
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=5000)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)


def open_table_by_keyboard(qtbot: Any, win: MainWindow, table: str) -> None:
    """Ctrl+T, type the table's name, Enter: its first page shows."""
    key(qtbot, Key.Key_T, CTRL)
    assert focused() is win.tables_panel.filter
    with qtbot.waitSignal(win.table_shown, timeout=15000):
        type_text(qtbot, table)
        key(qtbot, Key.Key_Return)


def test_browse_open_a_table_next_page_and_an_item(qtbot: Any, window: MainWindow,
                                                   seeded_table: str) -> None:
    win, panel = window, window.items_panel
    open_table_by_keyboard(qtbot, win, seeded_table)
    assert panel.model.rowCount() == DEMO_ITEMS
    # A smaller page, from the keyboard: Ctrl+1 puts the focus in the Items tab's form.
    key(qtbot, Key.Key_1, CTRL)
    assert win.tabs.currentWidget() is panel
    assert holds_focus(panel)
    tab_to(qtbot, panel.page_size, limit=8)  # through the form
    key(qtbot, Key.Key_A, CTRL)
    type_text(qtbot, "10")
    assert panel.page_size.value() == 10
    receipts = win.read_log.model
    before = receipts.rowCount()
    key(qtbot, Key.Key_R, CTRL)  # run the read
    wait_for_rows(qtbot, panel, lambda: panel.model.rowCount() == 10 and not panel.controller.busy,
                  "the first page of 10")
    key(qtbot, Key.Key_L, CTRL)  # next page
    wait_for_rows(qtbot, panel, lambda: panel.model.rowCount() >= 20, "the next page")
    assert receipts.rowCount() > before
    # Into the grid with Tab, then an item with the arrow keys: the detail shows it.
    tab_to(qtbot, panel.view)
    key(qtbot, Key.Key_Down)
    row = panel.view.currentIndex().row()
    assert row >= 0
    item = panel.model.item(row)
    qtbot.waitUntil(lambda: item["PK"]["S"] in panel.detail.title.text(), timeout=5000)


def execute_by_keyboard(qtbot: Any, builder: Any) -> Any:
    """Ctrl+Return in the builder, then Enter on the confirmation: the transaction settles."""
    assert holds_focus(builder)
    key(qtbot, Key.Key_Return, CTRL)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QDialog), timeout=10000)
    confirm = QApplication.activeModalWidget()
    assert confirm is not None and confirm.windowTitle() == "Execute transaction"
    wait_for_focus(qtbot, confirm, "the confirmation opened without the focus")
    key(qtbot, Key.Key_Return)
    qtbot.waitUntil(lambda: builder.result is not None, timeout=15000)
    return builder.result


def test_diagnose_a_value_then_repair_it(qtbot: Any, window: MainWindow, seeded_table: str) -> None:
    """Ctrl+2 lands in the value to diagnose; Enter diagnoses; Tab reaches the answer's Release
    lock…; Enter in its form opens the builder, where Ctrl+Return and Enter send it."""
    win = window
    open_table_by_keyboard(qtbot, win, seeded_table)
    key(qtbot, Key.Key_2, CTRL)
    locks: Any = win.features["LocksPanel"]
    qtbot.waitUntil(lambda: focused() is locks.value_edit, timeout=5000)
    type_text(qtbot, "ken@thompson.dev")
    with qtbot.waitSignal(locks.diagnosis_finished, timeout=10000):
        key(qtbot, Key.Key_Return)
    assert "no account uses it: a stuck signup" in locks.diagnosis_view.toPlainText()
    tab_to(qtbot, locks.diag_release_button)
    key(qtbot, Key.Key_Space)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QDialog), timeout=5000)
    form = QApplication.activeModalWidget()
    assert form is not None and form.windowTitle().startswith("Release")
    wait_for_focus(qtbot, form, "the form opened without the focus in a field")
    key(qtbot, Key.Key_Return)  # Open in builder (the default button, not Cancel)
    qtbot.waitUntil(lambda: "BuilderPanel" in win.features, timeout=5000)
    builder: Any = win.features["BuilderPanel"]
    back_to(qtbot, win)
    qtbot.waitUntil(lambda: focused() is builder.action_list, timeout=5000)
    assert builder.transaction.actions[0].key["PK"] == {"S": "UNIQ#EMAIL#ken@thompson.dev"}
    result = execute_by_keyboard(qtbot, builder)
    assert result.status == "succeeded", result
    reader = win.ctx.reader
    assert reader is not None
    assert reader.get_item(seeded_table, builder.transaction.actions[0].key) is None


# A menu raises itself and grabs the keyboard: the offscreen platform says it cannot.
@pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing the keyboard)", extend=True)
def test_build_and_send_a_sign_up(qtbot: Any, window: MainWindow, seeded_table: str) -> None:
    """Ctrl+B, Space on Templates, Enter on Sign up…, type the values, Enter, Ctrl+Return,
    Enter: the account and its locks are written."""
    win = window
    open_table_by_keyboard(qtbot, win, seeded_table)
    key(qtbot, Key.Key_B, CTRL)
    qtbot.waitUntil(lambda: "BuilderPanel" in win.features, timeout=5000)
    builder: Any = win.features["BuilderPanel"]
    qtbot.waitUntil(lambda: focused() is builder.templates_button, timeout=5000)
    # Space opens the menu, which runs its own event loop until it closes: the keys that pick
    # an entry go to it from inside that loop.
    picked: list[str] = []

    def pick_sign_up(tries: int = 50) -> None:
        menu = QApplication.activePopupWidget()
        if menu is None and tries:  # not shown yet
            QTimer.singleShot(20, lambda: pick_sign_up(tries - 1))
            return
        if menu is not builder.templates_menu:
            picked.append(f"another popup: {menu}")
            if menu is not None:
                menu.close()  # never leave the test inside a menu's loop
            return
        QTest.keyClick(menu, Key.Key_Down)
        active = menu.activeAction()
        picked.append(active.text() if active is not None else "")
        QTest.keyClick(menu, Key.Key_Return)

    QTimer.singleShot(100, pick_sign_up)
    key(qtbot, Key.Key_Space)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QDialog), timeout=5000)
    assert picked and picked[0].startswith("Sign up"), picked
    form = QApplication.activeModalWidget()
    assert form is not None and form.windowTitle().startswith("Sign up")
    assert focused() is form.fields["email"].edit, focused()  # type: ignore[attr-defined]
    type_text(qtbot, "grace@hopper.example")
    key(qtbot, Key.Key_Tab)
    type_text(qtbot, "ghopper")
    key(qtbot, Key.Key_Return)  # Open in builder
    back_to(qtbot, win)  # the focus goes back to Templates, where it was
    qtbot.waitUntil(lambda: focused() is builder.templates_button, timeout=5000)
    assert len(builder.transaction.actions) == 3  # the account and its two locks
    result = execute_by_keyboard(qtbot, builder)
    assert result.status == "succeeded", result
    reader = win.ctx.reader
    assert reader is not None
    for action in builder.transaction.actions:  # Puts: the key is in the item
        key_of = {name: action.item[name] for name in ("PK", "SK")}
        assert reader.get_item(seeded_table, key_of) is not None, key_of


def test_connect_to_the_demo(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop) -> None:
    """Ctrl+O, then Enter on the dialog's first entry (the demo): connected, its table open."""
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    key(qtbot, Key.Key_O, CTRL)
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QDialog), timeout=5000)
    dialog = QApplication.activeModalWidget()
    assert dialog is not None and dialog.windowTitle() == "Connect to DynamoDB"
    wait_for_focus(qtbot, dialog, "the connection dialog opened without the focus")
    with qtbot.waitSignal(win.table_shown, timeout=30000):
        key(qtbot, Key.Key_Return)  # Connect (the default button), on the demo
    assert win.ctx.connection is not None and win.items_panel.model.rowCount() > 0


# Enter in a dialog presses this button (never Cancel, but for deleting a table).
DEFAULT_BUTTONS = {
    "connect": "Connect", "shortcuts": "Close", "about": "Close", "palette": None,
    "crash": "Keep and close", "edit-item": "Open in builder", "read-history": "Run",
    "export": "Export", "copy": "Open in the builder", "read-code": "Close",
    "export-audit": "Audit", "schema": "Save", "create-table": "&Create", "delete-table": "Cancel",
    "repair": None, "sign-up": "Open in builder", "change-email": "Open in builder",
    "delete-account": "Open in builder", "claim-lock": "Open in builder",
    "release-lock": "Open in builder", "resolve-duplicate": "Open in builder", "confirm": "Execute",
    "import": "OK", "builder-export": "Copy", "action-log": "Close", "code-export": "Close",
    "save-draft": "Save", "open-draft": "Open", "mfa": "Sign in", "write-mode": "Allow writes",
    "live-records": "Close",
}


@pytest.mark.parametrize("name", sorted(DEFAULT_BUTTONS))
def test_enter_in_a_dialog_presses_its_main_button(qtbot: Any, connected_window: MainWindow,
                                                   tmp_path: Path, name: str) -> None:
    """Qt ignores ``setDefault`` on a button not yet in its dialog, then makes the first button
    (often Cancel) the default when the dialog shows."""
    from tests.gui.test_accessibility import _dialogs

    dialog = _dialogs(tmp_path)[name](connected_window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    defaults = [b.text() for b in dialog.findChildren(QPushButton) if b.isDefault()]
    expected = DEFAULT_BUTTONS[name]
    assert defaults == ([expected] if expected else []), defaults
    dialog.close()


@pytest.mark.parametrize("name", ["LocksPanel", "BuilderPanel"])
def test_a_tab_opened_from_another_tab_focuses_its_first_field(qtbot: Any, window: MainWindow,
                                                              seeded_table: str, name: str) -> None:
    """A panel built in the background (as the palette and "Open in builder" do) and opened
    with the focus on the page left: Qt hands the focus to the new page's first focusable
    child (the Live toggle, Add action); the panel's ``first_field()`` wins."""
    win = window
    open_table_by_keyboard(qtbot, win, seeded_table)
    panel: Any = win.feature_tabs.feature(name)
    key(qtbot, Key.Key_1, CTRL)
    qtbot.waitUntil(lambda: holds_focus(win.items_panel), timeout=5000)
    key(qtbot, Qt.Key(Key.Key_1 + win.tabs.indexOf(panel)), CTRL)
    expected = panel.value_edit if name == "LocksPanel" else panel.templates_button
    qtbot.waitUntil(lambda: focused() is expected, timeout=5000)
    assert panel.first_field() is expected
