"""Live mode's status: what changed since it started, how much of the stream was read, and
what the watch had to say (KEYS_ONLY read-backs, lost records and the audit that re-seeded)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from dynoview.ui.i18n import context
from dynoview.ui.i18n.formats import clock_text
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.themed import set_role

LIVE_COUNTS = context("LIVE_COUNTS")  # plural texts (dynoview.ui.i18n.context)

#: Notices on screen (the newest, on one line); all of them in the tooltip.
NOTICES_SHOWN = 2


@dataclass
class LiveCounts:
    """What Live mode did since it started."""

    since: datetime
    new: int = 0
    resolved: int = 0
    changed: int = 0
    records: int = 0
    caught_up: bool = False
    seeding: bool = True
    notices: list[str] = field(default_factory=list)
    # The two tables followed when the locks have a table of their own: (accounts, locks).
    tables: tuple[str, str] | None = None

    def text(self) -> str:
        if self.seeding:
            return QCoreApplication.translate(
                "LiveCounts", "Live · starting at {since}: finding the stream and its first records…").format(
                    since=clock_text(self.since))
        # lupdate reads a plural's count only as a plain name: hence the locals.
        new, resolved, changed, records = self.new, self.resolved, self.changed, self.records
        parts = [LIVE_COUNTS.tr("Live · %Ln new since {since}", "", new)
                 .format(since=clock_text(self.since)),
                 LIVE_COUNTS.tr("%Ln resolved", "", resolved)]
        if changed:
            parts.append(LIVE_COUNTS.tr("%Ln changed", "", changed))
        parts.append(LIVE_COUNTS.tr("%Ln record(s) read", "", records))
        parts.append(QCoreApplication.translate(
            "LiveCounts", "up to date") if self.caught_up else QCoreApplication.translate(
                "LiveCounts", "catching up"))
        if self.tables is not None:
            parts.append(QCoreApplication.translate(
                "LiveCounts", "streams of {accounts} and its locks table {locks}").format(
                    accounts=self.tables[0], locks=self.tables[1]))
        return " · ".join(parts)


class ElidedLabel(QLabel):
    """One line, cut with "…" to the width it has; the whole text in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = ""
        plain_label(self)  # it quotes values and server errors
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_full_text(self, text: str, tip: str = "") -> None:
        self.full = text
        self.setToolTip(plain_tooltip(tip or text))
        self._elide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        self.setText(self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight,
                                                   max(0, self.width())))


class LiveBar(QWidget):
    """One line of Live counts, the watch's notices below it, and "Stream records…"."""

    records_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.status = plain_label(QLabel())  # may quote values and server errors
        self.status.setObjectName("liveStatus")
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.records_button = QPushButton(self.tr("Stream records…"))
        self.records_button.setToolTip(self.tr("The stream records that changed the selected row"))
        self.records_button.setEnabled(False)
        self.records_button.clicked.connect(self.records_requested)
        self.notices = ElidedLabel()  # one line: the findings keep the room (1024x700)
        set_role(self.notices, "hint")
        self.notices.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.status, 1)
        row.addWidget(self.records_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.notices)
        self.counts: LiveCounts | None = None
        self.hide()

    def begin(self, since: datetime) -> LiveCounts:
        self.counts = LiveCounts(since)
        self.notices.set_full_text("")
        self.notices.hide()
        self.show()
        self.refresh()
        return self.counts

    def end(self) -> None:
        self.counts = None
        self.records_button.setEnabled(False)
        self.hide()

    def refresh(self) -> None:
        c = self.counts
        if c is None:
            return
        text = c.text()
        self.status.setText(text)
        self.status.setToolTip(plain_tooltip(text))
        if c.notices:
            self.notices.set_full_text(" ".join(c.notices[-NOTICES_SHOWN:]), "\n\n".join(c.notices))
            self.notices.show()

    def add_notices(self, notices: list[str]) -> None:
        if self.counts is not None and notices:
            for notice in notices:
                if notice and notice not in self.counts.notices:
                    self.counts.notices.append(notice)
            self.refresh()
