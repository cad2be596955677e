"""What waits for a window's first paint (dynoview/ui/window/first_paint.py) runs once, after
that paint, in the order it was added; a window already on screen runs it on the next loop
turn; one never shown runs it at its deadline. The Items tab's edit in place is made after
that paint; the start-up trace's lines carry the clock and the CPU used."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from dynoview.ui.window.first_paint import after_first_paint

pytestmark = pytest.mark.gui


class _Paints(QObject):
    """Counts the paints of a widget."""

    def __init__(self, widget: QLabel) -> None:
        super().__init__(widget)
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _window(qtbot) -> tuple[QMainWindow, _Paints]:
    window = QMainWindow()
    label = QLabel("covers the whole window")
    label.setAutoFillBackground(True)  # opaque: the window itself may get no paint of its own
    window.setCentralWidget(label)
    qtbot.addWidget(window)
    return window, _Paints(label)


def test_runs_once_after_the_first_paint_in_order(qtbot) -> None:
    window, paints = _window(qtbot)
    ran: list[tuple[str, int]] = []
    after_first_paint(window, lambda: ran.append(("first", paints.count)))
    after_first_paint(window, lambda: ran.append(("second", paints.count)), at_most_ms=60_000)
    QApplication.processEvents()
    assert ran == []  # not shown, not painted
    window.show()
    qtbot.waitUntil(lambda: len(ran) == 2)
    assert [name for name, _ in ran] == ["first", "second"]
    assert all(count >= 1 for _, count in ran)  # the frame was painted before either ran
    window.update()
    qtbot.wait(50)
    assert len(ran) == 2  # later paints run nothing again


def test_a_window_already_on_screen_runs_it_on_the_next_turn(qtbot) -> None:
    window, _paints = _window(qtbot)
    window.show()
    qtbot.waitExposed(window)
    ran: list[str] = []
    after_first_paint(window, lambda: ran.append("late"))
    assert ran == []  # queued, not called from inside after_first_paint
    qtbot.waitUntil(lambda: ran == ["late"])


def test_a_window_never_shown_runs_it_at_the_deadline(qtbot) -> None:
    window, _paints = _window(qtbot)
    ran: list[str] = []
    after_first_paint(window, lambda: ran.append("deadline"), at_most_ms=20)
    qtbot.waitUntil(lambda: ran == ["deadline"])
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    assert ran == ["deadline"]  # the paint does not run it a second time


def test_the_watcher_sees_the_window_not_the_application(qtbot) -> None:
    """Watching every event of the application cost more than the paint it waited for."""
    window, _paints = _window(qtbot)
    app = QApplication.instance()
    assert app is not None
    seen: list[QObject] = []
    original = QApplication.installEventFilter

    def spy(self: QObject, watcher: QObject) -> None:
        seen.append(self)
        original(self, watcher)

    QApplication.installEventFilter = spy  # type: ignore[method-assign]
    try:
        after_first_paint(window, lambda: None)
    finally:
        QApplication.installEventFilter = original  # type: ignore[method-assign]
    assert app not in seen


def test_the_startup_trace_line_carries_the_clock_and_the_cpu_used(capsys) -> None:
    """benchmarks/startup.py reads one line per mark: the clock reading it compares with its
    own, then the CPU seconds the process had used (reported beside the wall times)."""
    import time

    from dynoview.ui import startup_trace

    before = time.monotonic()
    startup_trace.mark(startup_trace.WINDOW_SHOWN)
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    prefix, what, clock, cpu = lines[0].split()
    assert (prefix, what) == (startup_trace.PREFIX, startup_trace.WINDOW_SHOWN)
    assert before <= float(clock) <= time.monotonic()
    assert 0 < float(cpu) <= time.process_time()


def test_edit_in_place_waits_for_the_first_rows_not_the_paint(qtbot, qasync_loop, demo_conn,
                                                           seeded_table) -> None:
    """Nothing of it shows at start: its editors, staged pane and edit code (~90 ms) wait until
    the first rows have painted (issue 19: made at the paint, they held the rows back); once
    made, the rows sit in its splitter, on screen, with its delegate."""
    from dynoview.ui.items.panel import EDITS_AFTER_ROWS_MS
    from dynoview.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    panel = window.items_panel
    window.show()
    qtbot.waitUntil(lambda: panel.results._prepared)  # painted: the rows' code is ready
    assert panel._cell_edits is None
    window.ctx.set_connection(demo_conn)
    window.tables_panel.set_tables(demo_conn.list_tables())
    with qtbot.waitSignal(window.table_shown, timeout=15000):
        window.tables_panel.select(seeded_table)
    assert panel._cell_edits is None  # the rows first
    qtbot.waitUntil(lambda: panel._cell_edits is not None, timeout=EDITS_AFTER_ROWS_MS + 2000)
    edits = panel.cell_edits
    assert edits.split.isVisible() and panel.results.isVisible()
    assert panel.results.parent() is edits.split is panel.rows_split
    assert panel.view.itemDelegate() is edits.delegate
    column = panel.model.columns().index("displayName")
    assert panel.model.flags(panel.model.index(0, column)) & Qt.ItemFlag.ItemIsEditable


def test_the_layout_keeps_the_rows_and_detail_splitter(qtbot, qasync_loop, tmp_path, monkeypatch) -> None:
    """The window's "items" splitter is the rows | detail one, before and after edit in place
    puts the rows in its own vertical splitter; a state an earlier version saved from that
    vertical splitter does not turn the rows and detail on their side."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QSplitter

    from dynoview.ui import settings as saved
    from dynoview.ui.main_window import MainWindow

    path = tmp_path / "settings.ini"
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    vertical = QSplitter(Qt.Orientation.Vertical)
    vertical.addWidget(QLabel("rows"))
    vertical.addWidget(QLabel("staged"))
    store = saved.settings()
    store.setValue("window/splitter-items", vertical.saveState())
    saved.sync(store)
    window = MainWindow()
    qtbot.addWidget(window)
    panel, layout = window.items_panel, window.layout_state
    assert panel.results.orientation() == Qt.Orientation.Horizontal
    assert "items" not in layout.splitters_restored  # the first-start sizes apply instead
    assert panel.cell_edits.split.orientation() == Qt.Orientation.Vertical
    assert layout.splitters()["items"] is panel.results
    layout.save()
    again = MainWindow()
    qtbot.addWidget(again)
    assert "items" in again.layout_state.splitters_restored
    assert again.items_panel.results.orientation() == Qt.Orientation.Horizontal


def test_the_tables_filter_gets_its_clear_button_once_painted(qtbot, qasync_loop) -> None:
    """The button's icon is looked up in the desktop's icon theme, which the first paint need
    not wait for: it shows only once the filter holds text. Made after the panel's paint, and
    named for screen readers as before."""
    from PySide6.QtGui import QAction

    from dynoview.ui.accessible import CLEAR_ACTION
    from dynoview.ui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    field = window.tables_panel.filter
    QApplication.processEvents()
    assert not field.isClearButtonEnabled()  # not painted yet
    window.show()
    qtbot.waitUntil(field.isClearButtonEnabled)
    clear = [a for a in field.findChildren(QAction) if a.objectName() == CLEAR_ACTION]
    assert len(clear) == 1 and clear[0].text() and clear[0].toolTip()
