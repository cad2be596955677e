"""What happened to each finding of a repair, and the state file (0600) that lists the
findings done, so a run that stopped continues where it stopped and never acts twice.

The file is replaced whole on each save (``atomic_private``: an exclusive temporary file
beside it, never a link followed, then a rename). Reading it back checks every field's type:
a damaged or edited file is a sentence naming the field, never a crash."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dynoview.core.repair.report import RepairError
from dynoview.core.session.private_files import atomic_private, private_dir
from dynoview.core.session.user_files import UserFileError, json_path, read_user_json
from dynoview.core.tx.action_log import same_connection
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.types import ValueParseError

STATE_FORMAT = "dynoview-repair-state"
STATE_VERSION = 1

# What happened to one finding.
APPLIED = "applied"  # the guarded transaction was written
ALREADY_FIXED = "already-fixed"  # the problem was gone when re-checked: nothing sent
CHANGED = "changed"  # the finding is something else now: skipped, nothing sent
CANCELLED = "cancelled"  # DynamoDB cancelled the guarded transaction: nothing written, not retried
PLANNED = "planned"  # --dry-run: the transaction that would be sent
NEEDS_DECISION = "needs-decision"  # left for a person
ERROR = "error"  # the run stopped here; the finding is re-checked on the next run
PENDING = "pending"  # not reached: the run was cancelled or stopped before it

#: Outcomes a state file records: a resumed run never touches these findings again.
DONE = frozenset({APPLIED, ALREADY_FIXED, CHANGED, CANCELLED})
#: Outcomes that need nothing more from anyone.
SETTLED = frozenset({APPLIED, ALREADY_FIXED, PLANNED})

STATUS_LABELS = {
    APPLIED: "applied",
    ALREADY_FIXED: "already fixed",
    CHANGED: "changed since the report",
    CANCELLED: "cancelled by DynamoDB",
    PLANNED: "planned",
    NEEDS_DECISION: "needs a decision",
    ERROR: "error",
    PENDING: "not done yet",
}


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class RepairOutcome:
    """What happened to one finding, as a sentence with the transaction behind it."""

    id: str
    kind: str
    status: str
    message: str
    title: str = ""
    token: str | None = None
    request: str | None = None  # the exact request body sent (or planned, in a dry run)
    written: list[dict[str, Any]] = field(default_factory=list)  # keys the transaction wrote
    time: str = field(default_factory=_now)
    earlier: bool = False  # recorded by an earlier run (the state file)

    @property
    def label(self) -> str:
        return STATUS_LABELS.get(self.status, self.status)

    def to_json(self) -> dict[str, Any]:
        """For the state file and ``--format json`` (keys as DynamoDB JSON text)."""
        return {"id": self.id, "kind": self.kind, "status": self.status, "title": self.title,
                "message": self.message, "token": self.token, "request": self.request,
                "written": [{k: to_dynamodb_json(v) for k, v in key.items()} for key in self.written],
                "time": self.time}

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> RepairOutcome:
        written: list[dict[str, Any]] = []
        for key in raw.get("written") or []:
            try:
                written.append({str(k): from_dynamodb_json(v) for k, v in key.items()})
            except (ValueParseError, AttributeError):
                continue  # a damaged key only costs the window a refresh
        return cls(str(raw["id"]), str(raw.get("kind", "")), str(raw["status"]),
                   str(raw.get("message", "")), str(raw.get("title", "")), raw.get("token"),
                   raw.get("request"), written, str(raw.get("time", "")), earlier=True)


#: The state file's fields and the JSON types each may hold (None: null).
_TEXT_FIELDS = {"id": False, "status": False, "kind": True, "title": True, "message": True,
                "time": True, "token": True, "request": True}  # name -> may be missing or null
_TYPE_NAMES = {str: "text", bool: "true or false", int: "a number", float: "a number",
               list: "a list", dict: "an object", type(None): "null"}


class _Damaged(Exception):
    def __init__(self, where: list[str | int], found: Any, wanted: str) -> None:
        super().__init__(where)
        self.where, self.found, self.wanted = where, found, wanted


def _check_entry(entry: Any, where: list[str | int]) -> None:
    """Every field of one ``done`` entry has the type it must have."""
    if not isinstance(entry, Mapping):
        raise _Damaged(where, entry, "an object")
    for name, optional in _TEXT_FIELDS.items():
        value = entry.get(name)
        if value is None and optional:
            continue
        if not isinstance(value, str):
            raise _Damaged([*where, name], value, "text" + (" or null" if optional else ""))
    written = entry.get("written")
    if written is None:
        return
    if not isinstance(written, list):
        raise _Damaged([*where, "written"], written, "a list of keys")
    for i, key in enumerate(written):
        if not isinstance(key, Mapping):
            raise _Damaged([*where, "written", i], key, "a key (an object of typed values)")


def _check_state(raw: Any) -> None:
    for name in ("table", "report_sha256"):
        if not isinstance(raw.get(name), str | None):
            raise _Damaged([name], raw.get(name), "text")
    if not isinstance(raw.get("connection"), Mapping | None):
        raise _Damaged(["connection"], raw.get("connection"), "an object")
    done = raw.get("done")
    if done is None:
        return
    if not isinstance(done, list):
        raise _Damaged(["done"], done, "a list")
    for i, entry in enumerate(done):
        _check_entry(entry, ["done", i])


def _described(connection: Any) -> str:
    """Where a state file's repairs were sent, as its record names it."""
    if not isinstance(connection, Mapping):
        return " on a connection it does not name"
    where = connection.get("endpoint") or f"AWS {connection.get('region') or ''}".strip()
    return f" on {where}" + (f", profile {connection['profile']}" if connection.get("profile") else "")


