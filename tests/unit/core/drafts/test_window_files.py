"""One file per window: a running window's lock keeps its work from being taken, a window that
is gone (even by kill -9) leaves its work whole for the next one, and real processes writing
at once lose nothing."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.drafts.window_files import lock_path
from dynoview.core.drafts.window_lock import WindowLock, lock_is_free
from dynoview.core.edits.persist import take_over_staged
from dynoview.core.edits.staging import StagedEdits

ROOT = Path(__file__).resolve().parents[4]
posix_only = pytest.mark.skipif(os.name != "posix", reason="kill -9 and flock")

# A window in another process: stages cells one by one (saving each), says how many after each
# save, then waits to be killed; with "forever" it stages until it is killed.
WINDOW = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from dynoview.core.drafts.store import DraftStore
    from dynoview.core.edits.persist import save_staged
    from dynoview.core.edits.staging import StagedEdits
    from dynoview.core.session.tables import KeyAttribute, TableInfo

    root, name, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    info = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
    store, staged = DraftStore(root), StagedEdits()
    i = 0
    while count < 0 or i < count:
        item = {"PK": {"S": f"ACCT#{name}-{i % 7}"}, "SK": {"S": "PROFILE"}}
        staged.stage(info, item, f"a{i}", {"S": f"{name}:{i}" + "x" * 2000}, connection="local")
        save_staged(store, staged)
        i += 1
        print(i, flush=True)
    print("done", flush=True)
    time.sleep(600)
""")


@pytest.fixture
def windows(tmp_path: Path) -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


