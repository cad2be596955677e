"""A small dialog to review and edit a uniqueness schema as JSON.

Validation happens in core (``schema_from_json``); the dialog only shows the
located error ("rules[1].normalisation: ...") and refuses to close on it.
"""

from __future__ import annotations

import dataclasses
import json
import re
import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.drafts.dialog_texts import KeptText, Subject, schema_subject
from dynoview.core.session.user_files import UserFileError, loads_user_json
from dynoview.core.uniqueness.presets import PRESET_ELECTRODB, PRESETS, SchemaPreset
from dynoview.core.uniqueness.presets.base import Context
from dynoview.core.uniqueness.schema import (
    NORMALISATIONS,
    SchemaError,
    UniquenessSchema,
    table_key_problem,
)
from dynoview.core.uniqueness.schema_file import schema_from_json, schema_to_text
from dynoview.ui.context import AppContext
from dynoview.ui.kept_text import KeptNote, TextKeeper, connection_of
from dynoview.ui.plain_text import plain_label
from dynoview.ui.themed import mark_refused, set_role

_TABLE_NAME = re.compile(r"[A-Za-z0-9_.-]{3,255}")  # DynamoDB's rule for table names
_SCOPE_PLACEHOLDER = "${scope}"  # what a scoped preset's rule holds until the template is known
_PROBE = "Qzxmodel"  # a model name no key holds otherwise: shows where a preset writes the model
NOTE_LINES = 5  # the preset's note shows this many lines, and scrolls
_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _skip(text: str, pos: int) -> int:
    """The first position at or after ``pos`` that is not JSON whitespace."""
    while pos < len(text) and text[pos] in " \t\n\r":
        pos += 1
    return pos


def json_offset(text: str, location: str) -> int | None:
    """Where, in the JSON ``text``, the field at ``location`` (``rules[1].pk_template``, as a
    ``SchemaError`` names it) is: its key, or the nearest enclosing field present when it is
    missing; None when the text is not JSON or no part of the location is there."""
    decoder = json.JSONDecoder()
    pos, found = _skip(text, 0), None
    try:
        for match in _PATH_PART.finditer(location):
            key, index = match.group(1), match.group(2)
            if text[pos] != ("{" if key is not None else "["):
                return found
            pos, n = _skip(text, pos + 1), 0
            while text[pos] not in "}]":
                start = pos
                if key is not None:
                    name, pos = decoder.raw_decode(text, pos)
                    pos = _skip(text, _skip(text, pos) + 1)  # past the colon
                if (name == key) if key is not None else n == int(index):
                    found = start
                    break
                _, pos = decoder.raw_decode(text, pos)
                pos = _skip(text, pos)
                if text[pos] != ",":
                    return found
                pos, n = _skip(text, pos + 1), n + 1
            else:
                return found
    except (ValueError, IndexError, RecursionError):
        return found
    return found


def _entity_of(schema: UniquenessSchema) -> str:
    """The model a schema in a library's layout names, as a class name; else "User", to edit."""
    for preset in PRESETS:
        entity = preset.entity_of(schema)
        if entity:
            # TypeDORM upper-cases the class name, ElectroDB lower-cases its keys: USER -> User
            if entity.isupper() or (preset.keys_lower and entity.islower()):
                return entity.capitalize()
            return entity
    return "User"


def _context_of(preset: SchemaPreset, schema: UniquenessSchema) -> Context:
    """The names of the layout a schema already in ``preset``'s layout holds, for choosing the
    preset again not to reset them: ElectroDB's service, constraint entity, version and casing;
    OneTable's scope templates; () otherwise (the preset's defaults)."""
    if preset.scoped:
        return tuple(f"{r.attribute}={r.scope}" for r in schema.rules if r.scope)
    marker = preset.marker_of(schema)
    return marker.context if marker is not None else ()


def _fields_naming_entity(preset: SchemaPreset, has_sk: bool) -> list[str]:
    """The rule fields in which ``preset`` writes the model's name (any casing)."""
    rule = preset.make_rule(_PROBE, "attribute", has_sk, ())
    return [field for field, text in (("pk_template", rule.pk_template), ("sk_value", rule.sk_value))
            if text is not None and _PROBE.lower() in text.lower()]


