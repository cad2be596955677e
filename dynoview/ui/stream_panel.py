"""The stream viewer: a table's stream (ARN, view type, shard lineage), records read from a
chosen position or followed live, coloured by event, with the old/new diff of the
selected record and a key filter for "what happened to this signup?".

Polling is a single-shot QTimer that submits one ``StreamReader.poll`` to the task runner
at a time; the next poll is scheduled when the previous one returns, so slow endpoints
never pile up work and the event loop never waits on the network.
"""

from __future__ import annotations

import base64
import json
import threading
from collections import deque
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import orjson
from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QHelpEvent, QPalette, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dynoview.core.errors import DynoViewError
from dynoview.core.session.tables import TableInfo
from dynoview.core.streams.description import ORDER_NOTE, StreamInfo, describe_stream, no_stream_message
from dynoview.core.streams.key_filter import KeyFilter
from dynoview.core.streams.reader import (
    AFTER_SEQUENCE_NUMBER,
    AT_SEQUENCE_NUMBER,
    LATEST,
    TRIM_HORIZON,
    PollResult,
    StreamReader,
)
from dynoview.core.streams.records import (
    ADDED,
    CHANGED,
    INSERT,
    MODIFY,
    REMOVE,
    REMOVED,
    StreamEvent,
    key_value_text,
)
from dynoview.core.values.display import display_text
from dynoview.ui.context import AppContext
from dynoview.ui.flow_layout import FlowLayout
from dynoview.ui.item_detail import monospace
from dynoview.ui.tones import is_dark, warning_color

COLUMNS = ("Time (UTC)", "Event", "What happened", "Keys", "Changes", "Sequence number", "Shard")
COL_TIME, COL_EVENT, COL_LABEL, COL_KEYS, COL_CHANGES, COL_SEQUENCE, COL_SHARD = range(len(COLUMNS))
_Index = QModelIndex | QPersistentModelIndex

TTL_EVENT = "TTL"  # the colour/filter key for removals made by TTL
# (light palette, dark palette) colours per event kind.
EVENT_COLORS = {
    INSERT: ("#2e7d32", "#81c784"),
    MODIFY: ("#1565c0", "#64b5f6"),
    REMOVE: ("#c62828", "#e57373"),
    TTL_EVENT: ("#6a1b9a", "#ce93d8"),
}
EVENT_TIPS = {
    INSERT: "A new item was written.",
    MODIFY: "An existing item changed; the diff shows how.",
    REMOVE: "Deleted by a request (a user or an application), not by TTL.",
    TTL_EVENT: ("DynamoDB deleted this item because its TTL passed: a service delete whose "
                "userIdentity principal is dynamodb.amazonaws.com."),
}
POSITION_CHOICES = (
    ("Oldest kept (trim horizon, up to 24 h back)", TRIM_HORIZON),
    ("Latest (only new records)", LATEST),
    ("At sequence number", AT_SEQUENCE_NUMBER),
    ("After sequence number", AFTER_SEQUENCE_NUMBER),
)
EVENT_FILTERS = (("All events", None), ("Inserts", INSERT), ("Modifications", MODIFY),
                 ("User deletes", REMOVE), ("TTL expiries", TTL_EVENT))


def _escape_key(av: Any) -> str:
    """A key value as the key filter reads it back (``\\``, ``,`` and ``;`` escaped)."""
    return key_value_text(av).replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;")


def event_kind(event: StreamEvent) -> str:
    return TTL_EVENT if event.ttl_delete else event.event_name


def event_color(kind: str, palette: QPalette) -> QColor:
    light, dark = EVENT_COLORS.get(kind, ("#424242", "#bdbdbd"))
    return QColor(dark if is_dark(palette) else light)


