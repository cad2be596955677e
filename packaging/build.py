"""Build the DynoView bundle for this platform into dist/, then check it.

    python packaging/build.py            # build (what `make package` runs)
    python packaging/build.py --check    # also run the built bundle: --smoke and headless commands
    python packaging/build.py --check-only

Every platform: dist/dynoview-<version>-py3-none-any.whl and dist/dynoview-<version>.tar.gz
(`python -m build`, checked by `twine check`), for `pipx install` on any system with Python 3.11+.

Linux:   dist/dynoview/ (PyInstaller one-folder), dist/DynoView.AppDir/ (AppImage layout: AppRun,
         .desktop, icons, AppStream metainfo), dist/DynoView-<version>-linux-<arch>.tar.gz and
         dist/dynoview_<version>_<arch>.deb (deb.py; --check also runs lintian and installs,
         runs and purges it in a debootstrap'd Debian root: linux/test_deb.sh).
macOS:   dist/DynoView.app and dist/DynoView-<version>-macos-<arch>.zip.
Windows: dist/DynoView/ (DynoView.exe, dynoview-cli.exe) and dist/DynoView-<version>-windows-<arch>.zip.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
RESOURCES = ROOT / "resources"
# Budgets (MB, 10^6 bytes) for the Linux bundle as measured on the build machine; a change that
# grows it past them fails the build instead of reaching users as a bigger download.
BUDGET_MB = 160
TARBALL_BUDGET_MB = 65
OTHER_BUDGET_MB = 250  # macOS and Windows: not built here, not yet trimmed
# What Qt's xcb platform plugin needs beyond X11 itself (Debian/Ubuntu package names): without
# them PyInstaller only warns, offscreen runs pass, and a real launch aborts.
XCB_PACKAGES = ("libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 "
                "libxcb-xinerama0 libxkbcommon-x11-0")
sys.path.insert(0, str(ROOT))

from dynoview import APP_NAME, __version__  # noqa: E402

APP_ID = "io.github.dynoview.DynoView"  # as dynoview.ui.resources.APP_ID (not imported: no Qt here)
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def arch() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}.get(machine, machine)


def folder_size(path: Path) -> int:
    """Bytes on disk of everything under ``path`` (symlinks not followed)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def run_pyinstaller() -> None:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        raise SystemExit('PyInstaller is not installed: pip install -e ".[demo,package]"') from None
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK), str(HERE / "dynoview.spec")]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT)


def compile_translations() -> list[Path]:
    """The window's .qm catalogues from the .ts in git (pyside6-lrelease), before PyInstaller picks
    them up (the wheel compiles its own: setup.py); a missing tool or a failed build stops the build."""
    folder = ROOT / "dynoview" / "ui" / "i18n" / "translations"
    tool = Path(sys.executable).with_name("pyside6-lrelease")
    lrelease = str(tool) if tool.is_file() else shutil.which("pyside6-lrelease")
    if lrelease is None:
        raise SystemExit("pyside6-lrelease not found (it comes with PySide6-Essentials)")
    built = []
    for ts in sorted(folder.glob("dynoview_*.ts")):
        qm, aside = ts.with_suffix(".qm"), ts.with_suffix(".qm.new")
        subprocess.run([lrelease, "-silent", str(ts), "-qm", str(aside)], check=True)
        os.replace(aside, qm)  # a running app maps the old one: rename, never rewrite in place
        built.append(qm)
    print(f"compiled {len(built)} catalogues: {', '.join(p.name for p in built)}", flush=True)
    return built


