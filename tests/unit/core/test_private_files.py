"""The one rule for files the app writes: 0600 files, 0700 folders, whatever the umask."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.session.private_files import open_private, private_dir, tighten_file, write_private_text

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX modes")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(params=[0o022, 0o000], ids=["umask-022", "umask-000"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    """The usual umask, and none at all: the mode must not depend on it."""
    previous = os.umask(request.param)
    yield request.param
    os.umask(previous)


def test_private_dir_creates_every_missing_level_0700(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "a" / "b" / "c"
    assert private_dir(target) == target
    for folder in (tmp_path / "a", tmp_path / "a" / "b", target):
        assert mode(folder) == 0o700, folder
    private_dir(target)  # again: nothing to do, no error
    assert mode(target) == 0o700


def test_private_dir_tightens_the_owned_folders_only(tmp_path: Path, umask: int) -> None:
    shared = tmp_path / "shared"  # ~/.local/share: not ours, left as it is
    top = shared / "DynoView"
    (top / "demo").mkdir(parents=True)
    for folder in (shared, top, top / "demo"):
        folder.chmod(0o755)
    private_dir(top / "demo" / "sub", top=top)
    assert mode(shared) == 0o755
    assert [mode(f) for f in (top, top / "demo", top / "demo" / "sub")] == [0o700] * 3


def test_open_private_creates_0600(tmp_path: Path, umask: int) -> None:
    for name, how in (("w.txt", "w"), ("a.bin", "ab"), ("x.txt", "x"), ("rw.bin", "a+b")):
        with open_private(tmp_path / name, how) as fh:
            fh.write(b"data" if "b" in how else "data")
        assert mode(tmp_path / name) == 0o600, name
        assert (tmp_path / name).read_bytes() == b"data"


def test_append_tightens_an_existing_wide_file_and_keeps_its_content(tmp_path: Path, umask: int) -> None:
    path = tmp_path / "actions.jsonl"
    path.write_text("old\n")
    path.chmod(0o644)
    with open_private(path, "a") as fh:
        fh.write("new\n")
    assert mode(path) == 0o600
    assert path.read_text() == "old\nnew\n"


def test_write_private_text_replaces_and_tightens(tmp_path: Path, umask: int) -> None:
    path = tmp_path / "export.csv"
    path.write_text("a much longer old content\n")
    path.chmod(0o666)
    write_private_text(path, "email\nada@lovelace.io\n")
    assert path.read_text() == "email\nada@lovelace.io\n" and mode(path) == 0o600


def test_tighten_file_leaves_a_missing_file_missing(tmp_path: Path) -> None:
    tighten_file(tmp_path / "none.ini")
    assert not (tmp_path / "none.ini").exists()
    (tmp_path / "s.ini").write_text("")
    (tmp_path / "s.ini").chmod(0o644)
    tighten_file(tmp_path / "s.ini")
    assert mode(tmp_path / "s.ini") == 0o600


def test_reading_modes_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="modes w, a and x"):
        open_private(tmp_path / "f", "r")
