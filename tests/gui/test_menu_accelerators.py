"""Each menu's & letters are its own, in every language: two items with one letter make the
letter only highlight the first (Qt triggers an accelerator only when it is unique), so the
second cannot be reached by its letter. The menu bar's titles likewise (Alt+letter)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from dynoview.ui.i18n import loader
from dynoview.ui.main_window import MainWindow

pytestmark = pytest.mark.gui


def letter(text: str) -> str | None:
    found = re.search(r"&([^&\s])", text.replace("&&", ""))
    return found.group(1).casefold() if found else None


def clashes(title: str, texts: list[str]) -> list[str]:
    seen: dict[str, list[str]] = {}
    for text in texts:
        if (key := letter(text)) is not None:
            seen.setdefault(key, []).append(text)
    return [f"{title}: {key!r} in {names}" for key, names in seen.items() if len(names) > 1]


def menus(menu: QMenu) -> Iterator[QMenu]:
    yield menu
    for action in menu.actions():
        if (sub := action.menu()) is not None:
            yield from menus(sub)


@pytest.fixture
def english_after(qapp) -> Iterator[None]:
    yield
    loader.install("en", qapp)


@pytest.mark.parametrize("language", ["en", "fr", "id", "pt_BR"])
def test_no_two_items_of_a_menu_share_their_letter(qapp, qtbot: QtBot, english_after: None,
                                                   language: str) -> None:
    loader.install(language, qapp)
    window = MainWindow()
    qtbot.addWidget(window)
    bar = window.menuBar().actions()
    problems = clashes("menu bar", [a.text() for a in bar])
    for top in bar:
        assert top.menu() is not None
        for menu in menus(top.menu()):
            texts = [a.text() for a in menu.actions() if not a.isSeparator() and a.isVisible()]
            problems += clashes(menu.title().replace("&", ""), texts)
    assert problems == []
