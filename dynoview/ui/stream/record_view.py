"""What the stream viewer shows for the selected record: the old → new diff and the record
as JSON; and the tree of the stream's shards, children under their parents."""

from __future__ import annotations

import json

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.streams.description import StreamInfo
from dynoview.core.streams.records import ADDED, CHANGED, INSERT, MODIFY, REMOVE, REMOVED, StreamEvent
from dynoview.core.values.display import display_text
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.items.detail import monospace
from dynoview.ui.plain_text import plain_tooltip
from dynoview.ui.stream.events_model import event_color

NO_SELECTION = QT_TRANSLATE_NOOP("stream.record_view", "Select a record to see what changed.")


class StreamRecordView(QTabWidget):
    """Two tabs: the attribute diff of one record, and its JSON."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.diff = QTableWidget(0, 4)
        self.diff.setAccessibleName(self.tr("Attributes changed, old and new"))
        self.diff.setHorizontalHeaderLabels([self.tr(
            "Attribute"), self.tr("Change"), self.tr("Old"), self.tr("New")])
        self.diff.verticalHeader().hide()
        self.diff.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.diff.horizontalHeader().setStretchLastSection(True)
        self.diff_title = QLabel(QCoreApplication.translate("stream.record_view", NO_SELECTION))
        self.diff_title.setWordWrap(True)
        diff_box = QWidget()
        diff_layout = QVBoxLayout(diff_box)
        diff_layout.setContentsMargins(0, 0, 0, 0)
        diff_layout.addWidget(self.diff_title)
        diff_layout.addWidget(self.diff)
        self.record_json = QPlainTextEdit(readOnly=True)
        self.record_json.setAccessibleName(self.tr("Record JSON"))
        self.record_json.setFont(monospace())
        self.record_json.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.addTab(diff_box, self.tr("Old → new"))
        self.addTab(self.record_json, self.tr("Record JSON"))

    def clear_event(self) -> None:
        self.diff.setRowCount(0)
        self.diff_title.setText(QCoreApplication.translate("stream.record_view", NO_SELECTION))
        self.record_json.clear()

    def show_event(self, event: StreamEvent) -> None:
        """Fill the old/new diff and the record JSON for one event."""
        when = event.time.strftime("%Y-%m-%d %H:%M:%S UTC") if event.time else self.tr("unknown time")
        title = f"{event.event_name}, {event.label}: {event.key_text()} at {when}."
        if event.old_image is None and event.new_image is None:
            title += self.tr(" This stream carries keys only, so there is nothing to compare.")
        elif event.event_name == MODIFY and not event.diff:
            title += self.tr(" No attribute changed: the write stored the same values.")
        self.diff_title.setText(title)
        palette = self.palette()
        colors = {ADDED: event_color(INSERT, palette), REMOVED: event_color(REMOVE, palette),
                  CHANGED: event_color(MODIFY, palette)}
        self.diff.setRowCount(len(event.diff))
        for row, change in enumerate(event.diff):
            values = (change.name, change.kind,
                      display_text(change.old, 500) if change.old is not None else "",
                      display_text(change.new, 500) if change.new is not None else "")
            for col, text in enumerate(values):
                cell = QTableWidgetItem(text)
                if col == 1:
                    cell.setForeground(QBrush(colors[change.kind]))
                if col >= 2:
                    cell.setToolTip(plain_tooltip(text))  # the item's value: never HTML
                self.diff.setItem(row, col, cell)
        self.diff.resizeColumnsToContents()
        self.record_json.setPlainText(json.dumps(event.to_json(), indent=2, ensure_ascii=False))


class ShardTree(QTreeWidget):
    """The stream's shards; a closed shard's children sit under it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabels([self.tr("Shard"), self.tr("State"), self.tr("Sequence numbers")])
        self.setAccessibleName(self.tr("Shards"))
        self.setColumnCount(3)
        self.setMinimumWidth(200)
        self.setToolTip(self.tr("Shards map to partitions; a closed shard's children carry on "
                        "after it. Select one to start at a sequence number in it."))
        self.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def set_info(self, info: StreamInfo, palette: QPalette) -> None:
        self.clear()
        items: dict[str, QTreeWidgetItem] = {}
        for depth, shard in info.lineage():
            node = QTreeWidgetItem([shard.shard_id, shard.state, shard.range_text()])
            node.setForeground(1, QBrush(event_color(INSERT if shard.is_open else "", palette)))
            node.setData(0, Qt.ItemDataRole.UserRole, shard.shard_id)
            node.setToolTip(0, self.tr(
                "Parent: {value}").format(value=shard.parent_shard_id or self.tr('none (or trimmed)')))
            parent = items.get(shard.parent_shard_id or "") if depth else None
            if parent is not None:
                parent.addChild(node)
            else:
                self.addTopLevelItem(node)
            items[shard.shard_id] = node
        self.expandAll()

    def selected_shard(self) -> str | None:
        item = self.currentItem()
        shard = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        return shard if isinstance(shard, str) else None

    def select(self, shard_id: str) -> None:
        flags = Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive
        for item in self.findItems(shard_id, flags):
            self.setCurrentItem(item)
