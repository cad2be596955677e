"""The licence text ships with the sources: the sdist holds the LICENSE file and the wheel's
metadata names it (``License-File``, PEP 639), as the MIT licence that pyproject.toml declares
asks. Built from the files git tracks with the setuptools pyproject.toml asks for (77 on: it picks
up ``LICEN[CS]E*`` by itself), through the in-tree backend's own hooks. About 5 s."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import tomllib
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = next(r for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools"))

# Runs in the copy with only the backend's requirements importable: the sdist, and the metadata
# a wheel would carry (no PySide6 needed for that).
HOOKS = """
import json, os, sys
sys.path.insert(0, os.path.join("packaging", "backend"))
import dynoview_build
out = sys.argv[1]
os.makedirs(os.path.join(out, "meta"))
print(json.dumps({"sdist": dynoview_build.build_sdist(out),
                  "meta": dynoview_build.prepare_metadata_for_build_wheel(os.path.join(out, "meta"))}))
"""

@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[tarfile.TarFile, Path]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs the git checkout")
    tmp = tmp_path_factory.mktemp("license")
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True)
    src = tmp / "src"
    for name in filter(None, tracked.stdout.decode().split("\0")):
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    backend = tmp / "backend"
    pip = [sys.executable, "-m", "pip", "install", "-q", "--target", str(backend), SETUPTOOLS]
    done = subprocess.run(pip, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        pytest.fail(f"pip could not install {SETUPTOOLS}:\n{done.stderr[-3000:]}")
    done = subprocess.run([sys.executable, "-c", HOOKS, str(tmp / "out")], cwd=src, capture_output=True,
                          text=True, timeout=300, env={"PYTHONPATH": str(backend), "PATH": "/usr/bin:/bin"})
    if done.returncode != 0:
        pytest.fail(f"the build hooks failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    names = json.loads(done.stdout.strip().splitlines()[-1])
    return tarfile.open(tmp / "out" / names["sdist"]), tmp / "out" / "meta" / names["meta"]


def test_the_sdist_holds_the_license_file(built: tuple[tarfile.TarFile, Path]) -> None:
    sdist, _meta = built
    top = sdist.getnames()[0].split("/")[0]
    member = sdist.extractfile(f"{top}/LICENSE")
    assert member is not None and member.read() == (ROOT / "LICENSE").read_bytes()
    info = sdist.extractfile(f"{top}/PKG-INFO")
    assert info is not None
    fields = Parser().parsestr(info.read().decode())
    assert fields["License-Expression"] == PYPROJECT["project"]["license"]
    assert fields.get_all("License-File") == ["LICENSE"]


def test_the_wheel_metadata_names_the_license_file(built: tuple[tarfile.TarFile, Path]) -> None:
    _sdist, meta = built
    fields = Parser().parsestr((meta / "METADATA").read_text(encoding="utf-8"))
    assert fields["License-Expression"] == PYPROJECT["project"]["license"]
    assert fields.get_all("License-File") == ["LICENSE"]
    assert (meta / "licenses" / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
