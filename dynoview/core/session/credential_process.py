"""A credential_process that cannot hang a connection: botocore's ProcessProvider, time-limited,
its output bounded, and every way the process can fail (not found, a non-zero exit, no JSON,
expired keys) said as a sentence that never quotes what it printed: a helper's messages can
hold its own secrets (a password, a Vault or Okta token), which no redaction pattern knows.

``bounded_providers`` puts it in a session's provider chain and ``BoundedBuilder`` in a role
chain's source profile (signin.install_signin).

Every helper started is in a registry until it has ended: ``end_helper_processes`` ends them
all (the app's quit, the CLI's SIGTERM, and at exit), and a helper started by work run inside
``ended_with(cancel)`` is ended once ``cancel`` is set (its connection was cancelled or
replaced). A helper that never finishes would otherwise outlive DynoView. One started inside
``reported_to(waiting)`` says so as it starts and ends: the window names what a connection waits for.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import IO, Any

#: Seconds a credential_process may run. botocore waits for ever, and a helper waiting for input
#: nobody can give (a window's connection, a cron job) would hang the connection; long enough for
#: a helper that opens a browser sign-in.
PROCESS_TIMEOUT = 120.0
#: Bytes of standard output a credential_process may print. The JSON AWS documents is a few
#: hundred bytes (a few KB with a long session token); past this it is not credentials, and
#: reading on would let a helper stuck in a loop fill memory until the timeout.
MAX_OUTPUT = 64 * 1024
#: Seconds a helper asked to end (SIGTERM) has before it is killed.
END_GRACE = 0.5
#: How often a wait for a helper looks whether it was asked to end.
_POLL = 0.05

_live: dict[Any, threading.Event] = {}  # helper process -> set once it is asked to end
_live_lock = threading.Lock()
#: .cancel: the cancel event of the work this thread runs, if any; .waiting: who is told that
#: it waits for a helper (``reported_to``).
_owner = threading.local()
_at_exit: list[bool] = []


@contextlib.contextmanager
def ended_with(cancel: threading.Event) -> Iterator[None]:
    """Helpers started by this thread inside the block are ended once ``cancel`` is set."""
    previous = getattr(_owner, "cancel", None)
    _owner.cancel = cancel
    try:
        yield
    finally:
        _owner.cancel = previous


@contextlib.contextmanager
def reported_to(waiting: Callable[[str | None], None]) -> Iterator[None]:
    """Each helper this thread starts inside the block calls ``waiting(profile)`` (the profile
    whose credential_process it is) as it starts, and ``waiting(None)`` once it has ended."""
    previous = getattr(_owner, "waiting", None)
    _owner.waiting = waiting
    try:
        yield
    finally:
        _owner.waiting = previous


def end_helper_processes(wait: bool = True) -> None:
    """End every helper still running: SIGTERM now, and (``wait``) a kill after ``END_GRACE``
    for one still there. Without ``wait`` (the UI thread) the thread waiting for each helper
    does the kill, so nothing here blocks."""
    with _live_lock:
        live = list(_live.items())
    for process, end in live:
        end.set()
        with contextlib.suppress(OSError):
            process.terminate()
    if wait:
        for process, _ in live:
            _stop(process)


def _register(process: Any) -> threading.Event:
    with _live_lock:
        if not _at_exit:  # a backstop for exits no shutdown path saw
            atexit.register(end_helper_processes)
            _at_exit.append(True)
        end = _live[process] = threading.Event()
    return end


def bounded_providers(providers: list[Any]) -> list[Any]:
    """``providers`` with botocore's credential_process provider replaced by ``_process_class``."""
    from botocore.credentials import ProcessProvider

    bounded = _process_class()
    return [bounded(profile_name=p._profile_name, load_config=p._load_config)
            if isinstance(p, ProcessProvider) and not isinstance(p, bounded) else p
            for p in providers]


class BoundedBuilder:
    """botocore's source-profile provider builder (role chains), with ``bounded_providers`` providers."""

    def __init__(self, builder: Any) -> None:
        self._builder = builder

    def providers(self, profile_name: str, disable_env_vars: bool = False) -> list[Any]:
        return bounded_providers(self._builder.providers(profile_name=profile_name,
                                                disable_env_vars=disable_env_vars))


