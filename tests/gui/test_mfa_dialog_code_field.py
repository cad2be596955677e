"""The MFA dialog's code field takes the code as authenticator apps show it ("918 273"),
typed or pasted, and hands on the six digits alone; anything else stays refused."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QMimeData
from PySide6.QtGui import QGuiApplication

from dynoview.core.session.signin import MfaRequest
from dynoview.ui.session.mfa_dialog import MfaDialog

pytestmark = pytest.mark.gui


def _dialog(qtbot: Any) -> MfaDialog:
    dialog = MfaDialog(MfaRequest("arn:aws:iam::1:mfa/me", "work"))
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_a_pasted_code_with_a_space_signs_in_with_its_digits(qtbot: Any) -> None:
    dialog = _dialog(qtbot)
    clipboard = QGuiApplication.clipboard()
    data = QMimeData()
    data.setText("918 273")
    clipboard.setMimeData(data)
    dialog.code.paste()
    assert dialog.code.text() == "918 273"
    assert dialog.sign_in.isEnabled()
    dialog.accept()
    assert dialog.result() == MfaDialog.DialogCode.Accepted
    assert dialog.take_code() == "918273"


def test_typed_spaces_count_no_digit_and_letters_stay_out(qtbot: Any) -> None:
    dialog = _dialog(qtbot)
    qtbot.keyClicks(dialog.code, "12 34a5")
    assert dialog.code.text() == "12 345"
    assert not dialog.sign_in.isEnabled()
    dialog.accept()  # five digits: refused at the field, nothing taken
    assert dialog.result() != MfaDialog.DialogCode.Accepted
    assert "5 of 6 typed" in dialog.message.text()
    qtbot.keyClicks(dialog.code, "67")  # a seventh digit does not fit
    assert dialog.code.text() == "12 3456"
    assert dialog.take_code() == "123456"
