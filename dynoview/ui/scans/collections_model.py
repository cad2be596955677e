"""The capacity panel's table: one row per partition key value, largest item collection
first, likely hot keys highlighted; ``StatRole`` gives the row's ``CollectionStat``."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QFont, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from dynoview.core.reads.capacity import CollectionStat, PartitionReport
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.i18n.formats import number
from dynoview.ui.plain_text import plain_tooltip
from dynoview.ui.scans.sizes import share_text, size_text
from dynoview.ui.tones import caution_background

COLUMNS = (QT_TRANSLATE_NOOP("scans.collections_model", "Partition key"),
           QT_TRANSLATE_NOOP("scans.collections_model", "Items"),
           QT_TRANSLATE_NOOP("scans.collections_model", "Table bytes"),
           QT_TRANSLATE_NOOP("scans.collections_model", "LSI bytes"),
           QT_TRANSLATE_NOOP("scans.collections_model", "Total"),
           QT_TRANSLATE_NOOP("scans.collections_model", "Of 10 GB limit"),
           QT_TRANSLATE_NOOP("scans.collections_model", "Hot?"))
StatRole = Qt.ItemDataRole.UserRole + 1
AnyIndex = QModelIndex | QPersistentModelIndex


class CollectionsModel(QAbstractTableModel):
    """One row per partition key value, largest collection first; hot keys highlighted."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.report: PartitionReport | None = None
        self._rows: tuple[CollectionStat, ...] = ()
        self._hot: dict[int, str] = {}  # by the stat's identity: two long keys can show one cut text

    def set_report(self, report: PartitionReport | None) -> None:
        self.beginResetModel()
        self.report = report
        self._rows = report.collections if report else ()
        self._hot = {id(h.stat): h.reason for h in report.hot_keys} if report else {}
        self.endResetModel()

    def stat(self, row: int) -> CollectionStat:
        return self._rows[row]

    def is_hot(self, row: int) -> bool:
        return id(self._rows[row]) in self._hot

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("scans.collections_model", COLUMNS[section])
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return (self.tr("Item collection size: table items plus their LSI entries (the 10 GB limit "
                    "counts both)")) if section in (4, 5) else None
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        stat = self._rows[index.row()]
        col = index.column()
        hot = id(stat) in self._hot
        has_lsi = bool(self.report and self.report.has_lsi)
        if role == StatRole:
            return stat
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                stat.key_text,
                number(stat.items),
                size_text(stat.table_bytes),
                size_text(stat.lsi_bytes) if has_lsi else self.tr("no LSI"),
                size_text(stat.total_bytes),
                share_text(stat.limit_fraction) if has_lsi else self.tr("no limit"),
                self.tr("likely hot") if hot else "",
            )[col]
        if role == Qt.ItemDataRole.ToolTipRole:
            if hot:
                # The key value is the table's: escaped, or Qt would render one that looks like HTML.
                return plain_tooltip(f"{stat.key_text} {self._hot[id(stat)]}")
            if col == 5 and not has_lsi:
                return self.tr("Without a local secondary index an item collection has no size limit.")
            return None
        if role == Qt.ItemDataRole.BackgroundRole and hot:
            return QBrush(caution_background(self._palette()))
        if role == Qt.ItemDataRole.FontRole and hot:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (1, 2, 3, 4, 5):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _palette(self) -> QPalette:
        view = self.parent()
        return view.palette() if isinstance(view, QWidget) else QApplication.palette()
