"""Attribute names, account ids, lock values and keys from the table are shown escaped in the
window, as the cells show values (docs/security.md): a bidi override (U+202E), a zero-width space,
ESC or a paragraph separator made visible, so no name or value reads as another. Only what is
shown changes: the read and the transaction use the exact name, value and key.

Covered: the items grid's column headers (the Items tab's and PartiQL's), the detail pane's
names and map keys, the Items filter's attribute list (a picked entry reads the exact name), the
lock and account template forms and the template menu's titles, and the Diagnose answer's ids.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QRadioButton, QWidget

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.values.visible_text import has_hidden, visible, visible_value
from dynoview.ui.builder.template_forms import (
    ChangeValueForm,
    ClaimLockForm,
    DeleteAccountForm,
    ReleaseLockForm,
    ResolveDuplicateForm,
    template_entries,
)
from dynoview.ui.context import AppContext
from dynoview.ui.items.detail import AttributeNode
from dynoview.ui.locks.panel import LocksPanel
from dynoview.ui.main_window import MainWindow
from dynoview.ui.partiql.panel import PartiqlPanel
from dynoview.ui.row_select import select_only_row
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui

S = article_schema()
#: Attribute names that read as other names when painted raw.
NAMES = ["email\u200b", "role\u202enimda", "x\x1b[2Jy", "para\u2029graph"]
VALUE = "invoice\u202efdp.exe@x.io"  # reads "invoiceexe.pdf@x.io"-like when painted raw
ACCT = "ACCT#ana\u202e1234-nimda"
EVE = "ACCT#eve\x1b[2J\u2029line2"  # an escape sequence and a paragraph separator


def s(v: str) -> dict[str, str]:
    return {"S": v}


# -- the items grid, the detail pane, the filter -----------------------------------------------

@pytest.fixture
def names_table(demo_conn: Connection) -> Iterator[str]:
    """One item whose attribute names (top level and in a map) hide characters."""
    name = f"names-{uuid.uuid4().hex[:8]}"
    client = demo_conn.client
    client.create_table(TableName=name, KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                        BillingMode="PAY_PER_REQUEST")
    client.put_item(TableName=name, Item={"PK": s("ACCT#1"), **{n: s("v") for n in NAMES},
                                          "email": s("w"), "profile": {"M": {n: s("v") for n in NAMES}}})
    try:
        yield name
    finally:
        client.delete_table(TableName=name)


@pytest.fixture
def window(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
           names_table: str) -> MainWindow:
    return open_window(qtbot, demo_conn, names_table)


def test_the_grid_headers_show_names_escaped_and_keep_them_exact(window: MainWindow) -> None:
    model = window.items_panel.model
    assert set(NAMES) <= set(model.columns())  # the exact names, for reads, sorting and layout
    headers = [model.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
               for i in range(model.columnCount())]
    tips = [model.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
            for i in range(model.columnCount())]
    assert [h for h in headers if has_hidden(h)] == []
    assert [t for t in tips if t and has_hidden(t)] == []
    assert {visible(n) for n in NAMES} <= set(headers)
    assert "role\\u202enimda" in headers


def test_the_detail_pane_shows_names_and_map_keys_escaped(qtbot: Any, window: MainWindow) -> None:
    tree = window.items_panel.detail.tree
    select_only_row(window.items_panel.view, 0)
    qtbot.waitUntil(lambda: tree.topLevelItemCount() == len(NAMES) + 3, timeout=5000)
    nodes = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    assert [n.text(0) for n in nodes if has_hidden(n.text(0))] == []
    assert {visible(n) for n in NAMES} <= {n.text(0) for n in nodes}
    profile = next(n for n in nodes if n.text(0) == "profile")
    assert isinstance(profile, AttributeNode)
    if profile.pending:
        profile.grow()
    keys = [profile.child(i).text(0) for i in range(profile.childCount())]
    assert keys == [visible(n) for n in NAMES]  # as the profile cell writes them
    assert [profile.child(i).name for i in range(profile.childCount())] == NAMES  # type: ignore[attr-defined]


def _run(qtbot: Any, window: MainWindow) -> dict[str, Any]:
    reader = window.ctx.reader
    assert reader is not None
    with qtbot.waitSignal(window.items_panel.controller.page_loaded, timeout=10000):
        window.items_panel.run()
    receipt = reader.log.last()
    assert receipt is not None
    return receipt.request


def test_the_filter_lists_names_escaped_and_reads_the_exact_name(qtbot: Any, window: MainWindow) -> None:
    form = window.items_panel.form
    combo = form.filter_attr
    entries = [combo.itemText(i) for i in range(combo.count())]
    assert [e for e in entries if has_hidden(e)] == []
    assert {visible(n) for n in NAMES} <= set(entries)
    form.filter_op.setCurrentText("=")
    form.filter_value.setText("v")
    for name in NAMES:
        combo.setCurrentIndex(combo.findData(name))  # picked from the list
        assert combo.currentText() == visible(name)
        request = _run(qtbot, window)
        assert request["ExpressionAttributeNames"] == {"#n0": name}
        assert window.items_panel.model.rowCount() == 1
    # Typed as the list shows it: the name it stands for.
    line = combo.lineEdit()
    assert line is not None
    line.clear()
    qtbot.keyClicks(line, "role\\u202enimda")
    assert _run(qtbot, window)["ExpressionAttributeNames"] == {"#n0": "role\u202enimda"}
    # A name no item has is sent as typed, as before.
    line.clear()
    qtbot.keyClicks(line, "email")
    request = _run(qtbot, window)
    assert request["ExpressionAttributeNames"] == {"#n0": "email"}
    assert window.items_panel.model.rowCount() == 0  # its value is "w"


def test_the_partiql_results_show_names_escaped(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop,
                                                demo_conn: Connection, names_table: str) -> None:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    ctx.set_table(describe_table(demo_conn, names_table))
    try:
        panel = PartiqlPanel(ctx)
        qtbot.addWidget(panel)
        panel.show()
        qtbot.waitUntil(lambda: bool(panel.controller.tables), timeout=10000)
        panel.editor.setPlainText(f'SELECT * FROM "{names_table}"')
        panel.run()
        qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=10000)
        model = panel.model
        assert set(NAMES) <= set(model.columns())
        headers = [model.headerData(i, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
                   for i in range(model.columnCount())]
        assert [h for h in headers if has_hidden(h)] == []
        select_only_row(panel.view, 0)
        tree = panel.detail.tree
        qtbot.waitUntil(lambda: tree.topLevelItemCount() > 0, timeout=5000)
        assert [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())
                if has_hidden(tree.topLevelItem(i).text(0))] == []
    finally:
        ctx.tasks.shutdown()


# -- the template forms --------------------------------------------------------------------------

def shown_texts(form: QWidget) -> list[str]:
    """Every text the form shows: its title, labels, radio buttons and list entries."""
    texts = [form.windowTitle()]
    texts += [w.text() for w in form.findChildren(QLabel)]
    texts += [w.text() for w in form.findChildren(QRadioButton)]
    texts += [c.itemText(i) for c in form.findChildren(QComboBox) for i in range(c.count())]
    return texts


def assert_escaped(form: QWidget, *raw: str) -> None:
    texts = shown_texts(form)
    assert [t for t in texts if has_hidden(t)] == []
    for text in raw:
        assert visible_value(text) in form.windowTitle() + "".join(texts)


def account(acct: str, email: str, username: str) -> dict[str, Any]:
    return {"PK": s(acct), "SK": s("PROFILE"), "email": s(email), "username": s(username)}


def lock(value: str) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#EMAIL#{value}"), "SK": s("LOCK")}


def test_the_release_form_shows_the_value_escaped_and_deletes_the_exact_lock(qtbot: Any) -> None:
    form = ReleaseLockForm(S, "t", lock(VALUE))
    qtbot.addWidget(form)
    assert form.windowTitle() == f"Release the email lock {visible_value(VALUE)}"
    assert_escaped(form, VALUE, f"UNIQ#EMAIL#{VALUE}")
    [delete] = form.build().actions
    assert delete.key == lock(VALUE)  # the exact key
    # Holders and evidence naming an account: escaped as well.
    held = ReleaseLockForm(S, "t", lock(VALUE), [ACCT], f"No account holds it; {ACCT} did.")
    qtbot.addWidget(held)
    assert not held.ok_button.isEnabled()
    assert_escaped(held, ACCT, VALUE)


def test_the_claim_form_shows_the_account_and_value_escaped(qtbot: Any) -> None:
    form = ClaimLockForm(S, "t", account(ACCT, VALUE, "ana"), "email")
    qtbot.addWidget(form)
    assert_escaped(form, ACCT, VALUE, f"UNIQ#EMAIL#{VALUE}")
    assert form.ok_button.isEnabled()
    puts = [a for a in form.build().actions if a.kind == "Put"]
    assert puts[0].item["PK"] == s(f"UNIQ#EMAIL#{VALUE}")  # the exact lock key


def test_the_account_forms_show_ids_and_values_escaped(qtbot: Any) -> None:
    item = account(ACCT, VALUE, "ana\u200b")
    change = ChangeValueForm(S, "t", item, "email", "new@x.io")
    qtbot.addWidget(change)
    assert_escaped(change, ACCT, VALUE)
    assert change.ok_button.isEnabled()
    assert any(a.key == {"PK": s(ACCT), "SK": s("PROFILE")} for a in change.build().actions
               if a.kind == "Update")
    delete = DeleteAccountForm(S, "t", item)
    qtbot.addWidget(delete)
    assert_escaped(delete, ACCT, VALUE, "ana\u200b", f"UNIQ#EMAIL#{VALUE}")
    assert {a.key["PK"]["S"] for a in delete.build().actions} == {
        ACCT, f"UNIQ#EMAIL#{VALUE}", "UNIQ#HANDLE#ana\u200b"}


def test_the_resolve_form_shows_the_shared_value_and_the_accounts_escaped(qtbot: Any) -> None:
    other = "ACCT#b\u200bob"
    holders = [account(ACCT, VALUE, "ana"), account(other, VALUE, "b\u2029")]
    form = ResolveDuplicateForm(S, "t", "email", holders)
    qtbot.addWidget(form)
    assert_escaped(form, VALUE, ACCT, other)
    form.choose_keeper(ACCT)  # by the exact id
    form.field.edit.setText("bob@x.io")
    assert form.ok_button.isEnabled()
    keys = {a.key["PK"]["S"] for a in form.build().actions if a.kind in ("Update", "ConditionCheck")}
    assert {ACCT, other} <= keys
    assert_escaped(form, VALUE, ACCT, other)


def test_the_template_titles_quote_the_item_escaped() -> None:
    titles = [e.title for e in template_entries(S, account(ACCT, VALUE, "ana"))]
    assert [t for t in titles if has_hidden(t)] == []
    assert any(visible_value(ACCT) in t and visible_value(VALUE) in t for t in titles)
    titles = [e.title for e in template_entries(S, lock(VALUE))]
    assert [t for t in titles if has_hidden(t)] == []


# -- the Diagnose answer -------------------------------------------------------------------------

@pytest.fixture
def locks_panel(qtbot: Any, ctx: AppContext, demo_conn: Connection, seeded_table: str) -> LocksPanel:
    client = demo_conn.client
    for acct, email, handle in ((ACCT, "ana@x.io", "ana9"), (EVE, "eve@x.io", "eve9")):
        client.put_item(TableName=seeded_table, Item=account(acct, email, handle))
        client.put_item(TableName=seeded_table, Item=lock(email))
        client.put_item(TableName=seeded_table, Item={"PK": s(f"UNIQ#HANDLE#{handle}"), "SK": s("LOCK")})
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=20000):
        ctx.set_table(describe_table(demo_conn, seeded_table))
    panel.show()
    panel.rule_picker.setCurrentText("email")
    return panel


@pytest.mark.parametrize(("email", "acct"), [("ana@x.io", ACCT), ("eve@x.io", EVE)])
def test_the_diagnose_answer_quotes_the_account_id_escaped(qtbot: Any, locks_panel: LocksPanel,
                                                          email: str, acct: str) -> None:
    locks_panel.value_edit.setText(email)
    locks_panel.run_diagnose()
    view = locks_panel.diagnosis_view
    qtbot.waitUntil(lambda: "belongs to account" in view.toPlainText(), timeout=15000)
    text = view.toPlainText()
    first = text.split("\n")[0]
    assert f"belongs to account {visible(acct)}: working as intended" in first
    assert not has_hidden(text.replace("\n", "")), repr(text)


def test_the_header_menu_and_the_detail_title_show_names_escaped(qtbot: Any, window: MainWindow) -> None:
    """The header's right-click menu (show or hide a column, sort by it) and the Items detail
    pane's title (the item's key) quote attribute names: escaped there too, an & left as text."""
    panel = window.items_panel
    columns = panel.model.columns()
    clicked = columns.index("role\u202enimda")
    texts = [a.text() for a in panel.columns.menu(clicked).actions()]
    assert [t for t in texts if has_hidden(t)] == [], texts
    assert "role\\u202enimda" in texts
    assert any(t.startswith("Sort by role\\u202enimda") for t in texts), texts
    assert panel.selection.key_text({"PK": s("ACCT#1"), "SK": s("PROFILE")}).startswith("PK = ")
