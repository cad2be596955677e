"""The local action log: every transaction the app sent, as JSON Lines.

One line per execution in ``<user data dir>/DynoView/actions.jsonl`` (a demo session:
``<user data dir>/DynoView/demo/actions.jsonl``, see ``dynoview.core.session.profile``): time,
connection name and endpoint (never credentials, not even a password in the endpoint
URL), token, the exact request (DynamoDB JSON, binary as base64) and the outcome.
Append-only, so support staff can reconstruct what the app wrote and when. The items
hold personal data (emails): the file is 0600 in a 0700 folder, and an older, wider
file is tightened on the next append.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dynoview.core.redaction import redact_url, redact_url_credentials
from dynoview.core.session import profile
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.private_files import open_private, private_dir

FILE_NAME = "actions.jsonl"


def default_path() -> Path:
    """The active profile's action log (the demo profile has its own)."""
    return profile.data_dir() / FILE_NAME


def connection_record(spec: ConnectionSpec, region: str | None = None) -> dict[str, Any]:
    """What identifies a connection in the log: no keys, no secrets, no password in the URL."""
    return {"name": spec.name, "endpoint": redact_url(spec.endpoint_url), "region": region or spec.region,
            "profile": spec.profile, "read_only": spec.read_only, "local": spec.is_local}


def _without_url_credentials(value: Any) -> Any:
    """Strings anywhere in ``value`` with URL passwords removed (an error message may quote the
    endpoint); only that, so tokens and messages stay as they were."""
    if isinstance(value, str):
        return redact_url_credentials(value)
    if isinstance(value, Mapping):
        return {k: _without_url_credentials(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_without_url_credentials(v) for v in value]
    return value


class ActionLog:
    """Appends and reads back the JSON Lines log; safe to share between threads."""

    def __init__(self, path: Path | str | None = None) -> None:
        self._path = Path(path) if path is not None else None
        self._lock = threading.Lock()

    @property
    def path(self) -> Path:
        """The file; without an explicit path, the profile active *now* (a log made before a
        demo session started still writes to the demo's file)."""
        return self._path if self._path is not None else default_path()

    def append(self, *, connection: Mapping[str, Any], token: str, request: Mapping[str, Any],
               outcome: Mapping[str, Any], time: datetime | None = None) -> dict[str, Any]:
        """Write one entry and return it. ``request`` must be JSON-ready (the wire body parsed)."""
        entry = {
            "time": (time or datetime.now(UTC)).isoformat(),
            "connection": _without_url_credentials(dict(connection)),
            "token": token,
            "request": request,  # the exact request, as sent: never rewritten
            "outcome": _without_url_credentials(dict(outcome)),
        }
        line = json.dumps(entry, ensure_ascii=False, default=str)
        with self._lock:
            path = self.path
            # The app's data folder is ours from its top: tighten it too (older versions: 0755).
            private_dir(path.parent, top=profile.data_root() if self._path is None else None)
            with open_private(path, "a+b") as fh:
                # A previous write cut short (a crash, a full disk) leaves a last line without
                # its newline: start on a fresh line so this entry is not glued to it and lost.
                if fh.seek(0, 2) and (fh.seek(-1, 2), fh.read(1))[1] != b"\n":
                    fh.write(b"\n")
                fh.write(line.encode("utf-8") + b"\n")
        return entry

    def entries_for_token(self, token: str, *, tail_bytes: int = 8 << 20) -> list[dict[str, Any]]:
        """Entries sent under ``token``, oldest first, from the last ``tail_bytes`` of the log.

        Cheap enough to ask before every execution: only the tail is read (a token's 10
        minutes are the newest lines) and only lines holding the token are parsed.
        """
        needle = json.dumps(token, ensure_ascii=False)[1:-1].encode("utf-8")  # as append writes it
        with self._lock:
            try:
                with self.path.open("rb") as fh:
                    fh.seek(max(0, fh.seek(0, 2) - tail_bytes))
                    data = fh.read()
            except OSError:
                return []
        out: list[dict[str, Any]] = []
        for line in data.splitlines():
            if needle not in line:
                continue
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                continue  # a damaged line, or the first one cut by the tail
            if isinstance(entry, dict) and entry.get("token") == token:
                out.append(entry)
        return out

    def entries(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Entries oldest first (the last ``limit`` ones); damaged lines are skipped, not fatal."""
        with self._lock:
            path = self.path
            if not path.exists():
                return []
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        out: list[dict[str, Any]] = []
        for line in lines:
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
            except (ValueError, RecursionError):
                continue
            if isinstance(entry, dict):
                # Lines from older versions may name an endpoint with its password: never show it.
                for key in ("connection", "outcome"):
                    if key in entry:
                        entry[key] = _without_url_credentials(entry[key])
                out.append(entry)
        return out[-limit:] if limit else out
