"""The question asked before something goes for good: Replace or Delete, or Cancel.

Window-modal and opened, never exec()'d (no nested loop); Cancel is the default and Escape's
answer, so the key that loses nothing is the one pressed without reading. The texts quote the
user's names (a connection, a draft, a saved read): shown as plain text."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMessageBox, QWidget

from dynoview.ui.plain_text import plain_label


def ask_destructive(parent: QWidget, *, title: str, question: str, details: str, action: str,
                    name: str, answered: Callable[[bool], None]) -> QMessageBox:
    """Open the question (object name ``name``); ``answered(True)`` once ``action`` (the
    destructive button) is chosen, ``answered(False)`` for Cancel, Escape or closing it. The box
    deletes itself once answered."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, question, QMessageBox.StandardButton.NoButton,
                      parent)
    plain_label(box)
    box.setInformativeText(details)
    box.setObjectName(name)
    yes = box.addButton(action, QMessageBox.ButtonRole.DestructiveRole)
    no = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(no)
    box.setEscapeButton(no)
    box.finished.connect(lambda _result: answered(box.clickedButton() is yes))
    box.finished.connect(box.deleteLater)
    box.open()
    return box
