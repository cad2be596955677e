"""The note that a newer version is out: read about it, skip it, or be told again later."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from dynoview import APP_NAME
from dynoview.core.updates.feed import Release
from dynoview.ui.message_bar import MessageBar


class UpdateNotice(MessageBar):
    """In the window, above its tabs. ``open_page``, ``skip`` and ``later`` are its buttons;
    installing is the user's."""

    def __init__(self, release: Release, current: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.release = release
        self.setObjectName("update-notice")
        self.setAccessibleName(f"{APP_NAME} {release.version}")
        self.setText(self.tr(
            "{APP_NAME} {version} is available. You have {current}.").format(
                APP_NAME=APP_NAME, version=release.version, current=current))
        self.setInformativeText(self.tr("Its page says what changed and how to install it. "
                                "{APP_NAME} does not install anything itself.").format(APP_NAME=APP_NAME))
        self.open_page = self.addButton(self.tr("Open its page"))
        self.skip = self.addButton(self.tr("Skip this version"))
        self.later = self.addButton(self.tr("Later"))


class UnsavedNote(MessageBar):
    """Says that an answer (the one-time question's, or skipping a version) applies for this
    session only: the config folder could not take it. ``ok`` closes it."""

    def __init__(self, text: str, informative: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("update-unsaved")
        self.setAccessibleName(text)
        self.setText(text)
        self.setInformativeText(informative)
        self.ok = self.addButton(self.tr("OK"))
