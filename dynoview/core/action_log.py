"""The local action log: every transaction the app sent, as JSON Lines.

One line per execution in ``<user data dir>/DynoView/actions.jsonl``: time,
connection name and endpoint (never credentials), token, the exact request
(DynamoDB JSON, binary as base64) and the outcome. Append-only, so support
staff can reconstruct what the app wrote and when.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from dynoview.core.connection import ConnectionSpec

FILE_NAME = "actions.jsonl"


def default_path() -> Path:
    return Path(platformdirs.user_data_dir("DynoView", appauthor=False)) / FILE_NAME


def connection_record(spec: ConnectionSpec, region: str | None = None) -> dict[str, Any]:
    """What identifies a connection in the log: no keys, no secrets."""
    return {"name": spec.name, "endpoint": spec.endpoint_url, "region": region or spec.region,
            "profile": spec.profile, "read_only": spec.read_only, "local": spec.is_local}


class ActionLog:
    """Appends and reads back the JSON Lines log; safe to share between threads."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._lock = threading.Lock()

    def append(self, *, connection: Mapping[str, Any], token: str, request: Mapping[str, Any],
               outcome: Mapping[str, Any], time: datetime | None = None) -> dict[str, Any]:
        """Write one entry and return it. ``request`` must be JSON-ready (the wire body parsed)."""
        entry = {
            "time": (time or datetime.now(UTC)).isoformat(),
            "connection": dict(connection),
            "token": token,
            "request": request,
            "outcome": dict(outcome),
        }
        line = json.dumps(entry, ensure_ascii=False, default=str)
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a+b") as fh:
                # A previous write cut short (a crash, a full disk) leaves a last line without
                # its newline: start on a fresh line so this entry is not glued to it and lost.
                if fh.seek(0, 2) and (fh.seek(-1, 2), fh.read(1))[1] != b"\n":
                    fh.write(b"\n")
                fh.write(line.encode("utf-8") + b"\n")
        return entry

    def entries(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Entries oldest first (the last ``limit`` ones); damaged lines are skipped, not fatal."""
        with self._lock:
            if not self.path.exists():
                return []
            lines = self.path.read_text(encoding="utf-8", errors="replace").splitlines()
        out: list[dict[str, Any]] = []
        for line in lines:
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                continue
            if isinstance(entry, dict):
                out.append(entry)
        return out[-limit:] if limit else out
