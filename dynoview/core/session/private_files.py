"""One rule for every file the app writes: only the user can read it.

The action log holds whole items (emails included), crash reports hold tracebacks,
settings hold endpoints: files are created 0600 and the app's own folders 0700, with
that mode from the first byte (``os.open`` with a mode, then an explicit chmod, so a
permissive umask never widens it), and an existing file or folder from an older
version is tightened the next time it is written. On Windows only the read-only bit
maps to a mode; there the per-user profile folders already keep other users out.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from pathlib import Path
from typing import IO, Any

log = logging.getLogger(__name__)
FILE_MODE = 0o600
DIR_MODE = 0o700

_BASE_FLAGS = {
    "w": os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
    "a": os.O_WRONLY | os.O_CREAT | os.O_APPEND,
    "x": os.O_WRONLY | os.O_CREAT | os.O_EXCL,
}


def _tighten(path: Path, mode: int) -> None:
    """Set ``mode`` unless it is already exact; a file we cannot chmod (not ours) is reported."""
    try:
        if stat.S_IMODE(path.stat().st_mode) != mode:
            path.chmod(mode)
    except PermissionError as exc:
        log.warning("could not restrict %s to mode %o: %s", path, mode, exc)


def private_dir(path: Path | str, top: Path | str | None = None) -> Path:
    """Create ``path`` (and missing parents) as 0700 folders; return it.

    Every existing folder from ``top`` (default: ``path`` itself) down to ``path`` is
    tightened to 0700 too: those are the app's own. Folders above ``top`` that already
    exist (``~/.config``) are shared and left as they are; missing ones are created 0700,
    as the XDG base directory spec asks.
    """
    path = Path(path)
    owned_from = Path(top) if top is not None else path
    missing: list[Path] = []
    probe = path
    while not probe.exists():
        missing.append(probe)
        if probe.parent == probe:
            break
        probe = probe.parent
    for folder in reversed(missing):
        # mkdir's mode is filtered by the umask: chmod afterwards makes it exact.
        with contextlib.suppress(FileExistsError):  # another thread or process won the race
            folder.mkdir(mode=DIR_MODE)
        _tighten(folder, DIR_MODE)
    chain = [path, *path.parents]
    owned = chain[: chain.index(owned_from) + 1] if owned_from in chain else [path]
    for folder in owned:
        if folder not in missing:
            _tighten(folder, DIR_MODE)
    return path


def open_private(path: Path | str, mode: str = "w", *, encoding: str | None = "utf-8") -> IO[Any]:
    """``open(path, mode)`` for a 0600 file: created so, or tightened if it already exists.

    ``mode`` is "w", "a" or "x", optionally with "b" and "+"; text modes use ``encoding``.
    The folder must exist (see ``private_dir``).
    """
    kind = mode.replace("b", "").replace("+", "").replace("t", "")
    if kind not in _BASE_FLAGS:
        raise ValueError(f"open_private supports the modes w, a and x (with b or +), not {mode!r}")
    flags = _BASE_FLAGS[kind] | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    if "+" in mode:
        flags = (flags & ~os.O_WRONLY) | os.O_RDWR
    fd = os.open(path, flags, FILE_MODE)
    try:
        # O_CREAT's mode only applies to a new file and passes through the umask: an existing
        # 0644 file (an older version's action log) is tightened here, before anything is written.
        if hasattr(os, "fchmod"):
            if stat.S_IMODE(os.fstat(fd).st_mode) != FILE_MODE:
                try:
                    os.fchmod(fd, FILE_MODE)
                except PermissionError as exc:
                    log.warning("could not restrict %s to mode %o: %s", path, FILE_MODE, exc)
        else:
            _tighten(Path(path), FILE_MODE)
        return os.fdopen(fd, mode, encoding=None if "b" in mode else encoding)
    except BaseException:
        os.close(fd)
        raise


def write_private_text(path: Path | str, text: str, *, encoding: str = "utf-8") -> Path:
    """Write ``text`` to a 0600 file (replacing its content); the folder must exist."""
    with open_private(path, "w", encoding=encoding) as fh:
        fh.write(text)
    return Path(path)


def write_private_bytes(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to a 0600 file (replacing its content); the folder must exist."""
    with open_private(path, "wb") as fh:
        fh.write(data)
    return Path(path)


def tighten_file(path: Path | str) -> None:
    """Make an existing file 0600 (one written by a library, such as Qt's settings file)."""
    path = Path(path)
    if path.exists():
        _tighten(path, FILE_MODE)
