"""The stream viewer's table model: records in arrival order, bounded, with each row packed
(strings and one bytes blob) in the worker thread so the UI thread only copies cells into Qt."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import orjson
from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QPalette, QStandardItemModel

from dynoview.core.streams.reader import StreamReader
from dynoview.core.streams.records import INSERT, MODIFY, REMOVE, StreamEvent, key_value_text
from dynoview.core.streams.shards import PollResult
from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.plain_text import plain_tooltip
from dynoview.ui.tones import is_dark

COLUMNS = (QT_TRANSLATE_NOOP("stream.events_model", "Time (UTC)"),
           QT_TRANSLATE_NOOP("stream.events_model", "Event"),
           QT_TRANSLATE_NOOP("stream.events_model", "What happened"),
           QT_TRANSLATE_NOOP("stream.events_model", "Keys"),
           QT_TRANSLATE_NOOP("stream.events_model", "Changes"),
           QT_TRANSLATE_NOOP("stream.events_model", "Sequence number"),
           QT_TRANSLATE_NOOP("stream.events_model", "Shard"))
COL_TIME, COL_EVENT, COL_LABEL, COL_KEYS, COL_CHANGES, COL_SEQUENCE, COL_SHARD = range(len(COLUMNS))
AnyIndex = QModelIndex | QPersistentModelIndex

TTL_EVENT = "TTL"  # the colour/filter key for removals made by TTL
# (light palette, dark palette) colours per event kind.
EVENT_COLORS = {
    INSERT: ("#2e7d32", "#81c784"),
    MODIFY: ("#1565c0", "#64b5f6"),
    REMOVE: ("#c62828", "#e57373"),
    TTL_EVENT: ("#6a1b9a", "#ce93d8"),
}
EVENT_TIPS = {
    INSERT: QT_TRANSLATE_NOOP("stream.events_model", "A new item was written."),
    MODIFY: QT_TRANSLATE_NOOP("stream.events_model", "An existing item changed; the diff shows how."),
    REMOVE: QT_TRANSLATE_NOOP(
        "stream.events_model", "Deleted by a request (a user or an application), not by TTL."),
    TTL_EVENT: (QT_TRANSLATE_NOOP(
        "stream.events_model", "DynamoDB deleted this item because its TTL passed: a service delete whose "
                "userIdentity principal is dynamodb.amazonaws.com.")),
}


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
_FOREGROUND = Qt.ItemDataRole.ForegroundRole


def _key_parts(event: StreamEvent, index: int) -> tuple[str, str]:
    """A key's type and raw text, for the key filter only (never shown: see key_text)."""
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
        event.key_text(),  # escaped: keys are shown, never obeyed
        event.diff_text(),
        event.sequence_number,
        event.shard_id,
        event_kind(event),
        pk_type, pk, sk_type, sk,
        "\n".join(c.text(120) for c in event.diff[:40]) or event.diff_text(),
        orjson.dumps(event.to_json()),
    )


def _record_id(packed: PackedEvent) -> tuple[str, str] | None:
    """Which stream record a row is (sequence numbers are unique within a shard); None
    for a row without a sequence number, which is never taken for another."""
    return (packed[P_SHARD], packed[P_SEQUENCE]) if packed[P_SEQUENCE] else None


def poll_and_pack(reader: StreamReader, cancel: threading.Event | None = None
                  ) -> tuple[PollResult, list[PackedEvent]]:
    """One poll in a worker thread; events come back packed, ready for the model."""
    result = reader.poll(cancel)
    packed = [pack_event(e) for e in result.events]
    result.events = []  # the packed rows replace them
    return result, packed



class StreamEventsModel(QStandardItemModel):
    """Stream events in arrival order, bounded to ``max_rows`` (oldest dropped first).

    Cells live in C++ and are filled with ``setData`` (no QStandardItem wrappers, which
    Python would keep alive and its GC would scan), so painting never calls into Python:
    at hundreds of records a second a Python ``data()`` would cost the event loop about a
    thousand calls per repaint. The packed rows kept alongside (strings and bytes, invisible
    to the GC) serve filtering, tooltips and ``event_at``.
    """

    def __init__(self, parent: QObject | None = None, max_rows: int = 20_000) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels([QCoreApplication.translate("stream.events_model", name)
                                        for name in COLUMNS])
        self.max_rows = max_rows
        self._rows: list[PackedEvent] = []
        self._seen: set[tuple[str, str] | None] = set()  # (shard, sequence number) of each row
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

    def add_packed(self, rows: Sequence[PackedEvent]) -> int:
        """Append a batch: one row insertion, then the cells (C++ only from here on). A record
        already listed is not listed again (reading again from an earlier position, or Read
        then Follow from the trim horizon, reads it twice: two rows would read as two writes).
        Returns how many rows were added."""
        fresh: list[PackedEvent] = []
        for packed in rows:
            record = _record_id(packed)
            if record is None or record not in self._seen:
                fresh.append(packed)
                if record is not None:
                    self._seen.add(record)
        rows = fresh[-self.max_rows:]
        if not rows:
            return 0
        overflow = len(self._rows) + len(rows) - self.max_rows
        if overflow > 0:
            self.removeRows(0, overflow)
            self._seen.difference_update(_record_id(p) for p in self._rows[:overflow])
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
        return len(rows)

    def clear_events(self) -> None:
        self.removeRows(0, self.rowCount())
        self._rows.clear()
        self._seen.clear()
        self.dropped = 0

    def tooltip(self, row: int, col: int) -> str:
        """What hovering a cell explains: the event kind, or every changed attribute."""
        packed = self._rows[row]
        if col in (COL_EVENT, COL_LABEL):
            return QCoreApplication.translate("stream.events_model", EVENT_TIPS.get(packed[P_KIND], ""))
        # Table text as a tooltip: literal characters, never read as HTML.
        if col == COL_CHANGES:
            return plain_tooltip(str(packed[P_CHANGES_TIP]))
        return plain_tooltip(str(packed[col]))

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

