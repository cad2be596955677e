"""Hostile export folders and temporary folders, on real files: the export audit's DuckDB
database lives in a private folder of its own inside --temp-dir (never at a fixed name, never
through a link, never shared by two audits), a data file reached through a link leading out of
the export folder is refused, a manifest listing a file twice is refused, a truncated gzip file
is named, and files with no checksum are said to be unverified (audit and import alike)."""

from __future__ import annotations

import gzip
import json
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.errors import CancelledError
from dynoview.core.exports.audit import ExportAuditOptions, ExportProgress, audit_exports
from dynoview.core.exports.manifest import ExportError, open_export, read_manifest
from dynoview.core.imports.model import ImportFormatError, Located
from dynoview.core.imports.source import read_records
from dynoview.core.uniqueness.schema import default_schema
from tests.unit.core.imports.samples import dataset, write_s3_export

DB = "export-audit.duckdb"
SCHEMA = default_schema(None)


def _export(root: Path, *, files: int = 2, checksums: bool = True) -> Path:
    """A clean export (accounts with both locks) of ``files`` data files, part0.json.gz, ..."""
    folder = write_s3_export(root, dataset(6, 2), files=files)
    if not checksums:
        _rewrite(folder, lambda entries: [{k: v for k, v in e.items() if k not in ("md5Checksum", "etag")}
                                          for e in entries])
    return folder


def _rewrite(folder: Path, change: Any) -> None:
    """Rewrite manifest-files.json with ``change(entries)``, the summary's itemCount kept equal."""
    path = folder / "manifest-files.json"
    entries = change([json.loads(line) for line in path.read_text().splitlines() if line.strip()])
    path.write_text("".join(json.dumps(e) + "\n" for e in entries))
    summary = json.loads((folder / "manifest-summary.json").read_text())
    summary["itemCount"] = sum(e["itemCount"] for e in entries)
    (folder / "manifest-summary.json").write_text(json.dumps(summary))


def _audit(folder: Path, **options: Any) -> Any:
    return audit_exports([str(folder)], SCHEMA, options=ExportAuditOptions(**options))


