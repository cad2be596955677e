"""Two windows on one connection never delete or replace each other's unsent PartiQL statement.

Before, the tab kept one file per connection name, shared by every window: a window closing (or
leaving the connection) with an empty editor deleted the statement another window had kept, the
last window to close replaced the others' statements, a new window restored the statement of a
window still running, and every --endpoint-url connection ("local") shared one. Now each window
keeps its own file per connection (name and endpoint) under its lock, and a new window takes over
what a window that is gone left. The windows are MainWindows of this process (their locks exclude
each other as two processes' do); the engine does not matter: nothing is sent."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.ui.main_window import MainWindow
from dynoview.ui.partiql.draft import draft_path, drafts_root
from tests.fault_proxy import FaultProxy
from tests.helpers import connect

pytestmark = [pytest.mark.gui, pytest.mark.integration]

NAME = "local"  # what every --endpoint-url connection is called
A = "SELECT * FROM \"accounts\" WHERE PK = 'UNIQ#EMAIL#ada@lovelace.io' -- window A's"
B = "SELECT * FROM \"users\" WHERE PK = ? -- window B's"


@pytest.fixture
def other_endpoint(moto_endpoint: str) -> Iterator[str]:
    """A second endpoint URL (a proxy in front of moto): another "local" connection."""
    with FaultProxy(moto_endpoint) as proxy:
        yield proxy.url


def window(qtbot: Any, url: str, name: str = NAME) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    win.ctx.set_connection(connect(url, name=name))
    return win


def editor(win: MainWindow) -> Any:
    return win.feature("PartiqlPanel").editor


def typed(win: MainWindow, statement: str) -> MainWindow:
    editor(win).setPlainText(statement)
    return win


def closed(win: MainWindow) -> None:
    assert win.close()


def kept_files(config: Path) -> list[Path]:
    """Every statement file the windows keep (any connection, any profile)."""
    return sorted(p for p in config.rglob("partiql/**/*.json") if p.is_file())


def test_an_empty_editor_closing_leaves_another_windows_statement(
        qtbot: Any, qasync_loop: Any, config: Path, moto_endpoint: str) -> None:
    b = window(qtbot, moto_endpoint)
    editor(b)  # B's PartiQL tab is open, nothing typed
    closed(typed(window(qtbot, moto_endpoint), A))  # A keeps its statement as it closes
    closed(b)  # B's empty editor removes only B's own file
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == A


def test_two_statements_closed_one_after_the_other_both_come_back(
        qtbot: Any, qasync_loop: Any, config: Path, moto_endpoint: str) -> None:
    a = typed(window(qtbot, moto_endpoint), A)
    b = typed(window(qtbot, moto_endpoint), B)
    closed(a)
    [a_file] = kept_files(config)
    os.utime(a_file, (1_000_000, 1_000_000))  # A's is the older of the two
    closed(b)
    assert len(kept_files(config)) == 2  # neither replaced the other
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == B  # the newest first
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == A  # the next window: the other
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == ""  # each came back once


def test_a_new_window_does_not_take_a_running_windows_statement(
        qtbot: Any, qasync_loop: Any, config: Path, moto_endpoint: str) -> None:
    a = typed(window(qtbot, moto_endpoint), A)
    a.ctx.set_connection(connect(moto_endpoint, name="elsewhere"))  # A's statement on local is kept
    assert kept_files(config)
    c = window(qtbot, moto_endpoint)
    assert editor(c).toPlainText() == ""  # A still runs: its statement is A's
    closed(c)
    a.ctx.set_connection(connect(moto_endpoint, name=NAME))
    assert editor(a).toPlainText() == A  # A gets its own statement back
    closed(a)
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == A


def test_leaving_the_connection_with_an_empty_editor_leaves_another_windows_statement(
        qtbot: Any, qasync_loop: Any, config: Path, moto_endpoint: str) -> None:
    a = typed(window(qtbot, moto_endpoint), A)
    a.ctx.set_connection(connect(moto_endpoint, name="elsewhere"))  # A's kept for local
    b = window(qtbot, moto_endpoint)
    assert editor(b).toPlainText() == ""
    b.ctx.set_connection(connect(moto_endpoint, name="elsewhere"))  # B leaves local, empty
    closed(b)
    closed(a)
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == A


def test_local_on_another_endpoint_is_another_connection(
        qtbot: Any, qasync_loop: Any, config: Path, moto_endpoint: str, other_endpoint: str) -> None:
    closed(typed(window(qtbot, moto_endpoint), A))
    elsewhere = window(qtbot, other_endpoint)  # also "local", another endpoint
    assert editor(elsewhere).toPlainText() == ""
    closed(typed(elsewhere, B))
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == A
    assert editor(window(qtbot, other_endpoint)).toPlainText() == B


def test_the_file_of_versions_before_comes_back_once_then_goes(
        qtbot: Any, qasync_loop: Any, config: Path, moto_endpoint: str) -> None:
    old = draft_path(drafts_root(connect(moto_endpoint, name=NAME)), NAME)  # kept by name alone
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"format": 1, "connection": NAME, "statement": A,
                               "parameters": [], "consistent": True}))
    first = window(qtbot, moto_endpoint)
    assert editor(first).toPlainText() == A
    assert first.feature("PartiqlPanel").consistent.isChecked()
    assert not old.exists()  # taken over: this window's now
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == ""  # not a second time
    closed(first)
    assert editor(window(qtbot, moto_endpoint)).toPlainText() == A  # first's, once it is gone
