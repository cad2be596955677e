"""A small QPainter bar chart: axes, ticks, labels, tooltips, click and keyboard
selection, PNG export, drawn from the widget palette so it reads in light and dark themes.

Qt Charts was not used: it is deprecated since Qt 6.10 and ships only in the large
PySide6-Addons wheel.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QEvent,
    QIODevice,
    QPoint,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import (
    QSizePolicy,
    QToolTip,
    QWidget,
)

from dynoview.core.errors import DynoViewError
from dynoview.core.session.private_files import write_private_bytes
from dynoview.ui.plain_text import plain_tooltip
from dynoview.ui.tones import warning_color


@dataclass
class Bar:
    """One bar: its category label, value, optional colour and tooltip text."""

    label: str
    value: float
    color: QColor | None = None
    tooltip: str = ""


def nice_axis(maximum: float, ticks: int = 5, integer: bool = True) -> tuple[float, float]:
    """An axis top and tick step on 1-2-5 multiples, at least ``maximum``."""
    if maximum <= 0:
        return (float(ticks), 1.0) if integer else (1.0, 0.2)
    raw = maximum / ticks
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    if integer:
        step = max(1.0, math.ceil(step))
    top = math.ceil(maximum / step) * step
    return float(top), float(step)


def _count_format(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"


def axis_title(title: str, fm: QFontMetrics, room: float) -> str:
    """``title`` whole when it fits in ``room`` pixels, else cut at its end with an ellipsis."""
    return fm.elidedText(title, Qt.TextElideMode.ElideRight, max(0, int(room)))


def _value_y(plot: QRectF, top: float, value: float) -> float:
    """The y coordinate of ``value`` on a value axis running from 0 to ``top``, clamped to the top."""
    return plot.bottom() - (min(value, top) / top) * plot.height() if top else plot.bottom()


class BarChart(QWidget):
    """A vertical bar chart with a value axis, category labels, axis titles, tooltips,
    click/keyboard selection (``bar_clicked``) and an optional horizontal marker line."""

    bar_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = ""
        self.x_title = ""
        self.y_title = ""
        self.bars: list[Bar] = []
        self.selected: int | None = None
        self.integer_axis = True
        self.value_format: Callable[[float], str] = _count_format
        self.marker: tuple[float, str] | None = None
        self.empty_text = self.tr("No data")
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(180)

    # -- data ----------------------------------------------------------------
    def set_bars(self, bars: Sequence[Bar], *, title: str | None = None) -> None:
        self.bars = list(bars)
        if title is not None:
            self.title = title
        if self.selected is not None and self.selected >= len(self.bars):
            self.selected = None
        self.update()

    def set_marker(self, value: float | None, label: str = "") -> None:
        self.marker = None if value is None else (value, label)
        self.update()

    def select(self, index: int | None, *, emit: bool = True) -> None:
        if index is not None and not 0 <= index < len(self.bars):
            return
        self.selected = index
        self.update()
        if emit and index is not None:
            self.bar_clicked.emit(index)

    def sizeHint(self) -> QSize:
        return QSize(640, 280)

    def minimumSizeHint(self) -> QSize:
        return QSize(240, 180)

    # -- geometry --------------------------------------------------------------
    def axis(self) -> tuple[float, float]:
        top = max((b.value for b in self.bars), default=0.0)
        if self.marker and self.marker[0] <= max(top, 1) * 1.25:
            top = max(top, self.marker[0])  # a near marker stays on the chart
        return nice_axis(top, integer=self.integer_axis)

    def _layout(self) -> tuple[QRectF, int]:
        fm = QFontMetrics(self.font())
        top, _step = self.axis()
        tick_w = max(fm.horizontalAdvance(self.value_format(top)), fm.horizontalAdvance("0"))
        left = 10 + (fm.height() + 6 if self.y_title else 0) + tick_w + 8
        slot = (self.width() - left - 16) / max(len(self.bars), 1)
        widest = max((fm.horizontalAdvance(b.label) for b in self.bars), default=0)
        every = max(1, math.ceil((widest + 8) / max(slot, 1)))
        bottom = fm.height() + 10 + (fm.height() + 6 if self.x_title else 0)
        head = 10 + (fm.height() + 8 if self.title else 0)
        plot = QRectF(left, head, max(self.width() - left - 16, 10), max(self.height() - head - bottom, 10))
        return plot, every

    def slots(self) -> list[QRectF]:
        """Each bar's clickable area: its column of the plot plus its label below."""
        if not self.bars:
            return []
        plot, _every = self._layout()
        fm = QFontMetrics(self.font())
        slot_w = plot.width() / len(self.bars)
        return [QRectF(plot.left() + i * slot_w, plot.top(), slot_w, plot.height() + fm.height() + 8)
                for i in range(len(self.bars))]

    def bar_at(self, pos: QPoint) -> int | None:
        for i, rect in enumerate(self.slots()):
            if rect.contains(pos.toPointF()):
                return i
        return None

    def bar_rect(self, index: int) -> QRectF:
        """The area of bar ``index`` in widget coordinates (what a click on it hits)."""
        return self.slots()[index]

    # -- painting --------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self._paint(painter)
        finally:
            painter.end()

    def _paint(self, p: QPainter) -> None:
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.WindowText)
        grid = QColor(text)
        grid.setAlpha(45)
        p.fillRect(self.rect(), pal.color(QPalette.ColorRole.Base))
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        fm = QFontMetrics(self.font())
        plot, every = self._layout()
        if self.title:
            self._paint_title(p, text, fm)
        top, step = self.axis()
        self._paint_value_axis(p, plot, top, step, text, grid, fm)
        self._paint_axes(p, plot, text, fm)
        if not self.bars:
            p.drawText(plot, Qt.AlignmentFlag.AlignCenter, self.empty_text)
            return
        self._paint_bars(p, plot, every, top, text, pal.color(QPalette.ColorRole.Highlight), fm)
        if self.marker:
            self._paint_marker(p, plot, top, *self.marker, pal, fm)

    def _paint_title(self, p: QPainter, text: QColor, fm: QFontMetrics) -> None:
        bold = self.font()
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(text)
        p.drawText(QRectF(0, 4, self.width(), fm.height() + 4), Qt.AlignmentFlag.AlignCenter, self.title)
        p.setFont(self.font())

    def _paint_value_axis(self, p: QPainter, plot: QRectF, top: float, step: float, text: QColor,
                          grid: QColor, fm: QFontMetrics) -> None:
        """Horizontal grid lines with their tick labels left of the plot."""
        p.setPen(text)
        ticks = round(top / step) if step else 0
        for i in range(ticks + 1):
            value = i * step
            y = _value_y(plot, top, value)
            p.setPen(QPen(grid, 1))
            p.drawLine(int(plot.left()), int(y), int(plot.right()), int(y))
            p.setPen(text)
            label = self.value_format(value)
            p.drawText(QRectF(0, y - fm.height() / 2, plot.left() - 6, fm.height()),
                       Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, label)

    def _paint_axes(self, p: QPainter, plot: QRectF, text: QColor, fm: QFontMetrics) -> None:
        """Both axis lines and, when set, their titles."""
        p.setPen(QPen(text, 1))
        p.drawLine(int(plot.left()), int(plot.top()), int(plot.left()), int(plot.bottom()))
        p.drawLine(int(plot.left()), int(plot.bottom()), int(plot.right()), int(plot.bottom()))
        # A title longer than its axis is elided at its end: centred whole, a short chart cut
        # both ends off ("llection si" for "collection size").
        if self.y_title:
            p.save()
            p.translate(10 + fm.ascent(), plot.center().y())
            p.rotate(-90)
            p.drawText(QRectF(-plot.height() / 2, -fm.ascent(), plot.height(), fm.height()),
                       Qt.AlignmentFlag.AlignCenter, axis_title(self.y_title, fm, plot.height()))
            p.restore()
        if self.x_title:
            p.drawText(QRectF(plot.left(), self.height() - fm.height() - 4, plot.width(), fm.height()),
                       Qt.AlignmentFlag.AlignCenter, axis_title(self.x_title, fm, plot.width()))

    def _paint_bars(self, p: QPainter, plot: QRectF, every: int, top: float, text: QColor,
                    highlight: QColor, fm: QFontMetrics) -> None:
        """Each bar with its selection frame, its value above it (when it fits) and every
        ``every``-th category label below the axis."""
        slot_w = plot.width() / len(self.bars)
        for i, bar in enumerate(self.bars):
            width = max(slot_w * 0.7, 1.0)
            x = plot.left() + i * slot_w + (slot_w - width) / 2
            y = _value_y(plot, top, bar.value)
            color = QColor(bar.color or highlight)
            rect = QRectF(x, y, width, plot.bottom() - y)
            if bar.value > 0:
                p.fillRect(rect, color)
            if i == self.selected:
                p.setPen(QPen(text, 2, Qt.PenStyle.DashLine))
                p.drawRect(QRectF(x - 2, plot.top(), width + 4, plot.height()))
            p.setPen(text)
            if bar.value > 0 and fm.horizontalAdvance(self.value_format(bar.value)) <= slot_w + 6:
                p.drawText(QRectF(x - 20, y - fm.height() - 2, width + 40, fm.height()),
                           Qt.AlignmentFlag.AlignCenter, self.value_format(bar.value))
            if i % every == 0:
                p.drawText(QRectF(plot.left() + i * slot_w - slot_w * (every - 1) / 2, plot.bottom() + 4,
                                  slot_w * every, fm.height()),
                           Qt.AlignmentFlag.AlignCenter, bar.label)

    @staticmethod
    def _paint_marker(p: QPainter, plot: QRectF, top: float, value: float, label: str, pal: QPalette,
                      fm: QFontMetrics) -> None:
        p.setPen(QPen(warning_color(pal), 2, Qt.PenStyle.DashLine))
        if value <= top:
            y = _value_y(plot, top, value)
            p.drawLine(int(plot.left()), int(y), int(plot.right()), int(y))
            p.drawText(QRectF(plot.left() + 4, y - fm.height() - 2, plot.width() - 8, fm.height()),
                       Qt.AlignmentFlag.AlignRight, label)
        else:  # far above the data: say so at the top edge rather than squash every bar
            # On a backing of the window's colour (the bars reach up to here), cut to the plot.
            text = fm.elidedText(QCoreApplication.translate(
                "BarChart", "↑ {label} (far above the axis)").format(
                    label=label), Qt.TextElideMode.ElideRight,
                                 int(plot.width()) - 8)
            width = fm.horizontalAdvance(text) + 6
            box = QRectF(plot.right() - width - 2, plot.top(), width, fm.height() + 2)
            p.fillRect(box, pal.color(QPalette.ColorRole.Window))
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    # -- interaction -----------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.bar_at(event.pos())
            if index is None:
                QToolTip.hideText()
            else:
                bar = self.bars[index]
                # Bars are named after key values: shown as their characters, never as HTML.
                QToolTip.showText(event.globalPos(), plain_tooltip(
                    bar.tooltip or f"{bar.label}: {self.value_format(bar.value)}"), self)
            return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.bar_at(event.position().toPoint())
        if index is not None and event.button() == Qt.MouseButton.LeftButton:
            self.select(index)
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.bars:
            super().keyPressEvent(event)
            return
        current = self.selected if self.selected is not None else -1
        if event.key() == Qt.Key.Key_Right:
            self.select(min(current + 1, len(self.bars) - 1))
        elif event.key() == Qt.Key.Key_Left:
            self.select(max(current - 1, 0))
        else:
            super().keyPressEvent(event)

    def save_png(self, path: str) -> bool:
        """Write the chart as it looks now (palette included) to a PNG file (0600, like every
        file the app writes: Qt's own save would create it with the umask's mode)."""
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not self.grab().save(buffer, "PNG"):
            return False
        buffer.close()
        try:
            write_private_bytes(path, bytes(data.data()))
        except (OSError, DynoViewError, ValueError):  # a folder, a link, a NUL in the name
            return False
        return True


# --------------------------------------------------------------------------- panel
