"""The Accounts & locks detail pane, against moto: it shows every id, value and lock key as the
grid does (a bidi override or a zero-width space as an escape, runs of spaces kept), so crafted
data cannot make it show another value than the one stored; and a 400 KB-class value shows as a
bounded excerpt, so selecting its row cannot freeze the window."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel

pytestmark = pytest.mark.gui

RLO, ZWSP = "\u202e", "\u200b"
SPOOFS = {  # account id -> email, as the hostile test's repro wrote them
    f"ACCT#rtl{RLO}": f"evil{RLO}moc.elgoog@io",
    "ACCT#zw": f"ada{ZWSP}@x.io",
    "ACCT#sp": "a   b@x.io",
}
BIG_EMAIL = "".join(chr(0x61 + (i * 7) % 26) for i in range(350_000)) + "@x.io"  # no lock can hold it


@pytest.fixture
def ctx(qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(demo_conn)
    yield context
    context.tasks.shutdown()


@pytest.fixture
def table(demo_conn: Connection) -> Iterator[str]:
    """Keys as the article's layout, no index (an index key could not hold a 350 KB email)."""
    name = f"details-{uuid.uuid4().hex[:8]}"
    demo_conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}])
    yield name
    demo_conn.client.delete_table(TableName=name)


def _put_account(conn: Connection, table: str, acct: str, email: str, handle: str, *,
                 locked: bool = True) -> None:
    items = [{"PK": {"S": acct}, "SK": {"S": "PROFILE"}, "email": {"S": email}, "username": {"S": handle}},
             {"PK": {"S": f"UNIQ#HANDLE#{handle}"}, "SK": {"S": "LOCK"}}]
    if locked:
        items.append({"PK": {"S": f"UNIQ#EMAIL#{email}"}, "SK": {"S": "LOCK"}})
    for item in items:
        conn.client.put_item(TableName=table, Item=item)


def _open(qtbot: Any, ctx: AppContext, conn: Connection, table: str) -> LocksPanel:
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=30000):  # a local table audits at once
        ctx.set_table(describe_table(conn, table))
    return panel


def _select(panel: LocksPanel, acct: str) -> None:
    assert panel.select_key({"PK": {"S": acct}, "SK": {"S": "PROFILE"}}), acct
    row = panel.selected_row()
    assert row is not None and row.account_id == acct


def test_the_pane_shows_hidden_characters_as_escapes_and_keeps_spaces(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, table: str) -> None:
    _put_account(demo_conn, table, "ACCT#real", "ada@x.io", "real")
    for i, (acct, email) in enumerate(SPOOFS.items()):
        _put_account(demo_conn, table, acct, email, f"h{i}")
    panel = _open(qtbot, ctx, demo_conn, table)
    escaped = {f"ACCT#rtl{RLO}": ("ACCT#rtl\\u202e", "evil\\u202emoc.elgoog@io"),
               "ACCT#zw": ("ACCT#zw", "ada\\u200b@x.io"),
               "ACCT#sp": ("ACCT#sp", "a   b@x.io")}
    for acct, (heading, email) in escaped.items():
        _select(panel, acct)
        text = panel.details.toPlainText()
        assert RLO not in text and ZWSP not in text, repr(text)
        lines = text.splitlines()
        assert lines[0] == heading, lines
        line = next(line for line in lines if line.startswith("email:"))
        # As the grid shows the value, spaces kept; its lock key too.
        assert line.startswith(f"email: {email} — ") and line.endswith(f"; lock: UNIQ#EMAIL#{email}"), line


def test_a_huge_value_shows_as_a_bounded_excerpt_at_once(
        qtbot: Any, ctx: AppContext, demo_conn: Connection, table: str) -> None:
    _put_account(demo_conn, table, "ACCT#big", BIG_EMAIL, "big", locked=False)  # a missing lock
    _put_account(demo_conn, table, "ACCT#small", "u@x.io", "small")
    panel = _open(qtbot, ctx, demo_conn, table)
    panel.resize(1400, 900)
    panel.show()
    qtbot.waitExposed(panel)
    started = time.perf_counter()
    _select(panel, "ACCT#big")  # sets the pane's HTML before it returns
    panel.details.grab()  # and its layout and paint, as on screen
    took = time.perf_counter() - started
    html = panel.details.toHtml()
    assert len(html) < 20_000, len(html)  # was twice the value: 700 KB, 40 s of layout
    text = panel.details.toPlainText()
    line = next(line for line in text.splitlines() if line.startswith("email:"))
    assert line.startswith(f"email: {BIG_EMAIL[:200]}… (350,005 characters) — "), line[:300]
    # The finding's sentence quotes the value: cut too, saying how much.
    assert "Missing lock" in text and "more characters)" in text
    assert took < 2.0, took  # ~20 ms here, 40 s before; the margin is for a loaded CI machine
