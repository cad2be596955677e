"""Where the window opens the first time (dynoview/ui/window/layout.py: ``first_geometry``):
centred with a margin on a large screen, the whole free area on a small one, never narrower or
lower than the 1024x700 the panels are laid out for when the screen has that room."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect

from dynoview.ui.window.layout import first_geometry

pytestmark = pytest.mark.gui


@pytest.mark.parametrize(("area", "expected"), [
    # A 1024x700 screen: 94% was 962x644, which clipped the builder's buttons.
    (QRect(0, 0, 1024, 700), QRect(0, 0, 1024, 700)),
    # A laptop's 1366x768 under a 28 px panel: wide enough for a margin, not high enough.
    (QRect(0, 28, 1366, 740), QRect(41, 28, 1284, 740)),
    (QRect(0, 0, 1920, 1080), QRect(280, 110, 1360, 860)),  # large: 1360x860, centred
    (QRect(1920, 0, 1100, 800), QRect(1953, 32, 1034, 736)),  # a second screen, on its right
    (QRect(0, 0, 800, 600), QRect(0, 0, 800, 600)),
])
def test_the_first_start_size_and_place(area: QRect, expected: QRect) -> None:
    assert first_geometry(area) == expected
