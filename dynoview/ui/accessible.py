"""Accessible names where Qt finds none: a screen reader announces a field by the label that
names it (its buddy), a button by its text; these cover what has neither."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QAbstractItemView, QLabel, QLineEdit, QWidget

W = TypeVar("W", bound=QWidget)
V = TypeVar("V", bound=QAbstractItemView)
CLEAR_ACTION = "_q_qlineeditclearaction"  # Qt's own name for a line edit's clear button action


def name_clear_button(edit: QLineEdit) -> None:
    """Give the line edit's clear button (an icon without text) a name; call after
    ``setClearButtonEnabled(True)``."""
    from PySide6.QtGui import QAction  # its enums: not with the modules the first paint needs

    for action in edit.findChildren(QAction):
        if action.objectName() == CLEAR_ACTION and not action.text():
            action.setText(QCoreApplication.translate("accessible", "Clear"))
            action.setToolTip(QCoreApplication.translate("accessible", "Clear the text"))


def labelled(label: QLabel, field: QWidget) -> QLabel:
    """The label names the field (screen readers read it; its mnemonic focuses the field)."""
    label.setBuddy(field)
    return label


def named(widget: W, name: str, description: str = "") -> W:
    """A field whose label is elsewhere (or is its placeholder): name it directly."""
    widget.setAccessibleName(name)
    if description:
        widget.setAccessibleDescription(description)
    return widget


def tab_leaves(view: V) -> V:
    """Tab and Shift+Tab move focus out of ``view`` to the next widget (arrow keys move between
    its cells). Qt's tables take Tab to step between cells, and wrap: a keyboard user could not
    get past a grid with rows to the buttons and panes after it."""
    view.setTabKeyNavigation(False)
    return view
