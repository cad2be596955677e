"""Each template driven from a selection in the window to an executed transaction on a
demo-like table, then a fresh audit: the values it touched are paired and clean."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.values.dynamodb_json import dynamodb_json
from dynoview.ui.builder.template_forms import (
    CHANGE_VALUE,
    CLAIM_LOCK,
    DELETE_ACCOUNT,
    READING_HINT,
    SIGN_UP,
    ChangeValueForm,
    ClaimLockForm,
    DeleteAccountForm,
    ReleaseLockForm,
    ResolveDuplicateForm,
    SignUpForm,
    menu_text,
)
from dynoview.ui.locks.model import RowRole
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from dynoview.ui.window.menus import palette_entries

pytestmark = pytest.mark.gui
S = article_schema()


def s(v: str) -> dict[str, str]:
    return {"S": v}


@pytest.fixture
def window(qtbot: Any, qasync_loop: Any, demo_conn: Connection, seeded_table: str) -> MainWindow:
    win = MainWindow()
    qtbot.addWidget(win)
    win.ctx.set_connection(demo_conn)
    win.tables_panel.set_tables(demo_conn.list_tables())
    with qtbot.waitSignal(win.table_shown, timeout=15000):
        win.tables_panel.select(seeded_table)
    return win


def builder_of(window: MainWindow) -> Any:
    builder = window.feature("BuilderPanel")
    assert builder is not None
    return builder


def locks_of(qtbot: Any, window: MainWindow) -> Any:
    panel: Any = window.feature("LocksPanel")
    assert panel is not None
    qtbot.waitUntil(lambda: panel.result is not None and not window.ctx.tasks.is_running("locks-audit"),
                    timeout=20000)
    return panel


def select_item(window: MainWindow, pk: str) -> dict[str, Any]:
    panel = window.items_panel
    row = next(r for r in range(panel.model.rowCount()) if panel.model.item(r)["PK"]["S"] == pk)
    select_only_row(panel.view, row)
    return panel.model.item(row)


def select_audit_row(panel: Any, account_or_value: str) -> None:
    for r in range(panel.model.rowCount()):
        row = panel.model.data(panel.model.index(r, 0), RowRole)
        values = [c.value for c in row.cells.values()]
        if row.account_id == account_or_value or (row.account_id is None and account_or_value in values):
            panel.select_row(r)
            return
    raise AssertionError(f"no audit row for {account_or_value}")


def execute(qtbot: Any, builder: Any) -> None:
    """Execute what the builder holds: confirmed, never overriding a preflight refusal."""
    refused: list[str] = []
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = (
        lambda preflight, table, answer: refused.append(preflight.summary()) or answer(False))
    assert builder.execute_button.isEnabled(), builder.execute_button.toolTip()
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None or bool(refused), timeout=30000)
    assert refused == [], refused  # a correct template passes the preflight
    assert getattr(builder, "preflight", True) is not None  # ...which did run
    assert builder.result.status == "succeeded", builder.result.message


def audit_findings(window: MainWindow, *, values: set[str] = frozenset(),  # type: ignore[assignment]
                   accounts: set[str] = frozenset()) -> list[Any]:  # type: ignore[assignment]
    """Findings of a fresh, strongly consistent audit about these values or accounts."""
    reader, table = window.ctx.reader, window.ctx.table
    assert reader is not None and table is not None
    result = run_audit(reader, describe_table(reader.conn, table.name), S, consistent=True)
    return [f for f in result.findings
            if f.value in values or set(f.account_ids) & accounts]


def lock_exists(window: MainWindow, pk: str) -> bool:
    reader, table = window.ctx.reader, window.ctx.table
    assert reader is not None and table is not None
    return reader.get_item(table.name, {"PK": s(pk), "SK": s("LOCK")}) is not None


def menu_lines(qtbot: Any, builder: Any) -> list[str]:
    """The Templates menu as the user opens it, after any read it starts has answered:
    the lines that start a template, then "(note) ..." for the disabled lines saying why."""
    builder._fill_templates_menu()
    qtbot.waitUntil(lambda: not builder.template_runner.reading, timeout=10000)
    builder._fill_templates_menu()
    return [a.text() if a.isEnabled() else f"(note) {a.text()}"
            for a in builder.templates_menu.actions() if a.text()]


def repairs_in(lines: list[str]) -> list[str]:
    return [t for t in lines if t.startswith(("Claim", "Resolve", "Release"))]


def test_repairs_are_offered_only_where_they_apply(qtbot: Any, window: MainWindow) -> None:
    builder = builder_of(window)
    # Items: not audited, so the account's locks are read (strongly consistent) when the
    # templates are asked for, and the menu says so meanwhile.
    select_item(window, "ACCT#a1f9c3")
    builder._fill_templates_menu()
    assert menu_text(READING_HINT) in [a.text() for a in builder.templates_menu.actions()]
    healthy = menu_lines(qtbot, builder)
    assert repairs_in(healthy) == []
    assert "(note) No repair applies: the lock read found email and username locked." in healthy
    builder.run_template(CLAIM_LOCK, "email")  # a stale palette line: refused, no form, no read
    assert builder.current_form is None and builder.status.text().startswith("No repair applies")
    select_item(window, "ACCT#1d2e3f")
    assert repairs_in(menu_lines(qtbot, builder)) == [
        "Claim the missing username lock of ACCT#1d2e3f (linus)…"]
    palette = [e.title for e in palette_entries(window)]
    assert "Template: Claim the missing username lock of ACCT#1d2e3f (linus)" in palette
    assert not [t for t in palette if t.startswith("Template: Resolve")]

    # Accounts & locks: the selected row's findings decide, nothing more is read.
    locks = locks_of(qtbot, window)
    for row, expected in (("ACCT#a1f9c3", []),
                          ("ACCT#2a3b4c", ["Resolve duplicate email shared@example.com of ACCT#2a3b4c…"]),
                          ("ACCT#1d2e3f", ["Claim the missing username lock of ACCT#1d2e3f (linus)…"]),
                          ("ken@thompson.dev", ["Release lock UNIQ#EMAIL#ken@thompson.dev…"])):
        select_audit_row(locks, row)
        qtbot.waitUntil(lambda: builder.template_runner.evidence is not None, timeout=10000)
        lines = menu_lines(qtbot, builder)
        assert repairs_in(lines) == expected, (row, lines)
        assert builder.template_runner.evidence.source == "audit"
    select_audit_row(locks, "ACCT#a1f9c3")
    qtbot.waitUntil(lambda: (builder.selected_item or {}).get("displayName") is not None, timeout=10000)
    # The full item read for the row keeps the row's findings.
    assert builder.template_runner.evidence is not None
    assert "(note) No repair applies: the audit found email and username locked and held once." in \
        menu_lines(qtbot, builder)


def test_sign_up_from_the_templates_menu(qtbot: Any, window: MainWindow) -> None:
    builder = builder_of(window)
    builder.run_template(SIGN_UP)
    form = builder.current_form
    assert isinstance(form, SignUpForm)
    form.fields["email"].edit.setText("sophie@wilson.arm")
    form.fields["username"].edit.setText("sophie")
    form.accept()
    account = f"ACCT#{form.account_id}"
    assert builder.status.text() == "Sign up (new account): review the request, then Execute."
    execute(qtbot, builder)
    assert lock_exists(window, "UNIQ#EMAIL#sophie@wilson.arm") and lock_exists(window, "UNIQ#HANDLE#sophie")
    assert audit_findings(window, values={"sophie@wilson.arm", "sophie"}, accounts={account}) == []


@pytest.mark.parametrize(("rule", "new"), [("email", "ada@analytical.engine"), ("username", "countess")])
def test_change_value_of_the_account_selected_in_items(qtbot: Any, window: MainWindow, rule: str,
                                                       new: str) -> None:
    select_item(window, "ACCT#a1f9c3")
    builder = builder_of(window)
    titles = [e.title for e in builder.template_entries()]
    old = {"email": "ada@lovelace.io", "username": "ada"}[rule]
    assert f"Change {rule} of ACCT#a1f9c3 ({old})…" in titles
    builder.run_template(CHANGE_VALUE, rule)
    form = builder.current_form
    assert isinstance(form, ChangeValueForm)
    assert form.current_label.text().startswith(old)
    form.field.edit.setText(new)
    form.accept()
    execute(qtbot, builder)
    assert audit_findings(window, values={old, new}, accounts={"ACCT#a1f9c3"}) == []
    prefix = {"email": "UNIQ#EMAIL#", "username": "UNIQ#HANDLE#"}[rule]
    assert lock_exists(window, prefix + new) and not lock_exists(window, prefix + old)


def test_delete_account_selected_in_the_audit(qtbot: Any, window: MainWindow) -> None:
    locks = locks_of(qtbot, window)
    select_audit_row(locks, "ACCT#b27d10")
    builder = builder_of(window)
    qtbot.waitUntil(lambda: builder.selected_item is not None
                    and "displayName" in builder.selected_item, timeout=10000)  # the full item was read
    assert "Delete account ACCT#b27d10 and its locks…" in [e.title for e in builder.template_entries()]
    builder.run_template(DELETE_ACCOUNT)
    form = builder.current_form
    assert isinstance(form, DeleteAccountForm)
    assert form.locks == ["UNIQ#EMAIL#grace@hopper.dev", "UNIQ#HANDLE#grace"]
    form.accept()
    execute(qtbot, builder)
    assert not lock_exists(window, "UNIQ#EMAIL#grace@hopper.dev")
    assert audit_findings(window, values={"grace@hopper.dev", "grace"}, accounts={"ACCT#b27d10"}) == []


def test_claim_the_missing_lock_from_the_audit(qtbot: Any, window: MainWindow) -> None:
    locks = locks_of(qtbot, window)
    select_audit_row(locks, "ACCT#1d2e3f")
    assert locks.claim_button.isEnabled() and not locks.release_button.isEnabled()
    locks.claim_button.click()
    form = locks.current_form
    assert isinstance(form, ClaimLockForm) and form.lock_label.text() == "UNIQ#HANDLE#linus"
    form.accept()
    builder = builder_of(window)
    assert window.tabs.currentWidget() is builder
    execute(qtbot, builder)
    assert audit_findings(window, values={"linus"}, accounts={"ACCT#1d2e3f"}) == []


def test_release_the_orphan_lock_found_by_diagnose(qtbot: Any, window: MainWindow) -> None:
    locks = locks_of(qtbot, window)
    locks.rule_picker.setCurrentText("email")
    locks.value_edit.setText("ken@thompson.dev")
    with qtbot.waitSignal(locks.diagnosis_finished, timeout=20000):
        locks.diagnose_button.click()
    # The diagnosed lock is now the selection the templates act on.
    qtbot.waitUntil(lambda: window.ctx.subject is not None
                    and window.ctx.subject.item["PK"] == s("UNIQ#EMAIL#ken@thompson.dev"), timeout=10000)
    assert locks.diag_release_button.isEnabled() and locks.open_lock_button.isEnabled()
    assert not locks.open_account_button.isEnabled() and not locks.diag_claim_button.isEnabled()
    locks.diag_release_button.click()
    form = locks.current_form
    assert isinstance(form, ReleaseLockForm) and form.ok_button.isEnabled()
    form.accept()
    builder = builder_of(window)
    execute(qtbot, builder)
    assert not lock_exists(window, "UNIQ#EMAIL#ken@thompson.dev")
    assert audit_findings(window, values={"ken@thompson.dev"}) == []


def test_release_with_a_former_owner_reads_it_then_guards_on_that_read(qtbot: Any,
                                                                         window: MainWindow) -> None:
    """OK with a former owner typed reads that account first (a condition cannot normalise);
    one that does not hold the value is guarded on exactly what was read."""
    locks = locks_of(qtbot, window)
    locks.rule_picker.setCurrentText("email")
    locks.value_edit.setText("ken@thompson.dev")
    with qtbot.waitSignal(locks.diagnosis_finished, timeout=20000):
        locks.diagnose_button.click()
    qtbot.waitUntil(lambda: window.ctx.subject is not None
                    and window.ctx.subject.item["PK"] == s("UNIQ#EMAIL#ken@thompson.dev"), timeout=10000)
    locks.diag_release_button.click()
    form = locks.current_form
    assert isinstance(form, ReleaseLockForm)
    form.owner.setText("4c5d6e")  # an account with another email
    builder = builder_of(window)
    with qtbot.waitSignal(form.finished, timeout=20000):
        form.accept()  # reads the owner, then accepts
    assert form.owner_seen is not None and form.owner_seen.item is not None
    held = form.owner_seen.item["email"]
    assert held != s("ken@thompson.dev")
    qtbot.waitUntil(lambda: len(builder.transaction.actions) == 2, timeout=10000)
    check = builder.transaction.actions[1]
    assert check.kind == "ConditionCheck" and check.key == {"PK": s("ACCT#4c5d6e"), "SK": s("PROFILE")}
    assert held in check.values.values()  # unchanged since the read, exactly
    execute(qtbot, builder)
    assert not lock_exists(window, "UNIQ#EMAIL#ken@thompson.dev")


def test_resolve_duplicate_asks_which_account_keeps_it(qtbot: Any, window: MainWindow) -> None:
    locks = locks_of(qtbot, window)
    select_audit_row(locks, "ACCT#2a3b4c")
    assert locks.resolve_button.isEnabled()
    locks.resolve_button.click()
    form = locks.current_form
    assert isinstance(form, ResolveDuplicateForm)
    assert [form.keep_group.button(i).text() for i in range(2)] == [
        "ACCT#2a3b4c — username dup1", "ACCT#3b4c5d — username dup2"]
    assert not form.ok_button.isEnabled()  # the selected row does not decide
    form.choose_keeper("ACCT#3b4c5d")  # not the row that was selected
    form.field.edit.setText("dup1@example.com")
    form.accept()
    builder = builder_of(window)
    execute(qtbot, builder)
    assert audit_findings(window, values={"shared@example.com", "dup1@example.com"},
                          accounts={"ACCT#2a3b4c", "ACCT#3b4c5d"}) == []
    reader, table = window.ctx.reader, window.ctx.table
    kept = reader.get_item(table.name, {"PK": s("ACCT#3b4c5d"), "SK": s("PROFILE")})
    assert kept is not None and kept["email"] == s("shared@example.com")


def test_edit_of_a_protected_value_opens_the_change_template(qtbot: Any, window: MainWindow) -> None:
    item = select_item(window, "ACCT#c3e511")
    panel = window.items_panel
    panel.edit_selected()
    dialog = panel.edit_dialog
    assert dialog is not None
    edited = {**item, "email": s("alan@bletchley.uk")}
    dialog.editor.setPlainText(dynamodb_json(edited))
    dialog.update_protected_note()  # what the typing pause would do
    assert dialog.protected_note.text().startswith("Protected: email alan@turing.uk → alan@bletchley.uk.")
    dialog._accept()
    builder = builder_of(window)
    assert window.tabs.currentWidget() is builder
    form = builder.current_form
    assert isinstance(form, ChangeValueForm)
    assert form.field.edit.text() == "alan@bletchley.uk" and form.ok_button.isEnabled()
    assert "protected value" in form.note.text()
    form.accept()
    assert [a.kind for a in builder.transaction.actions] == ["Put", "Delete", "Update"]
    execute(qtbot, builder)
    assert audit_findings(window, values={"alan@turing.uk", "alan@bletchley.uk"}) == []


def test_edit_of_protected_and_other_values_is_one_guarded_transaction(qtbot: Any,
                                                                       window: MainWindow) -> None:
    item = select_item(window, "ACCT#d4a0f2")
    panel = window.items_panel
    panel.edit_selected()
    dialog = panel.edit_dialog
    edited = {**item, "username": s("ewd"), "displayName": s("E. W. Dijkstra")}
    dialog.editor.setPlainText(dynamodb_json(edited))
    dialog._accept()
    builder = builder_of(window)
    assert builder.current_form is None
    # The account's Update writes only what was edited; its lock moves in the same transaction.
    assert [a.kind for a in builder.transaction.actions] == ["Update", "Put", "Delete"]
    label = builder.transaction.actions[0].label
    assert sorted(label.removeprefix("edited account: ").split(", ")) == ["displayName", "username"]
    assert builder.status.text().startswith("username is a protected value (username edsger → ewd)")
    execute(qtbot, builder)
    assert audit_findings(window, values={"edsger", "ewd"}, accounts={"ACCT#d4a0f2"}) == []
    fresh = window.ctx.reader.get_item(window.ctx.table.name, {"PK": s("ACCT#d4a0f2"), "SK": s("PROFILE")})
    assert fresh["displayName"] == s("E. W. Dijkstra") and fresh["username"] == s("ewd")


def test_edit_refuses_a_padded_protected_value_at_the_attribute(qtbot: Any, window: MainWindow) -> None:
    item = select_item(window, "ACCT#e58c33")
    panel = window.items_panel
    panel.edit_selected()
    dialog = panel.edit_dialog
    dialog.editor.setPlainText(dynamodb_json({**item, "email": s("donald@knuth.org ")}))
    dialog._accept()
    assert dialog.item is None and dialog.error.text().startswith("Not opened at email: Remove the spaces")
    dialog.reject()