# A row as the model keeps it: strings and one bytes blob only. Tuples of atomic values are
# invisible to Python's cyclic GC, so a long follow session (tens of thousands of records)
# adds nothing to full collections, which would otherwise stall the event loop.
P_TIME, P_EVENT, P_LABEL, P_KEYS, P_CHANGES, P_SEQUENCE, P_SHARD, P_KIND = range(8)
P_PK_TYPE, P_PK, P_SK_TYPE, P_SK, P_CHANGES_TIP, P_JSON = range(8, 14)
PackedEvent = tuple[Any, ...]
INSERT_CHUNK = 25  # rows added to the model per event-loop turn
_FOREGROUND = Qt.ItemDataRole.ForegroundRole


def _key_parts(event: StreamEvent, index: int) -> tuple[str, str]:
    keys = event.ordered_keys()
    if index >= len(keys):
        return "", ""
    av = keys[index][1]
    kind = next(iter(av), "")
    return kind, key_value_text(av)


def pack_event(event: StreamEvent) -> PackedEvent:
    """Everything a row shows, precomputed (in the worker thread), plus the event as JSON."""
    pk_type, pk = _key_parts(event, 0)
    sk_type, sk = _key_parts(event, 1)
    return (
        event.time.strftime("%Y-%m-%d %H:%M:%S") if event.time else "",
        event.event_name,
        event.label,
        event.key_text(),
        event.diff_text(),
        event.sequence_number,
        event.shard_id,
        event_kind(event),
        pk_type, pk, sk_type, sk,
        "\n".join(c.text(120) for c in event.diff[:40]) or event.diff_text(),
        orjson.dumps(event.to_json()),
    )


def poll_and_pack(reader: StreamReader, cancel: threading.Event | None = None
                  ) -> tuple[PollResult, list[PackedEvent]]:
    """One poll in a worker thread; events come back packed, ready for the model."""
    result = reader.poll(cancel)
    packed = [pack_event(e) for e in result.events]
    result.events = []  # the packed rows replace them
    return result, packed


def _key_value(kind: str, text: str) -> dict[str, Any] | None:
    if not kind:
        return None
    if kind == "B":
        return {"B": base64.b64decode(text)}
    return {kind: text}


class StreamEventsModel(QStandardItemModel):
    """Stream events in arrival order, bounded to ``max_rows`` (oldest dropped first).

    Cells live in C++ and are filled with ``setData`` (no QStandardItem wrappers, which
    Python would keep alive and its GC would scan), so painting never calls into Python:
    at hundreds of records a second a Python ``data()`` would cost the event loop about a
    thousand calls per repaint. The packed rows kept alongside (strings and bytes, invisible
    to the GC) serve filtering, tooltips and ``event_at``.
    """

    def __init__(self, parent: Any = None, max_rows: int = 20_000) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
        self.max_rows = max_rows
        self._rows: list[PackedEvent] = []
        self.dropped = 0
        self._brushes: dict[str, QBrush] = {}
        self.set_palette(QPalette())

    def set_palette(self, palette: QPalette) -> None:
        """Event colours for this palette (light or dark), applied to every row."""
        self._brushes = {kind: QBrush(event_color(kind, palette)) for kind in EVENT_COLORS}
        for row, packed in enumerate(self._rows):
            self._colour(row, packed)

    def _colour(self, row: int, packed: PackedEvent) -> None:
        brush = self._brushes.get(packed[P_KIND])
        if brush is not None:
            self.setData(self.index(row, COL_EVENT), brush, _FOREGROUND)
            self.setData(self.index(row, COL_LABEL), brush, _FOREGROUND)

    def add_events(self, events: Sequence[StreamEvent]) -> None:
        self.add_packed([pack_event(e) for e in events])

    def add_packed(self, rows: Sequence[PackedEvent]) -> None:
        """Append a batch: one row insertion, then the cells (C++ only from here on)."""
        if not rows:
            return
        rows = list(rows)[-self.max_rows:]
        overflow = len(self._rows) + len(rows) - self.max_rows
        if overflow > 0:
            self.removeRows(0, overflow)
            del self._rows[:overflow]
            self.dropped += overflow
        first = len(self._rows)
        self._rows.extend(rows)  # first, so the filter proxy sees them as they are inserted
        self.insertRows(first, len(rows))
        columns = range(len(COLUMNS))
        for offset, packed in enumerate(rows):
            row = first + offset
            for col in columns:
                self.setData(self.index(row, col), packed[col])
            self._colour(row, packed)

    def clear_events(self) -> None:
        self.removeRows(0, self.rowCount())
        self._rows.clear()
        self.dropped = 0

    def tooltip(self, row: int, col: int) -> str:
        """What hovering a cell explains: the event kind, or every changed attribute."""
        packed = self._rows[row]
        if col in (COL_EVENT, COL_LABEL):
            return EVENT_TIPS.get(packed[P_KIND], "")
        if col == COL_CHANGES:
            return str(packed[P_CHANGES_TIP])
        return str(packed[col])

    def packed(self, row: int) -> PackedEvent:
        return self._rows[row]

    def record_json(self, row: int) -> dict[str, Any]:
        """The row's event in the `dynoview stream` JSON form."""
        data: dict[str, Any] = orjson.loads(self._rows[row][P_JSON])
        return data

    def event_at(self, row: int) -> StreamEvent:
        return StreamEvent.from_json(self.record_json(row))

    def events(self) -> list[StreamEvent]:
        return [self.event_at(r) for r in range(len(self._rows))]


