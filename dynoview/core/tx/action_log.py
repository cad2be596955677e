"""The local action log: every transaction the app sent, as JSON Lines.

One file in ``<user data dir>/DynoView/actions.jsonl`` (a demo session:
``<user data dir>/DynoView/demo/actions.jsonl``, see ``dynoview.core.session.profile``; the
window logs a connection's writes in that connection's profile's file, ``for_connection``). Each
send is two lines: its **intent**, written (and synced to disk) before the request leaves the
machine, with the time, connection name and endpoint (never credentials, not even a password
in the endpoint URL), token, the exact request (DynamoDB JSON, binary as base64) and the
process sending it; then its **outcome**, the same fields with what happened. A send that
never left the machine (refused before sending) is withdrawn by a third kind of line. Read
back, an intent and its outcome are one entry; an intent without an outcome (the app was
killed in between) reads as ``no_outcome`` until ``dynoview.core.tx.recovery`` settles it
by reads. Lines written by older versions (one line per send, outcome included) read as
they are.

Append-only, so support staff can reconstruct what the app wrote and when. The items hold
personal data (emails): the file is 0600 in a 0700 folder, an older, wider file is
tightened on the next append, and the file is opened without following a symbolic link
(``O_NOFOLLOW``): a link, a folder or anything but a regular file in its place is refused
with a sentence (``ActionLogError``), never appended to or chmod-ed through.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
import threading
import time as _time
import uuid
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.redaction import is_secret_name, redact_obj, redact_text, redact_url
from dynoview.core.session import profile
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.session.private_files import FILE_MODE, private_dir

FILE_NAME = "actions.jsonl"

# The kinds of line (``phase``); a line without one is an older version's whole entry.
INTENT = "intent"
OUTCOME = "outcome"
VOID = "void"

#: The status an intent without an outcome reads as.
NO_OUTCOME = "no_outcome"

#: An intent older than this without an outcome belongs to no running execution, whatever
#: process wrote it (an execution's resends stop after about 9 minutes, its reads soon after).
ABANDONED_AFTER = 15 * 60.0

_HOST = socket.gethostname()
_in_flight: set[str] = set()  # this process's sends whose outcome is not written yet
_in_flight_lock = threading.Lock()


class ActionLogError(DynoViewError):
    """The action log could not be written; ``reason`` and ``fix`` are parts of the sentence."""

    def __init__(self, message: str, *, path: Path, reason: str, fix: str) -> None:
        super().__init__(message, field="action_log")
        self.path, self.reason, self.fix = path, reason, fix


def default_path(name: str | None = None) -> Path:
    """The action log of profile ``name``, the active one by default (the demo has its own)."""
    return profile.data_dir(name) / FILE_NAME


def path_for(spec: ConnectionSpec) -> Path:
    """Where the writes through ``spec`` are logged: the demo's log for the embedded demo, the
    user's for any other connection, whatever profile the process runs in."""
    return default_path(profile.of_connection(spec))


def for_connection(spec: ConnectionSpec) -> ActionLog:
    """The log the writes through ``spec`` go to (``path_for``)."""
    return ActionLog(profile_name=profile.of_connection(spec))


def connection_record(spec: ConnectionSpec, region: str | None = None) -> dict[str, Any]:
    """What identifies a connection in the log: no keys, no secrets, no password in the URL."""
    return {"name": spec.name, "endpoint": redact_url(spec.endpoint_url), "region": region or spec.region,
            "profile": spec.profile, "read_only": spec.read_only, "local": spec.is_local}


