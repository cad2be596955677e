"""``core.audit.export_file``: the audit's file written in slices, cancellable, never partial."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from dynoview.core.audit.export_file import ExportProgress, check_destination, write_audit_file
from dynoview.core.audit.report import findings_csv
from dynoview.core.errors import CancelledError
from dynoview.core.session.private_files import PrivateFileError
from tests.unit.core.test_report import _result


def test_a_cancel_during_the_last_slice_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "audit.csv"
    target.write_text("old\n")
    cancel = threading.Event()
    seen: list[ExportProgress] = []

    def progress(p: ExportProgress) -> None:
        seen.append(p)
        cancel.set()  # after the only slice: the file must still not replace the old one

    with pytest.raises(CancelledError):
        write_audit_file(_result(), target, "csv", cancel=cancel, progress=progress)
    assert seen == [ExportProgress(2, 2)]
    assert target.read_text() == "old\n" and sorted(os.listdir(tmp_path)) == ["audit.csv"]


def test_the_csv_is_the_reports(tmp_path: Path) -> None:
    result = _result()
    assert write_audit_file(result, tmp_path / "a.csv", "csv").read_text() == findings_csv(result.findings)


def test_a_destination_that_cannot_be_written_is_refused_before_any_work(tmp_path: Path) -> None:
    (tmp_path / "real.csv").write_text("x")
    os.symlink(tmp_path / "real.csv", tmp_path / "link.csv")
    with pytest.raises(PrivateFileError, match="symbolic link"):
        check_destination(tmp_path / "link.csv")
    with pytest.raises(FileNotFoundError) as missing:
        check_destination(tmp_path / "nowhere" / "a.csv")
    assert missing.value.strerror and missing.value.filename == str(tmp_path / "nowhere" / "a.csv")
    assert check_destination(tmp_path / "real.csv") is True
    assert check_destination(tmp_path / "new.csv") is False
    with pytest.raises(ValueError, match="csv or json"):
        write_audit_file(_result(), tmp_path / "a.xml", "xml")
