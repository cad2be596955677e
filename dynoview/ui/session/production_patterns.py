"""Issue 25 (H7): the profile-name patterns that mark a connection production, ``[production]
profile_patterns`` in settings.ini, what ``core.session.production`` reads at each connect. Always
the user's settings, also in a demo session: they mark the user's real connections, wherever they
are opened from (a demo connection is never production)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings

from dynoview.core.session import production, profile
from dynoview.ui.settings import choice_not_saved, path_of, settings
from dynoview.ui.settings_save import SettingsSaveError, update

PRODUCTION_PATTERNS_KEY = "production/profile_patterns"


def production_patterns(store: QSettings | None = None) -> list[str]:
    """The profile-name patterns that mark a connection production, read as each connect reads
    them (``core.session.production.patterns_of``; Qt reads "a, b" as a list)."""
    return list(production.patterns_of((store or settings(profile.DEFAULT)).value(PRODUCTION_PATTERNS_KEY)))


def save_production_patterns(patterns: list[str], store: QSettings | None = None, *,
                             removed: list[str] | None = None) -> list[str]:
    """Save the patterns: the list replaced whole, or with ``removed`` (File > Settings) those
    added to and removed from the list as the file holds it now, under the lock like the
    connections, so a pattern another window saved meanwhile stays in force. The list saved
    now; ``SettingsSaveError`` when not saved (the patterns saved before stay in force)."""
    store = store or settings(profile.DEFAULT)

    def change(raw: Any) -> str:
        now = list(production.patterns_of(raw))
        return production.format_patterns(patterns if removed is None else [
            *(p for p in now if p not in removed), *(p for p in patterns if p not in now)])
    try:
        return list(production.patterns_of(update(path_of(store), PRODUCTION_PATTERNS_KEY, change)))
    except SettingsSaveError as exc:
        raise choice_not_saved(QCoreApplication.translate(
            "settings", "the production patterns"), exc) from exc
