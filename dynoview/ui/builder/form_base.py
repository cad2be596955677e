"""What every template form shares: the value field that checks as the user types, and the
dialog that builds its ``Transaction`` on accept (``open()`` and ``finished``, never a
nested ``exec()``), sized to its content, with "Export as code…" beside its accept button.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.errors import InputError
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.template_inputs import (
    ValueCheck,
)
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.values.visible_text import visible_value
from dynoview.ui.builder.dialogs import restyle  # defined there: code_export_view needs it too
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_tooltip

ACCEPT_TEXT = QT_TRANSLATE_NOOP("builder.form_base", "Open in builder")
EXPORT_TEXT = QT_TRANSLATE_NOOP("builder.form_base", "&Export as code…")  # Alt+E


def pk_text(schema: UniquenessSchema, item: Mapping[str, Any]) -> str:
    av = item.get(schema.pk_name)
    return av.get("S", "?") if isinstance(av, Mapping) else "?"


def shown_text(text: str) -> str:
    """A value, id or key from the table as a form's title or label quotes it: a bidi override,
    a zero-width space or a control character as a visible escape (``visible_value``, as the
    plan's lines quote it), so no value can read as another. Only what is shown: the form
    builds its transaction from the exact value."""
    return visible_value(text)


def pk_shown(schema: UniquenessSchema, item: Mapping[str, Any]) -> str:
    """``pk_text`` as a form shows it (``shown_text``)."""
    return shown_text(pk_text(schema, item))


def wrapped_label(text: str, *, rich: bool = False) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText if rich else Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class ValueField(QWidget):
    """A line edit for one protected value, with its message underneath, live as the user
    types: the lock key it will write (after the rule's normalisation) and what the account
    will store, or why the value cannot be used."""

    def __init__(self, rule: LockRule, placeholder: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rule = rule
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(placeholder)
        self.edit.setObjectName(f"value-{rule.name}")
        self.edit.setAccessibleName(rule.name.capitalize())  # the form's label names the box
        self.setFocusProxy(self.edit)  # the label's mnemonic and a form's first field
        self.message = wrapped_label("")
        self.message.setObjectName(f"message-{rule.name}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit)
        layout.addWidget(self.message)
        self.check: ValueCheck | None = None

    @property
    def error(self) -> str | None:
        return self.check.error if self.check is not None else None

    def show_check(self, check: ValueCheck, *, touched: bool) -> None:
        """Show the lock key and the account's value, or the error once the user has typed
        something (an empty form does not open covered in red)."""
        self.check = check
        if check.ok:
            self.message.setText(check.preview)
            restyle(self.message, "hint")
        elif touched:
            self.message.setText(check.error or "")
            restyle(self.message, "error")
        else:
            self.message.setText("")
        self.edit.setToolTip(plain_tooltip(self.message.text()))


def first_input(form: QFormLayout) -> QWidget | None:
    """The form's first field that takes the keyboard, row by row (inside a row's box too)."""
    for i in range(form.count()):
        item = form.itemAt(i)
        widget = item.widget() if item is not None else None
        if widget is None or not widget.isEnabled():
            continue
        for candidate in (widget, *widget.findChildren(QWidget)):
            if candidate.focusPolicy() & Qt.FocusPolicy.TabFocus and candidate.isEnabled() \
                    and not isinstance(candidate, QLabel):
                return candidate
    return None


class TemplateForm(QDialog):
    """Common frame: an intro, the fields, a live summary of the actions, and the buttons.

    ``template`` names the form's template for "Export as code" (``dynoview.core.codegen``'s
    names); ``code_values()`` gives the form's current values in the shape it takes.
    """

    template = ""
    #: The note's object name once the window moved away from where the form opened (tests).
    MOVED_NOTE = "opened-elsewhere-note"

    def __init__(self, schema: UniquenessSchema, table: str, title: str, intro: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(520)
        self.schema = schema
        self.table = table
        self.transaction: Transaction | None = None
        # Why the form may no longer be accepted: the window moved to another connection or
        # table since it opened (``set_moved``); its item and evidence were read there.
        self.moved = ""
        self.intro = wrapped_label(intro)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.summary = wrapped_label("", rich=True)
        self.summary.setObjectName("template-summary")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.addButton(QCoreApplication.translate(
            "builder.form_base", ACCEPT_TEXT), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        # Beside OK and enabled with it: the code sends what OK would open in the builder.
        self.export_button = self.buttons.addButton(QCoreApplication.translate(
            "builder.form_base", EXPORT_TEXT), QDialogButtonBox.ButtonRole.ActionRole)
        self.export_button.setObjectName("export-code")
        self.export_button.setToolTip(self.tr("This template as a Python (boto3) or TypeScript function, "
                                      "with an example sending the form's values (Alt+E)"))
        self.export_button.setAutoDefault(False)  # Enter still opens the builder
        self.export_button.clicked.connect(self.export_code)
        # Why the form's values cannot be exported, next to the button (empty: hidden).
        self.export_error = wrapped_label("")
        self.export_error.setObjectName("export-code-error")
        restyle(self.export_error, "error")
        self.export_error.hide()
        self.code_dialog: QDialog | None = None  # the open code dialog (kept alive while shown)
        self.main_layout = layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(self.form)
        box = QGroupBox(self.tr("The transaction"))
        box_layout = QVBoxLayout(box)
        # A fixed-height, scrolling summary: the form keeps its size while the list grows.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.summary)
        scroll.setFixedHeight(self.fontMetrics().lineSpacing() * 10)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        box_layout.addWidget(scroll)
        layout.addWidget(box)
        layout.addStretch(1)  # spare height below the summary, not between the labels
        layout.addWidget(self.export_error)
        layout.addWidget(self.buttons)
        # Only once the button is in the dialog: before, Qt marks it without telling the dialog,
        # which then made Cancel the default on show (Enter in a field cancelled the form).
        self.ok_button.setDefault(True)

    # Subclasses: validate() updates the field messages and says whether OK may run;
    # build() makes the transaction from the fields; actions() lists it for the summary.
    def validate(self) -> bool:
        return True

    def build(self) -> Transaction:
        raise NotImplementedError

    def code_values(self) -> dict[str, Any]:
        """The form's values as ``template_code`` takes them for ``self.template``."""
        raise NotImplementedError

    def fit_height(self, *, shrink: bool = False) -> None:
        """Take the height the wrapped texts need at this width: grow when a message appears
        under a field (it must not squeeze the field); shrink only when first shown (Qt's first
        guess for wrapped labels is far too tall)."""
        layout = self.main_layout
        need = layout.totalHeightForWidth(self.width()) if layout.hasHeightForWidth() \
            else layout.totalSizeHint().height()
        if need > self.height() or shrink:
            self.resize(self.width(), need)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit_height(shrink=True)
        field = first_input(self.form)  # else Qt focuses the summary, created before the fields
        focus = QApplication.focusWidget()
        if field is not None and (focus is None or not self.isAncestorOf(focus)):
            field.setFocus(Qt.FocusReason.TabFocusReason)

    def set_moved(self, why: str) -> None:
        """The window left the connection or table the form opened on: ``why`` says so above
        the fields, and OK and Export stay off from now on, whatever is typed."""
        self.moved = why
        note = self.findChild(QLabel, self.MOVED_NOTE)
        if note is None:
            note = wrapped_label("")
            note.setObjectName(self.MOVED_NOTE)
            restyle(note, "error")
            self.main_layout.insertWidget(0, note)
        note.setText(why)
        self.ok_button.setEnabled(False)
        self.export_button.setEnabled(False)
        self.fit_height()

    def revalidate(self) -> bool:
        ok = self.validate() and not self.moved
        self.ok_button.setEnabled(ok)
        self.export_button.setEnabled(ok)
        self.show_export_error("")  # it was about the values before this change
        if ok:
            lines = [html.escape(a.summary()) for a in self.build().actions]
            self.summary.setText("<ol>" + "".join(f"<li>{line}</li>" for line in lines) + self.tr("</ol>"
                                 "<p>Nothing is sent yet: the builder shows the exact request to "
                                 "review, then Execute asks for confirmation.</p>"))
        else:
            self.summary.setText(self.tr("<p>Fill in the form: the actions appear here once it is "
                                 "valid.</p>"))
        if self.isVisible():
            self.fit_height()
        return ok

    def accept(self) -> None:
        if not self.revalidate():  # a moved form too: its values were read elsewhere
            return
        self.transaction = self.build()
        super().accept()

    def show_export_error(self, text: str) -> None:
        if text == self.export_error.text():
            return
        self.export_error.setText(text)
        self.export_error.setVisible(bool(text))
        if text and self.isVisible():
            self.fit_height()

    def export_code(self) -> None:
        """Open the form's template as code, in Python and TypeScript, for the values shown
        and the connection's region and endpoint; values the code cannot be made from are
        explained beside the button."""
        if not self.revalidate():
            return
        # Loaded on the first export: the forms open without the code generator.
        from dynoview.ui.builder.code_export_view import (
            CodeExportDialog,
            connection_target,
            file_name,
            table_info,
            template_codes,
        )

        region, endpoint = connection_target(self)
        try:
            codes = template_codes(self.schema, self.table, self.template, self.code_values(),
                                   region, endpoint, table_info(self, self.table))
        except InputError as exc:
            self.show_export_error(exc.message)
            return
        names = {lang: file_name(self.template, lang) for lang in codes}
        self.code_dialog = dialog = CodeExportDialog(f"{self.windowTitle()}: code", codes, names, self)
        dialog.finished.connect(lambda _code: self._code_dialog_closed(dialog))
        dialog.open()

    def _code_dialog_closed(self, dialog: QDialog) -> None:
        if self.code_dialog is dialog:
            self.code_dialog = None
        dialog.deleteLater()


