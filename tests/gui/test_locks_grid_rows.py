"""The Accounts & locks grid's rows against the CLI (after the hostile grid test): a lock on the
empty value (``UNIQ#EMAIL#``) is a row to select and release, and selecting it breaks nothing
(before, every lock row raised StopIteration, and a re-audit left the old audit's orders in
place); a sort keeping the selected row does not render its pane again; and every finding the
CLI reports is on its rows' details and under its status filter (before, a cell named by two
findings kept only the worse: the other was on no row)."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.cli import main as cli_main
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import (
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    ORPHAN_LOCK,
    STATUSES,
)
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.uniqueness.schema_file import schema_to_text
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from tests.helpers import connect

pytestmark = pytest.mark.gui
TTL = "expiresAt"


def s(v: str) -> dict[str, str]:
    return {"S": v}


def account(acct: str, email: Any, handle: str | None = None, **extra: Any) -> dict[str, Any]:
    item = {"PK": s(acct), "SK": s("PROFILE"), **extra}
    if email is not None:
        item["email"] = email if isinstance(email, dict) else s(email)
    if handle is not None:
        item["username"] = s(handle)
    return item


def lock(kind: str, value: str, **extra: Any) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#{kind}#{value}"), "SK": s("LOCK"), **extra}


def ago(seconds: int) -> dict[str, str]:
    return {"N": str(int(time.time()) - seconds)}


@contextmanager
def table_of(conn: Connection, items: list[dict[str, Any]], *, ttl: bool) -> Iterator[str]:
    """A table of the article's keys holding ``items`` (TTL on ``expiresAt`` when ``ttl``),
    dropped after."""
    name = f"grid-rows-{uuid.uuid4().hex[:8]}"
    client = conn.client
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                              {"AttributeName": "SK", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    try:
        if ttl:
            client.update_time_to_live(TableName=name, TimeToLiveSpecification={
                "Enabled": True, "AttributeName": TTL})
        for item in items:
            client.put_item(TableName=name, Item=item)
        yield name
    finally:
        client.delete_table(TableName=name)


@contextmanager
def panel_on(qtbot: Any, conn: Connection, table: str) -> Iterator[LocksPanel]:
    """The Accounts & locks tab on ``table``, audited with the article's schema."""
    ctx = AppContext()
    ctx.set_connection(conn)
    try:
        panel = LocksPanel(ctx)
        qtbot.addWidget(panel)
        with qtbot.waitSignal(panel.audit_finished, timeout=30000):
            ctx.set_table(describe_table(conn, table))
        with qtbot.waitSignal(panel.audit_finished, timeout=30000):
            panel.set_schema(article_schema(), save=False)
        yield panel
    finally:
        ctx.tasks.shutdown()


def view_row(panel: LocksPanel, key: dict[str, Any]) -> int:
    rows = panel.model.audit_rows
    assert rows is not None
    row = rows.row_of_key(key)
    assert row is not None, key
    shown = panel.model.view_row_of(row)
    assert shown is not None, key
    return shown


def shown_ids(panel: LocksPanel) -> list[str]:
    return [panel.model.pair_row(i).account_id or "" for i in range(panel.model.rowCount())]  # type: ignore[union-attr]


EMPTY_LOCK = {"PK": s("UNIQ#EMAIL#"), "SK": s("LOCK")}
KEN_LOCK = {"PK": s("UNIQ#EMAIL#ken@x.io"), "SK": s("LOCK")}


