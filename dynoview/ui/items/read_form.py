"""The Items tab's "Read" form: Scan or Query, table or index, consistency, page size, the key
condition and a filter. It collects a ``BrowseSpec``, puts one back (the history runs reads
again) and marks the field a refusal names. Running is the panel's business."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from dynoview.core.reads.browse_options import (
    DEFAULT_PAGE_SIZE,
    FILTER_OPERATORS,
    MAX_IN_VALUES,
    SORT_KEY_OPERATORS,
    UNARY_OPERATORS,
)
from dynoview.ui.accessible import labelled, named
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.themed import mark_refused, set_role

if TYPE_CHECKING:  # types only: the read's code loads when one runs, table descriptions with the connection
    from dynoview.core.reads.browse import BrowseSpec
    from dynoview.core.session.tables import TableInfo

TABLE_ENTRY = QT_TRANSLATE_NOOP("items.read_form", "(table)")
ANY = "(any)"
VALUE_TYPES = ("S", "N", "B", "BOOL", "NULL")
STRONG_TIP = QT_TRANSLATE_NOOP(
    "items.read_form", "Strong reads see every acknowledged write and cost twice as much as eventual reads.")
# The context ``self.tr`` gave it when it was set in ``_top_row`` alone: its translations still apply.
HIDE_EXPIRED_TIP = QT_TRANSLATE_NOOP(
    "ReadForm", "Hide items whose TTL has passed but that DynamoDB has not "
    "deleted yet (they are still in the table)")


class ReadForm(QGroupBox):
    """What to read; ``run_requested`` when Enter is pressed in a value."""

    run_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Read"), parent)
        self.info: TableInfo | None = None
        self._sampled: set[str] = set()  # the attribute names the table's items read so far have
        # A name the filter shows escaped (a bidi override, a zero-width space), by what it shows:
        # the read asks for the exact name.
        self._exact: dict[str, str] = {}
        self._strong_choice = False  # the user's "Strongly consistent", kept while a GSI is read
        self._hide_choice = False  # the user's "Hide expired", kept while it is off (no TTL in the rows)
        self._tips: dict[QWidget, tuple[str, str]] = {}  # widget: (its own tooltip, the error's)
        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self._top_row())
        form.addRow(self._key_row())
        form.addRow(self._filter_row())
        # Under the filter: a name with blanks at an end that no item read so far has.
        self.filter_note = plain_label(QLabel())
        set_role(self.filter_note, "hint")
        self.filter_note.setWordWrap(True)
        self.filter_note.hide()
        form.addRow(self.filter_note)
        self.error_label = plain_label(QLabel())  # a refusal may quote a value or a key name
        set_role(self.error_label, "error")  # styled per theme
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        form.addRow(self.error_label)
        self._connect()

    # -- construction --------------------------------------------------------------
    def _top_row(self) -> FlowLayout:
        top = FlowLayout()  # wraps at 1024x700 instead of pushing Run off the window
        self.mode = QComboBox()
        self.mode.addItems(["Scan", "Query"])
        self.mode.setToolTip(self.tr("Scan reads every item; Query reads one partition key (cheaper)"))
        self.index = QComboBox()
        self.index.setToolTip(self.tr("Read the table or one of its indexes"))
        # Sized to the longest index name as tables change (the default sizes it once, to
        # "(table)", and clipped "email-index (GSI)" to "email-i").
        self.index.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.consistent = QCheckBox(self.tr("Strongly consistent"))
        self.consistent.setToolTip(QCoreApplication.translate("items.read_form", STRONG_TIP))
        self.page_size = QSpinBox()
        self.page_size.setRange(1, 10000)
        self.page_size.setValue(DEFAULT_PAGE_SIZE)
        self.page_size.setPrefix(self.tr("Page "))
        self.hide_expired = QCheckBox(self.tr("Hide expired"))
        self.hide_expired.setToolTip(QCoreApplication.translate("ReadForm", HIDE_EXPIRED_TIP))
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.setToolTip(self.tr("Run the read (Ctrl+R or F5)"))
        self.run_button.setDefault(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop the read in progress (Esc)"))
        self.cancel_button.setEnabled(False)
        named(self.index, self.tr("Table or index"))
        named(self.page_size, self.tr("Page size"), self.tr("Items per page read"))
        on = plain_label(QLabel(self.tr("on", "Scan or Query on a table or an index")))
        mode = labelled(plain_label(QLabel(self.tr("Mode"))), self.mode)
        for w in (mode, self.mode, on, self.index, self.consistent, self.page_size, self.hide_expired):
            top.addWidget(w)
        top.addStretch()
        run_box = QWidget()  # Run and Cancel wrap together, never apart
        run_row = QHBoxLayout(run_box)
        run_row.setContentsMargins(0, 0, 0, 0)
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)
        top.addWidget(run_box)
        return top

    def _key_row(self) -> QWidget:
        """The key condition of a Query (shown in Query mode only)."""
        # Plain text: key names are the table's, and Qt renders one that looks like HTML as HTML.
        self.pk_label = plain_label(QLabel(self.tr("PK =")))
        self.pk_value = QLineEdit()
        self.pk_value.setPlaceholderText(self.tr("partition key value"))
        self.sk_label = plain_label(QLabel("SK"))
        self.sk_op = QComboBox()
        self.sk_op.addItems([ANY, *SORT_KEY_OPERATORS])
        self.sk_value = QLineEdit()
        self.sk_value.setPlaceholderText(self.tr("sort key value"))
        self.sk_value2 = QLineEdit()
        self.sk_value2.setPlaceholderText(self.tr("upper bound"))
        self.pk_label.setBuddy(self.pk_value)
        self.sk_label.setBuddy(self.sk_op)
        named(self.sk_value, self.tr("Sort key value"))
        named(self.sk_value2, self.tr("Sort key upper bound"))
        self.key_widget = QWidget()
        key_row = QHBoxLayout(self.key_widget)
        key_row.setContentsMargins(0, 0, 0, 0)
        for w in (self.pk_label, self.pk_value, self.sk_label, self.sk_op, self.sk_value,
                  self.sk_value2):
            key_row.addWidget(w)
        return self.key_widget

    def _filter_row(self) -> FlowLayout:
        filter_row = FlowLayout()
        self.filter_attr = QComboBox()
        self.filter_attr.setEditable(True)
        line = self.filter_attr.lineEdit()
        if line is not None:
            line.setPlaceholderText(self.tr("attribute (optional)"))
        self.filter_attr.setMinimumContentsLength(14)
        # Names are taken exactly as typed: DynamoDB compares them case-sensitively, so the
        # completer must not turn "EMAIL" into "email", nor Enter add a name to the sampled list.
        self.filter_attr.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        completer = self.filter_attr.completer()
        if completer is not None:
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseSensitive)
        self.filter_op = QComboBox()
        self.filter_op.addItems(list(FILTER_OPERATORS))
        self.filter_type = QComboBox()
        self.filter_type.addItems(list(VALUE_TYPES))
        self.filter_value = QLineEdit()
        self.filter_value.setPlaceholderText(self.tr("value"))
        self.filter_value2 = QLineEdit()
        self.filter_value2.setPlaceholderText(self.tr("upper bound"))
        self.filter_value2.hide()  # BETWEEN's only (update_form)
        named(self.filter_attr, self.tr(
            "Filter attribute"), self.tr("Optional: only items whose attribute matches"))
        named(self.filter_op, self.tr("Filter operator"))
        named(self.filter_type, self.tr("Filter value type"))
        named(self.filter_value, self.tr("Filter value"))
        named(self.filter_value2, self.tr("Filter upper bound"))
        for w in (plain_label(QLabel(self.tr("Filter"))), self.filter_attr, self.filter_op, self.filter_type,
                  self.filter_value, self.filter_value2):
            filter_row.addWidget(w)
        return filter_row

    def _connect(self) -> None:
        self.mode.currentTextChanged.connect(self.update_form)
        self.index.currentIndexChanged.connect(self.update_form)
        self.sk_op.currentTextChanged.connect(self.update_form)
        self.filter_op.currentTextChanged.connect(self.update_form)
        for edit in (self.pk_value, self.sk_value, self.sk_value2, self.filter_value, self.filter_value2):
            edit.returnPressed.connect(self.run_requested)
            edit.textEdited.connect(self.clear_errors)
        # Enter runs the read from every field of the form: the page size's and the filter
        # attribute's own line edits too.
        for box in (self.page_size, self.filter_attr):
            line = box.findChild(QLineEdit)
            if line is not None:
                line.returnPressed.connect(self.run_requested)
        # Changing what a refusal named clears it, as typing in a value does.
        self.filter_attr.editTextChanged.connect(self.clear_errors)
        self.filter_attr.editTextChanged.connect(self._update_attribute_note)
        self.filter_type.currentIndexChanged.connect(self.clear_errors)
        self.filter_op.currentIndexChanged.connect(self.clear_errors)
        self.sk_op.currentIndexChanged.connect(self.clear_errors)

    # -- the table -----------------------------------------------------------------
    def set_table(self, info: TableInfo | None) -> None:
        """Offer the table and its indexes; attributes come with the first page."""
        self.info = info
        self.index.blockSignals(True)
        self.index.clear()
        self.index.addItem(QCoreApplication.translate("items.read_form", TABLE_ENTRY), None)
        for idx in info.indexes if info else ():
            self.index.addItem(f"{idx.name} ({idx.kind})", idx.name)
        self.index.blockSignals(False)
        self.filter_attr.clear()
        self._sampled = set()
        self._exact = {}
        self.clear_errors()
        self.update_form()
        self._update_attribute_note()

    def set_attributes(self, names: list[str]) -> None:
        """The attributes the filter offers (what the result has shown), keeping the text.

        Each entry shows the name as the grid's header does (escapes for hidden characters) and
        holds the exact name as its data, which the read uses."""
        current = self.filter_attr.currentText()
        self.filter_attr.blockSignals(True)
        self.filter_attr.clear()
        for name in names:
            shown = self._show_name(name)
            self.filter_attr.addItem(shown, name)
        self.filter_attr.setEditText(current)
        self.filter_attr.blockSignals(False)
        self._sampled.update(names)  # every read of this table: an empty page forgets nothing
        self._update_attribute_note()

    def _show_name(self, name: str) -> str:
        """``name`` as the filter shows it, remembered when that is not the name itself."""
        from dynoview.core.values.visible_text import visible  # with the first page's names

        shown = visible(name)
        if shown != name:
            self._exact[shown] = name
        return shown

    def filter_attribute(self) -> str:
        """The filter's attribute name, exact: an entry picked from the list (or its text,
        shown with escapes) is the name it stands for; anything else is taken as typed."""
        text = self.filter_attr.currentText()
        index = self.filter_attr.currentIndex()
        if index >= 0 and self.filter_attr.itemText(index) == text:
            data = self.filter_attr.itemData(index)
            if isinstance(data, str):
                return data
        if text in self._sampled:  # a name an item has, typed as it is
            return text
        return self._exact.get(text, text)

    def _update_attribute_note(self) -> None:
        """Warn, at the filter, of a name with blanks at an end that no item read so far has:
        it is sent as typed, and " email" is not "email"."""
        name = self.filter_attribute()
        odd = bool(name) and name != name.strip() and name not in self._sampled
        if odd:
            import json  # a name is quoted only when one is odd: not before the first paint

            from dynoview.core.values.visible_text import visible

            text = self.tr("The attribute name {name} begins or ends with blank space, and no item "
                           "read so far has it: the filter uses it exactly as typed.").format(
                               name=visible(json.dumps(name, ensure_ascii=False)))
            trimmed = name.strip()
            if trimmed in self._sampled:
                text += " " + self.tr("{trimmed} is another attribute.").format(
                    trimmed=visible(json.dumps(trimmed, ensure_ascii=False)))
            self.filter_note.setText(text)
        self.filter_note.setVisible(odd)

    def index_name(self) -> str | None:
        return self.index.currentData()

    def update_form(self) -> None:
        """Show the fields the chosen mode, index and operators take."""
        self.key_widget.setVisible(self.mode.currentText() == "Query")
        if self.info is not None:
            self._update_keys(self.info)
        self._update_hide_expired()
        op = self.sk_op.currentText()
        self.sk_value.setVisible(op != ANY)
        self.sk_value2.setVisible(op == "between")
        filter_op = self.filter_op.currentText()
        unary = filter_op in UNARY_OPERATORS
        self.filter_value.setEnabled(not unary)
        self.filter_type.setEnabled(not unary)
        self.filter_value2.setVisible(filter_op == "between")
        if filter_op == "in":
            self.filter_value.setPlaceholderText(self.tr('["a", "b"]'))
            self.filter_value.setToolTip(self.tr(
                "A JSON list of up to {count} values of the chosen type").format(count=MAX_IN_VALUES))
        else:
            self.filter_value.setPlaceholderText(self.tr("value"))
            self.filter_value.setToolTip("")

    def _update_keys(self, info: TableInfo) -> None:
        pk, sk = info.keys_for(self.index_name())
        self.pk_label.setText(f"{pk.name} ({pk.type}) =")
        self.sk_label.setText(f"{sk.name} ({sk.type})" if sk else self.tr("no sort key"))
        self.sk_op.setEnabled(sk is not None)
        idx = info.index(self.index_name())
        if idx is not None and not idx.strong_reads_allowed:
            if self.consistent.isEnabled():  # the user's choice, to restore off the GSI
                self._strong_choice = self.consistent.isChecked()
            self.consistent.setChecked(False)
            self.consistent.setEnabled(False)
            self.consistent.setToolTip(self.tr("{name} is a global secondary index: GSIs only "
                                       "serve eventually consistent reads.").format(name=idx.name))
        else:
            if not self.consistent.isEnabled():  # back from a GSI: the choice made before it
                self.consistent.setChecked(self._strong_choice)
            self.consistent.setEnabled(True)
            self.consistent.setToolTip(QCoreApplication.translate("items.read_form", STRONG_TIP))

    def _update_hide_expired(self) -> None:
        """Hide expired needs the TTL attribute in the rows: off on a table without TTL, and
        off and unticked on an index that leaves the attribute out (its rows cannot tell an
        expired item from a live one); the user's choice comes back with the table."""
        info, box = self.info, self.hide_expired
        if info is None or not info.ttl_enabled:
            if box.isEnabled():
                self._hide_choice = box.isChecked()
            box.setEnabled(False)
            box.setToolTip(QCoreApplication.translate("ReadForm", HIDE_EXPIRED_TIP))
            return
        from dynoview.core.ttl.index_ttl import index_holds_ttl  # with a TTL table: on use

        index = self.index_name()
        if index_holds_ttl(info, index):
            if not box.isEnabled():  # back from an index without TTL: the choice made before it
                box.setChecked(self._hide_choice)
            box.setEnabled(True)
            box.setToolTip(QCoreApplication.translate("ReadForm", HIDE_EXPIRED_TIP))
            return
        if box.isEnabled():
            self._hide_choice = box.isChecked()
        box.setChecked(False)
        box.setEnabled(False)
        box.setToolTip(plain_tooltip(self.tr(
            "The index {index} does not hold the TTL attribute {attribute}, so its rows cannot tell "
            "expired items apart: read the table to hide them.").format(
                index=index, attribute=info.ttl_attribute)))

    # -- the read --------------------------------------------------------------------
    def spec(self) -> BrowseSpec | None:
        """The read as the form says it (None without a table)."""
        info = self.info
        if info is None:
            return None
        from dynoview.core.reads.browse import BrowseSpec, FilterSpec

        # A sort key condition left from another index is not this one's: its box is disabled
        # where the table or index has no sort key, and the user could not clear it.
        op = self.sk_op.currentText() if self.sk_op.isEnabled() else ANY
        # Exactly as typed: DynamoDB names may begin or end with spaces (the note warns).
        attr = self.filter_attribute()
        return BrowseSpec(
            table=info.name,
            mode=self.mode.currentText(),
            index=self.index_name(),
            consistent=self.consistent.isChecked() and self.consistent.isEnabled(),
            page_size=self.page_size.value(),
            pk_value=self.pk_value.text(),
            sk_operator=None if op == ANY else op,
            sk_values=(self.sk_value.text(), self.sk_value2.text()),
            filter=FilterSpec(attr, self.filter_op.currentText(), self.filter_value.text(),
                              self.filter_type.currentText(), self.filter_value2.text()) if attr else None,
        )

    def load_spec(self, spec: BrowseSpec) -> None:
        """Put a read back in the form (what the history runs again)."""
        self.mode.setCurrentText(spec.mode)
        at = self.index.findData(spec.index)
        self.index.setCurrentIndex(at if at >= 0 else 0)
        self.consistent.setChecked(spec.consistent)
        self.page_size.setValue(spec.page_size)
        self.pk_value.setText(spec.pk_value)
        self.sk_op.setCurrentText(spec.sk_operator or ANY)
        values = [*spec.sk_values, "", ""]
        self.sk_value.setText(values[0])
        self.sk_value2.setText(values[1])
        flt = spec.filter
        # Shown as the list shows it; the read asks for the exact name again.
        self.filter_attr.setEditText(self._show_name(flt.attribute) if flt else "")
        if flt is not None:
            self.filter_op.setCurrentText(flt.operator)
            self.filter_type.setCurrentText(flt.value_type)
        self.filter_value.setText(flt.value if flt else "")
        self.filter_value2.setText(flt.upper if flt else "")
        self.update_form()

    # -- refusals ----------------------------------------------------------------------
    def field_widget(self, field: str) -> QWidget | None:
        return {
            "pk_value": self.pk_value, "sk_value0": self.sk_value, "sk_value1": self.sk_value2,
            "sk_operator": self.sk_op, "filter_value": self.filter_value,
            "filter_value1": self.filter_value2,
            "filter_attribute": self.filter_attr, "filter_type": self.filter_type,
            "filter_operator": self.filter_op, "consistency": self.consistent,
            "page_size": self.page_size,
        }.get(field)

    def show_error(self, field: str, message: str) -> None:
        """Say why the read was refused, at the field to fix when there is one."""
        self.error_label.setText(message)
        self.error_label.show()
        widget = self.field_widget(field)
        if widget is not None:
            mark_refused(widget)
            tip = plain_tooltip(message)
            own = self._tips[widget][0] if widget in self._tips else widget.toolTip()
            self._tips[widget] = (own, tip)
            widget.setToolTip(tip)
            widget.setFocus()

    def clear_errors(self) -> None:
        self.error_label.hide()
        for widget in (self.pk_value, self.sk_value, self.sk_value2, self.sk_op, self.filter_attr,
                       self.filter_type, self.filter_value, self.filter_value2, self.filter_op,
                       self.consistent,
                       self.page_size):
            mark_refused(widget, False)
        for marked, (own, error) in self._tips.items():
            if marked.toolTip() == error:  # not replaced since (the index's consistency tip)
                marked.setToolTip(own)
        self._tips.clear()