def is_elf(path: Path) -> bool:
    if path.is_symlink() or not path.is_file():
        return False
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def strip_debug_info(bundle: Path) -> int:
    """``strip --strip-debug`` every ELF file that carries debug sections; returns bytes saved.

    Some Python builds ship libpython and lib-dynload with DWARF (libpython3.11: 23 -> 6 MB).
    Only debug sections go: symbols stay, so nothing that looks names up changes.
    """
    if shutil.which("strip") is None or shutil.which("readelf") is None:
        print("note: binutils' strip/readelf not found; debug info left in", flush=True)
        return 0
    saved = 0
    for path in sorted(p for p in bundle.rglob("*") if is_elf(p)):
        sections = subprocess.run(["readelf", "-S", "--wide", str(path)], capture_output=True,
                                  text=True).stdout
        if ".debug_" not in sections:
            continue
        before = path.stat().st_size
        subprocess.run(["strip", "--strip-debug", str(path)], check=True)
        saved += before - path.stat().st_size
    return saved


def check_xcb_libraries(bundle: Path) -> None:
    """Fail when a library Qt's xcb plugin needs is in neither the bundle nor the system.

    PyInstaller only warns about a missing library; the offscreen smoke run never loads xcb;
    users get "no Qt platform plugin could be initialized" and exit 134. ``ldd`` resolves the
    plugin the way the bundle's bootloader does (its folder on LD_LIBRARY_PATH).
    """
    plugin = bundle / "_internal" / "PySide6" / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.is_file():
        raise SystemExit(f"the bundle has no xcb platform plugin ({plugin.relative_to(ROOT)})")
    env = {**os.environ, "LD_LIBRARY_PATH": str(bundle / "_internal")}
    out = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, env=env).stdout
    missing = sorted({line.split()[0] for line in out.splitlines() if "not found" in line})
    if missing:
        raise SystemExit(
            f"Qt's xcb platform plugin needs {', '.join(missing)}, found neither in the bundle nor "
            f"on this machine: the bundle would not start on an X11 desktop. Install them and build "
            f"again (Debian/Ubuntu: apt-get install {XCB_PACKAGES}).")
    print("xcb platform plugin: every library it needs is bundled or on the system", flush=True)


def minimum_glibc(bundle: Path) -> tuple[str, list[str]]:
    """The newest ``GLIBC_x.y`` symbol version any bundled ELF file needs, and those files.

    The bundle runs only where the system's glibc is at least that new (glibc is never bundled).
    """
    best: tuple[int, ...] = (0,)
    needers: list[str] = []
    pattern = re.compile(r"\bGLIBC_(\d+(?:\.\d+)+)\b")
    for path in sorted(p for p in bundle.rglob("*") if is_elf(p)):
        out = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True).stdout
        versions = [tuple(int(n) for n in m.group(1).split("."))
                    for line in out.splitlines() if "*UND*" in line
                    for m in [pattern.search(line)] if m]
        if not versions:
            continue
        newest = max(versions)
        if newest > best:
            best, needers = newest, [path.name]
        elif newest == best:
            needers.append(path.name)
    return ".".join(map(str, best)), needers


def linux_appdir(bundle: Path, glibc: str) -> Path:
    """Lay the one-folder build out as an AppDir (what appimagetool turns into an AppImage)."""
    appdir = DIST / f"{APP_NAME}.AppDir"
    if appdir.exists():
        shutil.rmtree(appdir)
    lib = appdir / "usr" / "lib" / "dynoview"
    shutil.copytree(bundle, lib, symlinks=True)
    (appdir / "usr" / "bin").mkdir(parents=True)
    (appdir / "usr" / "bin" / "dynoview").symlink_to("../lib/dynoview/dynoview")
    apprun = (HERE / "linux" / "AppRun").read_text(encoding="utf-8")
    (appdir / "AppRun").write_text(apprun.replace("@GLIBC_MIN@", glibc), encoding="utf-8")
    (appdir / "AppRun").chmod(0o755)
    desktop = RESOURCES / "linux" / f"{APP_ID}.desktop"
    metainfo = RESOURCES / "linux" / f"{APP_ID}.metainfo.xml"
    share = appdir / "usr" / "share"
    for folder, src in (("applications", desktop), ("metainfo", metainfo)):
        (share / folder).mkdir(parents=True)
        shutil.copy2(src, share / folder / src.name)
    shutil.copy2(desktop, appdir / desktop.name)
    for size in ICON_SIZES:
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        target.mkdir(parents=True)
        shutil.copy2(RESOURCES / "icons" / f"dynoview-{size}.png", target / f"{APP_ID}.png")
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(RESOURCES / "icons" / "dynoview.svg", scalable / f"{APP_ID}.svg")
    shutil.copy2(RESOURCES / "icons" / "dynoview-256.png", appdir / f"{APP_ID}.png")
    (appdir / ".DirIcon").symlink_to(f"{APP_ID}.png")
    shutil.copy2(HERE / "linux" / "install.sh", appdir / "install.sh")
    (appdir / "install.sh").chmod(0o755)
    return appdir


