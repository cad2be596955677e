"""packaging/build.py's Linux tarball: every entry owned by root, 0755 folders and programs,
0644 the rest, whatever account and umask built it. ``sudo tar -xzf`` into /opt restores the
owners recorded: the builder's account would own (and, with umask 002, its group could
replace) the program every user of the machine runs."""

from __future__ import annotations

import importlib.util
import os
import sys
import tarfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILDER = 1000  # an ordinary account's uid, as a desktop's first user has


@pytest.fixture(scope="module")
def build() -> ModuleType:
    # Loaded by path: a top-level "packaging" import would find the PyPI library of that name.
    spec = importlib.util.spec_from_file_location("dynoview_build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tarball_is_root_owned_with_standard_modes(build: ModuleType, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    appdir = tmp_path / "DynoView.AppDir"
    lib = appdir / "usr" / "lib" / "dynoview"
    lib.mkdir(parents=True)
    program, shared, data = lib / "dynoview", lib / "libpython3.11.so.1.0", appdir / "dynoview.desktop"
    for path, mode in ((program, 0o775), (shared, 0o664), (data, 0o666)):
        path.write_text("x")
        path.chmod(mode)
    (appdir / "AppRun").symlink_to("usr/lib/dynoview/dynoview")
    for folder in (appdir, lib):
        folder.chmod(0o775)
    if os.geteuid() == 0 and sys.platform.startswith("linux"):  # as a user's build would record
        for path in (appdir, lib, program, shared, data):
            os.chown(path, BUILDER, BUILDER)
    monkeypatch.setattr(build, "DIST", tmp_path)
    with tarfile.open(build.tarball(appdir)) as tar:
        entries = {entry.name.split("/", 1)[-1] if "/" in entry.name else ".": entry
                   for entry in tar.getmembers()}
    assert {(e.uid, e.gid, e.uname, e.gname) for e in entries.values()} == {(0, 0, "root", "root")}
    modes = {name: entries[name].mode for name in
             (".", "usr/lib/dynoview", "usr/lib/dynoview/dynoview",
              "usr/lib/dynoview/libpython3.11.so.1.0", "dynoview.desktop")}
    assert modes == {".": 0o755, "usr/lib/dynoview": 0o755, "usr/lib/dynoview/dynoview": 0o755,
                     "usr/lib/dynoview/libpython3.11.so.1.0": 0o644, "dynoview.desktop": 0o644}
    assert entries["AppRun"].issym() and entries["AppRun"].linkname == "usr/lib/dynoview/dynoview"
