"""File → Settings… → Updates: the one-time question's answer, shown and changed later.

"Check for new versions daily" is ticked when the user agreed. OK applies a change at once
through the window's ``UpdateController.set_enabled`` (saved in the update check's state file,
``dynoview.core.updates.state``): unticked, no check runs from then on; ticked, it is consent.
Left as it was, nothing is written (a user never asked stays never asked).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout, QWidget

from dynoview import APP_NAME
from dynoview.core.updates.check import UpdateChecker
from dynoview.ui.plain_text import plain_label
from dynoview.ui.updates.controller import window_controller


class UpdateSwitch(QWidget):
    """The check box and what it means; ``save`` applies a change (never raises: an answer
    that cannot be saved applies for the session, and the window's note says so)."""

    def __init__(self, window: QWidget | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("update-section")
        self._window = window
        controller = getattr(window, "updates", None)
        self.checker: UpdateChecker = getattr(controller, "checker", None) or UpdateChecker()
        self.was_on = self.checker.state().consent is True
        self.box = QCheckBox(self.tr("Check for new &versions daily"), self)
        self.box.setObjectName("update-check-daily")
        self.box.setChecked(self.was_on)
        host = urlsplit(self.checker.url).netloc or self.checker.url
        self.note = plain_label(QLabel(self.tr(
            "{APP_NAME} asks {host} for the number of the newest version, at most once a day, and "
            "sends nothing about you, your connections or your tables. It never installs "
            "anything.").format(APP_NAME=APP_NAME, host=host), self))  # host: DYNOVIEW_UPDATE_FEED
        self.note.setObjectName("update-check-note")
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.box)
        layout.addWidget(self.note)

    def save(self) -> None:
        on = self.box.isChecked()
        if on == self.was_on:
            return
        if self._window is not None:
            window_controller(self._window).set_enabled(on)
        else:  # a dialog without a window (tests): the state file only
            self.checker.answer(on)
        self.was_on = on
