"""A message box that offers the next step (Retry, Connect…) besides closing it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QPushButton, QWidget

from dynoview.core.errors import UserFacingError


def next_step_box(parent: QWidget, err: UserFacingError, *,
                  retry: Callable[[], None] | None = None,
                  connect: Callable[[], None] | None = None) -> QMessageBox:
    """A non-modal warning with Retry and Connect… when given, and Close; opened already."""
    box = QMessageBox(QMessageBox.Icon.Warning, err.title, err.message,
                      QMessageBox.StandardButton.NoButton, parent)
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
