"""The stream records that changed one row in Live mode: each event as ``dynoview watch``
prints it (``WatchEvent.text_lines``: event name, keys, time, old and new protected values,
the records of the same moment), newest first."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QTextBrowser, QVBoxLayout, QWidget

from dynoview.core.values.visible_text import visible
from dynoview.core.watch.events import WatchEvent
from dynoview.ui.plain_text import plain_label


def records_html(events: list[WatchEvent]) -> str:
    if not events:
        return QCoreApplication.translate(
            "locks.live_records", "<p>No stream record has changed this row since Live mode started.</p>")
    blocks = []
    for event in reversed(events):
        lines = [html.escape(visible(line)) for line in event.text_lines()]
        blocks.append(f"<pre style='white-space: pre-wrap'>{'<br>'.join(lines)}</pre>")
    return "<hr>".join(blocks)


class RecordsDialog(QDialog):
    """Non-modal: the records stay readable while the grid keeps changing."""

    def __init__(self, title: str, events: list[WatchEvent], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Stream records: {title}").format(title=title))
        self.resize(760, 420)
        self.events = list(events)
        n = len(self.events)
        changes = self.tr("%Ln change(s)", "", n)
        intro = plain_label(QLabel(self.tr("{changes} of this row since Live mode started, newest first. "
                       "“caused by” is the write; “same moment” the records written with it "
                       "(the rest of its transaction, as far as the stream shows it).").format(
                           changes=changes)))
        intro.setWordWrap(True)
        self.view = QTextBrowser()
        self.view.setAccessibleName(self.tr("Stream records of this row"))
        self.view.setHtml(records_html(self.events))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)

    def text(self) -> str:
        return self.view.toPlainText()
