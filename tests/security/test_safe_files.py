"""Files written safely: never through a link, whole or not at all, nothing left behind.

- A symbolic link (or a folder, a pipe) where the app writes is refused with a sentence; the
  file it points to is untouched: the repair state (the issue's case: a link at its old
  predictable ``.tmp`` name), exports, ``open_private`` and ``write_private_*``.
- Temporary names are exclusive and unguessable, so a planted file is never opened.
- An export killed with ``kill -9`` in a child process leaves its partial file and spool
  folder; the next export (a new process) sweeps them, and never what a live export is writing.
  SIGTERM removes them at once.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.items import export as ex
from dynoview.core.repair.state import APPLIED, RepairOutcome, RepairState
from dynoview.core.session import leftovers
from dynoview.core.session.private_files import (
    PrivateFileError,
    atomic_private,
    open_private,
    temporary_name,
    write_private_bytes,
    write_private_text,
)

pytestmark = [pytest.mark.security, pytest.mark.skipif(os.name != "posix", reason="POSIX links")]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    """A file of the user's that a planted link points to: it must never change."""
    path = tmp_path / "victim.txt"
    path.write_text("precious\n")
    return path


def test_open_private_refuses_a_link_a_folder_and_a_pipe(tmp_path: Path, victim: Path) -> None:
    link = tmp_path / "link.txt"
    link.symlink_to(victim)
    for mode in ("w", "a", "ab", "a+b", "x"):
        with pytest.raises((PrivateFileError, FileExistsError)):
            open_private(link, mode)
    with pytest.raises(PrivateFileError, match="symbolic link"):
        open_private(link, "a")
    with pytest.raises(PrivateFileError, match="is a folder"):
        open_private(tmp_path, "w")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(PrivateFileError, match="pipe"):
        open_private(fifo, "w")  # refused at once, never blocked waiting for a reader
    assert time.monotonic() - started < 2
    assert victim.read_text() == "precious\n"


def test_whole_file_writes_refuse_links_and_leave_no_temporary_file(tmp_path: Path, victim: Path) -> None:
    link = tmp_path / "out.txt"
    link.symlink_to(victim)
    with pytest.raises(PrivateFileError, match=r"symbolic link.*Remove the link"):
        write_private_text(link, "overwritten")
    with pytest.raises(PrivateFileError):
        write_private_bytes(link, b"overwritten")
    assert victim.read_text() == "precious\n"
    target = tmp_path / "fresh.txt"
    write_private_text(target, "one")
    write_private_text(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fresh.txt", "out.txt", "victim.txt"]


def test_a_planted_file_at_a_temporary_name_is_never_opened(tmp_path: Path, victim: Path) -> None:
    """Temporary names hold a random part: two are never alike, and O_EXCL refuses a name
    that exists (a link included) instead of opening it."""
    target = tmp_path / "state.json"
    assert temporary_name(target) != temporary_name(target)
    assert temporary_name(target).name.startswith(f".state.json.tmp-{os.getpid()}-")
    with pytest.raises(FileExistsError):
        open_private(tmp_path / "victim.txt", "x")
    with atomic_private(target) as fh:
        fh.write("{}")
        with pytest.raises(ValueError, match="atomic_private writes"), atomic_private(target, "a"):
            pass
    assert target.read_text() == "{}"


def test_an_error_inside_a_whole_file_write_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_private(target) as fh:
        fh.write("half")
        raise RuntimeError("disk full")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def _outcome(finding: str) -> RepairOutcome:
    return RepairOutcome(finding, "orphan-lock", APPLIED, "deleted the lock")


def test_repair_state_never_writes_through_a_link(tmp_path: Path, victim: Path) -> None:
    """The issue's case: a link at the state file's old ``.tmp`` name made the next save
    overwrite the file it pointed to. The temporary name is now unguessable, so that link is
    left alone; a link at the state file itself is refused with a sentence."""
    path = tmp_path / "audit.repair-state.json"
    (tmp_path / "audit.repair-state.json.tmp").symlink_to(victim)
    state = RepairState.open(path, "d1", "accounts")
    state.record(_outcome("a"))
    assert victim.read_text() == "precious\n"
    assert json.loads(path.read_text())["done"][0]["id"] == "a"
    path.unlink()
    path.symlink_to(victim)
    with pytest.raises(DynoViewError, match="symbolic link"):
        RepairState(path, "d1", "accounts").record(_outcome("b"))
    assert victim.read_text() == "precious\n"


def test_export_to_a_link_or_a_device_is_a_sentence(tmp_path: Path, victim: Path) -> None:
    items = [{"PK": {"S": "a"}}]
    link = tmp_path / "out.json"
    link.symlink_to(victim)
    with pytest.raises(DynoViewError, match="symbolic link") as caught:
        ex.export_items_to_file(items, link, ex.DDB_JSON)
    assert caught.value.field == "output"
    with pytest.raises(DynoViewError, match="not a regular file"):
        ex.export_items_to_file(items, "/dev/null", ex.DDB_JSON)
    assert victim.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "victim.txt"]


# ---------------------------------------------------------------------------- kill -9, SIGTERM

