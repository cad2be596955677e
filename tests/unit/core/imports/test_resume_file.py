"""The import's progress file is written like every other file DynoView writes: under an
exclusive temporary name (a file planted at a guessable name is never written into nor
renamed into place), 0600, and without changing the mode of a folder the user chose."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.imports import resume


def _progress(tmp_path: Path) -> resume.Progress:
    data = tmp_path / "items.jsonl"
    data.write_text('{"PK": "a"}\n')
    return resume.Progress(resume.file_identity(data), "t", "http://localhost:1", "batch",
                           batches=7, items=175)


def test_a_file_planted_at_the_old_temporary_name_is_never_used(tmp_path: Path) -> None:
    """The old save wrote into ``.<name>.<pid>.tmp`` with O_TRUNC and renamed it: a file another
    user left there (0666 in a shared folder) became the progress file, theirs to edit (a
    larger ``batches`` makes a resume skip items never written)."""
    shared = tmp_path / "shared"
    shared.mkdir()
    path = shared / "progress.json"
    planted = shared / f".{path.name}.{os.getpid()}.tmp"
    planted.write_text("planted")
    planted.chmod(0o666)
    planted_inode = planted.stat().st_ino
    resume.save(path, _progress(tmp_path))
    assert path.stat().st_ino != planted_inode
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert planted.read_text() == "planted"  # not written into either
    loaded = resume.load(path)
    assert loaded is not None and (loaded.batches, loaded.items) == (7, 175)
    assert sorted(p.name for p in shared.iterdir()) == sorted([path.name, planted.name])


def test_a_folder_the_user_chose_keeps_its_mode(tmp_path: Path) -> None:
    """``--progress-file`` in an existing folder: the folder is the user's, left as it is (a
    missing one is made 0700)."""
    chosen = tmp_path / "work"
    chosen.mkdir()
    chosen.chmod(0o755)
    resume.save(chosen / "progress.json", _progress(tmp_path))
    assert stat.S_IMODE(chosen.stat().st_mode) == 0o755
    made = tmp_path / "new" / "deeper"
    resume.save(made / "progress.json", _progress(tmp_path))
    assert stat.S_IMODE(made.stat().st_mode) == 0o700
    assert stat.S_IMODE((made / "progress.json").stat().st_mode) == 0o600


def test_an_existing_progress_file_is_tightened(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{}")
    path.chmod(0o644)
    resume.save(path, _progress(tmp_path))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_folder_given_as_the_progress_file_is_named_as_a_folder(tmp_path: Path) -> None:
    """Never "remove it to import from the start": the folder may hold the user's files."""
    with pytest.raises(DynoViewError) as raised:
        resume.load(tmp_path)
    message = raised.value.message
    assert "is a folder: give a file path for --progress-file" in message
    assert "remove" not in message
    assert tmp_path.is_dir()
