"""The note over the builder after a start: "Restored 4 unsent actions from your last
session", with Discard and Keep; or, in the error tone, why nothing was restored."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role


class RestoreNote(QFrame):
    """"Restored 4 unsent actions from your last session", with Discard; or why nothing was."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("restore-note")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.text = plain_label(QLabel())
        self.text.setWordWrap(True)
        self.text.setObjectName("restore-note-text")
        self.discard_button = QPushButton(self.tr("Discard"))
        self.discard_button.setToolTip(self.tr("Throw the restored work away (Ctrl+Z brings it back)"))
        self.close_button = QPushButton(self.tr("Keep"))
        self.close_button.setToolTip(self.tr("Keep the restored work and hide this note"))
        self.close_button.clicked.connect(self.hide)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        row.addWidget(self.text, 1)
        row.addWidget(self.discard_button)
        row.addWidget(self.close_button)
        self.hide()

    def show_text(self, text: str, *, restored: bool) -> None:
        self.text.setText(text)
        set_role(self.text, "hint" if restored else "error")
        self.discard_button.setVisible(restored)
        self.close_button.setText(self.tr("Keep") if restored else self.tr("OK"))
        self.show()
