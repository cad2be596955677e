"""An SSO session that ends while a connection is open (its cached token expired and could not be
renewed): the read or write that fails on it offers "Sign in…", as a connection that fails to
open does (``SessionView.offer_sso``).

One offer at a time: while its box or the sign-in it started is open, the other reads that fail
the same way (background reads, a refresh) only say so in the status bar. The connection stays
open and is not opened again after the sign-in: botocore reads the new token from its cache on
the next request, so the tables, tabs and what was typed or staged stay as they were, and the
user retries what failed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QThread

from dynoview.ui.tasks import relay_to_ui

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMainWindow, QMessageBox

    from dynoview.core.errors import UserFacingError
    from dynoview.core.session.connection import Connection, ConnectionSpec
    from dynoview.ui.context import AppContext


class SignInView(Protocol):
    """What the offer uses of the window's ``SessionView`` (named so, not imported: no cycle)."""

    ctx: AppContext
    window: QMainWindow

    @property
    def sso_dialog(self) -> QDialog | None: ...

    def add_sign_in(self, box: QMessageBox, spec: ConnectionSpec, tip: str,
                    signed_in: Callable[[], None] | None = None) -> None: ...


class SsoEndedOffer(QObject):
    def __init__(self, view: SignInView, parent: QObject) -> None:
        super().__init__(parent)
        self.view = view
        self.box: QMessageBox | None = None  # the offer on screen (None once closed)
        self._later = relay_to_ui(self, self.offer)  # an error described on a worker thread

    def is_open(self) -> bool:
        """True while the offer's box or an SSO sign-in is on screen."""
        dialog = self.view.sso_dialog
        return self.box is not None or (dialog is not None and dialog.isVisible())

    def offer(self, conn: Connection, err: UserFacingError) -> None:
        if QThread.currentThread() is not self.thread():
            self._later(conn, err)  # widgets are made on the UI thread only
            return
        self.view.ctx.status_message.emit(err.message)
        if self.is_open():
            return
        from dynoview.ui.window.error_box import next_step_box  # with the first offer

        self.box = box = next_step_box(self.view.window, err)
        box.setObjectName("sso-ended-box")
        box.setInformativeText(self.tr(
            "Sign in… signs in again in your browser. This window stays connected and keeps what "
            "you typed and staged; retry what failed once signed in."))
        self.view.add_sign_in(box, conn.spec, self.tr("Sign in with AWS SSO in your browser, then retry"),
                              lambda: self._signed_in(conn))
        box.finished.connect(self._closed)

    def _closed(self) -> None:
        self.box = None  # before "Sign in…" opens its dialog (the box closes first)

    def _signed_in(self, conn: Connection) -> None:
        self.view.ctx.status_message.emit(self.tr(
            "Signed in with AWS SSO for profile {profile}. Retry what failed (File › Refresh "
            "tables, or the read or send again).").format(profile=conn.spec.profile))