def test_a_lock_on_the_empty_value_is_a_row_to_select_and_release(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> None:
    items = [account("ACCT#bob", "bob@x.io", "bob"), lock("EMAIL", ""), lock("EMAIL", "ken@x.io")]
    with table_of(demo_conn, items, ttl=False) as table, panel_on(qtbot, demo_conn, table) as panel:
        model = panel.model
        for i in range(model.rowCount()):  # every row selects (a lock row raised StopIteration)
            panel.select_row(i)
            subject, row = panel.ctx.subject, model.pair_row(i)
            assert subject is not None and row is not None and row.key.items() <= subject.item.items()
        i = view_row(panel, EMPTY_LOCK)
        assert [model.data(model.index(i, c)) for c in range(model.columnCount())] == [
            "(no account)", "", "Orphan lock", "", "", "Orphan lock"]
        panel.select_row(i)
        assert "UNIQ#EMAIL#" in panel.details.toPlainText()
        assert "Orphan lock: The empty email ('') is locked" in panel.details.toPlainText()
        assert panel.ctx.subject is not None and panel.ctx.subject.item == EMPTY_LOCK
        assert panel.release_button.isEnabled() and not panel.claim_button.isEnabled()

        # Audit again with a lock row selected: the new rows, their orders and the selection.
        panel.select_row(view_row(panel, KEN_LOCK))
        demo_conn.client.put_item(TableName=table, Item=account("ACCT#new1", "zzz@x.io", "zzz"))
        with qtbot.waitSignal(panel.audit_finished, timeout=30000):
            panel.run_audit()
        rows = model.audit_rows
        assert panel.grid.ordering is not None and panel.grid.ordering.rows is rows
        selected = panel.selected_row()
        assert selected is not None and selected.key == KEN_LOCK
        panel.search.setText("zzz")
        assert shown_ids(panel) == ["ACCT#new1"]


def test_a_reselect_that_fails_leaves_the_new_audit_whole(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> None:
    items = [account("ACCT#1", "a@x.io", "a"), lock("EMAIL", "ken@x.io")]
    with table_of(demo_conn, items, ttl=False) as table, panel_on(qtbot, demo_conn, table) as panel:
        panel.select_row(view_row(panel, KEN_LOCK))
        demo_conn.client.put_item(TableName=table, Item=account("ACCT#new1", "zzz@x.io", "zzz"))

        def fail(_key: dict[str, Any]) -> bool:
            raise RuntimeError("reselect failed")
        panel.select_key = fail  # type: ignore[method-assign,assignment]
        with qtbot.captureExceptions() as raised, qtbot.waitSignal(panel.audit_finished, timeout=30000):
            panel.run_audit()
        assert [str(exc) for _type, exc, _tb in raised] == ["reselect failed"]  # reported, not swallowed
        rows = panel.model.audit_rows
        assert panel.grid.ordering is not None and panel.grid.ordering.rows is rows
        panel.search.setText("zzz")
        assert shown_ids(panel) == ["ACCT#new1"]


def test_a_sort_keeping_the_selected_row_does_not_render_its_pane_again(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> None:
    items = [account(f"ACCT#{k}", f"u{k}@x.io", f"u{k}") for k in range(5)] + [lock("EMAIL", "ken@x.io")]
    with table_of(demo_conn, items, ttl=False) as table, panel_on(qtbot, demo_conn, table) as panel:
        shows: list[str] = []
        show_row = panel.findings.show_row

        def counted(html: str, actions: Any) -> None:
            shows.append(html)
            show_row(html, actions)
        panel.findings.show_row = counted  # type: ignore[method-assign]
        panel.select_row(view_row(panel, {"PK": s("ACCT#3"), "SK": s("PROFILE")}))
        assert len(shows) == 1 and "ACCT#3" in shows[0]
        for column in (1, 0, panel.model.status_column()):
            panel.model.sort(column, Qt.SortOrder.DescendingOrder)
        panel.search.setText("u3")
        assert len(shows) == 1 and "ACCT#3" in panel.details.toPlainText()
        panel.search.setText("u4")  # the row is gone: the pane says so
        assert len(shows) == 2 and shows[-1] == "" and panel.ctx.subject is None


def test_both_findings_of_a_cell_are_on_its_row_and_under_each_filter(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection) -> None:
    items = [account("ACCT#latin", "ada@x.io", "ada"), lock("EMAIL", "ada@x.io"), lock("HANDLE", "ada"),
             account("ACCT#cyrillic", "\u0430da@x.io", "imp"), lock("HANDLE", "imp"),
             account("ACCT#d1", "dup@x.io", "d1"), account("ACCT#d2", "dup@x.io", "d2"),
             lock("EMAIL", "dup@x.io", expiresAt=ago(3600)), lock("HANDLE", "d1"), lock("HANDLE", "d2")]
    with table_of(demo_conn, items, ttl=True) as table, panel_on(qtbot, demo_conn, table) as panel:
        counts = panel.counts_label.text()
        assert "Expired: 1" in counts and "Lookalike clash: 1" in counts and "Missing lock: 1" in counts
        panel.set_status_filter({LOOKALIKE_CLASH})
        assert sorted(shown_ids(panel)) == ["ACCT#cyrillic", "ACCT#latin"]
        panel.set_status_filter({EXPIRED})
        assert sorted(shown_ids(panel)) == ["ACCT#d1", "ACCT#d2"]
        panel.set_status_filter(None)
        panel.select_row(view_row(panel, {"PK": s("ACCT#cyrillic"), "SK": s("PROFILE")}))
        pane = panel.details.toPlainText()
        assert "email: \u0430da@x.io — Missing lock" in pane  # the cell shows the worse
        assert "Missing lock: Account ACCT#cyrillic" in pane and "Lookalike clash: The email values" in pane
        panel.select_row(view_row(panel, {"PK": s("ACCT#d1"), "SK": s("PROFILE")}))
        pane = panel.details.toPlainText()
        assert "email: dup@x.io — Duplicate value" in pane
        assert "Duplicate value: 2 accounts" in pane and "Expired: The lock for email 'dup@x.io'" in pane


def hostile_items(ttl: bool) -> list[dict[str, Any]]:
    """Every broken case and odd values (after the hostile grid test's table); expiry only
    where the engine keeps expired items (DynamoDB Local deletes them within seconds)."""
    items = [
        account("ACCT#ok", "ok@x.io", "ok"), lock("EMAIL", "ok@x.io"), lock("HANDLE", "ok"),
        lock("EMAIL", "ken@x.io"), lock("EMAIL", ""), lock("HANDLE", ""),
        account("ACCT#miss", "bob@x.io", "bob"), lock("EMAIL", "bob@x.io"),
        account("ACCT#dup1", "shared@x.io", "dup1"), account("ACCT#dup2", "shared@x.io", "dup2"),
        lock("EMAIL", "shared@x.io"), lock("HANDLE", "dup1"), lock("HANDLE", "dup2"),
        account("ACCT#case", "Margaret@X.io", "margaret"), lock("EMAIL", "margaret@x.io"),
        lock("HANDLE", "margaret"),
        account("ACCT#latin", "ada@x.io", "ada"), lock("EMAIL", "ada@x.io"), lock("HANDLE", "ada"),
        account("ACCT#cyrillic", "\u0430da@x.io", "imp"), lock("HANDLE", "imp"),
        account("ACCT#Ada", "Ada@x.io", "ada2"), lock("HANDLE", "ada2"),
        account("ACCT#fw", "\uff46\uff57@x.io", "fw"), lock("EMAIL", "\uff46\uff57@x.io"),
        lock("HANDLE", "fw"),
        account("ACCT#fw2", "fw@x.io", "fw2"), lock("EMAIL", "fw@x.io"), lock("HANDLE", "fw2"),
        account("ACCT#zw", "zw\u200b@x.io", "zw"), lock("EMAIL", "zw\u200b@x.io"), lock("HANDLE", "zw"),
        account("ACCT#zw2", "zw@x.io", "zw2"), lock("HANDLE", "zw2"),
        account("ACCT#nfd", "jo\u0308rg@x.io", "nfd"), lock("EMAIL", "jo\u0308rg@x.io"),
        lock("HANDLE", "nfd"),
        account("ACCT#nfc", "j\u00f6rg@x.io", "nfc"), lock("EMAIL", "j\u00f6rg@x.io"), lock("HANDLE", "nfc"),
        account("ACCT#num", {"N": "12345"}, "num"), lock("HANDLE", "num"),
        account("ACCT#list", {"L": [s("a@x.io")]}, "list"), lock("HANDLE", "list"),
        account("ACCT#empty", "", "emptyu"), lock("HANDLE", "emptyu"),
        account("ACCT#sp", "   ", "sp"), lock("HANDLE", "sp"),
        account("ACCT#hash", "a#b@x.io", "h#EMAIL#x"), lock("EMAIL", "a#b@x.io"), lock("HANDLE", "h#EMAIL#x"),
        lock("EMAIL", "#EMAIL#c@x.io"),
        account("ACCT#html", "<b>bold</b>@x.io", "<img src=x>"),
        account("ACCT#upper", "UP@X.IO", "Up"), lock("EMAIL", "UP@X.IO"), lock("HANDLE", "up"),
        lock("HANDLE", "\t9"), lock("HANDLE", "9"),
        lock("EMAIL", "ada@x.io") | {"SK": s("NOTLOCK")},  # not a lock
        {"PK": s("SESSION#1"), "SK": s("S")},
    ]
    if ttl:
        items += [
            account("ACCT#e1", "exp@x.io", "e1"), account("ACCT#e2", "exp@x.io", "e2"),
            lock("EMAIL", "exp@x.io", expiresAt=ago(3600)), lock("HANDLE", "e1"), lock("HANDLE", "e2"),
            lock("EMAIL", "pending@x.io", expiresAt=ago(7200)),
            lock("HANDLE", "\t7", expiresAt=ago(7200)), lock("HANDLE", "7"),
            account("ACCT#expacct", "ea@x.io", "ea", expiresAt=ago(100)), lock("EMAIL", "ea@x.io"),
            lock("HANDLE", "ea"),
        ]
    return items


def _finding_key(status: str, rule: str | None, value: str | None, accounts: Any,
                 locks: Any) -> tuple[Any, ...]:
    return (status, rule or "", "<none>" if value is None else value, tuple(sorted(accounts)),
            tuple(sorted(json.dumps(k, sort_keys=True) for k in locks)))


def test_the_grid_holds_every_finding_the_cli_reports(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, endpoint_url: str, engine: str,
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    conn = connect(endpoint_url, name="gui-test")
    schema_path = tmp_path / "schema.json"
    schema_path.write_text(schema_to_text(article_schema()))
    ttl = engine == "moto"
    with table_of(conn, hostile_items(ttl), ttl=ttl) as table, panel_on(qtbot, conn, table) as panel:
        capsys.readouterr()
        code = cli_main(["audit", "--endpoint-url", endpoint_url, "--table", table, "--schema",
                         str(schema_path), "--format", "json", "--no-receipts"])
        report = json.loads(capsys.readouterr().out)
        assert code == 1
        cli = sorted(_finding_key(f["status"], f["rule"], f["value"], f["accounts"], f["lock_keys"])
                     for f in report["findings"])
        assert {f["status"] for f in report["findings"]} >= {
            ORPHAN_LOCK, MISSING_LOCK, DUPLICATE_VALUE, LOOKALIKE_CLASH, *([EXPIRED] if ttl else [])}
        assert panel.result is not None and panel.result.counts == report["counts"]  # the status line's
        rows = panel.model.audit_rows
        assert rows is not None
        # Every finding on the rows (what each row's pane lists), and each under its filter.
        on_rows: dict[tuple[Any, ...], set[int]] = {}
        for row in range(len(rows)):
            for f in rows.pair_row(row).findings:
                key = _finding_key(f.status, f.rule, f.value, f.account_ids, f.lock_keys)
                on_rows.setdefault(key, set()).add(row)
        assert sorted(on_rows) == cli
        for status in STATUSES:
            panel.set_status_filter({status})
            shown = {panel.model.row_at(i) for i in range(panel.model.rowCount())}
            for key, where in on_rows.items():
                if key[0] == status:
                    assert where <= shown, key
        panel.set_status_filter(None)
        for f in report["findings"]:  # each on the rows it names, accounts' or else locks'
            key = _finding_key(f["status"], f["rule"], f["value"], f["accounts"], f["lock_keys"])
            named = f["account_keys"] if f["accounts"] else f["lock_keys"]
            assert {rows.row_of_key(k) for k in named} <= on_rows[key], key
