"""The main window's size and layout across starts: first-start sizes that fit the screen,
docks and splitters restored, and the column widths the user set per connection and table.

It takes the window as a ``QMainWindow`` with the docks and views it sizes, not the
application's window class."""

from __future__ import annotations

import logging

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QSplitter, QWidget

from dynoview.ui import settings as saved
from dynoview.ui.items.panel import ItemsPanel

log = logging.getLogger(__name__)


class WindowLayout:
    """Restores and saves ``window``'s geometry, docks, splitters and column widths."""

    def __init__(self, window: QMainWindow, tables_dock: QDockWidget, read_log_dock: QDockWidget,
                 items_panel: ItemsPanel, read_log: QWidget) -> None:
        self.window = window
        self.tables_dock, self.read_log_dock = tables_dock, read_log_dock
        self.items_panel, self.read_log = items_panel, read_log
        self.restored = False  # geometry and dock layout came from the settings file
        self.splitters_restored: set[str] = set()
        self.columns_for: tuple[str, str] | None = None  # (connection, table) in the items view
        self._auto_widths: dict[str, int] = {}  # column widths the items view chose itself

    def apply_defaults(self) -> None:
        """Dock sizes for a first start, in proportion to the window (docks only
        take sizes once the window is laid out, hence after the first show)."""
        win = self.window
        if not self.restored:
            win.resizeDocks([self.tables_dock], [max(200, min(260, win.width() // 5))],
                            Qt.Orientation.Horizontal)
            # Four compact receipt rows at 700 px high (the tabs need the room for their
            # tables), a few more on a taller window.
            win.resizeDocks([self.read_log_dock], [max(140, min(200, win.height() // 6))],
                            Qt.Orientation.Vertical)
        # The rows and the detail keep their 3:1 stretch on a first start: a wider detail
        # (300 px and more) squeezed the Export… row at 1024 px in the longer languages.

    def splitters(self) -> dict[str, QSplitter]:
        # The Items tab's is named, not searched for: edit in place (made after the first
        # paint) puts the rows in a vertical splitter of its own, which a search found first.
        found = {}
        results = getattr(self.items_panel, "results", None)
        if isinstance(results, QSplitter):
            found["items"] = results
        splitter = self.read_log.findChild(QSplitter)
        if splitter is not None:
            found["read-log"] = splitter
        return found

    def restore(self) -> None:
        win = self.window
        store = saved.settings()
        geometry = saved.byte_array(store, "window/geometry")
        state = saved.byte_array(store, "window/state")
        self.restored = bool(geometry and win.restoreGeometry(geometry))
        if state is not None and not win.restoreState(state):
            log.warning("saved window layout could not be restored; using the default")
            state = None
        self.restored = self.restored and state is not None
        for name, splitter in self.splitters().items():
            sizes = saved.byte_array(store, f"window/splitter-{name}")
            orientation, before = splitter.orientation(), splitter.saveState()
            if sizes is not None and splitter.restoreState(sizes):
                if splitter.orientation() == orientation:
                    self.splitters_restored.add(name)
                else:  # saved from another splitter (edit in place's, by an earlier version)
                    splitter.restoreState(before)

    def apply_column_widths(self) -> None:
        """Record the widths the view chose, then apply the ones the user set last time."""
        panel = self.items_panel
        if self.columns_for is None or not panel.model.rowCount():
            return
        header = panel.view.horizontalHeader()
        columns = panel.model.columns()
        self._auto_widths = {name: header.sectionSize(i) for i, name in enumerate(columns)}
        widths = saved.column_widths(*self.columns_for)
        for i, name in enumerate(columns):
            if name in widths:
                header.resizeSection(i, widths[name])

    def remember_column_widths(self) -> None:
        """Save the widths the user changed (not the automatic ones) for the shown table."""
        if self.columns_for is None or not self._auto_widths:
            return
        panel = self.items_panel
        header = panel.view.horizontalHeader()
        columns = panel.model.columns()
        widths = saved.column_widths(*self.columns_for)
        for i, name in enumerate(columns):
            if header.isSectionHidden(i):
                continue  # a hidden column reports width 0: keep the width it had
            size = header.sectionSize(i)
            if name in self._auto_widths and size != self._auto_widths[name]:
                widths[name] = size
            elif name in widths and size == self._auto_widths.get(name):
                del widths[name]
        saved.save_column_widths(*self.columns_for, widths)
        self._auto_widths = {}

    def save(self) -> None:
        """Write layout, splitters and column widths to the settings file (in one save, which
        never writes through a link there: ``settings.save_values``)."""
        win = self.window
        self.remember_column_widths()
        values = {"window/geometry": win.saveGeometry(), "window/state": win.saveState()}
        for name, splitter in self.splitters().items():
            values[f"window/splitter-{name}"] = splitter.saveState()
        saved.save_values(values)


#: The first-start size on a large screen, and the smallest the panels are laid out for
#: (tests/gui/test_layout_1024.py).
FIRST_SIZE, LAID_OUT_FOR = QSize(1360, 860), QSize(1024, 700)


def first_geometry(area: QRect) -> QRect:
    """Where the window opens the first time on a screen whose free area is ``area``: centred,
    with a margin, 1360x860 at most. On a small screen the margin would leave the window
    narrower than the panels are laid out for (962 px of a 1024 px screen clipped the builder's
    buttons), so there it takes the whole area."""
    width = min(FIRST_SIZE.width(), int(area.width() * 0.94))
    height = min(FIRST_SIZE.height(), int(area.height() * 0.92))
    if width < LAID_OUT_FOR.width():
        width = area.width()
    if height < LAID_OUT_FOR.height():
        height = area.height()
    return QRect(area.x() + (area.width() - width) // 2, area.y() + (area.height() - height) // 2,
                 width, height)


def fit_to_screen(win: QWidget) -> None:
    """The first-start size and place (``first_geometry``) on the window's screen."""
    screen = win.screen() or QApplication.primaryScreen()
    if screen is None:
        win.resize(FIRST_SIZE)
        return
    place = first_geometry(screen.availableGeometry())
    win.resize(place.size())
    win.move(place.topLeft())


def dock(window: QMainWindow, title: str, name: str, widget: QWidget,
         area: Qt.DockWidgetArea) -> QDockWidget:
    """``widget`` docked in ``window`` under ``title``, named ``name`` (its layout is kept)."""
    made = QDockWidget(title, window)
    made.setObjectName(name)
    made.setWidget(widget)
    window.addDockWidget(area, made)
    return made