@cache
def _process_class() -> type:
    """botocore's ProcessProvider, but a process that hangs, cannot start, prints no JSON or
    hands over expired keys is a sentence (botocore: a hang, a traceback, a RuntimeError)."""
    import json
    import subprocess
    from datetime import UTC, datetime

    from botocore.compat import compat_shell_split
    from botocore.credentials import ProcessProvider
    from botocore.exceptions import CredentialRetrievalError
    from dateutil.parser import parse as parse_time

    class BoundedProcessProvider(ProcessProvider):
        def _retrieve_credentials_using(self, credential_process: str) -> dict[str, Any]:
            waiting: Callable[[str | None], None] | None = getattr(_owner, "waiting", None)
            if waiting is None:
                return self._run_bounded(credential_process)
            waiting(self._profile_name)
            try:
                return self._run_bounded(credential_process)
            finally:
                waiting(None)

        def _run_bounded(self, credential_process: str) -> dict[str, Any]:
            def failed(why: str) -> CredentialRetrievalError:
                # ``sentence``: phrased here, quoting none of the output; _retrieval_sentence
                # passes it on as it is (botocore's own messages it does not pass on at all).
                # ``profile``: the one whose process this is, not always the connection's (a
                # role chain's source profile runs its own).
                return CredentialRetrievalError(provider=self.METHOD, error_msg=why, sentence=True,
                                                profile=self._profile_name)

            try:
                command = compat_shell_split(credential_process)
                # Standard error is not read: it is never quoted (see the module), and a helper
                # logging without end must not fill memory. Standard input stays the terminal's,
                # and the process stays in DynoView's process group, so a helper can still prompt.
                process = self._popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            except (OSError, ValueError) as exc:  # not found, not executable, unbalanced quotes
                why = getattr(exc, "strerror", None) or str(exc)
                where = getattr(exc, "filename", None)
                raise failed(f"could not be started ({why}{f': {where}' if where else ''}).") from None
            end = _register(process)
            try:
                stdout = _bounded_output(process, PROCESS_TIMEOUT, MAX_OUTPUT, end)
            except subprocess.TimeoutExpired:
                raise failed(f"did not finish within {PROCESS_TIMEOUT:g} seconds and was stopped "
                             "(it may be waiting for input nobody can give here).") from None
            finally:
                with _live_lock:
                    _live.pop(process, None)
            if end.is_set():
                raise failed("was stopped, as its connection was cancelled or DynoView was "
                             "closing.")
            if stdout is None:
                raise failed(f"printed more than {MAX_OUTPUT // 1024} KB on standard output, which is "
                             "not credentials, so it was stopped.")
            if process.returncode != 0:
                program = f"{command[0]}{' …' if len(command) > 1 else ''}" if command else "?"
                ended = (f"was ended by signal {-process.returncode}" if process.returncode < 0
                         else f"exited with status {process.returncode}")
                raise failed(f"({program}) {ended}, so there are no credentials to connect with. "
                             "What it printed is not shown here, as it may hold secrets.")
            try:
                parsed = json.loads(stdout.decode("utf-8"))
            except ValueError:
                parsed = None
            # Its output is never quoted: it may hold half a secret.
            if not isinstance(parsed, dict):
                raise failed("printed something that is not the JSON credentials AWS documents "
                             "(an object with Version 1, AccessKeyId and SecretAccessKey).")
            if parsed.get("Version") != 1:  # botocore quotes the value, which may be anything
                raise failed("printed JSON credentials without Version 1, the only version AWS "
                             "documents for a credential_process.")
            for key in ("AccessKeyId", "SecretAccessKey"):
                if key not in parsed:
                    raise failed(f"printed JSON credentials without {key} (AWS documents Version 1, "
                                 "AccessKeyId and SecretAccessKey).")
            for key in ("AccessKeyId", "SecretAccessKey", "SessionToken"):
                # botocore signs with them as text: a number or null failed deep in the signer.
                if key in parsed and not (isinstance(parsed[key], str) and parsed[key]):
                    raise failed(f"printed JSON credentials whose {key} is not text (AWS documents "
                                 "each key as a string).")
            # botocore's own reading of the checked output (session token, account id).
            finished = _Finished(process.returncode, stdout, b"")
            answer: dict[str, Any] = ProcessProvider(self._profile_name, self._load_config,
                                                     popen=lambda *_a, **_k: finished
                                                     )._retrieve_credentials_using(credential_process)
            expiry = answer.get("expiry_time")
            if expiry is not None:
                try:
                    ends = parse_time(str(expiry))
                    ends = ends if ends.tzinfo else ends.replace(tzinfo=UTC)
                except (ValueError, OverflowError):
                    # Not quoted: a helper's odd field may be a token of its own.
                    raise failed(f"gave an Expiration that is not a date ({len(str(expiry))} "
                                 "characters that do not read as an ISO 8601 time), so DynoView "
                                 "cannot tell when its credentials end.") from None
                if ends <= datetime.now(UTC):
                    raise failed(f"handed over credentials that expired at {expiry}: sign in again "
                                 "with the tool behind it so it prints fresh ones.")
            return answer

    return BoundedProcessProvider


