"""Crash reports: the scrubbed text of a bug, saved where the user can find and send it.

Shared by the window (``dynoview.ui.crash`` adds the dialog and Qt's versions) and the headless
commands (``dynoview.cli.common.run_guarded``), so both write the same report to the same folder.
Reports pass the core's one set of redaction rules (``dynoview.core.redaction``) and show control,
bidi and invisible characters as escapes (``visible_text``): an exception can quote a table value.
Saved reports are private: 0600 files in a 0700 folder, the newest ``KEEP_REPORTS`` kept.
Nothing is sent by the app: ``send_url`` makes a prefilled new-issue URL or ``mailto:`` link
(``REPORT_TARGET_ENV`` picks another) that the window opens only when the user clicks Send, and
``discard_reports`` removes saved reports the user chose not to keep.
"""

from __future__ import annotations

import logging
import os
import platform
import sys
import threading
import time
import traceback
import urllib.parse
from collections.abc import Iterable, Sequence
from pathlib import Path
from types import TracebackType

from dynoview import APP_NAME, __version__
from dynoview.core.redaction import redact
from dynoview.core.session import profile
from dynoview.core.session.private_files import private_dir, write_private_text
from dynoview.core.values.visible_text import visible

log = logging.getLogger(__name__)
KEEP_REPORTS = 20
# Where "Send report" goes: a new-issue page (title and body prefilled) or a mailto: address.
DEFAULT_REPORT_TARGET = "https://github.com/dynoview/dynoview/issues/new"
REPORT_TARGET_ENV = "DYNOVIEW_REPORT_TO"
# Browsers and issue trackers refuse very long URLs (GitHub: about 8 KB); mail clients vary.
MAX_URL_BODY = 6000
TRUNCATED = "\n\n[report shortened to fit a link: paste the whole report from the clipboard]"


def environment_lines(toolkit: str | None = None) -> list[str]:
    """Versions and platform, for the top of a report; ``toolkit`` names the GUI's (Qt) if any."""
    from dynoview.core.session.versions import sdk_versions

    python = f"Python {platform.python_version()}" + (f", {toolkit}" if toolkit else "")
    return [f"{APP_NAME} {__version__}" + (" (packaged)" if getattr(sys, "frozen", False) else ""),
            python,
            ", ".join(f"{name} {version}" for name, version in sdk_versions().items()),
            f"{platform.system()} {platform.release()} ({platform.machine()})"]


def build_report(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None,
                 context: dict[str, str] | None = None, secrets: Iterable[str] = (),
                 thread: str | None = None, environment: Sequence[str] | None = None) -> str:
    """The full scrubbed text of one error: when, what ran, where, the traceback."""
    lines = [f"{APP_NAME} error report, {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
             *(environment_lines() if environment is None else environment)]
    lines += [f"{k}: {v}" for k, v in (context or {}).items()]
    lines.append(f"Thread: {thread or threading.current_thread().name}")
    lines.append("")
    lines += traceback.format_exception(exc_type, exc, tb)
    return visible(redact("\n".join(line.rstrip("\n") for line in lines), secrets), keep="\n\t")


def save_report(report: str, folder: Path | None = None) -> Path | None:
    """Write a report to the log folder (the newest ``KEEP_REPORTS`` are kept); None on failure."""
    # Reports hold tracebacks and table names: only the user may read them (0600 in 0700).
    try:
        if folder is None:
            folder = private_dir(profile.log_dir(), top=profile.log_root())
        else:
            private_dir(folder)
        path = folder / f"error-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{time.monotonic_ns()}.txt"
        write_private_text(path, report + "\n")
        for old in sorted(folder.glob("error-*.txt"))[:-KEEP_REPORTS]:
            old.unlink(missing_ok=True)
        return path
    except OSError as exc:
        log.warning("could not save the error report: %s", exc)
        return None


def report_target(environ: dict[str, str] | None = None) -> str:
    """Where "Send report" goes: ``$DYNOVIEW_REPORT_TO`` if set, else the project's issue page."""
    env = os.environ if environ is None else environ
    return env.get(REPORT_TARGET_ENV, "").strip() or DEFAULT_REPORT_TARGET


def send_url(report: str, summary: str, target: str | None = None,
             max_body: int = MAX_URL_BODY) -> str:
    """A link that opens a prefilled issue (http(s) target) or mail (``mailto:`` target).

    The report is redacted again (cheap, and a caller may pass text from elsewhere) and shortened
    to ``max_body`` characters, saying so. Other schemes raise ``ValueError``.
    """
    target = target or report_target()
    body = redact(report)
    if len(body) > max_body:
        body = body[:max_body - len(TRUNCATED)] + TRUNCATED
    first = redact(summary.strip()).splitlines()[0][:120] if summary.strip() else "error report"
    title = f"{APP_NAME} {__version__}: {first}"
    scheme = urllib.parse.urlsplit(target).scheme.lower()
    if scheme == "mailto":
        query = urllib.parse.urlencode({"subject": title, "body": body}, quote_via=urllib.parse.quote)
    elif scheme in ("https", "http"):
        query = urllib.parse.urlencode({"title": title, "body": body}, quote_via=urllib.parse.quote)
    else:
        raise ValueError(f"reports are sent to an http(s) page or a mailto: address, not {target!r}")
    return f"{target}{'&' if '?' in target else '?'}{query}"


def discard_reports(paths: Iterable[Path]) -> int:
    """Delete saved reports the user chose not to keep; returns how many were removed."""
    removed = 0
    for path in paths:
        try:
            path.unlink()
            removed += 1
        except FileNotFoundError:
            continue
        except OSError as exc:
            log.warning("could not delete the error report %s: %s", path, exc)
    return removed
