"""The embedded demo endpoint in a child process of the app.

``dynoview --demo`` spawns it first thing, before Qt is imported: the child imports moto,
starts the server and seeds it on a core of its own while the window is built and painted,
so neither moto's imports nor the seeding requests share the GIL with the UI thread. The
child says what it reached on stdout, one JSON object per line (``{"url": ...}`` once it
listens: on moto, before moto is imported, so the app builds its client meanwhile;
``{"ready": true, "tables": [...]}`` once seeded, ``{"error": ...}`` when it cannot), and
lives until its stdin closes: when the app stops it, or when the app dies in any way.

Other users of the machine can reach the child's port, so the app gives it a random access key
id (``KEY_VARIABLE``, in its environment: other users can read a process's arguments, not its
environment) and signs with it; the moto demo answers no other (dynoview/demo/moto_app.py).
The child runs in a new folder only the user can enter (``FOLDER_VARIABLE``), removed as it
ends: nothing relative to its working folder (nor ``python -m``'s first import path) is the
folder the app was started in, which may be shared. A child the app's SIGTERM ends before it
handles the signal (still starting Python) cannot remove it: ``stop()`` does, once the child has
exited, from a thread of its own (``stop()`` does not wait) and at the app's exit.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import subprocess
import sys
import threading
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dynoview.demo.backend import DemoBackend
    from dynoview.demo.errors import DemoStartError as DemoStartError

#: The argument ``dynoview`` (frozen or not) runs the child with; not a user option.
SERVE_ARGUMENT = "--serve-demo"
#: The child's environment: the session's access key id, and its private working folder.
KEY_VARIABLE = "DYNOVIEW_DEMO_KEY"
FOLDER_VARIABLE = "DYNOVIEW_DEMO_FOLDER"
#: How long a stopped child has to end before the thread that removes its folder kills it.
REAP_SECONDS = 30.0
#: How long the app's exit waits, in all, for stopped children still ending, to remove their
#: folders (one the SIGTERM killed as it started ends at once; one that handles it removes its own).
EXIT_WAIT_SECONDS = 0.5

# Stopped children not yet seen to exit, with their folders: removed as each exits.
_ending: dict[subprocess.Popen[str], str] = {}
_ending_lock = threading.Lock()
_at_exit = False  # _reap_at_exit registered


def __getattr__(name: str) -> Any:
    # DemoStartError lives with the core's errors, which this module leaves unimported: it is
    # imported to spawn the child, and everything it imports delays the child's start.
    if name == "DemoStartError":
        from dynoview.demo.errors import DemoStartError

        return DemoStartError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def serve_command() -> list[str]:
    """How to run the child: the app's own executable when frozen, else ``python -m dynoview``."""
    if getattr(sys, "frozen", False):
        return [sys.executable, SERVE_ARGUMENT]
    return [sys.executable, "-m", "dynoview", SERVE_ARGUMENT]


def _error_file() -> IO[bytes]:
    """Where the child's stderr goes until ``stop()``: a file in memory on Linux (``tempfile``
    and what it imports would delay the spawn, which comes before the window's first paint),
    else an unnamed temporary file."""
    if hasattr(os, "memfd_create"):
        with contextlib.suppress(OSError):  # a kernel without memfd (before 3.17)
            return open(os.memfd_create("dynoview-demo-stderr"), "w+b")
    import tempfile

    return tempfile.TemporaryFile()


