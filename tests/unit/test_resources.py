"""Shipped resources: present, well-formed, loadable through importlib.resources, consistent."""

from __future__ import annotations

import configparser
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dynoview import __version__
from dynoview.ui import resources
from dynoview.ui.resources import APP_ID, ICON_SIZES

ROOT = Path(__file__).resolve().parents[2]


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("size", ICON_SIZES)
def test_png_icons_have_their_size(size: int) -> None:
    assert png_size(resources.icon_png(size)) == (size, size)


def test_svg_icon_is_the_source() -> None:
    root = ET.fromstring(resources.read_bytes("icons", "dynoview.svg"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == "0 0 256 256"


def test_ico_holds_png_entries_up_to_256() -> None:
    data = resources.read_bytes("icons", "dynoview.ico")
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = set()
    for i in range(count):
        w, _h, _c, _r, _planes, _bpp, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        width = w or 256
        assert png_size(data[offset:offset + length]) == (width, width)
        sizes.add(width)
    assert {16, 32, 48, 256} <= sizes


def test_icns_entries_are_well_formed() -> None:
    data = resources.read_bytes("icons", "dynoview.icns")
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, kinds = 8, {}
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        kinds[kind] = png_size(data[pos + 8:pos + length])
        pos += length
    assert pos == len(data)
    assert kinds[b"icp4"] == (16, 16) and kinds[b"ic10"] == (1024, 1024)


def test_desktop_entry_matches_app_id_and_binary() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(resources.read_text("linux", f"{APP_ID}.desktop"))
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[0] == "dynoview"
    assert "Database" in entry["Categories"].split(";")


def test_metainfo_matches_desktop_entry_and_version() -> None:
    root = ET.fromstring(resources.read_bytes("linux", f"{APP_ID}.metainfo.xml"))
    assert root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"  # type: ignore[union-attr]
    assert root.findtext("project_license") == "MIT"
    versions = [r.get("version") for r in root.iter("release")]
    assert versions[0] == __version__, "add a <release> for the new version to the metainfo"


def test_resources_folder_installs_as_the_dynoview_resources_package() -> None:
    """resources/ sits at the top of the repository and ships as ``dynoview.resources``."""
    import tomllib
    from importlib.resources import files

    folder = ROOT / "resources"
    assert (folder / "icons" / "dynoview.svg").is_file()
    assert not (ROOT / "dynoview" / "resources").exists(), "resources/ moved to the top level"
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"]["dynoview.resources"] == "resources"
    assert config["package-data"]["dynoview.resources"]
    # The package list is explicit (a find under dynoview/ cannot see resources/): nothing missing.
    expected = {"dynoview.resources"}
    expected |= {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "dynoview").rglob("__init__.py")}
    expected |= {".".join(("dynoview", *p.relative_to(ROOT).parts)) for p in folder.iterdir()
                 if p.is_dir() and p.name != "__pycache__"}
    assert expected <= set(config["packages"])
    # Loaded through the package, not a path (an editable install's finder maps it to resources/).
    assert files("dynoview.resources").joinpath("icons", "dynoview.svg").is_file()
