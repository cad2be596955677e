"""The one-time question: may DynoView look for new versions?"""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtWidgets import QMessageBox, QWidget

from dynoview import APP_NAME


class ConsentQuestion(QMessageBox):
    """Non-modal: the window stays usable while the question waits. ``yes``/``no`` are its buttons."""

    def __init__(self, feed: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("update-consent")
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(f"{APP_NAME}: new versions")
        self.setText(f"Check for new versions of {APP_NAME} once a day?")
        self.setInformativeText(
            f"{APP_NAME} would ask {urlsplit(feed).netloc or feed} for the number of the newest "
            "version and tell you when there is one. It sends nothing about you, your connections "
            "or your tables, and never installs anything itself. You are asked once.")
        self.yes = self.addButton("Check daily", QMessageBox.ButtonRole.AcceptRole)
        self.no = self.addButton("Don't check", QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.yes)
        self.setEscapeButton(self.no)
        self.setModal(False)
