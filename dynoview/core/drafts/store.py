"""The drafts folder: each window's current work (``current/<window>.json``), drafts saved under
a name (``named/<name>.json``) and each window's staged cell edits in the Items tab
(``staged-edits/<window>.json``, whose JSON ``core.edits.persist`` writes and reads), in the
active profile's configuration folder (``~/.config/DynoView/drafts`` on Linux; a demo
session's are under ``.../DynoView/demo/``).

Two windows (of one DynoView or of two) never write over each other's work: each writes only
its own file and holds its lock while it lives (``window_files``). What a window that is gone
left is taken over by the next window that restores (the builder's newest work in the builder,
the others as named drafts; staged edits by ``core.edits.persist``).

Every file is written whole (a temporary file in the same folder, fsync, ``os.replace``) with
mode 0600 in 0700 folders (``session.private_files``): a kill mid-save leaves the previous
file, never half of one. A file that cannot be read is renamed aside (``.corrupt-<time>``)
and said in a sentence; it never stops the start.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from dynoview.core.drafts.model import Draft, DraftError, count_text, draft_from_json
from dynoview.core.drafts.window_files import Held, WindowFiles
from dynoview.core.session import file_names, profile
from dynoview.core.session.private_files import (
    PrivateFileError,
    open_private,
    private_dir,
    temporary_name,
    write_private_text,
)

CURRENT = "current.json"  # the single file of older versions, taken over as a leftover
EDITS = "staged-edits.json"
CURRENT_DIR = "current"
EDITS_DIR = "staged-edits"
NAMED = "named"
MAX_NAME = 120
_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._ -"
T = TypeVar("T")


def _no_dot(safe: str) -> str:
    return safe if safe.strip(". ") and not safe.startswith(".") else f"%2E{safe}"


def _slug(name: str) -> str:
    """A draft's name as a file name (``session.file_names``: distinct names stay distinct),
    never a leading dot or ``..``."""
    return file_names.bounded(_no_dot(file_names.escape(name, _SAFE)), name)


def _legacy_slug(name: str) -> str:
    """The file name versions before the fixed-width escape gave ``name``: read, never written."""
    return _no_dot(file_names.legacy_escape(name, _SAFE))


def _holds(path: Path, name: str) -> bool:
    """Whether the file at ``path`` is a draft saved as ``name`` (or saved with no name): an
    older version's file name may be another name's too."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("name") in (name, None)


@dataclass(frozen=True)
class Loaded:
    """The draft read, or None with what was wrong and where the damaged file went."""

    draft: Draft | None
    problem: str | None = None
    moved_to: Path | None = None
    kept_as: tuple[str, ...] = ()  # other windows' work, kept as named drafts


@dataclass(frozen=True)
class DraftInfo:
    """One named draft as the Open draft list shows it."""

    name: str
    saved_at: float
    action_count: int
    path: Path
    connection: str | None = None  # where the draft's work was meant to go (None: not said)
    table: str | None = None

    def made_for(self) -> str:
        """``table accounts on connection prod``; "" when the draft names neither."""
        parts = [f"table {self.table}" if self.table else "",
                 f"connection {self.connection}" if self.connection else ""]
        return " on ".join(p for p in parts if p)

    def describe(self) -> str:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(self.saved_at))
        where = self.made_for()
        made_for = f", made for {where}" if where else ""
        return f"{self.name}: {count_text(self.action_count, 'action')}{made_for}, saved {when}"


def write_new_private_text(path: Path, text: str) -> bool:
    """Write ``text`` as a new 0600 file, whole (a temporary file, fsync, then a hard link:
    ``os.link`` never replaces); False, and nothing written, if ``path`` exists already."""
    temp = temporary_name(path)
    try:
        with open_private(temp, "x") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(temp, path)
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)


def _same_work(a: Draft, b: Draft) -> bool:
    """The same work, saved at the same moment (a take-over writes it with its time kept)."""
    return replace(a, name=None).to_json() == replace(b, name=None).to_json()


