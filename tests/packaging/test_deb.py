"""packaging/deb.py on a stand-in bundle (real ELF files from this system): Depends computed from
what the bundle does not ship, the staging tree's layout, modes and md5sums, and a real
``dpkg-deb --build --root-owner-group``. The full package is built, linted and installed in a
debootstrap'd root by ``make package-check`` (packaging/linux/test_deb.sh)."""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_ID = "io.github.dynoview.DynoView"
pytestmark = pytest.mark.skipif(shutil.which("dpkg") is None or shutil.which("objdump") is None
                                or not sys.platform.startswith("linux"),
                                reason="Debian tools (dpkg, binutils) on Linux")


@pytest.fixture(scope="module")
def deb() -> ModuleType:
    # Loaded by path: a top-level "packaging" import would find the PyPI library of that name.
    spec = importlib.util.spec_from_file_location("dynoview_deb", ROOT / "packaging" / "deb.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def system_file(*names: str) -> Path:
    for name in names:
        for folder in ("/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/bin", "/bin"):
            if (Path(folder) / name).exists():
                return Path(folder) / name
    pytest.skip(f"none of {names} on this system")


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    """A one-folder build in miniature: a program (needs libc) and a shipped libm copy."""
    folder = tmp_path / "dynoview"
    internal = folder / "_internal"
    internal.mkdir(parents=True)
    shutil.copy2(system_file("true"), folder / "dynoview")
    shutil.copy2(system_file("libm.so.6"), internal / "libm.so.6")
    (internal / "data.txt").write_text("data")
    (internal / "__pycache__").mkdir()
    (internal / "__pycache__" / "x.pyc").write_bytes(b"x")
    return folder


def test_debian_version_orders_pre_releases_first(deb: ModuleType) -> None:
    assert deb.debian_version("0.1.0") == "0.1.0"
    assert deb.debian_version("1.0rc1") == "1.0~rc1"
    assert deb.debian_version("2.1.0b2") == "2.1.0~b2"
    assert deb.debian_version("2.1.0.dev3") == "2.1.0~dev3"
    older = subprocess.run(["dpkg", "--compare-versions", "1.0~rc1", "lt", "1.0"])
    assert older.returncode == 0


def test_depends_are_the_libraries_the_bundle_does_not_ship(deb: ModuleType, bundle: Path) -> None:
    wanted = deb.system_libraries(bundle)
    assert "libc.so.6" in wanted and "dynoview" in wanted["libc.so.6"]
    assert "libm.so.6" not in wanted  # shipped in the bundle: not a dependency
    entries, record = deb.depends(bundle, "2.36")
    assert entries[0] == "libc6 (>= 2.36)"
    assert record["libc.so.6"] == "libc6 (dpkg -S)"
    assert all(runtime in entries for runtime in deb.RUNTIME_DEPENDS)


def test_a_library_no_package_provides_fails_the_build(deb: ModuleType, bundle: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deb, "package_of", lambda soname: None)
    monkeypatch.setattr(deb, "KNOWN_PACKAGES", {"libc.so.6": "libc6"})
    with pytest.raises(SystemExit, match=r"no Debian package known for ld-linux-x86-64\.so\.2"):
        deb.depends(bundle, "2.36")
    monkeypatch.setattr(deb, "KNOWN_PACKAGES", {"libc.so.6": "libc6", "ld-linux-x86-64.so.2": "libc6"})
    _, record = deb.depends(bundle, "2.36")
    assert record["libc.so.6"] == "libc6 (known list)"


def test_staging_tree_layout_modes_and_md5sums(deb: ModuleType, bundle: Path, tmp_path: Path) -> None:
    root, _ = deb.stage(bundle, "2.36", tmp_path / "stage")
    assert (root / "usr/bin/dynoview").readlink() == Path("/opt/dynoview/dynoview")
    assert stat.S_IMODE((root / "opt/dynoview/dynoview").stat().st_mode) == 0o755
    assert stat.S_IMODE((root / "opt/dynoview/_internal/libm.so.6").stat().st_mode) == 0o644
    assert not (root / "opt/dynoview/_internal/__pycache__").exists()
    share = root / "usr/share"
    for path in (f"applications/{APP_ID}.desktop", f"metainfo/{APP_ID}.metainfo.xml",
                 f"icons/hicolor/16x16/apps/{APP_ID}.png", f"icons/hicolor/512x512/apps/{APP_ID}.png",
                 f"icons/hicolor/scalable/apps/{APP_ID}.svg", "man/man1/dynoview.1.gz",
                 "doc/dynoview/copyright", "doc/dynoview/changelog.gz", "lintian/overrides/dynoview"):
        assert (share / path).is_file(), path
    changelog = (share / "doc/dynoview/changelog.gz").read_bytes()
    assert changelog[4:8] == b"\0\0\0\0"  # gzip -n: no time stamp
    assert gzip.decompress(changelog).decode().startswith("dynoview (0.1.0) unstable; urgency=medium")
    control = (root / "DEBIAN/control").read_text()
    assert "Package: dynoview\n" in control and "Depends: libc6 (>= 2.36)" in control
    assert "Architecture: " in control and "Installed-Size: " in control
    sums = dict(reversed(line.split("  ", 1)) for line in (root / "DEBIAN/md5sums").read_text().splitlines())
    assert hashlib.md5((root / "opt/dynoview/_internal/data.txt").read_bytes()).hexdigest() == \
        sums["opt/dynoview/_internal/data.txt"]
    assert "usr/bin/dynoview" not in sums  # a symlink: dpkg lists files only
    overrides = (share / "lintian/overrides/dynoview").read_text()
    assert all(f"dynoview: {tag} *[opt/dynoview/*]" in overrides for tag in deb.OVERRIDDEN_TAGS)


def test_dpkg_deb_builds_it_owned_by_root(deb: ModuleType, bundle: Path, tmp_path: Path) -> None:
    out = deb.build_deb(bundle, "2.36", tmp_path, staging=tmp_path / "stage")
    assert out.name == f"dynoview_{deb.debian_version()}_{deb.deb_arch()}.deb"
    assert subprocess.run(["dpkg-deb", "-f", str(out), "Package"], capture_output=True,
                          text=True).stdout.strip() == "dynoview"
    listing = subprocess.run(["dpkg-deb", "-c", str(out)], capture_output=True, text=True).stdout
    assert "./opt/dynoview/dynoview" in listing and "./usr/bin/dynoview -> /opt/dynoview/dynoview" in listing
    assert all(" root/root " in line for line in listing.splitlines())
