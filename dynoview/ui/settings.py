"""Saved connections, window layout, theme, recent tables and column widths (QSettings, INI).

The file is ``settings.ini`` in the platform's configuration folder, next to the saved
uniqueness schemas (``dynoview.core.uniqueness.schema_store``): ``~/.config/DynoView`` on Linux,
``~/Library/Application Support/DynoView`` on macOS, ``%LOCALAPPDATA%\\DynoView\\DynoView`` on
Windows; a demo session uses the ``demo`` folder inside it (``dynoview.core.session.profile``), so the
demo never changes the user's saved connections or layout; a connection's own records (recent
tables, reads, column widths, PartiQL history) go to its profile's file. A file Qt cannot parse is renamed
aside (``settings.ini.corrupt-<time>``) and reported; a single value of the wrong type is
ignored. Neither is ever a crash.

The file is 0600 in a 0700 folder: ``settings()`` creates it so and tightens an older, wider
one. Every save goes through ``settings_save`` (a private copy renamed over the file), never
Qt's own sync, which writes through a link: a link there is never written through, and the
session reads and keeps its settings in a copy (``settings_save.session_copy``).

Only names, profiles, regions, endpoints and the read-only flag are stored:
never keys, secrets or session tokens.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

from dynoview.core.session import profile
from dynoview.core.session.private_files import PrivateFileError, open_private, private_dir, tighten_file
from dynoview.ui.settings_save import (
    SettingsSaveError,
    file_behind,
    say_once,
    session_copy,
    update,
    update_keys_quietly,
    update_quietly,
)

if TYPE_CHECKING:  # the connection code loads when a connection is read or made, after the paint
    from types import ModuleType

    from dynoview.core.session.connection import ConnectionSpec

log = logging.getLogger(__name__)
CONNECTIONS_KEY = "connections/saved"
THEME_KEY = "appearance/theme"
RECENT_KEY = "recent/tables"
COLUMNS_KEY = "columns/widths"
RECENT_LIMIT = 10
COLUMN_TABLES_LIMIT = 50


def _json() -> ModuleType:
    """``json``, imported with the first value read or saved as JSON: the first paint reads none."""
    import json

    return json


def settings_path() -> Path:
    """Where the active profile's settings file lives (the same folder as saved schemas)."""
    return profile.config_dir() / "settings.ini"


def settings(name: str | None = None) -> QSettings:
    """The settings of profile ``name`` (the active one's by default), in a file only the user can read;
    for a link or a folder there, this session's copy of what it holds (``settings_save.session_copy``)."""
    path = settings_path() if name in (None, profile.active()) else profile.config_dir(name) / "settings.ini"
    try:
        private_dir(path.parent, top=profile.config_root())
        # An empty 0600 file now, so Qt's first save (a temp file renamed over it) keeps that mode.
        open_private(path, "ab").close()
    except PrivateFileError as exc:  # never a store on it: Qt's save would write through a link
        return QSettings(str(session_copy(path, exc.message)), QSettings.Format.IniFormat)
    except OSError as exc:  # a save says it in a sentence; start anyway
        say_once(f"could not prepare the settings file {path}: {exc}")
    return QSettings(str(path), QSettings.Format.IniFormat)


def path_of(store: QSettings | None, connection: str | None = None) -> Path:
    """The file ``store`` reads (None: ``connection``'s profile's, else the active one's): what a save
    changes; for the session's copy, the file it copies (a link there refuses the save with its sentence)."""
    return file_behind(Path(_store(store, connection).fileName()))  # settings() makes the folder


def sync(store: QSettings) -> None:
    """Write ``store`` now and make sure its file is private (a store made on another path
    may be new: Qt creates files with the umask's mode)."""
    store.sync()
    tighten_file(store.fileName())


class SettingsProblem(NamedTuple):  # not a dataclass: made before the first paint, 5x faster
    """A settings file that could not be read, and where it was moved."""

    message: str
    moved_to: Path | None


