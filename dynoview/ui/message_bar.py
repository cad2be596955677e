"""A question or a note inside the window, in a strip above its tabs, as browsers and editors
ask theirs: it covers no row and takes no keyboard focus.

The update check's one-time question was a message box over the middle of the grid, the first
thing a newcomer saw, and it took the keys typed into the window until it was answered. A bar
keeps ``QMessageBox``'s few calls its owners use (``addButton``, ``buttonClicked``, ``text``,
``informativeText``), so they only change base class.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QToolBar,
    QWidget,
)


class MessageBar(QFrame):
    """``buttonClicked`` fires with the button pressed; the bar then closes itself."""

    buttonClicked = Signal(QAbstractButton)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        # One label: the question in bold and what it means after it, wrapped as one paragraph.
        self._label = QLabel()
        self._label.setWordWrap(True)
        self._label.setTextFormat(Qt.TextFormat.RichText)
        self._text = self._informative = ""
        self._buttons = QHBoxLayout()
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 10, 4)
        row.addWidget(self._label, 1)
        row.addLayout(self._buttons)
        self._host: QToolBar | None = None

    def setText(self, text: str) -> None:
        self._text = text
        self._show_words()

    def text(self) -> str:
        return self._text

    def setInformativeText(self, text: str) -> None:
        self._informative = text
        self._show_words()

    def informativeText(self) -> str:
        return self._informative

    def _show_words(self) -> None:
        self._label.setText(f"<b>{html.escape(self._text)}</b> {html.escape(self._informative)}")

    def addButton(self, text: str) -> QPushButton:
        button = QPushButton(text)
        button.setAutoDefault(False)  # Enter in the window is the window's, not the bar's
        button.clicked.connect(lambda _checked=False: self._pressed(button))
        self._buttons.addWidget(button)
        return button

    def sizeHint(self) -> QSize:
        """As tall as the words need at the width the bar has (a toolbar asks no height for a
        width: a wrapped label in one got the height of its narrowest layout)."""
        hint = super().sizeHint()
        if self.isVisible():
            width = self.width()
        else:  # about to show: it will span its window
            width = self.window().width() if self.window() is not self else hint.width()
        layout = self.layout()
        height = layout.totalHeightForWidth(width) if layout is not None else -1
        return QSize(hint.width(), height if height > 0 else hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the words wrap anew: the strip asks for its height again

    def _pressed(self, button: QPushButton) -> None:
        self.close()
        self.buttonClicked.emit(button)

    def show(self) -> None:
        """Shown in a strip of its own above the window's tabs (a main window), else at the
        top of its parent; never activated, so the keys typed go on where they went."""
        window = self.parentWidget()
        if self._host is None and isinstance(window, QMainWindow):
            self._host = QToolBar(window)
            self._host.setObjectName(f"{self.objectName() or 'message'}-bar")
            self._host.setMovable(False)
            self._host.setFloatable(False)
            self._host.toggleViewAction().setVisible(False)  # not a toolbar to hide and forget
            self._host.setContextMenuPolicy(Qt.ContextMenuPolicy.PreventContextMenu)
            self._host.addWidget(self)
            top = Qt.ToolBarArea.TopToolBarArea
            strips = window.findChildren(QToolBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
            if any(bar is not self._host and not bar.isHidden() and window.toolBarArea(bar) == top
                   for bar in strips):
                window.addToolBarBreak(top)  # a strip of its own, under the one shown already
            window.addToolBar(top, self._host)
        elif self._host is None:
            self.adjustSize()
        super().show()
        if self._host is not None:
            self._host.show()

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        host, self._host = self._host, None
        if host is not None:
            window = host.parentWidget()
            self.setParent(window)  # the bar outlives its strip until its owner deletes it
            if isinstance(window, QMainWindow):
                window.removeToolBar(host)
            host.deleteLater()
