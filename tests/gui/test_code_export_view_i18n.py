"""The template code dialog's note above the code is translated, like the rest of the window."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QLabel

from dynoview.ui.builder.code_export_view import PYTHON, SENDS_NOTE, CodeExportDialog

TRANSLATED = "ÜBERSETZT: example() sendet die Transaktion dieses Formulars."


class _Translator(QTranslator):
    """Translates only the note, in the context lupdate files it under."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        return TRANSLATED if (context, source) == ("builder.code_export_view", SENDS_NOTE) else ""


def test_the_note_above_the_code_is_translated(qtbot: Any) -> None:
    translator = _Translator()
    QCoreApplication.installTranslator(translator)
    try:
        dialog = CodeExportDialog("code", {PYTHON: "print(1)\n"}, {PYTHON: "sign_up.py"})
        qtbot.addWidget(dialog)
        texts = [label.text() for label in dialog.findChildren(QLabel)]
    finally:
        QCoreApplication.removeTranslator(translator)
    assert any(text.startswith(TRANSLATED) for text in texts), texts
    assert not any(SENDS_NOTE in text for text in texts)