def start(windows: list[subprocess.Popen[str]], root: Path, name: str, count: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", WINDOW, str(root), name, str(count)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    windows.append(proc)
    return proc


def read_until(proc: subprocess.Popen[str], wanted: str) -> list[str]:
    assert proc.stdout is not None
    lines = []
    while True:
        line = proc.stdout.readline().strip()
        assert line, f"the window process ended early ({proc.poll()})"
        lines.append(line)
        if line == wanted:
            return lines


def cells_of(staged: StagedEdits | None) -> set[str]:
    assert staged is not None
    return {c.new["S"].rstrip("x") for e in staged for c in e.cells if c.new}


@posix_only
def test_a_running_windows_set_is_not_taken_and_a_killed_ones_is_taken_whole(
        tmp_path: Path, windows: list[subprocess.Popen[str]]) -> None:
    calm = start(windows, tmp_path, "calm", 30)
    busy = start(windows, tmp_path, "busy", -1)  # saving as fast as it can, until killed
    read_until(calm, "done")
    read_until(busy, "40")
    # Both run: nothing of theirs is taken, however often we try.
    for _ in range(5):
        assert take_over_staged(DraftStore(tmp_path), StagedEdits(), "local").taken == ()
    busy.send_signal(signal.SIGKILL)  # mid-save, most likely
    busy.wait(timeout=30)
    assert busy.stdout is not None
    said = [int(line) for line in busy.stdout.read().split() if line.isdigit()]
    last = said[-1] if said else 40
    taker = DraftStore(tmp_path)
    restored = take_over_staged(taker, StagedEdits(), "local")
    assert restored.problems == ()  # the file was whole: never half of one
    assert len(restored.taken) == 1
    got = cells_of(restored.edits)
    # Every save it said it made is there (the one it was making when killed may be too).
    assert {f"busy:{i}" for i in range(last)} <= got <= {f"busy:{i}" for i in range(last + 1)}
    calm.send_signal(signal.SIGKILL)
    calm.wait(timeout=30)
    later = take_over_staged(taker, restored.edits or StagedEdits(), "local")
    assert cells_of(later.edits) == got | {f"calm:{i}" for i in range(30)}
    assert taker.leftover_edits() == []
    assert sorted(p.name for p in taker.edits.folder.iterdir() if not p.name.startswith(".")) == \
        sorted([taker.edits_path.name, lock_path(taker.edits_path).name])  # the killed windows' locks too


@posix_only
def test_two_processes_starting_at_once_take_each_left_set_once(
        tmp_path: Path, windows: list[subprocess.Popen[str]]) -> None:
    gone = [start(windows, tmp_path, f"w{n}", 12) for n in range(4)]
    for proc in gone:
        read_until(proc, "done")
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    taker = textwrap.dedent("""
        import sys
        from pathlib import Path
        from dynoview.core.drafts.store import DraftStore
        from dynoview.core.edits.persist import take_over_staged
        from dynoview.core.edits.staging import StagedEdits
        restored = take_over_staged(DraftStore(Path(sys.argv[1])), StagedEdits(), "local")
        print(" ".join(sorted(c.new["S"].rstrip("x") for e in restored.edits or [] for c in e.cells)),
              flush=True)
        sys.stdin.read()  # the window stays open (a window that quits leaves its set in turn)
    """)
    procs = [subprocess.Popen([sys.executable, "-c", taker, str(tmp_path)], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
             for _ in range(2)]
    windows.extend(procs)
    said = [proc.stdout.readline() for proc in procs if proc.stdout is not None]
    for proc in procs:
        proc.communicate(timeout=60)  # both have answered: now they may quit
    found = [cell for line in said for cell in line.split()]
    assert sorted(found) == sorted(f"w{n}:{i}" for n in range(4) for i in range(12))


def test_two_locks_of_one_path_exclude_each_other_in_one_process(tmp_path: Path) -> None:
    path = tmp_path / "w.lock"
    first = WindowLock.take(path)
    assert first is not None and first.held
    assert WindowLock.take(path) is None and not lock_is_free(path)
    first.release()
    assert not path.exists() and lock_is_free(path)
    again = WindowLock.take(path)
    assert again is not None
    path.unlink()  # removed under it (a wiped folder): no longer held
    assert not again.held


def test_a_window_whose_folder_was_wiped_locks_again_before_writing(tmp_path: Path) -> None:
    store = DraftStore(tmp_path)
    store.save_current(Draft(request={"TransactItems": [{}]}))
    for path in store.current.folder.iterdir():
        path.unlink()
    store.save_current(Draft(request={"TransactItems": [{}, {}]}))
    assert store.current.owned
    assert DraftStore(tmp_path).current.leftovers() == []  # still this window's, not a leftover


def test_the_builders_newest_left_work_is_restored_and_the_others_kept_as_named_drafts(
        tmp_path: Path) -> None:
    older, newer, running = DraftStore(tmp_path), DraftStore(tmp_path), DraftStore(tmp_path)
    older.save_current(Draft(request={"TransactItems": [{}]}, table="older"))
    os.utime(older.current_path, (1_000_000, 1_000_000))
    newer.save_current(Draft(request={"TransactItems": [{}, {}]}, table="newer"))
    running.save_current(Draft(request={"TransactItems": [{}, {}, {}]}, table="running"))
    older.release()
    newer.release()
    assert DraftStore(tmp_path).has_leftover_work()
    start_ = DraftStore(tmp_path)
    loaded = start_.load_current()
    assert loaded.draft is not None and loaded.draft.table == "newer"
    assert len(loaded.kept_as) == 1 and loaded.kept_as[0].startswith("Unsent work of another window, saved ")
    assert start_.open_named(loaded.kept_as[0]).table == "older"
    assert start_.load_current().draft.table == "newer"  # type: ignore[union-attr]  # its own now
    assert not DraftStore(tmp_path).has_leftover_work()  # "running" still runs: not a leftover
    assert running.load_current().draft.table == "running"  # type: ignore[union-attr]


def test_work_left_at_the_same_second_is_kept_as_two_named_drafts(tmp_path: Path) -> None:
    gone = [DraftStore(tmp_path) for _ in range(3)]
    for n, store in enumerate(gone):
        store.save_current(Draft(request={"TransactItems": [{}] * (n + 1)}))
        path = store.current_path
        # Every work saved at the same second: the names differ, nothing is written over.
        path.write_text(path.read_text().replace('"saved_at": ', '"saved_at": 1700000000.0, "x": '))
        os.utime(path, (2_000_000 + n, 2_000_000 + n))
        store.release()
    taker = DraftStore(tmp_path)
    loaded = taker.load_current()
    assert loaded.draft is not None and loaded.draft.action_count == 3  # the newest file
    assert len(set(loaded.kept_as)) == 2
    assert sorted(taker.open_named(n).action_count for n in loaded.kept_as) == [1, 2]


def test_a_new_file_is_never_written_over(tmp_path: Path) -> None:
    from dynoview.core.drafts.store import write_new_private_text

    path = tmp_path / "a.json"
    assert write_new_private_text(path, "first") is True
    assert write_new_private_text(path, "second") is False
    assert path.read_text() == "first" and [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_a_kill_while_taking_over_builder_work_leaves_no_second_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Killed after writing the work into its own file, before removing the left file: the next
    window finds the same work twice, restores it once and keeps no named copy of it."""
    from dynoview.core.drafts.window_files import Held

    gone = DraftStore(tmp_path)
    gone.save_current(Draft(request={"TransactItems": [{}, {}]}, table="accounts"))
    gone.release()
    taker = DraftStore(tmp_path)

    def killed(self: Held) -> None:
        raise KeyboardInterrupt  # a signal after the taker's own file was written

    monkeypatch.setattr(Held, "remove", killed)
    with pytest.raises(KeyboardInterrupt):
        taker.load_current()
    monkeypatch.undo()
    taker.release()  # the taker is killed too: its file and the left one hold the same work
    assert len(DraftStore(tmp_path).current.leftovers()) == 2
    start_ = DraftStore(tmp_path)
    loaded = start_.load_current()
    assert loaded.draft is not None and loaded.draft.table == "accounts" and loaded.draft.action_count == 2
    assert loaded.kept_as == ()
    assert start_.list_named() == ([], [])
    assert start_.current.leftovers() == []  # both taken: the work is in this window's file only


@posix_only
def test_taken_over_and_kept_work_is_private_whatever_the_umask(tmp_path: Path) -> None:
    """Every file a take-over writes (this window's files, a named copy of other work, locks)
    is 0600 and every folder 0700, under a umask of 000."""
    from dynoview.core.edits.persist import save_staged
    from dynoview.core.session.tables import KeyAttribute, TableInfo

    info = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
    previous = os.umask(0)
    try:
        for n in range(2):
            gone = DraftStore(tmp_path / "drafts")
            gone.save_current(Draft(request={"TransactItems": [{}] * (n + 1)}))
            staged = StagedEdits()
            staged.stage(info, {"PK": {"S": f"ACCT#{n}"}, "SK": {"S": "PROFILE"}}, "name",
                         {"S": f"v{n}"}, connection="local")
            save_staged(gone, staged)
            os.utime(gone.current_path, (1_000_000 + n, 1_000_000 + n))
            gone.release()
        taker = DraftStore(tmp_path / "drafts")
        loaded = taker.load_current()
        restored = take_over_staged(taker, StagedEdits(), "local")
    finally:
        os.umask(previous)
    assert loaded.draft is not None and len(loaded.kept_as) == 1
    assert restored.edits is not None and restored.edits.count == 2
    seen = {p.relative_to(tmp_path).as_posix(): stat.S_IMODE(p.lstat().st_mode)
            for p in (tmp_path / "drafts").rglob("*")}
    assert {"drafts/named", "drafts/current", "drafts/staged-edits"} <= set(seen)
    assert any(name.startswith("drafts/named/") for name in seen)
    assert {name: m for name, m in seen.items() if (tmp_path / name).is_dir() and m != 0o700} == {}
    assert {name: m for name, m in seen.items() if (tmp_path / name).is_file() and m != 0o600} == {}
