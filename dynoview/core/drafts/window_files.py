"""One file per running window for work that is kept until sent (the builder's current work,
the Items tab's staged cell edits), so two windows, of one DynoView or of two, never write
over each other's work.

Each window writes only its own file, ``<folder>/<id>.json``, whole (a temporary file, fsync,
``os.replace``: a kill mid-save leaves the previous file), and holds ``<folder>/<id>.lock``
(``window_lock``) while it lives. The file of a window that is gone (quit, crashed, killed)
stays for the next start: its lock is free. A window takes such a *leftover* over by holding
its lock (``hold``): only one window can, so two windows starting at once never both restore
it; it writes the work into its own file first, and only then removes the leftover, so a kill
between the two leaves the work twice, never nowhere.

The single file of older versions (``current.json``, ``staged-edits.json``) is a leftover too:
it is moved into the folder (``os.replace``: one window wins) the first time leftovers are listed.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from dynoview.core.drafts.window_lock import WindowLock, lock_is_free
from dynoview.core.session.private_files import write_private_text

SUFFIX = ".json"
LOCK_SUFFIX = ".lock"


def _new_id() -> str:
    """``20261202-104200-4242-1a2b3c``: when the window started, its process, and a random part
    (two windows of one process differ)."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{secrets.token_hex(3)}"


def lock_path(path: Path) -> Path:
    return path.with_suffix(LOCK_SUFFIX)


class Held:
    """A leftover whose lock this window holds: read it, then ``remove`` it once its work is
    kept elsewhere, or ``release`` it (it stays for another window or the next start)."""

    def __init__(self, path: Path, lock: WindowLock) -> None:
        self.path = path
        self._lock = lock

    def remove(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._lock.release()

    def release(self) -> None:
        self._lock.release()


class WindowFiles:
    """The files of one kind in ``folder``: this window's own, and the leftovers of windows
    that are gone. ``prepare`` makes the folder (private, 0700) before anything is written."""

    def __init__(self, folder: Path, prepare: Callable[[Path], None], legacy: Path | None = None) -> None:
        self.folder = folder
        self._prepare = prepare
        self._legacy = legacy
        self._lock: WindowLock | None = None
        self.id = _new_id()
        self.opened_at = time.time()  # when this window started: said when another takes it over

    # ---------------------------------------------------------------- this window's file

    @property
    def path(self) -> Path:
        """This window's file (it may not exist: nothing kept)."""
        return self.folder / f"{self.id}{SUFFIX}"

    def _claim(self) -> None:
        """Hold this window's lock (again, under a new id if the folder was wiped and the id
        is somehow taken), before anything is written under its name."""
        if self._lock is not None:
            if self._lock.held:
                return
            self._lock.release(remove=False)  # its file was removed: lock a new one
        self._prepare(self.folder)
        for _ in range(3):
            lock = WindowLock.take(lock_path(self.path))
            if lock is not None:
                self._lock = lock
                return
            self.id = _new_id()
        raise OSError(f"no lock could be taken in {self.folder}")

    def write(self, text: str) -> None:
        """Replace this window's file with ``text``, whole."""
        self._claim()
        write_private_text(self.path, text)

    def remove(self) -> None:
        """Nothing of this window's to keep (sent or discarded); other windows' files stay."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def release(self) -> None:
        """The window ends: its file (if any) stays, as a leftover for the next start."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    @property
    def owned(self) -> bool:
        """This window holds its lock now (its file cannot be taken over)."""
        return self._lock is not None and self._lock.held

    # ---------------------------------------------------------------- other windows' files

    def _adopt_legacy(self) -> None:
        legacy = self._legacy
        if legacy is None or not legacy.exists():
            return
        self._prepare(self.folder)
        with contextlib.suppress(FileNotFoundError):  # another window moved it first
            os.replace(legacy, self.folder / f"earlier-{secrets.token_hex(4)}{SUFFIX}")

    def leftovers(self) -> list[Path]:
        """The files of windows that are gone, newest first (not this window's; not a running
        window's). A look only: ``hold`` one to take it."""
        self._adopt_legacy()
        try:
            entries = list(os.scandir(self.folder))
        except FileNotFoundError:
            return []
        names = [e for e in entries if e.name.endswith(SUFFIX) and not e.name.startswith(".")
                 and e.is_file(follow_symlinks=False)]
        self._sweep_locks(entries, {e.name for e in names})
        found = []
        for entry in names:
            path = Path(entry.path)
            if path == self.path or not lock_is_free(lock_path(path)):
                continue
            with contextlib.suppress(OSError):
                found.append((entry.stat(follow_symlinks=False).st_mtime, path))
        found.sort(key=lambda pair: (-pair[0], pair[1].name))
        return [path for _, path in found]

    def _sweep_locks(self, entries: list[os.DirEntry[str]], files: set[str]) -> None:
        """Remove the lock files of windows that are gone and left nothing (a kill leaves them)."""
        for entry in entries:
            if not entry.name.endswith(LOCK_SUFFIX) or entry.name.startswith("."):
                continue
            path = Path(entry.path)
            if path.with_suffix(SUFFIX).name in files or path == lock_path(self.path):
                continue
            lock = WindowLock.take(path)
            if lock is not None and not path.with_suffix(SUFFIX).exists():
                lock.release()  # removes it
            elif lock is not None:
                lock.release(remove=False)

    def hold(self, path: Path) -> Held | None:
        """Take the leftover ``path`` (None if a running window holds it, or it is gone)."""
        if path == self.path:
            return None
        self._prepare(self.folder)
        lock = WindowLock.take(lock_path(path))
        if lock is None:
            return None
        if not path.exists():  # taken over by another window before we held it
            lock.release()
            return None
        return Held(path, lock)


__all__ = ["Held", "WindowFiles", "lock_path"]
