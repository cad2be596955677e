"""Saved connections and window state in the platform's settings location (QSettings).

Only names, profiles, regions, endpoints and the read-only flag are stored:
never keys, secrets or session tokens.
"""

from __future__ import annotations

import json
import logging

from PySide6.QtCore import QSettings

from dynoview import APP_NAME, ORG_NAME
from dynoview.core.connection import ConnectionSpec

log = logging.getLogger(__name__)
CONNECTIONS_KEY = "connections/saved"


def settings() -> QSettings:
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORG_NAME, APP_NAME)


def load_connections(store: QSettings | None = None) -> tuple[list[ConnectionSpec], list[str]]:
    """Saved connections and a list of problems (a bad entry is skipped, not fatal)."""
    store = store or settings()
    raw = store.value(CONNECTIONS_KEY, "[]")
    problems: list[str] = []
    try:
        data = json.loads(raw if isinstance(raw, str) else "[]")
    except ValueError:
        return [], ["The saved connections could not be read and were ignored."]
    specs: list[ConnectionSpec] = []
    for entry in data if isinstance(data, list) else []:
        try:
            specs.append(ConnectionSpec.from_settings(entry if isinstance(entry, dict) else {}))
        except ValueError as exc:
            problems.append(str(exc))
    return specs, problems


def save_connections(specs: list[ConnectionSpec], store: QSettings | None = None) -> None:
    store = store or settings()
    store.setValue(CONNECTIONS_KEY, json.dumps([s.to_settings() for s in specs]))
    store.sync()
