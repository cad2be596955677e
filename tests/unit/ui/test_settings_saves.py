"""Saved connections on disk, as a user meets them: two processes saving at once, a kill
mid-save, a full disk, a password in an endpoint URL, and two connection dialogs at once."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui import settings as saved
from dynoview.ui.settings_save import SettingsSaveError

ROOT = Path(__file__).resolve().parents[3]


def store(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


def names(path: Path) -> list[str]:
    return [s.name for s in saved.load_connections(store(path))[0]]


def run(code: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], cwd=ROOT, text=True,
                          capture_output=True, check=check, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


SAVER = """
import sys
from pathlib import Path
from PySide6.QtCore import QSettings
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.settings import save_connection, delete_connection
path, who, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()  # both start together
for n in range(rounds):
    store = QSettings(path, QSettings.Format.IniFormat)
    # The same size every round (only the region changes), then a new entry.
    save_connection(ConnectionSpec(name=f"{who}-edit", region="eu-west-1" if n % 2 else "eu-west-2"), store)
    save_connection(ConnectionSpec(name=f"{who}-{n:03d}", endpoint_url="http://localhost:8000"), store)
    delete_connection(f"{who}-{n - 1:03d}", store) if n % 3 == 1 else None
"""


def test_two_processes_saving_at_once_keep_every_connection(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    rounds = 40
    procs = [subprocess.Popen([sys.executable, "-c", SAVER, str(path), who, str(rounds)], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}) for who in ("a", "b")]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for proc in procs:
        _out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    deleted = {n - 1 for n in range(rounds) if n % 3 == 1}
    expected = {f"{who}-{n:03d}" for who in "ab" for n in range(rounds) if n not in deleted}
    assert set(names(path)) == expected | {"a-edit", "b-edit"}
    assert len(names(path)) == len(expected) + 2  # none twice
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not [p.name for p in tmp_path.iterdir() if p.name not in ("settings.ini", "settings.ini.lock")]


def test_two_connection_dialogs_open_at_once_keep_both_new_connections(qtbot) -> None:
    from PySide6.QtWidgets import QMessageBox

    from dynoview.ui.window.connection_dialog import ConnectionDialog

    saved.save_connections([ConnectionSpec(name="old", region="eu-west-1")])
    first, second = ConnectionDialog(), ConnectionDialog()  # both read "old" only
    for dialog, name in ((first, "from-first"), (second, "from-second")):
        qtbot.addWidget(dialog)
        dialog._new()
        dialog.name.setText(name)
        dialog.endpoint.setText("http://localhost:8000")
        dialog._save()
    assert [s.name for s in saved.load_connections()[0]] == ["old", "from-first", "from-second"]
    assert [s.name for s in second.specs] == ["old", "from-first", "from-second"]  # shown too
    second.list.setCurrentRow(1)  # "old": deleting it keeps what the first dialog saved
    second._delete()  # asks first (tests/gui/test_confirm_deletes.py): answered Delete
    box = second.delete_box
    assert box is not None and box.text() == "Delete the saved connection “old”?"
    next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole).click()
    assert [s.name for s in saved.load_connections()[0]] == ["from-first", "from-second"]
    saved.save_connections([])


def test_a_password_in_the_endpoint_url_is_never_saved(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    spec = ConnectionSpec(name="proxy", endpoint_url="http://ada:CanaryPassw0rd@localhost:8000")
    specs, note = saved.save_connection(spec, store(path))
    saved.save_connections([spec, ConnectionSpec(name="other")], store(path))
    assert "CanaryPassw0rd" not in path.read_text() and "ada" not in path.read_text()
    assert specs[0].endpoint_url == "http://localhost:8000"
    assert note is not None and "password in the endpoint URL are not saved" in note
    assert saved.save_connection(ConnectionSpec(name="plain"), store(path))[1] is None


def test_entries_that_cannot_be_read_stay_when_one_is_added(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    s = store(path)
    s.setValue(saved.CONNECTIONS_KEY, json.dumps([{"name": "ok"}, {"profile": "nameless"}, 7]))
    s.sync()
    del s
    saved.save_connection(ConnectionSpec(name="new"), store(path))
    raw = json.loads(store(path).value(saved.CONNECTIONS_KEY))
    assert raw == [{"name": "ok"}, {"profile": "nameless"}, 7, {"name": "new", "read_only": False}]


def test_a_wider_settings_file_is_private_after_a_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    path.write_text("[appearance]\ntheme=dark\n")
    path.chmod(0o644)
    saved.save_connection(ConnectionSpec(name="x"), store(path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert store(path).value(saved.THEME_KEY) == "dark"  # the other keys stay


KILLED = """
import os, sys
from PySide6.QtCore import QSettings
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.settings import save_connection
os.replace = lambda *a: os._exit(9)  # killed once the new file is written, before it replaces the old
save_connection(ConnectionSpec(name="second"), QSettings(sys.argv[1], QSettings.Format.IniFormat))
"""


def test_a_kill_mid_save_leaves_the_previous_file_and_the_next_save_sweeps_its_copy(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    saved.save_connection(ConnectionSpec(name="first"), store(path))
    before = path.read_bytes()
    assert run(KILLED, str(path), check=False).returncode == 9
    assert path.read_bytes() == before
    left = [p for p in tmp_path.iterdir() if p.name.startswith(".settings.ini.tmp-")]
    assert left  # the killed save's copy, whole but never renamed
    # The next start sweeps it (a process started after the copy was written: its clock has
    # 10 ms steps, so the copy is dated an hour back); the dead process's Qt lock is taken over.
    for copy in left:
        os.utime(copy, (copy.stat().st_atime - 3600, copy.stat().st_mtime - 3600))
    run(THIRD, str(path))
    assert names(path) == ["first", "third"]
    assert not [p for p in left if p.exists()]


THIRD = """
import sys
from PySide6.QtCore import QSettings
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.settings import save_connection
save_connection(ConnectionSpec(name="third"), QSettings(sys.argv[1], QSettings.Format.IniFormat))
"""
FULL = """
import resource, signal, sys
from PySide6.QtCore import QSettings
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.settings import save_connection
from dynoview.ui.settings_save import SettingsSaveError
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG), as on a full disk
size = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
try:
    save_connection(ConnectionSpec(name="x" * 4000), QSettings(sys.argv[1], QSettings.Format.IniFormat))
