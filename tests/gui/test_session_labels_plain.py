"""Names the user or the AWS config chose (a connection's, a profile's, an MFA device's serial)
and what STS answers are shown as their characters, never as HTML: Qt renders a label left at
AutoText as rich text when it looks like HTML, and ``<img src="/some/fifo">`` then blocks the
UI thread for ever reading that file (a profile is an AWS config section, an ``mfa_serial``
its value)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt

from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.signin import MfaRequest
from dynoview.ui.main_window import MainWindow
from dynoview.ui.session.mfa_dialog import MfaDialog
from dynoview.ui.session.write_mode_dialog import WriteModeDialog
from tests.helpers import connect

pytestmark = pytest.mark.gui

HTML = '<img src="/nonexistent/fifo"><b>bold</b>'


def shows_literally(text: str, wanted: str) -> bool:
    """A tooltip (no format of its own) holds ``wanted`` as characters: plain, or escaped."""
    return wanted in text if not GuiQt.mightBeRichText(text) else "&lt;img" in text


def test_the_mfa_dialog_shows_the_serial_as_typed(qtbot: Any) -> None:
    dialog = MfaDialog(MfaRequest(HTML, "work"))
    qtbot.addWidget(dialog)
    assert dialog.device.textFormat() == Qt.TextFormat.PlainText and dialog.device.text() == HTML


def test_the_connection_badge_shows_the_names_as_typed(qtbot: Any, qasync_loop: Any,
                                                       moto_endpoint: str) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.announce_connection(ConnectionSpec(name=HTML, profile=HTML, endpoint_url=moto_endpoint))
    assert window.connection_label.textFormat() == Qt.TextFormat.PlainText
    assert HTML in window.connection_label.text()
    from dynoview.ui.window.title import show_connection

    show_connection(window.connection_label, connect(moto_endpoint, name=HTML))
    assert window.connection_label.text() == HTML
    assert shows_literally(window.connection_label.toolTip(), HTML)
    assert window.session_view.identity_label.textFormat() == Qt.TextFormat.PlainText


def test_the_write_mode_question_escapes_the_connection_name(qtbot: Any, moto_endpoint: str) -> None:
    dialog = WriteModeDialog(connect(moto_endpoint, name=HTML))
    qtbot.addWidget(dialog)
    intro = next(label for label in dialog.findChildren(type(dialog.message))
                 if "production connection" in label.text())
    assert "&lt;img" in intro.text() and "<img" not in intro.text()
    assert dialog.message.textFormat() == Qt.TextFormat.PlainText