def _tree(root: Path) -> list[Path]:
    return sorted(p.relative_to(root) for p in root.rglob("*"))


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["audit", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


# --------------------------------------------------------------------------- 4: --temp-dir


def test_temp_dir_database_lives_in_a_private_folder_of_its_own(tmp_path: Path) -> None:
    folder, work = _export(tmp_path / "exp"), tmp_path / "work"
    work.mkdir(mode=0o755)
    seen: list[tuple[Path, int]] = []

    def progress(p: ExportProgress) -> None:
        if p.stage.startswith(("reading the data files", "applying")) and not seen:
            seen.extend((path, stat.S_IMODE(path.parent.stat().st_mode)) for path in work.rglob(DB))

    audit_exports([str(folder)], SCHEMA, options=ExportAuditOptions(temp_directory=work),
                  progress=progress)
    assert len(seen) == 1, seen
    database, mode = seen[0]
    assert database.parent != work and database.parent.parent == work
    assert database.parent.name.startswith(f"dynoview-audit-{os.getpid()}-") and mode == 0o700
    assert _tree(work) == []  # removed after
    assert stat.S_IMODE(work.stat().st_mode) == 0o755  # the user's folder keeps its mode


def test_a_link_planted_at_the_database_name_is_never_followed(tmp_path: Path) -> None:
    folder, work = _export(tmp_path / "exp"), tmp_path / "work"
    work.mkdir()
    victim = tmp_path / "leaked.duckdb"
    (work / DB).symlink_to(victim)
    result = _audit(folder, temp_directory=work)
    assert result.result.clean
    assert not victim.exists() and not Path(f"{victim}.wal").exists()
    assert (work / DB).is_symlink() and os.readlink(work / DB) == str(victim)  # left as it was
    assert _tree(work) == [Path(DB)]


def test_a_stray_file_at_the_database_name_does_not_stop_the_audit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder, work = _export(tmp_path / "exp"), tmp_path / "work"
    work.mkdir()
    (work / DB).write_text("junk\n")
    code, out, err = _cli(capsys, "--export", str(folder), "--temp-dir", str(work), "--format", "text")
    assert code == 0, err
    assert "No problems found." in out
    assert (work / DB).read_text() == "junk\n" and _tree(work) == [Path(DB)]


def test_two_audits_on_one_temp_dir_do_not_collide(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # Another process holds DuckDB's lock on DIR/export-audit.duckdb, as a running audit did.
    folder, work = _export(tmp_path / "exp"), tmp_path / "work"
    work.mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import duckdb, sys, time\ncon = duckdb.connect(sys.argv[1])\n"
         "print('ready', flush=True)\ntime.sleep(120)\n", str(work / DB)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        code, _out, err = _cli(capsys, "--export", str(folder), "--temp-dir", str(work))
        assert code == 0, err
        assert "a bug in DynoView" not in err
    finally:
        holder.kill()
        holder.wait()
    assert not [p for p in work.iterdir() if p.name.startswith("dynoview-audit-")]


def test_the_private_folder_is_removed_after_an_error_and_a_cancel(tmp_path: Path) -> None:
    folder, work = _export(tmp_path / "exp", checksums=False), tmp_path / "work"
    cancel = threading.Event()

    def progress(p: ExportProgress) -> None:
        if p.stage.startswith("reading the data files"):
            assert next(p.name for p in work.iterdir()).startswith("dynoview-audit-")
            cancel.set()

    with pytest.raises(CancelledError):
        audit_exports([str(folder)], SCHEMA, options=ExportAuditOptions(temp_directory=work),
                      progress=progress, cancel=cancel)
    assert _tree(work) == []
    data = folder / "data" / "part0.json.gz"
    data.write_bytes(data.read_bytes()[:-20])
    with pytest.raises(ExportError):
        _audit(folder, temp_directory=work)
    assert _tree(work) == []


def test_a_folder_left_by_a_killed_audit_is_swept(tmp_path: Path) -> None:
    folder, work = _export(tmp_path / "exp"), tmp_path / "work"
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = work / f"dynoview-audit-{gone.pid}-abc123"
    stale.mkdir(parents=True)
    (stale / DB).write_bytes(b"emails")
    old = time.time() - 86400
    os.utime(stale / DB, (old, old))
    os.utime(stale, (old, old))
    _audit(folder, temp_directory=work)
    assert _tree(work) == []


def test_a_temp_dir_that_is_a_file_is_said_in_a_sentence(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    folder, work = _export(tmp_path / "exp"), tmp_path / "work"
    work.write_text("a file")
    code, out, err = _cli(capsys, "--export", str(folder), "--temp-dir", str(work))
    assert (code, out) == (2, "")
    assert f"The temporary folder {work} cannot hold the audit's files" in err


# --------------------------------------------------------------------------- 5: links, checksums


def _plant_outside(tmp_path: Path, folder: Path) -> Path:
    """data/zz.json.gz: a link to a file outside the export folder, listed without checksum."""
    outside = tmp_path / "outside"
    outside.mkdir()
    private = outside / "private.json.gz"
    private.write_bytes(gzip.compress(b'{"Item": {"PK": {"S": "ACCT#victim"}, "SK": {"S": "PROFILE"}, '
                                      b'"email": {"S": "stolen@victim.example"}}}\n'))
    (folder / "data" / "zz.json.gz").symlink_to(private)
    key = "prefix/AWSDynamoDB/" + folder.name + "/data/zz.json.gz"
    _rewrite(folder, lambda entries: [*entries, {"itemCount": 1, "dataFileS3Key": key}])
    return private


def test_a_data_file_linked_outside_the_export_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _export(tmp_path / "exp")
    private = _plant_outside(tmp_path, folder)
    with pytest.raises(ExportError, match=r"data/zz\.json\.gz in the export folder .* symbolic link that "
                                          r"leads outside the folder") as err:
        _audit(folder)
    assert str(private) in err.value.message and err.value.file == "data/zz.json.gz"
    code, out, err_text = _cli(capsys, "--export", str(folder), "--format", "text")
    assert (code, out) == (2, "") and "victim" not in out
    assert "data/zz.json.gz" in err_text and "outside the folder" in err_text
    with pytest.raises(ImportFormatError, match=r"data/zz\.json\.gz .* leads outside the folder"):
        list(read_records(folder, "s3-export"))


def test_a_data_folder_linked_outside_the_export_is_refused(tmp_path: Path) -> None:
    folder = _export(tmp_path / "exp")
    elsewhere = tmp_path / "elsewhere"
    (folder / "data").rename(elsewhere)
    (folder / "data").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(ExportError, match=r"data/part0\.json\.gz .* leads outside the folder"):
        _audit(folder)


def test_a_link_inside_the_export_folder_is_read(tmp_path: Path) -> None:
    folder = _export(tmp_path / "exp")
    (folder / "kept").mkdir()
    (folder / "data" / "part1.json.gz").rename(folder / "kept" / "part1.json.gz")
    (folder / "data" / "part1.json.gz").symlink_to(Path("..") / "kept" / "part1.json.gz")
    assert _audit(folder).result.clean
    assert sum(isinstance(r, Located) for r in read_records(folder, "s3-export")) == 6 * 3 + 2


def test_entries_without_a_checksum_are_named_as_unverified(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder = _export(tmp_path / "exp")
    assert _audit(folder).notes == []  # every file checked: nothing to say
    _rewrite(folder, lambda entries: [entries[0], {k: v for k, v in entries[1].items()
                                                   if k not in ("md5Checksum", "etag")}])
    note = ("manifest-files.json gives no md5Checksum and no single-part etag for data/part1.json.gz, "
            "so its content could not be verified: only its item count was checked.")
    assert _audit(folder).notes == [note]
    code, out, err = _cli(capsys, "--export", str(folder), "--format", "text")
    assert code == 0, err
    assert note in out
    code, out, err = _cli(capsys, "--export", str(folder), "--format", "json")
    assert code == 0, err
    assert json.loads(out)["export"]["notes"] == [note]


def test_unverified_files_for_the_athena_path_are_those_without_etag(tmp_path: Path) -> None:
    from dynoview.core.exports.checksums import unchecked_files, unchecked_note

    folder = _export(tmp_path / "exp", files=7)
    _rewrite(folder, lambda entries: [{**e, "etag": "0" * 32 + "-3"} if n < 2 else
                                      {k: v for k, v in e.items() if k != "etag"} if n < 4 else
                                      {k: v for k, v in e.items() if k != "md5Checksum"} if n < 5 else
                                      {k: v for k, v in e.items() if k not in ("md5Checksum", "etag")}
                                      for n, e in enumerate(entries)])
    manifest = read_manifest(open_export(str(folder)))
    assert [f.rel for f in unchecked_files([manifest])] == ["data/part5.json.gz", "data/part6.json.gz"]
    assert [f.rel for f in unchecked_files([manifest], by_etag=True)] == [
        "data/part2.json.gz", "data/part3.json.gz", "data/part5.json.gz", "data/part6.json.gz"]
    many = unchecked_note(list(manifest.files))
    assert many is not None and "data/part4.json.gz and 2 more, so their content" in many
    assert unchecked_note([]) is None


# --------------------------------------------------------------------------- 7: listed twice


def test_a_manifest_listing_a_data_file_twice_is_refused(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = _export(tmp_path / "exp")
    _rewrite(folder, lambda entries: [*entries, dict(entries[0])])
    sentence = ("manifest-files.json lists the data file data/part0.json.gz twice (lines 1 and 3): "
                "the manifest looks damaged")
    with pytest.raises(ExportError, match=r"lists the data file data/part0\.json\.gz twice \(lines 1 "
                                          r"and 3\)") as err:
        read_manifest(open_export(str(folder)))
    assert err.value.file == "manifest-files.json"
    code, out, err_text = _cli(capsys, "--export", str(folder))
    assert (code, out) == (2, "")
    assert sentence in err_text and "truncated" not in err_text
    with pytest.raises(ImportFormatError) as imported:
        list(read_records(folder, "s3-export"))
    assert sentence in imported.value.message


def test_two_data_files_of_one_name_are_refused(tmp_path: Path) -> None:
    folder = _export(tmp_path / "exp")
    (folder / "data" / "sub").mkdir()
    (folder / "data" / "sub" / "part0.json.gz").write_bytes((folder / "data" / "part0.json.gz").read_bytes())
    _rewrite(folder, lambda entries: [*entries, {**entries[0], "dataFileS3Key": entries[0]["dataFileS3Key"]
                                                 .replace("/data/", "/data/sub/")}])
    with pytest.raises(ExportError, match=r"lists two data files named part0\.json\.gz \(data/part0"
                                          r"\.json\.gz on line 1, data/sub/part0\.json\.gz on line 3\)"):
        read_manifest(open_export(str(folder)))


# --------------------------------------------------------------------------- 8: truncated gzip


def test_a_truncated_gzip_file_without_checksum_is_named(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = _export(tmp_path / "exp", checksums=False)
    data = folder / "data" / "part0.json.gz"
    data.write_bytes(data.read_bytes()[: len(data.read_bytes()) // 2])
    with pytest.raises(ExportError, match=r"The data file data/part0\.json\.gz is not a complete "
                                          r"gzip file \(.*\): it is truncated or corrupted\. Copy it "
                                          r"again") as err:
        _audit(folder)
    assert "passed their checksums" not in err.value.message and err.value.file == "data/part0.json.gz"
    code, out, err_text = _cli(capsys, "--export", str(folder))
    assert (code, out) == (2, "")
    assert "data/part0.json.gz is not a complete gzip file" in err_text
    assert "passed their checksums" not in err_text
    with pytest.raises(ImportFormatError, match=r"The data file data/part0\.json\.gz is not a complete "
                                                r"gzip file .* Copy it again from the export"):
        list(read_records(folder, "s3-export"))


def test_a_bad_line_in_a_file_without_checksum_is_not_said_to_have_passed(tmp_path: Path) -> None:
    folder = _export(tmp_path / "exp", checksums=False)
    data = folder / "data" / "part1.json.gz"
    data.write_bytes(gzip.compress(gzip.decompress(data.read_bytes()) + b"this is not JSON\n"))
    _rewrite(folder, lambda entries: [entries[0], {**entries[1], "itemCount": entries[1]["itemCount"] + 1}])
    with pytest.raises(ExportError, match="DuckDB could not read the export") as err:
        _audit(folder)
    assert "passed their checksums" not in err.value.message
    assert "gives no checksum for data/part0.json.gz, data/part1.json.gz" in err.value.message
