"""The MFA code dialog: six digits for the device shown, or Cancel (no connection is made).
Asked again after a refused code, it says why above an empty field."""

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
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role


class MfaDialog(QDialog):
    """Asks for one code; ``take_code()`` hands it over once and clears the field."""

    def __init__(self, request: MfaRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mfa-dialog")
        self.setWindowTitle(self.tr("MFA code needed"))
        self.request = request
        self._short_said = False  # the message says a short code was refused
        self._setup_ui()

    def _setup_ui(self) -> None:
        intro = QLabel(self.tr("Profile <b>{escape}</b> assumes a role that needs "
                       "a code from your MFA device. Type the six digits it shows now.").format(
                           escape=_escape(self.request.profile)))
        intro.setWordWrap(True)
        self.device = plain_label(QLabel(self.request.serial))  # the config file's mfa_serial, as typed
        self.device.setObjectName("mfa-device")
        self.device.setFont(QFont("monospace"))
        self.device.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code = QLineEdit()
        self.code.setObjectName("mfa-code")
        # Authenticator apps show "918 273": pasted or typed so, the spaces are dropped.
        self.code.setMaxLength(12)
        self.code.setPlaceholderText(self.tr("6 digits"))
        self.code.setValidator(QRegularExpressionValidator(QRegularExpression(r"(?:\s*[0-9]){0,6}\s*"),
                                                           self.code))
        self.code.setInputMethodHints(Qt.InputMethodHint.ImhDigitsOnly)
        font = QFont("monospace")
        font.setPointSizeF(font.pointSizeF() * 1.4)
        self.code.setFont(font)
        form = QFormLayout()
        form.addRow(self.tr("Device"), self.device)
        form.addRow(self.tr("Code"), self.code)
        self.message = plain_label(QLabel(self._again_text()))
        self.message.setObjectName("mfa-message")
        self.message.setWordWrap(True)
        set_role(self.message, "error")
        self.message.setHidden(not self.message.text())  # the first time: no room taken
        note = plain_label(QLabel(
            self.tr("The code is sent to AWS STS once and never saved. The role's session is "
                      "kept (as the AWS CLI keeps it) until it expires.")))
        note.setObjectName("mfa-note")
        note.setWordWrap(True)
        set_role(note, "hint")  # a hint, not greyed as disabled: it must stay readable
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.sign_in = self.buttons.addButton(self.tr("Sign in"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.sign_in.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        # Only once the button is in the dialog: Qt ignores it before and makes Cancel the
        # default on show (Enter after the code cancelled the sign-in).
        self.sign_in.setDefault(True)
        self.code.textChanged.connect(self._typed)
        # Enter on a short code: the (disabled) Sign in does nothing, so the field says why.
        self.code.returnPressed.connect(self._refuse_short)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.resize(520, self.sizeHint().height())
        self.code.setFocus()

    def _again_text(self) -> str:
        """Why the code is asked for again (empty the first time)."""
        left = self.request.tries_left
        tries = (self.tr("1 try left") if left == 1
                 else self.tr("{count} tries left").format(count=left))
        if self.request.again == "refused":
            return self.tr("AWS STS refused that code: it is not the one the device shows now, or "
                           "it was used already. Type the code it shows now ({tries}).").format(
                               tries=tries)
        if self.request.again == "repeated":
            return self.tr("That code was refused already, so it was not sent again. Wait for "
                           "your device to show the next one ({tries}).").format(tries=tries)
        if self.request.again == "malformed":
            return self.tr("An MFA code is six digits. Type the code your device shows now "
                           "({tries}).").format(tries=tries)
        return ""

    def _typed(self, text: str) -> None:
        whole = bool(MFA_CODE_RE.fullmatch(_digits(text)))
        self.sign_in.setEnabled(whole)
        if whole and self._short_said:  # back to why it was asked again, if it was
            self._short_said = False
            self.message.setText(self._again_text())
            self.message.setHidden(not self.message.text())

    def _refuse_short(self) -> None:
        typed = len(_digits(self.code.text()))
        if typed == 6:
            return
        self._short_said = True
        self.message.setText(self.tr("An MFA code is six digits ({count} of 6 typed). Nothing "
                                     "was sent.").format(count=typed))
        self.message.show()
        self.code.setFocus()

    def accept(self) -> None:
        if MFA_CODE_RE.fullmatch(_digits(self.code.text())):
            super().accept()
        else:
            self._refuse_short()

    def take_code(self) -> str | None:
        """The code typed (once: the field is cleared), None unless it is six digits."""
        text = _digits(self.code.text())
        self.code.clear()
        return text if MFA_CODE_RE.fullmatch(text) else None


def _digits(text: str) -> str:
    return "".join(text.split())


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
