"""A symbolic link at the settings file (a dotfiles manager's) is never written through: the
window's layout on close, the recent tables and the column widths are refused like every other
save, said once, and the session keeps working on a copy of what the link's file holds."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest
from PySide6.QtCore import QSize

from dynoview.ui import settings as saved
from dynoview.ui.main_window import MainWindow

pytestmark = [pytest.mark.gui, pytest.mark.skipif(os.name != "posix", reason="POSIX links and modes")]
VICTIM = "[victim]\nuntouched=true\n[appearance]\ntheme=dark\n"


@pytest.fixture
def linked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """``settings.ini`` is a link to a 0644 file elsewhere, which holds settings of its own."""
    victim = tmp_path / "dotfiles" / "dynoview.ini"
    victim.parent.mkdir()
    victim.write_text(VICTIM)
    victim.chmod(0o644)
    path = tmp_path / "config" / "settings.ini"
    path.parent.mkdir(mode=0o700)
    path.symlink_to(victim)
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    return path, victim


def untouched(path: Path, victim: Path) -> bool:
    return (path.is_symlink() and victim.read_text() == VICTIM
            and stat.S_IMODE(victim.stat().st_mode) == 0o644)


def test_the_window_layout_saved_on_close_is_not_written_through_the_link(
        qtbot, qasync_loop, linked: tuple[Path, Path]) -> None:
    path, victim = linked
    win = MainWindow()
    qtbot.addWidget(win)
    assert saved.load_theme() == "dark"  # what the link's file holds is read
    win.resize(700, 560)
    win.save_state()  # what closing the window does
    assert untouched(path, victim)
    again = MainWindow()  # the session keeps the layout, in its copy
    qtbot.addWidget(again)
    assert again.size() == QSize(700, 560)
    assert untouched(path, victim)


def test_recent_tables_and_column_widths_are_not_written_through_the_link(
        qapp, linked: tuple[Path, Path]) -> None:
    path, victim = linked
    saved.add_recent_table("local", "accounts")
    saved.save_column_widths("local", "accounts", {"PK": 240})
    store = saved.settings()
    saved.add_recent_table("local", "orders", store)  # a store the caller holds: the same
    assert untouched(path, victim)
    assert saved.recent_tables("local") == ["orders", "accounts"]  # kept for the session
    assert saved.column_widths("local", "accounts") == {"PK": 240}
    # What the user asks to save is refused with the sentence, as before.
    assert "symbolic link" in (saved.save_theme("light") or "")
    assert untouched(path, victim)


def test_the_link_is_said_once(qapp, linked: tuple[Path, Path], caplog: pytest.LogCaptureFixture) -> None:
    path, _victim = linked
    with caplog.at_level(logging.WARNING):
        for name in ("a", "b", "c"):
            saved.add_recent_table("local", name)
            saved.load_theme()
    said = [r for r in caplog.records if str(path) in r.getMessage()]
    assert len(said) == 1, [r.getMessage() for r in said]
    assert "symbolic link" in said[0].getMessage() and "for this session" in said[0].getMessage()


def test_the_session_copy_is_private_and_removed_at_exit(qapp, linked: tuple[Path, Path]) -> None:
    from dynoview.core.session import leftovers

    path, victim = linked
    saved.add_recent_table("local", "accounts")
    copies = [p for p in path.parent.iterdir() if p.name.startswith(".settings.ini.tmp-")]
    assert len(copies) == 1 and stat.S_IMODE(copies[0].stat().st_mode) == 0o600
    assert copies[0] in leftovers._tracked  # removed at exit, on SIGTERM and SIGHUP
    assert untouched(path, victim)
