"""A small dialog to review and edit a uniqueness schema as JSON.

Validation happens in core (``schema_from_json``); the dialog only shows the
located error ("rules[1].normalisation: ...") and refuses to close on it.
"""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.uniqueness.presets import PRESETS
from dynoview.core.uniqueness.schema import (
    NORMALISATIONS,
    SchemaError,
    UniquenessSchema,
    schema_from_json,
    schema_to_text,
)


class SchemaDialog(QDialog):
    """Edit a schema; ``schema()`` holds the accepted result."""

    def __init__(self, schema: UniquenessSchema, notes: tuple[str, ...] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Uniqueness schema"))
        self._schema = schema
        self._setup_ui(notes)
        self.editor.setPlainText(schema_to_text(schema))
        self.locks_table.setText(schema.locks.name if schema.locks is not None else "")

    def _setup_ui(self, notes: tuple[str, ...]) -> None:
        layout = QVBoxLayout(self)
        help_text = (
            self.tr("How accounts are recognised (pk_name begins with account_pk_prefix, sk_name equals "
            "account_sk_value) and one rule per protected attribute: pk_template with {{value}}, "
            "sk_value of the lock (it may hold {{value}} too), normalisation "
            "({value}), and an optional index_name (a GSI keyed on the "
            "attribute, used by Diagnose).").format(value=', '.join(NORMALISATIONS)))
        intro = QLabel(help_text)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.notes = QLabel("\n".join(notes))
        self.notes.setWordWrap(True)
        self.notes.setVisible(bool(notes))
        layout.addWidget(self.notes)
        self.preset = QComboBox()
        self.preset.addItem(self.tr("(keep the schema below)"))
        for preset in PRESETS:
            self.preset.addItem(preset.title, preset.name)
            self.preset.setItemData(self.preset.count() - 1, preset.description, Qt.ItemDataRole.ToolTipRole)
        self.preset.activated.connect(self._apply_preset)
        form = QFormLayout()
        form.addRow(self.tr("Start from a preset:"), self.preset)
        # The "uniques table" pattern: the locks in a table of their own (locks_table in the JSON).
        self.locks_table = QLineEdit()
        self.locks_table.setAccessibleName(self.tr("Locks table"))
        self.locks_table.setPlaceholderText(self.tr("(the locks share the accounts' table)"))
        self.locks_table.setToolTip(self.tr(
            "The table that holds the locks when it is not the accounts' table. Its key names are "
            "locks_table.pk_name and locks_table.sk_name in the JSON below."))
        form.addRow(self.tr("Locks table:"), self.locks_table)
        layout.addLayout(form)
        self.preset_note = QLabel()
        self.preset_note.setWordWrap(True)
        self.preset_note.hide()
        layout.addWidget(self.preset_note)
        self.editor = QPlainTextEdit()
        self.editor.setAccessibleName(self.tr("Uniqueness schema (JSON)"))
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor.setMinimumSize(520, 320)
        layout.addWidget(self.editor)
        self.error = QLabel()
        self.error.setObjectName("schemaError")
        self.error.setWordWrap(True)
        self.error.setProperty("role", "error")  # styled for light and dark themes
        self.error.hide()
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _apply_preset(self, index: int) -> None:
        """Fill the editor with the chosen preset, keeping the key names, accounts and
        attributes of the schema being edited (or of the one the dialog opened with)."""
        name = self.preset.itemData(index)
        preset = next((p for p in PRESETS if p.name == name), None)
        if preset is None:
            return
        try:
            current = schema_from_json(json.loads(self.editor.toPlainText()))
        except (ValueError, RecursionError):  # JSON or schema errors: start from the original
            current = self._schema
        # A schema already in a library's layout names its model; else "User", to be edited.
        entity = next((e for p in PRESETS if (e := p.entity_of(current))), "User")
        if entity.isupper():
            entity = entity.capitalize()  # TypeDORM keys upper-case the class name: USER -> User
        schema = preset.build(current.pk_name, current.sk_name, entity=entity,
                              attributes=[r.attribute for r in current.rules],
                              account_pk_prefix=current.account_pk_prefix,
                              account_sk_value=current.account_sk_value,
                              index_names={r.attribute: r.index_name for r in current.rules
                                           if r.index_name})
        self.editor.setPlainText(schema_to_text(schema))
        hint = "" if preset.parse is None else (
            self.tr(
                " The model is {entity}: replace it in pk_template if your model has another name.").format(
                    entity=entity))
        self.preset_note.setText(self.tr(
            "{description}{hint} Confirmed from {source}.").format(
                description=preset.description, hint=hint, source=preset.source))
        self.preset_note.show()
        self.error.hide()

    def validate(self) -> UniquenessSchema | None:
        """Parse the text; on a problem show it (with its location) and return None."""
        try:
            data = json.loads(self.editor.toPlainText())
            name = self.locks_table.text().strip()  # the field decides where the locks are
            if isinstance(data, dict) and not name:
                data.pop("locks_table", None)
            elif isinstance(data, dict):
                own = data.get("locks_table")
                data["locks_table"] = {**own, "name": name} if isinstance(own, dict) else {"name": name}
            schema = schema_from_json(data)
        except json.JSONDecodeError as exc:
            self._show_error(self.tr(
                "line {lineno} column {colno}: not valid JSON ({msg}).").format(
                    lineno=exc.lineno, colno=exc.colno, msg=exc.msg))
            return None
        except RecursionError:
            self._show_error(self.tr("This JSON is nested far too deeply to be a schema."))
            return None
        except SchemaError as exc:
            self._show_error(str(exc))
            return None
        self.error.hide()
        return schema

    def _show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def accept(self) -> None:
        schema = self.validate()
        if schema is None:
            return
        self._schema = schema
        super().accept()

    def schema(self) -> UniquenessSchema:
        return self._schema
