"""The notes the connection and MFA dialogs give about secrets are read, not greyed out: drawn
as a disabled label they stood at 1.62:1 on the light theme and 3.48:1 on the dark one."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QDialog, QLabel

from dynoview.core.session.signin import MfaRequest
from dynoview.ui.session.mfa_dialog import MfaDialog
from dynoview.ui.settings import save_connections
from dynoview.ui.theme import ThemeManager
from dynoview.ui.window.connection_dialog import ConnectionDialog
from tests.gui.colour_contrast import contrast

pytestmark = pytest.mark.gui

DIALOGS: dict[str, tuple[Callable[[], QDialog], str]] = {
    "connection": (ConnectionDialog, "never keys or tokens"),
    "mfa": (lambda: MfaDialog(MfaRequest("arn:aws:iam::1:mfa/me", "work")), "never saved"),
}


@pytest.fixture(autouse=True)
def empty_settings() -> None:
    save_connections([])


@pytest.fixture
def theme(qapp: QApplication) -> Iterator[ThemeManager]:
    manager = ThemeManager(qapp, "light")
    manager.apply()
    yield manager
    manager.set_mode("light")
    manager.deleteLater()


def note_contrast(dialog: QDialog, words: str) -> float:
    """The contrast the note is drawn with: its text (in the colour group Qt paints it with)
    on the dialog's background."""
    note = next(label for label in dialog.findChildren(QLabel) if words in label.text())
    group = QPalette.ColorGroup.Active if note.isEnabled() else QPalette.ColorGroup.Disabled
    text = note.palette().color(group, QPalette.ColorRole.WindowText)
    return contrast(text, dialog.palette().color(group, QPalette.ColorRole.Window))


@pytest.mark.parametrize("name", sorted(DIALOGS))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_note_is_readable_in_both_themes(qtbot, theme: ThemeManager, name: str, scheme: str) -> None:
    theme.set_mode(scheme)
    make, words = DIALOGS[name]
    dialog = make()
    qtbot.addWidget(dialog)
    dialog.show()
    assert note_contrast(dialog, words) >= 4.5  # WCAG AA for body text


@pytest.mark.parametrize("name", sorted(DIALOGS))
def test_the_note_stays_readable_across_a_theme_switch(qtbot, theme: ThemeManager, name: str) -> None:
    make, words = DIALOGS[name]
    dialog = make()
    qtbot.addWidget(dialog)
    dialog.show()
    for scheme in ("dark", "light", "dark"):
        theme.set_mode(scheme)
        QApplication.processEvents()  # Qt posts the new palette to the widgets that inherit it
        assert note_contrast(dialog, words) >= 4.5, scheme
