"""Build hook only (the project's metadata is in pyproject.toml): a wheel carries the window's
compiled ``.qm`` catalogues and not their ``.ts`` sources.

The ``.qm`` files are gitignored, so a wheel built from a clean clone (``pip wheel .``,
``pipx install git+…``) had none and its window stayed English. And an installed ``.ts`` beside
its ``.qm`` made the app rebuild the ``.qm`` into its own install folder at start-up (the loader
rebuilds a catalogue older than its source, as it should in a checkout; pip gives the ``.ts``,
unpacked after the ``.qm``, the newer time). So the wheel's catalogues are compiled here, from
the ``.ts`` in the build folder, with the build environment's PySide6 (which
packaging/backend/dynoview_build.py asks for), and the ``.ts`` are dropped from it. An
editable install is left alone: the checkout's loader compiles its own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CATALOGUES = Path("dynoview", "ui", "i18n", "translations")


def lrelease() -> str:
    """PySide6's lrelease: the one next to this interpreter, else on PATH."""
    here = Path(sys.executable).with_name("pyside6-lrelease")
    found = str(here) if here.is_file() else shutil.which("pyside6-lrelease")
    if found is None:
        raise SystemExit("building DynoView's wheel needs pyside6-lrelease (PySide6-Essentials, "
                         "asked for by packaging/backend/dynoview_build.py) to compile the translations")
    return found


class BuildWithCatalogues(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        folder = Path(self.build_lib, CATALOGUES)
        sources = sorted(folder.glob("*.ts"))
        if not sources:
            raise SystemExit(f"no .ts catalogues in {folder}: the wheel would have no translations")
        tool = lrelease()
        for ts in sources:
            subprocess.run([tool, "-silent", str(ts), "-qm", str(ts.with_suffix(".qm"))], check=True)
            os.remove(ts)


setup(cmdclass={"build_py": BuildWithCatalogues})
