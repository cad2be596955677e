"""The start-up check of a damaged settings file, and the mode check after a save, never change
the file a link at the settings path points to (chmod follows links)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from dynoview.core.session.private_files import tighten_file

pytestmark = [pytest.mark.security, pytest.mark.skipif(os.name != "posix", reason="POSIX links and modes")]


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_tighten_file_leaves_a_link_and_what_it_points_to_alone(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("someone else's\n")
    target.chmod(0o644)
    link = tmp_path / "settings.ini"
    link.symlink_to(target)
    tighten_file(link)
    assert mode(target) == 0o644 and link.is_symlink()
    plain = tmp_path / "plain.ini"
    plain.write_text("")
    plain.chmod(0o644)
    tighten_file(plain)  # a regular file is still tightened
    assert mode(plain) == 0o600


def test_a_damaged_settings_link_is_set_aside_without_touching_its_target(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dynoview.ui import settings as saved

    target = tmp_path / "notes.bin"
    target.write_bytes(b"\x00binary data of another program\n")
    target.chmod(0o644)
    path = tmp_path / "config" / "settings.ini"
    path.parent.mkdir(mode=0o700)
    path.symlink_to(target)
    monkeypatch.setattr(saved, "settings_path", lambda: path)
    problem = saved.recover_if_corrupt()
    assert problem is not None and problem.moved_to is not None
    assert problem.moved_to.is_symlink()  # the link was renamed, not what it points to
    assert mode(target) == 0o644
    assert target.read_bytes() == b"\x00binary data of another program\n"