def root_owned(entry: tarfile.TarInfo) -> tarfile.TarInfo:
    """A tarball entry owned by root with 0755 folders and programs, 0644 the rest: ``sudo tar
    -xzf`` into /opt restores owners, so the builder's account (and a umask 002 group write)
    would own what every user runs."""
    entry.uid = entry.gid = 0
    entry.uname = entry.gname = "root"
    if entry.isdir() or (entry.isfile() and entry.mode & 0o111):
        entry.mode = 0o755
    elif entry.isfile():
        entry.mode = 0o644
    return entry


def tarball(appdir: Path) -> Path:
    name = f"{APP_NAME}-{__version__}-linux-{arch()}"
    out = DIST / f"{name}.tar.gz"
    with tarfile.open(out, "w:gz", compresslevel=6) as tar:
        tar.add(appdir, arcname=name, filter=root_owned)
    return out


def zip_folder(folder: Path, system: str) -> Path:
    base = DIST / f"{APP_NAME}-{__version__}-{system}-{arch()}"
    return Path(shutil.make_archive(str(base), "zip", root_dir=folder.parent, base_dir=folder.name))


def bundle_executable() -> Path:
    if sys.platform == "darwin":
        return DIST / f"{APP_NAME}.app" / "Contents" / "MacOS" / APP_NAME
    if sys.platform == "win32":
        return DIST / APP_NAME / "dynoview-cli.exe"  # the console twin reports to stdout
    appdir = DIST / f"{APP_NAME}.AppDir"
    return appdir / "AppRun" if appdir.exists() else DIST / "dynoview" / "dynoview"


def python_packages() -> list[Path]:
    """The wheel and sdist (``python -m build``), checked by ``twine check --strict``: the
    install path for any distribution with Python 3.11+ (``pipx install dist/dynoview-*.whl``)."""
    for old in DIST.glob("dynoview-*"):
        old.unlink()
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(DIST), str(ROOT)], check=True,
                   stdout=subprocess.DEVNULL)
    built = sorted(DIST.glob(f"dynoview-{__version__}*"))
    if len(built) != 2:
        raise SystemExit(f"python -m build made {[p.name for p in built]}, not a wheel and an sdist")
    subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, built)], check=True)
    print(f"built {', '.join(p.name for p in built)} in {time.monotonic() - started:.0f} s",
          flush=True)
    return built


def smoke_runs(executable: Path, home: str) -> list[tuple[str, list[str]]]:
    """``--smoke`` as a desktop launcher starts the app: an empty environment (``env -i``) with
    only HOME and the display. Offscreen everywhere; on Linux also on a real X server (Xvfb),
    the only run that loads the xcb plugin and its libraries."""
    runs = [("offscreen", ["env", "-i", f"HOME={home}", "QT_QPA_PLATFORM=offscreen",
                           str(executable), "--smoke"])]
    if sys.platform == "win32":
        return [("offscreen", [str(executable), "--smoke"])]
    if sys.platform.startswith("linux"):
        if shutil.which("xvfb-run") is None:
            raise SystemExit("xvfb-run not found: the X11 smoke run needs Xvfb "
                             "(Debian/Ubuntu: apt-get install xvfb xauth)")
        # xvfb-run sets DISPLAY and XAUTHORITY for its command; env -i keeps only those.
        inner = ('exec env -i HOME="$1" DISPLAY="$DISPLAY" XAUTHORITY="$XAUTHORITY" '
                 'QT_QPA_PLATFORM=xcb "$2" --smoke')
        runs.append(("xcb (Xvfb)", ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", "sh", "-c",
                                    inner, "sh", home, str(executable)]))
    return runs


