"""What ``dynoview --demo`` connects with (dynoview/ui/app.py ``_first_connection``): the
window's options reach the demo's connection, ``--production`` as read-only, as the headless
commands and the connection dialog's Demo row open it."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from dynoview.__main__ import gui_parser
from dynoview.ui.app import _first_connection


class Window:
    """Only what ``_first_connection`` calls on the demo's path."""

    def announce_connection(self, **_: Any) -> None:
        pass

    def connect_to(self, *args: Any, **kwargs: Any) -> None:  # never called: returned bound
        raise AssertionError("connected before the loop runs")


@pytest.mark.parametrize(("options", "read_only"), [
    ([], False), (["--read-only"], True), (["--production"], True)])
def test_the_demos_options(options: list[str], read_only: bool) -> None:
    args = gui_parser().parse_args(["--demo", *options])
    connect = _first_connection(Window(), args, demo_process=None)  # type: ignore[arg-type]
    assert isinstance(connect, functools.partial)
    assert connect.keywords["demo"] is True and connect.keywords["read_only"] is read_only