def _private_folder() -> str:
    """A new folder only the user can enter: under ``$XDG_RUNTIME_DIR`` when it is the user's
    own and closed to others (as systemd makes it), else ``tempfile.mkdtemp`` (imported only
    then: the spawn comes before the window's first paint)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    try:
        info = os.stat(runtime) if os.path.isabs(runtime) else None
    except OSError:
        info = None
    getuid = getattr(os, "getuid", None)
    if info is not None and getuid is not None and info.st_uid == getuid() \
            and not info.st_mode & 0o022:
        with contextlib.suppress(OSError):  # a name taken (2**-64), a full or read-only disk
            path = os.path.join(runtime, f"dynoview-demo-{os.urandom(8).hex()}")
            os.mkdir(path, 0o700)
            return path
    import tempfile

    return tempfile.mkdtemp(prefix="dynoview-demo-")


def _child_environment(key: str, folder: str) -> dict[str, str]:
    """The app's environment, the key and the folder; and the folder ``dynoview`` was imported
    from when that was the working folder (a checkout run as ``python -m``), which the child's
    own working folder no longer gives it."""
    env = {**os.environ, KEY_VARIABLE: key, FOLDER_VARIABLE: folder}
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with contextlib.suppress(OSError):
        if not getattr(sys, "frozen", False) and os.path.samefile(root, os.getcwd()):
            env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    return env


class DemoProcess:
    """A demo endpoint starting in a child process; ``stop()`` ends it. ``access_key``: the
    access key id the child's endpoint answers; ``folder``: its working folder."""

    def __init__(self, proc: subprocess.Popen[str], errors: IO[bytes], access_key: str = "",
                 folder: str | None = None) -> None:
        self._proc = proc
        self._errors = errors
        self.access_key = access_key
        self.folder = folder
        self._said: dict[str, Any] = {}
        self._lock = threading.Lock()  # one reader of the child's stdout at a time
        self._reaping = False  # a thread removes the folder once the child has exited
        self.endpoint_url: str | None = None
        self.engine = "moto"

    @classmethod
    def spawn(cls) -> DemoProcess:
        """Start the child now and return at once (the engine comes from the environment)."""
        errors = _error_file()
        key = os.urandom(16).hex()  # secrets.token_hex(16), without importing it before the paint
        folder = _private_folder()
        try:
            proc = subprocess.Popen(serve_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=errors, text=True, bufsize=1, cwd=folder,
                                    env=_child_environment(key, folder),
                                    # The terminal's Ctrl+C is the app's to handle; it stops the child.
                                    start_new_session=os.name == "posix")
        except BaseException:
            _remove_folder(folder)
            raise
        return cls(proc, errors, key, folder)

    @property
    def running(self) -> bool:
        return self._proc.poll() is None

    def _wait_for(self, key: str) -> dict[str, Any]:
        """Block until the child said ``key`` (or failed); runs in a worker thread."""
        import json

        from dynoview.demo.errors import DemoStartError

        with self._lock:
            while key not in self._said:
                if "error" in self._said:
                    raise DemoStartError(f"The demo backend did not start: {self._said['error']}")
                line = self._proc.stdout.readline() if self._proc.stdout else ""
                if not line:
                    raise DemoStartError("The demo backend stopped before it was ready"
                                         f"{self._last_error()}. Start the app again, or connect "
                                         "to an endpoint of your own.")
                try:
                    said = json.loads(line)
                except ValueError:
                    continue  # a library printed on stdout: not ours
                if isinstance(said, dict):
                    self._said.update(said)
        if "url" in self._said:
            self.endpoint_url = str(self._said["url"])
            self.engine = str(self._said.get("engine", self.engine))
        return self._said

    def wait_listening(self) -> str:
        """The endpoint's URL, once the server listens (before it is seeded)."""
        self._wait_for("url")
        assert self.endpoint_url is not None
        return self.endpoint_url

    def backend(self) -> DemoBackend:
        """The endpoint as a ``DemoBackend`` once it listens (seeding may still run);
        stopping it stops this child."""
        from dynoview.demo.backend import DemoBackend

        return DemoBackend(self, self.wait_listening(), self.engine, self.access_key)

    def wait_ready(self) -> list[str] | None:
        """Return once the endpoint is seeded, with its tables' names as ListTables gives
        them (the child lists them as it says so: the app's first rows wait for no
        ListTables of their own), or None from a child that did not say them."""
        tables = self._wait_for("ready").get("tables")
        if isinstance(tables, list) and all(isinstance(name, str) for name in tables):
            return tables
        return None

    def _last_error(self) -> str:
        try:
            self._errors.seek(0)
            lines = self._errors.read().decode(errors="replace").strip().splitlines()
        except (OSError, ValueError):
            return ""
        return f" ({lines[-1]})" if lines else ""

    def stop(self, wait: float = 0.0) -> None:
        """Ask the child to end, waiting at most ``wait`` seconds (the app does not wait: the
        child stops its engine and exits on its own). POSIX: SIGTERM, which the child turns
        into an orderly exit whether it is seeding or serving; elsewhere its stdin closes. The
        child's folder goes once it has exited: now, or from a thread (``_reap_later``)."""
        if self._proc.poll() is None:
            try:
                if os.name == "posix":
                    self._proc.terminate()
                elif self._proc.stdin:
                    self._proc.stdin.close()
            except OSError:
                pass
            if wait:
                try:
                    self._proc.wait(timeout=wait)
                except subprocess.TimeoutExpired:
                    self._proc.kill()
                    self._proc.wait()
        with contextlib.suppress(OSError):
            self._errors.close()
        if not self.folder:
            return
        if self._proc.poll() is not None:
            _remove_folder(self.folder)
        elif not self._reaping:
            # Still ending: a child that handles SIGTERM removes its folder itself, but one the
            # signal killed as it started cannot. Removed once the child has exited, never before.
            self._reaping = True
            _reap_later(self._proc, self.folder)


def _remove_folder(folder: str | None) -> None:
    """Remove the child's working folder when it is empty (it holds nothing of the demo's)."""
    if folder:
        with contextlib.suppress(OSError):
            os.rmdir(folder)


