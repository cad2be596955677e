"""The builder's action list: empty, it says how a transaction begins instead of a blank box."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QImage, QPalette

from dynoview.ui.builder.action_list_view import ActionListView

pytestmark = pytest.mark.gui


def _hint_pixels(view: ActionListView) -> int:
    """Pixels drawn over the list's background in the middle band of its viewport (where
    the sentence is centred and no row of a short list reaches)."""
    image: QImage = view.viewport().grab().toImage()
    base = view.palette().color(QPalette.ColorRole.Base).rgb()
    middle = range(image.height() // 3, 2 * image.height() // 3)
    return sum(image.pixel(x, y) != base for y in middle for x in range(image.width()))


def test_an_empty_list_shows_how_to_begin_and_a_row_replaces_it(qtbot: Any) -> None:
    view = ActionListView()
    qtbot.addWidget(view)
    view.resize(360, 220)
    view.show()
    qtbot.waitExposed(view)
    assert "Add action" in view.empty_text() and "Import JSON" in view.empty_text()
    assert _hint_pixels(view) > 50  # the sentence is drawn, in the placeholder tone
    view.add_row()
    view.item(0).setText("1. Put accounts PK=ACCT#1, SK=PROFILE")
    assert _hint_pixels(view) == 0  # a list with an action shows its rows only
