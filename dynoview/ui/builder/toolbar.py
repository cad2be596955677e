"""The builder's toolbar: editing the action list, templates, import/export and the action log
on the left, the send bar (Check preflight, Execute) on the right, on one row at 1024 px."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QMenu, QPushButton, QStyle, QToolButton, QWidget


def tool_button(text: str, tip: str = "") -> QToolButton:
    """A button as wide as its text (a push button is at least 80 px in most styles: ten of
    them did not fit one row at 1024 px)."""
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    return button


def menu_button(text: str, tip: str = "") -> tuple[QToolButton, QMenu]:
    button = tool_button(text, tip)
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    menu = QMenu(button)
    button.setMenu(menu)
    return button, menu


class SendBar(QWidget):
    """Check preflight and Execute, side by side: the two ways a transaction reaches the table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.check_button = QPushButton(self.tr("Check preflight"))
        self.check_button.setToolTip(self.tr(
            "Show the accounts and locks after this transaction, without sending "
                                     "it (Ctrl+Shift+K)"))
        self.execute_button = QPushButton(self.tr("Execute"))
        self.execute_button.setIcon(self.style().standardIcon(QStyle.StandardPixmap.SP_MediaPlay))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.check_button)
        row.addWidget(self.execute_button)

    def block(self, reason: str | None) -> None:
        """Disable Execute with the reason as its tooltip, or enable it (None)."""
        self.execute_button.setEnabled(reason is None)
        self.execute_button.setToolTip(reason or self.tr(
            "Execute (Ctrl+Return): asks for confirmation first"))


class BuilderToolbar(QWidget):
    """The buttons above the action list. Short labels so that the row fits at 1024 px: the
    tooltips say the rest."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.add_button, self.add_menu = menu_button(self.tr(
            "Add action"), self.tr("Add a Put, Update, Delete or "
                                                      "ConditionCheck at the end"))
        self.remove_button = tool_button(self.tr("Remove"), self.tr("Remove the selected action"))
        self.up_button = tool_button(self.tr("Up"), self.tr(
            "Move the action up (Ctrl+Up); cancellation reasons follow "
                                           "action order"))
        self.down_button = tool_button(self.tr("Down"), self.tr("Move the action down (Ctrl+Down)"))
        self.templates_button, self.templates_menu = menu_button(
            self.tr("Templates"),
            self.tr("Sign-up, change email and the repairs, for the selected account or lock"))
        self.import_button = tool_button(self.tr("Import JSON…"), self.tr("Replace the actions with a pasted "
                                                         "TransactWriteItems request"))
        self.export_button, self.export_menu = menu_button(self.tr("Export"), self.tr(
            "The request as boto3, AWS CLI or "
                                                                     "JavaScript code"))
        self.log_button = tool_button(self.tr(
            "Action log"), self.tr("Every transaction sent from here, with its outcome"))
        self.send_bar = SendBar()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.add_button, self.remove_button, self.up_button, self.down_button,
                       self.templates_button, self.import_button, self.export_button, self.log_button):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.send_bar)
