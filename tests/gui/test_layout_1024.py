"""Every panel at 1024x700, light and dark: its key widgets are on screen, inside the window,
not clipped (buttons and check boxes as wide as their text, labels that fit or wrap, combos
wide enough for their current text), and the dark theme's colours stay readable."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QTabBar,
    QTableView,
    QToolButton,
    QWidget,
)

from dynoview.core.session.connection import Connection
from dynoview.demo.backend import EMAIL_INDEX
from dynoview.ui import settings as saved
from dynoview.ui.i18n import loader
from dynoview.ui.i18n.languages import TRANSLATED
from dynoview.ui.main_window import FEATURE_TABS, MainWindow
from dynoview.ui.theme import ThemeManager
from tests.gui.colour_contrast import contrast

pytestmark = pytest.mark.gui

WIDTH, HEIGHT = 1024, 700


# Issue 27: every language at 1024x700 (the longer Portuguese and French texts), dark in English.
@pytest.fixture(params=[("light", "en"), ("dark", "en"), *(("light", code) for code in sorted(TRANSLATED))],
                ids=lambda p: f"{p[0]}-{p[1]}")
def window(request: pytest.FixtureRequest, qtbot, qasync_loop, demo_conn: Connection,
           seeded_table: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    # A first start: no layout saved by another test (a taller dock, a moved splitter).
    monkeypatch.setattr(saved, "settings_path", lambda: tmp_path / "config" / "settings.ini")
    app = QApplication.instance()
    mode, language = request.param
    loader.install(language, app)  # type: ignore[arg-type]
    theme = ThemeManager(app, mode)  # type: ignore[arg-type]
    theme.apply()
    win = MainWindow(theme=theme)
    qtbot.addWidget(win)
    win.resize(WIDTH, HEIGHT)
    win.show()
    qtbot.waitExposed(win)
    win.ctx.set_connection(demo_conn)
    win.tables_panel.set_tables(demo_conn.list_tables())
    with qtbot.waitSignal(win.table_shown, timeout=15000):
        win.tables_panel.select(seeded_table)
    qtbot.wait(50)  # the first-start dock sizes are applied after the first show
    yield win
    # The window goes first, then the style changes back: the next test's style is not this
    # window's business (restyling it after a failed PartiQL statement once crashed Qt in
    # setStyleSheet; fixed at the cause, tests/gui/test_crash_restyle.py). The manager goes too:
    # it is the app's child and follows the system's scheme, and its slots on the deleted window
    # must not run.
    win.close()
    win.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    theme.changed.disconnect()
    theme.set_mode("light")  # the next test starts from the default palette
    loader.install("en", app)  # type: ignore[arg-type]
    theme.deleteLater()


def show_tab(qtbot, win: MainWindow, title: str) -> QWidget:
    """The tab with this English title (by position: the titles are translated)."""
    english = ["Items", *(t.replace("&&", "&") for _, _, t in FEATURE_TABS)]
    assert title in english, f"no tab {title!r}"
    win.tabs.setCurrentIndex(english.index(title))
    qtbot.wait(30)
    assert win.size() == QSize(WIDTH, HEIGHT), f"{title} made the window {win.size().toTuple()}"
    return win.tabs.currentWidget()


def _inside_scroll_area(widget: QWidget, stop: QWidget) -> bool:
    """Inside a scroll area's content: clipping there is scrolling, not a layout fault."""
    parent = widget.parentWidget()
    while parent is not None and parent is not stop:
        if isinstance(parent.parentWidget(), QAbstractScrollArea) and \
                parent is parent.parentWidget().viewport():  # type: ignore[attr-defined]
            return True
        parent = parent.parentWidget()
    return False


def combo_needs(combo: QComboBox) -> int:
    """The width a combo needs to show its current text in full (frame and arrow included)."""
    opt = QStyleOptionComboBox()
    opt.initFrom(combo)
    opt.editable = combo.isEditable()
    opt.currentText = combo.currentText()
    text = QFontMetrics(combo.font()).horizontalAdvance(combo.currentText())
    return combo.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, opt,
                                          QSize(text, combo.fontMetrics().height()), combo).width()


