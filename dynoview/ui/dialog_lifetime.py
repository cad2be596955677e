"""Dialogs built anew at each open are deleted when they close.

Parented to the window, a closed dialog is only hidden: one kept per open, ~1.4 MB and its
widgets each, with whatever it was opened on (rows, a connection) for the whole session."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog


def forget_on_close(owner: QObject, attribute: str, dialog: QDialog) -> None:
    """Once ``dialog`` closes: ``owner.<attribute>`` no longer names it, and it is deleted.
    ``owner`` is held weakly: the closure must not keep it alive past its own deletion."""
    holder = weakref.ref(owner)

    def closed(_code: int) -> None:
        kept = holder()
        if kept is not None and getattr(kept, attribute, None) is dialog:
            setattr(kept, attribute, None)
        dialog.deleteLater()

    dialog.finished.connect(closed)


def forget_when_deleted(owner: QObject, attribute: str, dialog: QObject | None) -> None:
    """Once ``dialog`` is deleted (by itself, when its work is done), ``owner.<attribute>`` no
    longer names it: the name kept it from Python's collection, with what it was opened on."""
    if dialog is None:
        return
    holder = weakref.ref(owner)
    gone = id(dialog)

    def deleted(*_: object) -> None:
        kept = holder()
        if kept is not None and id(getattr(kept, attribute, None)) == gone:
            setattr(kept, attribute, None)

    dialog.destroyed.connect(deleted)