def check(executable: Path) -> None:
    """Run the bundle like a user with no AWS account: the window in smoke mode, then the headless
    commands that exercise reads, the audit, streams and a cancelled transaction on the demo."""
    with tempfile.TemporaryDirectory(prefix="dynoview-bundle-check-") as home:
        for n in range(len(smoke_runs(executable, home))):
            fresh = Path(home) / f"smoke-{n}"  # each run starts with an empty home folder
            fresh.mkdir()
            name, cmd = smoke_runs(executable, str(fresh))[n]
            started = time.monotonic()
            result = subprocess.run(cmd, cwd=home, capture_output=True, text=True, timeout=180)
            took = time.monotonic() - started
            output = result.stdout + result.stderr
            ok = result.returncode == 0 and "smoke: table accounts shows" in output
            timing = next((line for line in result.stdout.splitlines()
                           if line.startswith("smoke: window shown")), "")
            print(f"{'ok  ' if ok else 'FAIL'} {executable.name} --smoke, {name}, empty environment: "
                  f"exit {result.returncode}, {took:.1f} s{'; ' + timing[7:] if timing else ''}",
                  flush=True)
            if not ok:
                print(output[-4000:], file=sys.stderr)
                raise SystemExit(f"bundle check failed: --smoke ({name})")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "PYTHON"))}
        env.update(HOME=home, XDG_CONFIG_HOME=f"{home}/config", XDG_STATE_HOME=f"{home}/state",
                   AWS_CONFIG_FILE=f"{home}/none", AWS_SHARED_CREDENTIALS_FILE=f"{home}/none",
                   QT_QPA_PLATFORM=env.get("QT_QPA_PLATFORM", "offscreen"))
        request = Path(home) / "taken.json"
        request.write_text(
            '{"TransactItems": [{"Put": {"TableName": "accounts", "Item": {"PK": {"S": '
            '"UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}, "ConditionExpression": '
            '"attribute_not_exists(PK)"}}]}')
        runs = [
            (["--version"], 0, f"DynoView {__version__}"),
            (["tables", "--demo"], 0, "GSI email-index"),
            (["audit", "--demo", "--table", "accounts"], 1, "ORPHAN_LOCK"),
            (["stream", "--demo", "--table", "accounts", "--limit", "2", "--format", "text"], 0,
             "INSERT"),
            # The lock is held: the preflight reads it and stops the Put before anything is sent.
            (["transact", "--demo", "--yes", str(request)], 2, "DynamoDB would cancel this transaction"),
        ]
        for args, expected_rc, expected_text in runs:
            started = time.monotonic()
            result = subprocess.run([str(executable), *args], env=env, cwd=home, capture_output=True,
                                    text=True, timeout=180)
            took = time.monotonic() - started
            output = result.stdout + result.stderr
            ok = result.returncode == expected_rc and expected_text in output
            print(f"{'ok  ' if ok else 'FAIL'} {executable.name} {' '.join(args[:3])}: exit "
                  f"{result.returncode}, {took:.1f} s", flush=True)
            if not ok:
                print(output[-4000:], file=sys.stderr)
                raise SystemExit(f"bundle check failed: {' '.join(args)}")


