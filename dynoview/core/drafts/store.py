"""The drafts folder: the current work (``current.json``), drafts saved under a name
(``named/<name>.json``) and the Items tab's staged cell edits (``staged-edits.json``, whose
JSON ``core.edits.persist`` writes and reads), in the active profile's configuration folder
(``~/.config/DynoView/drafts`` on Linux; a demo session's are under ``.../DynoView/demo/``).

Every file is written whole (a temporary file in the same folder, fsync, ``os.replace``) with
mode 0600 in 0700 folders (``session.private_files``): a kill mid-save leaves the previous
file, never half of one. A file that cannot be read is renamed aside (``.corrupt-<time>``)
and said in a sentence; it never stops the start.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from dynoview.core.drafts.model import Draft, DraftError, count_text, draft_from_json
from dynoview.core.session import profile
from dynoview.core.session.private_files import PrivateFileError, private_dir, write_private_text

CURRENT = "current.json"
EDITS = "staged-edits.json"
NAMED = "named"
MAX_NAME = 120
_UNSAFE = re.compile(r"[^A-Za-z0-9._ -]")
T = TypeVar("T")


def _slug(name: str) -> str:
    """A file-name-safe form of a draft's name (distinct names stay distinct)."""
    safe = _UNSAFE.sub(lambda m: f"%{ord(m.group()):02X}", name)
    return safe if safe.strip(". ") and not safe.startswith(".") else f"%2E{safe}"


@dataclass(frozen=True)
class Loaded:
    """The draft read, or None with what was wrong and where the damaged file went."""

    draft: Draft | None
    problem: str | None = None
    moved_to: Path | None = None


@dataclass(frozen=True)
class DraftInfo:
    """One named draft as the Open draft list shows it."""

    name: str
    saved_at: float
    action_count: int
    path: Path

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        return f"{self.name}: {count_text(self.action_count, 'action')}, saved {when}"


class DraftStore:
    """Save, restore, list and delete the builder's drafts under ``root``."""

    def __init__(self, root: Path | None = None) -> None:
        self._own_root = root is None  # the app's folders: tightened from the top when saving
        self.root = root if root is not None else profile.config_dir() / "drafts"

    @property
    def current_path(self) -> Path:
        return self.root / CURRENT

    def named_path(self, name: str) -> Path:
        return self.root / NAMED / f"{_slug(name)}.json"

    # ---------------------------------------------------------------- writing

    def _write(self, path: Path, draft: Draft) -> Draft:
        top = profile.config_root() if self._own_root else self.root
        private_dir(path.parent, top=top)
        saved = replace(draft, saved_at=time.time())
        try:
            text = json.dumps(saved.to_json(), ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise DraftError(f"The draft could not be written as JSON ({exc}).") from exc
        write_private_text(path, text + "\n")
        return saved

    def save_current(self, draft: Draft) -> Draft:
        """Keep ``draft`` as the work to restore at the next start (an empty one clears it)."""
        if draft.is_empty():
            self.clear_current()
            return draft
        return self._write(self.current_path, replace(draft, name=None))

    def clear_current(self) -> None:
        """Nothing to restore at the next start (the user discarded or sent the work)."""
        with contextlib.suppress(FileNotFoundError):
            self.current_path.unlink()

    def save_named(self, name: str, draft: Draft) -> Draft:
        """Save ``draft`` as ``name`` (replacing a draft of that name)."""
        name = name.strip()
        if not name:
            raise DraftError("Type a name for the draft.")
        if len(name) > MAX_NAME:
            raise DraftError(f"A draft's name has at most {MAX_NAME} characters; this one has {len(name)}.")
        return self._write(self.named_path(name), replace(draft, name=name))

    # ---------------------------------------------------------------- reading

    def _read(self, path: Path, what: str) -> Loaded:
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Loaded(None)
        except (OSError, UnicodeDecodeError) as exc:
            return self._set_aside(path, what, str(exc))
        try:
            return Loaded(draft_from_json(json.loads(raw)))
        except (ValueError, RecursionError) as exc:  # DraftError is a ValueError too
            reason = str(exc) if isinstance(exc, DraftError) else "it is not valid JSON"
            return self._set_aside(path, what, reason)

    def _set_aside(self, path: Path, what: str, reason: str) -> Loaded:
        target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        moved: Path | None = target
        try:
            os.replace(path, target)
        except OSError:
            moved = None
        where = f" The file was set aside as {moved}." if moved else \
            f" Delete {path} to start clean."
        return Loaded(None, f"{what} could not be read ({reason}), so it was not restored.{where}", moved)

    def load_current(self) -> Loaded:
        """The work saved at the last session's end (or kill), if any."""
        return self._read(self.current_path, "The builder's work from your last session")

    def open_named(self, name: str) -> Draft:
        """The draft saved as ``name``; ``DraftError`` with a sentence if it is gone or damaged."""
        loaded = self._read(self.named_path(name), f"The draft {name!r}")
        if loaded.problem is not None:
            raise DraftError(loaded.problem)
        if loaded.draft is None:
            raise DraftError(f"There is no draft named {name!r} any more.")
        return replace(loaded.draft, name=name)

    def list_named(self) -> tuple[list[DraftInfo], list[str]]:
        """The named drafts, newest first, and a sentence for each file that could not be read
        (set aside, as at the start)."""
        folder = self.root / NAMED
        infos: list[DraftInfo] = []
        problems: list[str] = []
        try:
            paths = sorted(p for p in folder.iterdir() if p.suffix == ".json" and not p.name.startswith("."))
        except FileNotFoundError:
            return [], []
        for path in paths:
            loaded = self._read(path, f"The draft file {path.name}")
            if loaded.problem is not None:
                problems.append(loaded.problem)
            if loaded.draft is None:
                continue
            name = loaded.draft.name or path.stem
            infos.append(DraftInfo(name, loaded.draft.saved_at, loaded.draft.action_count, path))
        infos.sort(key=lambda info: (-info.saved_at, info.name))
        return infos, problems

    def delete_named(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.named_path(name).unlink()

    # ---------------------------------------------------------------- staged cell edits

    @property
    def edits_path(self) -> Path:
        return self.root / EDITS

    def save_edits(self, data: dict[str, Any]) -> None:
        """Keep the Items tab's staged cell edits (JSON data) for the next start, whole."""
        top = profile.config_root() if self._own_root else self.root
        private_dir(self.root, top=top)
        try:
            text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise DraftError(f"The staged edits could not be written as JSON ({exc}).") from exc
        write_private_text(self.edits_path, text + "\n")

    def clear_edits(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.edits_path.unlink()

    def load_edits(self, parse: Callable[[Any], T]) -> tuple[T | None, str | None]:
        """The staged edits ``parse`` makes of the file (None when there is none), or None and
        a sentence when it cannot be read (``parse`` raises ``DraftError``): set aside."""
        path, what = self.edits_path, "The cell edits staged in your last session"
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None, None
        except (OSError, UnicodeDecodeError) as exc:
            return None, self._set_aside(path, what, str(exc)).problem
        try:
            return parse(json.loads(raw)), None
        except (ValueError, RecursionError) as exc:  # DraftError and value errors are ValueErrors
            reason = "it is not valid JSON" if isinstance(exc, json.JSONDecodeError | RecursionError) \
                else str(exc)
            return None, self._set_aside(path, what, reason).problem


__all__ = ["DraftError", "DraftInfo", "DraftStore", "Loaded", "PrivateFileError"]