def recover_if_corrupt(path: Path | None = None) -> SettingsProblem | None:
    """Set an unreadable settings file aside so the app starts with defaults; None if it is fine.

    Unreadable means Qt reports a format error, or the file has content but no setting at all
    (random bytes, a truncated write). Qt would otherwise refuse to save over a broken file.
    """
    path = path or settings_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return SettingsProblem(QCoreApplication.translate(
            "settings", "The settings file {path} could not be read ({strerror}); "
                               "DynoView starts with default settings and will not save them.").format(
                                   path=path, strerror=exc.strerror),
                               None)
    store = QSettings(str(path), QSettings.Format.IniFormat)
    broken = (store.status() != QSettings.Status.NoError or b"\x00" in raw
              or (bool(raw.strip()) and not store.allKeys()))
    if not broken:
        return None
    del store
    moved = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, moved)
    except OSError as exc:
        return SettingsProblem(QCoreApplication.translate(
            "settings", "The settings file {path} is damaged and could not be moved aside "
                               "({strerror}); DynoView uses default settings. Delete the file "
                               "to start clean.").format(path=path, strerror=exc.strerror), None)
    tighten_file(moved)  # the set-aside copy holds the same saved connections
    log.warning("settings file %s was unreadable; moved to %s", path, moved)
    return SettingsProblem(QCoreApplication.translate(
        "settings", "The settings file was damaged and has been set aside as {moved}. "
                           "DynoView started with default settings: saved connections and the "
                           "window layout are reset. The old file is kept in case you want to "
                           "recover something from it.").format(moved=moved), moved)


# -- typed values: a value of the wrong type reads as the default ------------------------------
def byte_array(store: QSettings, key: str) -> QByteArray | None:
    value = store.value(key)
    return value if isinstance(value, QByteArray) and not value.isEmpty() else None


def _store(store: QSettings | None, connection: str | None) -> QSettings:  # a connection's: its profile's
    return store or settings(profile.of_connection_named(connection))  # the demo's never the user's


def _json_of(raw: Any, key: str, default: Any) -> Any:
    if not isinstance(raw, str):
        return default
    try:
        data = _json().loads(raw)
    except (ValueError, RecursionError):
        log.warning("setting %s is not valid JSON; ignored", key)
        return default
    return data if isinstance(data, type(default)) else default


def load_connections(store: QSettings | None = None) -> tuple[list[ConnectionSpec], list[str]]:
    """Saved connections and a list of problems (a bad entry is skipped, not fatal)."""
    store = store or settings()
    raw = store.value(CONNECTIONS_KEY, "[]")
    problems: list[str] = []
    try:
        data = _json().loads(raw if isinstance(raw, str) else "[]")
    except (ValueError, RecursionError):
        kept = _keep_unreadable(store, raw)
        return [], [QCoreApplication.translate(
            "settings", "The saved connections could not be read, so none is shown; they are kept "
                        "as they were in {path}.").format(path=kept or "?")]
    from dynoview.core.session.connection import ConnectionSpec

    specs: list[ConnectionSpec] = []
    for entry in data if isinstance(data, list) else []:
        try:
            specs.append(ConnectionSpec.from_settings(entry if isinstance(entry, dict) else {}))
        except ValueError as exc:
            problems.append(str(exc))
    if problems:  # the next save writes only the readable ones: the others stay here
        kept = _keep_unreadable(store, raw)
        problems.append(QCoreApplication.translate(
            "settings", "The saved connections as they were are kept in {path}.").format(path=kept or "?"))
    return specs, problems


def _keep_unreadable(store: QSettings, raw: Any) -> Path | None:
    """A private copy of saved connections that could not all be read, beside the settings file
    (once per content), so the next save, which writes only what was read, loses nothing."""
    import hashlib

    data = (raw if isinstance(raw, str) else repr(raw)).encode("utf-8", "surrogatepass")
    beside = path_of(store)
    path = beside.with_name(f"{beside.name}.connections-unreadable-{hashlib.sha256(data).hexdigest()[:12]}")
    try:
        if not path.exists():
            with open_private(path, "wb", encoding=None) as out:  # URLs may hold passwords
                out.write(data)
    except OSError as exc:
        log.warning("could not keep the unreadable saved connections: %s", exc)
        return None
    return path


