"""Settings → Language: System, English or one of the translated languages, saved for the next
start (texts built before a switch would otherwise stay in the old language). A section of
File → Settings… (``dynoview.ui.session.settings_dialog``)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget

from dynoview.ui import settings as saved
from dynoview.ui.i18n import languages
from dynoview.ui.plain_text import plain_label


class LanguageChooser(QWidget):
    """A combo of the languages (each in its own name) and a note that it applies at the next
    start; ``save`` keeps the choice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("language-section")
        self.combo = QComboBox(self)
        self.combo.setObjectName("language-combo")
        self.combo.setAccessibleName(self.tr("Language"))
        self.combo.addItem(self.tr("System ({language})").format(language=self._system_name()),
                           languages.SYSTEM)
        self.combo.addItem("English", languages.ENGLISH)  # each language in its own name
        for code, name in languages.TRANSLATED.items():
            self.combo.addItem(name, code)
        self.combo.setCurrentIndex(max(0, self.combo.findData(saved.load_language())))
        self.note = plain_label(QLabel(self.tr("The language applies at the next start of DynoView."), self))
        self.note.setObjectName("language-note")
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.combo)
        layout.addWidget(self.note)

    @staticmethod
    def _system_name() -> str:
        # What "System" loads: DYNOVIEW_LANG first, as the window itself does, then the locale.
        return languages.TRANSLATED.get(languages.resolve(languages.SYSTEM), "English")

    def choice(self) -> str:
        data = self.combo.currentData()
        return data if isinstance(data, str) else languages.SYSTEM

    def save(self) -> None:
        """``SettingsSaveError`` when the choice could not be saved (the dialog says it)."""
        saved.save_language(self.choice())
