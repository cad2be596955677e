"""The stream's records as a table: each row's tooltip from the model, the event behind a row,
and the right-click menu on a record."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QModelIndex, QPoint, Qt, QTimer
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QAbstractItemView, QMenu, QTableView, QToolTip

from dynoview.core.streams.records import StreamEvent
from dynoview.ui.accessible import tab_leaves
from dynoview.ui.stream.events_model import (
    COL_CHANGES,
    COL_EVENT,
    COL_KEYS,
    COL_LABEL,
    COL_SEQUENCE,
    COL_TIME,
    StreamEventsModel,
)
from dynoview.ui.stream.filter_proxy import StreamFilterProxy, key_filter_texts


class StreamEventsView(QTableView):
    def __init__(self, model: StreamEventsModel, proxy: StreamFilterProxy) -> None:
        super().__init__()
        tab_leaves(self)
        self.events = model
        self.proxy = proxy
        self.setModel(proxy)
        self.setAccessibleName(self.tr("Stream records"))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(22)
        self.setWordWrap(False)
        self.setAlternatingRowColors(True)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header_view = self.horizontalHeader()
        header_view.setStretchLastSection(True)
        for col, width in ((COL_TIME, 150), (COL_EVENT, 70), (COL_LABEL, 200), (COL_KEYS, 320),
                           (COL_CHANGES, 320), (COL_SEQUENCE, 200)):
            header_view.resizeSection(col, width)

    def viewportEvent(self, event: QEvent) -> bool:
        """A record's tooltip comes from the model by source row (rows are filtered)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.indexAt(event.pos())
            if index.isValid():
                source = self.proxy.mapToSource(index)
                QToolTip.showText(event.globalPos(),
                                  self.events.tooltip(source.row(), source.column()), self)
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def event_for(self, index: QModelIndex) -> StreamEvent | None:
        """The event behind a row of the (filtered) view."""
        if not index.isValid():
            return None
        return self.events.event_at(self.proxy.mapToSource(index).row())

    def scroll_if_at_bottom(self) -> None:
        """Follow new rows, unless the user scrolled up to read."""
        bar = self.verticalScrollBar()
        if bar.value() >= bar.maximum() - 2:
            QTimer.singleShot(0, self.scrollToBottom)

    def popup_menu(self, pos: QPoint, show_keys: Callable[[str], None],
                   start_after: Callable[[StreamEvent], None],
                   open_item: Callable[[StreamEvent], None] | None) -> QMenu | None:
        """The record's menu at ``pos``: filter on its item or collection, read after it, open
        the item."""
        event = self.event_for(self.indexAt(pos))
        if event is None:
            return None
        menu = QMenu(self)
        item_filter, pk_filter = key_filter_texts(event)
        menu.addAction(self.tr("Show only this item"), lambda: show_keys(item_filter))
        menu.addAction(self.tr("Show this item collection (partition key)"), lambda: show_keys(pk_filter))
        menu.addAction(self.tr("Read after this record"), lambda: start_after(event))
        if open_item is not None:
            menu.addAction(self.tr("Open the item"), lambda: open_item(event))
        # popup(), not exec(): no nested event loop; the menu goes away once it hides.
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self.viewport().mapToGlobal(pos))
        return menu
