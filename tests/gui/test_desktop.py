"""Desktop behaviour of the main window: settings, themes, icons, shortcuts, palette, About, crashes."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

from dynoview.core.session.connection import Connection
from dynoview.ui import settings as saved
from dynoview.ui import theme as theme_mod
from dynoview.ui.crash import REDACTED, CrashHandler
from dynoview.ui.main_window import MainWindow
from dynoview.ui.resources import ICON_SIZES
from dynoview.ui.shortcuts import PANELS, SHORTCUTS, WINDOW, ShortcutsDialog
from dynoview.ui.window.about_dialog import AboutDialog

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test gets its own settings file."""
    path = tmp_path / "config" / "settings.ini"
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    return path


@pytest.fixture
def app_look(qapp) -> Iterator[None]:
    """Put the application's style, palette and stylesheet back after a theme test."""
    style, pal, sheet = qapp.style().name(), QPalette(qapp.palette()), qapp.styleSheet()
    yield
    QGuiApplication.styleHints().unsetColorScheme()
    qapp.setStyleSheet(sheet)
    qapp.setStyle(style)
    qapp.setPalette(pal)


@pytest.fixture
def window(qtbot, qasync_loop) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    return win


# -- settings ------------------------------------------------------------------------------------
@pytest.mark.parametrize("garbage", [b"\x00\xff\xfe binary \x00 junk [[[ ==", b"[window\ngeometry=1",
                                     b"{\"not\": \"an ini file\"}"])
