"""The exact request body the builder sends, one line as on the wire (or indented for reading),
with a button that copies the exact bytes."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QCheckBox, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from dynoview.core.tx.wire import formatted
from dynoview.ui.builder.dialogs import JsonHighlighter
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.plain_text import plain_label


class PreviewView(QWidget):
    """``set_text(text)`` with the exact body ("" when there is nothing to send)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.preview_view = QPlainTextEdit()
        self.preview_view.setReadOnly(True)
        self.preview_view.setFont(QFont("monospace"))
        self.preview_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.preview_view.setAccessibleName(self.tr("Exact request body"))
        # The empty builder's hint, where it is seen (the Problems tab may be behind).
        self.preview_view.setPlaceholderText(self.tr("Nothing to send yet: add an action (Add action), start "
                                             "from a template (Templates) or import a request "
                                             "(Import JSON)."))
        self._highlighter = JsonHighlighter(self.preview_view.document())
        self.formatted_box = QCheckBox(self.tr(
            "Formatted (for reading; the exact bytes are the unformatted view)"))
        self.copy_button = QPushButton(self.tr("Copy exact request"))
        layout = QVBoxLayout(self)
        layout.addWidget(plain_label(QLabel(self.tr("Exact request body (what is sent)"))))
        layout.addWidget(self.preview_view, 1)
        row = FlowLayout()
        row.addWidget(self.formatted_box)
        row.addStretch()
        row.addWidget(self.copy_button)
        layout.addLayout(row)
        self.formatted_box.toggled.connect(lambda _on: self.set_text(self.text))
        self.copy_button.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text))

    def set_text(self, text: str) -> None:
        self.text = text
        shown = formatted(text) if text and self.formatted_box.isChecked() else text
        if self.preview_view.toPlainText() != shown:
            self.preview_view.setPlainText(shown)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:
            self._highlighter.rehighlight()  # the JSON colours of the theme now shown
        super().changeEvent(event)