def check_deb() -> None:
    """lintian on the .deb (no error or warning left unexplained: overrides in deb.py), then
    linux/test_deb.sh: apt install in a clean debootstrap'd root, --smoke, purge, no leftovers."""
    debs = sorted(DIST.glob("dynoview_*.deb"))
    if not debs:
        raise SystemExit("no .deb in dist/: run packaging/build.py first (needs dpkg-deb)")
    if shutil.which("lintian") is None:
        raise SystemExit("lintian not found: apt-get install lintian")
    started = time.monotonic()
    out = subprocess.run(["lintian", "--info", str(debs[-1])], capture_output=True, text=True)
    tags = [line for line in out.stdout.splitlines() if line[:2] in ("E:", "W:")]
    print(f"{'ok  ' if not tags else 'FAIL'} lintian {debs[-1].name}: {len(tags)} errors and "
          f"warnings not overridden, {time.monotonic() - started:.0f} s", flush=True)
    if tags or out.returncode not in (0, 1):  # 1 also means only info/pedantic tags
        print("\n".join(tags) or out.stderr[-2000:], file=sys.stderr)
        raise SystemExit("bundle check failed: lintian")
    if os.geteuid() != 0:
        print("skip linux/test_deb.sh: it needs root (chroot, mount, apt-get)", flush=True)
        return
    result = subprocess.run(["sh", str(HERE / "linux" / "test_deb.sh"), str(debs[-1])])
    if result.returncode == 77:  # this machine cannot make a Debian root; the script said why
        print("skip linux/test_deb.sh: no clean Debian root can be made on this machine", flush=True)
        return
    if result.returncode != 0:
        raise SystemExit("bundle check failed: the .deb in a clean Debian root (test_deb.sh)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="run the bundle after building it")
    parser.add_argument("--check-only", action="store_true", help="only run the existing bundle")
    args = parser.parse_args()
    if not args.check_only:
        started = time.monotonic()
        compile_translations()
        run_pyinstaller()
        built = time.monotonic() - started
        budget, tar_budget = OTHER_BUDGET_MB, None
        if sys.platform == "darwin":
            folder = DIST / f"{APP_NAME}.app"
            archive = zip_folder(folder, "macos")
        elif sys.platform == "win32":
            folder = DIST / APP_NAME
            archive = zip_folder(folder, "windows")
        else:
            bundle = DIST / "dynoview"
            saved = strip_debug_info(bundle)
            print(f"stripped debug info: {saved / 1e6:.1f} MB", flush=True)
            check_xcb_libraries(bundle)
            glibc, needers = minimum_glibc(bundle)
            print(f"minimum glibc: {glibc} (needed by {', '.join(needers[:6])}"
                  f"{', ...' if len(needers) > 6 else ''})", flush=True)
            folder = linux_appdir(bundle, glibc)
            archive = tarball(folder)
            if shutil.which("dpkg-deb") is not None:
                from deb import build_deb  # packaging/deb.py, beside this script

                build_deb(bundle, glibc)
            else:
                print("note: dpkg-deb not found (not Debian or Ubuntu): no .deb built", flush=True)
            budget, tar_budget = BUDGET_MB, TARBALL_BUDGET_MB
        size_mb = folder_size(folder) / 1e6
        archive_mb = archive.stat().st_size / 1e6
        print(f"built {folder.relative_to(ROOT)} in {built:.0f} s (PyInstaller) and "
              f"{time.monotonic() - started:.0f} s in all: {size_mb:.1f} MB unpacked, "
              f"{archive_mb:.1f} MB as {archive.name}", flush=True)
        if size_mb > budget:
            raise SystemExit(f"the bundle is {size_mb:.1f} MB, over the {budget} MB budget")
        if tar_budget is not None and archive_mb > tar_budget:
            raise SystemExit(f"{archive.name} is {archive_mb:.1f} MB, over the {tar_budget} MB budget")
        python_packages()
    if args.check or args.check_only:
        check(bundle_executable())
        if sys.platform.startswith("linux") and shutil.which("dpkg-deb") is not None:
            check_deb()
    return 0


if __name__ == "__main__":
    sys.exit(main())