def clipped_text(widget: QWidget) -> str | None:
    """Why a widget's text does not fit it, or None."""
    if isinstance(widget, QAbstractButton) and not isinstance(widget, QTabBar):
        if isinstance(widget, QToolButton) and \
                widget.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
            return None  # its text is a name for screen readers, never drawn (a field's clear button)
        if widget.text() and widget.width() < widget.sizeHint().width():
            return f"{type(widget).__name__} {widget.text()!r} is {widget.width()} px, needs " \
                   f"{widget.sizeHint().width()}"
    elif isinstance(widget, QLineEdit) and not widget.text() and widget.placeholderText():
        # The issue saw placeholders cut: the hint is all an empty field says.
        opt = QStyleOptionFrame()
        widget.initStyleOption(opt)
        room = widget.style().subElementRect(QStyle.SubElement.SE_LineEditContents, opt, widget)
        margins = widget.textMargins()
        need = QFontMetrics(widget.font()).horizontalAdvance(widget.placeholderText()) + 4
        have = room.width() - margins.left() - margins.right()
        if widget.isClearButtonEnabled():
            have -= 20  # the clear button's room
        if need > have:
            return f"placeholder {widget.placeholderText()[:40]!r} is {have} px, needs {need}"
    elif isinstance(widget, QComboBox) and widget.currentText():
        if widget.width() < combo_needs(widget):
            return f"combo {widget.currentText()!r} is {widget.width()} px, needs {combo_needs(widget)}"
    elif isinstance(widget, QLabel) and widget.text() and not widget.pixmap():
        if widget.wordWrap():
            if widget.height() < widget.heightForWidth(widget.width()):
                return f"wrapped label {widget.text()[:40]!r} is cut off at the bottom"
        elif widget.textFormat() != 1:  # rich text is measured by its document, skip
            plain = widget.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            lines = plain.splitlines() or [plain]
            need = max(QFontMetrics(widget.font()).horizontalAdvance(line) for line in lines)
            if need > widget.contentsRect().width() and "<" not in widget.text():
                return f"label {widget.text()[:40]!r} is {widget.contentsRect().width()} px, needs {need}"
    return None


def assert_fits(win: MainWindow, widget: QWidget, name: str) -> None:
    """On screen, wholly inside the window, not hidden behind its parents, text not clipped."""
    assert widget.isVisible(), f"{name} is not shown"
    assert not widget.visibleRegion().isEmpty(), f"{name} is scrolled or squeezed out of sight"
    rect = QRect(widget.mapTo(win, QPoint(0, 0)), widget.size())
    assert win.rect().contains(rect), f"{name} at {rect.getRect()} leaves the window {win.rect().getRect()}"
    if not _inside_scroll_area(widget, win):
        region = widget.visibleRegion().boundingRect()
        assert region.size() == widget.size(), f"{name} is partly hidden: {region} of {widget.size()}"
    problem = clipped_text(widget)
    assert problem is None, f"{name}: {problem}"


def assert_panel_text_fits(win: MainWindow, panel: QWidget) -> None:
    """Every visible button, check box, combo and label of a panel shows its whole text."""
    problems = []
    for widget in panel.findChildren(QWidget):
        if not widget.isVisible() or _inside_scroll_area(widget, panel):
            continue
        problem = clipped_text(widget)
        if problem:
            problems.append(problem)
    assert not problems, "\n".join(problems)


def assert_all_fit(win: MainWindow, panel: QWidget, names: list[str]) -> None:
    for name in names:
        target: object = panel
        for part in name.split("."):
            target = getattr(target, part)
        assert isinstance(target, QWidget)
        assert_fits(win, target, name)
    assert_panel_text_fits(win, panel)


def test_window_fits_1024x700(window: MainWindow) -> None:
    """The window does not ask for more than the screen: every tab's minimum fits."""
    for i in range(window.tabs.count()):  # feature tabs are built when first shown
        window.tabs.setCurrentIndex(i)
    window.tabs.setCurrentIndex(0)
    assert window.minimumSizeHint().width() <= WIDTH
    assert window.minimumSizeHint().height() <= HEIGHT
    assert window.size() == QSize(WIDTH, HEIGHT)
    assert_fits(window, window.connection_label, "connection badge")
    for dock in (window.tables_dock, window.read_log_dock):
        assert_fits(window, dock, dock.windowTitle())


def test_items_panel(qtbot, window: MainWindow) -> None:
    panel = show_tab(qtbot, window, "Items")
    panel.index.setCurrentIndex(panel.index.findData(EMAIL_INDEX))  # the longest entry
    qtbot.wait(30)
    assert_all_fit(window, panel, [
        "mode", "index", "consistent", "page_size", "hide_expired", "run_button", "cancel_button",
        "filter_attr", "filter_op", "filter_type", "filter_value", "view", "detail.tabs",
        "detail.copy_button", "edit_button", "delete_button", "progress"])
    panel.mode.setCurrentText("Query")
    qtbot.wait(30)
    assert_all_fit(window, panel, ["pk_value", "sk_op", "run_button"])
    assert panel.view.viewport().height() >= 5 * panel.view.verticalHeader().defaultSectionSize()