def _entry(spec: ConnectionSpec) -> tuple[dict[str, Any], bool]:
    """What is saved of ``spec``, and whether a user or password was left out of its endpoint."""
    from dynoview.core.redaction import drop_url_credentials  # not before the first paint

    data = spec.to_settings()
    url, had = drop_url_credentials(spec.endpoint_url) if spec.endpoint_url else ("", False)
    if had:
        data["endpoint_url"] = url
    return data, had


def _raw_entries(raw: Any, store: QSettings | None) -> list[Any]:
    """The saved entries as stored: ones that cannot be read stay as they are."""
    try:
        data = _json().loads(raw) if isinstance(raw, str) else []
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, list):
        _keep_unreadable(store or settings(), raw)
        return []
    return data


def _named(entry: Any, name: str) -> bool:
    return isinstance(entry, dict) and isinstance(entry.get("name"), str) and entry["name"].strip() == name


def save_connection(spec: ConnectionSpec,
                    store: QSettings | None = None) -> tuple[list[ConnectionSpec], str | None]:
    """Add ``spec`` to the saved connections as the file holds them now (replacing one of that
    name), so a connection another window saved meanwhile stays. The connections saved now, and
    a sentence when the endpoint's user and password were left out; ``SettingsSaveError``."""
    data, had = _entry(spec)
    saved = update(path_of(store), CONNECTIONS_KEY, lambda raw: _json().dumps(
        [*(e for e in _raw_entries(raw, store) if not _named(e, spec.name)), data]))
    note = QCoreApplication.translate(
        "settings", "The user name and password in the endpoint URL are not saved: type them in "
                    "the endpoint again each time you connect.") if had else None
    return _specs(saved), note


def delete_connection(name: str, store: QSettings | None = None) -> list[ConnectionSpec]:
    """Remove the connection ``name`` from the file as it is now (the others stay)."""
    return _specs(update(path_of(store), CONNECTIONS_KEY, lambda raw: _json().dumps(
        [e for e in _raw_entries(raw, store) if not _named(e, name)])))


def _specs(raw: str) -> list[ConnectionSpec]:
    """The connections just saved (read from what was written, not from Qt's cache)."""
    from dynoview.core.session.connection import ConnectionSpec

    out = []
    for entry in _json().loads(raw):
        with contextlib.suppress(ValueError):
            out.append(ConnectionSpec.from_settings(entry if isinstance(entry, dict) else {}))
    return out


def save_connections(specs: list[ConnectionSpec], store: QSettings | None = None) -> None:
    """Replace all saved connections with ``specs`` (``save_connection`` adds one)."""
    update(path_of(store), CONNECTIONS_KEY, lambda _raw: _json().dumps([_entry(s)[0] for s in specs]))


def load_theme(store: QSettings | None = None) -> str:
    """The chosen theme mode: "system", "light" or "dark" (anything else reads as "system")."""
    value = (store or settings()).value(THEME_KEY, "system")
    return value if value in ("system", "light", "dark") else "system"


def save_theme(mode: str, store: QSettings | None = None) -> str | None:
    """Keep the theme for the next start: None when saved, else a sentence saying why not
    (the theme is shown already and stays until quit, so a failed save is a notice)."""
    try:
        _save_choice(THEME_KEY, mode, store)
    except SettingsSaveError as exc:
        return QCoreApplication.translate(
            "settings", "Could not save the theme to {path}: {reason}. The theme applies until you "
                        "quit; choose it again once the settings folder can be written.").format(
                            path=exc.path, reason=exc.reason)
    return None


def _save_choice(key: str, value: str, store: QSettings | None) -> None:
    """One value saved like the connections (merged under the lock, the file replaced whole), not
    through QSettings.sync(), which fails silently and keeps the value only until quit."""
    update(path_of(store), key, lambda _raw: value)


