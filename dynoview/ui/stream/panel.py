"""The stream viewer: a table's stream (ARN, view type, shard lineage), records read from a
chosen position or followed live, coloured by event, with the old/new diff of the
selected record and a key filter for "what happened to this signup?".

Reading and following run in ``StreamController`` (``dynoview/ui/stream/controller.py``);
the records live in ``StreamEventsModel`` behind ``StreamFilterProxy``.
"""

from __future__ import annotations

from html import escape as escaped  # the server's words inside the rich description

from PySide6.QtCore import QEvent, QModelIndex, QPoint, Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QSplitter, QVBoxLayout, QWidget

from dynoview.core.errors import DynoViewError
from dynoview.core.session.tables import TableInfo
from dynoview.core.streams.description import (
    ORDER_NOTE,
    StreamInfo,
    check_start_sequence,
    disabled_stream_message,
    no_stream_message,
)
from dynoview.core.streams.key_filter import KeyFilter
from dynoview.core.streams.reader import AFTER_SEQUENCE_NUMBER, StreamReader
from dynoview.core.streams.records import StreamEvent
from dynoview.ui.context import AppContext
from dynoview.ui.i18n.formats import number
from dynoview.ui.plain_text import plain_label, plain_tooltip
from dynoview.ui.stream.controller import FOLLOWING, IDLE, PAUSED, READING, StreamController
from dynoview.ui.stream.controls import SEQUENCE_POSITIONS, StreamControls
from dynoview.ui.stream.events_model import StreamEventsModel
from dynoview.ui.stream.filter_proxy import StreamFilterProxy
from dynoview.ui.stream.record_view import ShardTree, StreamRecordView
from dynoview.ui.stream.view import StreamEventsView
from dynoview.ui.tones import warning_color


def _set_checked_quietly(button: QPushButton, checked: bool) -> None:
    button.blockSignals(True)
    button.setChecked(checked)
    button.blockSignals(False)