def _subject(ctx: AppContext | None) -> Subject | None:
    """What the dialog's unsent text is kept under: the window's connection and open table
    (None when the dialog is not opened from a connected window with a table)."""
    connection = connection_of(ctx)
    if ctx is None or connection is None or ctx.table is None:
        return None
    return schema_subject(connection, ctx.table.name)


class SchemaDialog(QDialog):
    """Edit a schema; ``schema()`` holds the accepted result. Opened from a connected window,
    what the user typed is kept if the dialog closes without their answer (``ui.kept_text``)
    and shown again, with a note, the next time the table's schema is edited."""

    def __init__(self, schema: UniquenessSchema, notes: tuple[str, ...] = (),
                 parent: QWidget | None = None, ctx: AppContext | None = None) -> None:
        """``ctx``: the window's context, whose connection and table the unsent text is kept
        under (None: nothing is kept)."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Uniqueness schema"))
        self._schema = schema
        self._ctx = ctx  # its open table is the one the schema must fit
        self._setup_ui(notes)
        self.editor.setPlainText(schema_to_text(schema))
        self.locks_table.setText(schema.locks.name if schema.locks is not None else "")
        self._opened = (self.editor.toPlainText(), self.locks_table.text())
        self.keeper = TextKeeper(self, _subject(ctx), self._fields,
                                 {"json": self._opened[0], "locks_table": self._opened[1]},
                                 self.kept_note,
                                 tell=ctx.status_message.emit if ctx is not None else None)
        self.kept_note.discard_button.clicked.connect(self.discard_kept)
        kept = self.keeper.restore()
        if kept is not None:
            self._show_kept(kept)
        self.editor.textChanged.connect(self.keeper.changed)
        self.locks_table.textChanged.connect(self.keeper.changed)
        self.resize(620, 560)  # room for the JSON; fits a 1024 x 700 screen

    def _fields(self) -> dict[str, str]:
        return {"json": self.editor.toPlainText(), "locks_table": self.locks_table.text()}

    def _show_kept(self, kept: KeptText) -> None:
        """Put the kept text in the fields, under a note that says what it is."""
        self.editor.setPlainText(kept.fields.get("json", self._opened[0]))
        self.locks_table.setText(kept.fields.get("locks_table", self._opened[1]))
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(kept.saved_at))
        text = self.tr("This is your unsent edit of this table's uniqueness schema, kept when "
                       "DynoView closed at {when}.").format(when=when)
        if kept.base and dict(kept.base) != {"json": self._opened[0], "locks_table": self._opened[1]}:
            text += " " + self.tr("The schema has changed since: saving replaces it with the one below.")
        self.kept_note.show_kept(text, self.tr("Discard it and start from the schema as it is now"))
        self.editor.setFocus()  # where the user carries on

    def discard_kept(self) -> None:
        """The note's button: the kept edit is deleted and the fields hold the schema as it is."""
        self.keeper.discard_kept()
        self.editor.setPlainText(self._opened[0])
        self.locks_table.setText(self._opened[1])
        self.preset.setCurrentIndex(0)
        self.preset_area.hide()
        self._clear_error()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.keeper.closing(event)  # closed around it (a signal, a quit): the text is kept
        super().closeEvent(event)

    def done(self, result: int) -> None:
        self.keeper.chose()  # saved, or cancelled: nothing kept any more
        super().done(result)

    def edited(self) -> bool:
        """Whether the fields differ from the schema the dialog opened with (typed, a preset
        chosen, or the unsent edit kept from when DynoView last closed around it)."""
        return (self.editor.toPlainText(), self.locks_table.text()) != self._opened

    def _setup_ui(self, notes: tuple[str, ...]) -> None:
        layout = QVBoxLayout(self)
        self.kept_note = KeptNote()
        layout.addWidget(self.kept_note)
        help_text = (
            self.tr("How accounts are recognised (pk_name begins with account_pk_prefix, sk_name equals "
            "account_sk_value) and one rule per protected attribute: pk_template with {{value}}, "
            "sk_value of the lock (it may hold {{value}} too), normalisation "
            "({value}), and an optional index_name (a GSI keyed on the "
            "attribute, used by Diagnose).").format(value=', '.join(NORMALISATIONS)))
        intro = plain_label(QLabel(help_text))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.notes = plain_label(QLabel("\n".join(notes)))
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
        self.preset_note = plain_label(QLabel())
        self.preset_note.setWordWrap(True)
        self.preset_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # A preset's note runs to ten lines: it scrolls in a few, so the JSON and the buttons
        # keep their room (at 1024 x 700 the dialog cannot grow to show it whole).
        self.preset_area = QScrollArea()
        self.preset_area.setWidget(self.preset_note)
        self.preset_area.setWidgetResizable(True)
        self.preset_area.setFrameShape(QFrame.Shape.NoFrame)
        self.preset_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.preset_area.setMaximumHeight(self.fontMetrics().lineSpacing() * NOTE_LINES + 6)
        self.preset_area.hide()
        layout.addWidget(self.preset_area)
        self.editor = QPlainTextEdit()
        self.editor.setAccessibleName(self.tr("Uniqueness schema (JSON)"))
        self.editor.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.editor.setMinimumSize(520, 180)
        layout.addWidget(self.editor)
        self.error = plain_label(QLabel())
        self.error.setObjectName("schemaError")
        self.error.setWordWrap(True)
        set_role(self.error, "error")  # styled for light and dark themes
        self.error.hide()
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def _apply_preset(self, index: int) -> None:
        """Fill the editor with the chosen preset, keeping the key names, accounts, attributes
        and the layout's names the user typed (ElectroDB's service, OneTable's scopes) of the
        schema being edited (or of the one the dialog opened with)."""
        name = self.preset.itemData(index)
        preset = next((p for p in PRESETS if p.name == name), None)
        if preset is None:
            return
        restarted = False
        try:
            current = schema_from_json(json.loads(self.editor.toPlainText()))
        except (ValueError, RecursionError):  # JSON or schema errors: start from the original
            current, restarted = self._schema, True
        if preset.needs_sk and current.sk_name is None:
            # Its markers share one partition per service: only the sort key tells them apart.
            self._show_error(self.tr(
                "sk_name: {title} needs a table with a sort key (its markers differ only in "
                "their sort key). Set sk_name to the table's sort key (e.g. SK), then choose the "
                "preset again.").format(title=preset.title), self._offset_of("sk_name"))
            self.preset.setCurrentIndex(0)  # the JSON below was kept
            return
        schema = preset.build(current.pk_name, current.sk_name, entity=_entity_of(current),
                              attributes=[r.attribute for r in current.rules],
                              account_pk_prefix=current.account_pk_prefix,
                              account_sk_value=current.account_sk_value,
                              index_names={r.attribute: r.index_name for r in current.rules
                                           if r.index_name},
                              context=_context_of(preset, current))
        schema = dataclasses.replace(schema, locks=current.locks)  # a uniques table's key names
        self.editor.setPlainText(schema_to_text(schema))
        about = self.tr("{description} Confirmed from {source}.").format(
            description=preset.description, source=preset.source)
        hint = self._hint(preset, schema)  # first: the note scrolls, and this is what to change
        if restarted:  # said, not silent: what was typed below is gone
            hint = self.tr("The JSON below could not be read, so the preset started from the schema "
                           "this dialog opened with.") + (f" {hint}" if hint else "")
        self.preset_note.setText(f"{hint} {about}" if hint else about)
        self.preset_area.show()
        self.preset_area.verticalScrollBar().setValue(0)
        self._fit_height()
        self._clear_error()

    def _hint(self, preset: SchemaPreset, schema: UniquenessSchema) -> str:
        """Where the preset's keys name the model (and ElectroDB's service), to be replaced."""
        marker = preset.marker_of(schema)
        if marker is None:
            return ""
        has_sk = schema.sk_name is not None
        fields = _fields_naming_entity(preset, has_sk)
        hint = self.tr("The model is {entity}, in each rule's {fields}: replace it there if "
                       "your model has another name.").format(
                           entity=marker.entity, fields=self.tr(" and ").join(fields))
        if preset.name == PRESET_ELECTRODB and marker.context:
            hint = self.tr("Here the service is {service}, in pk_template (${service}#value_), "
                           "and the entity is {entity}, in each rule's sk_value (#entity_{entity}): "
                           "replace them there if yours have other names.").format(
                               entity=marker.entity, service=marker.context[0])
        placeholders = [r.name for r in schema.rules if r.scope == _SCOPE_PLACEHOLDER]
        if placeholders:
            hint += " " + self.tr("The scope of {rules} is {placeholder}: set it to your model's scope "
                            "template (e.g. ${{tenantId}}).").format(
                                rules=", ".join(placeholders), placeholder=_SCOPE_PLACEHOLDER)
        return hint

    def validate(self) -> UniquenessSchema | None:
        """Parse the text; on a problem show it, put the cursor (or the focus) at the field
        that caused it and return None."""
        self._clear_error()
        name = self.locks_table.text().strip()  # the field decides where the locks are
        if name and not _TABLE_NAME.fullmatch(name):
            self._show_error(self.tr(
                "Locks table: \"{name}\" is not a DynamoDB table name. Use 3 to 255 letters, digits, "
                "underscores (_), hyphens (-) or dots (.), or leave the field empty when the locks "
                "share the accounts' table.").format(name=name), field=self.locks_table)
            return None
        text = self.editor.toPlainText()
        try:
            json.loads(text)  # syntax first: its position puts the cursor at the mistake
            # Strict, as a schema file is read: a repeated key would keep only its last value.
            data = loads_user_json(text, "The schema")
            if isinstance(data, dict) and not name:
                data.pop("locks_table", None)
            elif isinstance(data, dict):
                own = data.get("locks_table")
                data["locks_table"] = {**own, "name": name} if isinstance(own, dict) else {"name": name}
            schema = schema_from_json(data)
        except json.JSONDecodeError as exc:
            self._show_error(self.tr(
                "line {lineno} column {colno}: not valid JSON ({msg}).").format(
                    lineno=exc.lineno, colno=exc.colno, msg=self._json_problem(exc.msg)), exc.pos)
            return None
        except RecursionError:
            self._show_error(self.tr("This JSON is nested far too deeply to be a schema."), 0)
            return None
        except UserFileError as exc:  # a repeated key (at its path) or NaN
            where = exc.path[2:] if exc.path and exc.path.startswith("$.") else ""
            self._show_error(exc.message, json_offset(text, where) if where else 0)
            return None
        except SchemaError as exc:
            if exc.location == "locks_table.name":
                self._show_error(str(exc), field=self.locks_table)
            else:
                self._show_error(str(exc), json_offset(text, exc.location))
            return None
        table = self._ctx.table if self._ctx is not None else None
        # Key names the table does not have match no item: the audit would show a clean table.
        problem = table_key_problem(schema, table) if table is not None else None
        if problem is not None:
            self._show_error(str(problem), json_offset(text, problem.location))
            return None
        return schema

    def _json_problem(self, msg: str) -> str:
        """Python's words for a JSON error, said as what to fix where they are cryptic."""
        if msg.startswith(("Invalid control character", "Unterminated string")):
            return self.tr("a string is not closed: end it with \" on its line")
        return msg

    def _offset_of(self, location: str) -> int | None:
        return json_offset(self.editor.toPlainText(), location)

    def _show_error(self, text: str, offset: int | None = None, field: QWidget | None = None) -> None:
        """Say what is wrong under the editor and go where it is: the cursor to ``offset`` in
        the JSON, or the focus to ``field`` (marked) when a form field caused it."""
        self.error.setText(text)
        self.error.show()
        self._fit_height()
        if field is not None:
            mark_refused(field)
            field.setFocus()
            return
        if offset is not None:
            cursor = self.editor.textCursor()
            cursor.setPosition(min(offset, len(self.editor.toPlainText())))
            self.editor.setTextCursor(cursor)
            self.editor.centerCursor()
        self.editor.setFocus()

    def _fit_height(self) -> None:
        """Grow to show what was just added (a dialog does not grow by itself for wrapped text,
        and the JSON would slide under the buttons), within the screen."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        need = (layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth()
                else layout.totalSizeHint().height())
        screen = self.screen()
        room = screen.availableGeometry().height() if screen is not None else need
        if need > self.height():
            self.resize(self.width(), min(need, room))

    def _clear_error(self) -> None:
        self.error.hide()
        mark_refused(self.locks_table, False)

    def accept(self) -> None:
        schema = self.validate()
        if schema is None:
            return
        self._schema = schema
        super().accept()

    def schema(self) -> UniquenessSchema:
        return self._schema
