"""Install our catalogue and Qt's own (standard dialogs, buttons) for the chosen language.

The ``.qm`` files are built from the ``.ts`` catalogues by ``pyside6-lrelease`` (``make
translations-qm``, the install stamp, packaging/build.py); ``ensure_compiled`` builds a missing or
older one at start-up in a source checkout, so running from git never shows stale text.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from dynoview.ui.i18n import languages

log = logging.getLogger(__name__)
CATALOGUES = Path(__file__).with_name("translations")


class Installed(NamedTuple):
    """What ``install`` did: the language and the translators it installed (kept alive here:
    a translator Python collects stops translating). A NamedTuple, not a dataclass: this module
    loads before the window's first paint, and dataclasses with it (issue 19)."""

    language: str
    translators: list[QTranslator]
    missing: list[str]



def catalogue(code: str, suffix: str = ".qm") -> Path:
    return CATALOGUES / f"dynoview_{code}{suffix}"


def lrelease() -> str | None:
    """PySide6's lrelease next to this interpreter, else one on PATH."""
    here = Path(sys.executable).with_name("pyside6-lrelease")
    return str(here) if here.is_file() else shutil.which("pyside6-lrelease")


def ensure_compiled(code: str) -> Path | None:
    """The ``.qm`` for ``code``, built from its ``.ts`` when missing or older (a checkout);
    None when neither can be had (the window then stays English)."""
    qm, ts = catalogue(code), catalogue(code, ".ts")
    if qm.is_file() and (not ts.is_file() or qm.stat().st_mtime >= ts.stat().st_mtime):
        return qm
    tool = lrelease()
    if ts.is_file() and tool is not None:
        aside = qm.with_name(f"{qm.name}.{os.getpid()}.new")
        try:
            subprocess.run([tool, "-silent", str(ts), "-qm", str(aside)], check=True,
                           capture_output=True, timeout=60)
            # Renamed over, never rewritten: another DynoView may have the old one mapped (SIGBUS).
            os.replace(aside, qm)
        except (OSError, subprocess.SubprocessError) as exc:
            log.warning("could not build %s: %s", qm, exc)
            aside.unlink(missing_ok=True)
    return qm if qm.is_file() else None


def _private_copy(path: Path | None) -> Path | None:
    """``path`` copied to a file of this process's own (None when it cannot be read)."""
    if path is None:
        return None
    try:
        handle, name = tempfile.mkstemp(prefix="dynoview-", suffix=".qm")
        with os.fdopen(handle, "wb") as out:
            out.write(path.read_bytes())
        return Path(name)
    except OSError as exc:
        log.warning("could not copy %s: %s", path, exc)
        return None


def _forget(copy: Path) -> None:
    """Unlink the copy now (a mapping outlives its name on POSIX), else at exit (Windows)."""
    try:
        copy.unlink()
    except OSError:
        atexit.register(copy.unlink, missing_ok=True)


_current: list[Installed] = []  # the language installed in this process (one at a time)


def install(choice: str, app: QCoreApplication | None = None) -> Installed:
    """Pick the language (``languages.resolve``), make it the default QLocale, and install our
    catalogue and Qt's ``qtbase_<lang>.qm``, replacing any language installed before (tests
    switch languages in one process). English installs only our plural forms ("1 lock")."""
    app = app or QCoreApplication.instance()
    for done in _current:
        uninstall(done, app)
    _current.clear()
    code = languages.resolve(choice)
    done = Installed(code, [], [])
    QLocale.setDefault(languages.qlocale(code))
    if app is None:
        return done
    _current.append(done)
    ours = ensure_compiled(code)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    sources = [("dynoview", None)] if code == languages.ENGLISH else [("dynoview", None), ("qtbase", qt_dir)]
    for name, directory in sources:
        translator = QTranslator(app)
        if directory is None:
            # A private copy, not the file itself: Qt maps the .qm, and lrelease rewriting it in
            # place while the app runs (a translator checking a catalogue) kills it with SIGBUS.
            copy = _private_copy(ours)
            loaded = copy is not None and translator.load(str(copy))
            if copy is not None:
                _forget(copy)
        else:
            loaded = translator.load(languages.qlocale(code), name, "_", directory)
        if loaded:
            app.installTranslator(translator)
            done.translators.append(translator)
        else:
            done.missing.append(name)
            log.info("no %s catalogue for %s", name, code)
    return done


def current() -> str | None:
    """The language installed last; None before any was."""
    return _current[-1].language if _current else None


def uninstall(done: Installed, app: QCoreApplication | None = None) -> None:
    app = app or QCoreApplication.instance()
    for translator in done.translators:
        if app is not None:
            app.removeTranslator(translator)
    done.translators.clear()
    QLocale.setDefault(languages.qlocale(languages.ENGLISH))
