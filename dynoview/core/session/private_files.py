"""One rule for every file the app writes: only the user can read it.

The action log holds whole items (emails included), crash reports hold tracebacks,
settings hold endpoints: files are created 0600 and the app's own folders 0700, with
that mode from the first byte (``os.open`` with a mode, then an explicit chmod, so a
permissive umask never widens it), and an existing file or folder from an older
version is tightened the next time it is written. On Windows only the read-only bit
maps to a mode; there the per-user profile folders already keep other users out.

Nothing is written through a link: files are opened with ``O_NOFOLLOW``, and a symbolic link,
a folder, a device or a pipe where a file is to be written is refused with a sentence
(``PrivateFileError``). A file replaced as a whole (``atomic_private``, ``write_private_text``)
is written under an exclusive temporary name beside it (``O_CREAT | O_EXCL``, so a planted
file or link at that name is never opened) and renamed over it only once complete; a
temporary file left by a killed process is swept the next time that folder is written.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from dynoview.core.errors import DynoViewError
from dynoview.core.session import leftovers

log = logging.getLogger(__name__)
FILE_MODE = 0o600
DIR_MODE = 0o700

_BASE_FLAGS = {
    "w": os.O_WRONLY | os.O_CREAT | os.O_TRUNC,
    "a": os.O_WRONLY | os.O_CREAT | os.O_APPEND,
    "x": os.O_WRONLY | os.O_CREAT | os.O_EXCL,
}
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a pipe with no reader fails the open instead of blocking
# ELOOP (Linux, macOS) or EMLINK (FreeBSD): O_NOFOLLOW met a symbolic link.
_LINK_ERRNOS = {errno.ELOOP, getattr(errno, "EMLINK", errno.ELOOP)}


class PrivateFileError(DynoViewError):
    """A file cannot be written safely where it was asked (a link, a folder, a device)."""


def _link_refused(path: Path | str) -> PrivateFileError:
    return PrivateFileError(
        f"{path} is a symbolic link: DynoView does not write through links (the write would "
        "change the file it points to). Remove the link or choose another file name.", field="path")


def _not_a_file(path: Path | str, mode: int) -> PrivateFileError:
    what = ("a folder" if stat.S_ISDIR(mode) else "a pipe" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    return PrivateFileError(f"{path} is {what}, not a regular file: DynoView writes only to "
                            "regular files. Choose a file name.", field="path")


def check_target(path: Path | str) -> bool:
    """Refuse a symbolic link or anything but a regular file at ``path`` (with a sentence);
    True if a regular file is there, False if nothing is."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    if stat.S_ISLNK(st.st_mode):
        raise _link_refused(path)
    if not stat.S_ISREG(st.st_mode):
        raise _not_a_file(path, st.st_mode)
    return True


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


def _open_fd(path: Path | str, flags: int, *, tighten: bool) -> int:
    """``os.open`` without following a link, refusing anything but a regular file."""
    try:
        fd = os.open(path, flags | _NOFOLLOW | _NONBLOCK | getattr(os, "O_CLOEXEC", 0)
                     | getattr(os, "O_BINARY", 0), FILE_MODE)
    except OSError as exc:
        if exc.errno in _LINK_ERRNOS and os.path.islink(path):
            raise _link_refused(path) from None
        if exc.errno == errno.ENXIO:  # a pipe nobody reads
            raise PrivateFileError(f"{path} is a pipe, not a regular file: DynoView writes only "
                                   "to regular files. Choose a file name.", field="path") from None
        if exc.errno == errno.EISDIR:
            raise _not_a_file(path, stat.S_IFDIR) from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # swapped in after the check: still refused
            raise _not_a_file(path, st.st_mode)
        if _NONBLOCK and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        # O_CREAT's mode only applies to a new file and passes through the umask: an existing
        # 0644 file (an older version's action log) is tightened here, before anything is written.
        if tighten and stat.S_IMODE(st.st_mode) != FILE_MODE:
            if hasattr(os, "fchmod"):
                try:
                    os.fchmod(fd, FILE_MODE)
                except PermissionError as exc:
                    log.warning("could not restrict %s to mode %o: %s", path, FILE_MODE, exc)
            else:
                _tighten(Path(path), FILE_MODE)
    except BaseException:
        os.close(fd)
        raise
    return fd