def same_connection(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two connection records name the same endpoint, region and profile."""
    return all(a.get(k) == b.get(k) for k in ("endpoint", "region", "profile"))


def _without_url_credentials(value: Any) -> Any:
    """``value`` with secrets scrubbed (``redaction.redact_obj``): URL passwords, and access keys
    and tokens a server echoed into an error message. The request is never passed through it.

    An import's outcome holds a sentence per item (100 a batch): redacted one by one, on the
    writer thread, they cost more than the send. So every string is first redacted once, joined
    by "," (no rule's match that leaves its text unchanged can span a ","; see
    ``redaction._PATTERNS``, and a match that changes text sends the value through the slow
    path): when nothing in the join changes and no field is named like a secret, nothing in the
    value would, and it is kept as it is."""
    strings: list[str] = []
    if _strings_of(value, None, strings):
        joined = ",".join(strings)
        if redact_text(joined) == joined:
            return value
    return redact_obj(value)


@lru_cache(maxsize=1024)
def _secret_name(name: str) -> bool:
    return is_secret_name(name)


def _strings_of(value: Any, name: str | None, out: list[str]) -> bool:
    """Collect every string in ``value`` (map keys included) into ``out``; False when a string
    sits in a field named like a secret (``redact_obj`` replaces it whole)."""
    if isinstance(value, str):
        if value and name is not None and _secret_name(name):
            return False
        out.append(value)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if isinstance(key, str):
                out.append(key)
            if not _strings_of(item, key if isinstance(key, str) else None, out):
                return False
    elif isinstance(value, list | tuple):
        return all(_strings_of(item, name, out) for item in value)
    return True


def problem_sentence(path: Path, exc: OSError) -> tuple[str, str]:
    """Why ``path`` cannot be written and what to do, as two clauses for a sentence."""
    code = exc.errno
    if code == errno.EISDIR or (path.is_dir() and not path.is_symlink()):
        return "a folder is in its place", "Move that folder away; DynoView then creates the log again."
    if code == errno.ELOOP or path.is_symlink():
        return ("it is a symbolic link, which DynoView does not follow (the log holds the values "
                "written and stays a private file)", "Replace the link with the file itself, or remove it.")
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full", "Free some space on that disk."
    if code in (errno.EACCES, errno.EPERM):
        return "permission was denied", "Check the owner and permissions of the file and its folder."
    if code == errno.EROFS:
        return "its file system is read-only", "Use a home folder on a writable disk."
    if code == errno.ENOTDIR:
        return "a file is in the place of one of its folders", "Move that file away."
    return (exc.strerror or str(exc)).rstrip(".").lower() or "it failed", "Check the file and its folder."


def _open_for_append(path: Path) -> int:
    """A descriptor appending to the regular file ``path`` (created 0600), never through a link."""
    if os.name != "posix" and path.is_symlink():
        raise OSError(errno.ELOOP, "is a symbolic link", str(path))
    nonblock = getattr(os, "O_NONBLOCK", 0)  # a FIFO in its place fails at once, never blocks
    flags = (os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_NOFOLLOW", 0) | nonblock | getattr(os, "O_BINARY", 0))
    fd = os.open(path, flags, FILE_MODE)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        if hasattr(os, "fchmod") and stat.S_IMODE(info.st_mode) != FILE_MODE:
            os.fchmod(fd, FILE_MODE)  # an older version's 0644 log: tightened before writing
        if nonblock:
            os.set_blocking(fd, True)
        return fd
    except BaseException:
        os.close(fd)
        raise


#: The data and the size it needs to be read back (not the modification time): an intent is
#: as durable as with ``fsync``, for less of the disk's time.
_sync = getattr(os, "fdatasync", os.fsync)


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte (a short write, then an error such as ENOSPC, raises)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def unreadable_reason(path: Path) -> str | None:
    """Why a log named by the user cannot be searched ("is not a file", "cannot be read
    (Permission denied)"), or None. Reading treats these as an empty log, which would turn the
    user's mistake into "no record" without a word. A missing file is a log with nothing in it
    yet: searched as empty, and the diagnosis says it was not there (``uniqueness.origin``)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISDIR(info.st_mode):
        return "is not a file"  # a folder
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    try:
        os.close(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    return None


def _read_tail(path: Path, tail_bytes: int | None) -> bytes:
    """The file's last ``tail_bytes`` (all of it for None); nothing when it is not a regular file."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
        | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return b""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return b""  # a folder, a FIFO, a device: nothing to read (appends are refused)
        if tail_bytes is not None:
            os.lseek(fd, max(0, os.lseek(fd, 0, os.SEEK_END) - tail_bytes), os.SEEK_SET)
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return b""
    finally:
        os.close(fd)


def _parse(lines: Iterable[bytes], needle: bytes | None = None) -> list[dict[str, Any]]:
    out = []
    for line in lines:
        if not line.strip() or (needle is not None and needle not in line):
            continue
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            continue  # a damaged line, or the first one cut by the tail
        if isinstance(entry, dict):
            out.append(entry)
    return out


def _no_outcome(intent: Mapping[str, Any]) -> dict[str, Any]:
    return {**intent, "outcome": {
        "status": NO_OUTCOME, "token": intent.get("token"),
        "message": "Sent, but no outcome was recorded: the app stopped between sending it and "
                   "recording its answer (or is sending it now). DynoView settles it with strongly "
                   "consistent reads the next time it executes a transaction on this connection."}}


def fold(lines: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Log lines as entries, oldest first: an intent and its outcome are one entry (in the
    intent's place; the latest outcome when it was settled again), a withdrawn intent is
    none, an intent alone reads as ``no_outcome``."""
    slots: list[dict[str, Any] | None] = []
    sends: dict[str, int] = {}  # send id -> its slot; a later outcome (settled again) replaces one
    for line in lines:
        phase, send = line.get("phase"), line.get("send")
        if phase == INTENT and isinstance(send, str):
            sends[send] = len(slots)
            slots.append(_no_outcome(line))
        elif phase in (OUTCOME, VOID) and isinstance(send, str) and send in sends:
            slots[sends[send]] = dict(line) if phase == OUTCOME else None
        elif phase == OUTCOME and isinstance(send, str):
            sends[send] = len(slots)  # its intent is before the tail that was read
            slots.append(dict(line))
        elif phase != VOID:
            slots.append(dict(line))
    return [s for s in slots if s is not None]


def pid_gone(pid: Any) -> bool:
    """Whether no process ``pid`` runs on this machine (False when that cannot be told)."""
    if not isinstance(pid, int) or pid <= 0 or os.name != "posix":
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # another user's process: alive
    return False


def abandoned(entry: Mapping[str, Any], now: float | None = None) -> bool:
    """An intent without outcome that no running execution will complete: its process is
    gone, or it is older than ``ABANDONED_AFTER``."""
    outcome = entry.get("outcome")
    if not isinstance(outcome, Mapping) or outcome.get("status") != NO_OUTCOME:
        return False
    try:
        sent = datetime.fromisoformat(str(entry["time"])).timestamp()
        age = (now if now is not None else _time.time()) - sent
    except (KeyError, TypeError, ValueError):
        age = ABANDONED_AFTER + 1
    if age > ABANDONED_AFTER:
        return True
    proc = entry.get("process")
    if not isinstance(proc, Mapping) or proc.get("host") != _HOST:
        return False
    if proc.get("pid") == os.getpid():
        with _in_flight_lock:
            return entry.get("send") not in _in_flight
    return pid_gone(proc.get("pid"))


class ActionLog:
    """Appends and reads back the JSON Lines log; safe to share between threads."""

    def __init__(self, path: Path | str | None = None, *, profile_name: str | None = None) -> None:
        self._path = Path(path) if path is not None else None
        self._profile = profile_name  # None: the profile active when it writes
        self._lock = threading.Lock()
        self.recovered_for: set[tuple[Any, ...]] = set()  # connections already recovered

    @property
    def path(self) -> Path:
        """The file; without an explicit path, the log of ``profile_name`` or else of the profile
        active *now* (a log made before a demo session started still writes to the demo's file)."""
        return self._path if self._path is not None else default_path(self._profile)

    # ------------------------------------------------------------------ writing

    def _write(self, entry: Mapping[str, Any], *, sync: bool, what: str) -> None:
        line = json.dumps(entry, ensure_ascii=False, default=str).encode("utf-8") + b"\n"
        with self._lock:
            path = self.path
            try:
                # The app's data folder is ours from its top: tighten it too (older versions: 0755).
                private_dir(path.parent, top=profile.data_root() if self._path is None else None)
                fd = _open_for_append(path)
                try:
                    # A previous write cut short (a crash, a full disk) leaves a last line without
                    # its newline: start on a fresh line so this entry is not glued to it and lost.
                    if os.fstat(fd).st_size:
                        os.lseek(fd, -1, os.SEEK_END)
                        if os.read(fd, 1) != b"\n":
                            line = b"\n" + line
                    _write_all(fd, line)
                    if sync:
                        _sync(fd)
                finally:
                    os.close(fd)
            except (OSError, DynoViewError) as exc:
                reason, fix = (problem_sentence(path, exc) if isinstance(exc, OSError)
                               else (exc.message.rstrip("."), "Check the file and its folder."))
                raise ActionLogError(f"The action log {path} cannot be written ({reason}), so {what}. "
                                     f"{fix}", path=path, reason=reason, fix=fix) from None

    def _entry(self, connection: Mapping[str, Any], token: str, request: Mapping[str, Any],
               time: datetime | None, **more: Any) -> dict[str, Any]:
        return {"time": (time or datetime.now(UTC)).isoformat(),
                "connection": _without_url_credentials(dict(connection)), "token": token,
                "request": request,  # the exact request, as sent: never rewritten
                **more}

    def append(self, *, connection: Mapping[str, Any], token: str, request: Mapping[str, Any],
               outcome: Mapping[str, Any], time: datetime | None = None) -> dict[str, Any]:
        """Write one whole entry (intent and outcome at once) and return it. ``request`` must be
        JSON-ready (the wire body parsed). Raises ``ActionLogError``."""
        entry = self._entry(connection, token, request, time,
                            outcome=_without_url_credentials(dict(outcome)))
        self._write(entry, sync=False, what="this entry was not recorded")
        return entry

    def intent(self, *, connection: Mapping[str, Any], token: str, request: Mapping[str, Any],
               context: Mapping[str, Any] | None = None, time: datetime | None = None) -> dict[str, Any]:
        """Record a send before it happens (synced to disk) and return the line; its ``send`` id
        ties the outcome to it. Raises ``ActionLogError``: then nothing may be sent."""
        send = uuid.uuid4().hex
        entry = self._entry(connection, token, request, time, phase=INTENT, send=send,
                            process={"pid": os.getpid(), "host": _HOST})
        if context:
            entry["context"] = dict(context)
        with _in_flight_lock:
            _in_flight.add(send)
        try:
            self._write(entry, sync=True, what="the transaction was not sent: DynoView records every "
                        "transaction in it before sending")
        except ActionLogError:
            self._done(send)
            raise
        return entry

    def outcome(self, intent: Mapping[str, Any], outcome: Mapping[str, Any], *,
                recovered: bool = False) -> dict[str, Any]:
        """Record what became of the send ``intent`` and return the line. Raises
        ``ActionLogError`` (the intent then stays without outcome and is settled by reads later)."""
        entry = {**{k: v for k, v in intent.items() if k not in ("outcome", "process")},
                 "phase": OUTCOME, "recorded": datetime.now(UTC).isoformat(),
                 "outcome": _without_url_credentials({**dict(outcome), **({"recovered": True}
                                                                        if recovered else {})})}
        try:
            self._write(entry, sync=False, what="its outcome was not recorded")
        finally:
            self._done(str(intent.get("send")))
        return entry

    def void(self, intent: Mapping[str, Any]) -> None:
        """Withdraw an intent whose request never left the machine (best effort)."""
        try:
            self._write({"time": datetime.now(UTC).isoformat(), "phase": VOID, "send": intent.get("send"),
                         "token": intent.get("token"), "context": intent.get("context")},
                        sync=False, what="an intent was not withdrawn")
        except ActionLogError:
            pass  # read back, the intent settles as not applied: nothing was sent
        finally:
            self._done(str(intent.get("send")))

    @staticmethod
    def _done(send: str) -> None:
        with _in_flight_lock:
            _in_flight.discard(send)

    # ------------------------------------------------------------------ reading

    def find(self, text: str, *, tail_bytes: int | None = 8 << 20) -> list[dict[str, Any]]:
        """Entries (folded) whose lines hold the string ``text``, oldest first, from the log's
        tail. Only those lines are parsed: cheap enough to ask before every execution."""
        return self._lines_with(json.dumps(text, ensure_ascii=False)[1:-1].encode("utf-8"), tail_bytes)

    def _lines_with(self, needle: bytes, tail_bytes: int | None) -> list[dict[str, Any]]:
        with self._lock:
            data = _read_tail(self.path, tail_bytes)
        return fold(_parse(data.splitlines(), needle))

    def entries_for_token(self, token: str, *, tail_bytes: int = 8 << 20) -> list[dict[str, Any]]:
        """Entries sent under ``token``, oldest first, from the last ``tail_bytes`` of the log.

        Cheap enough to ask before every execution: only the tail is read (a token's 10
        minutes are the newest lines) and only lines holding the token are parsed.
        """
        return [e for e in self.find(token, tail_bytes=tail_bytes) if e.get("token") == token]

    def pending(self, *, tail_bytes: int = 32 << 20) -> list[dict[str, Any]]:
        """Intents without an outcome (``no_outcome`` entries) in the log's tail, oldest first."""
        entries = self._lines_with(b'"send": "', tail_bytes)  # intents, outcomes, withdrawals
        return [e for e in entries if e.get("phase") == INTENT]

    def entries(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Entries oldest first (the last ``limit`` ones); damaged lines are skipped, not fatal."""
        with self._lock:
            data = _read_tail(self.path, None)
        out = fold(_parse(data.decode("utf-8", errors="replace").encode("utf-8").splitlines()))
        for entry in out:
            # Lines from older versions may name an endpoint with its password: never show it.
            for key in ("connection", "outcome"):
                if key in entry:
                    entry[key] = _without_url_credentials(entry[key])
        return out[-limit:] if limit else out
