"""Which language the window speaks: the choice in Settings, else ``DYNOVIEW_LANG``, else the
system locale; anything we have no catalogue for falls back to English."""

from __future__ import annotations

import os
from collections.abc import Mapping

from PySide6.QtCore import QLocale

ENV_VAR = "DYNOVIEW_LANG"
SYSTEM = "system"
ENGLISH = "en"
# Catalogue code -> the language's own name (shown in Settings untranslated, as desktops do).
TRANSLATED: dict[str, str] = {
    "pt_BR": "Português (Brasil)",
    "id": "Bahasa Indonesia",
    "fr": "Français",
}
CHOICES: tuple[str, ...] = (SYSTEM, ENGLISH, *TRANSLATED)


def normalise(code: str) -> str | None:
    """The catalogue code for a locale name ("pt_BR.UTF-8", "pt-br", "fr_CA", "in"), ``ENGLISH``
    for English, None for a language we do not have."""
    name = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not name:
        return None
    lang, _, region = name.partition("_")
    lang = lang.lower()
    if lang in ("en", "c", "posix"):
        return ENGLISH
    if lang == "pt":
        return "pt_BR"  # the only Portuguese we have; closer to pt_PT than English is
    if lang in ("id", "in"):  # "in" is Java's and old glibc's name for Indonesian
        return "id"
    if lang == "fr":
        return "fr"
    del region
    return None


def system_language() -> str:
    """The system locale's language among ours (English when we have no catalogue for it)."""
    for name in QLocale.system().uiLanguages():
        code = normalise(name)
        if code is not None:
            return code
    return ENGLISH


def resolve(choice: str, environ: Mapping[str, str] | None = None) -> str:
    """The language to load: the saved choice, unless it is "system"; then ``DYNOVIEW_LANG``
    (tests and one-off runs), then the system locale."""
    if choice != SYSTEM:
        return normalise(choice) or ENGLISH
    env = (os.environ if environ is None else environ).get(ENV_VAR, "")
    if env:
        return normalise(env) or ENGLISH
    return system_language()


def qlocale(code: str) -> QLocale:
    """The QLocale numbers and times are written in for ``code``."""
    return QLocale("en_US" if code == ENGLISH else code)
