"""Table list with a filter and a description of the selected table."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QListWidget, QMenu, QTextBrowser, QVBoxLayout, QWidget

from dynoview.core.session.tables import TableInfo


class TablesPanel(QWidget):
    table_selected = Signal(str)
    table_in_new_tab = Signal(str)  # "Open in a new Items tab" from the list's menu

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter tables (Ctrl+T)")
        self.filter.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.description = QTextBrowser()
        self.description.setOpenLinks(False)
        self.heading = QLabel("Tables")
        # Wide enough for names and the description even when a tab asks for all the room.
        self.setMinimumWidth(180)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.heading)
        layout.addWidget(self.filter)
        layout.addWidget(self.list, 2)
        layout.addWidget(QLabel("Description"))
        layout.addWidget(self.description, 3)
        self.filter.textChanged.connect(self._apply_filter)
        self.filter.returnPressed.connect(self._pick_first_visible)
        self.list.currentTextChanged.connect(self._current_changed)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._menu)

    def _menu(self, pos: QPoint) -> None:
        item = self.list.itemAt(pos)
        if item is None:
            return
        name = item.text()
        menu = QMenu(self.list)
        menu.addAction(f"Open {name} in a new Items tab", lambda: self.table_in_new_tab.emit(name))
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self.list.viewport().mapToGlobal(pos))

    def set_tables(self, names: list[str]) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItems(names)
        self.list.blockSignals(False)
        self.heading.setText(f"Tables ({len(names)})")
        self.description.clear()
        self._apply_filter(self.filter.text())

    def select(self, name: str) -> None:
        matches = self.list.findItems(name, Qt.MatchFlag.MatchExactly)
        if matches:
            self.list.setCurrentItem(matches[0])

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setHidden(bool(needle) and needle not in item.text().lower())

    def _pick_first_visible(self) -> None:
        for row in range(self.list.count()):
            item = self.list.item(row)
            if not item.isHidden():
                self.list.setCurrentItem(item)
                return

    def _current_changed(self, name: str) -> None:
        if name:
            self.table_selected.emit(name)

    def show_description(self, info: TableInfo) -> None:
        rows = "".join(f"<li>{line}</li>" for line in info.summary_lines())
        self.description.setHtml(f"<b>{info.name}</b><ul>{rows}</ul>")
