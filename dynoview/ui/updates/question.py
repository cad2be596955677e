"""The one-time question: may DynoView look for new versions?"""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtWidgets import QWidget

from dynoview import APP_NAME
from dynoview.ui.message_bar import MessageBar


class ConsentQuestion(MessageBar):
    """In the window, above its tabs: the window stays usable while the question waits, and
    nothing covers it. ``yes``/``no`` are its buttons."""

    def __init__(self, feed: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("update-consent")
        self.setAccessibleName(self.tr("{APP_NAME}: new versions").format(APP_NAME=APP_NAME))
        self.setText(self.tr("Check for new versions of {APP_NAME} once a day?").format(APP_NAME=APP_NAME))
        self.setInformativeText(
            self.tr("{APP_NAME} would ask {urlsplit} for the number of the newest "
            "version and tell you when there is one. It sends nothing about you, your connections "
            "or your tables, and never installs anything itself. You are asked once.").format(
                APP_NAME=APP_NAME, urlsplit=urlsplit(feed).netloc or feed))
        self.yes = self.addButton(self.tr("Check daily"))
        self.no = self.addButton(self.tr("Don't check"))
