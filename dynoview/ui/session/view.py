"""The window's sign-in state: its MFA prompter, who the connection is (account, ARN, region) and
production's colours and write-mode switch in the status bar.

The main window holds one ``SessionView`` and tells it when a connection opens or fails; the
identity is looked up in the background (``core.session.identity``) and never delays the tables.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QPushButton

from dynoview.core.errors import describe_error
from dynoview.ui import tones
from dynoview.ui.context import AppContext
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.themed import BADGE_OBJECT, PRODUCTION_COLOUR, style_badge
from dynoview.ui.window.title import show_connection, window_title

if TYPE_CHECKING:  # built on demand, not at start-up
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMessageBox

    from dynoview.core.errors import UserFacingError
    from dynoview.core.session.connection import Connection, ConnectionSpec
    from dynoview.core.session.identity import Identity
    from dynoview.ui.session.mfa_prompt import WindowPrompter
    from dynoview.ui.session.reconnect import ReconnectKeeper
    from dynoview.ui.session.settings_dialog import SettingsDialog
    from dynoview.ui.session.sso_dialog import SsoSignInDialog
    from dynoview.ui.session.sso_ended import SsoEndedOffer
    from dynoview.ui.session.write_mode_dialog import WriteModeDialog

# (light theme, dark theme) backgrounds; white text on both passes contrast.
PRODUCTION_READ_ONLY = ("#9a3412", "#9a3412")
PRODUCTION_WRITABLE = ("#b71c1c", "#c62828")
#: botocore's errors for an SSO token that is missing, expired or refused.
SSO_ERRORS = frozenset({"SSOTokenLoadError", "UnauthorizedSSOTokenError", "TokenRetrievalError", "SSOError"})


def sso_session_ended(exc: BaseException | None) -> bool:
    """True when ``exc`` (or an error it was raised from) says the SSO token is missing or expired."""
    seen = 0
    while exc is not None and seen < 10:  # a cause chain is short; a cycle must not hang
        if SSO_ERRORS.intersection(cls.__name__ for cls in type(exc).__mro__):
            return True
        exc, seen = exc.__cause__, seen + 1
    return False


class SessionView(QObject):
    def __init__(self, window: QMainWindow, ctx: AppContext) -> None:
        super().__init__(window)
        self.window = window
        self.ctx = ctx
        # The MFA prompter and the reconnect keeper are made when first needed (``ready``: as
        # the window opens a connection to a profile, or once the app's first rows showed):
        # their modules and the sign-in and place code they import are no part of the first paint.
        self._prompter: WindowPrompter | None = None
        self._keeper: ReconnectKeeper | None = None
        self.identity_label = plain_label(QLabel(""))  # the ARN STS answers: a role session name is anyone's
        self.identity_label.setObjectName("identity-badge")
        self.write_button = QPushButton(self.tr("Write mode…"))
        self.write_button.setObjectName("write-mode-button")
        self.write_button.setFlat(True)
        self.write_button.hide()
        self.write_button.clicked.connect(self.toggle_write_mode)
        bar = window.statusBar()
        bar.addPermanentWidget(self.identity_label)
        bar.addPermanentWidget(self.write_button)
        self.write_dialog: WriteModeDialog | None = None
        self.sso_dialog: SsoSignInDialog | None = None
        self.settings_dialog: SettingsDialog | None = None
        self.sso_ended: SsoEndedOffer | None = None  # made when an open connection's SSO session ends
        ctx.error_hook = self._error_described
        theme = getattr(window, "theme", None)
        if theme is not None:
            theme.changed.connect(lambda _scheme: self.show_production())

    # -- connection life ---------------------------------------------------------------
    def ready(self) -> None:
        """Before a connection opens: the window's MFA prompter is every connection's default."""
        _ = self.prompter

    @property
    def prompter(self) -> WindowPrompter:
        """The window's MFA prompter, installed as the default on first use."""
        if self._prompter is None:
            from dynoview.ui.session import mfa_prompt

            self._prompter = mfa_prompt.install(self.window)
        return self._prompter

    @property
    def keeper(self) -> ReconnectKeeper:
        """What a reconnect to the same place keeps (made on first use: it starts empty)."""
        if self._keeper is None:
            from dynoview.ui.session.reconnect import ReconnectKeeper

            self._keeper = ReconnectKeeper(self.window, self.ctx)
        return self._keeper

    def leaving(self) -> None:
        """Before the window clears the tables and tabs of the connection it leaves."""
        if self._keeper is not None or self.ctx.connection is not None:  # else nothing to keep
            self.keeper.leaving()

    def connected(self, conn: Connection) -> None:
        kept = self._keeper.arrived(conn) if self._keeper is not None else None
        if kept is not None:  # after the window's own "Connected: N tables"
            QTimer.singleShot(0, lambda: self.ctx.status_message.emit(kept))
        self.identity_label.setText(f"{conn.region or 'no region'}")
        self.identity_label.setToolTip(self.tr("Region {value}").format(value=conn.region or '(none)'))
        self.show_production()
        self.ctx.tasks.start("identity", self._identity(conn), on_error=lambda exc: self._unknown(conn, exc))

    def disconnected(self) -> None:
        self.identity_label.setText("")
        self.identity_label.setToolTip("")
        self.show_production()

    def offer_sso(self, exc: BaseException, spec: ConnectionSpec | None, box: QMessageBox | None) -> None:
        """A failed connection whose SSO token is missing or expired: "Sign in…" on its box."""
        if box is None or spec is None or not spec.profile or not sso_session_ended(exc):
            return
        self.add_sign_in(box, spec, self.tr("Sign in with AWS SSO in your browser, then connect again"))

    def add_sign_in(self, box: QMessageBox, spec: ConnectionSpec, tip: str,
                    signed_in: Callable[[], None] | None = None) -> None:
        """A "Sign in…" button on ``box`` for ``spec``'s profile (``sign_in_sso``)."""
        from PySide6.QtWidgets import QMessageBox

        button = box.addButton(self.tr("Sign in…"), QMessageBox.ButtonRole.ActionRole)
        button.setObjectName("sso-sign-in")
        button.setToolTip(tip)
        button.clicked.connect(lambda: self.sign_in_sso(spec, signed_in))

    def sign_in_sso(self, spec: ConnectionSpec, signed_in: Callable[[], None] | None = None) -> None:
        """The SSO device flow for ``spec``'s profile; then ``signed_in``, by default connecting again."""
        from dynoview.ui.session.sso_dialog import SsoSignInDialog  # on demand (H2: start-up)

        self.sso_dialog = dialog = SsoSignInDialog(self.ctx, spec, self.window)
        window: Any = self.window
        dialog.accepted.connect(signed_in or (lambda: window.connect_to(spec)))
        dialog.start()

    def _error_described(self, exc: BaseException, err: UserFacingError) -> bool:
        """The context's error hook: an open connection's SSO session that ended offers "Sign in…"
        (once at a time); True when that offer shows the error instead of the plain box."""
        conn = self.ctx.connection
        if conn is None or not conn.spec.profile or not sso_session_ended(exc):
            return False
        if self.sso_ended is None:
            from dynoview.ui.session.sso_ended import SsoEndedOffer  # only once a session ends

            self.sso_ended = SsoEndedOffer(self, self)
        self.sso_ended.offer(conn, err)
        return True

    async def _identity(self, conn: Connection) -> None:
        from dynoview.core.session.identity import caller_identity  # once connected

        identity = await self.ctx.tasks.call(caller_identity, conn)
        if conn is self.ctx.connection and identity is not None:
            self.show_identity(identity)

    def show_identity(self, identity: Identity) -> None:
        self.identity_label.setText(f"{identity.short()} · {identity.region or 'no region'}")
        self.identity_label.setToolTip(plain_tooltip(identity.line()))

    def _unknown(self, conn: Connection, exc: BaseException) -> None:
        if conn is not self.ctx.connection:
            return
        err = describe_error(exc, operation="GetCallerIdentity", profile=conn.spec.profile)
        self.identity_label.setText(self.tr(
            "identity unknown · {value}").format(value=conn.region or self.tr('no region')))
        self.identity_label.setToolTip(self.tr(
            "STS did not say who this is: {message}").format(message=err.message))

    # -- settings --------------------------------------------------------------------------
    def add_settings_action(self, before: QAction) -> None:
        """File > Settings…, in the menus that hold ``before`` (Quit)."""
        from PySide6.QtGui import QAction  # with the menus' contents, after the first paint

        self.settings_action = QAction(self.tr("&Settings…"), self.window)
        self.settings_action.setObjectName("settings-action")
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(self.show_settings)
        for menu in before.associatedObjects():
            if isinstance(menu, QMenu):
                menu.insertAction(before, self.settings_action)

    def show_settings(self) -> None:
        from dynoview.ui.dialog_lifetime import forget_on_close
        from dynoview.ui.session.settings_dialog import SettingsDialog

        self.settings_dialog = dialog = SettingsDialog(self.window)
        forget_on_close(self, "settings_dialog", dialog)  # a new one each open: closed, it goes
        dialog.open()

    # -- production ----------------------------------------------------------------------
    def show_production(self) -> None:
        """Status bar colour, title and badge for the connection's production state."""
        conn = self.ctx.connection
        bar = self.window.statusBar()
        production = conn is not None and conn.spec.production
        self.write_button.setVisible(production)
        badge = self.window.findChild(QLabel, BADGE_OBJECT)
        if not production:
            bar.setStyleSheet("")
            if badge is not None and badge.property(PRODUCTION_COLOUR):
                badge.setProperty(PRODUCTION_COLOUR, None)
                style_badge(badge)
            return
        assert conn is not None
        writable = not conn.spec.read_only
        light, dark = PRODUCTION_WRITABLE if writable else PRODUCTION_READ_ONLY
        colour = tones.tone(bar.palette(), light, dark).name()
        bar.setStyleSheet(f"QStatusBar {{ background: {colour}; }} "
                          "QStatusBar QLabel, QStatusBar QPushButton { color: white; }")
        if badge is not None:
            # A white pill in the production colour: the badge's own colours (amber for
            # read-only) would not read on it.
            badge.setProperty(PRODUCTION_COLOUR, colour)
            style_badge(badge)
        self.write_button.setText(self.tr("Back to read-only") if writable else self.tr("Write mode…"))
        self.write_button.setToolTip(self.tr("Refuse writes again") if writable else
                                     self.tr("Allow writes for this session (asks for the account id)"))

    def toggle_write_mode(self) -> None:
        conn = self.ctx.connection
        if conn is None or not conn.spec.production:
            return
        if not conn.spec.read_only:
            conn.disable_writes()
            self._changed()
            return
        from dynoview.ui.session.write_mode_dialog import WriteModeDialog  # on demand (H2: start-up)

        self.write_dialog = dialog = WriteModeDialog(conn, self.window)
        dialog.accepted.connect(self._changed)
        dialog.open()

    def _changed(self) -> None:
        conn = self.ctx.connection
        badge: Any = self.window.findChild(QLabel, "connection-badge")
        if conn is not None and badge is not None:
            show_connection(badge, conn)
        self.window.setWindowTitle(window_title(self.ctx))
        self.show_production()