def test_read_log(qtbot, window: MainWindow) -> None:
    log = window.read_log
    assert_fits(window, log.table, "read log")
    rows = log.table.viewport().height() // log.table.verticalHeader().defaultSectionSize()
    assert rows >= 4, f"the read log shows only {rows} rows"
    # The first table's reads are in: each one's time is shown whole (it was cut to
    # "09:33:22.…" while the stretched Duration column kept Qt's 100 px default).
    qtbot.waitUntil(lambda: log.model.rowCount() > 0, timeout=10000)
    log.fit_columns()
    header = log.table.horizontalHeader()
    assert header.sectionSize(0) >= log.table.sizeHintForColumn(0), [
        header.sectionSize(c) for c in range(header.count())]


def test_accounts_and_locks_panel(qtbot, window: MainWindow) -> None:
    panel = show_tab(qtbot, window, "Accounts & locks")
    if panel.result is None:
        with qtbot.waitSignal(panel.audit_finished, timeout=15000):
            panel.run_audit()
    qtbot.wait(30)
    assert_all_fit(window, panel, [
        "schema_label", "edit_schema_button", "detect_button", "audit_button", "segments",
        "consistent", "repair_all_button", "counts_label", "status_filter", "search",
        "export_csv_button", "export_json_button", "view", "details", "open_item_button",
        "release_button", "claim_button", "resolve_button", "rule_picker", "value_edit",
        "diagnose_button", "diagnosis_view", "diag_release_button", "open_lock_button"])
    # The row's status is what support reads first: its column is in view without scrolling.
    header = panel.view.horizontalHeader()
    status = panel.model.status_column()
    left = header.sectionViewportPosition(status)
    assert left >= 0 and left + min(header.sectionSize(status), 80) <= panel.view.viewport().width()


def test_builder_panel(qtbot, window: MainWindow) -> None:
    panel = show_tab(qtbot, window, "Transaction builder")
    panel.add_action("ConditionCheck")
    panel.add_action("Put")
    panel.action_list.setCurrentRow(0)
    qtbot.wait(200)  # the preview refreshes on a short timer
    editor = panel.editor(0)
    assert_all_fit(window, panel, [
        "add_button", "remove_button", "up_button", "down_button", "templates_button",
        "import_button", "export_button", "log_button", "check_button", "execute_button",
        "token_edit", "action_list"])
    # The editor's form is laid out after the preview's refresh; on a loaded machine (CI) the
    # combos were measured once at 131 px, before the 313 px they get: wait for the layout,
    # then say what does not fit.
    with contextlib.suppress(qtbot.TimeoutError):
        qtbot.waitUntil(lambda: clipped_text(editor.kind) is None and
                        clipped_text(editor.table_name) is None, timeout=5000)
    for name, widget in (("action kind", editor.kind), ("action table", editor.table_name)):
        assert_fits(window, widget, name)
    # The action list shows what each action is, not "1. Co".
    item = panel.action_list.item(0)
    need = QFontMetrics(panel.action_list.font()).horizontalAdvance(item.text()[:24])
    assert panel.action_list.viewport().width() >= need + 24
    # Preview, problems and the preflight each get a readable height in turn.
    for view in (panel.preview_view, panel.problem_list, panel.preflight_view.lines):
        panel.show_pane(view)
        qtbot.wait(10)
        assert_fits(window, view, view.objectName() or type(view).__name__)
        assert view.height() >= 120, f"{type(view).__name__} is {view.height()} px high"


def test_builder_execute_row_is_one_row_and_the_editor_is_not_squeezed(qtbot, window: MainWindow) -> None:
    """Issue 23: at 1024x700 Execute wrapped to a second toolbar row, and the action list and
    editor lost that height."""
    panel = show_tab(qtbot, window, "Transaction builder")
    panel.add_action("ConditionCheck")
    panel.add_action("Update")
    qtbot.wait(200)
    buttons = [panel.add_button, panel.remove_button, panel.up_button, panel.down_button,
               panel.templates_button, panel.import_button, panel.export_button, panel.log_button,
               panel.check_button, panel.execute_button]
    middles = [b.mapTo(panel, b.rect().center()).y() for b in buttons]
    tallest = max(b.height() for b in buttons)
    assert max(middles) - min(middles) < tallest // 2, f"the toolbar wraps: button middles at {middles}"
    assert panel.toolbar.height() < 2 * tallest
    # The list shows both actions; the editor keeps a usable height, with no sideways scrolling.
    rows = panel.action_list
    assert all(rows.visualItemRect(rows.item(i)).bottom() <= rows.viewport().height() for i in range(2))
    stack = panel.action_pane.editor_stack
    assert stack.height() >= 200, f"the editor is {stack.height()} px high"
    assert not stack.horizontalScrollBar().isVisible(), "the editor scrolls sideways"
    assert_fits(window, stack, "editor")


