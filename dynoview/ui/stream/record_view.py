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
from dynoview.core.values.visible_text import visible
from dynoview.ui.accessible import tab_leaves
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.items.detail import monospace
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.stream.events_model import event_color

NO_SELECTION = QT_TRANSLATE_NOOP("stream.record_view", "Select a record to see what changed.")


class StreamRecordView(QTabWidget):
    """Two tabs: the attribute diff of one record, and its JSON."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.diff = tab_leaves(QTableWidget(0, 4))
        self.diff.setAccessibleName(self.tr("Attributes changed, old and new"))
        self.diff.setHorizontalHeaderLabels([self.tr(
            "Attribute"), self.tr("Change"), self.tr("Old"), self.tr("New")])
        self.diff.verticalHeader().hide()
        self.diff.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.diff.horizontalHeader().setStretchLastSection(True)
        # Plain text: the title carries the item's keys, which are never read as HTML.
        self.diff_title = plain_label(QLabel(QCoreApplication.translate("stream.record_view", NO_SELECTION)))
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
        title = f"{visible(event.event_name)}, {event.label}: {event.key_text()} at {when}."
        side = event.missing_image()
        if side is not None:
            title += self._one_image_note(event, side)
        elif event.old_image is None and event.new_image is None:
            title += self.tr(" This stream carries keys only, so there is nothing to compare.")
        elif event.event_name == MODIFY and not event.diff:
            title += self.tr(" No attribute changed: the write stored the same values.")
        self.diff_title.setText(title)
        if side is not None:
            self._show_one_image(event, side)
        else:
            self._show_diff(event)
        self.diff.resizeColumnsToContents()
        self.record_json.setPlainText(json.dumps(event.to_json(), indent=2, ensure_ascii=False))

    def _one_image_note(self, event: StreamEvent, side: str) -> str:
        """Why there is no diff: the stream's view type leaves one side out."""
        view = visible(event.view_type or self.tr("unknown view type"))
        has_other = (event.new_image if side == "old" else event.old_image) is not None
        if side == "old" and has_other:
            return self.tr(" This stream ({view}) does not carry old images: the new image is below, "
                           "with nothing to compare it to.").format(view=view)
        if side == "new" and has_other:
            return self.tr(" This stream ({view}) does not carry new images: the old image is below, "
                           "with nothing to compare it to.").format(view=view)
        if side == "old":
            return self.tr(" This stream ({view}) does not carry old images, so only the keys "
                           "are known.").format(view=view)
        return self.tr(" This stream ({view}) does not carry new images, so only the keys "
                       "are known.").format(view=view)

    def _show_diff(self, event: StreamEvent) -> None:
        palette = self.palette()
        colors = {ADDED: event_color(INSERT, palette), REMOVED: event_color(REMOVE, palette),
                  CHANGED: event_color(MODIFY, palette)}
        self.diff.setRowCount(len(event.diff))
        for row, change in enumerate(event.diff):
            kind = self._set_row(row, visible(change.name), change.kind,
                                 display_text(change.old, 500) if change.old is not None else "",
                                 display_text(change.new, 500) if change.new is not None else "")
            kind.setForeground(QBrush(colors[change.kind]))

    def _show_one_image(self, event: StreamEvent, side: str) -> None:
        """The image the record has, its other side marked as not in this stream (never
        compared with nothing, which would read as every attribute added or removed)."""
        image = (event.new_image if side == "old" else event.old_image) or {}
        absent = self.tr("not in this stream")
        self.diff.setRowCount(len(image))
        for row, (name, av) in enumerate(image.items()):
            value = display_text(av, 500)
            self._set_row(row, visible(name), self.tr("not compared"),
                          absent if side == "old" else value, value if side == "old" else absent)
            missing = self.diff.item(row, 2 if side == "old" else 3)
            if missing is not None:  # italic: a note, not a value that reads "not in this stream"
                font = missing.font()
                font.setItalic(True)
                missing.setFont(font)

    def _set_row(self, row: int, name: str, kind: str, old: str, new: str) -> QTableWidgetItem:
        """Fill one row; returns its Change cell, for the caller to colour."""
        cells = [QTableWidgetItem(text) for text in (name, kind, old, new)]
        for col, cell in enumerate(cells):
            if col >= 2:
                cell.setToolTip(plain_tooltip(cell.text()))  # the item's value: never HTML
            self.diff.setItem(row, col, cell)
        return cells[1]


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
