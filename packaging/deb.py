"""The Debian package of the Linux bundle: dist/dynoview_<version>_amd64.deb (packaging/README.md).

    python packaging/deb.py          # from an existing dist/dynoview (build.py calls build_deb)

Laid out from the PyInstaller one-folder build in a staging tree, then ``dpkg-deb --build
--root-owner-group``: the bundle under /opt/dynoview, /usr/bin/dynoview (a symlink: the bootloader
finds its folder through /proc/self/exe), the desktop entry, hicolor icons, AppStream metainfo and
a man page in their standard places, /usr/share/doc/dynoview/{copyright,changelog.gz}, and
lintian overrides for what a self-contained bundle is by design (explained in the README).

``Depends`` is computed, not written by hand: every ``DT_NEEDED`` of the bundle's ELF files that
the bundle does not ship is a system library; ``dpkg -S`` names its package on the build machine,
and ``KNOWN_PACKAGES`` (Debian's names) covers a library this machine lacks. A library in neither
fails the build with its name, rather than a package that installs and then cannot start.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"
RESOURCES = ROOT / "resources"
sys.path.insert(0, str(ROOT))

from dynoview import __version__  # noqa: E402

PACKAGE = "dynoview"
APP_ID = "io.github.dynoview.DynoView"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
HOMEPAGE = "https://github.com/dynoview/dynoview"
# No mailing list exists: the maintainer field names the project; override for a real upload.
MAINTAINER = os.environ.get("DEB_MAINTAINER",
                            "DynoView developers <dynoview@users.noreply.github.com>")
PREFIX = Path("opt") / PACKAGE
# Debian package names for system libraries the bundle needs, used when this machine does not
# have the library installed (dpkg -S finds nothing). Debian 12 / Ubuntu 22.04+ names.
KNOWN_PACKAGES = {
    "libc.so.6": "libc6", "libm.so.6": "libc6", "libdl.so.2": "libc6",
    "libpthread.so.0": "libc6", "librt.so.1": "libc6", "libutil.so.1": "libc6",
    "ld-linux-x86-64.so.2": "libc6",
    "libGL.so.1": "libgl1", "libEGL.so.1": "libegl1", "libOpenGL.so.0": "libopengl0",
    "libxcb.so.1": "libxcb1",
    "libwayland-client.so.0": "libwayland-client0", "libwayland-cursor.so.0": "libwayland-cursor0",
    "libwayland-egl.so.1": "libwayland-egl1",
    "libfontconfig.so.1": "libfontconfig1", "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3", "libz.so.1": "zlib1g",
}
# What the bundled libraries read from the system at run time without linking to it: the bundled
# fontconfig needs its configuration (/etc/fonts) and at least one font.
RUNTIME_DEPENDS = ("fontconfig-config", "fonts-dejavu-core | fonts-liberation2 | fonts-freefont-ttf")
MULTIARCH_DIRS = ("/lib/x86_64-linux-gnu/", "/usr/lib/x86_64-linux-gnu/", "/lib64/", "/usr/lib64/")


def debian_version(version: str = __version__) -> str:
    """PEP 440 to Debian ordering: pre-releases sort before the release (``1.0rc1`` -> ``1.0~rc1``)."""
    return re.sub(r"(?<=\d)\.?(a|b|rc|dev)(\d*)", r"~\1\2", version)


def deb_arch() -> str:
    out = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True)
    return out.stdout.strip() or "amd64"


def is_elf(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def elf_files(bundle: Path) -> list[Path]:
    return sorted(p for p in bundle.rglob("*") if is_elf(p))


def needed(path: Path) -> list[str]:
    out = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True).stdout
    return [line.split()[1] for line in out.splitlines() if line.strip().startswith("NEEDED")]


def system_libraries(bundle: Path) -> dict[str, list[str]]:
    """Each library some bundled ELF file needs and the bundle does not ship -> who needs it."""
    shipped = {p.name for p in bundle.rglob("*.so*")}
    wanted: dict[str, list[str]] = {}
    for path in elf_files(bundle):
        for name in needed(path):
            if name not in shipped:
                wanted.setdefault(name, []).append(str(path.relative_to(bundle)))
    return wanted


def package_of(soname: str) -> str | None:
    """The package that installs ``soname`` for this architecture on this machine, if any."""
    out = subprocess.run(["dpkg", "-S", f"*/{soname}"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        owner, _, path = line.partition(": ")
        if path.strip().endswith("/" + soname) and path.strip().startswith(MULTIARCH_DIRS):
            return owner.split(":")[0].split(",")[0].strip()
    return None


def depends(bundle: Path, glibc: str) -> tuple[list[str], dict[str, str]]:
    """The ``Depends`` entries and, for the record, each library's package and where it came from."""
    packages: set[str] = set()
    found: dict[str, str] = {}
    missing = []
    for soname in sorted(system_libraries(bundle)):
        owner = package_of(soname)
        source = "dpkg -S"
        if owner is None:
            owner, source = KNOWN_PACKAGES.get(soname), "known list"
        if owner is None:
            missing.append(soname)
            continue
        packages.add(owner)
        found[soname] = f"{owner} ({source})"
    if missing:
        raise SystemExit(f"no Debian package known for {', '.join(missing)}: install it on the build "
                         f"machine (dpkg -S then finds it) or add it to KNOWN_PACKAGES in {__file__}")
    entries = [f"libc6 (>= {glibc})" if name == "libc6" else name for name in sorted(packages)]
    return [*entries, *RUNTIME_DEPENDS], found


