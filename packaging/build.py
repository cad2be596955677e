"""Build the DynoView bundle for this platform into dist/, then check it.

    python packaging/build.py            # build (what `make package` runs)
    python packaging/build.py --check    # also run the built bundle: --smoke and headless commands
    python packaging/build.py --check-only

Linux:   dist/dynoview/ (PyInstaller one-folder), dist/DynoView.AppDir/ (AppImage layout: AppRun,
         .desktop, icons, AppStream metainfo) and dist/DynoView-<version>-linux-<arch>.tar.gz.
macOS:   dist/DynoView.app and dist/DynoView-<version>-macos-<arch>.zip.
Windows: dist/DynoView/ (DynoView.exe, dynoview-cli.exe) and dist/DynoView-<version>-windows-<arch>.zip.
"""

from __future__ import annotations

import argparse
import os
import platform
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
RESOURCES = ROOT / "dynoview" / "resources"
BUDGET_MB = 250
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


def linux_appdir(bundle: Path) -> Path:
    """Lay the one-folder build out as an AppDir (what appimagetool turns into an AppImage)."""
    appdir = DIST / f"{APP_NAME}.AppDir"
    if appdir.exists():
        shutil.rmtree(appdir)
    lib = appdir / "usr" / "lib" / "dynoview"
    shutil.copytree(bundle, lib, symlinks=True)
    (appdir / "usr" / "bin").mkdir(parents=True)
    (appdir / "usr" / "bin" / "dynoview").symlink_to("../lib/dynoview/dynoview")
    shutil.copy2(HERE / "linux" / "AppRun", appdir / "AppRun")
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


def tarball(appdir: Path) -> Path:
    name = f"{APP_NAME}-{__version__}-linux-{arch()}"
    out = DIST / f"{name}.tar.gz"
    with tarfile.open(out, "w:gz", compresslevel=6) as tar:
        tar.add(appdir, arcname=name)
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


def check(executable: Path) -> None:
    """Run the bundle like a user with no AWS account: the window in smoke mode, then the headless
    commands that exercise reads, the audit, streams and a cancelled transaction on the demo."""
    with tempfile.TemporaryDirectory(prefix="dynoview-bundle-check-") as home:
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
            (["--smoke"], 0, "smoke: table accounts shows"),
            (["--version"], 0, f"DynoView {__version__}"),
            (["tables", "--demo"], 0, "GSI email-index"),
            (["audit", "--demo", "--table", "accounts"], 1, "ORPHAN_LOCK"),
            (["stream", "--demo", "--table", "accounts", "--limit", "2", "--format", "text"], 0,
             "INSERT"),
            (["transact", "--demo", "--yes", str(request)], 1, "already taken"),
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="run the bundle after building it")
    parser.add_argument("--check-only", action="store_true", help="only run the existing bundle")
    args = parser.parse_args()
    if not args.check_only:
        started = time.monotonic()
        run_pyinstaller()
        built = time.monotonic() - started
        if sys.platform == "darwin":
            folder = DIST / f"{APP_NAME}.app"
            archive = zip_folder(folder, "macos")
        elif sys.platform == "win32":
            folder = DIST / APP_NAME
            archive = zip_folder(folder, "windows")
        else:
            folder = linux_appdir(DIST / "dynoview")
            archive = tarball(folder)
        size_mb = folder_size(folder) / 1e6
        print(f"built {folder.relative_to(ROOT)} in {built:.0f} s (PyInstaller) and "
              f"{time.monotonic() - started:.0f} s in all: {size_mb:.0f} MB unpacked, "
              f"{archive.stat().st_size / 1e6:.0f} MB as {archive.name}")
        if size_mb > BUDGET_MB:
            raise SystemExit(f"the bundle is over the {BUDGET_MB} MB budget")
    if args.check or args.check_only:
        check(bundle_executable())
    return 0


if __name__ == "__main__":
    sys.exit(main())
