"""Saving one settings key safely: read-merge-write under a lock, the file replaced whole.

Two DynoView windows or processes saving at once (a connection each) both keep their change:
the value is read from the file as it is now, changed, and written back under the lock Qt's
own saves take (``settings.ini.lock``, a ``QLockFile``: it works on every platform and is
taken over when its owner died). The new file is a private copy renamed over the old one
once complete and synced, so a kill mid-save or a full disk leaves the previous file, and
the failure is a sentence (``SettingsSaveError``).

A link (a dotfiles manager's) or anything but a regular file at the settings path is never
written through: every save there is refused, and the app works this session on a private copy
of what it holds (``session_copy``), which takes what the app saves on its own and is removed at
exit. Said once.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QLockFile, QSettings

from dynoview.core.errors import DynoViewError
from dynoview.core.session import leftovers
from dynoview.core.session.private_files import (
    PrivateFileError,
    check_target,
    open_private,
    temporary_name,
    write_private_bytes,
)

log = logging.getLogger(__name__)


class SettingsSaveError(DynoViewError):
    """A change to the settings file could not be saved; the file keeps what it held before.
    ``path`` and ``reason`` let a caller say what the lost change means (a theme applies until
    quit, a language never)."""

    def __init__(self, message: str, *, path: Path, reason: str) -> None:
        super().__init__(message)
        self.path = path
        self.reason = reason


LOCK_WAIT_MS = 10_000  # another DynoView's save takes milliseconds; a hung one is said, not waited on


def update(path: Path, key: str, change: Callable[[Any], str]) -> str:
    """Set ``key`` to ``change(its value as the file holds it now)``, with no other writer in
    between, and write the whole file atomically; ``SettingsSaveError`` says why not.
    (``update_keys`` does several keys in one save.)

    Read-merge-write under the lock Qt's own saves take (``settings.ini.lock``), so two windows
    or processes saving at once each see the other's change. The value is read from a private
    copy, changed there and the copy renamed over the file: Qt keeps one parsed file per path
    and re-reads it only when its size or time changed, so a write by another process in the
    same clock tick could go unseen, and a failed save would stay pending in that cache to be
    written later over newer data."""
    return str(update_keys(path, {key: change})[key])


def update_keys(path: Path, changes: Mapping[str, Callable[[Any], Any]]) -> dict[str, Any]:
    """``update`` for several keys at once (the window's layout): their new values."""
    lock = QLockFile(f"{path}.lock")
    if not lock.tryLock(LOCK_WAIT_MS):
        if lock.error() != QLockFile.LockError.LockFailedError:  # the lock file itself cannot be made
            raise _not_saved(path, _cannot_write(path.parent))
        raise SettingsSaveError(QCoreApplication.translate(
            "settings", "The settings could not be saved: another DynoView window kept the settings "
                        "file {path} locked. Try again; if it keeps happening, close the other "
                        "DynoView windows.").format(path=path), path=path, reason=QCoreApplication.translate(
            "settings", "another DynoView window kept it locked"))
    try:
        return _update_locked(path, changes)
    finally:
        lock.unlock()


def _update_locked(path: Path, changes: Mapping[str, Callable[[Any], Any]]) -> dict[str, Any]:
    # Qt reads and changes a private copy (QSettings works on a file by name); the result
    # replaces the file whole through atomic_private (synced, renamed; a link refused).
    copy_path = temporary_name(path)  # a leftover of a killed save is swept like any other
    with leftovers.tracked(copy_path):
        try:
            check_target(path)  # a link (a dotfiles manager's) is said, never replaced or written through
            with open_private(copy_path, "xb", encoding=None) as out, contextlib.suppress(FileNotFoundError):
                out.write(path.read_bytes())
            copy = QSettings(str(copy_path), QSettings.Format.IniFormat)
            values = {key: change(copy.value(key)) for key, change in changes.items()}
            for key, value in values.items():
                copy.setValue(key, value)
            copy.sync()
            status = copy.status()
            del copy
            if status != QSettings.Status.NoError:
                raise _not_saved(path, _cannot_write(path.parent)
                    if status == QSettings.Status.AccessError else QCoreApplication.translate(
                    "settings", "the file is damaged; restart DynoView to set it aside"))
            write_private_bytes(path, copy_path.read_bytes())
        except (OSError, PrivateFileError) as exc:
            reason = getattr(exc, "strerror", None) or getattr(exc, "message", None) or str(exc)
            raise _not_saved(path, reason) from exc
        finally:
            with contextlib.suppress(OSError):
                os.unlink(copy_path)
    return values


def update_quietly(path: Path, key: str, change: Callable[[Any], Any]) -> None:
    """``update`` for what the app saves on its own (layout, history): said once, never a crash."""
    update_keys_quietly(path, {key: change})


def update_keys_quietly(path: Path, changes: Mapping[str, Callable[[Any], Any]]) -> None:
    """``update_keys`` said once, never a crash; a file that must not be written (a link) is
    left alone and the change kept in this session's copy (``session_copy``)."""
    try:
        update_keys(path, changes)
    except SettingsSaveError as exc:
        copy = _session_copies.get(path)
        if copy is None:
            say_once(exc.message)
            return
        with contextlib.suppress(SettingsSaveError):  # why was said when the copy was made
            update_keys(copy, changes)


_said: set[str] = set()
_session_copies: dict[Path, Path] = {}  # a settings file that must not be written -> its copy


def say_once(message: str) -> None:
    """Log ``message`` the first time only (a save the app makes on each table opened)."""
    if message not in _said:
        _said.add(message)
        log.warning("%s", message)


def session_copy(path: Path, why: str) -> Path:
    """Where this session's settings live when ``path`` must not be written (a link or a folder
    there, ``why``): a private copy of what it holds now, beside it, removed at exit. Said once.
    Saves the user asks for are still refused with a sentence (``update`` on ``path``)."""
    copy = _session_copies.get(path)
    if copy is not None:
        return copy
    say_once(QCoreApplication.translate(
        "settings", "{why} DynoView uses a copy of the settings file {path} for this session: "
                    "settings changed now are lost when it quits.").format(why=why, path=path))
    leftovers.sweep_folder(path.parent)  # the copies of sessions that were killed
    copy = temporary_name(path)
    leftovers.track(copy)
    try:
        with open_private(copy, "xb", encoding=None) as out:
            out.write(_content(path))
    except (OSError, PrivateFileError) as exc:  # an unwritable folder: the settings start empty
        log.warning("could not copy the settings file %s: %s", path, exc)
    _session_copies[path] = copy
    return copy


def file_behind(path: Path) -> Path:
    """The settings file ``path`` stands for: itself, or the one this session's copy copies."""
    return next((file for file, copy in _session_copies.items() if copy == path), path)


def _content(path: Path) -> bytes:
    """What the file a link points to holds (read, never written); nothing for a folder or a pipe."""
    try:
        if stat.S_ISREG(os.stat(path).st_mode):
            return path.read_bytes()
    except OSError:
        pass
    return b""


def _cannot_write(folder: Path) -> str:
    """Why nothing can be written in ``folder``, as far as can be told without writing."""
    try:
        probe = os.statvfs(folder) if hasattr(os, "statvfs") else None
    except OSError:
        probe = None
    if probe is not None and probe.f_flag & getattr(os, "ST_RDONLY", 1):
        return QCoreApplication.translate("settings", "the folder is on a read-only disk")
    if probe is not None and probe.f_bavail * probe.f_frsize < 64 * 1024:
        return QCoreApplication.translate("settings", "the disk is full")
    return QCoreApplication.translate("settings", "the disk may be full, or the folder not writable")


def _not_saved(path: Path, reason: str) -> SettingsSaveError:
    return SettingsSaveError(QCoreApplication.translate(
        "settings", "The change could not be saved to the settings file {path} ({reason}). The "
                    "settings saved before are kept as they were.").format(path=path, reason=reason),
        path=path, reason=reason)
