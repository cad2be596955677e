"""``SourceWatch``: the import's write pass passes on only records of the file as its check (the
preview) found it, and stops before the first record of a file changed since (edited in place,
appended to, replaced, removed; an S3 export's data file too). Before, nothing compared them:
"500 of 400 items written", the 100 appended and the changed item never previewed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from dynoview.core.imports.model import S3_EXPORT, ImportFormatError, Located
from dynoview.core.imports.source import SourceChanged, SourceWatch, read_records
from tests.unit.core.imports.samples import document, write_s3_export


def _lines(path: Path, count: int, value: str = "original") -> Path:
    path.write_text("".join(json.dumps({"pk": f"item{n:03d}", "v": value}) + "\n" for n in range(count)))
    return path


def _checked(path: Path, fmt: str = "jsonl") -> SourceWatch:
    watch = SourceWatch(path)
    assert all(isinstance(r, Located) for r in watch.checking(read_records(path, fmt)))
    return watch


def _bump(path: Path) -> None:
    """A change whose modification time a coarse clock could leave as it was: made visible."""
    info = path.stat()
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))


def test_an_unchanged_file_passes_every_record(tmp_path: Path) -> None:
    path = _lines(tmp_path / "data.jsonl", 50)
    watch = _checked(path)
    assert len(list(watch.writing(read_records(path, "jsonl")))) == 50
    assert len(list(watch.writing(read_records(path, "jsonl")))) == 50  # (a second write pass too)


def test_a_file_changed_before_the_write_pass_stops_it_before_its_first_record(tmp_path: Path) -> None:
    path = _lines(tmp_path / "data.jsonl", 50)
    watch = _checked(path)
    with path.open("a") as f:  # appended to, in place
        f.write(json.dumps({"pk": "item999", "v": "APPENDED"}) + "\n")
    passed = []
    with pytest.raises(SourceChanged) as stopped:
        for record in watch.writing(read_records(path, "jsonl")):
            passed.append(record)
    assert passed == []
    assert "its size went from" in stopped.value.message
    assert "changed after the preview checked it" in stopped.value.message
    assert "no item of this run was written" in stopped.value.message


def test_a_file_rewritten_in_place_during_the_write_pass_stops_at_the_next_record(tmp_path: Path) -> None:
    path = _lines(tmp_path / "data.jsonl", 50)
    inode = path.stat().st_ino
    watch = _checked(path)
    records = watch.writing(read_records(path, "jsonl"))
    first = [next(records) for _ in range(10)]
    assert [r.item["v"]["S"] for r in first if isinstance(r, Located)] == ["original"] * 10
    with path.open("r+") as f:  # the same size, the same inode: one value changed
        text = f.read().replace('"item020", "v": "original"', '"item020", "v": "CHANGED!"')
        f.seek(0)
        f.write(text)
    _bump(path)
    assert path.stat().st_ino == inode
    with pytest.raises(SourceChanged, match="it was written to"):
        next(records)


def test_a_replaced_or_removed_file_stops_the_write_pass(tmp_path: Path) -> None:
    path = _lines(tmp_path / "data.jsonl", 5)
    watch = _checked(path)
    _lines(tmp_path / "new.jsonl", 5).replace(path)
    with pytest.raises(SourceChanged, match="replaced by another file"):
        list(watch.writing(read_records(path, "jsonl")))
    watch = _checked(path)
    records = watch.writing(read_records(path, "jsonl"))
    next(records)
    path.unlink()
    with pytest.raises(SourceChanged, match="it was removed"):
        next(records)


def test_written_is_said_in_the_sentence(tmp_path: Path) -> None:
    stop = SourceChanged(tmp_path / "data.jsonl", "it was written to")
    stop.written = 300  # (as run_import sets it once the batches in flight are answered)
    assert "300 item(s) were written before it, each as the preview checked it" in stop.message
    assert stop.args == (stop.message,)
    assert stop.message.endswith("a resume of a changed file is refused).")


def test_a_file_changed_while_it_was_checked_is_refused(tmp_path: Path) -> None:
    path = _lines(tmp_path / "data.jsonl", 20)
    watch = SourceWatch(path)
    records = watch.checking(read_records(path, "jsonl"))
    next(records)
    with path.open("a") as f:
        f.write(json.dumps({"pk": "late"}) + "\n")
    with pytest.raises(ImportFormatError, match="changed while it was being checked"):
        list(records)
    with pytest.raises(RuntimeError):  # never written unchecked
        next(watch.writing(read_records(path, "jsonl")))


def test_an_s3_export_data_file_changed_after_the_check_stops_the_write_pass(tmp_path: Path) -> None:
    folder = write_s3_export(tmp_path, [document(n) for n in range(10)], files=2)
    watch = _checked(folder, S3_EXPORT)
    (folder / "notes.txt").write_text("a file of the user's, kept in the folder: not read")
    assert len(list(watch.writing(read_records(folder, S3_EXPORT)))) == 10
    data = folder / "data" / "part1.json.gz"
    records = watch.writing(read_records(folder, S3_EXPORT))
    assert isinstance(next(records), Located)  # part0's first item
    data.write_bytes(data.read_bytes() + b"\0")
    with pytest.raises(SourceChanged) as stopped:
        list(records)
    assert stopped.value.path == data