def _gzip_n(data: bytes) -> bytes:
    """gzip -9n: no name, no time stamp (lintian and reproducible builds want both left out)."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=buffer, mtime=0) as gz:
        gz.write(data)
    return buffer.getvalue()


def changelog(version: str) -> str:
    stamp = time.strftime("%a, %d %b %Y %H:%M:%S +0000",
                          time.gmtime(int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))))
    return (f"{PACKAGE} ({version}) unstable; urgency=medium\n\n"
            f"  * Release {version}: the PyInstaller bundle packaged for Debian and Ubuntu.\n"
            "    Changes are listed in the AppStream metainfo\n"
            f"    and at {HOMEPAGE}.\n\n"
            f" -- {MAINTAINER}  {stamp}\n")


def copyright_text() -> str:
    """DEP-5: DynoView is MIT; the bundle carries Python, Qt and libraries under their licences."""
    return f"""Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: DynoView
Upstream-Contact: {MAINTAINER}
Source: {HOMEPAGE}
Comment: /opt/{PACKAGE} is a PyInstaller bundle. It includes CPython (PSF-2.0), Qt 6 and
 PySide6 (LGPL-3), boto3, botocore and moto (Apache-2.0), Flask and Werkzeug (BSD-3-clause),
 OpenSSL (Apache-2.0) and further libraries; each keeps its licence, shipped beside it in the
 bundle's *.dist-info folders where the project provides one.

Files: *
Copyright: 2026 DynoView developers
License: MIT

