"""State that never goes stale: after a write every view shows the items as they are now
(or says it is stale), buttons need a selection, and any key can be opened."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.ui.builder.template_forms import CHANGE_VALUE, ChangeValueForm
from dynoview.ui.context_events import WrittenKey
from dynoview.ui.main_window import MainWindow
from tests.gui.test_template_flows import builder_of, execute, locks_of, select_audit_row, select_item

pytestmark = pytest.mark.gui
ADA = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.ctx.set_connection(demo_conn)
    win.tables_panel.set_tables(demo_conn.list_tables())
    with qtbot.waitSignal(win.table_shown, timeout=15000):
        win.tables_panel.select(seeded_table)
    return win


def change_ada_email(qtbot: Any, window: MainWindow, new: str) -> Any:
    select_item(window, "ACCT#a1f9c3")
    builder = builder_of(window)
    builder.run_template(CHANGE_VALUE, "email")
    form = builder.current_form
    assert isinstance(form, ChangeValueForm)
    form.field.edit.setText(new)
    form.accept()
    with qtbot.waitSignal(window.ctx.items_written, timeout=30000) as written:
        execute(qtbot, builder)
    return written.args[0]


def test_after_a_write_every_view_shows_the_new_state(qtbot: Any, window: MainWindow) -> None:
    locks = locks_of(qtbot, window)
    select_audit_row(locks, "ACCT#a1f9c3")
    locks.rule_picker.setCurrentText("email")
    locks.value_edit.setText("ada@lovelace.io")
    with qtbot.waitSignal(locks.diagnosis_finished, timeout=20000):
        locks.run_diagnose()
    assert "belongs to account ACCT#a1f9c3" in locks.diagnosis_view.toPlainText()

    written = change_ada_email(qtbot, window, "ada@difference.engine")
    table = window.ctx.table.name
    assert [w.key["PK"]["S"] for w in written] == [
        "UNIQ#EMAIL#ada@difference.engine", "UNIQ#EMAIL#ada@lovelace.io", "ACCT#a1f9c3"]
    assert all(w.table == table for w in written)

    # Items: the row and the detail pane are read again.
    items = window.items_panel
    qtbot.waitUntil(lambda: items.model.item(items.model.row_of(ADA))["email"]["S"]
                    == "ada@difference.engine", timeout=10000)
    assert "ada@difference.engine" in items.detail.ddb_text.toPlainText()
    # The builder's subject (the template's account) is the account as it is now.
    builder = builder_of(window)
    qtbot.waitUntil(lambda: (builder.selected_item or {}).get("email") == {"S": "ada@difference.engine"},
                    timeout=10000)
    titles = [e.title for e in builder.template_entries()]
    assert "Change email of ACCT#a1f9c3 (ada@difference.engine)…" in titles
    # Accounts & locks (a small local table): audited again, the row still selected.
    qtbot.waitUntil(lambda: not locks.stale and not window.ctx.tasks.is_running("locks-audit"),
                    timeout=20000)
    row = locks.selected_row()
    assert row is not None and row.account_id == "ACCT#a1f9c3"
    assert row.cells["email"].value == "ada@difference.engine"
    assert "ada@difference.engine" in locks.details.toPlainText()
    # The diagnosis is asked again: the old email is free now.
    qtbot.waitUntil(lambda: "ada@lovelace.io is free" in locks.diagnosis_view.toPlainText(), timeout=20000)
    # A new transaction clears the last result from the status line.
    assert builder.status.text().startswith("Applied")
    builder.load_request({"TransactItems": []})
    assert builder.status.text() == ""


def test_without_rereading_the_audit_and_diagnosis_say_they_are_stale(qtbot: Any, window: MainWindow,
                                                                      monkeypatch: Any) -> None:
    locks = locks_of(qtbot, window)
    locks.rule_picker.setCurrentText("username")  # no index: a Scan, not repeated on its own
    locks.value_edit.setText("ada")
    with qtbot.waitSignal(locks.diagnosis_finished, timeout=20000):
        locks.run_diagnose()
    select_audit_row(locks, "ACCT#a1f9c3")
    # As on a large or remote table: nothing is read again without being asked.
    monkeypatch.setattr(window.ctx, "reads_on_open", lambda _table: False)
    window.ctx.items_written.emit([WrittenKey(window.ctx.table.name, dict(ADA))])
    assert locks.stale
    assert locks.counts_label.text().startswith("Stale: a transaction wrote 1 item since this audit")
    proxy, status = locks.model, locks.model.status_column()
    selected = locks.view.selectionModel().selectedRows()[0].row()
    assert proxy.data(proxy.index(selected, status)).endswith("(stale: re-run the audit)")
    assert locks.details.toPlainText().startswith("ACCT#a1f9c3\nStale:")
    assert locks.diagnosis_view.toPlainText().startswith("Stale: the table was written since")


def test_buttons_that_need_a_selection_are_disabled_without_one(qtbot: Any, window: MainWindow) -> None:
    items = window.items_panel
    select_item(window, "ACCT#a1f9c3")
    assert items.edit_button.isEnabled() and items.delete_button.isEnabled()
    assert window.ctx.subject is not None and window.ctx.subject.source == "items"
    with qtbot.waitSignal(items.controller.page_loaded, timeout=10000):
        items.run()
    assert not items.edit_button.isEnabled() and not items.delete_button.isEnabled()
    assert window.ctx.subject is None  # the templates no longer act on a row that is gone
    assert builder_of(window).selected_item is None

    locks = locks_of(qtbot, window)
    locks.set_status_filter({ORPHAN_LOCK})
    locks.select_row(0)
    assert locks.release_button.isEnabled() and locks.open_item_button.isEnabled()
    locks.set_status_filter(set())  # the selected row is filtered away
    assert locks.selected_row() is None
    for button in (locks.release_button, locks.claim_button, locks.resolve_button, locks.open_item_button):
        assert not button.isEnabled(), button.text()
    assert locks.details.toPlainText() == ""


def test_open_item_reads_a_key_that_is_not_on_the_page(qtbot: Any, window: MainWindow) -> None:
    items = window.items_panel
    items.page_size.setValue(5)
    with qtbot.waitSignal(items.controller.page_loaded, timeout=10000):
        items.run()
    loaded = {items.model.item(r)["PK"]["S"] for r in range(items.model.rowCount())}
    target = next(pk for pk in ("ACCT#fc1daa", "ACCT#eb0c99", "ACCT#dafb88") if pk not in loaded)
    key = {"PK": {"S": target}, "SK": {"S": "PROFILE"}}
    window.ctx.open_item_requested.emit(window.ctx.table.name, key)
    qtbot.waitUntil(lambda: items.by_key_item is not None, timeout=10000)
    assert items.detail.title.text().endswith("read by key (GetItem): not on the current page")
    assert target in items.detail.ddb_text.toPlainText()
    assert items.edit_button.isEnabled() and items.delete_button.isEnabled()
    assert window.ctx.subject is not None and window.ctx.subject.item["PK"] == {"S": target}
    reads = [(r.operation, r.request.get("Key"), r.request.get("ConsistentRead"))
             for r in window.ctx.read_log.receipts()]
    assert ("GetItem", key, True) in reads

    window.ctx.open_item_requested.emit(window.ctx.table.name, {"PK": {"S": "ACCT#nobody"},
                                                               "SK": {"S": "PROFILE"}})
    qtbot.waitUntil(lambda: items.detail.title.text().startswith("No item with PK = ACCT#nobody"),
                    timeout=10000)
    qtbot.waitUntil(lambda: not window.ctx.tasks.running(), timeout=10000)
    # Pages that arrive later (new columns reset the model) leave the answer in place.
    items.model.fetchMore()
    qtbot.waitUntil(lambda: not window.ctx.tasks.running(), timeout=10000)
    assert items.detail.title.text().startswith("No item with PK = ACCT#nobody")
    assert not items.edit_button.isEnabled()


def test_palette_offers_diagnose_audit_schema_and_every_template(qtbot: Any, window: MainWindow) -> None:
    titles = [e.title for e in window.palette_entries()]
    for title in ("Diagnose a value (is it locked, and by whom?)", "Run the accounts & locks audit",
                  "Edit the uniqueness schema", "Template: Sign up (new account)"):
        assert title in titles
    select_item(window, "ACCT#a1f9c3")
    entries = {e.title: e for e in window.palette_entries()}
    for title in ("Template: Change email of ACCT#a1f9c3 (ada@lovelace.io)",
                  "Template: Change username of ACCT#a1f9c3 (ada)",
                  "Template: Delete account ACCT#a1f9c3 and its locks"):
        assert title in entries, title
    # A healthy account: no repair is offered for it (test_template_flows covers where they are).
    assert not [t for t in entries if t.startswith(("Template: Claim", "Template: Resolve"))]
    entries["Template: Change email of ACCT#a1f9c3 (ada@lovelace.io)"].run()
    builder = builder_of(window)
    assert window.tabs.currentWidget() is builder
    assert isinstance(builder.current_form, ChangeValueForm)
    builder.current_form.reject()
    entries["Edit the uniqueness schema"].run()
    locks: Any = window.feature("LocksPanel")
    assert window.tabs.currentWidget() is locks and locks.schema_dialog is not None
    locks.schema_dialog.reject()


def test_open_item_from_the_audit_reads_it_when_the_page_does_not_hold_it(qtbot: Any,
                                                                          window: MainWindow) -> None:
    items = window.items_panel
    items.page_size.setValue(3)
    with qtbot.waitSignal(items.controller.page_loaded, timeout=10000):
        items.run()
    locks = locks_of(qtbot, window)
    locks.set_status_filter({ORPHAN_LOCK})
    locks.select_row(0)
    key = locks.selected_row().key
    locks.open_item_button.click()
    assert window.tabs.currentWidget() is items
    qtbot.waitUntil(lambda: items.current_item() is not None
                    and items.current_item()["PK"] == key["PK"], timeout=10000)
    assert key["PK"]["S"] in items.detail.title.text()
