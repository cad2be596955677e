"""Files shipped inside the package (icons, styles, desktop metadata), read the same way from a
source checkout, an installed wheel and the PyInstaller bundle: through ``importlib.resources``,
never through ``__file__`` or the working directory.

The files live in the repository's top-level ``resources/`` folder, which installs as the
``dynoview.resources`` package (``package-dir`` and package data in pyproject, ``datas`` in the
spec, which copies it to ``dynoview/resources/`` in the bundle).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon

APP_ID = "io.github.dynoview.DynoView"  # reverse-DNS id: .desktop file, AppStream, Wayland app id
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
STYLES = ("light", "dark")


def resource(*parts: str) -> Traversable:
    """A file under resources/ (``dynoview.resources``), e.g. ``resource("icons", "dynoview.svg")``."""
    return files("dynoview.resources").joinpath(*parts)


def read_bytes(*parts: str) -> bytes:
    return resource(*parts).read_bytes()


def read_text(*parts: str) -> str:
    return resource(*parts).read_text(encoding="utf-8")


def stylesheet(name: str) -> str:
    """The Qt stylesheet of the "light" or "dark" theme."""
    if name not in STYLES:
        raise ValueError(f"unknown style {name!r}; expected one of {', '.join(STYLES)}")
    return read_text("styles", f"{name}.qss")


def icon_png(size: int) -> bytes:
    return read_bytes("icons", f"dynoview-{size}.png")


def app_icon() -> QIcon:
    """The application icon with every rendered size, so HiDPI screens get sharp pixels
    instead of an upscaled small one. Needs a QGuiApplication."""
    from PySide6.QtGui import QIcon, QPixmap

    icon = QIcon()
    for size in ICON_SIZES:
        pixmap = QPixmap()
        if pixmap.loadFromData(icon_png(size), "PNG"):
            icon.addPixmap(pixmap)
    return icon
