"""A dialog open on a subject holds its lock while it is open (``DialogTexts.hold``): another
DynoView process neither lists its live text as kept by a closed session nor deletes it, and
once that process is gone (even killed) the text is offered and can be discarded again."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.drafts.dialog_texts import DialogTexts, item_subject

ROOT = Path(__file__).resolve().parents[4]
ITEM = item_subject("local @ http://127.0.0.1:8000, us-east-1", "accounts",
                    {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}})
TYPED = {"json": '{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "note": {"S": "half'}
BASE = {"json": "{}"}

#: Another DynoView process with the item's dialog open: holds its lock and keeps its text.
HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from dynoview.core.drafts.dialog_texts import DialogTexts, item_subject
    texts = DialogTexts(Path(sys.argv[1]))
    subject = item_subject("local @ http://127.0.0.1:8000, us-east-1", "accounts",
                           {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}})
    lock = texts.hold(subject)
    assert lock is not None
    texts.keep(subject, {"json": sys.argv[2]}, {"json": "{}"})
    print("held", flush=True)
    time.sleep(120)
""")


@pytest.fixture
def other_process(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """A second process typing in the item's dialog; killed (-9) by the test or after it."""
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path / "drafts"), TYPED["json"]],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline().strip()
        assert line == "held", child.stderr.read() if child.stderr else ""
        yield child
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate(timeout=30)


def kill(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGKILL)  # no cleanup of its own: the OS drops its lock
    child.wait(timeout=30)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_another_processs_open_text_is_neither_listed_nor_deleted_until_it_is_gone(
        tmp_path: Path, other_process: subprocess.Popen[str]) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    assert texts.in_use(ITEM)
    assert texts.hold(ITEM) is None  # a second dialog on it: open elsewhere
    assert texts.kept() == ([], [])  # its live text, not one a closed session kept
    assert texts.discard(ITEM) is None
    kept, problem = texts.load(ITEM)
    assert problem is None and kept is not None and dict(kept.fields) == TYPED  # still there

    kill(other_process)
    assert texts.lock_path(ITEM).exists()  # left by the killed process: free all the same
    assert not texts.in_use(ITEM)
    listed, problems = texts.kept()
    assert problems == [] and [dict(k.fields) for k in listed] == [TYPED]
    lock = texts.hold(ITEM)
    assert lock is not None
    kept, _ = texts.load(ITEM)
    assert kept is not None and dict(kept.fields) == TYPED  # offered at the next open
    assert texts.discard(ITEM, lock) is None  # the holder's own answer deletes it
    assert texts.load(ITEM) == (None, None)
    lock.release()
    assert not texts.lock_path(ITEM).exists()


def test_two_dialogs_of_one_process_exclude_each_other_and_the_lock_is_never_a_kept_text(
        tmp_path: Path) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    first = texts.hold(ITEM)
    assert first is not None and texts.hold(ITEM) is None and texts.in_use(ITEM)
    assert not texts.has_kept() and texts.kept() == ([], [])  # the lock file is no kept text
    texts.keep(ITEM, TYPED, BASE)
    assert texts.kept() == ([], [])  # being typed now: the start strip does not count it
    assert texts.discard(ITEM) is None and texts.load(ITEM)[0] is not None  # not its holder
    first.release()
    assert [dict(k.fields) for k in texts.kept()[0]] == [TYPED]
    assert texts.discard(ITEM) is None and texts.load(ITEM) == (None, None)  # nobody holds it