class StreamFilterProxy(QSortFilterProxyModel):
    """Shows the events of some keys and/or one event kind; the model keeps everything, so
    changing the filter never loses history."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.key_filter = KeyFilter()
        self.kind: str | None = None

    def set_filter(self, key_filter: KeyFilter, kind: str | None) -> None:
        self.beginFilterChange()
        self.key_filter = key_filter
        self.kind = kind
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        model = self.sourceModel()
        if not isinstance(model, StreamEventsModel):
            return True
        row = model.packed(source_row)
        if self.kind is not None and row[P_KIND] != self.kind:
            return False
        if not self.key_filter:
            return True
        return self.key_filter.matches_values(_key_value(row[P_PK_TYPE], row[P_PK]),
                                              _key_value(row[P_SK_TYPE], row[P_SK]))


class StreamPanel(QWidget):
    """Read or follow the open table's stream; see every change, its diff and who made it."""

    events_added = Signal(int)  # how many records one poll added to the table
    state_changed = Signal(str)  # "idle", "reading", "following", "paused"

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.info: StreamInfo | None = None
        self.reader: StreamReader | None = None
        self.poll_interval_ms = 500
        self._table: TableInfo | None = None
        self._state = "idle"
        self._polls = 0
        self._last_poll: datetime | None = None
        self._notices: list[str] = []
        self._note = ""
        self._pending: deque[PackedEvent] = deque()  # read, not yet in the model
        self._drained = 0
        self._drain_timer = QTimer(self)
        self._drain_timer.setSingleShot(True)
        self._drain_timer.timeout.connect(self._drain)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._poll)
        self._setup_ui()
        self.model.set_palette(self.palette())
        self._connect()
        ctx.table_changed.connect(self._on_table_changed)
        ctx.connection_changed.connect(lambda _conn: self._on_table_changed(None))
        self._on_table_changed(ctx.table)

    # -- construction ------------------------------------------------------------
    def _setup_ui(self) -> None:
        self.info_label = QLabel()
        self.info_label.setWordWrap(True)
        self.info_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.refresh_button = QPushButton("Refresh")
        self.refresh_button.setToolTip("Describe the stream again (shards open and close over time)")
        header = QHBoxLayout()
        header.addWidget(self.info_label, 1)
        header.addWidget(self.refresh_button)

        self.order_note = QLabel(ORDER_NOTE)
        self.order_note.setWordWrap(True)
        self.order_note.setFrameShape(QFrame.Shape.StyledPanel)
        self.order_note.setContentsMargins(6, 4, 6, 4)

        self.shards = QTreeWidget()
        self.shards.setHeaderLabels(["Shard", "State", "Sequence numbers"])
        self.shards.setColumnCount(3)
        self.shards.setMinimumWidth(200)
        self.shards.setToolTip("Shards map to partitions; a closed shard's children carry on "
                               "after it. Select one to start at a sequence number in it.")
        self.shards.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

        controls = FlowLayout()  # wraps at 1024x700 instead of clipping Clear off the panel
        self.position = QComboBox()
        for text, value in POSITION_CHOICES:
            self.position.addItem(text, value)
        self.sequence = QLineEdit()
        self.sequence.setPlaceholderText("sequence number")
        self.sequence.setToolTip("Copy one from a record (right-click it), then read at or after it")
        self.sequence.setEnabled(False)
        self.read_button = QPushButton("Read")
        self.read_button.setToolTip("Read every record available from this position, then stop")
        self.follow_button = QPushButton("Follow")
        self.follow_button.setCheckable(True)
        self.follow_button.setToolTip("Keep polling for new records (about twice a second)")
        self.pause_button = QPushButton("Pause")
        self.pause_button.setCheckable(True)
        self.pause_button.setEnabled(False)
        self.pause_button.setToolTip("Stop polling without losing the position; resume within "
                                     "15 minutes to reuse the iterators (after that they are "
                                     "re-acquired from the last record read)")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        self.clear_button = QPushButton("Clear")
        self.sequence.setMinimumWidth(160)
        for widget in (QLabel("Start at"), self.position, self.sequence):
            controls.addWidget(widget)
        buttons = QWidget()  # the five buttons wrap as one group, not one by one
        buttons_row = QHBoxLayout(buttons)
        buttons_row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.read_button, self.follow_button, self.pause_button, self.stop_button,
                       self.clear_button):
            buttons_row.addWidget(widget)
        controls.addWidget(buttons)

        filters = FlowLayout()
        self.key_filter = QLineEdit()
        self.key_filter.setPlaceholderText("PK or PK,SK; several separated by ; "
                                           "e.g. UNIQ#EMAIL#ada@lovelace.io; ACCT#a1f9c3")
        self.key_filter.setToolTip("Show only records of these keys. A partition key alone matches "
                                   "its whole item collection. Escape , or ; in a value with \\")
        self.key_filter.setClearButtonEnabled(True)
        self.kind_filter = QComboBox()
        for text, value in EVENT_FILTERS:
            self.kind_filter.addItem(text, value)
        self.filter_error = QLabel()
        self.filter_error.hide()
        self.key_filter.setMinimumWidth(260)
        filters.addWidget(QLabel("Keys"))
        filters.addWidget(self.key_filter)
        filters.addWidget(self.kind_filter)
        filters.addWidget(self.filter_error)

        self.model = StreamEventsModel(self)
        self.proxy = StreamFilterProxy(self)
        # Rows are filtered as they are inserted; re-filtering on every cell write would call
        # filterAcceptsRow nine times per record.
        self.proxy.setDynamicSortFilter(False)
        self.proxy.setSourceModel(self.model)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.setWordWrap(False)
        self.view.setAlternatingRowColors(True)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.viewport().installEventFilter(self)
        header_view = self.view.horizontalHeader()
        header_view.setStretchLastSection(True)
        for col, width in ((COL_TIME, 150), (COL_EVENT, 70), (COL_LABEL, 200), (COL_KEYS, 320),
                           (COL_CHANGES, 320), (COL_SEQUENCE, 200)):
            header_view.resizeSection(col, width)

        self.diff = QTableWidget(0, 4)
        self.diff.setHorizontalHeaderLabels(["Attribute", "Change", "Old", "New"])
        self.diff.verticalHeader().hide()
        self.diff.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.diff.horizontalHeader().setStretchLastSection(True)
        self.diff_title = QLabel("Select a record to see what changed.")
        self.diff_title.setWordWrap(True)
        diff_box = QWidget()
        diff_layout = QVBoxLayout(diff_box)
        diff_layout.setContentsMargins(0, 0, 0, 0)
        diff_layout.addWidget(self.diff_title)
        diff_layout.addWidget(self.diff)
        self.record_json = QPlainTextEdit(readOnly=True)
        self.record_json.setFont(monospace())
        self.record_json.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.detail_tabs = QTabWidget()
        self.detail_tabs.addTab(diff_box, "Old → new")
        self.detail_tabs.addTab(self.record_json, "Record JSON")

        records = QSplitter(Qt.Orientation.Vertical)
        records.addWidget(self.view)
        records.addWidget(self.detail_tabs)
        records.setStretchFactor(0, 3)
        records.setStretchFactor(1, 2)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(self.shards)
        body.addWidget(records)
        body.setSizes([340, 1000])

        self.status = QLabel()
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.hide()

        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.order_note)
        layout.addLayout(controls)
        layout.addLayout(filters)
        layout.addWidget(self.notice)
        layout.addWidget(body, 1)
        layout.addWidget(self.status)

    def _connect(self) -> None:
        self.refresh_button.clicked.connect(self.refresh)
        self.position.currentIndexChanged.connect(self._position_changed)
        self.read_button.clicked.connect(lambda: self.start(follow=False))
        self.follow_button.toggled.connect(self._follow_toggled)
        self.pause_button.toggled.connect(self._pause_toggled)
        self.stop_button.clicked.connect(self.stop)
        self.clear_button.clicked.connect(self.clear)
        self.key_filter.textChanged.connect(self._apply_filter)
        self.kind_filter.currentIndexChanged.connect(self._apply_filter)
        self.view.selectionModel().currentRowChanged.connect(self._show_current)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.model.rowsInserted.connect(self._scroll_if_following)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view.viewport() and event.type() == QEvent.Type.ToolTip \
                and isinstance(event, QHelpEvent):
            index = self.view.indexAt(event.pos())
            if index.isValid():
                source = self.proxy.mapToSource(index)
                QToolTip.showText(event.globalPos(), self.model.tooltip(source.row(), source.column()),
                                  self.view)
            else:
                QToolTip.hideText()
            return True
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self.model.set_palette(self.palette())  # light or dark event colours
        super().changeEvent(event)

    @property
    def task_name(self) -> str:
        return f"stream-poll-{id(self)}"

    @property
    def state(self) -> str:
        return self._state

    @property
    def pending(self) -> int:
        """Records read but not yet added to the table (added a chunk per event-loop turn)."""
        return len(self._pending)

    # -- stream description ------------------------------------------------------
    def _on_table_changed(self, table: TableInfo | None) -> None:
        self.stop()
        # What was said about the previous table's stream goes with it: its "Caught up after
        # 67 record(s)" beside "0 record(s)" of this one read as a contradiction.
        self._note = ""
        self._last_poll = None
        self._polls = 0
        self._notices.clear()
        self.notice.hide()
        self.clear()
        self._table = table
        self.info = None
        self.shards.clear()
        self._set_controls_enabled(False)
        if table is None:
            self.info_label.setText("Open a table to see its stream.")
        elif not table.stream_enabled or not table.stream_arn:
            self.info_label.setText(no_stream_message(table.name))
        else:
            self.info_label.setText(f"Stream of {table.name}: describing…")
            self.refresh()

    def refresh(self) -> None:
        """Describe the stream again in a worker and rebuild the shard tree."""
        conn, table = self.ctx.connection, self._table
        if conn is None or table is None or not table.stream_arn:
            return
        self.ctx.tasks.submit(f"stream-describe-{id(self)}", describe_stream, conn, table.stream_arn,
                              on_result=self._described, on_error=self._describe_failed)

    def _described(self, info: StreamInfo) -> None:
        self.info = info
        self.info_label.setText(
            f"<b>Stream</b> {info.arn}<br><b>View type</b> {info.view_type}: {info.view_type_text}"
            f"<br><b>Status</b> {info.status.lower()}; {len(info.shards)} shard(s), "
            f"{len(info.open_shards)} open. Records are kept 24 hours; reads are eventually "
            "consistent."
        )
        self.shards.clear()
        items: dict[str, QTreeWidgetItem] = {}
        for depth, shard in info.lineage():
            node = QTreeWidgetItem([shard.shard_id, shard.state, shard.range_text()])
            node.setForeground(1, QBrush(event_color(INSERT if shard.is_open else "", self.palette())))
            node.setData(0, Qt.ItemDataRole.UserRole, shard.shard_id)
            node.setToolTip(0, f"Parent: {shard.parent_shard_id or 'none (or trimmed)'}")
            parent = items.get(shard.parent_shard_id or "") if depth else None
            if parent is not None:
                parent.addChild(node)
            else:
                self.shards.addTopLevelItem(node)
            items[shard.shard_id] = node
        self.shards.expandAll()
        self._set_controls_enabled(True)

    def _describe_failed(self, exc: BaseException) -> None:
        err = self.ctx.report(exc, operation="DescribeStream")
        self.info_label.setText(err.message)

    def _set_controls_enabled(self, enabled: bool) -> None:
        running = self._state != "idle"
        for widget in (self.read_button, self.position):
            widget.setEnabled(enabled and not running)
        self.follow_button.setEnabled(enabled)
        self.sequence.setEnabled(enabled and not running and self.position.currentData() in
                                 (AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER))

    def _position_changed(self) -> None:
        self._set_controls_enabled(self.info is not None)

    # -- reading -----------------------------------------------------------------
    def selected_shard(self) -> str | None:
        item = self.shards.currentItem()
        return item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None

    def start(self, follow: bool | None = None) -> bool:
        """Start reading from the chosen position; follow live if the Follow button is on."""
        conn, info = self.ctx.connection, self.info
        if conn is None or info is None:
            return False
        if follow is not None:
            self.follow_button.blockSignals(True)
            self.follow_button.setChecked(follow)
            self.follow_button.blockSignals(False)
        position = self.position.currentData()
        try:
            self.reader = StreamReader(
                conn, info, position=position, sequence_number=self.sequence.text() or None,
                shard_id=self.selected_shard() if position in (AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER)
                and self.sequence.text() else None,
                log=self.ctx.read_log, table=info.table_name)
        except DynoViewError as exc:
            self._show_notice(exc.message, warn=True)
            return False
        self._notices.clear()
        self._note = ""
        self.notice.hide()
        self._set_state("following" if self.follow_button.isChecked() else "reading")
        self._schedule(0)
        return True

    def stop(self) -> None:
        """Stop polling; what was read stays on screen."""
        self._timer.stop()
        self.ctx.tasks.cancel(self.task_name)
        self.reader = None
        for button in (self.pause_button, self.follow_button):
            button.blockSignals(True)
            button.setChecked(False)
            button.blockSignals(False)
        self._set_state("idle")

    def pause(self) -> None:
        if self._state == "following":
            self.pause_button.setChecked(True)

    def resume(self) -> None:
        if self._state == "paused":
            self.pause_button.setChecked(False)

    def clear(self) -> None:
        self._pending.clear()
        self._note = ""  # "Caught up after N record(s)" is about the records cleared
        self.view.setUpdatesEnabled(True)
        self.model.clear_events()
        self._show_current(QModelIndex(), QModelIndex())
        self._update_status()

    def _follow_toggled(self, on: bool) -> None:
        if on and self._state == "idle":
            self.start()
        elif on and self._state == "reading":
            self._set_state("following")
        elif not on and self._state in ("following", "paused"):
            self.stop()

    def _pause_toggled(self, paused: bool) -> None:
        if paused and self._state == "following":
            self._timer.stop()
            self._set_state("paused")
        elif not paused and self._state == "paused":
            self._set_state("following")
            self._schedule(0)

    def _set_state(self, state: str) -> None:
        self._state = state
        running = state != "idle"
        self.pause_button.setEnabled(state in ("following", "paused"))
        self.stop_button.setEnabled(running)
        self._set_controls_enabled(self.info is not None)
        self._update_status()
        self.state_changed.emit(state)

    def _schedule(self, delay_ms: int) -> None:
        if self._state in ("reading", "following"):
            self._timer.start(delay_ms)

    def _poll(self) -> None:
        reader = self.reader
        if reader is None or self._state not in ("reading", "following"):
            return
        if self.ctx.tasks.is_running(self.task_name):
            return  # the previous poll is still out; it schedules the next one
        self.ctx.tasks.submit(self.task_name, poll_and_pack, reader, pass_cancel=True,
                              on_result=lambda out: self._polled(reader, *out),
                              on_error=lambda exc: self._poll_failed(reader, exc))

    def _polled(self, reader: StreamReader, result: PollResult, rows: list[PackedEvent]) -> None:
        if reader is not self.reader:
            return  # a stale reader (stopped or restarted meanwhile)
        self._polls += 1
        self._last_poll = datetime.now()
        self._pending.extend(rows)
        if rows and not self._drain_timer.isActive():
            self._drain_timer.start(0)
        for message in result.notices:
            self._show_notice(message)
        if result.finished:
            self.stop()
        elif self._state == "reading" and result.caught_up:
            self.stop()
            self._note = (f"Caught up after {reader.total_events:,} record(s). Press Follow to keep "
                          "watching for new ones.")
            self._update_status()
            return
        elif result.throttled:
            self._schedule(max(2 * self.poll_interval_ms, 2000))  # back off, then retry
        elif self._state == "reading":
            self._schedule(0 if not result.caught_up else self.poll_interval_ms)  # drain fast
        else:
            # Following: a page short of full means the shard's tip was reached, so wait for
            # the interval (fewer calls, and repaints never race a poll for the GIL).
            self._schedule(0 if result.more else self.poll_interval_ms)
        self._update_status()

    def _drain(self) -> None:
        """Move read records into the model a chunk per event-loop turn, so a large poll
        never holds the loop for long (each row is about ten calls into Qt)."""
        chunk = [self._pending.popleft() for _ in range(min(INSERT_CHUNK, len(self._pending)))]
        if self._pending and self.view.updatesEnabled():
            self.view.setUpdatesEnabled(False)  # one repaint per batch, not one per chunk
        self.model.add_packed(chunk)
        self._drained += len(chunk)
        if self._pending:
            self._drain_timer.start(0)
        else:
            if not self.view.updatesEnabled():
                self.view.setUpdatesEnabled(True)
            # One signal per batch, not per chunk: every Python-side emit costs a little.
            added, self._drained = self._drained, 0
            if added:
                self.events_added.emit(added)
            self._update_status()

    def _poll_failed(self, reader: StreamReader, exc: BaseException) -> None:
        if reader is not self.reader:
            return
        err = self.ctx.report(exc, operation="GetRecords")
        self._show_notice(f"Reading the stream stopped: {err.message}", warn=True)
        self.stop()

    def _show_notice(self, message: str, warn: bool = False) -> None:
        self._notices.append(message)
        self.notice.setText(message)
        self.notice.setToolTip("\n\n".join(self._notices[-20:]))
        self.notice.setStyleSheet(f"color: {warning_color(self.palette()).name()};" if warn else "")
        self.notice.show()

    def _update_status(self) -> None:
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        parts = [f"{total:,} record(s)" + (f", {shown:,} shown by the filter" if shown != total else "")]
        if self.model.dropped:
            parts.append(f"{self.model.dropped:,} oldest dropped from view")
        state = {"idle": "stopped", "reading": "reading", "paused": "paused",
                 "following": f"following (polling every {self.poll_interval_ms / 1000:g} s)"}
        parts.append(state[self._state])
        if self._last_poll is not None:
            parts.append(f"last poll {self._last_poll:%H:%M:%S}")
        if self._pending:
            parts.append(f"{len(self._pending):,} being added")
        if self._note and self._state == "idle":
            parts.append(self._note)
        self.status.setText(" · ".join(parts))

    def _scroll_if_following(self) -> None:
        bar = self.view.verticalScrollBar()
        if self._state == "following" and bar.value() >= bar.maximum() - 2:
            QTimer.singleShot(0, self.view.scrollToBottom)

    # -- filtering and detail ------------------------------------------------------
    def _apply_filter(self) -> None:
        try:
            key_filter = KeyFilter.parse(self.key_filter.text())
        except DynoViewError as exc:
            self.filter_error.setText(exc.message)
            self.filter_error.setStyleSheet(f"color: {warning_color(self.palette()).name()};")
            self.filter_error.show()
            return
        self.filter_error.hide()
        self.proxy.set_filter(key_filter, self.kind_filter.currentData())
        self._update_status()

    def event_for(self, index: QModelIndex) -> StreamEvent | None:
        """The event behind a row of the (filtered) view."""
        if not index.isValid():
            return None
        return self.model.event_at(self.proxy.mapToSource(index).row())

    def current_event(self) -> StreamEvent | None:
        return self.event_for(self.view.currentIndex())

    def _show_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        event = self.event_for(current)
        if event is None:
            self.diff.setRowCount(0)
            self.diff_title.setText("Select a record to see what changed.")
            self.record_json.clear()
            return
        self.show_event(event)

    def show_event(self, event: StreamEvent) -> None:
        """Fill the old/new diff and the record JSON for one event."""
        when = event.time.strftime("%Y-%m-%d %H:%M:%S UTC") if event.time else "unknown time"
        title = f"{event.event_name}, {event.label}: {event.key_text()} at {when}."
        if event.old_image is None and event.new_image is None:
            title += " This stream carries keys only, so there is nothing to compare."
        elif event.event_name == MODIFY and not event.diff:
            title += " No attribute changed: the write stored the same values."
        self.diff_title.setText(title)
        palette = self.palette()
        colors = {ADDED: event_color(INSERT, palette), REMOVED: event_color(REMOVE, palette),
                  CHANGED: event_color(MODIFY, palette)}
        self.diff.setRowCount(len(event.diff))
        for row, change in enumerate(event.diff):
            values = (change.name, change.kind,
                      display_text(change.old, 500) if change.old is not None else "",
                      display_text(change.new, 500) if change.new is not None else "")
            for col, text in enumerate(values):
                cell = QTableWidgetItem(text)
                if col == 1:
                    cell.setForeground(QBrush(colors[change.kind]))
                if col >= 2:
                    cell.setToolTip(text)
                self.diff.setItem(row, col, cell)
        self.diff.resizeColumnsToContents()
        self.record_json.setPlainText(json.dumps(event.to_json(), indent=2, ensure_ascii=False))

    def _context_menu(self, pos: QPoint) -> None:
        event = self.event_for(self.view.indexAt(pos))
        if event is None:
            return
        menu = QMenu(self)
        keys = event.ordered_keys()
        item_filter = ",".join(_escape_key(v) for _, v in keys)
        pk_filter = _escape_key(keys[0][1]) if keys else ""
        menu.addAction("Show only this item", lambda: self.key_filter.setText(item_filter))
        menu.addAction("Show this item collection (partition key)",
                       lambda: self.key_filter.setText(pk_filter))
        menu.addAction("Read after this record", lambda: self._start_after(event))
        if self._table is not None:
            table = self._table.name
            menu.addAction("Open the item", lambda: self.ctx.open_item_requested.emit(
                table, dict(event.keys)))
        menu.exec(self.view.viewport().mapToGlobal(pos))

    def _start_after(self, event: StreamEvent) -> None:
        self.stop()
        self.position.setCurrentIndex(self.position.findData(AFTER_SEQUENCE_NUMBER))
        self.sequence.setText(event.sequence_number)
        flags = Qt.MatchFlag.MatchExactly | Qt.MatchFlag.MatchRecursive
        for item in self.shards.findItems(event.shard_id, flags):
            self.shards.setCurrentItem(item)
