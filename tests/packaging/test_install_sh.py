"""packaging/linux/install.sh on a stand-in AppDir: it links `dynoview` into ~/.local/bin, the
menu entry and the command survive a moved folder by saying what to do, and --uninstall removes
exactly what the install added."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_ID = "io.github.dynoview.DynoView"
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")


def make_appdir(where: Path) -> Path:
    """The files install.sh reads from a built AppDir (build.py's layout), with an AppRun that
    only reports how it was called."""
    resources = ROOT / "resources"
    share = where / "usr" / "share"
    for size in (16, 256):
        icons = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        icons.mkdir(parents=True)
        shutil.copy2(resources / "icons" / f"dynoview-{size}.png", icons / f"{APP_ID}.png")
    (share / "applications").mkdir(parents=True)
    shutil.copy2(resources / "linux" / f"{APP_ID}.desktop", share / "applications")
    (share / "metainfo").mkdir(parents=True)
    shutil.copy2(resources / "linux" / f"{APP_ID}.metainfo.xml", share / "metainfo")
    (where / "AppRun").write_text('#!/bin/sh\necho "AppRun ran with: $*"\n')
    (where / "AppRun").chmod(0o755)
    shutil.copy2(ROOT / "packaging" / "linux" / "install.sh", where / "install.sh")
    return where


def run(cmd: list[str], home: Path, path: str = "/usr/bin:/bin") -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": path}
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)


def tree(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def test_install_links_the_command_and_uninstall_removes_exactly_that(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".config").mkdir(parents=True)
    (home / ".config" / "keep.txt").write_text("the user's own file")
    before = tree(home)
    # A folder name with a space and a quote must not break (or inject into) the launcher.
    appdir = make_appdir(tmp_path / "my apps" / "Dyno's View")

    result = run([str(appdir / "install.sh")], home)
    assert result.returncode == 0, result.stderr
    link = home / ".local" / "bin" / "dynoview"
    assert link.is_symlink()
    assert f"linked into {home}/.local/bin" in result.stdout
    assert "is not on your PATH" in result.stdout  # PATH lacked ~/.local/bin: say how to add it
    assert run([str(link), "--version"], home).stdout.strip() == "AppRun ran with: --version"
    desktop = (home / ".local/share/applications" / f"{APP_ID}.desktop").read_text()
    assert "TryExec" not in desktop  # the entry stays visible and explains a moved folder
    assert 'Exec="' in desktop
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate",
                                str(home / ".local/share/applications" / f"{APP_ID}.desktop")],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    assert (home / ".local/share/icons/hicolor/256x256/apps" / f"{APP_ID}.png").is_file()

    # Installing again (an upgrade) does not duplicate or leave anything behind.
    assert run([str(appdir / "install.sh")], home).returncode == 0

    result = run([str(appdir / "install.sh"), "--uninstall"], home)
    assert result.returncode == 0, result.stderr
    assert tree(home) == before


def test_a_moved_folder_is_explained_and_uninstall_still_works(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    appdir = make_appdir(tmp_path / "DynoView-0.1.0-linux-x86_64")
    assert run([str(appdir / "install.sh")], home).returncode == 0
    appdir.rename(tmp_path / "elsewhere")

    result = run([str(home / ".local/bin/dynoview")], home)
    assert result.returncode == 1
    assert f"DynoView is no longer in {appdir}" in result.stderr
    assert "Run ./install.sh in its new folder" in result.stderr
    uninstall = home / ".local/share/DynoView/install/install.sh"
    assert f"{uninstall} --uninstall" in result.stderr

    # The copy the install kept removes everything, even with the folder gone.
    assert run([str(uninstall), "--uninstall"], home).returncode == 0
    assert tree(home) == set()


def test_an_existing_dynoview_command_is_left_alone(tmp_path: Path) -> None:
    """A pipx install owns ~/.local/bin/dynoview: the bundle's install does not replace it."""
    home = tmp_path / "home"
    (home / ".local/bin").mkdir(parents=True)
    pipx = home / ".local/bin" / "dynoview"
    pipx.write_text("#!/bin/sh\necho pipx\n")
    appdir = make_appdir(tmp_path / "DynoView")
    result = run([str(appdir / "install.sh")], home, path=f"{home}/.local/bin:/usr/bin:/bin")
    assert result.returncode == 0 and "already exists" in result.stdout
    assert pipx.read_text() == "#!/bin/sh\necho pipx\n"
    assert run([str(appdir / "install.sh"), "--uninstall"], home).returncode == 0
    assert pipx.is_file()


def test_the_built_apprun_refuses_an_older_glibc(tmp_path: Path) -> None:
    """build.py writes the measured minimum into AppRun; a system below it gets a sentence."""
    if not shutil.which("getconf") or "glibc" not in os.popen("getconf GNU_LIBC_VERSION").read():
        pytest.skip("needs a glibc system")
    template = (ROOT / "packaging" / "linux" / "AppRun").read_text()
    apprun = tmp_path / "AppRun"
    apprun.write_text(template.replace("@GLIBC_MIN@", "9.99"))
    apprun.chmod(0o755)
    result = run([str(apprun)], tmp_path)
    assert result.returncode == 1
    assert "needs glibc 9.99 or newer; this system has" in result.stderr and "pipx" in result.stderr


def exec_argv(value: str) -> list[str]:
    """The Desktop Entry Specification's reading of an Exec value: the string's own escapes
    first (``\\\\`` is one backslash), then the arguments, with ``\\"``, ``\\` ``, ``\\$``,
    ``\\\\`` inside double quotes, and ``%%`` a literal ``%``."""
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r"}
    text = re.sub(r"\\([sntr\\])", lambda m: escapes.get(m[1], m[1]), value)
    argv: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == " ":
            i += 1
            continue
        word = ""
        if text[i] == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\" and text[i + 1] in '"`$\\':
                    i += 1
                word += text[i]
                i += 1
            i += 1
        else:
            while i < len(text) and text[i] != " ":
                word += text[i]
                i += 1
        argv.append(word.replace("%%", "%"))
    return argv


@pytest.mark.parametrize("name", ["back\\slash", "per%cent", 'quo"te $dollar `tick`'])
def test_the_menu_entry_names_the_launcher_exactly_whatever_the_data_folder(tmp_path: Path,
                                                                           name: str) -> None:
    """A data folder with a backslash got ``\\\\\\`` (the spec needs ``\\\\\\\\``: desktop-file-validate
    refused it); one with ``%`` got a first word GLib looks up before it undoes ``%%`` (the
    menu entry never started): such a path starts through ``env``."""
    home = tmp_path / name
    home.mkdir()
    appdir = make_appdir(tmp_path / "app")
    assert run([str(appdir / "install.sh")], home).returncode == 0
    entry = home / ".local/share/applications" / f"{APP_ID}.desktop"
    line = next(x for x in entry.read_text().splitlines() if x.startswith("Exec="))
    argv = exec_argv(line.removeprefix("Exec="))
    launcher = argv[-1]
    assert argv[:-1] == (["env"] if "%" in name else [])
    assert launcher == str(home / ".local/share/DynoView/install/dynoview")
    assert Path(launcher).is_file() and os.access(launcher, os.X_OK)
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
