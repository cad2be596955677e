"""The transaction builder panel on a seeded endpoint (offscreen)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStyle

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.applicability import Evidence
from dynoview.core.tx.model import CONDITION_CHECK, UPDATE
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.findings import ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.preflight_view import OverrideDialog
from dynoview.ui.builder.template_forms import NO_SUBJECT_HINT, SIGN_UP, SignUpForm
from tests.helpers import logged_connection

pytestmark = pytest.mark.gui
S = article_schema()


def account(acct: str, email: str, username: str) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"}, "email": {"S": email},
            "username": {"S": username}}


@pytest.fixture
def panel(builder_panel: BuilderPanel) -> BuilderPanel:
    return builder_panel


def test_loaded_request_previews_the_exact_body(panel: BuilderPanel, seeded_table: str) -> None:
    request = sign_up(S, seeded_table, account("g1", "gui@x.io", "gui")).to_request()
    panel.load_request(request)
    assert panel.action_list.count() == 3
    assert panel.preview == preview_text(request)
    assert panel.preview_view.toPlainText() == panel.preview
    assert panel.problems == []
    assert panel.execute_button.isEnabled()
    # Labels are notes for people and never part of a request, so a loaded request has none.
    assert panel.action_list.item(1).text() == f"2. Put {seeded_table} PK=UNIQ#EMAIL#gui@x.io, SK=LOCK"


def test_reorder_updates_the_preview(panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request(sign_up(S, seeded_table, account("g2", "r@x.io", "r")).to_request())
    panel.action_list.setCurrentRow(0)
    panel.move_current(1)
    first = panel.transaction.actions[0]
    assert first.item["PK"] == {"S": "UNIQ#EMAIL#r@x.io"}
    assert panel.action_list.currentRow() == 1
    assert panel.preview.index("UNIQ#EMAIL#r@x.io") < panel.preview.index("ACCT#g2")


def test_unguarded_lock_put_warns_at_the_row_and_field(panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request({"TransactItems": [{"Put": {"TableName": seeded_table, "Item": {
        "PK": {"S": "UNIQ#EMAIL#w@x.io"}, "SK": {"S": "LOCK"}}}}]})
    assert [(p.index, p.field, p.severity) for p in panel.problems] == [(0, "condition", "warning")]
    assert "without this condition a second signup silently overwrites the lock" in \
        panel.action_list.item(0).toolTip()
    assert "silently overwrites" in panel.editor(0).condition_box.toolTip()
    assert panel.problem_list.item(0).text().startswith("Action 1 › Condition: This Put writes the email")
    assert panel.execute_button.isEnabled()  # a warning does not block


def test_errors_block_execution_and_are_located(panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request({"TransactItems": [{"Update": {
        "TableName": seeded_table, "Key": {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}},
        "UpdateExpression": "SET #n0 = :v0", "ExpressionAttributeNames": {"#n0": "email"}}}]})
    assert [(p.index, p.field) for p in panel.problems] == [(0, "update")]
    assert not panel.execute_button.isEnabled()
    assert "Fix the problems" in panel.execute_button.toolTip()
    assert panel.editor(0).update_box.styleSheet() != ""


def test_condition_and_update_builder_rows(panel: BuilderPanel, seeded_table: str) -> None:
    editor = panel.add_action(CONDITION_CHECK)
    editor.kind.setCurrentText(UPDATE)
    for name, text in (("PK", "ACCT#a1f9c3"), ("SK", "PROFILE")):
        editor._key_edits[name][0].setText(text)
    editor.add_update("SET", "status", "if_not_exists", "S", "active")
    editor.add_update("ADD", "logins", "value", "N", "1")
    editor.add_condition("email", "=", "S", "ada@lovelace.io")
    editor.add_condition("status", "IN", "S", "active | pending")
    panel.refresh()
    action = panel.transaction.actions[0]
    assert action.update == "SET #n0 = if_not_exists(#n0, :v0) ADD #n1 :v1"
    assert action.condition == "#n2 = :v2 AND #n0 IN (:v3, :v4)"
    assert action.names == {"#n0": "status", "#n1": "logins", "#n2": "email"}
    assert action.values[":v1"] == {"N": "1"}
    assert panel.problems == []


def test_typed_attribute_errors_are_shown_at_the_field(panel: BuilderPanel) -> None:
    editor = panel.add_action("Put")
    editor.item.add_row("PK", {"S": "ACCT#z"})
    editor.item.add_row("SK", {"S": "PROFILE"})
    editor.item.add_row("n", {"N": "1"})
    editor.item.table.item(2, 2).setText("1" * 39)
    panel.refresh()
    assert [(p.index, p.field) for p in panel.problems] == [(0, "item.n")]
    assert "38 significant digits" in editor.item.table.item(2, 2).toolTip()


def test_read_only_connection_disables_execute(panel: BuilderPanel, moto_endpoint: str,
                                               seeded_table: str) -> None:
    spec = ConnectionSpec(name="ro", endpoint_url=moto_endpoint, region="us-east-1", read_only=True)
    panel.ctx.set_connection(Connection(spec, credentials={"aws_access_key_id": "k",
                                                           "aws_secret_access_key": "s"}))
    panel.load_request(sign_up(S, seeded_table, account("g3", "ro@x.io", "ro")).to_request())
    assert not panel.execute_button.isEnabled()
    assert "read-only" in panel.execute_button.toolTip()
    assert "read-only" in panel.status.text()


def test_execute_maps_the_cancellation_to_the_email_row(qtbot, panel: BuilderPanel,
                                                        seeded_table: str) -> None:
    shown: list[str] = []

    def confirm(requirement: Any, preview: str, answer: Any) -> None:
        shown.append(preview)
        assert requirement.local and requirement.type_to_confirm is None
        answer(True)

    panel.ask_confirmation = confirm  # type: ignore[method-assign]
    # The preflight refuses a signup on a taken email; overriding it lets DynamoDB's own
    # condition cancel it, which is what this test is about.
    refused: list[Any] = []
    panel.ask_override = (  # type: ignore[method-assign]
        lambda preflight, table, answer: refused.append(preflight) or answer(True))
    panel.load_request(sign_up(S, seeded_table, account("g4", "ada@lovelace.io", "g4")).to_request())
    panel.execute()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=15000)
    assert shown == [panel.preview]
    assert len(refused) == 1 and refused[0].refused
    assert panel.result is not None and panel.result.status == "cancelled"
    row = panel.action_list.item(1)
    assert row.text().endswith("— ConditionalCheckFailed")
    assert row.toolTip().startswith("Email ada@lovelace.io is already taken.")
    # The others passed their checks but nothing was written: no success tick on them.
    tick = panel.style().standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton).cacheKey()
    for passed in (panel.action_list.item(0), panel.action_list.item(2)):
        assert passed.text().endswith("— passed, not written")
        assert passed.toolTip().startswith("This action passed its checks; it was not written")
        assert passed.icon().cacheKey() != tick
    assert panel.status.text().startswith("Cancelled: Nothing was written.")
    assert [e["outcome"]["status"] for e in panel.action_log.entries()] == ["cancelled"]


def test_execute_success_regenerates_the_token(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.ask_confirmation = lambda requirement, preview, answer: answer(True)  # type: ignore[method-assign]
    panel.load_request(sign_up(S, seeded_table, account("g5", "g5@x.io", "g5")).to_request())
    token = panel.token_edit.text()
    panel.execute()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=15000)
    assert panel.result is not None and panel.result.status == "succeeded"
    assert panel.result.token == token
    assert panel.token_edit.text() != token
    reader = panel.ctx.reader
    assert reader is not None
    assert reader.get_item(seeded_table, {"PK": {"S": "ACCT#g5"}, "SK": {"S": "PROFILE"}}) is not None


def test_changing_the_actions_brings_a_new_token_in_the_preview(qtbot, panel: BuilderPanel,
                                                                seeded_table: str) -> None:
    """Another body must never reuse a token (IdempotentParameterMismatch for 10 minutes);
    the same body keeps it, so executing again after a lost answer is a resend."""
    panel.load_request(sign_up(S, seeded_table, account("t1", "t1@x.io", "t1")).to_request())
    loaded = panel.token_edit.text()
    panel.refresh()
    assert panel.token_edit.text() == loaded and panel.transaction.token == loaded
    assert panel.token_note.text() == "new when the actions change"
    panel.editor(0).item.add_row("plan", {"S": "pro"})
    panel.refresh()
    changed = panel.token_edit.text()
    assert changed != loaded
    assert panel.transaction.token == changed and f'"ClientRequestToken": "{changed}"' in panel.preview
    panel.action_list.setCurrentRow(1)
    panel.move_current(1)  # order is part of the request too
    assert panel.token_edit.text() != changed


def test_a_typed_token_is_kept_until_regenerated(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request(sign_up(S, seeded_table, account("t2", "t2@x.io", "t2")).to_request())
    panel.token_edit.clear()
    qtbot.keyClicks(panel.token_edit, "resend-of-logged-tx")
    panel.refresh()
    assert panel.token_note.text() == "yours: kept when the actions change"
    panel.editor(0).item.add_row("plan", {"S": "pro"})
    panel.refresh()
    assert panel.transaction.token == "resend-of-logged-tx"
    panel.regenerate_token()
    panel.refresh()
    fresh = panel.token_edit.text()
    assert fresh != "resend-of-logged-tx" and panel.token_note.text() == "new when the actions change"
    panel.editor(0).item.add_row("tier", {"S": "gold"})
    panel.refresh()
    assert panel.token_edit.text() != fresh


def test_an_imported_request_naming_its_token_keeps_it(panel: BuilderPanel, seeded_table: str) -> None:
    tx = sign_up(S, seeded_table, account("t3", "t3@x.io", "t3"))
    tx.token = "from-the-action-log"
    panel.set_transaction(tx, pinned=True)
    panel.editor(0).item.add_row("plan", {"S": "pro"})
    panel.refresh()
    assert panel.transaction.token == "from-the-action-log"


def test_confirmation_warns_when_the_token_was_first_sent_ten_minutes_ago(
        qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    from datetime import UTC, datetime, timedelta

    tx = sign_up(S, seeded_table, account("t4", "t4@x.io", "t4"))
    tx.token = "logged-token"
    panel.action_log.append(connection=logged_connection(panel), token="logged-token", request={},
                            outcome={"status": "unknown"},
                            time=datetime.now(UTC) - timedelta(minutes=10))
    panel.set_transaction(tx, pinned=True)
    shown: list[str] = []

    def cancel(requirement: Any, preview: str, answer: Any) -> None:
        shown.append(requirement.message)
        answer(None)

    panel.ask_confirmation = cancel  # type: ignore[method-assign]
    panel.execute()
    qtbot.waitUntil(lambda: bool(shown), timeout=15000)
    assert "The token logged-token was first sent 10 minutes ago" in shown[0]
    assert "treats this as a new request" in shown[0]
    assert panel.status.text() == "Not executed: the confirmation was cancelled."


def test_templates_from_a_selected_lock_and_export(panel: BuilderPanel, seeded_table: str) -> None:
    lock = {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}}
    panel.set_selected_item(lock)  # from Items: nobody has looked for its holders
    panel._fill_templates_menu()
    labels = [a.text() for a in panel.templates_menu.actions()]
    assert "Release lock UNIQ#EMAIL#ken@thompson.dev…" not in labels
    assert labels[-1].startswith("Release is offered only for an orphan lock: Diagnose email")
    assert not panel.templates_menu.actions()[-1].isEnabled()
    orphan = Finding(ORPHAN_LOCK, "email", "ken@thompson.dev", (), (lock,), "", "")
    panel.set_selected_item(lock, evidence=Evidence((orphan,)))  # as the audit's row says
    panel._fill_templates_menu()
    labels = [a.text() for a in panel.templates_menu.actions()]
    assert "Release lock UNIQ#EMAIL#ken@thompson.dev…" in labels
    panel.template_release()
    form = panel.current_form
    assert form is not None and form.windowTitle() == "Release the email lock ken@thompson.dev"
    form.accept()  # no former owner named: the Delete alone
    assert panel.transaction.to_request()["TransactItems"] == [{"Delete": {
        "TableName": seeded_table, "Key": {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}},
        "ConditionExpression": "attribute_exists(#n0)", "ExpressionAttributeNames": {"#n0": "PK"}}}]
    code, _, _ = panel.export_text("boto3")
    assert "client.transact_write_items(**request)" in code and "aws_secret_access_key" not in code
    command, name, content = panel.export_text("cli")
    assert command.startswith("aws dynamodb transact-write-items --cli-input-json file://transact-request.json")
    assert name == "transact-request.json" and content is not None and "ken@thompson.dev" in content
    assert json.loads(content)["ClientRequestToken"] == panel.transaction.token  # in the file, not argv
    js, _, _ = panel.export_text("js")
    assert "TransactWriteItemsCommand" in js


def test_menu_lines_show_an_ampersand_not_a_mnemonic(panel: BuilderPanel) -> None:
    panel.set_selected_item(None)
    panel._fill_templates_menu()
    hint = panel.templates_menu.actions()[-1]
    assert "Accounts & locks" in NO_SUBJECT_HINT
    # "&&" is how a QAction shows one "&"; a single one would underline the next letter and
    # vanish ("Accounts _locks").
    assert hint.text() == NO_SUBJECT_HINT.replace("&", "&&") and not hint.isEnabled()


def test_a_new_case_clash_is_sent_only_once_confirmed(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    """Sign up ADA@Lovelace.io while ada@lovelace.io exists: no lock breaks (the rule does not
    normalise, so the lock key is new), but the two are one address to a person."""
    sent: list[str] = []
    panel.ask_confirmation = lambda requirement, preview, answer: sent.append(preview) or answer(True)  # type: ignore
    panel.run_template(SIGN_UP)
    form = panel.current_form
    assert isinstance(form, SignUpForm)
    form.fields["email"].edit.setText("ADA@Lovelace.io")
    form.fields["username"].edit.setText("ada2")
    assert form.fields["email"].message.text() == ("lock UNIQ#EMAIL#ADA@Lovelace.io; the account stores "
                                                   "ADA@Lovelace.io")
    form.accept()
    account_key = {"PK": {"S": f"ACCT#{form.account_id}"}, "SK": {"S": "PROFILE"}}
    reader = panel.ctx.reader
    assert reader is not None

    panel.execute()
    qtbot.waitUntil(lambda: isinstance(panel.dialog, OverrideDialog), timeout=15000)
    dialog = panel.dialog
    assert isinstance(dialog, OverrideDialog)
    assert dialog.windowTitle() == "The preflight warns about this transaction"
    assert "⚠ Case or normalisation clash: " in dialog.text.text()
    assert not dialog.send_button.isEnabled()  # the same typed confirmation as an override
    lines = [panel.preflight_view.lines.item(i).text() for i in range(panel.preflight_view.lines.count())]
    assert any(line.startswith("⚠ Case or normalisation clash: ") for line in lines)
    tab = panel.right_tabs.tabText(panel.right_tabs.indexOf(panel.preflight_page))
    assert tab.endswith("(warning)")
    dialog.reject()
    assert sent == [] and panel.result is None
    assert "Execute again and confirm the warning" in panel.status.text()
    # Nothing else sends it either while the warning is unconfirmed.
    panel.send_flow.confirm(True)
    assert panel.status.text().startswith("Not executed: the preflight's refusal or warning")
    qtbot.wait(200)
    assert panel.result is None and reader.get_item(seeded_table, account_key) is None
    assert panel.action_log.entries() == []

    panel.execute()
    qtbot.waitUntil(lambda: isinstance(panel.dialog, OverrideDialog) and panel.dialog is not dialog,
                    timeout=15000)
    confirm = panel.dialog
    assert isinstance(confirm, OverrideDialog)
    confirm.typed.setText(seeded_table)
    assert confirm.send_button.isEnabled()
    confirm.send_button.click()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=15000)
    assert panel.result is not None and panel.result.status == "succeeded" and len(sent) == 1
    assert reader.get_item(seeded_table, account_key) is not None
    assert reader.get_item(seeded_table, {"PK": {"S": "UNIQ#EMAIL#ADA@Lovelace.io"},
                                          "SK": {"S": "LOCK"}}) is not None


def test_preview_toggle_formats_for_reading(panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request(sign_up(S, seeded_table, account("g6", "f@x.io", "f")).to_request())
    panel.formatted_box.setChecked(True)
    assert panel.preview_view.toPlainText().startswith('{\n  "TransactItems"')
    panel.formatted_box.setChecked(False)
    assert panel.preview_view.toPlainText() == panel.preview
    assert panel.preview_view.isReadOnly()
    assert panel.action_list.item(0).flags() & Qt.ItemFlag.ItemIsEnabled


def test_preflight_refuses_a_lock_breaking_update_and_offers_the_template(
        qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    from dynoview.core.audit.run import run_audit

    sent: list[str] = []
    panel.ask_confirmation = lambda requirement, preview, answer: sent.append(preview) or answer(True)  # type: ignore
    overrides: list[str] = []
    panel.ask_override = lambda preflight, table, answer: overrides.append(table) or answer(False)  # type: ignore
    panel.load_request({"TransactItems": [{"Update": {
        "TableName": seeded_table, "Key": {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}},
        "UpdateExpression": "SET email = :e", "ExpressionAttributeValues": {":e": {"S": "ada@new.io"}}}}]})
    panel.execute()
    qtbot.waitUntil(lambda: panel.preflight is not None, timeout=15000)
    qtbot.waitUntil(lambda: not panel.ctx.tasks.is_running("builder-execute"), timeout=15000)
    assert overrides == [seeded_table] and sent == [] and panel.result is None
    lines = [panel.preflight_view.lines.item(i).text() for i in range(panel.preflight_view.lines.count())]
    assert "after: ACCT#a1f9c3 holds email ada@new.io with no lock ✗ missing lock" in lines
    assert "after: lock UNIQ#EMAIL#ada@lovelace.io held by no account ✗ orphan lock" in lines
    assert panel.status.text().startswith("Refused by the preflight")
    reader = panel.ctx.reader
    assert reader is not None
    ada = reader.get_item(seeded_table, {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}})
    assert ada is not None and ada["email"] == {"S": "ada@lovelace.io"}

    # The proposed template replaces the transaction, is checked again at once (its verdict
    # is about what is loaded and the table now), passes the preflight and is sent.
    assert not panel.preflight_view.suggest_button.isHidden()
    panel.preflight_view.suggest_button.click()
    assert [a.kind for a in panel.transaction.actions] == ["Put", "Delete", "Update"]
    assert panel.preflight is None  # an answer about other actions is cleared
    assert panel.send_flow.running() and not panel.execute_button.isEnabled()
    qtbot.waitUntil(lambda: panel.preflight is not None and not panel.send_flow.running(), timeout=15000)
    assert panel.preflight is not None and panel.preflight.summary().startswith("Preflight passed")
    assert panel.preflight_view.summary.text() == panel.preflight.summary()
    assert panel.execute_button.isEnabled()
    panel.execute()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=15000)
    assert panel.result is not None and panel.result.status == "succeeded"
    assert panel.preflight is not None and not panel.preflight.refused and len(sent) == 1
    audit = run_audit(reader, describe_table(reader.conn, seeded_table), S)
    emails = {f.value for f in audit.findings if f.rule == "email"}
    assert "ada@new.io" not in emails and "ada@lovelace.io" not in emails


def test_check_preflight_sends_nothing(qtbot, panel: BuilderPanel, seeded_table: str) -> None:
    panel.load_request({"TransactItems": [{"Delete": {
        "TableName": seeded_table, "Key": {"PK": {"S": "UNIQ#HANDLE#ada"}, "SK": {"S": "LOCK"}}}}]})
    panel.check_preflight()
    qtbot.waitUntil(lambda: panel.preflight is not None, timeout=15000)
    assert panel.preflight is not None and panel.preflight.refused
    assert "ACCT#a1f9c3" in panel.preflight.refusals[0].message
    reader = panel.ctx.reader
    assert reader is not None
    assert reader.get_item(seeded_table, {"PK": {"S": "UNIQ#HANDLE#ada"}, "SK": {"S": "LOCK"}}) is not None


def test_add_guards_puts_the_preflight_conditions_in_the_request(qtbot, panel: BuilderPanel,
                                                                 seeded_table: str) -> None:
    lock = {"PK": {"S": "UNIQ#EMAIL#grace@new.dev"}, "SK": {"S": "LOCK"}}
    old = {"PK": {"S": "UNIQ#EMAIL#grace@hopper.dev"}, "SK": {"S": "LOCK"}}
    panel.load_request({"TransactItems": [
        {"Put": {"TableName": seeded_table, "Item": lock}},
        {"Delete": {"TableName": seeded_table, "Key": old}},
        {"Update": {"TableName": seeded_table, "Key": {"PK": {"S": "ACCT#b27d10"}, "SK": {"S": "PROFILE"}},
                    "UpdateExpression": "SET email = :e",
                    "ExpressionAttributeValues": {":e": {"S": "grace@new.dev"}}}}]})
    panel.check_preflight()
    qtbot.waitUntil(lambda: panel.preflight is not None, timeout=15000)
    assert panel.preflight is not None and not panel.preflight.refused
    assert panel.preflight_view.guards_button.text() == "Add 3 guards"
    panel.preflight_view.guards_button.click()
    conditions = [a.condition for a in panel.transaction.actions]
    assert conditions == ["attribute_not_exists(#pf0)", "attribute_exists(#pf0)", "#pf0 = :pf0"]
    assert '"ConditionExpression": "#pf0 = :pf0"' in panel.preview
    assert panel.preflight_view.guards_button.isHidden()


def test_builder_dialogs_open_without_a_nested_event_loop(panel: BuilderPanel, seeded_table: str) -> None:
    # Each returns at once with its dialog shown; the event loop keeps running meanwhile.
    panel.import_dialog()
    assert panel.dialog is not None and panel.dialog.isVisible()
    panel.dialog.reject()
    panel.load_request(sign_up(S, seeded_table, account("g9", "g9@x.io", "g9")).to_request())
    panel.export("boto3")
    assert panel.dialog is not None and panel.dialog.isVisible()
    panel.dialog.reject()
    panel.show_action_log()
    assert panel.dialog is not None and panel.dialog.isVisible()
    panel.dialog.reject()