def _reap_later(proc: subprocess.Popen[str], folder: str) -> None:
    """Remove ``folder`` once the stopped ``proc`` has exited: a daemon thread waits for it (at
    most ``REAP_SECONDS``, then kills it), and the app's exit, which ends that thread, waits a
    little for what is left (``_reap_at_exit``)."""
    import atexit  # built in: nothing to load

    global _at_exit
    with _ending_lock:
        _ending[proc] = folder
        if not _at_exit:
            atexit.register(_reap_at_exit)
            _at_exit = True
    threading.Thread(target=_reap, args=(proc, folder), name="demo-folder-reaper",
                     daemon=True).start()


def _reap(proc: subprocess.Popen[str], folder: str) -> None:
    try:
        proc.wait(timeout=REAP_SECONDS)  # a timeout: poll() elsewhere is not held up meanwhile
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            proc.kill()
        proc.wait()
    _reaped(proc, folder)


def _reaped(proc: subprocess.Popen[str], folder: str) -> None:
    with _ending_lock:
        _ending.pop(proc, None)
    _remove_folder(folder)


def _reap_at_exit() -> None:
    """At exit: the folders of stopped children that exit within ``EXIT_WAIT_SECONDS`` in
    all; one still running then handles SIGTERM, and removes its folder as it ends."""
    import time

    deadline = time.monotonic() + EXIT_WAIT_SECONDS
    with _ending_lock:
        ending = list(_ending.items())
    for proc, folder in ending:
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            continue
        _reaped(proc, folder)


def serve() -> int:
    """The child: start the engine, seed it, say so on stdout, run until stdin closes; then
    remove its working folder (``FOLDER_VARIABLE``)."""
    try:
        return _serve()
    finally:
        folder = os.environ.get(FOLDER_VARIABLE)
        with contextlib.suppress(OSError):  # only the folder it was started in, as it ends
            if folder and os.path.samefile(folder, os.getcwd()):
                _remove_folder(folder)


def _serve() -> int:
    """``serve`` without its folder's removal."""
    # Background work: when both want the CPU, the app's window goes first (on a 2-core
    # machine the seeding would otherwise slow the first paint); while the app waits for an
    # answer, this process has the CPU to itself.
    if hasattr(os, "nice"):
        os.nice(10)
    import json

    from dynoview.core.session import profile
    from dynoview.demo import moto_speedups
    from dynoview.demo.backend import (
        DemoBackend,
        demo_engine,
        list_table_names,
        listen,
        seed_demo,
        start_dynamodb_local,
        start_server,
    )

    def say(**what: Any) -> None:
        print(json.dumps(what), flush=True)

    # Out of the environment, which the engine (DynamoDB Local's java) would inherit.
    key = os.environ.pop(KEY_VARIABLE, "")
    if not key:
        say(error=f"it was started without its session's access key ({KEY_VARIABLE}): "
                  "dynoview --demo starts it.")
        return 1

    # SIGTERM from the app (a child still seeding does not read stdin): unwind, so the
    # ``finally`` below stops the engine (DynamoDB Local is a Java process of its own).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    gc.disable()  # imports and seeding free little: no collections until the demo is ready
    with profile.use(profile.DEMO):  # whatever seeding records goes to the demo's files
        try:
            engine = demo_engine()
            if engine == "dynamodb-local":
                server, url = start_dynamodb_local()
            else:
                # The URL first, then moto's imports: the app builds its client meanwhile.
                listener, url = listen()
                say(url=url, engine=engine)
                server, _ = start_server(listener, access_key=key)
        except Exception as exc:  # reported to the app, which shows it as a sentence
            say(error=str(exc) or type(exc).__name__)
            return 1
        backend = DemoBackend(server, url, engine, key)
        try:
            if engine == "dynamodb-local":
                say(url=url, engine=engine)
            # On moto, the seed's own transactions take no copy for a roll-back: a failed seed
            # ends this child (moto_speedups). The token marks them; no other request has it.
            import secrets  # here: the app imports this module to spawn the child, before its paint

            token = secrets.token_hex(16) if engine == "moto" else None
            moto_speedups.trust_seeder(token)
            marked = {moto_speedups.SEED_HEADER: token} if token else None
            with contextlib.closing(backend.seed_sender(marked)) as sender:
                seed_demo(sender)  # DynamoDB JSON over HTTP: no botocore client to build first
                tables = list_table_names(sender)
            moto_speedups.trust_seeder(None)  # seeded: every transaction copies again
            say(ready=True, tables=tables)
            # What imports and seeding made stays: frozen out of the collector's reach, else
            # the first collection (about 50 ms) would hold up the app's first request.
            gc.freeze()
            gc.enable()
            sys.stdin.read()  # until the app closes it, or exits
        except Exception as exc:
            say(error=f"seeding failed: {exc}")
            return 1
        finally:
            backend.stop()
    return 0
