"""Production connections: opened read-only, writable only for a session and only once the user
typed the account id they are about to change.

A connection is production when its saved connection says so (``ConnectionSpec.production``,
``--production``), or when its profile name matches a pattern in the settings file::

    [production]
    profile_patterns = *-prod, prod-*, live

(shell-style patterns, separated by commas or spaces; none by default). The read-only guard
stays in the session (``Connection._guard``): switching to write mode changes the spec it reads.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Iterable
from dataclasses import replace
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, TypeVar

from dynoview.core.errors import DynoViewError
from dynoview.core.session import profile

#: A ``connection.ConnectionSpec`` (not imported: that module imports this one).
Spec = TypeVar("Spec", bound=Any)

SECTION = "production"
PATTERNS_KEY = "profile_patterns"


class WriteModeRefused(DynoViewError):
    """The account id typed is not the connection's."""


def settings_file() -> Path:
    """The settings file the window writes (``dynoview.ui.settings``), read here without Qt."""
    return profile.config_dir() / "settings.ini"


def load_patterns(path: Path | None = None) -> tuple[str, ...]:
    """The profile-name patterns that mark production; none when unset or unreadable (a damaged
    settings file is the window's to report)."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read(path or settings_file(), encoding="utf-8")
        value = parser.get(SECTION, PATTERNS_KEY, fallback="")
    except (OSError, configparser.Error, UnicodeDecodeError):
        return ()
    return parse_patterns(value)


def parse_patterns(value: str) -> tuple[str, ...]:
    """``"*-prod, live"`` (Qt may quote the value) as ``("*-prod", "live")``."""
    return tuple(p for p in re.split(r"[,\s]+", value.strip().strip('"')) if p)


def pattern_problem(pattern: str, existing: Iterable[str] = ()) -> str | None:
    """Why ``pattern`` cannot be a production pattern, or None. Patterns are saved separated by
    commas and spaces, so neither can be inside one; an unclosed ``[`` would match only a literal
    bracket, never the profiles meant."""
    text = pattern.strip()
    if not text:
        return "Type a profile name or a pattern such as *-prod."
    if re.search(r"[,\s]", text):
        return f"{text!r} holds a comma or a space: a profile name has neither; add one pattern at a time."
    if "[" in text and not re.search(r"\[!?\]?[^\]]*\]", text):
        return f"{text!r} opens a [ set that is never closed: write [abc] or leave the [ out."
    if text in existing:
        return f"{text!r} is in the list already."
    return None


def format_patterns(patterns: Iterable[str]) -> str:
    """The settings value ``load_patterns`` reads back."""
    return ", ".join(patterns)


def matches(profile_name: str | None, patterns: Iterable[str]) -> bool:
    return bool(profile_name) and any(fnmatchcase(profile_name or "", p) for p in patterns)


def as_opened(spec: Spec, patterns: Iterable[str] | None = None, *,
              profile: str | None = None) -> Spec:
    """The spec a connection opens with: production (marked or matched) is read-only.
    ``profile``: the one that signs, where the spec names none (boto3's from the environment)."""
    wanted = spec.production or (not spec.demo and matches(spec.profile or profile, load_patterns()
                                                          if patterns is None else patterns))
    return replace(spec, production=True, read_only=True) if wanted else spec


def check_account(typed: str, account: str | None, connection_name: str) -> None:
    """Refuse write mode unless ``typed`` is the account id (or, where the account is unknown,
    the connection's name)."""
    expected = account or connection_name
    if typed.strip() != expected:
        what = f"the account id {account}" if account else f"the connection name {connection_name!r}"
        raise WriteModeRefused(f"Still read-only: type {what} exactly to write to this production "
                               "connection.")