def test_stream_panel(qtbot, window: MainWindow) -> None:
    panel = show_tab(qtbot, window, "Stream")
    qtbot.waitUntil(lambda: panel.info is not None, timeout=10000)
    # The stream's description is laid out on a later turn (a wrapped label's height follows
    # its text through a posted layout request; a loaded machine delays that turn): wait for it.
    qtbot.waitUntil(lambda: clipped_text(panel.info_label) is None, timeout=3000)
    assert_all_fit(window, panel, [
        "info_label", "refresh_button", "position", "sequence", "read_button", "follow_button",
        "pause_button", "stop_button", "clear_button", "key_filter", "kind_filter",
        "view", "detail_tabs", "status"])
    panel.detail_tabs.setCurrentWidget(panel.shards)  # the lineage shares the detail's column
    qtbot.wait(20)
    assert_fits(window, panel.shards, "shards")


def test_ttl_timeline_panel(qtbot, window: MainWindow) -> None:
    panel = show_tab(qtbot, window, "TTL timeline")
    qtbot.waitUntil(lambda: panel.timeline is not None, timeout=10000)
    # The summary's new text is laid out on a later turn (a wrapped label's height follows its
    # text through a posted layout request): wait for that turn, then check everything.
    qtbot.waitUntil(lambda: clipped_text(panel.summary) is None, timeout=3000)
    assert_all_fit(window, panel, [
        "granularity", "max_items", "scan_button", "cancel_button", "export_button", "summary",
        "chart", "items_table", "never_table"])
    assert panel.chart.height() >= 150


def test_capacity_panel(qtbot, window: MainWindow) -> None:
    panel = show_tab(qtbot, window, "Capacity & partitions")
    qtbot.waitUntil(lambda: panel.report is not None, timeout=10000)
    assert_all_fit(window, panel, ["max_items", "scan_button", "cancel_button", "summary", "view",
                                   "size_chart", "dist_chart"])
    panel.lists.setCurrentWidget(panel.pages)  # the sample's cost is the collections' neighbour tab
    qtbot.wait(20)
    assert_fits(window, panel.pages, "pages")


def test_check_boxes_stand_out(qtbot, window: MainWindow) -> None:
    """A check box's square is visible against the window in both themes (Fusion draws it in
    a shade darker than the window, which vanishes on a dark one): 3:1 at least, as WCAG asks
    of the edges of controls."""
    box = window.items_panel.consistent
    box.setChecked(False)
    image = box.grab().toImage()
    opt = QStyleOptionButton()
    opt.initFrom(box)
    square = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, opt, box)
    background = window.palette().color(QPalette.ColorRole.Window)
    best = max(contrast(image.pixelColor(x, y), background)
               for x in range(square.left(), square.right() + 1)
               for y in range(square.top(), square.bottom() + 1))
    assert best >= 3.0, f"the unchecked box has contrast {best:.2f} against the window"


# Each tab's main table: at least eight rows in sight at 1024x700 (the issue saw the audit grid
# show four and Items only PK and SK).
MAIN_TABLES = [("Items", "view"), ("Accounts & locks", "view"), ("Transaction builder", "action_list"),
               ("Stream", "view"), ("TTL timeline", "items_table"),
               ("Capacity & partitions", "view"), ("PartiQL", "view")]


def rows_in_sight(view: QAbstractItemView) -> int:
    row = view.sizeHintForRow(0) if view.model() is not None and view.model().rowCount() else 0
    if isinstance(view, QTableView):
        row = view.verticalHeader().defaultSectionSize()
    return view.viewport().height() // max(1, row or view.fontMetrics().height() + 4)


NOT_YET: dict[str, str] = {  # panels whose layout their owners are changing (issue 23): reported, not hidden
}


@pytest.mark.parametrize(("title", "table"), [
    pytest.param(t, n, marks=pytest.mark.xfail(reason=NOT_YET[t], strict=False)) if t in NOT_YET
    else (t, n) for t, n in MAIN_TABLES], ids=[t for t, _ in MAIN_TABLES])
