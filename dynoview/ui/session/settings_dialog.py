"""File > Settings…: what applies to every connection. Its "Production connections" section edits
the profile-name patterns that open a connection as production (read-only, writing asks for the
account id): ``[production] profile_patterns`` in settings.ini, read at each connect by
``core.session.production``, so a change applies to the next connection.

Other sections (the language, the update check) are added with ``add_section``.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.session.production import pattern_problem
from dynoview.ui.i18n.language_dialog import LanguageChooser
from dynoview.ui.plain_text import plain_label
from dynoview.ui.session import production_patterns as pattern_store
from dynoview.ui.settings_save import SettingsSaveError
from dynoview.ui.themed import mark_refused, set_role
from dynoview.ui.updates.settings_section import UpdateSwitch


class ProductionPatterns(QWidget):
    """The list of patterns, a field to add one (checked there) and Remove."""

    def __init__(self, patterns: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        intro = plain_label(QLabel(
            self.tr("A connection whose profile name matches one of these patterns opens "
                               "as production: read-only, and writing asks for the account id. "
                               "* matches any text, ? one character, [abc] one of a set.")))
        intro.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("production-patterns")
        self.list.setAccessibleName(self.tr("Production profile patterns"))
        self.list.addItems(patterns)
        self.field = QLineEdit()
        self.field.setObjectName("production-pattern-field")
        self.field.setAccessibleName(self.tr("New production profile pattern"))
        self.field.setPlaceholderText(self.tr("e.g. *-prod"))
        self.field.returnPressed.connect(self.add)
        self.field.textEdited.connect(lambda _text: self.clear_error())
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.clicked.connect(self.add)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.clicked.connect(self.remove)
        self.list.currentRowChanged.connect(lambda row: self.remove_button.setEnabled(row >= 0))
        self.remove_button.setEnabled(False)
        self.error = plain_label(QLabel())  # the problem quotes the typed pattern
        self.error.setObjectName("production-pattern-error")
        self.error.setWordWrap(True)
        set_role(self.error, "error")
        self.error.hide()
        row = QHBoxLayout()
        for widget in (self.field, self.add_button, self.remove_button):
            row.addWidget(widget)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(intro)
        layout.addWidget(self.list)
        layout.addLayout(row)
        layout.addWidget(self.error)

    def patterns(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def add(self) -> bool:
        """Add what the field holds, or say at the field why not."""
        text = self.field.text().strip()
        problem = pattern_problem(text, self.patterns())
        if problem is not None:
            mark_refused(self.field)
            self.error.setText(problem)
            self.error.show()
            self.field.setFocus()
            return False
        self.list.addItem(text)
        self.field.clear()
        self.clear_error()
        return True

    def remove(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            self.list.takeItem(row)

    def clear_error(self) -> None:
        mark_refused(self.field, False)
        self.error.hide()


class SettingsDialog(QDialog):
    """Saved on OK; Cancel changes nothing."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settings-dialog")
        self.setWindowTitle(self.tr("Settings"))
        # What was loaded, so OK saves only what the user changed here: another window may
        # have saved a pattern or a language since, and it must stay.
        self.loaded_patterns = pattern_store.production_patterns()
        self.production = ProductionPatterns(self.loaded_patterns)
        self.sections = QVBoxLayout()
        self.add_section(self.tr("Production connections"), self.production)
        self.language = LanguageChooser()  # issue 27 (H6)
        self.loaded_language = self.language.choice()
        self.add_section(self.tr("Language"), self.language)
        # The one-time question's answer, changed here (the window's controller applies it).
        self.update_check = UpdateSwitch(parent.window() if parent is not None else None)
        self.add_section(self.tr("Updates"), self.update_check)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.save_error = plain_label(QLabel())  # a failed save: the dialog stays open saying why
        self.save_error.setObjectName("settings-save-error")
        self.save_error.setWordWrap(True)
        set_role(self.save_error, "error")
        self.save_error.hide()
        layout = QVBoxLayout(self)
        layout.addLayout(self.sections)
        layout.addWidget(self.save_error)
        layout.addWidget(buttons)
        self.resize(520, self.sizeHint().height())

    def add_section(self, title: str, widget: QWidget) -> QGroupBox:
        box = QGroupBox(title)
        inner = QVBoxLayout(box)
        inner.addWidget(widget)
        self.sections.addWidget(box)
        return box

    def accept(self) -> None:
        # A pattern typed but not added is added now, or the dialog stays open saying why.
        if self.production.field.text().strip() and not self.production.add():
            return
        try:
            now = self.production.patterns()
            added = [p for p in now if p not in self.loaded_patterns]
            removed = [p for p in self.loaded_patterns if p not in now]
            if added or removed:
                pattern_store.save_production_patterns(added, removed=removed)
                self.loaded_patterns = now  # a second OK (after a failed save) changes nothing twice
            if self.language.choice() != self.loaded_language:
                self.language.save()
                self.loaded_language = self.language.choice()
        except SettingsSaveError as exc:
            self.save_error.setText(exc.message)
            self.save_error.show()
            return
        self.update_check.save()  # last: never raises, and applies at once
        super().accept()
