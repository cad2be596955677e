"""What every exported-code dialog has under its code: a status line (what Copy or Save… did,
or why there is no code) and Copy, Save… and Close acting on the language shown. The dialog
says which language is shown and gives its code; this widget never makes code."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dynoview.ui.builder.dialogs import restyle
from dynoview.ui.plain_text import plain_label


class CodeSource(Protocol):
    """The dialog showing the code."""

    def language(self) -> str:
        """The language shown."""
        ...

    def code_of(self, lang: str) -> str | None:
        """The code in ``lang``; None when it cannot be made (the dialog says why)."""
        ...


class CodeActions(QWidget):
    """The status line, and Copy, Save… and Close for the code ``source`` shows."""

    def __init__(self, source: CodeSource, dialog: QDialog, *, titles: Mapping[str, str],
                 filters: Mapping[str, str], file_name: Callable[[str], str], copy_tip: str,
                 save_tip: str, status_name: str) -> None:
        super().__init__(dialog)
        self.source, self.titles, self.filters, self.file_name = source, titles, filters, file_name
        self.file_dialog: QFileDialog | None = None  # kept alive while it is open
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        # Plain text: the status quotes file names and errors, and the code holds table values.
        self.status = plain_label(QLabel(""))
        self.status.setObjectName(status_name)
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.hide()
        layout.addWidget(self.status)
        self.copy_button = QPushButton(self.tr("&Copy"))
        self.copy_button.setToolTip(copy_tip)
        self.copy_button.clicked.connect(self.copy)
        self.save_button = QPushButton(self.tr("&Save…"))
        self.save_button.setToolTip(save_tip)
        self.save_button.clicked.connect(self.ask_save)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(dialog.accept)
        close.setDefault(True)
        row = QHBoxLayout()
        row.addWidget(self.copy_button)
        row.addWidget(self.save_button)
        row.addStretch(1)
        row.addWidget(close)
        layout.addLayout(row)

    def show_status(self, text: str, role: str = "hint") -> None:
        self.status.setText(text)
        self.status.setVisible(bool(text))
        restyle(self.status, role)

    def set_enabled(self, on: bool) -> None:
        """Copy and Save… on (there is code) or off (there is none)."""
        for button in (self.copy_button, self.save_button):
            button.setEnabled(on)

    def copy(self) -> None:
        lang = self.source.language()
        QGuiApplication.clipboard().setText(self.source.code_of(lang) or "")
        self.show_status(self.tr("Copied the {TITLES} code.").format(TITLES=self.titles[lang]))

    def ask_save(self) -> None:
        """Ask where to save the code shown (``open()``, no nested loop)."""
        lang = self.source.language()
        name = self.file_name(lang)
        dialog = QFileDialog(self, self.tr("Save the {TITLES} code").format(TITLES=self.titles[lang]),
                             str(Path.home() / name))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilter(self.filters[lang])
        dialog.setDefaultSuffix(Path(name).suffix.lstrip("."))
        dialog.fileSelected.connect(lambda path: self.save_to(path, lang))
        dialog.finished.connect(lambda _code: dialog.deleteLater())
        self.file_dialog = dialog
        dialog.open()

    def save_to(self, path: str, lang: str | None = None) -> bool:
        """Write one language's code (the one shown by default) to ``path``; the outcome is
        shown under the code."""
        self.file_dialog = None
        lang = lang or self.source.language()
        code = self.source.code_of(lang)
        if code is None:
            return False
        from dynoview.core.session.private_files import PrivateFileError, write_private_bytes

        try:
            # The code holds the item's keys and values: a 0600 file, replaced whole, never
            # written through a link. Bytes, so the newlines stay "\n" on every platform.
            write_private_bytes(path, code.encode("utf-8"))
        except PrivateFileError as exc:  # a link, a folder: the sentence says what to do
            self.show_status(exc.message, "error")
            return False
        except OSError as exc:
            self.show_status(self.tr("Could not save {path}: {value}. Choose another "
                             "folder or file name.").format(path=path, value=exc.strerror or exc), "error")
            return False
        self.show_status(self.tr("Saved the {TITLES} code to {path}.").format(
            TITLES=self.titles[lang], path=path))
        return True