def choice_not_saved(what: str, exc: SettingsSaveError) -> SettingsSaveError:
    """``exc`` said for a choice made in File > Settings: nothing changed, OK can be pressed again."""
    return SettingsSaveError(QCoreApplication.translate(
        "settings", "Could not save {what} to {path}: {reason}. The setting saved before still "
                    "applies; press OK again once the settings folder can be written, or Cancel.").format(
                        what=what, path=exc.path, reason=exc.reason), path=exc.path, reason=exc.reason)


LANGUAGE_KEY = "appearance/language"


def load_language(store: QSettings | None = None) -> str:
    """The language chosen in Settings: "system" (the default) or a catalogue code ("en",
    "pt_BR", "id", "fr"); anything else reads as "system". Applied at the next start."""
    from dynoview.ui.i18n.languages import CHOICES, SYSTEM

    value = (store or settings()).value(LANGUAGE_KEY, SYSTEM)
    return value if value in CHOICES else SYSTEM


def save_language(code: str, store: QSettings | None = None) -> None:
    """``SettingsSaveError`` when not saved: the next start keeps the language saved before."""
    try:
        _save_choice(LANGUAGE_KEY, code, store)
    except SettingsSaveError as exc:
        raise choice_not_saved(QCoreApplication.translate("settings", "the language"), exc) from exc


def recent_tables(connection: str, store: QSettings | None = None) -> list[str]:
    """Tables opened recently on this connection, most recent first."""
    data = _json_of(_store(store, connection).value(RECENT_KEY), RECENT_KEY, {})
    names = data.get(connection, [])
    return [n for n in names if isinstance(n, str)][:RECENT_LIMIT] if isinstance(names, list) else []


def add_recent_table(connection: str, table: str, store: QSettings | None = None) -> None:
    def change(raw: Any) -> str:
        data = _json_of(raw, RECENT_KEY, {})
        names = data.get(connection)
        data[connection] = [table, *(n for n in names if isinstance(n, str) and n != table)
                            ][:RECENT_LIMIT] if isinstance(names, list) else [table]
        return _json().dumps(data)
    update_quietly(path_of(store, connection), RECENT_KEY, change)


def column_widths(connection: str, table: str, store: QSettings | None = None) -> dict[str, int]:
    """Widths the user gave columns of this table (column name to pixels)."""
    data = _json_of(_store(store, connection).value(COLUMNS_KEY), COLUMNS_KEY, {})
    entry = data.get(f"{connection}\n{table}", {})
    if not isinstance(entry, dict):
        return {}
    return {k: v for k, v in entry.items() if isinstance(k, str) and isinstance(v, int) and 8 <= v <= 4000}


def save_column_widths(connection: str, table: str, widths: dict[str, int],
                       store: QSettings | None = None) -> None:
    """Remember widths for one table; the least recently saved tables are forgotten first."""
    _save_table_entry(COLUMNS_KEY, connection, table, widths, store)


def save_values(values: dict[str, Any], store: QSettings | None = None) -> None:
    """Save the window's layout (geometry, docks, splitters) in one save, said once if it fails."""
    def as_is(value: Any) -> Callable[[Any], Any]:
        return lambda _raw: value
    update_keys_quietly(path_of(store), {key: as_is(value) for key, value in values.items()})


PARTIQL_HISTORY_KEY = "partiql/history"
PARTIQL_HISTORY_LIMIT = 50


def partiql_history(connection: str, store: QSettings | None = None) -> list[dict[str, Any]]:
    """PartiQL statements run on this connection, most recent first: ``{"statement": str,
    "parameters": [DynamoDB JSON values], "consistent": bool}``; malformed entries are skipped."""
    return _history(_json_of(_store(store, connection).value(PARTIQL_HISTORY_KEY), PARTIQL_HISTORY_KEY, {})
                    .get(connection, []))


