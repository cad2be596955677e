"""Which set of files this process reads and writes: the user's own, or the demo's.

A demo session (``dynoview --demo``, ``--smoke``, a headless command with ``--demo``)
runs in the ``demo`` profile: its action log, settings and saved schemas live in a
``demo`` folder inside the app's folders, so trying the app never adds entries to the
user's real action log or changes their saved connections and layout. Crash reports
are about the app, not the data, and stay in the one log folder for both profiles.

Linux (other platforms use their own folders, see packaging/README.md):

========================  ==========================================  ===============================
what                      default profile                             demo profile
========================  ==========================================  ===============================
action log                ``~/.local/share/DynoView/actions.jsonl``   ``.../DynoView/demo/actions.jsonl``
settings, schemas         ``~/.config/DynoView/``                     ``~/.config/DynoView/demo/``
crash reports             ``~/.local/state/DynoView/log/``            (the same)
========================  ==========================================  ===============================

The profile is process-wide (worker threads append to the action log), set once at
start-up; ``use()`` restores the previous one so in-process callers (tests) nest.

A window can still open the other kind of connection (File > Connect… > Demo in a normal
start, a real endpoint in a demo session): the records that belong to a connection (its
action log entries, saved schemas, recent tables and reads) follow *that connection's*
profile (``of_connection``), so the demo never adds to the user's files and a real write is
never logged in the demo's. Window layout, theme and saved connections stay the process's.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from dynoview import APP_NAME

DEFAULT = "default"
DEMO = "demo"
PROFILES = (DEFAULT, DEMO)

_lock = threading.Lock()
_active = DEFAULT


def active() -> str:
    return _active


def activate(name: str) -> str:
    """Make ``name`` the profile of this process; returns the previous one."""
    global _active
    if name not in PROFILES:
        raise ValueError(f"Unknown profile {name!r}: use one of {', '.join(PROFILES)}.")
    with _lock:
        previous, _active = _active, name
    return previous


class _Connection(Protocol):  # a ConnectionSpec (not imported: it loads after the first paint)
    @property
    def name(self) -> str: ...
    @property
    def demo(self) -> bool: ...


def of_connection(spec: _Connection) -> str:
    """The profile whose files hold a connection's records: the demo's for the embedded demo,
    the user's for any other, whatever profile the process runs in."""
    return DEMO if spec.demo else DEFAULT


# The UI keys a connection's settings (recent tables, reads) by its name: the profile of each
# connection a window opened, by name, so those records follow the connection too.
_connections: dict[str, str] = {}


def remember_connection(spec: _Connection) -> str:
    """Note that a window opened ``spec`` (its records then go to its profile); its profile."""
    name = of_connection(spec)
    with _lock:
        _connections[spec.name] = name
    return name


def of_connection_named(name: str | None) -> str | None:
    """The profile of the connection called ``name`` a window opened (the latest of that name);
    None for one it did not (or None): the active profile's files then."""
    return _connections.get(name) if name is not None else None


@contextmanager
def use(name: str) -> Iterator[None]:
    """Run a block in profile ``name``, then go back to the previous profile."""
    previous = activate(name)
    try:
        yield
    finally:
        activate(previous)


def _in_profile(root: Path, profile: str | None) -> Path:
    return root if (profile or _active) == DEFAULT else root / DEMO


# On Linux platformdirs answers an absolute $XDG_*_HOME, else that folder under an absolute
# $HOME: said here without importing platformdirs, which costs ~8 ms of the window's start
# (issue 19). Any other case (another system, a relative or missing HOME) asks platformdirs;
# tests/unit/core/session/test_profile_dirs.py holds both to the same answers.
_XDG_HOMES = {"data": ("XDG_DATA_HOME", ".local/share"), "config": ("XDG_CONFIG_HOME", ".config"),
              "state": ("XDG_STATE_HOME", ".local/state")}


def _linux_user_dir(kind: str) -> Path | None:
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel") or "ANDROID_DATA" in os.environ:
        return None
    variable, under_home = _XDG_HOMES[kind]
    base = os.environ.get(variable, "")
    if not base.startswith("/"):
        home = os.environ.get("HOME", "")
        if not home.startswith("/"):
            return None
        base = f"{home.rstrip('/')}/{under_home}"  # as os.path.expanduser("~/...") makes it
    return Path(base, APP_NAME)


# The roots keep the folders earlier versions used (Windows: appauthor differs between the two),
# so an upgrade finds the user's log and settings where they were.
def data_root() -> Path:
    """The app's own data folder (the top one it owns: tightened to 0700 when written)."""
    fast = _linux_user_dir("data")
    if fast is not None:
        return fast
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_root() -> Path:
    """The app's own configuration folder (settings and saved schemas)."""
    fast = _linux_user_dir("config")
    if fast is not None:
        return fast
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def state_root() -> Path:
    """The app's own state folder; crash reports go in its log folder."""
    fast = _linux_user_dir("state")
    if fast is not None:
        return fast
    import platformdirs

    return Path(platformdirs.user_state_dir(APP_NAME))


def data_dir(profile: str | None = None) -> Path:
    return _in_profile(data_root(), profile)


def config_dir(profile: str | None = None) -> Path:
    return _in_profile(config_root(), profile)


def log_dir() -> Path:
    """Crash reports, for both profiles."""
    fast = _linux_user_dir("state")
    if fast is not None:
        return fast / "log"  # platformdirs' user_log_dir: "log" in the state folder
    import platformdirs

    return Path(platformdirs.user_log_dir(APP_NAME))


def log_root() -> Path:
    """The top folder of ``log_dir()`` the app owns (``~/.local/state/DynoView`` on Linux)."""
    folder = log_dir()
    state = state_root()
    return state if state in folder.parents else folder
