"""Saved uniqueness schemas, one JSON file per connection and table.

Files live under ``user_config_dir("DynoView")/schemas/<connection>/<table>.json``
(a demo session: ``.../DynoView/demo/schemas/``, see ``dynoview.core.session.profile``), 0600
in 0700 folders like every file the app writes. A file that cannot be read or
validated is reported and renamed aside (``.corrupt-<time>``) so the next save starts
clean, never a crash.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from dynoview.core.session import file_names, profile
from dynoview.core.session.private_files import private_dir, write_private_text
from dynoview.core.uniqueness.schema import SchemaError, UniquenessSchema
from dynoview.core.uniqueness.schema_file import schema_from_json, schema_to_text

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


@dataclass(frozen=True)
class LoadResult:
    """A loaded schema, or None with the problem that was found and where the file went."""

    schema: UniquenessSchema | None
    problem: str | None = None
    moved_to: Path | None = None


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

    def load(self, connection: str, table: str) -> LoadResult:
        """The saved schema (from an older version's file name if only that one is there),
        None if there is none, or a reported problem for a corrupt file."""
        path = self.path(connection, table)
        if not path.exists():
            old = self._legacy_path(connection, table)
            if old is None or not old.exists():
                return LoadResult(None)
            path = old
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return LoadResult(schema_from_json(data, str(path)))
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

    def save(self, connection: str, table: str, schema: UniquenessSchema) -> Path:
        """Write atomically (a temporary file of its own, then a rename), so a crash never
        leaves half a file and two processes saving at once each leave a whole one."""
        path = self.path(connection, table)
        private_dir(path.parent, top=profile.config_root() if self._own_root else self.root)
        write_private_text(path, schema_to_text(schema) + "\n")  # 0600 before a byte is written
        return path

    def delete(self, connection: str, table: str) -> None:
        """Remove the saved schema, an older version's file of it too (else it would load)."""
        self.path(connection, table).unlink(missing_ok=True)
        old = self._legacy_path(connection, table)
        if old is not None:
            old.unlink(missing_ok=True)
