"""An audit saved to a file in slices: every finding as CSV, or the full report as JSON.

The bytes are those of ``report.findings_csv`` and ``report.dumps(report.audit_json(...))`` (plus
the ``export`` note saying the file holds every finding), written a slice of findings at a time
so a caller in a worker thread can report progress and stop between slices, and never holds the
whole text in memory (hundreds of megabytes for a large audit's JSON).

The file is written like every file of ours (``session.private_files.atomic_private``): 0600,
never through a link or onto a device, under an exclusive temporary name beside the
destination that replaces it only once complete. A cancel or an error removes the temporary
file, so the destination is either untouched or the whole new file.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from dynoview.core.audit.report import audit_json, dumps, finding_json, findings_csv
from dynoview.core.audit.run import AuditResult
from dynoview.core.background import yield_to_ui
from dynoview.core.errors import CancelledError
from dynoview.core.session.private_files import atomic_private, check_target
from dynoview.core.uniqueness.findings import OK, Finding

CSV, JSON = "csv", "json"
FORMATS = (CSV, JSON)
#: Findings per slice: a CSV slice takes ~25 ms here, a JSON one (pure-Python indented
#: encoding) about as long; cancel and progress are looked at between slices.
CSV_SLICE = 5000
JSON_SLICE = 500
EXPORT_NOTE = "Every finding of the audit: the window's status filter and search do not apply."
LIVE_NOTE = ("Every finding the window's grid showed when this was written: the audit's, with the "
             "changes Live mode applied since (findings resolved since are left out, new ones are "
             "in; counts.OK is the audit's). The window's status filter and search do not apply.")
_PLACEHOLDER = "dynoview-findings-placeholder"  # where the findings go in the report's text


@dataclass(frozen=True)
class ExportProgress:
    """Findings written so far, of ``total``."""

    done: int
    total: int

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0


ProgressCallback = Callable[[ExportProgress], None]


@dataclass(frozen=True)
class LiveChanges:
    """What Live mode changed in the grid since the audit: the audit's findings it took off
    (the objects of ``AuditResult.findings``, matched by identity) and the findings it put on."""

    cleared: tuple[Finding, ...] = ()
    added: tuple[Finding, ...] = ()


def with_live_changes(result: AuditResult, changes: LiveChanges) -> AuditResult:
    """The audit as the grid shows it with Live mode's changes: its findings less those cleared,
    then those added; the problem counts counted again (OK stays the audit's)."""
    gone = {id(f) for f in changes.cleared}
    findings = [f for f in result.findings if id(f) not in gone] + list(changes.added)
    counts = {s: n for s, n in result.counts.items() if s == OK}
    for f in findings:
        counts[f.status] = counts.get(f.status, 0) + 1
    return dataclasses.replace(result, findings=findings, counts=counts)


def check_destination(path: Path | str) -> bool:
    """Refuse, before any work, a destination the file could not be written at: a link or
    anything but a regular file there (``PrivateFileError``, a sentence), or a folder that
    does not exist or cannot be written (``OSError`` naming the cause). True if a file is
    there already (it stays as it is until the new one is complete)."""
    path = Path(path)
    existing = check_target(path)
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
    return existing


def _slices(findings: Sequence[Finding], size: int) -> Iterator[Sequence[Finding]]:
    for start in range(0, len(findings), size):
        yield findings[start:start + size]


def _csv_parts(findings: Sequence[Finding]) -> Iterator[tuple[str, int]]:
    """The CSV text in parts, each with the findings it holds: the header, then the slices
    (``findings_csv`` renders each, its header line cut off, so the rows are its own)."""
    header = findings_csv(())
    yield header, 0
    for part in _slices(findings, CSV_SLICE):
        yield findings_csv(part)[len(header):], len(part)


def _json_parts(result: AuditResult, live: bool = False) -> Iterator[tuple[str, int]]:
    """The report's text in parts: ``dumps`` of the report with its findings left out, cut
    where they go, and the findings between, each indented as ``dumps`` nests it. ``live``: the
    findings are the audit's with Live mode's changes (``with_live_changes``)."""
    data = audit_json(result, with_findings=False)
    data["findings"] = _PLACEHOLDER
    # A reader of the file cannot see the window: say it is everything, not what was shown.
    data["export"] = {"exported_at": datetime.now(UTC).isoformat(),
                      "scope": "grid-with-live-changes" if live else "all-findings",
                      "findings": len(result.findings), "note": LIVE_NOTE if live else EXPORT_NOTE}
    # A top-level key starts a line at two spaces; no string in JSON holds a raw newline.
    marker = '\n  "findings": ' + dumps(_PLACEHOLDER)
    head, found, tail = dumps(data).partition(marker)
    if not found:  # the report's layout changed under us: a bug, not a file to write
        raise ValueError("The audit report has no top-level findings to write.")
    findings = result.findings
    if not findings:
        yield head + '\n  "findings": []' + tail, 0
        return
    yield head + '\n  "findings": [', 0
    first = True
    for part in _slices(findings, JSON_SLICE):
        items = ["    " + dumps(finding_json(f)).replace("\n", "\n    ") for f in part]
        yield ("\n" if first else ",\n") + ",\n".join(items), len(part)
        first = False
    yield "\n  ]" + tail, 0


def _write_parts(handle: IO[str], parts: Iterator[tuple[str, int]], total: int,
                 cancel: threading.Event | None, progress: ProgressCallback | None) -> None:
    done = 0
    for text, count in parts:
        if cancel is not None and cancel.is_set():
            raise CancelledError("The export was cancelled; nothing was written.")
        handle.write(text)
        done += count
        if progress is not None and count:
            progress(ExportProgress(done, total))
        yield_to_ui()  # a window's event loop that is behind runs first


def write_audit_file(result: AuditResult, path: Path | str, fmt: str, *,
                     cancel: threading.Event | None = None,
                     progress: ProgressCallback | None = None,
                     changes: LiveChanges | None = None) -> Path:
    """Write the audit's findings as CSV (``fmt`` "csv"), or the full report as JSON ("json"),
    to ``path``; return it. Raises ``CancelledError`` once ``cancel`` is set (between slices,
    and once more before the file replaces ``path``): nothing is then left at ``path`` but
    what was there. ``progress`` is called after each slice, in the calling thread. With
    ``changes``, ``result`` is written as Live mode shows it (``with_live_changes``)."""
    if fmt not in FORMATS:
        raise ValueError(f"An audit is exported as csv or json, not {fmt!r}.")
    if changes is not None:
        result = with_live_changes(result, changes)
    parts = _csv_parts(result.findings) if fmt == CSV else _json_parts(result, changes is not None)
    total = len(result.findings)
    # Findings name emails and account ids: the export is private like every file we write.
    with atomic_private(path, "w", encoding="utf-8", tag="partial") as handle:
        _write_parts(handle, parts, total, cancel, progress)
        if cancel is not None and cancel.is_set():  # cancelled during the last slice
            raise CancelledError("The export was cancelled; nothing was written.")
    return Path(path)

