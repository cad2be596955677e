"""Temporary files and folders the app makes, removed on any exit and swept at the next start.

An export is written under a temporary name beside its destination (``.out.csv.partial-PID-R``),
a CSV export spools its items in a private folder (``$TMPDIR/dynoview-spool-PID-R``), the
export audit keeps DuckDB's files in another (``dynoview-audit-PID-R``). While one exists it is
*tracked*: a normal exit, an exception, Ctrl+C, and SIGTERM or SIGHUP (when the process left
them to their default action) remove it before the process goes. ``kill -9`` cannot be caught:
what it leaves is swept later, by ``sweep_temp_dirs`` and ``sweep_folder``, which remove only
what is certainly stale: a name of ours, owned by this user, last written before this process
started, by a process id that is no longer running on this machine.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import shutil
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

_IMPORTED_AT = time.time()
#: ``tempfile`` folders of ours: ``dynoview-<kind>-<pid>-<random>``.
TEMP_KINDS = ("spool", "audit")
# Patterns, compiled (and cached by ``re``) at the first clean-up: not on the window's start.
_TEMP_DIR_RE = r"dynoview-(?:spool|audit)-(?P<pid>\d+)-[A-Za-z0-9_]+"
#: Temporary files beside a destination: ``.<name>.<tag>-<pid>-<hex>``, and the ``.lock`` Qt's
#: QSettings keeps beside such a copy of the settings while it saves (a kill leaves it too).
_TEMP_FILE_RE = r"\..+\.(?:tmp|partial)-(?P<pid>\d+)-[0-9a-f]{12}(?:\.lock)?"

_lock = threading.Lock()
_tracked: dict[Path, None] = {}
_at_exit = False
_signals = False
_previous: dict[int, Any] = {}


@cache
def process_start_time() -> float:
    """When this process started (epoch seconds): from ``/proc`` on Linux, else when this
    module was first imported (early in start-up, and never later than a file we wrote)."""
    try:
        stat_line = Path("/proc/self/stat").read_text()
        ticks = int(stat_line.rsplit(")", 1)[1].split()[19])  # field 22: start, in ticks after boot
        uptime = float(Path("/proc/uptime").read_text().split()[0])  # 10 ms steps (btime: 1 s)
        return time.time() - (uptime - ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return _IMPORTED_AT


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this machine; True when it cannot be told."""
    if pid == os.getpid():
        return True
    if os.name != "posix" or pid <= 0:
        return True  # os.kill(pid, 0) terminates the process on Windows: never sweep by it there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, as another user's
    return True


def is_stale(st: os.stat_result, pid: int) -> bool:
    """Ours (owner), older than this process, from a process that is gone."""
    owner = getattr(os, "getuid", None)
    if owner is not None and st.st_uid != owner():
        return False
    return st.st_mtime < process_start_time() and not pid_alive(pid)


# ------------------------------------------------------------------------- tracking


def _remove(path: Path) -> None:
    try:
        st = os.lstat(path)
    except OSError:
        return
    if stat.S_ISDIR(st.st_mode):
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            os.unlink(path)


def track(path: Path) -> None:
    """Remove ``path`` if the process ends before ``untrack(path)``."""
    install_cleanup()
    with _lock:
        _tracked[Path(path)] = None


def untrack(path: Path) -> None:
    with _lock:
        _tracked.pop(Path(path), None)


@contextlib.contextmanager
def tracked(path: Path) -> Iterator[Path]:
    """``track`` for the block's length (the block removes or renames the path itself)."""
    track(path)
    try:
        yield path
    finally:
        untrack(path)


def remove_tracked() -> None:
    """Remove every tracked path now (at exit, or on a terminating signal)."""
    with _lock:
        paths = list(_tracked)
        _tracked.clear()
    for path in paths:
        _remove(path)


def _on_signal(signum: int, frame: FrameType | None) -> None:
    remove_tracked()
    previous = _previous.get(signum)
    if callable(previous):
        previous(signum, frame)
        return
    # The default action (terminate), now that nothing is left behind.
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def install_cleanup() -> None:
    """Remove tracked paths at exit and on SIGTERM/SIGHUP (once; signal handlers only from the
    main thread, chained to any handler already there, never over an ignored signal)."""
    global _at_exit, _signals
    with _lock:
        if not _at_exit:
            atexit.register(remove_tracked)
            _at_exit = True
        if _signals or threading.current_thread() is not threading.main_thread():
            return  # handlers can only be set from the main thread: a later call there will
        _signals = True
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        try:
            previous = signal.getsignal(signum)
            if previous in (signal.SIG_IGN, None):
                continue  # ignored (nohup) or set outside Python: left alone
            _previous[signum] = previous
            signal.signal(signum, _on_signal)
        except (ValueError, OSError):
            continue


# ------------------------------------------------------------------------- sweeping


def private_temp_dir(kind: str) -> Path:
    """A new 0700 folder in the system's temporary folder, named with this process id and
    tracked; stale ones of earlier processes are swept first. Remove it with ``remove_temp_dir``."""
    if kind not in TEMP_KINDS:
        raise ValueError(f"unknown temporary folder kind {kind!r}")
    sweep_temp_dirs()
    path = Path(tempfile.mkdtemp(prefix=f"dynoview-{kind}-{os.getpid()}-"))  # 0700
    track(path)
    return path


def remove_temp_dir(path: Path) -> None:
    untrack(path)
    shutil.rmtree(path, ignore_errors=True)


def _stale(folder: Path | str, pattern: str,
           is_kind: Callable[[int], bool]) -> list[os.DirEntry[str]]:
    """The entries of ``folder`` named by ``pattern`` (its ``pid`` group: the process that made
    them), of the kind ``is_kind`` accepts (on the mode, links not followed), and stale."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    found = []
    for entry in entries:
        match = re.fullmatch(pattern, entry.name)
        if match is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if is_kind(st.st_mode) and is_stale(st, int(match["pid"])):
            found.append(entry)
    return found


def sweep_temp_dirs(root: Path | str | None = None) -> list[Path]:
    """Remove stale ``dynoview-spool-*`` and ``dynoview-audit-*`` folders; returns them."""
    root = Path(root) if root is not None else Path(tempfile.gettempdir())
    removed: list[Path] = []
    for entry in _stale(root, _TEMP_DIR_RE, stat.S_ISDIR):
        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(Path(entry.path))
    return removed


def sweep_folder(folder: Path | str) -> list[Path]:
    """Remove stale temporary files of ours (``.name.partial-PID-R``, ``.name.tmp-PID-R``, and
    a settings copy's ``.lock``) from ``folder``: what an export or a save killed half-way left;
    returns them."""
    removed: list[Path] = []
    for entry in _stale(folder, _TEMP_FILE_RE, stat.S_ISREG):
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def sweep_leftovers(*folders: Path | str) -> list[Path]:
    """At start-up: stale spool and audit folders, and stale temporary files in ``folders``."""
    removed = sweep_temp_dirs()
    for folder in folders:
        removed.extend(sweep_folder(folder))
    return removed
