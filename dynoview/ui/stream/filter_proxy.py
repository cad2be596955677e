"""Filters the stream viewer's records by key and event kind, reading the packed rows (no
event is rebuilt to decide whether a row shows)."""

from __future__ import annotations

import base64
from typing import Any

from PySide6.QtCore import QObject, QSortFilterProxyModel

from dynoview.core.streams.key_filter import KeyFilter, escape_key_text
from dynoview.core.streams.records import StreamEvent, key_value_text
from dynoview.ui.stream.events_model import (
    P_KIND,
    P_PK,
    P_PK_TYPE,
    P_SK,
    P_SK_TYPE,
    AnyIndex,
    StreamEventsModel,
)


def _escape_key(av: Any) -> str:
    """A key value as the key filter reads it back exactly (``escape_key_text``)."""
    return escape_key_text(key_value_text(av))


def key_filter_texts(event: StreamEvent) -> tuple[str, str]:
    """What to type in the key filter for this event's item, and for its item collection."""
    keys = event.ordered_keys()
    item = ",".join(_escape_key(v) for _, v in keys)
    return item, _escape_key(keys[0][1]) if keys else ""


def _key_value(kind: str, text: str) -> dict[str, Any] | None:
    if not kind:
        return None
    if kind == "B":
        return {"B": base64.b64decode(text)}
    return {kind: text}



class StreamFilterProxy(QSortFilterProxyModel):
    """Shows the events of some keys and/or one event kind; the model keeps everything, so
    changing the filter never loses history."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.key_filter = KeyFilter()
        self.kind: str | None = None

    def set_filter(self, key_filter: KeyFilter, kind: str | None) -> None:
        self.beginFilterChange()
        self.key_filter = key_filter
        self.kind = kind
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:
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