def _bounded_output(process: Any, timeout: float, limit: int,
                    end: threading.Event | None = None) -> bytes | None:
    """``process``'s standard output once it has closed it and exited; None (and the process
    stopped) as soon as it passes ``limit`` bytes, or once ``end`` or this thread's cancel
    event (``ended_with``) is set. Raises ``subprocess.TimeoutExpired`` (the process stopped)
    after ``timeout`` seconds. Read by a thread: a pipe has no read timeout on Windows."""
    import subprocess
    import time

    deadline = time.monotonic() + timeout
    cancel: threading.Event | None = getattr(_owner, "cancel", None)
    output = bytearray()
    done = threading.Event()
    threading.Thread(target=_read_capped, args=(process.stdout, limit, output, done),
                     name="credential-process-output", daemon=True).start()
    try:
        while not done.wait(min(_POLL, max(0.0, deadline - time.monotonic()))):
            if cancel is not None and cancel.is_set() and end is not None:
                end.set()
            if end is not None and end.is_set():
                _stop(process)
                return None
            if time.monotonic() >= deadline:
                raise subprocess.TimeoutExpired(process.args, timeout)
        if len(output) > limit or (end is not None and end.is_set()):
            _stop(process)
            return None
        while True:  # closed its output, not ended yet
            try:
                process.wait(timeout=max(0.0, min(_POLL, deadline - time.monotonic())))
                break
            except subprocess.TimeoutExpired:
                if end is not None and end.is_set():
                    _stop(process)
                    return None
                if time.monotonic() >= deadline:
                    raise
    except BaseException:  # the timeout, an end asked for, Ctrl+C, SystemExit: never left behind
        _stop(process)
        raise
    return bytes(output)


def _read_capped(stream: IO[bytes], limit: int, output: bytearray, done: threading.Event) -> None:
    """Read ``stream`` into ``output`` until its end or past ``limit`` bytes, then close it: a
    child of the helper still writing gets a broken pipe and ends instead of writing for ever."""
    try:
        while len(output) <= limit:
            chunk = os.read(stream.fileno(), 64 * 1024)
            if not chunk:
                break
            output += chunk
    except (OSError, ValueError):  # closed under us: nothing more to read either way
        pass
    finally:
        with contextlib.suppress(OSError):
            stream.close()
        done.set()


def _stop(process: Any) -> None:
    """End ``process`` (not its process group: that is DynoView's own, see the Popen call):
    SIGTERM, a kill after ``END_GRACE`` seconds, then reap it; a child of it that still holds
    the output pipe gets a broken pipe once it writes."""
    import subprocess

    with contextlib.suppress(OSError):
        process.terminate()
    try:
        process.wait(timeout=END_GRACE)
        return
    except subprocess.TimeoutExpired:
        pass
    with contextlib.suppress(OSError):
        process.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)


@dataclass
class _Finished:
    """A process that has already run, for botocore's checks of its output."""

    returncode: int
    stdout: bytes
    stderr: bytes

    def communicate(self) -> tuple[bytes, bytes]:
        return self.stdout, self.stderr