def test_each_tab_shows_eight_rows_of_its_main_table(qtbot, window: MainWindow, title: str,
                                                     table: str) -> None:
    panel = show_tab(qtbot, window, title)
    if title == "Transaction builder":
        for kind in ("ConditionCheck", "Put"):
            panel.add_action(kind)
    qtbot.wait(100)
    view = getattr(panel, table)
    assert view.isVisible()
    rows = rows_in_sight(view)
    assert rows >= 8, f"{title}: {table} shows {rows} rows ({view.viewport().height()} px)"


def test_items_shows_more_than_the_key_columns(window: MainWindow) -> None:
    view = window.items_panel.view
    header = view.horizontalHeader()
    in_sight = [c for c in range(header.count())
                if header.sectionViewportPosition(c) + header.sectionSize(c) // 2 < view.viewport().width()]
    assert len(in_sight) >= 4, f"only {len(in_sight)} columns in sight"


def test_the_window_keeps_its_size_whatever_happens_in_it(qtbot, window: MainWindow) -> None:
    """The issue saw the window grow from 1316 to 1359 px past the screen after the builder."""
    size = QSize(WIDTH, HEIGHT)
    # A long status text: cut, whole in its tooltip.
    window.show_status("3 items written by the builder are not on this page: run the read "
                       "again to see them. " * 5)
    qtbot.wait(30)
    assert window.size() == size and window.status.message.is_elided()
    # The Items tab's progress line with the builder's note.
    items = window.items_panel
    items._not_on_page = 12
    items._report_progress()
    qtbot.wait(30)
    assert window.size() == size
    # The builder with four actions, checked.
    builder = show_tab(qtbot, window, "Transaction builder")
    for kind in ("ConditionCheck", "Put", "Update", "Delete"):
        builder.add_action(kind)
    builder.check_button.click()
    qtbot.wait(300)
    assert window.size() == size
    # A failed ExecuteStatement: the read log keeps its columns inside the view.
    partiql = show_tab(qtbot, window, "PartiQL")
    partiql.editor.setPlainText('SELECT * FROM "no-such-table-with-a-long-name-for-the-read-log" '
                                "WHERE PK = 'x'")
    log = window.read_log
    before = log.model.rowCount()
    assert partiql.run()
    qtbot.waitUntil(lambda: partiql.error_label.isVisible(), timeout=10000)
    qtbot.waitUntil(lambda: log.model.rowCount() > before, timeout=10000)
    log.fit_columns()
    qtbot.wait(30)
    assert window.size() == size
    header = log.table.horizontalHeader()
    fixed = sum(header.sectionSize(c) for c in range(header.count() - 1))
    assert fixed < log.table.viewport().width(), "the read log's columns run past its view"
    sizes = [header.sectionSize(c) for c in range(header.count())]
    assert not log.table.horizontalScrollBar().isVisible(), \
        f"the read log scrolls sideways: {sizes}, {header.length()} in {log.table.viewport().width()}" \
        f" min {header.minimumSectionSize()} default {header.defaultSectionSize()} w {log.table.width()}"
    assert "failed" in log.model.data(log.model.index(log.model.rowCount() - 1, 1),
                                      Qt.ItemDataRole.ToolTipRole)
    for i in range(window.tabs.count()):
        window.tabs.setCurrentIndex(i)
        qtbot.wait(30)
        assert window.size() == size, f"{window.tabs.tabText(i)} resized the window"
        # Nor would it have to: what the tab asks for fits (the window does not grow to it).
        hint = window.minimumSizeHint()
        assert hint.width() <= WIDTH and hint.height() <= HEIGHT, \
            f"{window.tabs.tabText(i)} asks for {hint.toTuple()}"


def test_accounts_and_locks_keeps_eight_rows_while_an_audit_runs(qtbot, window: MainWindow) -> None:
    """The progress and Cancel take the places of the buttons not for use meanwhile: the audit's
    row does not wrap to a second line, and the findings arriving keep their height (CI caught
    7 rows while the demo's audit was still running)."""
    panel = show_tab(qtbot, window, "Accounts & locks")
    bar = panel.audit_bar
    qtbot.waitUntil(lambda: not bar.progress.isVisible(), timeout=15000)  # the demo's own audit
    bar.set_running(True, True)
    bar.show_progress(0.5, bar.tr("3,000,000 of ~3,000,000 · 16/16 segments"))
    qtbot.wait(100)
    assert bar.progress.isVisible() and bar.cancel_button.isVisible()
    assert not bar.audit_button.isVisible()
    assert rows_in_sight(panel.view) >= 8
    bar.set_running(False, True)
    qtbot.wait(50)
    assert bar.audit_button.isVisible() and bar.edit_schema_button.isVisible()
