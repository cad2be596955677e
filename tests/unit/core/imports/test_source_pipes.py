"""An import from a pipe is refused by name before anything is read: an import reads its file
twice (the preview, then the write), so a named pipe's second open waited for ever for a writer
that had gone, and ``<(zcat x.gz)`` ended on "File or stream is not seekable." naming nothing."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from dynoview.core.imports.model import AUTO, JSONL, ImportFormatError
from dynoview.core.imports.source import read_records, resolve_format

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")


@pytest.mark.parametrize("fmt", [AUTO, JSONL])
def test_a_named_pipe_is_refused_by_name_without_waiting(tmp_path: Path, fmt: str) -> None:
    fifo = tmp_path / "items.jsonl"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def resolve() -> None:
        try:
            resolve_format(fifo, fmt)
        except BaseException as exc:  # handed to the test's thread
            outcome.append(exc)

    worker = threading.Thread(target=resolve, daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():  # it opened the pipe: unblock it before failing
        with open(fifo, "wb"):
            pass
        pytest.fail("resolving the format waited on the named pipe")
    (exc,) = outcome
    assert isinstance(exc, ImportFormatError)
    assert "items.jsonl is a pipe, not a file" in str(exc) and "Save it to a file first" in str(exc)


def test_an_anonymous_pipe_is_refused_by_name(tmp_path: Path) -> None:
    read_end, write_end = os.pipe()
    try:
        path = Path(f"/dev/fd/{read_end}")
        if not path.exists():
            pytest.skip("no /dev/fd here")
        with pytest.raises(ImportFormatError, match=f"/dev/fd/{read_end} is a pipe, not a file"):
            resolve_format(path, JSONL)
        with pytest.raises(ImportFormatError, match="is a pipe, not a file"):
            next(read_records(path, JSONL))
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_regular_file_still_resolves(tmp_path: Path) -> None:
    path = tmp_path / "items.jsonl"
    path.write_text('{"PK": "a"}\n', encoding="utf-8")
    assert resolve_format(path, AUTO) == JSONL
