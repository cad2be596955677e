"""A message box that offers the next step (Retry, Connect…) besides closing it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QPushButton, QWidget

from dynoview.core.errors import UserFacingError
from dynoview.ui.plain_text import plain_label


def next_step_box(parent: QWidget, err: UserFacingError, *,
                  retry: Callable[[], None] | None = None,
                  connect: Callable[[], None] | None = None) -> QMessageBox:
    """A non-modal warning with Retry and Connect… when given, and Close; opened already."""
    box = QMessageBox(QMessageBox.Icon.Warning, err.title, err.message,
                      QMessageBox.StandardButton.NoButton, parent)
    # Plain text: the message quotes the server's words (which echo names and values from the
    # request), and a box at AutoText renders text that looks like HTML as HTML.
    plain_label(box)
    box.setObjectName("next-step-box")
    steps: list[tuple[Callable[[], None], QPushButton]] = []
    if retry is not None:
        button = box.addButton(QMessageBox.StandardButton.Retry)
        button.setToolTip(QCoreApplication.translate("window.error_box", "Try the same connection again"))
        steps.append((retry, button))
    if connect is not None:
        button = box.addButton(QCoreApplication.translate(
            "window.error_box", "Connect…"), QMessageBox.ButtonRole.ActionRole)
        button.setToolTip(QCoreApplication.translate(
            "window.error_box", "Choose another endpoint, profile or region"))
        steps.append((connect, button))
    close = box.addButton(QMessageBox.StandardButton.Close)
    box.setDefaultButton(steps[0][1] if steps else close)
    box.setEscapeButton(close)

    def clicked(button: QAbstractButton) -> None:
        for run, owner in steps:
            if button == owner:
                run()

    box.buttonClicked.connect(clicked)
    box.finished.connect(box.deleteLater)
    box.open()
    return box


def report_settings_problem(window: Any, show_status: Callable[[str, int], None]) -> None:
    """The main window's settings file was damaged and set aside (``window.settings_problem``):
    say so in the status bar and in a box (kept as ``window.settings_problem_box``)."""
    problem = window.settings_problem
    if problem is None:
        return
    show_status(QCoreApplication.translate(
        "MainWindow", "Settings were reset: the settings file was damaged."), 15000)
    box = QMessageBox(QMessageBox.Icon.Warning, QCoreApplication.translate("MainWindow", "Settings reset"),
                      problem.message, QMessageBox.StandardButton.Ok, window)
    plain_label(box)  # the message names a file and quotes the parser's words
    box.setObjectName("settings-problem")
    box.open()
    window.settings_problem_box = box