class StreamPanel(QWidget):
    """Read or follow the open table's stream; see every change, its diff and who made it."""

    events_added = Signal(int)  # how many records one poll added to the table
    state_changed = Signal(str)  # "idle", "reading", "following", "paused"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.info: StreamInfo | None = None
        self._table: TableInfo | None = None
        self._notices: list[str] = []
        self._note = ""
        self._live = False  # the described stream is enabled: Follow has something to wait for
        self.model = StreamEventsModel(self)
        self.controller = StreamController(ctx, self.model, self)
        self._setup_ui()
        self._follow_tip = self.follow_button.toolTip()
        self.model.set_palette(self.palette())
        self._connect()
        ctx.table_changed.connect(self._on_table_changed)
        ctx.connection_changed.connect(lambda _conn: self._on_table_changed(None))
        self._on_table_changed(ctx.table)

    # -- construction ------------------------------------------------------------
    def _setup_ui(self) -> None:
        c = self.controls = StreamControls()
        self.info_label, self.refresh_button = c.info_label, c.refresh_button
        self.position, self.sequence = c.position, c.sequence
        self.read_button, self.follow_button = c.read_button, c.follow_button
        self.pause_button, self.stop_button, self.clear_button = c.pause_button, c.stop_button, c.clear_button
        self.key_filter, self.kind_filter, self.filter_error = c.key_filter, c.kind_filter, c.filter_error
        self.proxy = StreamFilterProxy(self)
        # Rows are filtered as they are inserted; re-filtering on every cell write would call
        # filterAcceptsRow nine times per record.
        self.proxy.setDynamicSortFilter(False)
        self.proxy.setSourceModel(self.model)
        self.view = StreamEventsView(self.model, self.proxy)
        self.shards = ShardTree()
        self.detail_tabs = StreamRecordView()
        # The records get the body's whole height (8 rows and more at 1024x700); the selected
        # record and the shard lineage share the column beside them.
        self.detail_tabs.addTab(self.shards, self.tr("Shards"))
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(self.view)
        body.addWidget(self.detail_tabs)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 2)
        body.setSizes([780, 520])
        body.setChildrenCollapsible(False)

        self.status = plain_label(QLabel())
        self.status.setWordWrap(True)
        self.notice = plain_label(QLabel())  # server and stream messages
        self.notice.setWordWrap(True)
        self.notice.hide()
        # One line; the whole rule in its tooltip (three lines at 1024 px took the records' room).
        self.order_note = plain_label(QLabel(
            self.tr("Order holds per item (one primary key): not across items or "
                                 "partitions, not even within one transaction.")))
        self.order_note.setToolTip(ORDER_NOTE)
        self.order_note.setWordWrap(True)
        self.order_note.setFrameShape(QFrame.Shape.StyledPanel)
        self.order_note.setContentsMargins(6, 4, 6, 4)

        layout = QVBoxLayout(self)
        layout.addLayout(c.header)
        layout.addWidget(self.order_note)
        layout.addLayout(c.controls)
        layout.addLayout(c.filters)
        layout.addWidget(self.notice)
        layout.addWidget(body, 1)
        layout.addWidget(self.status)

    def _connect(self) -> None:
        self.refresh_button.clicked.connect(self.refresh)
        self.position.currentIndexChanged.connect(
            lambda _i: self._set_controls_enabled(self.info is not None))
        self.read_button.clicked.connect(lambda: self.start(follow=False))
        self.follow_button.toggled.connect(self._follow_toggled)
        self.pause_button.toggled.connect(self._pause_toggled)
        self.stop_button.clicked.connect(self.stop)
        self.clear_button.clicked.connect(self.clear)
        self.key_filter.textChanged.connect(self._apply_filter)
        self.kind_filter.currentIndexChanged.connect(self._apply_filter)
        self.view.selectionModel().currentRowChanged.connect(self._show_current)
        self.view.customContextMenuRequested.connect(self._context_menu)
        controller = self.controller
        controller.described.connect(self._described)
        controller.describe_failed.connect(lambda message: self.info_label.setText(escaped(message)))
        controller.state_changed.connect(self._state_changed)
        controller.polled.connect(self._update_status)
        controller.notice.connect(self._show_notice)
        controller.caught_up.connect(self._caught_up)
        controller.slices_started.connect(lambda: self.view.setUpdatesEnabled(False))
        controller.rows_added.connect(self._rows_added)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self.model.set_palette(self.palette())  # light or dark event colours
        super().changeEvent(event)

    @property
    def state(self) -> str:
        return self.controller.state

    @property
    def reader(self) -> StreamReader | None:
        return self.controller.reader

    @property
    def polls(self) -> int:
        """GetRecords rounds since the table was opened."""
        return self.controller.polls

    @property
    def pending(self) -> int:
        """Records read but not yet added to the table (added a slice per event-loop turn)."""
        return len(self.controller.pending)

    @property
    def poll_interval_ms(self) -> int:
        return self.controller.poll_interval_ms

    @poll_interval_ms.setter
    def poll_interval_ms(self, value: int) -> None:
        self.controller.poll_interval_ms = value

    # -- stream description ------------------------------------------------------
    def _on_table_changed(self, table: TableInfo | None) -> None:
        self.controller.reset()
        # What was said about the previous table's stream goes with it: its "Caught up after
        # 67 records" beside "0 records" of this one read as a contradiction.
        self._notices.clear()
        self.notice.hide()
        self.clear()
        self._table = table
        self.info = None
        self._live = False
        self.follow_button.setToolTip(self._follow_tip)
        self.shards.clear()
        self._set_controls_enabled(False)
        if table is None:
            self.info_label.setText(self.tr("Open a table to see its stream."))
        elif not table.stream_arn:
            # A disabled stream keeps its ARN (and its records, 24 hours): only none at all is "no stream".
            self.info_label.setText(escaped(no_stream_message(table.name)))
        else:
            self.info_label.setText(self.tr("Stream of {name}: describing…").format(name=table.name))
            self.refresh()

    def refresh(self) -> None:
        """Describe the stream again in a worker and rebuild the shard tree."""
        conn, table = self.ctx.connection, self._table
        if conn is None or table is None or not table.stream_arn:
            return
        self.controller.describe(conn, table.stream_arn)

    def _described(self, info: StreamInfo) -> None:
        self.info = info
        table = self._table
        self._live = table is not None and table.stream_enabled and not info.disabled
        text = self.tr("<b>Stream</b> {arn}<br><b>View type</b> {view_type}: {view_type_text}"
                       "<br><b>Status</b> {status}; %n shard(s), {open_shards} open. Records are kept "
                       "24 hours; reads are eventually consistent.", "", len(info.shards)).format(
            arn=escaped(info.arn), view_type=escaped(str(info.view_type)),
            view_type_text=escaped(info.view_type_text), status=escaped(info.status.lower()),
            open_shards=len(info.open_shards))
        self.follow_button.setToolTip(self._follow_tip)
        if not self._live:
            ended = disabled_stream_message(table.name if table is not None else info.table_name)
            text += "<br>" + escaped(ended)
            self.follow_button.setToolTip(plain_tooltip(ended))  # why Follow is off
        self.info_label.setText(text)
        self.shards.set_info(info, self.palette())
        self._set_controls_enabled(True)

    def _set_controls_enabled(self, enabled: bool) -> None:
        running = self.state != IDLE
        for widget in (self.read_button, self.position):
            widget.setEnabled(enabled and not running)
        self.follow_button.setEnabled(enabled and self._live)
        self.sequence.setEnabled(enabled and not running
                                 and self.position.currentData() in SEQUENCE_POSITIONS)

    # -- reading -----------------------------------------------------------------
    def start(self, follow: bool | None = None) -> bool:
        """Start reading from the chosen position; follow live if the Follow button is on."""
        conn, info = self.ctx.connection, self.info
        if conn is None or info is None:
            return False
        if follow is not None:
            _set_checked_quietly(self.follow_button, follow and self._live)
        position = self.position.currentData()
        sequence = self.sequence.text() if position in SEQUENCE_POSITIONS else None
        try:
            # Checked here, at the field: in the worker a bad number came back as the SDK's
            # "Parameter validation failed" or not at all (the read found nothing).
            shard = check_start_sequence(info, sequence, self.shards.selected_shard()) \
                if sequence is not None else None
            reader = StreamReader(
                conn, info, position=position, sequence_number=sequence,
                shard_id=shard.shard_id if shard is not None else None,
                log=self.ctx.read_log, table=info.table_name)
        except DynoViewError as exc:
            self._show_notice(exc.message, warn=True)
            if exc.field == "sequence_number" and self.sequence.isEnabled():
                self.controls.mark(self.sequence, exc.message)
            return False
        self._notices.clear()
        self._note = ""
        self.notice.hide()
        self.controller.start(reader, follow=self.follow_button.isChecked())
        return True

    def stop(self) -> None:
        """Stop polling; what was read stays on screen."""
        self.controller.stop()

    def pause(self) -> None:
        if self.state == FOLLOWING:
            self.pause_button.setChecked(True)

    def resume(self) -> None:
        if self.state == PAUSED:
            self.pause_button.setChecked(False)

    def clear(self) -> None:
        self.controller.pending.clear()
        self._note = ""  # "Caught up after N records" is about the records cleared
        self.view.setUpdatesEnabled(True)
        self.model.clear_events()
        self._show_current(QModelIndex(), QModelIndex())
        self._update_status()

    def _follow_toggled(self, on: bool) -> None:
        if on and self.state == IDLE:
            self.start()
        elif on and self.state == READING:
            self.controller.follow()
        elif not on and self.state in (FOLLOWING, PAUSED):
            self.stop()

    def _pause_toggled(self, paused: bool) -> None:
        if paused:
            self.controller.pause()
        else:
            self.controller.resume()

    def _state_changed(self, state: str) -> None:
        if state == IDLE:
            for button in (self.pause_button, self.follow_button):
                _set_checked_quietly(button, False)
        self.pause_button.setEnabled(state in (FOLLOWING, PAUSED))
        self.stop_button.setEnabled(state != IDLE)
        self._set_controls_enabled(self.info is not None)
        self._update_status()
        self.state_changed.emit(state)

    def _caught_up(self, total: int) -> None:
        self._note = self.tr("Caught up after %Ln record(s). Press Follow to keep watching for new ones.",
                             "", total)
        self._update_status()

    def _rows_added(self, added: int) -> None:
        if not self.view.updatesEnabled():
            self.view.setUpdatesEnabled(True)
        # One signal and one scroll per batch, not per slice: every Python-side emit costs a little.
        if added:
            self.events_added.emit(added)
            if self.state == FOLLOWING:
                self.view.scroll_if_at_bottom()
        self._update_status()

    def _show_notice(self, message: str, warn: bool = False) -> None:
        self._notices.append(message)
        self.notice.setText(message)
        self.notice.setToolTip(plain_tooltip("\n\n".join(self._notices[-20:])))
        self.notice.setStyleSheet(f"color: {warning_color(self.palette()).name()};" if warn else "")
        self.notice.show()

    def _update_status(self) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        parts = [self.tr("%Ln record(s)", "", total) + (self.tr(
            ", {shown} shown by the filter").format(shown=number(shown)) if shown != total else "")]
        if self.model.dropped:
            parts.append(self.tr("{dropped} oldest dropped from view").format(
                dropped=number(self.model.dropped)))
        state = {IDLE: self.tr("stopped"), READING: self.tr("reading"), PAUSED: self.tr("paused"),
                 FOLLOWING: self.tr(
                     "following (polling every {value:g} s)").format(value=self.poll_interval_ms / 1000)}
        parts.append(state[self.state])
        last_poll = self.controller.last_poll
        if last_poll is not None:
            parts.append(self.tr("last poll {last_poll:%H:%M:%S}").format(last_poll=last_poll))
        if self.pending:
            parts.append(self.tr("{pending} being added").format(pending=number(self.pending)))
        if self._note and self.state == IDLE:
            parts.append(self._note)
        self.status.setText(" · ".join(parts))

    # -- filtering and detail ------------------------------------------------------
    def _apply_filter(self) -> None:
        try:
            key_filter = KeyFilter.parse(self.key_filter.text())
        except DynoViewError as exc:
            self.filter_error.setText(exc.message)
            self.filter_error.setStyleSheet(f"color: {warning_color(self.palette()).name()};")
            self.filter_error.show()
            # The rows stay filtered by the last filter that parsed: the frame says this one did not.
            self.controls.mark(self.key_filter, exc.message, focus=False)
            return
        self.filter_error.hide()
        self.controls.unmark(self.key_filter)
        self.proxy.set_filter(key_filter, self.kind_filter.currentData())
        self._update_status()

    def _show_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        event = self.view.event_for(current)
        if event is None:
            self.detail_tabs.clear_event()
        else:
            self.detail_tabs.show_event(event)

    def _context_menu(self, pos: QPoint) -> None:
        table = self._table.name if self._table is not None else None

        def open_item(event: StreamEvent) -> None:
            if table is not None:
                self.ctx.open_item_requested.emit(table, dict(event.keys))

        self.view.popup_menu(pos, self.key_filter.setText, self._start_after,
                             open_item if table is not None else None)

    def _start_after(self, event: StreamEvent) -> None:
        self.stop()
        self.detail_tabs.setCurrentWidget(self.shards)  # the shard it reads from is selected there
        self.position.setCurrentIndex(self.position.findData(AFTER_SEQUENCE_NUMBER))
        self.sequence.setText(event.sequence_number)
        self.shards.select(event.shard_id)