def test_corrupt_settings_file_is_set_aside_and_reported(qtbot, qasync_loop, settings_file: Path,
                                                         garbage: bytes) -> None:
    settings_file.parent.mkdir(parents=True)
    settings_file.write_bytes(garbage)
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: getattr(win, "settings_problem_box", None) is not None)
    box = win.settings_problem_box
    assert box.isVisible() and box.windowModality() != Qt.WindowModality.ApplicationModal
    assert "set aside" in box.text() and "default settings" in box.text()
    moved = list(settings_file.parent.glob("settings.ini.corrupt-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == garbage
    assert str(moved[0]) in box.text()
    # The app works on defaults and can save again.
    win.set_theme("system")
    assert saved.load_theme() == "system" and settings_file.exists()
    box.close()


def test_healthy_settings_file_is_left_alone(settings_file: Path) -> None:
    saved.save_theme("dark")
    assert saved.recover_if_corrupt() is None
    assert saved.load_theme() == "dark"


def test_mistyped_values_read_as_defaults(settings_file: Path) -> None:
    settings_file.parent.mkdir(parents=True)
    settings_file.write_text("[appearance]\ntheme=purple\n[recent]\ntables=[1, 2\n"
                             "[columns]\nwidths=\"{\\\"c\\nt\\\": {\\\"PK\\\": \\\"wide\\\"}}\"\n"
                             "[window]\ngeometry=not-bytes\n")
    assert saved.recover_if_corrupt() is None
    assert saved.load_theme() == "system"
    assert saved.recent_tables("c") == []
    assert saved.column_widths("c", "t") == {}
    assert saved.byte_array(saved.settings(), "window/geometry") is None


def test_recent_tables_most_recent_first_per_connection(settings_file: Path) -> None:
    for name in ("a", "b", "a", "c"):
        saved.add_recent_table("dev", name)
    saved.add_recent_table("prod", "x")
    assert saved.recent_tables("dev") == ["c", "a", "b"]
    assert saved.recent_tables("prod") == ["x"]
    for i in range(20):
        saved.add_recent_table("dev", f"t{i}")
    assert len(saved.recent_tables("dev")) == saved.RECENT_LIMIT


def test_layout_is_restored_on_the_next_start(qtbot, qasync_loop) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    first.resize(700, 560)
    first.read_log_dock.hide()
    splitter = first.items_panel.results
    splitter.setSizes([500, 300])
    sizes = splitter.sizes()
    first.save_state()
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.size() == QSize(700, 560)
    assert second.read_log_dock.isHidden()
    assert second.items_panel.results.sizes() == sizes


def test_first_start_fits_the_screen(window: MainWindow) -> None:
    area = window.screen().availableGeometry()
    assert window.width() <= area.width() and window.height() <= area.height()


def test_column_widths_the_user_set_come_back(qtbot, connected_window: MainWindow, seeded_table: str,
                                              demo_conn: Connection) -> None:
    header = connected_window.items_panel.view.horizontalHeader()
    sk = connected_window.items_panel.model.columns().index("SK")
    auto_pk = header.sectionSize(0)
    header.resizeSection(sk, 333)
    connected_window.save_state()
    assert saved.column_widths(demo_conn.spec.name, seeded_table) == {"SK": 333}
    again = MainWindow()
    qtbot.addWidget(again)
    again.ctx.set_connection(demo_conn)
    again.tables_panel.set_tables(demo_conn.list_tables())
    with qtbot.waitSignal(again.table_shown, timeout=15000):
        again.tables_panel.select(seeded_table)
    header = again.items_panel.view.horizontalHeader()
    assert header.sectionSize(sk) == 333
    assert header.sectionSize(0) == auto_pk  # untouched columns keep their automatic width
    assert saved.recent_tables(demo_conn.spec.name)[0] == seeded_table


# -- theme and icons -----------------------------------------------------------------------------
def test_theme_switch_applies_and_persists(qtbot, window: MainWindow, app_look: None, qapp) -> None:
    window.theme_actions["dark"].trigger()
    assert window.theme.scheme == "dark"
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 80
    assert qapp.palette().color(QPalette.ColorRole.WindowText).lightness() > 180
    assert qapp.styleSheet() == ""  # the palettes and the themed widgets (themed.py) carry it
    badge = window.connection_label
    assert badge.property("kind") != "demo" or "#1e63c4" in badge.styleSheet()  # its dark colours
    assert window.theme_actions["dark"].isChecked()
    assert saved.load_theme() == "dark"
    window.theme_actions["light"].trigger()
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 180
    assert saved.load_theme() == "light"
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.theme.mode == "light" and again.theme_actions["light"].isChecked()


def test_system_mode_follows_the_desktop(window: MainWindow, app_look: None, qapp,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    window.set_theme("system")
    assert window.theme.scheme == "light"  # offscreen reports no preference
    monkeypatch.setattr(theme_mod, "system_scheme", lambda: "dark")
    window.theme._system_changed(Qt.ColorScheme.Dark)  # what colorSchemeChanged delivers
    assert window.theme.scheme == "dark"
    assert qapp.palette().color(QPalette.ColorRole.Base).lightness() < 60
    window.set_theme("light")
    window.theme._system_changed(Qt.ColorScheme.Dark)  # an explicit choice wins
    assert window.theme.scheme == "light"


def test_window_icon_has_every_size_for_hidpi(window: MainWindow) -> None:
    icon = window.windowIcon()
    assert {s.width() for s in icon.availableSizes()} == set(ICON_SIZES)
    # A 32-pixel icon on a 2x screen draws the 64-pixel rendering, not an upscaled 32.
    assert icon.pixmap(QSize(32, 32), 2.0).size() == QSize(64, 64)


def test_badge_shows_demo_and_read_only(window: MainWindow, demo_conn: Connection) -> None:
    from dataclasses import replace

    conn = Connection(replace(demo_conn.spec, demo=True, read_only=True),
                      credentials={"aws_access_key_id": "k", "aws_secret_access_key": "s"})
    window.ctx.set_connection(conn)
    window._update_title()
    assert window.connection_label.property("kind") == "demo-read-only"
    assert "READ-ONLY" in window.connection_label.text()


# -- shortcuts -------------------------------------------------------------------------------------
def bound_keys(widget) -> set[str]:
    keys = {s.key().toString() for s in widget.findChildren(QShortcut)}
    for action in widget.findChildren(QAction):
        keys |= {k.toString() for k in action.shortcuts()}
    return keys - {""}


def test_window_binds_exactly_the_table(window: MainWindow) -> None:
    bound = {k.toString() for a in window.actions() for k in a.shortcuts()}
    table = {k for s in SHORTCUTS if s.owner == WINDOW for k in s.portable_keys()}
    assert bound == table  # Ctrl+8 and Ctrl+9 too: they show tabs opened later (extra Items tabs)


@pytest.mark.parametrize("owner", sorted(PANELS))
def test_each_panel_binds_what_the_table_lists(window: MainWindow, owner: str) -> None:
    panel = window.items_panel if PANELS[owner] == "ItemsPanel" else window.feature(PANELS[owner])
    if panel is None:
        pytest.skip(f"{PANELS[owner]} is not part of this tree")
    if PANELS[owner] == "ItemsPanel":
        _ = panel.cell_edits  # edit in place (Ctrl+Z, Del) is built after the first paint
    listed = {k for s in SHORTCUTS if s.owner == owner for k in s.portable_keys()}
    assert bound_keys(panel) == listed, (
        f"{PANELS[owner]} binds keys that dynoview/ui/shortcuts.py does not list (or the reverse): "
        "keep the table and the panel in step so Help > Keyboard shortcuts tells the truth")


def test_no_two_shortcuts_clash() -> None:
    from dynoview.ui.shortcuts import conflicts

    assert conflicts() == []


def test_shortcuts_dialog_lists_and_filters(qtbot, window: MainWindow) -> None:
    window.shortcuts_action.trigger()
    dialog = window.shortcuts_dialog
    assert isinstance(dialog, ShortcutsDialog) and dialog.isVisible() and not dialog.isModal()
    commands = dialog.visible_commands()
    for command in ("connect", "switch-table", "run-query", "next-page", "copy-item-json",
                    "open-builder", "execute", "command-palette"):
        assert command in commands
    texts = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    assert QKeySequence("Ctrl+O").toString(QKeySequence.SequenceFormat.NativeText) in texts
    qtbot.keyClicks(dialog.filter, "page")
    assert dialog.visible_commands() == ["next-page"]
    dialog.close()


def test_ctrl_t_focuses_the_table_filter(qtbot, window: MainWindow) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.tables_panel.filter.hasFocus())


# -- command palette -----------------------------------------------------------------------------
def test_palette_opens_a_table_by_typing_part_of_its_name(qtbot, connected_window: MainWindow,
                                                          demo_conn: Connection) -> None:
    from dynoview.demo.backend import METRICS_TABLE, create_metrics_table

    if METRICS_TABLE not in demo_conn.list_tables():
        create_metrics_table(demo_conn)
    connected_window.tables_panel.set_tables(demo_conn.list_tables())
    connected_window.show()
    connected_window.palette_action.trigger()
    palette = connected_window.palette_dialog
    assert palette is not None and palette.isVisible()
    qtbot.keyClicks(palette.query, "mtrcs")
    assert palette.shown_titles()[0] == METRICS_TABLE
    with qtbot.waitSignal(connected_window.table_shown, timeout=15000) as blocker:
        qtbot.keyClick(palette.query, Qt.Key.Key_Return)
    assert blocker.args == [METRICS_TABLE]
    assert not palette.isVisible()
    assert connected_window.tabs.currentWidget() is connected_window.items_panel


def test_palette_runs_commands_and_lists_recent_tables_first(qtbot, connected_window: MainWindow,
                                                             seeded_table: str, app_look: None) -> None:
    entries = connected_window.palette_entries()
    assert entries[0].title == seeded_table and entries[0].kind == "Recent table"
    titles = [e.title for e in entries]
    assert "Theme: Dark" in titles and "Run the read" in titles and "Connect" in titles
    for i in range(connected_window.tabs.count()):  # "Accounts & locks", not "Accounts  locks"
        assert connected_window.tabs.tabText(i).replace("&&", "&") in titles
    connected_window.show_command_palette()
    palette = connected_window.palette_dialog
    qtbot.keyClicks(palette.query, "theme")
    assert palette.shown_titles()[:3] == ["Theme: Follow system", "Theme: Light", "Theme: Dark"]
    qtbot.keyClick(palette.query, Qt.Key.Key_Down)
    qtbot.keyClick(palette.query, Qt.Key.Key_Down)
    assert palette.list.currentItem().text(0) == "Command: Theme: Dark"
    qtbot.keyClick(palette.query, Qt.Key.Key_Return)
    assert connected_window.theme.scheme == "dark"


# -- about -----------------------------------------------------------------------------------------
def test_about_shows_versions_and_licence(qtbot, window: MainWindow) -> None:
    import boto3
    import PySide6
    from PySide6.QtCore import qVersion

    window.about_action.trigger()
    dialog = window.about_dialog
    assert isinstance(dialog, AboutDialog) and dialog.isVisible() and not dialog.isModal()
    labels = dialog.version_labels
    assert labels["Qt"].text() == qVersion()
    assert labels["PySide6"].text() == PySide6.__version__
    assert labels["boto3"].text() == boto3.__version__
    dialog.copy_button.click()
    copied = QGuiApplication.clipboard().text()
    assert f"boto3: {boto3.__version__}" in copied and "Licence: MIT" in copied
    dialog.close()


# -- crash safety -------------------------------------------------------------------------------------
@pytest.fixture
def crash(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[CrashHandler]:
    monkeypatch.setenv("AWS_SESSION_TOKEN", "FwoGZXIvYXdzEFakeSessionToken0123456789abcdefXYZ")
    handler = CrashHandler(window, context=window.crash_context, secrets=window.crash_secrets,
                           log_folder=tmp_path / "logs")
    handler.install()
    yield handler
    handler.uninstall()
    if handler.dialog is not None:
        handler.dialog.close()


SECRETS = ("testing-fake-secret", "testingfakekey", "FwoGZXIvYXdzEFakeSessionToken0123456789abcdefXYZ",
           "AKIAIOSFODNN7EXAMPLE", "hunter2-password")


def fail_with_secrets() -> None:
    raise RuntimeError("request failed: AWS_SECRET_ACCESS_KEY=testing-fake-secret "
                       f"aws_session_token={os.environ['AWS_SESSION_TOKEN']} "
                       "{'aws_access_key_id': 'AKIAIOSFODNN7EXAMPLE', 'password': 'hunter2-password'} "
                       "key testingfakekey")


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_slot_shows_a_scrubbed_report_and_the_app_goes_on(
        qtbot, window: MainWindow, crash: CrashHandler, demo_conn: Connection, tmp_path: Path) -> None:
    window.ctx.set_connection(demo_conn)
    window.show()
    button = QPushButton("boom", window)
    button.clicked.connect(fail_with_secrets)
    button.click()
    qtbot.waitUntil(lambda: crash.dialog is not None and crash.dialog.isVisible())
    dialog = crash.dialog
    assert not dialog.isModal()
    report = dialog.details.toPlainText()
    assert "RuntimeError: request failed" in report
    assert "fail_with_secrets" in report  # the traceback is there
    assert "Connection: gui-test" in report and "PySide6" in report
    for secret in SECRETS:
        assert secret not in report
        assert secret not in dialog.headline.text()
    assert REDACTED in report
    dialog.copy_button.click()
    assert "RuntimeError" in QGuiApplication.clipboard().text()
    assert not any(s in QGuiApplication.clipboard().text() for s in SECRETS)
    files = list((tmp_path / "logs").glob("error-*.txt"))
    assert len(files) == 1 and not any(s in files[0].read_text() for s in SECRETS)
    # Still running: the window answers commands, and a second error joins the same dialog.
    window.palette_action.trigger()
    assert window.palette_dialog is not None and window.palette_dialog.isVisible()
    button.click()
    qtbot.waitUntil(lambda: len(dialog.reports) == 2)
    assert "2 unexpected errors" in dialog.headline.text()
    assert window.isVisible()


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_worker_thread_reaches_the_dialog(qtbot, window: MainWindow,
                                                         crash: CrashHandler) -> None:
    worker = threading.Thread(target=fail_with_secrets, name="worker-x")
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: crash.dialog is not None and crash.dialog.isVisible())
    report = crash.dialog.details.toPlainText()
    assert "Thread: worker-x" in report
    assert not any(s in report for s in SECRETS)


@pytest.mark.qt_no_exception_capture
def test_exception_in_a_task_callback_reaches_the_dialog(qtbot, window: MainWindow, crash: CrashHandler,
                                                         qasync_loop) -> None:
    qasync_loop.set_exception_handler(crash.asyncio_handler)

    async def work() -> None:
        await window.ctx.tasks.call(lambda: 1)
        raise KeyError("callback-broke")  # a bug after the await, on the UI thread

    window.ctx.tasks.start("t", work())
    qtbot.waitUntil(lambda: crash.dialog is not None and crash.dialog.isVisible(), timeout=5000)
    assert "KeyError: 'callback-broke'" in crash.dialog.details.toPlainText()


# -- the real entry point ------------------------------------------------------------------------
def test_smoke_mode_exits_zero(tmp_path: Path) -> None:
    """``dynoview --smoke``: what CI runs against the packaged bundle, here from source."""
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "xdg"), "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-m", "dynoview", "--smoke"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=90)
    assert result.returncode == 0, result.stderr
    assert "smoke: table accounts shows" in result.stdout and ": ok" in result.stdout


def test_message_box_is_never_application_modal_for_settings(qtbot, qasync_loop, settings_file: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings warning uses open(), so it cannot block the event loop at start-up."""
    monkeypatch.setattr(QMessageBox, "exec", lambda self: pytest.fail("blocking exec() used"))
    settings_file.parent.mkdir(parents=True)
    settings_file.write_bytes(b"\x00\x00")
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: getattr(win, "settings_problem_box", None) is not None)
    win.settings_problem_box.close()