def _history(entries: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for entry in entries if isinstance(entries, list) else []:
        if (isinstance(entry, dict) and isinstance(entry.get("statement"), str)
                and isinstance(entry.get("parameters", []), list)):
            out.append({"statement": entry["statement"], "parameters": list(entry.get("parameters", [])),
                        "consistent": bool(entry.get("consistent", False))})
    return out[:PARTIQL_HISTORY_LIMIT]


def add_partiql_history(connection: str, entry: dict[str, Any],
                        store: QSettings | None = None) -> list[dict[str, Any]]:
    """Put ``entry`` first in this connection's history (once: a re-run moves it up), keep the
    last ``PARTIQL_HISTORY_LIMIT``, save, and return the history. Statements can hold values
    (emails): the file is private to the user like the rest of the settings."""
    same = _json().dumps(entry, sort_keys=True)
    history: list[dict[str, Any]] = []

    def change(raw: Any) -> str:
        data = _json_of(raw, PARTIQL_HISTORY_KEY, {})
        kept = [e for e in _history(data.get(connection, [])) if _json().dumps(e, sort_keys=True) != same]
        history[:] = data[connection] = [entry, *kept][:PARTIQL_HISTORY_LIMIT]
        return _json().dumps(data)
    update_quietly(path_of(store, connection), PARTIQL_HISTORY_KEY, change)
    return list(history) or [entry]


# -- the items view, per table: column layout, recent reads, saved reads -------------------------
COLUMN_LAYOUT_KEY = "columns/layout"
READ_HISTORY_KEY = "reads/history"
SAVED_READS_KEY = "reads/saved"


def _table_key(connection: str, table: str) -> str:
    return f"{connection}\n{table}"


def _table_entry(key: str, connection: str, table: str, store: QSettings | None) -> Any:
    data = _json_of(_store(store, connection).value(key), key, {})
    return data.get(_table_key(connection, table))


def _save_table_entry(key: str, connection: str, table: str, value: Any,
                      store: QSettings | None = None, *, evict: bool = True) -> None:
    """Save one table's entry (an empty one is dropped). With ``evict``, the least recently
    saved tables are forgotten first, as for column widths; what the user saved by name
    is never evicted."""
    def change(raw: Any) -> str:
        data = _json_of(raw, key, {})
        data.pop(_table_key(connection, table), None)
        if value:
            data[_table_key(connection, table)] = value
        while evict and len(data) > COLUMN_TABLES_LIMIT:
            data.pop(next(iter(data)))
        return _json().dumps(data)
    update_quietly(path_of(store, connection), key, change)


def column_layout(connection: str, table: str, store: QSettings | None = None) -> dict[str, Any]:
    """The saved column layout of a table (``ColumnLayout.to_json``), {} when none."""
    entry = _table_entry(COLUMN_LAYOUT_KEY, connection, table, store)
    return entry if isinstance(entry, dict) else {}


def save_column_layout(connection: str, table: str, layout: dict[str, Any],
                       store: QSettings | None = None) -> None:
    _save_table_entry(COLUMN_LAYOUT_KEY, connection, table, layout, store)


def read_history(connection: str, table: str, store: QSettings | None = None) -> list[dict[str, Any]]:
    """The reads run on this table, most recent first (``browse_history.spec_to_json``).
    They hold the values typed (emails): the file is private like the rest of the settings."""
    entry = _table_entry(READ_HISTORY_KEY, connection, table, store)
    return [e for e in entry if isinstance(e, dict)] if isinstance(entry, list) else []


def save_read_history(connection: str, table: str, history: list[dict[str, Any]],
                      store: QSettings | None = None) -> None:
    _save_table_entry(READ_HISTORY_KEY, connection, table, history, store)


def saved_reads(connection: str, table: str, store: QSettings | None = None) -> dict[str, dict[str, Any]]:
    """Reads saved under a name for this table (name to ``spec_to_json``)."""
    entry = _table_entry(SAVED_READS_KEY, connection, table, store)
    if not isinstance(entry, dict):
        return {}
    return {k: v for k, v in entry.items() if isinstance(k, str) and isinstance(v, dict)}


def save_saved_reads(connection: str, table: str, reads: dict[str, dict[str, Any]],
                     store: QSettings | None = None) -> None:
    _save_table_entry(SAVED_READS_KEY, connection, table, reads, store, evict=False)
