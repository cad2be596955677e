"""SSO sign-in from the window: the device flow (``core.session.sso_login``) with its code shown,
the browser opened on the verification page, and the token polled for in the background.

Accepted once the token is written where the AWS CLI and botocore read it; the caller then
connects again. Cancel stops the polling and writes nothing.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFont
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout, QWidget

from dynoview.core.errors import describe_error
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.sso_login import (
    DeviceAuthorization,
    profile_session,
    start_sign_in,
    wait_for_token,
)
from dynoview.ui.context import AppContext
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import set_role

TASK = "sso-sign-in"


class SsoSignInFlow(QObject):
    """The device flow awaited off the UI thread (widgets stay synchronous): the code to show,
    then the token written, or the failure."""

    authorized = Signal(object)  # DeviceAuthorization: the code to show and the page to open
    signed_in = Signal()
    failed = Signal(object)  # the exception

    def __init__(self, ctx: AppContext, profile: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.profile = ctx, profile

    def start(self) -> None:
        self.ctx.tasks.start(TASK, self._run(), on_error=self.failed.emit)

    def cancel(self) -> None:
        self.ctx.tasks.cancel(TASK)

    async def _run(self) -> None:
        session = await self.ctx.tasks.call(profile_session, self.profile)
        auth = await self.ctx.tasks.call(start_sign_in, session, self.profile)
        self.authorized.emit(auth)
        await self.ctx.tasks.call(wait_for_token, session, auth, cancellable=True)
        self.signed_in.emit()


class SsoSignInDialog(QDialog):
    #: How the verification page is opened (a test records it instead of starting a browser).
    open_url: Any = staticmethod(QDesktopServices.openUrl)

    def __init__(self, ctx: AppContext, spec: ConnectionSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sso-dialog")
        self.setWindowTitle(self.tr("Sign in with AWS SSO"))
        self.ctx = ctx
        self.spec = spec
        self.auth: DeviceAuthorization | None = None
        self._setup_ui()
        assert spec.profile is not None
        self.flow = SsoSignInFlow(ctx, spec.profile, self)
        self.flow.authorized.connect(self._authorized)
        self.flow.signed_in.connect(self.accept)
        self.flow.failed.connect(self._failed)
        self.finished.connect(lambda _result: self.flow.cancel())

    def _setup_ui(self) -> None:
        profile = html.escape(self.spec.profile or "")
        self.intro = QLabel(self.tr("Profile <b>{profile}</b> needs an AWS SSO sign-in. Your browser "
                            "opens on the sign-in page; check that it shows this code, then approve.").format(
                                profile=profile))
        self.intro.setWordWrap(True)
        # Plain text: the code, the address and the errors come from the SSO service.
        self.code = plain_label(QLabel("…"))
        self.code.setObjectName("sso-code")
        font = QFont("monospace")
        font.setPointSizeF(font.pointSizeF() * 2)
        font.setBold(True)
        self.code.setFont(font)
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.state = plain_label(QLabel(self.tr("Starting the sign-in…")))
        self.state.setWordWrap(True)
        self.open_button = QPushButton(self.tr("Open the browser again"))
        self.open_button.setEnabled(False)
        self.open_button.clicked.connect(self.open_browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (self.intro, self.code, self.state, self.open_button, buttons):
            layout.addWidget(widget)
        self.resize(520, self.sizeHint().height())

    def start(self) -> None:
        self.open()
        self.flow.start()

    def _authorized(self, auth: DeviceAuthorization) -> None:
        self.auth = auth
        self.code.setText(auth.user_code)
        self.state.setText(self.tr(
            "Waiting for the approval at {verification_url} …").format(
                verification_url=auth.verification_url))
        self.open_button.setEnabled(True)
        self.open_browser()

    def open_browser(self) -> None:
        if self.auth is not None:
            type(self).open_url(QUrl(self.auth.verification_url))

    def _failed(self, exc: BaseException) -> None:
        err = describe_error(exc, operation=self.tr("SSO sign-in"), profile=self.spec.profile)
        self.state.setText(err.message)
        set_role(self.state, "error")