Files: opt/{PACKAGE}/_internal/PySide6/*
Copyright: The Qt Company Ltd.
License: LGPL-3
 On Debian systems the full text is in /usr/share/common-licenses/LGPL-3.

Files: opt/{PACKAGE}/_internal/boto3/* opt/{PACKAGE}/_internal/botocore/*
Copyright: Amazon.com, Inc. or its affiliates
License: Apache-2.0
 On Debian systems the full text is in /usr/share/common-licenses/Apache-2.0.

License: MIT
 Permission is hereby granted, free of charge, to any person obtaining a copy of this software
 and associated documentation files (the "Software"), to deal in the Software without
 restriction, including without limitation the rights to use, copy, modify, merge, publish,
 distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
 Software is furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all copies or
 substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
 BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
 DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""


def man_page(version: str) -> str:
    return f""".TH DYNOVIEW 1 "" "DynoView {version}" "User Commands"
.SH NAME
dynoview \\- desktop explorer for DynamoDB tables that hold uniqueness locks
.SH SYNOPSIS
.B dynoview
[\\fB\\-\\-demo\\fR] [\\fB\\-\\-endpoint\\-url\\fR \\fIURL\\fR] [\\fB\\-\\-table\\fR \\fITABLE\\fR]
.br
.B dynoview
\\fICOMMAND\\fR [\\fIOPTIONS\\fR]
.SH DESCRIPTION
Without a command, \\fBdynoview\\fR opens the window. \\fB\\-\\-demo\\fR starts it on an embedded
demo backend that needs no AWS account. The headless commands (\\fBtables\\fR, \\fBaudit\\fR,
\\fBrepair\\fR, \\fBstream\\fR, \\fBtransact\\fR and others) print to the terminal; run
\\fBdynoview \\-\\-help\\fR or \\fBdynoview\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR for their options.
.SH FILES
Settings in \\fI~/.config/DynoView\\fR, the action log in \\fI~/.local/share/DynoView\\fR, error
reports in \\fI~/.local/state/DynoView/log\\fR. Removing the package leaves them; delete them by hand.
.SH SEE ALSO
{HOMEPAGE}
"""


# Each tag is explained in packaging/README.md ("Debian package: lintian"); all are about the
# prebuilt files of the self-contained bundle, so each is limited to /opt/dynoview.
OVERRIDDEN_TAGS = (
    "dir-or-file-in-opt", "embedded-library", "unstripped-binary-or-object",
    "shared-library-lacks-prerequisites", "library-not-linked-against-libc",
    "hardening-no-fortify-functions", "hardening-no-bindnow", "hardening-no-pie",
    "custom-library-search-path", "binary-has-unneeded-section", "spelling-error-in-binary",
    "extra-license-file", "package-contains-documentation-outside-usr-share-doc",
    "privacy-breach-generic", "privacy-breach-uses-embedded-file",
)
LINTIAN_OVERRIDES = ("# A self-contained PyInstaller bundle in /opt by design (packaging/README.md).\n"
                     + "".join(f"{PACKAGE}: {tag} *[opt/{PACKAGE}/*]\n" for tag in OVERRIDDEN_TAGS))


def _write(path: Path, data: str | bytes, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    path.chmod(mode)


def _normalise_modes(tree: Path) -> None:
    """0755 folders and programs, 0644 everything else (shared objects included): the modes
    lintian expects, whatever umask PyInstaller ran under."""
    for path in [tree, *tree.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        elif ".so" in path.name or not os.access(path, os.X_OK):
            path.chmod(0o644)
        else:
            path.chmod(0o755)


def stage(bundle: Path, glibc: str, root: Path) -> tuple[Path, dict[str, str]]:
    """The staging tree for dpkg-deb; returns it and the Depends record."""
    if root.exists():
        shutil.rmtree(root)
    version = debian_version()
    shutil.copytree(bundle, root / PREFIX, symlinks=True)
    for cache in list((root / PREFIX).rglob("__pycache__")):
        shutil.rmtree(cache)
    (root / "usr" / "bin").mkdir(parents=True)
    # Across top-level folders Debian wants an absolute link.
    (root / "usr" / "bin" / PACKAGE).symlink_to(f"/{PREFIX}/{PACKAGE}")
    share = root / "usr" / "share"
    for folder, name in (("applications", f"{APP_ID}.desktop"), ("metainfo", f"{APP_ID}.metainfo.xml")):
        (share / folder).mkdir(parents=True)
        shutil.copy2(RESOURCES / "linux" / name, share / folder / name)
    for size in ICON_SIZES:
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        target.mkdir(parents=True)
        shutil.copy2(RESOURCES / "icons" / f"dynoview-{size}.png", target / f"{APP_ID}.png")
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(RESOURCES / "icons" / "dynoview.svg", scalable / f"{APP_ID}.svg")
    doc = share / "doc" / PACKAGE
    _write(doc / "copyright", copyright_text())
    # A native package (no Debian revision: upstream packages itself): changelog.gz, not .Debian.gz.
    _write(doc / "changelog.gz", _gzip_n(changelog(version).encode()))
    _write(share / "man" / "man1" / f"{PACKAGE}.1.gz", _gzip_n(man_page(version).encode()))
    _write(share / "lintian" / "overrides" / PACKAGE, LINTIAN_OVERRIDES)
    _normalise_modes(root)
    entries, record = depends(bundle, glibc)
    size_kb = sum(p.lstat().st_size for p in root.rglob("*") if not p.is_dir()) // 1024
    control = f"""Package: {PACKAGE}
Version: {version}
Architecture: {deb_arch()}
Maintainer: {MAINTAINER}
Installed-Size: {size_kb}
Depends: {", ".join(entries)}
Section: database
Priority: optional
Homepage: {HOMEPAGE}
Description: desktop explorer for DynamoDB tables with uniqueness locks
 DynoView browses Amazon DynamoDB tables and indexes page by page, shows every
 read with its consistency mode and consumed capacity, and keeps numbers, sets
 and binary values exact. It lists accounts and their uniqueness locks side by
 side, finds stuck signups and orphaned locks, and builds repairs as
 transactions to read before they run.
 .
 An embedded demo backend lets you try it without an AWS account. This package
 installs a self-contained build (Python, Qt and libraries) in /opt/dynoview.
"""
    _write(root / "DEBIAN" / "control", control)
    (root / "DEBIAN").chmod(0o755)
    sums = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
        rel = path.relative_to(root)
        if rel.parts[0] != "DEBIAN":
            sums.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {rel}\n")
    _write(root / "DEBIAN" / "md5sums", "".join(sums))
    return root, record


def build_deb(bundle: Path, glibc: str, out_dir: Path = DIST, staging: Path | None = None) -> Path:
    """Stage and build the .deb; prints Depends and its size."""
    if shutil.which("dpkg-deb") is None:
        raise SystemExit("dpkg-deb not found: the .deb is built on Debian or Ubuntu")
    started = time.monotonic()
    root, record = stage(bundle, glibc, staging or ROOT / "build" / "deb" / PACKAGE)
    out = out_dir / f"{PACKAGE}_{debian_version()}_{deb_arch()}.deb"
    out.unlink(missing_ok=True)
    subprocess.run(["dpkg-deb", "--build", "--root-owner-group", "-Zxz", str(root), str(out)],
                   check=True, stdout=subprocess.DEVNULL)
    for soname, owner in sorted(record.items()):
        print(f"  system library {soname}: {owner}", flush=True)
    control = (root / "DEBIAN" / "control").read_text(encoding="utf-8")
    print(next(line for line in control.splitlines() if line.startswith("Depends:")), flush=True)
    print(f"built {out.name}: {out.stat().st_size / 1e6:.1f} MB in "
          f"{time.monotonic() - started:.0f} s", flush=True)
    return out


def glibc_of(bundle: Path) -> str:
    """The newest GLIBC_x.y symbol version the bundle needs (as build.py computes it)."""
    sys.path.insert(0, str(HERE))
    from build import minimum_glibc  # packaging/build.py; not a package (see README)

    return minimum_glibc(bundle)[0]


if __name__ == "__main__":
    built = DIST / PACKAGE
    if not (built / PACKAGE).is_file():
        raise SystemExit(f"no bundle in {built}: run packaging/build.py first")
    build_deb(built, glibc_of(built))
