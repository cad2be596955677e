"""The MFA code dialog: six digits for the device shown, or Cancel (no connection is made)."""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QFont, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.session.signin import MFA_CODE_RE, MfaRequest


class MfaDialog(QDialog):
    """Asks for one code; ``take_code()`` hands it over once and clears the field."""

    def __init__(self, request: MfaRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mfa-dialog")
        self.setWindowTitle(self.tr("MFA code needed"))
        self.request = request
        self._setup_ui()

    def _setup_ui(self) -> None:
        intro = QLabel(self.tr("Profile <b>{escape}</b> assumes a role that needs "
                       "a code from your MFA device. Type the six digits it shows now.").format(
                           escape=_escape(self.request.profile)))
        intro.setWordWrap(True)
        self.device = QLabel(self.request.serial)
        self.device.setObjectName("mfa-device")
        self.device.setFont(QFont("monospace"))
        self.device.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code = QLineEdit()
        self.code.setObjectName("mfa-code")
        self.code.setMaxLength(6)
        self.code.setPlaceholderText(self.tr("6 digits"))
        self.code.setValidator(QRegularExpressionValidator(QRegularExpression("[0-9]{0,6}"), self.code))
        self.code.setInputMethodHints(Qt.InputMethodHint.ImhDigitsOnly)
        font = QFont("monospace")
        font.setPointSizeF(font.pointSizeF() * 1.4)
        self.code.setFont(font)
        form = QFormLayout()
        form.addRow(self.tr("Device"), self.device)
        form.addRow(self.tr("Code"), self.code)
        note = QLabel(self.tr("The code is sent to AWS STS once and never saved. The role's session is "
                      "kept (as the AWS CLI keeps it) until it expires."))
        note.setWordWrap(True)
        note.setEnabled(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.sign_in = self.buttons.addButton(self.tr("Sign in"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.sign_in.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        # Only once the button is in the dialog: Qt ignores it before and makes Cancel the
        # default on show (Enter after the code cancelled the sign-in).
        self.sign_in.setDefault(True)
        self.code.textChanged.connect(lambda text: self.sign_in.setEnabled(bool(MFA_CODE_RE.fullmatch(text))))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.resize(520, self.sizeHint().height())

    def accept(self) -> None:
        if MFA_CODE_RE.fullmatch(self.code.text()):
            super().accept()

    def take_code(self) -> str | None:
        """The code typed (once: the field is cleared), None unless it is six digits."""
        text = self.code.text()
        self.code.clear()
        return text if MFA_CODE_RE.fullmatch(text) else None


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
