"""Saved uniqueness schemas, one JSON file per connection and table.

Files live under ``user_config_dir("DynoView")/schemas/<connection>/<table>.json``
(a demo session: ``.../DynoView/demo/schemas/``, see ``dynoview.core.session.profile``), 0600
in 0700 folders like every file the app writes. A file that cannot be read or
validated is reported and renamed aside (``.corrupt-<time>``) so the next save starts
clean, never a crash.

``<connection>`` is the connection's name and where it points (``connection_key``: "local @
http://127.0.0.1:8000, us-east-1"), as staged cells and kept dialog texts are filed: names
repeat (every ``--endpoint-url`` connection is "local", a profile's connection has its name in
every region), and a schema saved for ``users`` on one endpoint described another app's
``users`` on the next. Versions before kept them under the name alone: such a file is still
read (``legacy``) when the connection has none of its own, and moves to the new key on the next
save.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dynoview.core.redaction import redact_url
from dynoview.core.session import file_names, profile
from dynoview.core.session.private_files import private_dir, write_private_text
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema
from dynoview.core.uniqueness.schema_file import schema_from_json, schema_to_text

if TYPE_CHECKING:
    from dynoview.core.session.connection import ConnectionSpec

_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-"


def _no_dots(safe: str) -> str:
    return safe if safe not in {"", ".", ".."} else f"%{safe}"


def _slug(name: str) -> str:
    """A connection or table name as a file name (``session.file_names``: distinct names stay
    distinct)."""
    return file_names.bounded(_no_dots(file_names.escape(name, _SAFE)), name)


def _legacy_slug(name: str) -> str:
    """The file name versions before the fixed-width escape gave ``name``: read, never written."""
    return _no_dots(file_names.legacy_escape(name, _SAFE))


def connection_key(spec: ConnectionSpec, region: str | None = None) -> str:
    """The connection part of a saved schema's key: its name and where it points, as
    ``drafts.dialog_texts.connection_label`` labels kept texts ("local @ http://127.0.0.1:8000,
    us-east-1[, profile p]"). ``region``: the one the connection resolved (``Connection.region``),
    else the spec's. The demo's endpoint changes at every start and its schemas are in a profile of
    their own (``profile.of_connection``): its name alone, as before."""
    if spec.demo:
        return spec.name
    where = [redact_url(spec.endpoint_url) or "AWS", region or spec.region or "",
             *([f"profile {spec.profile}"] if spec.profile else [])]
    return f"{spec.name} @ " + ", ".join(w for w in where if w)


@dataclass(frozen=True)
class LoadResult:
    """A loaded schema, or None with the problem that was found and where the file went."""

    schema: UniquenessSchema | None
    problem: str | None = None
    moved_to: Path | None = None
    # True: read from the file an older version saved under the connection's name alone.
    legacy: bool = False


class SchemaStore:
    """Load and save schemas per (connection name, table name)."""

    def __init__(self, root: Path | None = None, *, profile_name: str | None = None) -> None:
        """``root``, or the schemas of profile ``profile_name`` (the active one by default: a
        window gives its connection's, ``profile.of_connection``)."""
        self._own_root = root is None  # the app's folders: tightened from the top when saving
        self.root = root if root is not None else profile.config_dir(profile_name) / "schemas"

    def path(self, connection: str, table: str) -> Path:
        return self.root / _slug(connection) / f"{_slug(table)}.json"

    def _legacy_path(self, connection: str, table: str) -> Path | None:
        """Where an older version saved the schema, if it could and that is not ``path``."""
        folder, name = _legacy_slug(connection), f"{_legacy_slug(table)}.json"
        old = self.root / folder / name
        if max(len(folder.encode()), len(name.encode())) > 255 or old == self.path(connection, table):
            return None
        return old

    def _existing(self, connection: str, table: str) -> Path | None:
        """The file holding the schema saved under ``connection`` (an older escape's name if only
        that one is there), or None."""
        path = self.path(connection, table)
        if path.exists():
            return path
        old = self._legacy_path(connection, table)
        return old if old is not None and old.exists() else None

    def _former(self, connection: str, table: str, legacy: str | None) -> list[Path]:
        """The files versions that keyed schemas by the connection's name alone wrote for it."""
        if legacy is None or legacy == connection:
            return []
        return [p for p in (self.path(legacy, table), self._legacy_path(legacy, table))
                if p is not None]

    def load(self, connection: str, table: str, *, legacy: str | None = None) -> LoadResult:
        """The saved schema (from an older version's file name if only that one is there; then
        from the file saved under the connection's name alone, ``legacy``), None if there is
        none, or a reported problem for a corrupt file."""
        path = self._existing(connection, table)
        former = path is None and legacy is not None and legacy != connection
        if former:
            path = self._existing(legacy or "", table)
        if path is None:
            return LoadResult(None)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return LoadResult(schema_from_json(data, str(path)), legacy=former)
        except (OSError, ValueError, SchemaError, RecursionError) as exc:
            target = path.with_name(f"{path.name}.corrupt-{int(time.time())}")
            moved: Path | None = target
            try:
                os.replace(path, target)
            except OSError:
                moved = None
            where = f" It was moved to {moved}." if moved else ""
            return LoadResult(None, f"The saved uniqueness schema for {table} could not be used "
                                    f"({exc}); the default layout is used instead.{where} Detect "
                                    "or edit the schema and save it again.", moved)

    def save(self, connection: str, table: str, schema: UniquenessSchema, *,
             legacy: str | None = None) -> Path:
        """Write atomically (a temporary file of its own, then a rename), so a crash never
        leaves half a file and two processes saving at once each leave a whole one. The file an
        older version saved under the connection's name alone (``legacy``) goes once this one is
        written: the schema has moved to this connection's own key."""
        path = self.path(connection, table)
        private_dir(path.parent, top=profile.config_root() if self._own_root else self.root)
        write_private_text(path, schema_to_text(schema) + "\n")  # 0600 before a byte is written
        for old in self._former(connection, table, legacy):
            old.unlink(missing_ok=True)
        return path

    def delete(self, connection: str, table: str, *, legacy: str | None = None) -> None:
        """Remove the saved schema, an older version's file of it too (else it would load)."""
        self.path(connection, table).unlink(missing_ok=True)
        for old in [self._legacy_path(connection, table), *self._former(connection, table, legacy)]:
            if old is not None:
                old.unlink(missing_ok=True)
