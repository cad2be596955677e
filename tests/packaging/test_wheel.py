"""The wheel a user installs with pipx: built once from the files git tracks (what a clean clone
holds: no compiled .qm, no caches), then read as a zip. About 5 s with pip's cache warm."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CATALOGUES = "dynoview/ui/i18n/translations/"


def _tracked_files() -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs the git checkout")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True)
    return sorted(n for n in out.stdout.decode().split("\0") if n)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    for name in _tracked_files():
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "out"),
                           str(src)], capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        pytest.fail(f"pip wheel failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    built = list((tmp / "out").glob("dynoview-*.whl"))
    assert len(built) == 1, built
    return zipfile.ZipFile(built[0])


def test_wheel_has_the_compiled_catalogues_and_not_their_sources(wheel: zipfile.ZipFile) -> None:
    # No .ts: an installed .ts newer than its .qm made the app rebuild the .qm in its install folder.
    names = {n for n in wheel.namelist() if n.startswith(CATALOGUES)}
    sources = {p.stem for p in (ROOT / CATALOGUES).glob("*.ts")}
    assert sources, "no catalogues in the checkout"
    assert names == {f"{CATALOGUES}{stem}.qm" for stem in sources}
    for name in names:
        assert wheel.read(name)[:16] == bytes.fromhex("3cb86418caef9c95cd211cbf60a1bddd")  # Qt .qm magic


def test_wheel_holds_every_runtime_resource(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    expected = {
        "dynoview/data/dynamodb-reserved-words.txt",
        "dynoview/resources/__init__.py",
        "dynoview/resources/linux/io.github.dynoview.DynoView.desktop",
        "dynoview/resources/linux/io.github.dynoview.DynoView.metainfo.xml",
        "dynoview/core/codegen/python_runtime.py",
        "dynoview/core/codegen/typescript_runtime.py",
        "dynoview/demo/backend.py",
    }
    for folder in ("icons",):
        expected |= {f"dynoview/resources/{folder}/{p.name}" for p in (ROOT / "resources" / folder).iterdir()
                     if p.is_file()}
    assert expected <= names, sorted(expected - names)


def test_wheel_holds_no_tests_caches_or_screenshots(wheel: zipfile.ZipFile) -> None:
    bad = [n for n in wheel.namelist()
           if re.search(r"(^|/)(tests?|__pycache__|\.venv|benchmarks|packaging|screenshots)/"
                        r"|\.pyc$|\.new$", n)
           and not n.startswith("dynoview-")]
    assert bad == []


def test_wheel_files_are_not_world_writable(wheel: zipfile.ZipFile) -> None:
    loose = [i.filename for i in wheel.infolist() if (i.external_attr >> 16) & 0o002]
    assert loose == []


def test_wheel_requires_exactly_what_pyproject_lists_with_lower_bounds(wheel: zipfile.ZipFile) -> None:
    meta_name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    meta = Parser().parsestr(wheel.read(meta_name).decode())
    requires = meta.get_all("Requires-Dist") or []
    plain = sorted(str(Requirement(r)) for r in requires if "extra ==" not in r)
    assert plain == sorted(str(Requirement(d)) for d in PYPROJECT["project"]["dependencies"])
    for requirement in requires:
        assert ">=" in requirement, f"{requirement}: no lower bound"


def test_wheel_entry_points_are_the_window_and_the_cli(wheel: zipfile.ZipFile) -> None:
    name = next(n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt"))
    text = wheel.read(name).decode()
    assert "[console_scripts]\ndynoview-cli = dynoview.cli:main" in text
    assert "[gui_scripts]\ndynoview = dynoview.__main__:main" in text
