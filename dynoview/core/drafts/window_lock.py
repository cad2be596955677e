"""An exclusive lock on a small file, held while a window lives: how one DynoView window tells
its own drafts from those of a window that is gone.

The lock is an OS lock on an open file (``flock`` on POSIX, ``msvcrt.locking`` on Windows), so
the OS drops it when the process ends, even on ``kill -9``: a lock that can be taken belongs to
no running window. ``flock`` locks belong to the open file, not the process, so two windows of
one process exclude each other too. The file is checked after locking to be the one at the
path still (another window may have removed it meanwhile): a lock on a removed file is let go
and tried again, so two windows never both hold "the" lock of one path.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO

from dynoview.core.session.private_files import open_private

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
try:  # Windows
    import msvcrt
except ImportError:  # POSIX
    msvcrt = None  # type: ignore[assignment]

ATTEMPTS = 3  # a lock file removed under us this often in a row: someone else is working on it


def _lock_now(handle: IO[bytes]) -> bool:
    """Lock ``handle`` without waiting; False when another open file holds the lock."""
    try:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        elif msvcrt is not None:  # pragma: no cover - Windows
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:  # BlockingIOError, or PermissionError on Windows
        return False
    return True


def _same_file(handle: IO[bytes], path: Path) -> bool:
    try:
        now = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    mine = os.fstat(handle.fileno())
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


class WindowLock:
    """The lock of ``path``, held until ``release`` (or until this object or the process goes)."""

    def __init__(self, path: Path, handle: IO[bytes]) -> None:
        self.path = path
        self._handle: IO[bytes] | None = handle

    @classmethod
    def take(cls, path: Path) -> WindowLock | None:
        """The lock of ``path`` (the file is made if missing), or None while a running window
        holds it. The folder must exist."""
        for _ in range(ATTEMPTS):
            handle = open_private(path, "ab")
            if not _lock_now(handle):
                handle.close()
                return None
            if _same_file(handle, path):
                return cls(path, handle)
            handle.close()  # removed (or replaced) by the window that held it: try the new one
        return None

    @property
    def held(self) -> bool:
        """Still ours, on the file at the path (False once released, or if the file was
        removed by something else, such as a test wiping the folder)."""
        return self._handle is not None and _same_file(self._handle, self.path)

    def release(self, *, remove: bool = True) -> None:
        """Let go (and remove the lock file, while still holding it, so nobody waits on it)."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        if remove and os.name == "posix":
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        handle.close()  # closing drops the OS lock
        if remove and os.name != "posix":  # pragma: no cover - an open file cannot be removed there
            with contextlib.suppress(OSError):
                os.unlink(self.path)


def lock_is_free(path: Path) -> bool:
    """Whether no running window holds the lock of ``path`` (a missing file is free)."""
    if not path.exists():
        return True
    lock = WindowLock.take(path)
    if lock is None:
        return False
    lock.release(remove=False)
    return True


__all__ = ["WindowLock", "lock_is_free"]
