"""What the update check remembers: the user's answer, the last check, a skipped version.

A small JSON file in the profile's config folder (0600, replaced whole). A damaged or unreadable
file reads as "never asked", so the question comes again rather than a check without consent.
A state that cannot be written (a read-only or full disk, a folder in the file's place) is held
in memory instead: it applies until the process ends, and ``unsaved`` says why it is not kept.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from dynoview.core.errors import DynoViewError
from dynoview.core.session import profile
from dynoview.core.session.private_files import private_dir, write_private_text

log = logging.getLogger(__name__)
FILE_NAME = "update-check.json"


@dataclass
class UpdateState:
    consent: bool | None = None  # None: never asked
    last_check: float | None = None  # time.time() of the last attempt, successful or not
    skipped: str | None = None  # the version the user chose to skip
    asked_version: str | None = None  # the DynoView version that asked (for the record)


def default_path() -> Path:
    return profile.config_dir() / FILE_NAME


#: The states this process could not write, by path, with why: read instead of their files.
_held: dict[Path, tuple[UpdateState, str]] = {}


def load(path: Path) -> UpdateState:
    held = _held.get(path)
    if held is not None:
        return replace(held[0])  # a copy: the caller changes it before saving it
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return UpdateState()
    except (OSError, ValueError) as exc:
        log.warning("update check state unreadable, asking again: %s", exc)
        return UpdateState()
    if not isinstance(data, dict):
        return UpdateState()
    consent = data.get("consent")
    last = data.get("last_check")
    skipped = data.get("skipped")
    asked = data.get("asked_version")
    return UpdateState(
        consent=consent if isinstance(consent, bool) else None,
        last_check=float(last) if isinstance(last, int | float) and not isinstance(last, bool) else None,
        skipped=skipped if isinstance(skipped, str) else None,
        asked_version=asked if isinstance(asked, str) else None)


def save(path: Path, state: UpdateState) -> str | None:
    """Write ``state``; None, or why it could not be written (logged): it is then held in
    memory for this process, so an answer still applies for the session, and never raises."""
    try:
        private_dir(path.parent)
        write_private_text(path, json.dumps(asdict(state), indent=1) + "\n")
    except (OSError, DynoViewError) as exc:
        log.warning("update check state not saved in %s: %s", path, exc)
        _held[path] = (replace(state), str(exc))
        return str(exc)
    _held.pop(path, None)
    return None


def unsaved(path: Path) -> str | None:
    """Why the state of ``path`` is only in memory (its last save failed), or None."""
    held = _held.get(path)
    return held[1] if held is not None else None
