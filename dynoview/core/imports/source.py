"""Which reader a file needs (by name, else by its first bytes), and the records it yields;
and the file as the preview checked it (``SourceWatch``): an import's write pass stops before
an item of a file that changed since (``SourceChanged``)."""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import json
import os
import re
import stat
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from dynoview.core.imports.array import read_array
from dynoview.core.imports.csv_typed import read_csv
from dynoview.core.imports.lines import plain_lines, typed_lines
from dynoview.core.imports.model import (
    AUTO,
    CSV,
    DDB_JSON,
    FORMATS,
    JSON_ARRAY,
    JSONL,
    S3_EXPORT,
    ImportFormatError,
    Record,
)
from dynoview.core.imports.s3_export import read_export
from dynoview.core.imports.stops import ImportStopped


def detect_format(path: str | Path) -> str:
    """The format of ``path``: a folder is an S3 export; a file by its suffix, else by its
    first non-blank character and line (``[``: array; ``{"Item"``: DynamoDB JSON lines)."""
    path = Path(path)
    if _is_dir(path):
        return S3_EXPORT
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return CSV
    lines = suffix in (".jsonl", ".ndjson")
    try:
        with path.open("rb") as f:
            head = f.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n")
    except (OSError, ValueError) as exc:
        if lines:
            return JSONL  # the reader says why it cannot read it
        raise ImportFormatError(_unreadable(path, exc)) from None
    if lines:  # lines of items, unless each line is one {"Item": ...} (DynamoDB JSON)
        return DDB_JSON if _item_wrapper(head) else JSONL
    if head.startswith(b"["):
        return JSON_ARRAY
    if head.startswith(b"{"):
        first = head.split(b"\n", 1)[0].replace(b" ", b"")
        return DDB_JSON if first.startswith(b'{"Item":') else JSONL
    if suffix == ".json":
        return JSON_ARRAY
    raise ImportFormatError(f"The format of {path.name} is not recognised: give --format "
                            f"({', '.join(FORMATS)}).")


def _item_wrapper(head: bytes) -> bool:
    """True when the first line is a JSON object holding "Item" alone (an S3 export's line);
    a line longer than ``head`` is judged by how it starts."""
    line, newline, _ = head.partition(b"\n")
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):  # the reader locates what is wrong with the line
        return not newline and line.replace(b" ", b"").startswith(b'{"Item":{')
    return isinstance(record, dict) and list(record) == ["Item"] and isinstance(record["Item"], dict)


def _shown(path: Path, limit: int = 160) -> str:
    """``path`` for a message: control and invisible characters (a NUL, a newline, a
    right-to-left mark) written as escapes, a very long name shortened in its middle."""
    text = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in str(path))
    return text if len(text) <= limit else f"{text[:limit // 2]}…{text[-limit // 2:]}"


def _unreadable(path: Path, exc: OSError | ValueError) -> str:
    """Why the file at ``path`` cannot be opened, said of its name when the name is the cause
    (Python raises ValueError for a NUL in it, the system ENAMETOOLONG for a long one)."""
    if isinstance(exc, ValueError):
        why = "its name holds a NUL character, which no file name can"
    elif exc.errno == errno.ENAMETOOLONG:
        why = f"its name, {len(str(path)):,} characters long, is longer than the system allows"
    else:
        why = exc.strerror or str(exc)
    return f"{_shown(path)} cannot be read ({why})."


def _is_dir(path: Path) -> bool:
    """Whether ``path`` is a folder; a name the system cannot look up is said as such."""
    try:
        return path.is_dir()  # False for a missing path or a NUL in the name (Python ≥ 3.8)
    except OSError as exc:
        raise ImportFormatError(_unreadable(path, exc)) from None