def open_private(path: Path | str, mode: str = "w", *, encoding: str | None = "utf-8") -> IO[Any]:
    """``open(path, mode)`` for a 0600 file: created so, or tightened if it already exists.

    ``mode`` is "w", "a" or "x", optionally with "b" and "+"; text modes use ``encoding``.
    The folder must exist (see ``private_dir``). A symbolic link or anything but a regular
    file at ``path`` is refused (``PrivateFileError``): the file is opened with ``O_NOFOLLOW``.
    """
    kind = mode.replace("b", "").replace("+", "").replace("t", "")
    if kind not in _BASE_FLAGS:
        raise ValueError(f"open_private supports the modes w, a and x (with b or +), not {mode!r}")
    flags = _BASE_FLAGS[kind]
    if "+" in mode:
        flags = (flags & ~os.O_WRONLY) | os.O_RDWR
    if kind != "x":
        check_target(path)  # a sentence for a link or a folder before any open
    fd = _open_fd(path, flags, tighten=True)
    try:
        return os.fdopen(fd, mode, encoding=None if "b" in mode else encoding)
    except BaseException:
        os.close(fd)
        raise


def temporary_name(path: Path | str, tag: str = "tmp") -> Path:
    """``.<name>.<tag>-<pid>-<random>`` beside ``path``: unguessable, and the process id lets a
    later sweep tell a leftover of a dead process from a file being written."""
    path = Path(path)
    import secrets  # with hmac and OpenSSL: not needed to read the settings at start

    tail = f".{tag}-{os.getpid()}-{secrets.token_hex(6)}"
    # A name near the system's 255 bytes must still get its temporary file: its start is kept.
    room = 255 - 1 - len(tail.encode())
    name = path.name
    if len(name.encode("utf-8", "surrogateescape")) > room:
        name = name.encode("utf-8", "surrogateescape")[:room].decode("utf-8", "ignore")
    return path.with_name(f".{name}{tail}")


@contextlib.contextmanager
def atomic_private(path: Path | str, mode: str = "w", *, encoding: str | None = "utf-8",
                   tag: str = "tmp") -> Iterator[IO[Any]]:
    """Write a whole 0600 file: the block writes to an exclusive temporary file beside ``path``
    (created with ``O_EXCL | O_NOFOLLOW``), renamed over ``path`` once the block ends without
    an error; on an error, a signal or an exit it is removed, so ``path`` is either the old file
    or the whole new one. A link or a non-regular file at ``path`` is refused.

    ``mode`` is "w" or "wb". Stale temporary files of dead processes in the folder are swept first.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_private writes with w or wb, not {mode!r}")
    path = Path(path)
    check_target(path)
    leftovers.sweep_folder(path.parent)
    temp = temporary_name(path, tag)
    fd = _open_fd(temp, _BASE_FLAGS["x"], tighten=True)
    with leftovers.tracked(temp):
        try:
            with os.fdopen(fd, mode, encoding=None if "b" in mode else encoding) as handle:
                yield handle
                handle.flush()
                os.fsync(handle.fileno())
            check_target(path)  # a link put there meanwhile is refused too
            os.replace(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise


def write_private_text(path: Path | str, text: str, *, encoding: str = "utf-8") -> Path:
    """Write ``text`` to a 0600 file (replacing it whole, atomically); the folder must exist."""
    with atomic_private(path, "w", encoding=encoding) as fh:
        fh.write(text)
    return Path(path)


def write_private_bytes(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to a 0600 file (replacing it whole, atomically); the folder must exist."""
    with atomic_private(path, "wb") as fh:
        fh.write(data)
    return Path(path)


def tighten_file(path: Path | str) -> None:
    """Make an existing regular file 0600 (one written by a library, such as Qt's settings file).
    A link is left alone: chmod follows it to the file it points to, and Linux cannot chmod the
    link itself."""
    try:
        st = os.lstat(path)
    except OSError:
        return
    if stat.S_ISREG(st.st_mode):
        _tighten(Path(path), FILE_MODE)


def shared_private_dir(path: Path | str, top: Path | str) -> Path:
    """Create ``path`` for files DynoView shares with another program (the AWS CLI's caches under
    ``~/.aws``, ``top``): missing folders are made 0700 whatever the umask.

    Existing folders from ``top`` down to ``path`` are the user's (or their AWS CLI's) and keep
    their mode (``~/.aws`` is often 0755, which is theirs to choose), with one exception: a folder
    group or others can write lets them delete or replace the credentials cached in it, so their
    write bits are removed, and a warning says so. Refusing would only stop the sign-in and leave
    the folder as open; widening nothing and narrowing only that is the least surprise.
    """
    path = Path(path)
    chain = [path, *path.parents]
    existing = {folder for folder in chain if folder.exists()}
    if path not in existing:
        private_dir(path, top=path)  # makes only the missing folders (and path) 0700
    top = Path(top)
    shared = chain[: chain.index(top) + 1] if top in chain else [path]
    for folder in shared:
        if folder not in existing or os.name != "posix":
            continue
        mode = stat.S_IMODE(folder.stat().st_mode)
        if mode & 0o022:
            log.warning("%s could be written by other users (mode %o): removed their write access, "
                        "so the credentials DynoView caches there cannot be replaced", folder, mode)
            _tighten(folder, mode & ~0o022)
    return path