class DraftStore:
    """Save, restore, list and delete one window's drafts under ``root`` (one store per window:
    its current work and staged edits are its own files)."""

    def __init__(self, root: Path | None = None) -> None:
        self._own_root = root is None  # the app's folders: tightened from the top when saving
        self.root = root if root is not None else profile.config_dir() / "drafts"
        self.current = WindowFiles(self.root / CURRENT_DIR, self._prepare, self.root / CURRENT)
        self.edits = WindowFiles(self.root / EDITS_DIR, self._prepare, self.root / EDITS)

    @classmethod
    def of_profile(cls, name: str) -> DraftStore:
        """The drafts folder of profile ``name``, whatever profile the process runs in: staged
        cells follow their connection's profile (``profile.of_connection``), as its log does."""
        store = cls(profile.config_dir(name) / "drafts")
        store._own_root = True  # in the app's folders all the same: tightened from the top
        return store

    def _prepare(self, folder: Path) -> None:
        private_dir(folder, top=profile.config_root() if self._own_root else self.root)

    def release(self) -> None:
        """The window ends: its files stay, for the next start (or another window) to take over."""
        self.current.release()
        self.edits.release()

    @property
    def current_path(self) -> Path:
        """This window's current work (other windows have their own)."""
        return self.current.path

    def named_path(self, name: str) -> Path:
        """Where ``name`` is saved (a draft an older version saved may be elsewhere:
        ``find_named``)."""
        return self.root / NAMED / f"{_slug(name)}.json"

    def _legacy_path(self, name: str) -> Path | None:
        """Where an older version saved ``name``, if it could and that is not ``named_path``."""
        old = self.root / NAMED / f"{_legacy_slug(name)}.json"
        if len(old.name.encode("utf-8", "surrogatepass")) > 255 or old == self.named_path(name):
            return None
        return old

    def find_named(self, name: str) -> Path | None:
        """The file of the draft saved as ``name``: its own, else one an older version saved
        under its former file name; None when there is none."""
        path = self.named_path(name)
        if path.exists():
            return path
        old = self._legacy_path(name)
        return old if old is not None and _holds(old, name) else None

    # ---------------------------------------------------------------- writing

    @staticmethod
    def _text(draft: Draft, keep_time: bool = False) -> tuple[Draft, str]:
        saved = draft if keep_time else replace(draft, saved_at=time.time())
        try:
            return saved, json.dumps(saved.to_json(), ensure_ascii=False, allow_nan=False) + "\n"
        except (TypeError, ValueError, RecursionError) as exc:
            raise DraftError(f"The draft could not be written as JSON ({exc}).") from exc

    def _write(self, path: Path, draft: Draft) -> Draft:
        self._prepare(path.parent)
        saved, text = self._text(draft)
        write_private_text(path, text)
        return saved

    def save_current(self, draft: Draft) -> Draft:
        """Keep ``draft`` as this window's work to restore at the next start (an empty one
        clears it)."""
        if draft.is_empty():
            self.clear_current()
            return draft
        saved, text = self._text(replace(draft, name=None))
        self.current.write(text)
        return saved

    def clear_current(self) -> None:
        """Nothing of this window's to restore at the next start (the user discarded or sent
        the work); other windows' work stays."""
        self.current.remove()

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
        # DraftError is a ValueError too; ArithmeticError: a number the checks missed, never a crash
        except (ValueError, RecursionError, ArithmeticError) as exc:
            reason = str(exc) if isinstance(exc, DraftError | ArithmeticError) else "it is not valid JSON"
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
        """This window's work: its own file, or else the newest work a window that is gone left
        (taken over: now this window's), the others kept as named drafts (``kept_as``)."""
        what = "The builder's work from your last session"
        own = self._read(self.current_path, what)
        if own.draft is not None or own.problem is not None:
            return own
        chosen: Draft | None = None
        problems: list[str] = []
        kept: list[str] = []
        moved: Path | None = None
        try:
            leftovers = self.current.leftovers()
        except (OSError, PrivateFileError) as exc:  # a damaged folder: the builder opens all the same
            return Loaded(None, f"{what} could not be looked for ({exc}); it stays in {self.current.folder}.")
        for path in leftovers:
            try:
                held = self.current.hold(path)
            except (OSError, PrivateFileError) as exc:
                problems.append(f"{what} could not be taken over ({exc}); it stays in {path}.")
                continue
            if held is None:
                continue
            loaded = self._read(path, what)
            if loaded.problem is not None:
                problems.append(loaded.problem)
                moved = moved or loaded.moved_to
            draft = loaded.draft
            try:
                if draft is not None and not draft.is_empty():
                    if chosen is None:  # newest first: the work to carry on with
                        self.current.write(self._text(replace(draft, name=None), keep_time=True)[1])
                        chosen = draft
                    elif _same_work(draft, chosen):
                        pass  # a window killed while taking it over left it twice: kept once
                    else:
                        kept.append(self._keep_named(draft))
            except (OSError, DraftError, PrivateFileError) as exc:
                problems.append(f"{what} could not be taken over ({exc}); it stays in {path}.")
                held.release()
                continue
            except (ValueError, TypeError, ArithmeticError, RecursionError) as exc:
                # What the file holds, past draft_from_json's checks: set aside and said, as a
                # file that cannot be read is, so it stops no start (this one or the next).
                aside = self._set_aside(path, what, str(exc) or type(exc).__name__)
                problems.append(aside.problem or "")
                moved = moved or aside.moved_to
                held.release()
                continue
            except BaseException:
                held.release()  # not left held by this window until it ends
                raise
            held.remove()  # kept in this window's file (or a named draft) first
        return Loaded(chosen, " ".join(problems) or None, moved, tuple(kept))

    def _keep_named(self, draft: Draft) -> str:
        """Save another window's work as a named draft, never over an existing one (another
        window may keep one at the same moment); its name."""
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(draft.saved_at))
        return self._write_new(f"Unsent work of another window, saved {when}", draft, keep_time=True)[0]

    def save_new_named(self, base: str, draft: Draft) -> tuple[str, Draft]:
        """Save ``draft`` under ``base``, or ``base (2)``… when that name is taken: never over
        an existing draft (two windows closed in the same minute both offer "Draft <minute>";
        a file system that ignores case takes "fix" for "Fix"). The name used and the draft."""
        return self._write_new(base.strip() or "Draft", draft, keep_time=False)

    def free_name(self, base: str) -> str:
        """``base``, or the first ``base (n)`` no draft holds yet (what ``save_new_named``
        would use now; another window may take it first)."""
        for n in range(1, 1000):
            name = base if n == 1 else f"{base} ({n})"
            if self.find_named(name) is None:
                return name
        return base  # saving it says there are too many

    def _write_new(self, base: str, draft: Draft, keep_time: bool) -> tuple[str, Draft]:
        self._prepare(self.root / NAMED)
        for n in range(1, 1000):
            name = base if n == 1 else f"{base} ({n})"
            if len(name) > MAX_NAME:
                raise DraftError(f"A draft's name has at most {MAX_NAME} characters; "
                                 f"this one has {len(name)}.")
            saved, text = self._text(replace(draft, name=name), keep_time=keep_time)
            old = self._legacy_path(name)  # an older version's draft of that name is one too
            if (old is None or not _holds(old, name)) and write_new_private_text(self.named_path(name), text):
                return name, saved
        raise DraftError(f"there are too many drafts named {base!r}")

    def has_leftover_work(self) -> bool:
        """Whether a window that is gone left builder work (not taken over yet)."""
        return bool(self.current.leftovers())

    def leftover_drafts(self) -> list[Draft]:
        """The builder work windows that are gone left, newest first, as ``load_current`` takes
        it over (the first is the one the builder restores): a look only, nothing is taken, moved
        or set aside; a file that cannot be read or holds nothing is left out."""
        drafts: list[Draft] = []
        for path in self.current.leftovers():
            try:
                draft = draft_from_json(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError, ValueError, RecursionError):
                continue  # the builder sets it aside, and says so, when it opens
            if not draft.is_empty():
                drafts.append(draft)
        return drafts

    def open_named(self, name: str) -> Draft:
        """The draft saved as ``name``; ``DraftError`` with a sentence if it is gone or damaged."""
        loaded = self._read(self.find_named(name) or self.named_path(name), f"The draft {name!r}")
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
            if path != self.named_path(name) and self.named_path(name).exists():
                continue  # an older version's file of a name saved since: the newer one counts
            draft = loaded.draft
            infos.append(DraftInfo(name, draft.saved_at, draft.action_count, path,
                                   draft.connection, draft.table))
        infos.sort(key=lambda info: (-info.saved_at, info.name))
        return infos, problems

    def delete_named(self, name: str) -> None:
        """Remove the draft ``name``, in the file an older version saved it in too."""
        old = self._legacy_path(name)
        for path in (self.named_path(name), old if old is not None and _holds(old, name) else None):
            if path is not None:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()

    # ---------------------------------------------------------------- staged cell edits

    @property
    def edits_path(self) -> Path:
        """This window's staged edits (other windows have their own)."""
        return self.edits.path

    def save_edits(self, data: dict[str, Any]) -> None:
        """Keep this window's staged cell edits (JSON data) for the next start, whole."""
        try:
            text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as exc:
            raise DraftError(f"The staged edits could not be written as JSON ({exc}).") from exc
        self.edits.write(text + "\n")

    def clear_edits(self) -> None:
        """Nothing of this window's staged any more; other windows' staged edits stay."""
        self.edits.remove()

    def load_edits(self, parse: Callable[[Any], T]) -> tuple[T | None, str | None]:
        """This window's staged edits, as ``parse`` makes them (None when there are none), or
        None and a sentence when the file cannot be read (``parse`` raises ``DraftError``):
        set aside."""
        return self.parse_file(self.edits_path, parse, "The cell edits staged in this window")

    def leftover_edits(self) -> list[Path]:
        """The staged edits of windows that are gone, newest first (``hold`` one to take it)."""
        return self.edits.leftovers()

    def hold_edits(self, path: Path) -> Held | None:
        return self.edits.hold(path)

    def parse_file(self, path: Path, parse: Callable[[Any], T], what: str) -> tuple[T | None, str | None]:
        """What ``parse`` makes of the JSON in ``path`` (None: no file), or None and a sentence
        when it cannot be read: the file is set aside."""
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None, None
        except (OSError, UnicodeDecodeError) as exc:
            return None, self._set_aside(path, what, str(exc)).problem
        try:
            return parse(json.loads(raw)), None
        # DraftError and value errors are ValueErrors; ArithmeticError: float() of a huge integer
        except (ValueError, RecursionError, ArithmeticError) as exc:
            reason = "it is not valid JSON" if isinstance(exc, json.JSONDecodeError | RecursionError) \
                else str(exc)
            return None, self._set_aside(path, what, reason).problem


__all__ = ["DraftError", "DraftInfo", "DraftStore", "Held", "Loaded", "PrivateFileError"]
