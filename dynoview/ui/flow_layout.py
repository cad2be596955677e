"""A layout that puts widgets in a row and wraps them onto more rows when the width runs out.

Toolbars and form rows use it so a panel fits a 1024x700 window (each row wraps instead of
pushing the window wider than the screen) and still reads as one row on a wide one.
``addStretch()`` works as in ``QHBoxLayout`` within a row: what follows it goes to the right
end of its row; widgets that expand horizontally (line edits) take a row's spare room first.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QSpacerItem, QWidget


class FlowLayout(QLayout):
    """Left to right, wrapping; the height for a width is reported (``hasHeightForWidth``)
    so the layouts around it give a wrapped row the room it needs."""

    def __init__(self, parent: QWidget | None = None, spacing: int = -1) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._spacing = spacing
        # What the layouts around ask again and again for the same widths while a window is
        # laid out (30 times for 7 widths before the first paint); Qt's own box layouts keep
        # the same, until ``invalidate()``.
        self._heights: dict[int, int] = {}
        self._hints: tuple[QSize, QSize] | None = None  # (sizeHint, minimumSize)
        if parent is None:
            self.setContentsMargins(0, 0, 0, 0)  # nested, like a QHBoxLayout added to a layout

    # -- QLayout --------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self.invalidate()

    def invalidate(self) -> None:
        """An item was added, taken, shown, hidden or changed its size (Qt calls this)."""
        self._heights.clear()
        self._hints = None
        super().invalidate()

    def addWidgets(self, *widgets: QWidget) -> None:
        for widget in widgets:
            self.addWidget(widget)

    def addStretch(self) -> None:
        """What comes next goes to the right end of its row."""
        self.addItem(QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum))

    def count(self) -> int:
        return len(self._items)

    # Qt's contract is nullptr (None) past the end, which QLayout's stubs leave out.
    def itemAt(self, index: int) -> QLayoutItem | None:  # type: ignore[override]
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # type: ignore[override]
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        self.invalidate()
        return item

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._layout(QRect(0, 0, width, 0), apply=False)
        return height

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._layout(rect, apply=True)

    def sizeHint(self) -> QSize:
        """Everything on one row: what the layout asks for when there is room."""
        return QSize(self._sizes()[0])

    def minimumSize(self) -> QSize:
        """The widest single item: below that nothing can wrap any further."""
        return QSize(self._sizes()[1])

    def _sizes(self) -> tuple[QSize, QSize]:
        if self._hints is None:
            self._hints = (self._one_row_size(), self._widest_item())
        return self._hints

    def _one_row_size(self) -> QSize:
        width = height = 0
        shown = self._shown()
        for item in shown:
            hint = item.sizeHint()
            width += hint.width()
            height = max(height, hint.height())
        width += self._space() * max(0, len(shown) - 1)
        return QSize(width, height).grownBy(self.contentsMargins())

    def _widest_item(self) -> QSize:
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        return size.grownBy(self.contentsMargins())

    # -- layout ---------------------------------------------------------------------
    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if item.spacerItem() is not None or not item.isEmpty()]

    def _space(self) -> int:
        """The gap between items, across a row and between rows: the one given, else the
        enclosing layout's spacing, else the parent widget's style's layout spacing.

        Asked through ``QLayout.spacing`` (Qt's own "smart spacing", in C++), not from
        ``widget.style()`` in Python: a style object in Python makes PySide6 build QStyle's
        enums, ~10 ms of start-up (the read form lays out before the first paint). Fusion, the
        app's style everywhere (ui/theme.py), spaces layouts the same both ways.
        """
        if self._spacing >= 0:
            return self._spacing
        if self.parent() is None:
            return 6
        return max(0, QLayout.spacing(self))

    def _rows(self, width: int) -> list[list[tuple[QLayoutItem, int]]]:
        """Items per row with the width each gets before spare room is shared out."""
        rows: list[list[tuple[QLayoutItem, int]]] = [[]]
        used = 0
        space = self._space()
        for item in self._shown():
            if item.spacerItem() is not None:
                rows[-1].append((item, 0))
                continue
            hint = max(item.minimumSize().width(), item.sizeHint().width())
            item_width = min(hint, width)  # a single item wider than the row gets the row
            widgets = [i for i, _w in rows[-1] if i.spacerItem() is None]
            needed = item_width + (space if widgets else 0)
            if widgets and used + needed > width:
                # A stretch at the end of the row belongs to the row it starts.
                carried: list[tuple[QLayoutItem, int]] = []
                while rows[-1] and rows[-1][-1][0].spacerItem() is not None:
                    carried.insert(0, rows[-1].pop())
                rows.append(carried)
                used, needed = 0, item_width
            rows[-1].append((item, item_width))
            used += needed
        return [row for row in rows if any(i.spacerItem() is None for i, _w in row)]

    def _layout(self, rect: QRect, *, apply: bool) -> int:
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        width = max(1, area.width())
        space_x = space_y = self._space()
        y = area.y()
        rows = self._rows(width)
        for index, row in enumerate(rows):
            widgets = [(i, w) for i, w in row if i.spacerItem() is None]
            height = max(i.sizeHint().height() for i, _w in widgets)
            if apply:
                spare = width - sum(w for _i, w in widgets) - space_x * (len(widgets) - 1)
                growing = [i for i, _w in widgets
                           if i.expandingDirections() & Qt.Orientation.Horizontal]
                takers = growing or [i for i, _w in row if i.spacerItem() is not None]
                share, extra = divmod(max(0, spare), len(takers)) if takers else (0, 0)
                x = area.x()
                first = True
                for item, item_width in row:
                    if item in takers:
                        item_width += share + (1 if extra > 0 else 0)
                        extra -= 1
                    if item.spacerItem() is not None:
                        x += item_width
                        continue
                    if not first:
                        x += space_x
                    first = False
                    item_height = min(height, max(item.sizeHint().height(), item.minimumSize().height()))
                    top = y + (height - item_height) // 2
                    item.setGeometry(QRect(QPoint(x, top), QSize(item_width, item_height)))
                    x += item_width
            y += height + (space_y if index < len(rows) - 1 else 0)
        return y - area.y() + margins.top() + margins.bottom()
