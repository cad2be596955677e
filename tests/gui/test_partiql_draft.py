"""The PartiQL tab keeps its unsent statement (text, ``?`` rows as typed, read mode) per window
and connection: closing the window keeps it, a new window on the same connection opens with it, nothing is
sent on restore; another connection does not get it; an empty editor keeps nothing; a damaged
file reads as no draft (set aside, said). A recording proxy (tests/fault_proxy.py) in front of moto
says which requests reached the endpoint (the engine does not matter: nothing is to be sent)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QTextCursor

from dynoview.core.reads.partiql import DYNAMODB_JSON
from dynoview.ui.json_text import raw_text
from dynoview.ui.main_window import MainWindow
from dynoview.ui.partiql.draft import (
    StatementDraft,
    draft_folder,
    draft_key,
    draft_path,
    drafts_root,
    keep_draft,
    load_draft,
    window_files,
)
from tests.fault_proxy import FaultProxy
from tests.helpers import connect

pytestmark = [pytest.mark.gui, pytest.mark.integration]

NAME = "draft-test"
# NBSP inside a literal, a line separator, an emoji (a surrogate pair in Qt), tabs, blank lines.
STATEMENT = ('SELECT * FROM "accounts"\n\tWHERE PK = ? AND email = ?  -- Ada\u00a0Lovelace\u2028'
             'still the comment 😀\n\n  ')
ROWS = (("S", "ACCT#a1f9c3\u00a0"), ("N", "not a number, as typed"), (DYNAMODB_JSON, '{"S": "half'))


@pytest.fixture
def proxy(moto_endpoint: str) -> Iterator[FaultProxy]:
    with FaultProxy(moto_endpoint) as recording:
        yield recording


def window(qtbot: Any, url: str, name: str = NAME, connected: bool = True) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    if connected:
        win.ctx.set_connection(connect(url, name=name))
    return win


def type_in(panel: Any, statement: str, rows: tuple[tuple[str, str], ...], consistent: bool) -> None:
    panel.editor.setPlainText(statement)  # fits the ? rows: 2 here
    for row, (kind, text) in enumerate(rows):
        if row >= panel.parameters.table.rowCount():
            panel.parameters.add_row()  # a row more than the statement's ?: kept as typed
        panel.parameters.set_text(row, text, kind)
    panel.consistent.setChecked(consistent)


def kept(url: str, name: str = NAME) -> list[Path]:
    """The statement files the windows keep for connection ``name`` (each window its own)."""
    conn = connect(url, name=name)
    return sorted(draft_folder(drafts_root(conn), draft_key(conn)).glob("*.json"))


def state(panel: Any) -> tuple[str, str, tuple[tuple[str, str], ...], bool]:
    return (raw_text(panel.editor), panel.editor.toPlainText(), panel.parameters.rows(),
            panel.consistent.isChecked())


def test_a_statement_typed_and_not_run_comes_back_in_a_new_window_unsent(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    win = window(qtbot, proxy.url)
    panel = win.feature("PartiqlPanel")
    type_in(panel, STATEMENT, ROWS, True)
    before = state(panel)
    assert before[0] == STATEMENT and before[2] == ROWS
    assert win.close()
    win2 = window(qtbot, proxy.url)
    panel2 = win2.feature("PartiqlPanel")
    assert state(panel2) == before
    assert "unsent statement" in panel2.progress.text()
    qtbot.wait(300)  # anything the restore might have started has had time to reach the endpoint
    assert proxy.requests("ExecuteStatement") == []
    assert panel2.controller.cursor is None and panel2.controller.history == []


def test_another_connection_does_not_get_it_and_the_first_keeps_it(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    win = window(qtbot, proxy.url)
    type_in(win.feature("PartiqlPanel"), STATEMENT, ROWS, True)
    assert win.close()
    other = window(qtbot, proxy.url, name="another-connection")
    assert state(other.feature("PartiqlPanel")) == ("", "", (), False)
    assert other.close()  # its empty editor does not touch the first connection's draft
    again = window(qtbot, proxy.url)
    assert state(again.feature("PartiqlPanel"))[2] == ROWS


def test_an_empty_editor_leaves_no_draft(qtbot: Any, qasync_loop: Any, config: Path,
                                         proxy: FaultProxy) -> None:
    win = window(qtbot, proxy.url)
    type_in(win.feature("PartiqlPanel"), STATEMENT, ROWS, False)
    assert win.close()
    assert len(kept(proxy.url)) == 1
    win2 = window(qtbot, proxy.url)
    panel2 = win2.feature("PartiqlPanel")
    panel2.editor.setPlainText("   \n")  # only blanks: nothing worth keeping
    assert win2.close()
    assert kept(proxy.url) == []
    win3 = window(qtbot, proxy.url)
    assert win3.feature("PartiqlPanel").editor.toPlainText() == ""


def test_a_tab_never_opened_keeps_the_draft_as_it_was(qtbot: Any, qasync_loop: Any, config: Path,
                                                     proxy: FaultProxy) -> None:
    win = window(qtbot, proxy.url)
    type_in(win.feature("PartiqlPanel"), STATEMENT, ROWS, True)
    assert win.close()
    unopened = window(qtbot, proxy.url)
    assert "PartiqlPanel" not in unopened.features
    assert unopened.close()
    assert state(window(qtbot, proxy.url).feature("PartiqlPanel"))[0] == STATEMENT


def test_changing_connection_keeps_the_one_left_and_restores_the_one_reached(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    win = window(qtbot, proxy.url, connected=False)
    panel = win.feature("PartiqlPanel")  # built before any connection
    win.ctx.set_connection(connect(proxy.url, name="b"))
    type_in(panel, "SELECT * FROM b WHERE PK = ?", (("S", "on b"),), False)
    win.ctx.set_connection(connect(proxy.url, name=NAME))
    type_in(panel, STATEMENT, ROWS, True)
    win.ctx.set_connection(connect(proxy.url, name="b"))
    assert state(panel)[2:] == ((("S", "on b"),), False)
    win.ctx.set_connection(connect(proxy.url, name=NAME))
    assert state(panel)[0] == STATEMENT and state(panel)[2:] == (ROWS, True)
    assert proxy.requests("ExecuteStatement") == []


def test_a_huge_text_and_lone_surrogates_are_kept_whole(config: Path) -> None:
    root = config / "drafts"
    huge = "".join(f"-- line {i}\u00a0é😀\u2028\r\n" for i in range(120_000)) + "SELECT 1 \ud800 \udfff"
    rows = (("S", "\udc80lone\u00a0" * 1000), ("DynamoDB JSON", "{"))
    files = window_files(root, "x\udcffname")
    assert keep_draft(files, "x\udcffname", StatementDraft(huge, rows, True)) is None
    assert load_draft(files, "x\udcffname") == (StatementDraft(huge, rows, True), None)
    assert load_draft(window_files(root, "another"), "another") == (None, None)


def test_a_huge_statement_comes_back_whole_in_the_editor(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    huge = "SELECT * FROM t WHERE PK = ?\n" + "".join(f"-- {i}\u00a0😀\u2028\n" for i in range(20_000))
    win = window(qtbot, proxy.url)
    type_in(win.feature("PartiqlPanel"), huge, (("S", "v"),), False)
    assert win.close()
    assert raw_text(window(qtbot, proxy.url).feature("PartiqlPanel").editor) == huge


ODD = [
    b"{not json",
    b"\xff\xfe",
    b"[]",
    json.dumps({"format": True, "connection": NAME, "statement": "S", "parameters": [],
                "consistent": False}).encode(),
    json.dumps({"format": 1, "connection": NAME, "statement": 5, "parameters": [],
                "consistent": False}).encode(),
    json.dumps({"format": 1, "connection": NAME, "statement": "S", "parameters": [["S"]],
                "consistent": False}).encode(),
    json.dumps({"format": 1, "connection": NAME, "statement": "S", "parameters": [["X", "1"]],
                "consistent": False}).encode(),
    json.dumps({"format": 1, "connection": NAME, "statement": "S", "parameters": [],
                "consistent": "yes"}).encode(),
    b'{"format": 1, "connection": "draft-test", "statement": "S", "parameters": [], "consistent": NaN}',
    b"[" * 100_000 + b"]" * 100_000,
]


@pytest.mark.parametrize("raw", ODD, ids=range(len(ODD)))
def test_a_damaged_draft_reads_as_none_is_set_aside_and_said(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy, raw: bytes) -> None:
    conn = connect(proxy.url, name=NAME)
    path = draft_folder(drafts_root(conn), draft_key(conn)) / "gone.json"  # a closed window's
    path.parent.mkdir(parents=True)
    path.write_bytes(raw)
    panel = window(qtbot, proxy.url).feature("PartiqlPanel")
    assert state(panel) == ("", "", (), False)
    assert "could not be read" in panel.progress.text()
    assert not path.exists() and list(path.parent.glob(f"{path.name}.corrupt-*"))


def test_a_draft_naming_another_connection_is_not_used(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    path = draft_path(drafts_root(connect(proxy.url, name=NAME)), NAME)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "connection": "someone else", "statement": "SELECT 2",
                                "parameters": [], "consistent": True}))
    assert state(window(qtbot, proxy.url).feature("PartiqlPanel")) == ("", "", (), False)


def test_a_draft_that_cannot_be_kept_stays_in_the_editor_and_is_said(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    b = connect(proxy.url, name="b")
    gone = window_files(drafts_root(b), draft_key(b))  # a closed window kept a statement on b
    assert keep_draft(gone, draft_key(b), StatementDraft("SELECT * FROM b", (), False)) is None
    gone.release()
    win = window(qtbot, proxy.url)
    panel = win.feature("PartiqlPanel")
    assert win.ctx.connection is not None
    # A folder where this window's file goes: it cannot be written.
    panel.drafts.files(win.ctx.connection).path.mkdir(parents=True)
    type_in(panel, STATEMENT, ROWS, True)
    win.ctx.set_connection(connect(proxy.url, name="b"))  # b's draft would replace the text: not now
    assert state(panel)[0] == STATEMENT and state(panel)[2:] == (ROWS, True)
    assert "could not be kept" in panel.progress.text()
    win.ctx.set_connection(connect(proxy.url, name=NAME))
    assert win.close()  # logged, and the window closes all the same


def test_edits_after_a_failed_connect_stay_the_connections_draft(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    """A reconnect that fails (``_connect_failed``: no connection) does not change whose statement
    the editor holds: what is typed meanwhile stays in it when the same connection comes back, and
    is kept for that connection when the window closes still without one."""
    win = window(qtbot, proxy.url)
    panel = win.feature("PartiqlPanel")
    panel.editor.setPlainText('SELECT * FROM "accounts"')
    win.ctx.set_connection(None)  # what _connect_failed does
    panel.editor.moveCursor(QTextCursor.MoveOperation.End)
    panel.editor.insertPlainText(" WHERE PK = 'ACCT#long work'")  # typed: an undo step
    win.ctx.set_connection(connect(proxy.url, name=NAME))  # the retry succeeds
    assert "long work" in panel.editor.toPlainText()
    panel.editor.undo()  # the undo steps stay too
    assert panel.editor.toPlainText() == 'SELECT * FROM "accounts"'
    panel.editor.redo()
    win.ctx.set_connection(None)
    panel.editor.setPlainText("SELECT * FROM \"accounts\" WHERE PK = 'ACCT#typed offline'")
    assert win.close()  # nothing to ask: kept for the connection it was typed on
    assert len(kept(proxy.url)) == 1
    assert "typed offline" in window(qtbot, proxy.url).feature("PartiqlPanel").editor.toPlainText()


def test_a_statement_typed_with_no_connection_is_kept_and_comes_back(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    """Typed in a window that never had a connection: kept at close (nothing asked) as the
    window's statement for no connection, back in the next window opened without one, and in the
    first connection reached that has none of its own (kept for it from then on)."""
    first = window(qtbot, proxy.url, connected=False)
    type_in(first.feature("PartiqlPanel"), STATEMENT, ROWS, True)
    assert first.close()
    again = window(qtbot, proxy.url, connected=False)
    panel = again.feature("PartiqlPanel")
    assert state(panel)[0] == STATEMENT and state(panel)[2:] == (ROWS, True)
    assert "no connection" in panel.progress.text()
    assert again.close()
    connected = window(qtbot, proxy.url)  # this connection has nothing kept: it gets the statement
    panel = connected.feature("PartiqlPanel")
    assert state(panel)[0] == STATEMENT and state(panel)[2:] == (ROWS, True)
    assert len(kept(proxy.url)) == 1  # kept for the connection now
    assert connected.close()
    assert state(window(qtbot, proxy.url, connected=False).feature("PartiqlPanel")) == ("", "", (), False)
    assert proxy.requests("ExecuteStatement") == []


def test_a_kept_statement_does_not_silently_replace_what_was_typed_before_connecting(
        qtbot: Any, qasync_loop: Any, config: Path, proxy: FaultProxy) -> None:
    first = window(qtbot, proxy.url)
    first.feature("PartiqlPanel").editor.setPlainText('SELECT * FROM "old"')
    assert first.close()  # kept for the connection
    win = window(qtbot, proxy.url, connected=False)  # a start with no connection yet
    panel = win.feature("PartiqlPanel")
    type_in(panel, "SELECT * FROM \"accounts\" WHERE PK = ? -- new work", (("S", "ACCT#1"),), True)
    win.ctx.set_connection(connect(proxy.url, name=NAME))
    assert panel.editor.toPlainText() == 'SELECT * FROM "old"'  # the connection's, as kept
    assert state(panel)[2:] == ((), False)
    assert "Ctrl+Z" in panel.progress.text()
    panel.editor.undo()  # what was typed comes back, with its ? values and read mode
    assert "new work" in panel.editor.toPlainText()
    assert state(panel)[2:] == ((("S", "ACCT#1"),), True)
    assert proxy.requests("ExecuteStatement") == []