# A CSV export of a table whose second Scan page never comes: it blocks with its partial
# file beside the output and its spool folder in TMPDIR, then says so on stdout.
_BLOCKED_EXPORT = r"""
import sys, threading, time
from datetime import UTC, datetime
from dynoview.core.items import export as ex
from dynoview.core.reads.receipts import ReadReceipt
from dynoview.core.session.tables import KeyAttribute, TableInfo

class Reader:
    conn = None
    def __init__(self):
        self.calls = 0
    def read_with_receipt(self, operation, request):
        self.calls += 1
        receipt = ReadReceipt(datetime.now(UTC), operation, "t", None, "EVENTUAL", 1.0, 1, 1, 1.0, request)
        if self.calls == 1:
            return {"Items": [{"PK": {"S": "a"}, "email": {"S": "a@x.io"}}],
                    "LastEvaluatedKey": {"PK": {"S": "a"}}}, receipt
        print("blocked", flush=True)
        time.sleep(600)

table = TableInfo("t", KeyAttribute("PK", "S"), None)
ex.export_table_to_file(Reader(), table, sys.argv[1], ex.CSV, segments=1)
"""

# The next start: any export to the same folder (a new process, started after the kill).
_NEXT_EXPORT = r"""
import sys
from dynoview.core.items import export as ex
ex.export_items_to_file([{"PK": {"S": "b"}}], sys.argv[1], ex.CSV, ("PK",))
"""


def _env(tmp: Path) -> dict[str, str]:
    return {**os.environ, "TMPDIR": str(tmp), "PYTHONPATH": str(ROOT)}


def _start_blocked(out: Path, tmp: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", _BLOCKED_EXPORT, str(out)], env=_env(tmp),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line.strip() == "blocked", child.stderr.read() if child.stderr else ""
    return child


def _partials(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.partial-*"))


def _spools(tmp: Path) -> list[Path]:
    return sorted(tmp.glob("dynoview-spool-*"))


def test_kill_9_leftovers_are_swept_by_the_next_export(tmp_path: Path) -> None:
    out_dir, tmp = tmp_path / "exports", tmp_path / "tmp"
    out_dir.mkdir()
    tmp.mkdir()
    killed = _start_blocked(out_dir / "table.csv", tmp)
    killed.kill()  # SIGKILL: nothing in the process can clean up
    killed.wait(timeout=30)
    [partial] = _partials(out_dir)
    [spool] = _spools(tmp)
    assert partial.name.startswith(f".table.csv.partial-{killed.pid}-")
    assert spool.name.startswith(f"dynoview-spool-{killed.pid}-") and (spool / "items.jsonl").exists()
    assert not (out_dir / "table.csv").exists()  # never a half export that looks whole

    live = _start_blocked(out_dir / "other.csv", tmp)  # running: its files must survive the sweep
    try:
        time.sleep(0.05)  # the next process starts strictly after the leftovers were written
        done = subprocess.run([sys.executable, "-c", _NEXT_EXPORT, str(out_dir / "next.csv")],
                              env=_env(tmp), capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        assert not partial.exists() and not spool.exists()
        assert [p.name.split("-")[1] for p in _partials(out_dir)] == [str(live.pid)]
        assert [p.name.split("-")[2] for p in _spools(tmp)] == [str(live.pid)]
        assert (out_dir / "next.csv").read_text() == "PK (S)\nb\n"
    finally:
        live.kill()
        live.wait(timeout=30)


def test_sigterm_removes_the_partial_file_and_the_spool_at_once(tmp_path: Path) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    child = _start_blocked(tmp_path / "table.csv", tmp)
    assert _partials(tmp_path) and _spools(tmp)
    child.send_signal(signal.SIGTERM)
    assert child.wait(timeout=30) == -signal.SIGTERM  # still ends as SIGTERM says
    assert _partials(tmp_path) == [] and _spools(tmp) == []
    assert not (tmp_path / "table.csv").exists()


def test_the_sweep_leaves_what_is_not_certainly_stale(tmp_path: Path) -> None:
    """Only our names, only regular files and real folders, only from dead processes."""
    dead = 2 ** 22 + 12345  # above Linux's pid_max default: no such process
    old = leftovers.process_start_time() - 60
    stale = tmp_path / f".a.csv.partial-{dead}-0123456789ab"
    mine = tmp_path / f".b.csv.partial-{os.getpid()}-0123456789ab"
    other_name = tmp_path / f".c.csv.partial-{dead}-xyz"
    fresh = tmp_path / f".d.csv.tmp-{dead}-0123456789ab"
    for path in (stale, mine, other_name, fresh):
        path.write_text("x")
    for path in (stale, mine, other_name):
        os.utime(path, (old, old))
    spool = tmp_path / f"dynoview-spool-{dead}-abc"
    spool.mkdir()
    os.utime(spool, (old, old))
    assert leftovers.sweep_folder(tmp_path) == [stale]
    assert leftovers.sweep_temp_dirs(tmp_path) == [spool]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in (mine, other_name, fresh))


def test_the_sweep_takes_the_lock_qt_left_beside_a_killed_settings_save(tmp_path: Path) -> None:
    """QSettings keeps ``<copy>.lock`` beside the private copy a save writes; a save killed
    there left ``.settings.ini.tmp-PID-HEX.lock`` in the config folder for good."""
    dead = 2 ** 22 + 12345
    old = leftovers.process_start_time() - 60
    lock = tmp_path / f".settings.ini.tmp-{dead}-0123456789ab.lock"
    live = tmp_path / f".settings.ini.tmp-{os.getpid()}-0123456789ab.lock"
    other = tmp_path / f".settings.ini.tmp-{dead}-0123456789ab.lockx"
    for path in (lock, live, other):
        path.write_text("")
        os.utime(path, (old, old))
    assert leftovers.sweep_folder(tmp_path) == [lock]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (live, other))