def _refuse_a_stream(path: Path) -> None:
    """A pipe (``<(zcat x.gz)``, a named pipe) or a device is refused by name: an import reads its
    file twice (the preview, then the write pass), which a pipe cannot give (a named pipe's
    second open waited for ever for a writer that had gone)."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return  # missing or unreadable: the reader says why
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return
    what = "a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    raise ImportFormatError(f"{_shown(path)} is {what}, not a file: an import reads its file twice "
                            "(the preview, then the write), which a pipe cannot give. Save it to a "
                            "file first (for example zcat items.jsonl.gz > items.jsonl) and import "
                            "that file.")


def resolve_format(path: str | Path, fmt: str = AUTO) -> str:
    _refuse_a_stream(Path(path))
    if fmt == AUTO:
        return detect_format(path)
    if fmt not in FORMATS:
        raise ImportFormatError(f"Import formats are {', '.join(FORMATS)}; {fmt!r} is not one.")
    if (fmt == S3_EXPORT) != _is_dir(Path(path)):
        raise ImportFormatError(f"{path}: an S3 export is a folder; every other format is a file."
                                if fmt == S3_EXPORT else f"{path} is a folder: give a file, or "
                                "--format s3-export for an S3 export folder.")
    return fmt


def _blank(handle: BinaryIO) -> bool:
    """Whether the file holds nothing but a byte order mark and whitespace; read from the start
    again after (only its first chunk, unless that is blank)."""
    chunk = handle.read(1 << 16).removeprefix(b"\xef\xbb\xbf")
    while chunk and not chunk.strip():
        chunk = handle.read(1 << 16)
    handle.seek(0)
    return not chunk


def read_records(path: str | Path, fmt: str, *, csv_raw: bool = False) -> Generator[Record, None, None]:
    """Every record of ``path`` in order, streamed (an item or a located problem)."""
    if fmt == S3_EXPORT:
        yield from read_export(str(path))
        return
    _refuse_a_stream(Path(path))
    try:
        handle = Path(path).open("rb")  # noqa: SIM115 - closed below, after the generator's last item
    except (OSError, ValueError) as exc:
        raise ImportFormatError(_unreadable(Path(path), exc)) from None
    with contextlib.closing(handle):
        if _blank(handle):
            # Said as such, not as 0 items imported or a format's complaint ("starts with [").
            raise ImportFormatError(f"{path} is empty: there is nothing to import. Check that the "
                                    "file was written completely, or name another file.")
        if fmt == JSONL:
            yield from plain_lines(handle)
        elif fmt == DDB_JSON:
            yield from typed_lines(handle)
        else:
            text = io.TextIOWrapper(handle, encoding="utf-8-sig", newline="" if fmt == CSV else None)
            try:
                yield from read_csv(text, raw=csv_raw) if fmt == CSV else read_array(text)
            except UnicodeDecodeError:
                where = _first_bad_byte(handle)  # only now: a good file is read once
                raise ImportFormatError(f"{path} is not UTF-8 text: {where}. Save it as UTF-8 (or "
                                        "correct that character) and import it again.") from None


_LINE_END = re.compile(rb"\r\n?|\n")  # as the readers count lines (universal newlines)
_CONTINUATION = bytes(range(0x80, 0xC0))  # UTF-8's continuation bytes: not characters of their own


class _Position:
    """The line and character reached in bytes fed in order (valid UTF-8 up to there)."""

    def __init__(self) -> None:
        self.line, self.chars, self.offset = 1, 0, 0
        self._cr = False  # the last part ended in "\r": a "\n" first in the next ends no line

    def feed(self, part: bytes) -> None:
        start = 1 if self._cr and part.startswith(b"\n") else 0
        for end in _LINE_END.finditer(part, start):
            self.line, self.chars, start = self.line + 1, 0, end.end()
        self.chars += len(part[start:].translate(None, _CONTINUATION))
        self._cr = part.endswith(b"\r") or (self._cr and not part)
        self.offset += len(part)


def _first_bad_byte(handle: BinaryIO) -> str:
    """Where the first byte that is not UTF-8 is, in words: its line, its character on that line
    (as the readers count them: 1-based, a byte order mark not counted) and its offset in the
    file; read again from the start, chunk by chunk, keeping no more than a chunk."""
    handle.seek(0)
    bom = handle.read(3) == b"\xef\xbb\xbf"
    handle.seek(0)
    decoder = codecs.getincrementaldecoder("utf-8")()
    at = _Position()
    while True:
        chunk = handle.read(1 << 16)
        held = decoder.getstate()[0]  # the start of a character the last chunk cut
        try:
            decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as exc:
            if exc.start < len(held):  # the bad sequence began in the last chunk, counted there
                at.chars -= len(held[exc.start:].translate(None, _CONTINUATION))
            at.feed(chunk[:max(exc.start - len(held), 0)])
            bad, byte = at.offset - max(len(held) - exc.start, 0), exc.object[exc.start]
            break
        if not chunk:  # (never: the text reader found a bad byte)
            return "a byte in it is not UTF-8"
        at.feed(chunk)
    chars = at.chars - 1 if bom and at.line == 1 else at.chars
    return (f"line {at.line:,}, character {chars + 1:,} (byte {bad + 1:,} of the file) is the byte "
            f"0x{byte:02X}, which UTF-8 does not allow there")


# --------------------------------------------------------------------------- unchanged since the check


@dataclass(frozen=True)
class Stamp:
    """What changes when a file is written to, replaced or removed (``None``: it is gone)."""

    device: int
    inode: int
    size: int
    mtime_ns: int
    ctime_ns: int  # set by every write and by a changed modification time, never by the user

    @classmethod
    def of(cls, path: Path | str) -> Stamp | None:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return None
        return cls(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)

    def same(self, info: os.stat_result) -> bool:
        """Whether ``info`` (of the same path) is this stamp: cheaper than a ``Stamp`` of it."""
        return (info.st_mtime_ns == self.mtime_ns and info.st_size == self.size
                and info.st_ctime_ns == self.ctime_ns and info.st_ino == self.inode
                and info.st_dev == self.device)


def _change(before: Stamp | None, now: Stamp | None) -> str:
    """How a file changed, in words."""
    if now is None:
        return "it was removed"
    if before is None:
        return "it was added"
    if (now.device, now.inode) != (before.device, before.inode):
        return "it was replaced by another file"
    if now.size != before.size:
        return f"its size went from {before.size:,} to {now.size:,} bytes"
    return "it was written to"


class SourceChanged(ImportStopped):
    """The file (or a file of the S3 export folder) changed after the preview checked it: the
    import stops before writing an item the preview did not see. ``written`` (set by
    ``run_import`` once the batches in flight are answered) is said in the sentence."""

    def __init__(self, path: Path, what: str) -> None:
        self.path, self.what, self._written = path, what, 0
        super().__init__(self._sentence())

    @property  # (a plain attribute in ImportStopped: set by run_import, said here)
    def written(self) -> int:
        return self._written

    @written.setter
    def written(self, items: int) -> None:
        self._written = items
        self.message = self._sentence()
        self.args = (self.message,)

    def _sentence(self) -> str:
        before = (f"{self._written:,} item(s) were written before it, each as the preview checked it"
                  if self._written else "no item of this run was written")
        return (f"{_shown(self.path)} changed after the preview checked it ({self.what}), so the "
                f"import stopped before writing anything the preview did not check: {before}. Check "
                "the file, then import it again from the start (it is checked again first; a resume "
                "of a changed file is refused).")


class SourceWatch:
    """The file an import reads, as its check (the preview) found it: the write pass reads only
    what is still the same (``writing``), so an item written is always one the preview checked.

    A file is known by its ``Stamp`` (device, inode, size, modification and change times): the
    check's pass takes it before the first record and again after the last, and refuses a file
    that changed in between (what it read is then a mix). The write pass compares it again
    before each record goes on: a record passed on was read while the file was still the one
    checked. An S3 export folder is stamped file by file (its manifests and data files, never
    another file kept in it), each record against its own data file. Not seen: a rewrite that
    keeps the size, within the file system's timestamp granularity (a few milliseconds) of the
    check's first stamp."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.folder = _is_dir(self.path)
        self._checked: dict[str, Stamp | None] | None = None
        self._by_name: dict[str, Path] = {}

    def _stamps(self) -> dict[str, Stamp | None]:
        if not self.folder:
            return {str(self.path): Stamp.of(self.path)}
        found: dict[str, Stamp | None] = {}
        for root, _dirs, files in os.walk(self.path):
            for name in files:
                if name.startswith("manifest-") or name.endswith(".gz"):  # what the import reads
                    path = Path(root) / name
                    found[str(path)] = Stamp.of(path)
        return found

    def checking(self, records: Iterable[Record]) -> Iterator[Record]:
        """``records`` passed through, for the check; once they are all read, the file's stamps
        (an ``ImportFormatError`` when it changed while they were read)."""
        before = self._stamps()
        yield from records
        after = self._stamps()
        if after != before:
            path, what = self._first_change(before, after)
            raise ImportFormatError(f"{_shown(path)} changed while it was being checked ({what}): "
                                    "nothing was written. Import it again once nothing writes to it.")
        self._checked = after
        self._by_name = {Path(p).name: Path(p) for p in after}

    def writing(self, records: Iterable[Record]) -> Iterator[Record]:
        """``records`` passed through while the file is still the one checked: ``SourceChanged``
        before the first record that may not be."""
        checked = self._checked
        if checked is None:
            raise RuntimeError("the file was not checked whole before its write pass")
        self._compare(checked, self._stamps())
        path = str(self.path)
        for record in records:
            if self.folder:
                named = self._by_name.get(record.place.file)
                if named is None:  # (never: every data file is under the folder)
                    self._compare(checked, self._stamps())
                    yield record
                    continue
                path = str(named)
            stamp = checked.get(path)
            try:
                same = stamp is not None and stamp.same(os.stat(path))
            except FileNotFoundError:
                same = False
            if not same:
                raise SourceChanged(Path(path), _change(stamp, Stamp.of(path)))
            yield record

    def _compare(self, checked: dict[str, Stamp | None], now: dict[str, Stamp | None]) -> None:
        if now != checked:
            raise SourceChanged(*self._first_change(checked, now))

    @staticmethod
    def _first_change(before: dict[str, Stamp | None],
                      after: dict[str, Stamp | None]) -> tuple[Path, str]:
        path = next(p for p in sorted({*before, *after}) if before.get(p) != after.get(p))
        return Path(path), _change(before.get(path), after.get(path))
