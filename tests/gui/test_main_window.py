"""The window on a seeded endpoint: tables, items, paging, consistency, receipts, TTL."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.demo.backend import CREATED_INDEX, EMAIL_INDEX
from dynoview.ui.items.model import TTL_STATUS_COLUMN, ItemRole, TtlStateRole
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui


def column(win: MainWindow, name: str) -> int:
    return win.items_panel.model.columns().index(name)


def test_opens_table_with_keys_first_and_receipt(connected_window: MainWindow, seeded_table: str) -> None:
    model = connected_window.items_panel.model
    assert model.rowCount() == DEMO_ITEMS
    assert model.columns()[:2] == ["PK", "SK"]
    assert model.columns()[2] == TTL_STATUS_COLUMN
    assert connected_window.read_log.model.rowCount() == 1
    assert connected_window.receipt_label.text().startswith("Last read: Scan, eventual, ")
    assert seeded_table in connected_window.windowTitle()
    assert "end of table" in connected_window.items_panel.progress.text()


def test_pages_lazily_as_the_view_asks(qtbot, connected_window: MainWindow) -> None:
    panel = connected_window.items_panel
    panel.page_size.setValue(10)
    panel.run()
    qtbot.waitUntil(lambda: panel.model.rowCount() >= 10, timeout=10000)
    panel.model.fetchMore()  # what the view calls when the user scrolls to the end
    qtbot.waitUntil(lambda: panel.model.rowCount() >= 20, timeout=10000)
    qtbot.waitUntil(lambda: not panel.controller.busy, timeout=10000)
    rows = panel.model.rowCount()
    assert rows % 10 == 0 and rows < DEMO_ITEMS
    assert not panel.model.exhausted
    assert "more available" in panel.progress.text()
    receipts = connected_window.read_log.model
    # The fixture's first read, one read per page shown, and one page prefetched ahead.
    qtbot.waitUntil(lambda: receipts.rowCount() == 2 + rows // 10, timeout=10000)
    assert panel.model.rowCount() == rows  # the prefetched page waits until the view asks
    assert receipts.receipt(1).request["Limit"] == 10
    assert "ExclusiveStartKey" in receipts.receipt(2).request


def test_consistency_toggle_disabled_on_gsi_enabled_on_lsi(qtbot, connected_window: MainWindow) -> None:
    panel = connected_window.items_panel
    panel.mode.setCurrentText("Query")
    panel.index.setCurrentIndex(panel.index.findData(EMAIL_INDEX))
    assert not panel.consistent.isEnabled()
    assert "eventually consistent" in panel.consistent.toolTip()
    panel.index.setCurrentIndex(panel.index.findData(CREATED_INDEX))
    assert panel.consistent.isEnabled()
    panel.consistent.setChecked(True)
    panel.pk_value.setText("ACCT#a1f9c3")
    before = connected_window.read_log.model.rowCount()
    panel.run()
    qtbot.waitUntil(lambda: connected_window.read_log.model.rowCount() == before + 1, timeout=10000)
    receipt = connected_window.read_log.model.receipt(before)
    assert (receipt.operation, receipt.index, receipt.consistency) == (
        "Query", CREATED_INDEX, "strong")
    assert "Query, strong" in connected_window.receipt_label.text()


def test_bad_query_input_is_shown_at_the_field(connected_window: MainWindow) -> None:
    panel = connected_window.items_panel
    panel.mode.setCurrentText("Query")
    panel.pk_value.setText("")
    panel.run()
    assert panel.error_label.isVisibleTo(panel)
    assert "cannot be an empty string" in panel.error_label.text()
    assert "d32f2f" in panel.pk_value.styleSheet()


def test_ttl_states_and_hide_expired(qtbot, connected_window: MainWindow) -> None:
    model = connected_window.items_panel.model
    col = column(connected_window, TTL_STATUS_COLUMN)
    texts = {model.item(r)["PK"]["S"]: model.data(model.index(r, col)) for r in
             range(model.rowCount())}
    assert texts["SESSION#s-expired-2h"] == "expired 2 h ago, still readable"
    tip = model.data(model.index(next(r for r in range(model.rowCount()) if model.item(r)["PK"][
        "S"] == "SESSION#s-expired-2h"), col), Qt.ItemDataRole.ToolTipRole)
    assert "background deletion (typically within days)" in tip and "UTC" in tip
    assert texts["SESSION#s-expires-9min"] == "expires in 9 min"
    assert texts["SESSION#s-string-ttl"] == "will never expire"
    assert texts["SESSION#s-millis-ttl"] == "will never expire"
    assert texts["SESSION#s-no-ttl"] == ""
    row = next(r for r in range(model.rowCount())
               if model.item(r)["PK"]["S"] == "SESSION#s-expired-2h")
    assert model.data(model.index(row, 0), Qt.ItemDataRole.BackgroundRole) is not None
    assert model.data(model.index(row, col), TtlStateRole).is_expired
    expired = sum(1 for r in range(model.rowCount())
                  if model.data(model.index(r, col), TtlStateRole).is_expired)
    assert expired == 3  # two sessions and the reserved signup lock
    connected_window.items_panel.hide_expired.setChecked(True)
    assert model.rowCount() == DEMO_ITEMS - expired
    assert "3 expired hidden" in connected_window.items_panel.progress.text()


def test_selecting_an_item_shows_json(qtbot, connected_window: MainWindow) -> None:
    panel = connected_window.items_panel
    row = next(r for r in range(panel.model.rowCount())
               if panel.model.item(r)["PK"]["S"] == "ACCT#a1f9c3")
    select_only_row(panel.view, row)
    assert '"S": "ada@lovelace.io"' in panel.detail.ddb_text.toPlainText()
    assert '"email": "ada@lovelace.io"' in panel.detail.plain_text.toPlainText()
    assert panel.model.data(panel.model.index(row, 0), ItemRole)["SK"] == {"S": "PROFILE"}


def test_metrics_numbers_exact_and_sets_distinct(qtbot, connected_window: MainWindow,
                                                 demo_conn: Connection) -> None:
    from dynoview.demo.backend import METRICS_TABLE, create_metrics_table

    if METRICS_TABLE not in demo_conn.list_tables():
        create_metrics_table(demo_conn)
    connected_window.tables_panel.set_tables(demo_conn.list_tables())
    with qtbot.waitSignal(connected_window.table_shown, timeout=15000):
        connected_window.tables_panel.select(METRICS_TABLE)
    model = connected_window.items_panel.model
    assert model.columns()[0] == "deviceId"
    exact = column(connected_window, "exact")
    tags = column(connected_window, "tags")
    coords = column(connected_window, "location")
    assert model.data(model.index(0, exact)) == "12345678901234567890123456789012345678"
    assert model.data(model.index(0, tags)).startswith("{")
    assert "[" in model.data(model.index(0, coords))
    info = describe_table(demo_conn, METRICS_TABLE)
    assert not info.ttl_enabled and TTL_STATUS_COLUMN not in model.columns()


def select_pk(panel, pk: str) -> dict:
    row = next(r for r in range(panel.model.rowCount()) if panel.model.item(r)["PK"]["S"] == pk)
    select_only_row(panel.view, row)
    return panel.model.item(row)


def test_delete_opens_a_guarded_delete_in_the_builder(connected_window: MainWindow,
                                                      seeded_table: str) -> None:
    panel = connected_window.items_panel
    select_pk(panel, "UNIQ#EMAIL#ken@thompson.dev")
    assert panel.delete_button.isEnabled()
    panel.delete_selected()
    builder = connected_window.feature("BuilderPanel")
    assert connected_window.tabs.currentWidget() is builder
    # Deleting a lock is releasing it: the release form says what that means first.
    form = builder.current_form
    assert form is not None and form.windowTitle() == "Release the email lock ken@thompson.dev"
    form.accept()
    request = builder.transaction.to_request()
    (action,) = request["TransactItems"]
    assert action["Delete"]["TableName"] == seeded_table
    assert action["Delete"]["Key"] == {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"},
                                       "SK": {"S": "LOCK"}}
    assert "ConditionExpression" in action["Delete"]


def test_edit_dialog_rejects_bad_json_at_the_attribute(qtbot) -> None:
    from dynoview.ui.items.edit_dialog import ItemEditDialog

    dialog = ItemEditDialog({"PK": {"S": "A"}, "n": {"N": "1"}})
    qtbot.addWidget(dialog)
    dialog.editor.setPlainText('{"PK": {"S": "A"}, "n": {"N": "12abc"}}')
    dialog._accept()
    assert dialog.item is None
    assert dialog.error.text().startswith("Not opened at n:")
    dialog.editor.setPlainText('{"PK": {"S": "A"}, "n": {"N": "1.50"}}')
    dialog._accept()
    assert dialog.item == {"PK": {"S": "A"}, "n": {"N": "1.50"}}


def test_maps_lists_and_sets_expand_in_the_attribute_tree(qtbot) -> None:
    from dynoview.ui.items.detail import ItemDetail

    detail = ItemDetail()
    qtbot.addWidget(detail)
    item = {"id": {"N": "1"},
            "loc": {"M": {"site": {"S": "lab"}, "coords": {"L": [{"N": "51.5074"},
                                                                  {"N": "-0.1278"}]}}},
            "tags": {"SS": ["a", "b"]}}
    detail.show_item(item, "id = 1")
    tree = detail.tree
    assert tree.topLevelItemCount() == 3
    loc = tree.topLevelItem(1)
    assert (loc.text(0), loc.text(1)) == ("loc", "M")
    coords = loc.child(1)
    assert (coords.text(0), coords.text(1), coords.childCount()) == ("coords", "L", 2)
    assert coords.child(0).text(2) == "51.5074"
    tags = tree.topLevelItem(2)
    assert tags.text(1) == "SS" and sorted(tags.child(i).text(2) for i in range(2)) == ["a", "b"]
    assert '"N": "51.5074"' in detail.current_text()


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_unreachable_endpoint_says_so_offers_the_next_step_and_clears_the_previous_tables(
        qtbot, connected_window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    from dynoview.core.session.connection import ConnectionSpec

    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    url = f"http://localhost:{free_port()}"
    assert connected_window.tables_panel.list.count() > 0
    connected_window.connect_to(ConnectionSpec(name="local", endpoint_url=url))
    qtbot.waitUntil(lambda: connected_window.connect_failed_box is not None, timeout=3000)  # no retries
    box = connected_window.connect_failed_box
    assert box is not None and box.isVisible()
    assert box.windowTitle() == "Endpoint unreachable" and url in box.text()
    labels = [b.text().replace("&", "") for b in box.buttons()]
    assert sorted(labels) == sorted(["Retry", "Connect…", "Close"])
    # The status bar keeps the whole message: cut on screen, whole in its tooltip.
    assert url in connected_window.status.text()
    assert connected_window.tables_panel.list.count() == 0
    assert connected_window.ctx.connection is None and connected_window.items_panel.model.rowCount() == 0
    assert connected_window.connection_label.text() == "Not connected"
    # Retry tries the same endpoint again (and fails again, with a new box).
    connected_window.connect_failed_box = None
    box.button(QMessageBox.StandardButton.Retry).click()
    qtbot.waitUntil(lambda: connected_window.connect_failed_box is not None, timeout=3000)
    assert url in connected_window.connect_failed_box.text()
    connected_window.connect_failed_box.button(QMessageBox.StandardButton.Close).click()
    # Connect… opens the connection dialog.
    connected_window.connect_failed_box = None
    connected_window.connect_to(ConnectionSpec(name="local", endpoint_url=url))
    qtbot.waitUntil(lambda: connected_window.connect_failed_box is not None, timeout=3000)
    connect = next(b for b in connected_window.connect_failed_box.buttons() if "Connect" in b.text())
    connect.click()
    qtbot.waitUntil(lambda: connected_window.connection_dialog.isVisible(), timeout=3000)
    connected_window.connection_dialog.reject()


def test_loopback_endpoint_without_keys_connects_with_placeholder_keys_and_says_so(
        qtbot, qasync_loop, moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from dynoview.core.session.connection import PLACEHOLDER_NOTE, ConnectionSpec

    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    win = MainWindow()
    qtbot.addWidget(win)
    messages: list[str] = []
    shown = win.status.show
    monkeypatch.setattr(win.status, "show", lambda text, ms=8000: (messages.append(text), shown(text, ms)))
    win.connect_to(ConnectionSpec(name="local", endpoint_url=moto_endpoint))
    qtbot.waitUntil(lambda: win.ctx.connection is not None, timeout=45000)
    assert win.ctx.connection.placeholder_credentials
    assert "placeholder keys" in win.connection_label.text()
    assert PLACEHOLDER_NOTE in win.connection_label.toolTip()
    assert any(m.startswith("Connected: ") and PLACEHOLDER_NOTE in m for m in messages)


def _answering(answer: bool, asked: list[object]) -> object:
    def confirm_close(parent: object) -> bool:
        asked.append(parent)
        return answer
    return confirm_close


def test_quit_asks_the_builder_first_and_stays_open_when_told(
        qtbot, connected_window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """File → Quit, Ctrl+Q and the close button all reach closeEvent, which asks the builder
    (``confirm_close``: True closes, False stays) before anything is saved or stopped."""
    from dynoview.ui.builder import BuilderPanel

    connected_window.show()
    qtbot.waitExposed(connected_window)
    builder = connected_window.feature("BuilderPanel")
    assert isinstance(builder, BuilderPanel)
    saved_layouts: list[bool] = []
    monkeypatch.setattr(connected_window.layout_state, "save", lambda: saved_layouts.append(True))
    asked: list[object] = []
    monkeypatch.setattr(builder, "confirm_close", _answering(False, asked), raising=False)
    connected_window.quit_action.trigger()
    assert asked == [connected_window]
    assert connected_window.isVisible() and saved_layouts == []
    assert connected_window.ctx.connection is not None  # nothing was stopped
    assert not connected_window.close()  # the title bar's close goes the same way
    assert len(asked) == 2 and connected_window.isVisible()
    monkeypatch.setattr(builder, "confirm_close", _answering(True, asked), raising=False)
    connected_window.quit_action.trigger()
    assert len(asked) == 3 and not connected_window.isVisible() and saved_layouts == [True]


def test_quit_without_a_builder_built_closes_at_once(qtbot, connected_window: MainWindow) -> None:
    assert "BuilderPanel" not in connected_window.features
    assert connected_window.close()


FIRST_FIELDS = {  # tab title → a check of the widget that should hold the focus
    "Accounts & locks": lambda panel, w: panel.isAncestorOf(w),
    "Stream": lambda panel, w: w in (panel.position, panel.key_filter),  # position: once described
    "TTL timeline": lambda panel, w: panel.isAncestorOf(w),
    "Capacity & partitions": lambda panel, w: panel.isAncestorOf(w),
    "PartiQL": lambda panel, w: w is panel.editor,
    "Items": lambda panel, w: w is panel.mode,
}


def test_opening_a_tab_puts_the_focus_in_its_first_field(qtbot, connected_window: MainWindow) -> None:
    """Not in the Tables dock's filter, where Qt's focus chain would put it."""
    from PySide6.QtWidgets import QApplication

    win = connected_window
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=3000)
    for title in ("Stream", "TTL timeline", "PartiQL", "Capacity & partitions", "Accounts & locks",
                  "Items"):
        index = next(i for i in range(win.tabs.count())
                     if win.tabs.tabText(i).replace("&&", "&") == title)
        win.tables_panel.filter.setFocus()  # where the bug left it
        win.tabs.setCurrentIndex(index)
        panel = win.tabs.widget(index)

        def focused_in_panel() -> bool:
            widget = QApplication.focusWidget()
            return widget is not None and FIRST_FIELDS[title](panel, widget)  # noqa: B023

        try:
            qtbot.waitUntil(focused_in_panel, timeout=5000)
        except Exception:
            w = QApplication.focusWidget()
            raise AssertionError(f"{title}: the focus is in {type(w).__name__}") from None


def test_a_long_status_text_is_cut_with_the_whole_text_in_its_tooltip(
        qtbot, connected_window: MainWindow) -> None:
    win = connected_window
    win.resize(1100, 750)
    win.show()
    qtbot.waitExposed(win)
    size = win.size()
    text = "3 items written by the builder are not on this page: run the read again to see them. " * 4
    win.show_status(text)
    qtbot.wait(50)
    label = win.status.message
    assert label.text() == text and label.is_elided()
    assert text in label.toolTip()
    assert win.size() == size and win.minimumSizeHint().width() <= size.width()
    win.show_status("Short.")
    qtbot.wait(20)
    assert not win.status.message.is_elided() and win.status.message.toolTip() == ""


def _lone_ampersand(text: str) -> bool:
    """A "&" Qt would take for a mnemonic before a space or a symbol ("Accounts _locks")."""
    rest = text.replace("&&", "")
    return any(not rest[i + 1:i + 2].isalnum() for i, ch in enumerate(rest) if ch == "&")


def test_menus_show_an_ampersand_in_data_as_itself(qtbot, connected_window: MainWindow) -> None:
    from PySide6.QtWidgets import QMenu

    builder = connected_window.feature("BuilderPanel")
    select_only_row(connected_window.items_panel.view, 0)  # an account: the templates that apply
    menus = [a.menu() for a in connected_window.menuBar().actions()]
    templates = getattr(builder, "templates_menu", None)
    if isinstance(templates, QMenu):
        templates.aboutToShow.emit()  # filled as it opens
        menus.append(templates)
    connected_window.recent_menu.aboutToShow.emit()
    texts: list[str] = []

    def walk(menu: QMenu) -> None:
        for action in menu.actions():
            texts.append(action.text())
            if isinstance(action.menu(), QMenu):
                walk(action.menu())

    for menu in menus:
        if isinstance(menu, QMenu):
            walk(menu)
    assert any("Accounts && locks" in t for t in texts)  # the View menu's tab entry
    assert [t for t in texts if _lone_ampersand(t)] == []
    assert not _lone_ampersand("Accounts &&locks") and _lone_ampersand("Accounts & locks")


def test_the_menus_take_commands_not_the_window(qtbot) -> None:
    """window/menus.py builds on any QMainWindow from the callables it is given."""
    from PySide6.QtWidgets import QDockWidget, QMainWindow

    from dynoview.ui.window.menus import MenuCommands, build_menus

    host = QMainWindow()
    qtbot.addWidget(host)
    called: list[str] = []

    def note(name: str):  # type: ignore[no-untyped-def]
        return lambda *args: called.append(f"{name}{args}")

    commands = MenuCommands(
        connect=note("connect"), refresh_tables=note("refresh"), command_palette=note("palette"),
        quit=note("quit"), export_audit=note("export"), switch_table=note("switch"),
        show_tab=note("tab"), open_builder=note("builder"), set_theme=note("theme"),
        shortcuts=note("shortcuts"), about=note("about"), recent_tables=lambda: ["a&b"],
        open_table=note("open"), create_table=note("create"), delete_table=note("delete"))
    dock = QDockWidget("Tables", host)
    actions = build_menus(host.menuBar(), host, commands, ["Items", "Accounts && locks"], [dock],
                          "dark")
    actions.quit_action.trigger()
    actions.create_table_action.trigger()
    actions.delete_table_action.trigger()
    actions.tab_actions[1].trigger()
    actions.theme_actions["light"].trigger()
    actions.recent_menu.aboutToShow.emit()
    recent = actions.recent_menu.actions()[0]
    assert recent.text() == "a&&b"  # a table name is data: its "&" is shown, not a mnemonic
    recent.trigger()
    assert called == ["quit()", "create()", "delete()", "tab(1,)", "theme('light',)", "open('a&b',)"]
    assert actions.theme_group.checkedAction() is actions.theme_actions["light"]


def test_the_start_says_when_the_last_session_left_unsent_work(connected_window: MainWindow) -> None:
    """The builder tab is built when first opened (and restores the work then): the window says
    at start that the work is there, and says nothing when there is none."""
    from dynoview.core.drafts.model import Draft
    from dynoview.core.drafts.store import DraftStore
    from dynoview.ui.app import _mention_unsent_work
    from dynoview.ui.window.unsent_work import UnsentWorkBar

    def shown() -> list[UnsentWorkBar]:
        return [b for b in connected_window.findChildren(UnsentWorkBar) if not b.isHidden()]

    store = DraftStore()
    store.clear_current()
    _mention_unsent_work(connected_window)
    assert shown() == []
    store.save_current(Draft(request={"TransactItems": [{"Delete": {
        "TableName": "t", "Key": {"PK": {"S": "a"}}}}]}))
    store.release()  # the window that saved it is gone: its work waits for the next start
    try:
        _mention_unsent_work(connected_window)
        (bar,) = shown()  # a strip above the tabs, until the builder is opened
        assert "unsent work in the transaction builder" in bar.text() and not bar.isWindow()
        connected_window.router.open_builder()  # Ctrl+B: the work is in sight, the strip goes
        assert shown() == []
        connected_window.tabs.setCurrentIndex(0)
        bar = UnsentWorkBar(connected_window)
        bar.show()
        bar.open_builder.click()  # its own button does the same
        assert type(connected_window.tabs.currentWidget()).__name__ == "BuilderPanel"
        assert shown() == []
    finally:
        store.current.path.unlink(missing_ok=True)  # taken over by the builder once opened


def test_a_request_the_panels_send_opens_in_the_builder_as_sent(connected_window: MainWindow,
                                                                seeded_table: str) -> None:
    """What the window's panels send (ctx.open_builder_requested) is in memory form: binary
    values arrive as the bytes they are, whether a Transaction or its request dict comes."""
    blob = b"\x00\x01\xfe\xff"
    request = {"TransactItems": [{"Put": {
        "TableName": seeded_table, "Item": {"PK": {"S": "ITEM#blob"}, "SK": {"S": "X"},
                                            "b": {"B": blob}, "bs": {"BS": [blob, b"QUJD"]}},
        "ConditionExpression": "attribute_not_exists(PK)"}}]}
    connected_window.ctx.open_builder_requested.emit(request)
    builder = connected_window.feature("BuilderPanel")
    assert connected_window.tabs.currentWidget() is builder
    (action,) = builder.transaction.actions
    assert action.item["b"] == {"B": blob} and action.item["bs"] == {"BS": [blob, b"QUJD"]}
    assert builder.transaction.to_request()["TransactItems"] == request["TransactItems"]
