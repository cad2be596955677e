"""Read receipts: what every data read did, how consistent it was, and what it cost."""

from __future__ import annotations

import copy
import threading
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dynoview.core.counts import units_text

if TYPE_CHECKING:  # imported where a read is timed: not before the window's first paint
    from datetime import datetime

STRONG = "strong"
EVENTUAL = "eventual"
#: A BatchGetItem whose tables were read with different ConsistentRead settings.
MIXED = "mixed"


@dataclass(frozen=True)
class TableRead:
    """One table's part of a read that spans tables (BatchGetItem)."""

    table: str
    consistency: str  # STRONG or EVENTUAL: BatchGetItem sets ConsistentRead per table
    consumed_capacity: float | None = None  # this table's read units, where the service said


@dataclass(frozen=True)
class ReadReceipt:
    """One data read as it went over the wire."""

    time: datetime
    operation: str
    table: str | None
    index: str | None
    consistency: str  # STRONG, EVENTUAL, or MIXED (``tables`` says which table was read how)
    consumed_capacity: float | None  # read units as the service reported them
    count: int | None
    scanned_count: int | None
    duration_ms: float
    request: Mapping[str, Any]
    error: str | None = None
    capacity_detail: Any = None
    estimated_capacity: float | None = None  # the app's own estimate from item sizes
    estimate_basis: str | None = None  # what the estimate counted, in words
    extra: Mapping[str, Any] = field(default_factory=dict)
    tables: tuple[TableRead, ...] = ()  # per table, for a read that spans several

    @property
    def target(self) -> str:
        if self.index:
            return f"{self.table}/{self.index}"
        return self.table or "-"

    def per_table_capacity(self) -> str:
        """"A 1, B 0.5": each table's units, for a read of several tables whose answer said."""
        if len(self.tables) < 2:
            return ""
        return ", ".join(f"{t.table} {units_text(t.consumed_capacity)}" for t in self.tables
                         if t.consumed_capacity is not None)

    def cost_text(self) -> str:
        if self.consumed_capacity is None:
            return "capacity not reported"
        per_table = self.per_table_capacity()
        return f"{units_text(self.consumed_capacity)} RCU" + (f" ({per_table})" if per_table else "")

    def consistency_text(self) -> str:
        """"strong", or for tables read differently "mixed: strong for A, eventual for B"."""
        if self.consistency != MIXED or not self.tables:
            return self.consistency
        groups: dict[str, list[str]] = {}
        for part in self.tables:
            groups.setdefault(part.consistency, []).append(part.table)
        return "mixed: " + "; ".join(f"{mode} for {', '.join(names)}" for mode, names in groups.items())

    def summary(self) -> str:
        """The status-bar line: "Query, strong, 0.5 RCU, 12 ms"."""
        parts = [self.operation, self.consistency_text(), self.cost_text(), f"{self.duration_ms:.0f} ms"]
        if self.error:
            parts.append(f"failed: {self.error}")
        return ", ".join(parts)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "time": self.time.isoformat(),
            "operation": self.operation,
            "table": self.table,
            "index": self.index,
            "consistency": self.consistency,
            "consumed_capacity": self.consumed_capacity,
            "estimated_capacity": self.estimated_capacity,
            "estimate_basis": self.estimate_basis,
            "count": self.count,
            "scanned_count": self.scanned_count,
            "duration_ms": round(self.duration_ms, 3),
            "error": self.error,
            "request": _json_safe(self.request),
        }
        if self.tables:
            data["tables"] = [{"table": t.table, "consistency": t.consistency,
                               "consumed_capacity": t.consumed_capacity} for t in self.tables]
        if self.extra:  # e.g. the audit's "audit_path": where the page was classified
            data["extra"] = _json_safe(self.extra)
        return data


def _json_safe(value: Any) -> Any:
    import base64

    if isinstance(value, Mapping):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_json_safe(v) for v in value]
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    return value


def consumed_read_units(consumed: Any) -> float | None:
    """Total capacity units from a ConsumedCapacity entry or list of entries."""
    if consumed is None:
        return None
    entries = consumed if isinstance(consumed, list) else [consumed]
    total = 0.0
    seen = False
    for entry in entries:
        if isinstance(entry, Mapping):
            units = entry.get("CapacityUnits", entry.get("ReadCapacityUnits"))
            if units is not None:
                total += float(units)
                seen = True
    return total if seen else None


def batch_tables(request: Mapping[str, Any], consumed: Any = None) -> tuple[TableRead, ...]:
    """Each table of a BatchGetItem request, read strongly or not as its own ConsistentRead
    says, with its units from the answer's ConsumedCapacity (one entry per table) if given."""
    units: dict[str, float] = {}
    for entry in consumed if isinstance(consumed, list) else []:
        value = consumed_read_units(entry) if isinstance(entry, Mapping) else None
        if value is not None and entry.get("TableName") is not None:
            units[str(entry["TableName"])] = value
    items = request.get("RequestItems") or {}
    return tuple(TableRead(str(name), STRONG if (spec or {}).get("ConsistentRead") else EVENTUAL,
                           units.get(str(name)))
                 for name, spec in items.items())


def overall_consistency(tables: tuple[TableRead, ...]) -> str:
    """STRONG or EVENTUAL when every table was read so, else MIXED (EVENTUAL for none)."""
    modes = {t.consistency for t in tables}
    if not modes:
        return EVENTUAL
    return modes.pop() if len(modes) == 1 else MIXED


Listener = Callable[[ReadReceipt], None]


class ReadLog:
    """A bounded, thread-safe log of receipts that notifies listeners.

    Listeners are called on the thread that made the read; UI listeners must
    hop to their own thread (a queued Qt signal does).
    """

    def __init__(self, maxlen: int = 5000) -> None:
        self._receipts: deque[ReadReceipt] = deque(maxlen=maxlen)
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []

    def add_listener(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def record(self, receipt: ReadReceipt) -> None:
        with self._lock:
            self._receipts.append(receipt)
        for listener in list(self._listeners):
            listener(receipt)

    def receipts(self) -> list[ReadReceipt]:
        with self._lock:
            return list(self._receipts)

    def last(self) -> ReadReceipt | None:
        with self._lock:
            return self._receipts[-1] if self._receipts else None

    def clear(self) -> None:
        with self._lock:
            self._receipts.clear()

    def __len__(self) -> int:
        return len(self._receipts)


def now_utc() -> datetime:
    from datetime import UTC, datetime

    return datetime.now(UTC)


def snapshot_request(request: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy so later mutation of the caller's dict cannot rewrite history."""
    return copy.deepcopy(dict(request))
