"""Files shipped inside the package (icons, desktop metadata), read the same way from a
source checkout, an installed wheel and the PyInstaller bundle: where the ``dynoview.resources``
package is, never through ``__file__`` or the working directory.

The files live in the repository's top-level ``resources/`` folder, which installs as the
``dynoview.resources`` package (``package-dir`` and package data in pyproject, ``datas`` in the
spec, which copies it to ``dynoview/resources/`` in the bundle). A package that is a plain folder
(all three of those) is read as files; anything else (a zipped install) through
``importlib.resources``, which the window's first paint then does not wait to import.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from PySide6.QtGui import QIcon

APP_ID = "io.github.dynoview.DynoView"  # reverse-DNS id: .desktop file, AppStream, Wayland app id
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def _folder() -> Path | None:
    """The ``dynoview.resources`` package's folder when it is one plain folder, else None."""
    import dynoview.resources as package

    locations = list(getattr(package, "__path__", ()))
    if len(locations) == 1 and Path(locations[0]).is_dir():
        return Path(locations[0])
    return None


def resource(*parts: str) -> Path | Traversable:
    """A file under resources/ (``dynoview.resources``), e.g. ``resource("icons", "dynoview.svg")``."""
    folder = _folder()
    if folder is not None:
        return folder.joinpath(*parts)
    from importlib.resources import files

    return files("dynoview.resources").joinpath(*parts)


def read_bytes(*parts: str) -> bytes:
    return resource(*parts).read_bytes()


def read_text(*parts: str) -> str:
    return resource(*parts).read_text(encoding="utf-8")


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