except SettingsSaveError as exc:
    print(exc.message)
else:
    print("saved")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_full_disk_keeps_the_previous_file_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    saved.save_connection(ConnectionSpec(name="kept"), store(path))
    before = path.read_bytes()
    out = run(FULL, str(path), str(len(before) + 100)).stdout
    assert "could not be saved to the settings file" in out
    assert "settings saved before are kept" in out
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".settings.ini.tmp-")]


def test_the_dialog_says_a_failed_save_and_keeps_the_list(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    from dynoview.ui import settings_save
    from dynoview.ui.window.connection_dialog import ConnectionDialog

    saved.save_connections([ConnectionSpec(name="old")])
    dialog = ConnectionDialog()
    qtbot.addWidget(dialog)

    def full(*_args: object) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(settings_save.os, "fsync", full)
    dialog._new()
    dialog.name.setText("new")
    dialog._save()
    assert "No space left on device" in dialog.message.text()
    assert "kept as they were" in dialog.message.text()
    monkeypatch.undo()
    assert [s.name for s in saved.load_connections()[0]] == ["old"]
    assert [s.name for s in dialog.specs] == ["old"]
    saved.save_connections([])


def test_a_settings_file_held_locked_too_long_is_a_sentence(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtCore import QLockFile

    from dynoview.ui import settings_save

    path = tmp_path / "settings.ini"
    other = QLockFile(f"{path}.lock")
    assert other.tryLock(0)
    monkeypatch.setattr(settings_save, "LOCK_WAIT_MS", 0)
    with pytest.raises(SettingsSaveError, match=r"kept the settings file .* locked"):
        saved.save_connection(ConnectionSpec(name="x"), store(path))
    other.unlock()
    saved.save_connection(ConnectionSpec(name="x"), store(path))
    assert names(path) == ["x"]


def test_a_link_at_the_settings_path_is_a_sentence_at_save_not_a_crash_at_start(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.ini"
    target.write_text("")
    link = saved.settings_path()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.unlink(missing_ok=True)
    link.symlink_to(target)
    try:
        store = saved.settings()  # was PrivateFileError, out of the start-up
        with pytest.raises(SettingsSaveError, match="symbolic link"):
            saved.save_connection(ConnectionSpec(name="x"), store)
        assert target.read_text() == ""
    finally:
        link.unlink()
