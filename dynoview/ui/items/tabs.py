"""More Items tabs: each reads its own table (another one, or the same on another index or
read) after the feature tabs, closable, and all closed when the connection changes. A value typed
in one of their cells and not entered yet is staged when its tab closes, as the window's own Items
tab stages it when the window closes (``commit_open_cell``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTabBar, QTabWidget, QToolButton

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo
from dynoview.ui.context import AppContext
from dynoview.ui.items.panel import ItemsPanel, commit_open_cell


class ExtraItemsTabs:
    """The Items tabs opened with "Open … in a new Items tab", in ``tabs``."""

    def __init__(self, ctx: AppContext, tabs: QTabWidget, show_status: Callable[[str], None],
                 open_in_new_tab: Callable[[str], None]) -> None:
        self.ctx = ctx
        self.tabs = tabs
        self.panels: list[ItemsPanel] = []
        self.opened_on: Connection | None = None  # the connection their tables are on
        self._show_status = show_status
        self._open_in_new_tab = open_in_new_tab
        # They show tables of the connection they were opened on.
        ctx.connection_changed.connect(lambda _conn: self.close_all())
        ctx.table_deleted.connect(self._table_deleted)

    def add(self, conn: Connection, info: TableInfo) -> ItemsPanel | None:
        """A new tab on ``info``, brought forward, reading at once."""
        if conn is not self.ctx.connection:
            return None  # the connection changed while the table was described
        self.ctx.tables[info.name] = info  # the builder and the reads find it by name
        self.opened_on = conn
        panel = ItemsPanel(self.ctx)
        panel.status_changed.connect(self._show_status)
        panel.new_tab_requested.connect(self._open_in_new_tab)
        panel.set_table(info)
        index = self.tabs.addTab(panel, QCoreApplication.translate(
            "ExtraItemsTabs", "Items: {name}").format(name=info.name))
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.setToolTip(QCoreApplication.translate(
            "ExtraItemsTabs", "Close this Items tab on {name}").format(name=info.name))
        close.setAccessibleName(QCoreApplication.translate(
            "ExtraItemsTabs", "Close the Items tab on {name}").format(name=info.name))
        close.clicked.connect(lambda: self.close(panel))
        self.tabs.tabBar().setTabButton(index, QTabBar.ButtonPosition.RightSide, close)
        self.panels.append(panel)
        self.tabs.setCurrentIndex(index)
        panel.run()
        return panel

    def close(self, panel: ItemsPanel) -> None:
        if panel not in self.panels:
            return
        self.panels.remove(panel)
        if self.ctx.connection is self.opened_on:  # else it would be staged on another connection
            commit_open_cell(panel)  # what was typed and not entered yet: staged, not dropped
        panel.controller.cancel()
        self.tabs.removeTab(self.tabs.indexOf(panel))
        panel.deleteLater()

    def _table_deleted(self, name: str) -> None:
        for panel in list(self.panels):
            if panel.info is not None and panel.info.name == name:
                self.close(panel)

    def close_all(self) -> None:
        for panel in list(self.panels):
            self.close(panel)