def default_state_path(report_path: str | os.PathLike[str]) -> Path:
    """Next to the report: ``audit.json`` -> ``audit.repair-state.json``."""
    path = Path(report_path)
    return path.with_name(path.stem + ".repair-state.json")


class RepairState:
    """The findings done so far, saved after each one (0600, replaced atomically).

    ``path`` None keeps it in memory only (the window's dialog: Cancel, then Continue).
    ``connection``: the connection's record (``action_log.connection_record``): what was done on
    one endpoint is not done on another holding a table of the same name (a copy repaired
    first), so a file of another connection is never resumed.
    """

    def __init__(self, path: str | os.PathLike[str] | None, report_digest: str, table: str,
                 connection: Mapping[str, Any] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.report_digest = report_digest
        self.table = table
        self.connection = dict(connection) if connection is not None else None
        self.done: dict[str, RepairOutcome] = {}
        self.replaced = False  # the file held another report's state, which this one replaces
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None, report_digest: str, table: str, *,
             connection: Mapping[str, Any] | None = None, replace_other: bool = False) -> RepairState:
        """Load the state file if it exists. One made for another report, table or connection
        is refused, or with ``replace_other`` (the default file next to a report made again, or
        repaired on another endpoint) started afresh: safe, since every finding is re-checked
        before anything is sent."""
        state = cls(path, report_digest, table, connection)
        if state.path is None or not state.path.exists():
            return state
        try:
            raw = read_user_json(state.path, "The state file")
        except UserFileError as exc:
            raise RepairError(f"{exc.message} The state file cannot be read: move it away to start "
                              "over (findings already repaired are then found already fixed).") from None
        if not isinstance(raw, Mapping) or raw.get("format") != STATE_FORMAT:
            raise RepairError(f"{state.path} is not a DynoView repair state file; pass another "
                              "--resume file.")
        try:
            _check_state(raw)
        except _Damaged as exc:
            found = _TYPE_NAMES.get(type(exc.found), type(exc.found).__name__)
            raise RepairError(f"The state file {state.path} is damaged: {json_path(exc.where)} is "
                              f"{found} where {exc.wanted} belongs. Move it away to start over "
                              "(findings already repaired are then found already fixed).") from None
        other_connection = connection is not None and not same_connection(raw.get("connection") or {},
                                                                          connection)
        if (raw.get("table") != table or other_connection
                or (report_digest and raw.get("report_sha256") != report_digest)):
            if replace_other:
                state.replaced = True
                return state
            where = _described(raw.get("connection")) if other_connection else ""
            raise RepairError(f"The state file {state.path} belongs to another report, table or "
                              f"connection ({raw.get('table')}{where}); pass --resume with a new file, "
                              "or move it away.")
        for entry in raw.get("done") or []:
            if entry.get("status") in DONE:
                outcome = RepairOutcome.from_json(entry)
                state.done[outcome.id] = outcome
        return state

    def record(self, outcome: RepairOutcome) -> None:
        """Remember a finished finding and save the file at once (a crash loses at most the
        finding in flight, which the next run re-checks before acting)."""
        if outcome.status not in DONE:
            return
        with self._lock:
            self.done[outcome.id] = outcome
            self._save()

    def save(self) -> None:
        """Write the file now (before a run: a folder that cannot take it fails before any send)."""
        with self._lock:
            self._save()

    def _save(self) -> None:
        if self.path is None:
            return
        data = {"format": STATE_FORMAT, "version": STATE_VERSION, "table": self.table,
                "report_sha256": self.report_digest, "connection": self.connection, "updated_at": _now(),
                "done": [o.to_json() for o in self.done.values()]}
        folder = self.path.parent
        if not folder.exists():
            private_dir(folder)  # only a folder we create is ours to make 0700
        # An exclusive temporary file beside it, then a rename: never a half-written state file,
        # and a link planted at any name is never written through (PrivateFileError says so).
        with atomic_private(self.path, "w") as fh:
            fh.write(json.dumps(data, indent=2, ensure_ascii=False))
