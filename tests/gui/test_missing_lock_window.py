"""A lock that is really missing, driven through the window against DynamoDB Local (the judge).

- Resolve on a duplicate no lock holds: the form claims the kept account's lock instead of
  checking one that never existed; the preflight accepts it, DynamoDB applies it, and a fresh
  audit is clean.
- Delete account and a staged rename of the demo's Linus Torvalds, whose username lock is
  missing: the preflight says DynamoDB would cancel the release of a lock that is not there and
  offers the same transaction with a check that it is still missing; "Load the right
  transaction" loads it, it passes, it is applied, and the audit is clean.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder.template_forms import DELETE_ACCOUNT, DeleteAccountForm, ResolveDuplicateForm
from dynoview.ui.locks.model import RowRole
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window
from tests.helpers import account_key, connect, lock_key, s, seeded_accounts_copy

pytestmark = pytest.mark.gui
S = article_schema()


@pytest.fixture
def local_conn(dynamodb_local_endpoint: str) -> Connection:
    return connect(dynamodb_local_endpoint, name="gui-test")


@pytest.fixture
def local_table(local_conn: Connection) -> Iterator[str]:
    """The demo table (Linus's username lock missing) plus two accounts sharing an email that
    no lock holds."""
    with seeded_accounts_copy(local_conn) as name:
        for acct in ("d1", "d2"):
            local_conn.client.put_item(TableName=name, Item={
                **account_key(acct), "email": s("dup@x.io"), "username": s(f"{acct}-dup")})
            local_conn.client.put_item(TableName=name, Item=lock_key("HANDLE", f"{acct}-dup"))
        yield name


def _locks(qtbot: Any, window: MainWindow) -> Any:
    panel: Any = window.feature("LocksPanel")
    assert panel is not None
    qtbot.waitUntil(lambda: panel.result is not None and not window.ctx.tasks.is_running("locks-audit"),
                    timeout=30000)
    return panel


def _select(panel: Any, account: str) -> None:
    for r in range(panel.model.rowCount()):
        if panel.model.data(panel.model.index(r, 0), RowRole).account_id == account:
            panel.select_row(r)
            return
    raise AssertionError(f"no row for {account}")


def _builder(window: MainWindow) -> Any:
    builder: Any = window.feature("BuilderPanel")
    assert builder is not None
    return builder


def _findings(conn: Connection, table: str, values: set[str], accounts: set[str]) -> list[str]:
    result = run_audit(Reader(conn), describe_table(conn, table), S, consistent=True)
    return [f.sentence for f in result.findings if f.value in values or set(f.account_ids) & accounts]


def _execute(qtbot: Any, builder: Any, refused: list[Any]) -> None:
    """Execute: confirmed, never overriding a refusal (which is kept in ``refused``)."""
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = lambda preflight, table, answer: refused.append(preflight) or answer(False)
    builder.result = None
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None or bool(refused), timeout=30000)
    qtbot.waitUntil(lambda: not builder.send_flow.running(), timeout=30000)


def _load_the_offer_and_send(qtbot: Any, builder: Any, released: str) -> None:
    """The builder refused the transaction (DynamoDB would cancel it) and offers the right
    one: load it, it is checked again, passes, and is applied."""
    refused: list[Any] = []
    _execute(qtbot, builder, refused)
    assert builder.result is None and len(refused) == 1
    [refusal] = refused[0].refusals
    assert "holds username linus with no lock (a missing lock)" in refusal.message
    assert "refresh and rebuild" not in refusal.message
    view = builder.preflight_view
    assert not view.suggest_button.isHidden()
    view.suggest_button.click()
    check = next(a for a in builder.transaction.actions if a.key == lock_key("HANDLE", released))
    assert (check.kind, check.condition) == ("ConditionCheck", "attribute_not_exists(#n0)")
    qtbot.waitUntil(lambda: builder.preflight is not None and not builder.send_flow.running(), timeout=30000)
    assert not builder.preflight.refused, builder.preflight.summary()
    again: list[Any] = []
    _execute(qtbot, builder, again)
    assert again == [] and builder.result.status == "succeeded", builder.result.message


def test_resolve_on_a_duplicate_no_lock_holds_claims_the_kept_lock(
        qtbot: Any, qasync_loop: Any, local_conn: Connection, local_table: str) -> None:
    window = open_window(qtbot, local_conn, local_table)
    locks = _locks(qtbot, window)
    _select(locks, "ACCT#d1")
    assert locks.resolve_button.isEnabled()
    locks.resolve_button.click()
    form = locks.current_form
    assert isinstance(form, ResolveDuplicateForm) and form.kept_lock is False
    form.choose_keeper("ACCT#d1")
    form.remove_radio.setChecked(True)
    form.accept()
    builder = _builder(window)
    claim = builder.transaction.actions[1]
    assert claim.kind == "Put" and claim.item == lock_key("EMAIL", "dup@x.io")
    refused: list[Any] = []
    _execute(qtbot, builder, refused)
    assert refused == [] and builder.result.status == "succeeded", builder.result.message
    assert not builder.preflight.refused
    assert local_conn.client.get_item(TableName=local_table, Key=lock_key("EMAIL", "dup@x.io"),
                                      ConsistentRead=True).get("Item") is not None
    assert _findings(local_conn, local_table, {"dup@x.io"}, {"ACCT#d1", "ACCT#d2"}) == []


def test_deleting_an_account_whose_lock_is_missing_loads_the_offered_transaction(
        qtbot: Any, qasync_loop: Any, local_conn: Connection, local_table: str) -> None:
    window = open_window(qtbot, local_conn, local_table)
    locks = _locks(qtbot, window)
    _select(locks, "ACCT#1d2e3f")
    builder = _builder(window)
    qtbot.waitUntil(lambda: builder.selected_item is not None
                    and "displayName" in builder.selected_item, timeout=10000)
    builder.run_template(DELETE_ACCOUNT)
    form = builder.current_form
    assert isinstance(form, DeleteAccountForm)
    form.accept()
    _load_the_offer_and_send(qtbot, builder, "linus")
    assert local_conn.client.get_item(TableName=local_table, Key=account_key("1d2e3f"),
                                      ConsistentRead=True).get("Item") is None
    assert _findings(local_conn, local_table, {"linus", "linus@torvalds.fi"}, {"ACCT#1d2e3f"}) == []


def test_a_staged_rename_whose_old_lock_is_missing_loads_the_offered_transaction(
        qtbot: Any, qasync_loop: Any, local_conn: Connection, local_table: str) -> None:
    window = open_window(qtbot, local_conn, local_table)
    panel = window.items_panel
    model = panel.model
    row = next(r for r in range(model.rowCount()) if model.item(r)["PK"]["S"] == "ACCT#1d2e3f")
    panel.view.setCurrentIndex(model.index(row, model.columns().index("username")))
    panel.cell_edits.edit_current()
    editor = panel.cell_edits.delegate.editor
    assert editor is not None
    editor.line.setText("linus2")
    qtbot.keyClick(editor.line, Qt.Key.Key_Return)
    assert panel.cell_edits.staging.edits.count == 1
    panel.cell_edits.pane.review_button.click()
    builder = _builder(window)
    assert [a.kind for a in builder.transaction.actions] == ["Put", "Delete", "Update"]
    _load_the_offer_and_send(qtbot, builder, "linus")
    stored = local_conn.client.get_item(TableName=local_table, Key=account_key("1d2e3f"),
                                        ConsistentRead=True)["Item"]
    assert stored["username"] == s("linus2")
    assert _findings(local_conn, local_table, {"linus", "linus2"}, {"ACCT#1d2e3f"}) == []
    qtbot.waitUntil(lambda: panel.cell_edits.staging.edits.count == 0, timeout=10000)
