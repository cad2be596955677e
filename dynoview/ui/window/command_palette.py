"""Command palette (Ctrl+K / Ctrl+P): type part of a table or command name, press Enter.

Matching is fuzzy and Qt-free (``rank``): every word typed must appear in the title, as a
substring or as letters in order ("acc" finds "accounts", "rfr tab" finds "Refresh tables").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.ui.accessible import name_clear_button
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role, set_sheets
from dynoview.ui.windows import bring_to_front

TABLE = QT_TRANSLATE_NOOP("window.command_palette", "Table")
RECENT = QT_TRANSLATE_NOOP("window.command_palette", "Recent table")
COMMAND = QT_TRANSLATE_NOOP("window.command_palette", "Command")
KIND_ORDER = {RECENT: 0, TABLE: 1, COMMAND: 2}
EntryRole = Qt.ItemDataRole.UserRole + 1
VISIBLE_ROWS = 12  # the list grows to this many rows, then scrolls


@dataclass(frozen=True)
class PaletteEntry:
    title: str
    kind: str
    run: Callable[[], object]
    detail: str = ""  # a shortcut or a hint, shown on the right


def match_score(query: str, text: str) -> int | None:
    """How well one query word matches ``text`` (higher is better), None if it does not."""
    q, t = query.lower(), text.lower()
    if not q:
        return 0
    at = t.find(q)
    if at >= 0:
        word_start = at == 0 or not t[at - 1].isalnum()
        return 1000 - at + (500 if word_start else 0) + (300 if t == q else 0)
    # Letters in order: fewer gaps and letters at word starts score higher.
    score, pos, prev = 100, 0, -2
    for ch in q:
        found = t.find(ch, pos)
        if found < 0:
            return None
        if found == prev + 1:
            score += 5
        elif found > 0 and not t[found - 1].isalnum():
            score += 3
        else:
            score -= found - pos
        prev, pos = found, found + 1
    return score


def rank(query: str, entries: Sequence[PaletteEntry], limit: int = 200) -> list[PaletteEntry]:
    """Entries matching every word of ``query``, best first; recent tables first when empty."""
    words = query.split()
    scored: list[tuple[int, int, int, PaletteEntry]] = []
    for i, entry in enumerate(entries):
        total = 0
        for word in words:
            s = match_score(word, entry.title)
            if s is None:
                break
            total += s
        else:
            scored.append((-total, KIND_ORDER.get(entry.kind, 9), i, entry))
    scored.sort(key=lambda t: t[:3])
    return [t[3] for t in scored[:limit]]


#: The palette's frame (a popup: no title bar), a roomy search box, a list without its own frame.
_SHEET = ("QDialog#command-palette {{ border: 1px solid {edge}; }} "
          "QLineEdit {{ padding: 6px 8px; font-size: 11pt; }} "
          "QTreeWidget {{ border: none; }} QTreeWidget::item {{ padding: 4px 6px; }}")


class CommandPalette(QDialog):
    """A search box over tables and commands; Enter runs the highlighted entry."""

    def __init__(self, provider: Callable[[], list[PaletteEntry]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("command-palette")
        set_sheets(self, _SHEET.format(edge="#9aa0a6"), _SHEET.format(edge="#5f6368"))
        self.setWindowTitle(self.tr("Go to table or command"))
        self.provider = provider
        self.entries: list[PaletteEntry] = []
        self.query = QLineEdit()
        self.query.setPlaceholderText(self.tr("Type a table or command name; Enter opens it"))
        self.query.setClearButtonEnabled(True)
        name_clear_button(self.query)
        self.query.setAccessibleName(self.tr("Table or command name"))
        # Two columns: what the entry is, and its shortcut right-aligned (as menus show them).
        self.list = QTreeWidget()
        self.list.setAccessibleName(self.tr("Matching tables and commands"))
        self.list.setColumnCount(2)
        self.list.setHeaderHidden(True)
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setAllColumnsShowFocus(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.header().setStretchLastSection(False)
        self.list.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.list.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.hint = plain_label(QLabel(self._keys_hint()))
        set_role(self.hint, "hint")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addWidget(self.query)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.hint)
        self.query.textChanged.connect(self._refilter)
        self.query.returnPressed.connect(self.activate_current)
        self.list.itemActivated.connect(lambda _item, _col: self.activate_current())
        self.query.installEventFilter(self)
        self.setMinimumWidth(420)

    def popup(self, text: str = "") -> None:
        """Show the palette over the parent window with fresh entries."""
        self.entries = self.provider()
        self.query.setText(text)
        self._refilter(text)
        parent = self.parentWidget()
        if parent is not None:
            width = max(420, min(640, parent.width() - 80))
            self.resize(width, self.height())
            top_left = parent.mapToGlobal(parent.rect().topLeft())
            self.move(top_left.x() + (parent.width() - width) // 2, top_left.y() + 60)
        bring_to_front(self)
        self.query.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.query.selectAll()

    def _refilter(self, text: str) -> None:
        self.list.clear()
        for entry in rank(text, self.entries):
            kind = QCoreApplication.translate("window.command_palette", entry.kind)
            item = QTreeWidgetItem([f"{kind}: {entry.title}", entry.detail])
            item.setData(0, EntryRole, entry)
            item.setToolTip(0, entry.title)
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.list.addTopLevelItem(item)
        first = self.list.topLevelItem(0)
        if first is not None:
            self.list.setCurrentItem(first)
        # An empty list alone looked like the palette had failed: say that nothing matched.
        self.hint.setText(self._keys_hint() if first is not None or not text.strip() else self.tr(
            "No table or command matches “{text}”: the palette opens tables and the menus' "
            "commands.").format(text=text.strip()))
        self._fit_height()

    def _keys_hint(self) -> str:
        return self.tr("↑↓ to choose · Enter to open · Esc to close")

    def _fit_height(self) -> None:
        """As tall as the matches (up to ``VISIBLE_ROWS``), so a short list is not a big box."""
        rows = max(3, min(VISIBLE_ROWS, self.list.topLevelItemCount()))
        row_height = self.list.sizeHintForRow(0) if self.list.topLevelItemCount() else 0
        row_height = row_height if row_height > 0 else self.fontMetrics().height() + 8
        self.list.setFixedHeight(rows * row_height + 2 * self.list.frameWidth() + 4)
        layout = self.layout()
        if layout is not None:
            layout.activate()
            self.resize(self.width(), layout.sizeHint().height())

    def shown_titles(self) -> list[str]:
        items = (self.list.topLevelItem(r) for r in range(self.list.topLevelItemCount()))
        return [item.data(0, EntryRole).title for item in items if item is not None]

    def activate_current(self) -> None:
        item = self.list.currentItem()
        if item is None:
            return
        entry: PaletteEntry = item.data(0, EntryRole)
        self.hide()
        entry.run()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up/Down/PageUp/PageDown in the search box move through the list."""
        count = self.list.topLevelItemCount()
        if watched is self.query and isinstance(event, QKeyEvent) and count:
            step = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1, Qt.Key.Key_PageUp: -8,
                    Qt.Key.Key_PageDown: 8}.get(Qt.Key(event.key()))
            if step is not None and event.type() == QEvent.Type.KeyPress:
                item = self.list.currentItem()
                current = self.list.indexOfTopLevelItem(item) if item is not None else -1
                target = self.list.topLevelItem(min(max(current + step, 0), count - 1))
                if target is not None:
                    self.list.setCurrentItem(target)
                return True
        return super().eventFilter(watched, event)
