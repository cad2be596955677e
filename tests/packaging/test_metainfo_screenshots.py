"""The AppStream screenshots: every URL in the metainfo names a committed file of that size."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
METAINFO = ROOT / "resources" / "linux" / "io.github.dynoview.DynoView.metainfo.xml"
RAW = "https://raw.githubusercontent.com/dynoview/dynoview/main/"


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", header[16:24])


def test_screenshots_are_committed_files_of_the_declared_size() -> None:
    root = ET.parse(METAINFO).getroot()
    homepage = root.find("url[@type='homepage']")
    assert homepage is not None and homepage.text == "https://github.com/dynoview/dynoview"
    images = root.findall("screenshots/screenshot/image")
    assert len(images) >= 1
    assert root.findall("screenshots/screenshot[@type='default']")
    for image in images:
        assert image.text is not None and image.text.startswith(RAW)
        path = ROOT / image.text.removeprefix(RAW)
        assert path.is_file(), f"{path} is missing: run python packaging/screenshots.py"
        assert png_size(path) == (int(image.get("width", 0)), int(image.get("height", 0)))
