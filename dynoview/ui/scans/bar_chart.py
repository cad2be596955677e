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
    QLocale,
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


LABEL_CHARS = 18  # a category label longer than this may be cut (its bar's tooltip has it whole)
LABEL_GAP = 4  # pixels between two category labels


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
    """A count with the window language's separators ("1,204" in English, "1 204" in French)."""
    locale = QLocale()
    return locale.toString(int(value)) if value == int(value) else locale.toString(float(value), "f", 1)


def axis_title(title: str, fm: QFontMetrics, room: float) -> str:
    """``title`` whole when it fits in ``room`` pixels, else cut at its end with an ellipsis."""
    return fm.elidedText(title, Qt.TextElideMode.ElideRight, max(0, int(room)))


def category_label(label: str, centre: float, share: float, lo: float, hi: float,
                   fm: QFontMetrics) -> tuple[QRectF, str]:
    """Where a bar's label goes on one line: centred under the bar at ``centre`` when it can be,
    else moved just enough to stay within [``lo``, ``hi``]; cut in the middle with an ellipsis to
    its ``share`` of the axis less a gap each side, and to the room between ``lo`` and ``hi``."""
    room = min(share - 2 * LABEL_GAP, hi - lo)
    # In the middle: keys often share a prefix ("UNIQ#EMAIL#") and differ at the end.
    text = fm.elidedText(label, Qt.TextElideMode.ElideMiddle, max(0, int(room)))
    width = float(fm.horizontalAdvance(text))
    x = max(lo, min(centre - width / 2, hi - width))
    return QRectF(x, 0, width, fm.height()), text


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
        # Labels are spaced for the widest, up to LABEL_CHARS characters: a longer one is cut to
        # its share rather than leaving one or two labels on the whole axis.
        widest = min(max((fm.horizontalAdvance(b.label) for b in self.bars), default=0),
                     fm.averageCharWidth() * LABEL_CHARS)
        every = max(1, math.ceil((widest + 8) / max(slot, 1)))
        bottom = fm.height() + 10 + (fm.height() + 6 if self.x_title else 0)
        head = 10 + (fm.height() + 8 if self.title else 0)
        if self._marker_far(top):  # its note gets a strip of its own above the bars
            head += fm.height() + 4
        plot = QRectF(left, head, max(self.width() - left - 16, 10), max(self.height() - head - bottom, 10))
        return plot, every

    def _marker_far(self, top: float) -> bool:
        """The marker is off the axis (its note goes above the plot, not over the bars)."""
        return self.marker is not None and self.marker[0] > top

    def labels(self, layout: tuple[QRectF, int] | None = None) -> list[tuple[int, QRectF, str]]:
        """The category labels drawn under the axis: (bar, rect, text) for every ``every``-th bar,
        all right of the value axis' ticks (the "0 bytes" tick sits level with them) and inside
        the widget. The first then starts at the axis, past its bar's centre: a label that would
        run into it is moved right while it stays under its own bar, else left out. ``layout``:
        ``_layout()`` when the caller has it already (a paint measures every label once)."""
        if not self.bars:
            return []
        plot, every = layout or self._layout()
        fm = QFontMetrics(self.font())
        slot_w = plot.width() / len(self.bars)
        out: list[tuple[int, QRectF, str]] = []
        for i in range(0, len(self.bars), every):
            rect, text = category_label(self.bars[i].label, plot.left() + (i + 0.5) * slot_w, slot_w * every,
                                        plot.left(), self.width(), fm)
            if out:
                clear = out[-1][1].right() + LABEL_GAP
                if rect.left() < clear:
                    if clear - rect.left() > slot_w / 2 or clear + rect.width() > self.width():
                        continue
                    rect.moveLeft(clear)
            if text:
                out.append((i, rect.translated(0, plot.bottom() + 4), text))
        return out

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
        box = self._marker_box(plot, top, fm)
        self._paint_bars(p, plot, top, pal, box, fm)
        for _i, rect, label in self.labels((plot, every)):
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
        if self.marker:
            self._paint_marker(p, plot, top, *self.marker, pal, fm, box)

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

    def _marker_box(self, plot: QRectF, top: float, fm: QFontMetrics) -> tuple[QRectF, str] | None:
        """An off-axis marker's note and its box, in the strip ``_layout`` kept above the plot."""
        if self.marker is None or not self._marker_far(top):
            return None
        text = fm.elidedText(QCoreApplication.translate(
            "BarChart", "↑ {label} (far above the axis)").format(
                label=self.marker[1]), Qt.TextElideMode.ElideRight, int(plot.width()) - 8)
        width = fm.horizontalAdvance(text) + 6
        return QRectF(plot.right() - width - 2, plot.top() - fm.height() - 4, width, fm.height() + 2), text

    def _paint_bars(self, p: QPainter, plot: QRectF, top: float, pal: QPalette,
                    box: tuple[QRectF, str] | None, fm: QFontMetrics) -> None:
        """Each bar with its selection frame and its value above it (when it fits; inside the
        bar's top when the marker's note takes the room above)."""
        text, highlight = pal.color(QPalette.ColorRole.WindowText), pal.color(QPalette.ColorRole.Highlight)
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
                where = QRectF(x - 20, y - fm.height() - 2, width + 40, fm.height())
                if box is not None and where.intersects(box[0]):
                    if rect.height() < fm.height() + 4:
                        continue  # no room inside either: the tooltip still says it
                    where.moveTop(y + 2)
                    p.setPen(pal.color(QPalette.ColorRole.HighlightedText))
                p.drawText(where, Qt.AlignmentFlag.AlignCenter, self.value_format(bar.value))

    @staticmethod
    def _paint_marker(p: QPainter, plot: QRectF, top: float, value: float, label: str, pal: QPalette,
                      fm: QFontMetrics, box: tuple[QRectF, str] | None) -> None:
        p.setPen(QPen(warning_color(pal), 2, Qt.PenStyle.DashLine))
        if box is None:
            y = _value_y(plot, top, value)
            p.drawLine(int(plot.left()), int(y), int(plot.right()), int(y))
            p.drawText(QRectF(plot.left() + 4, y - fm.height() - 2, plot.width() - 8, fm.height()),
                       Qt.AlignmentFlag.AlignRight, label)
        else:  # far above the data: said above the plot rather than squash every bar or hide their tops
            p.fillRect(box[0], pal.color(QPalette.ColorRole.Window))
            p.drawText(box[0], Qt.AlignmentFlag.AlignCenter, box[1])

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
