"""Copy to table…: items into another table (on this connection or a saved one), through the
transaction builder.

The core makes the batches (``item_copy``: each item a Put guarded by
``attribute_not_exists`` on the target's key, at most 100 actions a batch); each opens in the
builder, where it is previewed and preflighted, and the user sends it. The builder sends on
the window's connection, so copying to another connection first switches the window to it
(the items to copy stay in this dialog). Any other change of the window's connection turns the
dialog off (``opened_on``): its batches were made for the target it names, not the new one's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.edits.staging import key_id
from dynoview.core.errors import DynoViewError
from dynoview.core.items.copy_to_table import CopyPlan, copy_plan
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import Transaction
from dynoview.core.uniqueness.schema import UniquenessSchema, default_schema
from dynoview.ui import settings as saved
from dynoview.ui.context import AppContext
from dynoview.ui.context_events import WrittenKey
from dynoview.ui.i18n.formats import number
from dynoview.ui.plain_text import plain_label
from dynoview.ui.transfer.copy_controller import CopyTargetController


class CopyItemsDialog(QDialog):
    """Pick the items and the target; each batch then opens in the transaction builder."""

    def __init__(self, ctx: AppContext, selected: Sequence[dict[str, Any]],
                 result: Sequence[dict[str, Any]], *,
                 switch_connection: Callable[[ConnectionSpec, str], None] | None = None,
                 source_table: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.selected = list(selected)
        self.result_items = list(result)
        self.switch_connection = switch_connection  # MainWindow.connect_to, when there is one
        # The source table's schema, taken now: switching to the target's connection changes
        # ctx, and it is what tells the selection's accounts and locks apart. The items may be an
        # extra Items tab's or a PartiQL result's, of another table than the main tab's.
        self.source_table = source_table or _source_of(ctx, [*self.selected, *self.result_items])
        self.schema = ctx.schema_for(self.source_table) if self.source_table else ctx.schema
        self.warning = ""  # what the batches leave apart (accounts without their locks)
        self.plan: CopyPlan | None = None
        self.written: set[int] = set()  # batches the builder wrote (0-based)
        self.unsure: set[int] = set()  # batches it may have written (answer lost, reads failed)
        self.batch_keys: list[set[str]] = []  # per batch, the items it writes (key_id)
        ctx.items_written.connect(self._items_written)
        ctx.builder_declined.connect(self._declined)
        self.batches: list[Transaction] = []
        self.opened = 0  # batches opened in the builder so far
        self.target_spec: ConnectionSpec | None = None  # the batches' connection
        self.target_table = ""
        self.controller = CopyTargetController(ctx, self)
        self.opened_on = self.controller.opened_on
        self.opened_on.left.connect(self._connection_left)
        self._switching: ConnectionSpec | None = None  # the spec switch_and_open asked for
        self.controller.tables_listed.connect(self._tables_listed)
        self.controller.described.connect(self._described)
        self.controller.failed.connect(self._say)
        self.setWindowTitle(self.tr("Copy items to a table"))
        self._setup_ui()
        self._connection_chosen()

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        self.intro = intro = plain_label(QLabel(self.tr(
            "Each item is written by a Put guarded by attribute_not_exists on the target's "
                       "key, so nothing already in the target is replaced. Batches of up to 100 open "
                       "in the transaction builder, where you see the request and the preflight "
                       "before anything is sent. An account and its locks always go in the same "
                       "batch, so a copy that stops between batches never splits them.")))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        k, n = len(self.selected), len(self.result_items)
        self.selected_scope = QRadioButton(self.tr("the selected item(s) (%Ln)", "", k))
        self.result_scope = QRadioButton(
            self.tr("every item of the current result ({n})").format(n=number(n)))
        self.selected_scope.setEnabled(bool(k))
        self.result_scope.setEnabled(bool(n))
        self.scope = QButtonGroup(self)
        self.scope.addButton(self.selected_scope)
        self.scope.addButton(self.result_scope)
        (self.selected_scope if k else self.result_scope).setChecked(True)
        scope = QVBoxLayout()
        scope.addWidget(self.selected_scope)
        scope.addWidget(self.result_scope)
        form.addRow(self.tr("Copy:"), scope)
        self.connection = QComboBox()
        current = self.opened_on.connection
        self.connection.addItem(self.tr(
            "this connection ({name})").format(
                name=current.spec.name) if current else self.tr("this connection"),
                                None)
        specs, _problems = saved.load_connections()
        for spec in specs:
            if current is None or spec != current.spec:
                self.connection.addItem(spec.describe(), spec)
        self.connection.setEnabled(self.switch_connection is not None and self.connection.count() > 1)
        if self.switch_connection is None:
            self.connection.setToolTip(self.tr("Copying to another connection switches the window to it; "
                                       "open this from the main window to do that."))
        form.addRow(self.tr("To connection:"), self.connection)
        self.table = QComboBox()
        self.table.setEditable(True)
        line = self.table.lineEdit()
        if line is not None:
            line.setPlaceholderText(self.tr("target table"))
        form.addRow(self.tr("To table:"), self.table)
        layout.addLayout(form)
        self.status = plain_label(QLabel(""))
        self.status.setWordWrap(True)
        layout.addWidget(self.status, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.open_button = QPushButton(self.tr("Open in the builder"))
        self.open_button.setDefault(True)
        close = QPushButton(self.tr("Close"))
        buttons.addWidget(self.open_button)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.connection.currentIndexChanged.connect(lambda _i: self._connection_chosen())
        self.table.currentTextChanged.connect(lambda _t: self._reset_batches())
        self.scope.buttonToggled.connect(lambda *_: self._reset_batches())
        self.open_button.clicked.connect(self.open_next)
        close.clicked.connect(self.reject)
        self.resize(560, 320)

    # -- target ---------------------------------------------------------------------
    def chosen_spec(self) -> ConnectionSpec | None:
        """The saved connection chosen, or None for the window's own."""
        data = self.connection.currentData()
        return data if isinstance(data, ConnectionSpec) else None

    def items(self) -> list[dict[str, Any]]:
        return self.selected if self.selected_scope.isChecked() else self.result_items

    def _connection_chosen(self) -> None:
        self._reset_batches()
        self.controller.list_tables(self.chosen_spec())

    def _tables_listed(self, names: list[str]) -> None:
        typed = self.table.currentText()
        self.table.blockSignals(True)
        self.table.clear()
        self.table.addItems(names)
        self.table.setEditText(typed)
        self.table.blockSignals(False)

    def _reset_batches(self) -> None:
        self.batches = []
        self.opened = 0
        self.warning = ""
        self.plan, self.written, self.unsure, self.batch_keys = None, set(), set(), []
        if self.target_spec is not None:  # "Switch to … and open batch 1" was for those batches
            self.target_spec = None
            self.open_button.clicked.disconnect()
            self.open_button.clicked.connect(self.open_next)
        self.open_button.setText(self.tr("Open in the builder"))
        self._say("")

    def _say(self, text: str) -> None:
        self.status.setText(text)

    def _items_written(self, written: list[WrittenKey]) -> None:
        """The builder wrote (or may have written) these keys: a batch all of whose items are
        among them is in the target, or may be (``certain`` False). Says which batches are, which
        may be, and which accounts are not yet."""
        if self.plan is None:
            return
        keys = {key_id(w.table, w.key) for w in written if w.certain}
        maybe = {key_id(w.table, w.key) for w in written if not w.certain}
        opened = list(enumerate(self.batch_keys[:self.opened]))
        fresh = {i for i, batch in opened if i not in self.written and batch <= keys}
        unsure = {i for i, batch in opened
                  if i not in self.written | fresh | self.unsure and batch <= keys | maybe}
        if not fresh and not unsure:
            return
        self.written |= fresh
        self.unsure = (self.unsure | unsure) - self.written
        self._say(self.plan.progress(self.written, self.unsure) + self._warning_text())

    def _warning_text(self) -> str:
        """The plan's warning, after what the status says (empty when the plan keeps every
        account with its locks)."""
        if not self.warning:
            return ""
        return "\n\n" + self.tr("Warning: {details}").format(details=self.warning)

    # -- batches -------------------------------------------------------------------
    def _connection_left(self) -> None:
        """The window's connection changed: its own switch (to the batches' target) goes on;
        any other turns the dialog off, as nothing it made is for the new connection."""
        conn, spec = self.ctx.connection, self._switching
        self._switching = None
        if spec is not None and conn is not None and conn.asked == spec:  # its spec may name a
            self.opened_on.adopt(conn)  # configured endpoint: the one asked for is compared
            self.target_spec = None  # the window's own connection from now on
            self.connection.setItemText(0, self.tr("this connection ({name})").format(name=conn.spec.name))
            self.open_button.clicked.disconnect()
            self.open_button.clicked.connect(self.open_next)
            self.open_button.setEnabled(True)
            QTimer.singleShot(0, self._open_batch)  # after every panel has seen the new connection
            return
        for widget in (self.open_button, self.connection, self.table, self.selected_scope,
                       self.result_scope):
            widget.setEnabled(False)
        self._say(self.opened_on.stale_text())

    def open_next(self) -> None:
        """Make the batches (first click), then open the next one in the builder."""
        if self.opened_on.stale:
            self._say(self.opened_on.stale_text())
            return
        if self.batches and self.opened < len(self.batches):
            self._open_batch()
            return
        name = self.table.currentText().strip()
        if not name:
            self._say(self.tr("Type or pick the target table."))
            return
        if self.controller.describe(self.chosen_spec(), name):
            self._say(self.tr("Reading the key schema of {name}…").format(name=name))
        else:
            self._say(self.tr("Connect first."))

    def _described(self, spec: ConnectionSpec | None, info: TableInfo) -> None:
        if self.opened_on.stale:  # read before the change: its batches would open on the new one
            self._say(self.opened_on.stale_text())
            return
        try:
            plan = copy_plan(self.items(), info, self.schema)
        except DynoViewError as exc:
            self._say(exc.message)
            return
        self.batches, self.plan = plan.batches, plan
        self.warning = " ".join(w for w in (plan.warning(), self._target_rules_text(plan, spec, info)) if w)
        self.written, self.unsure = set(), set()
        self.batch_keys = [{key_id(a.table, a.target_key(info.key_names)) for a in tx.actions}
                           for tx in plan.batches]
        self.target_spec, self.target_table, self.opened = spec, info.name, 0
        if spec is None:
            self._open_batch()
            return
        n = len(self.items())
        self.open_button.setText(self.tr("Switch to {name} and open batch 1").format(name=spec.name))
        self._say(self.tr("%Ln item(s) in {batches}. The builder sends on the window's connection: the "
                          "window switches to {name} and opens {table}; the items to copy stay here.",
                          "", n).format(batches=self.tr("%Ln batch(es)", "", len(self.batches)),
                                        name=spec.name, table=info.name) + self._warning_text())
        self.open_button.clicked.disconnect()
        self.open_button.clicked.connect(self.switch_and_open)

    def _target_schema(self, spec: ConnectionSpec | None, info: TableInfo) -> UniquenessSchema:
        """The destination table's own rules (on the chosen connection), as its main tab would use."""
        if spec is None:
            return self.ctx.schema_for(info.name, info)
        from dynoview.core.uniqueness.schema_store import connection_key

        # Saved per connection and where it points (names repeat: every --endpoint-url one is
        # "local"); a file saved under the name alone by an older version is read too.
        loaded = self.ctx.schema_store.load(connection_key(spec), info.name, legacy=spec.name)
        if loaded.problem:  # set aside as AppContext.schema_for does: said, not swallowed
            self.ctx.status_message.emit(loaded.problem)
        return loaded.schema if loaded.schema is not None else default_schema(info)

    def _target_rules_text(self, plan: CopyPlan, spec: ConnectionSpec | None, info: TableInfo) -> str:
        """What the destination's rules make of the items when they pair them otherwise than the
        source's (other accounts, other unpaired locks): the target's audit and preflight judge
        them by its own rules, so values the source guards would be unguarded there."""
        target = self._target_schema(spec, info)
        if target == self.schema:
            return ""
        there = copy_plan(self.items(), info, target)
        here_accounts = sorted(a for batch in plan.accounts for a in batch)
        there_accounts = sorted(a for batch in there.accounts for a in batch)
        if here_accounts == there_accounts and sorted(plan.incomplete) == sorted(there.incomplete):
            return ""
        source = self.source_table or self.tr("the source")
        details = "; ".join(there.incomplete[:3]) if there.incomplete else self.tr(
            "{there} account(s) by its rules, {here} by {source}'s").format(
                there=number(len(there_accounts)), here=number(len(here_accounts)), source=source)
        return self.tr("{target} has other uniqueness rules than {source}: by them the copied items are "
                       "paired otherwise ({details}), so the target would not guard their values as the "
                       "source does. Check {target}'s schema before you send.").format(
                           target=info.name, source=source, details=details)

    def switch_and_open(self) -> None:
        spec = self.target_spec
        if spec is None or self.switch_connection is None:
            return
        self.open_button.setEnabled(False)
        self._say(self.tr("Connecting to {name}…").format(name=spec.name))
        self._switching = spec  # _connection_left goes on when the window is connected to it
        self.switch_connection(spec, self.target_table)

    def _declined(self, sent: object) -> None:
        """The builder's question answered Cancel for the batch just opened: it is still to open."""
        if not self.opened or self.opened > len(self.batches) or self.batches[self.opened - 1] is not sent:
            return
        self.opened -= 1
        self.open_button.setText(self.tr("Open batch {value} of {total}").format(
            value=self.opened + 1, total=len(self.batches)))
        self._say(self.tr("Batch {value} was not opened: the builder keeps its unsent actions (the batch "
                          "is kept as a draft too). Send or save them, then open batch {value} again.")
                  .format(value=self.opened + 1))

    def _open_batch(self) -> None:
        if self.opened_on.stale:  # the builder sends on the window's connection: not this one's
            self._say(self.opened_on.stale_text())
            return
        if self.opened >= len(self.batches):  # reset meanwhile (another table, scope or connection)
            self._say(self.tr("Nothing to open: press Open in the builder to make the batches."))
            return
        tx = self.batches[self.opened]
        self.opened += 1
        self.ctx.open_builder_requested.emit(tx)
        total = len(self.batches)
        if self.opened < total:
            self.open_button.setText(self.tr(
                "Open batch {value} of {total}").format(value=self.opened + 1, total=total))
            self._say(self.tr("Batch {opened} of {total} ({actions_count} Puts) is open in the builder: "
                      "check the request and the preflight, then Execute. Come back here for the "
                      "next batch.").format(opened=self.opened, total=total, actions_count=len(tx.actions))
                      + self._warning_text())
        else:
            self.open_button.setText(self.tr("Open in the builder"))
            self._say(self.tr("Batch {opened} of {total} ({actions_count} Puts) is open in the builder: "
                      "check the request and the preflight, then Execute. That is the last batch.").format(
                          opened=self.opened, total=total, actions_count=len(tx.actions))
                      + self._warning_text())


def _source_of(ctx: AppContext, items: Sequence[dict[str, Any]]) -> str | None:
    """The table the items come from: the window's selected item's, when it is among them (it was
    picked in the view that opened this), else the main tab's."""
    subject = ctx.subject
    if subject is not None and subject.source in ("items", "partiql") and subject.item in items:
        return subject.table
    return ctx.table.name if ctx.table is not None else None
