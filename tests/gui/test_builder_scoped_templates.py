"""The builder's Sign up template on a OneTable scoped schema (``scope: '${tenantId}'``): the form
asks for the tenant once, with its error at its own field, keys the email's marker in that
tenant, and the transaction executes; the same email signs up in another tenant, and a second
time in one tenant is refused by the preflight before anything is sent. The lock forms say at
their field when an account's scope cannot be filled."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.drafts_forms import form_from_state, form_state
from dynoview.ui.builder.preflight_view import OverrideDialog
from dynoview.ui.builder.template_forms import SIGN_UP, ChangeValueForm, ClaimLockForm, SignUpForm
from dynoview.ui.context import AppContext

pytestmark = pytest.mark.gui
SCHEMA = UniquenessSchema(pk_name="pk", sk_name="sk", account_pk_prefix="user#", account_sk_value="user#",
                          rules=(LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#",
                                          scope="${tenantId}"),))


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def tenants_table(demo_conn: Connection) -> Iterator[str]:
    name = f"gui-ots-{uuid.uuid4().hex[:8]}"
    demo_conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                              {"AttributeName": "sk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
    yield name
    demo_conn.client.delete_table(TableName=name)


@pytest.fixture
def panel(qtbot: Any, qasync_loop: Any, demo_conn: Connection, tenants_table: str,
          tmp_path: Path) -> Iterator[BuilderPanel]:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    ctx.set_table(describe_table(demo_conn, tenants_table))
    ctx.set_schema(SCHEMA, save=False)
    widget = BuilderPanel(ctx)
    widget.action_log = ActionLog(tmp_path / "actions.jsonl")
    qtbot.addWidget(widget)
    yield widget
    ctx.tasks.shutdown()  # no send of this test's left running into the next


def fill_sign_up(panel: BuilderPanel, tenant: str, email: str) -> SignUpForm:
    panel.run_template(SIGN_UP)
    form = panel.current_form
    assert isinstance(form, SignUpForm)
    tenant_edit, _message = form.scope_fields["tenantId"]
    tenant_edit.setText(tenant)
    form.fields["email"].edit.setText(email)
    return form


def test_sign_up_asks_for_the_tenant_and_keys_the_marker_in_it(qtbot: Any, panel: BuilderPanel,
                                                                tenants_table: str) -> None:
    panel.run_template(SIGN_UP)
    form = panel.current_form
    assert isinstance(form, SignUpForm)
    assert list(form.scope_fields) == ["tenantId"] and list(form.fields) == ["email"]
    tenant_edit, tenant_message = form.scope_fields["tenantId"]
    form.fields["email"].edit.setText("ada@x.io")
    assert not form.ok_button.isEnabled()  # the tenant is missing: said at its field, as a hint
    assert tenant_message.text() == ("Type the tenantId: the unique values are unique per tenantId, "
                                     "so their locks need it.")
    assert tenant_message.property("role") == "hint"
    tenant_edit.setText(" acme")
    assert tenant_message.text().startswith("Remove the spaces at the start or end")
    assert tenant_message.property("role") == "error"
    assert not form.ok_button.isEnabled()
    tenant_edit.setText("acme")
    assert tenant_message.text() == ""
    assert form.fields["email"].message.text() == (
        "lock _unique#acme#User#email#ada@x.io; the account stores ada@x.io")
    assert form.ok_button.isEnabled()
    form.accept()
    tx = form.transaction
    assert tx is not None
    account, marker = tx.actions
    assert account.item == {"pk": s(f"user#{form.account_id}"), "sk": s("user#"), "tenantId": s("acme"),
                            "email": s("ada@x.io")}
    assert marker.item == {"pk": s("_unique#acme#User#email#ada@x.io"), "sk": s("_unique#"),
                           "_type": s("_Unique")}

    panel.ask_confirmation = lambda requirement, preview, answer: answer(True)  # type: ignore
    panel.execute()
    # The result comes before the send's task ends; Execute stays refused until it has.
    qtbot.waitUntil(lambda: panel.result is not None and not panel.send_flow.running(), timeout=15000)
    assert panel.result is not None and panel.result.status == "succeeded"

    # The same email in another tenant is another value: it passes and is written.
    panel.result = None
    form = fill_sign_up(panel, "globex", "ada@x.io")
    form.accept()
    panel.execute()
    # The result comes before the send's task ends; Execute stays refused until it has.
    qtbot.waitUntil(lambda: panel.result is not None and not panel.send_flow.running(), timeout=15000)
    assert panel.result is not None and panel.result.status == "succeeded"

    # Twice in acme: the preflight refuses it before sending.
    panel.result = None
    panel.ask_confirmation = lambda requirement, preview, answer: answer(False)  # type: ignore
    form = fill_sign_up(panel, "acme", "ada@x.io")
    form.accept()
    third = form.account_id
    panel.execute()
    qtbot.waitUntil(lambda: isinstance(panel.dialog, OverrideDialog), timeout=15000)
    dialog = panel.dialog
    assert isinstance(dialog, OverrideDialog)
    assert "'ada@x.io' in scope acme is held by user#" in dialog.text.text()
    dialog.reject()
    reader = panel.ctx.reader
    assert reader is not None and panel.result is None
    assert reader.get_item(tenants_table, {"pk": s(f"user#{third}"), "sk": s("user#")}) is None


def test_a_sign_up_draft_keeps_the_tenant(qtbot: Any) -> None:
    form = SignUpForm(SCHEMA, "app")
    qtbot.addWidget(form)
    form.scope_fields["tenantId"][0].setText("acme")
    form.fields["email"].edit.setText("ada@x.io")
    again = form_from_state(form_state(form), SCHEMA, None)
    qtbot.addWidget(again)
    assert isinstance(again, SignUpForm) and again.account_id == form.account_id
    assert again.account_item() == form.account_item()
    assert again.ok_button.isEnabled()


def test_lock_forms_say_at_their_field_when_the_scope_cannot_be_filled(qtbot: Any) -> None:
    lost = {"pk": s("user#8"), "sk": s("user#"), "email": s("old@x.io")}  # no tenantId
    change = ChangeValueForm(SCHEMA, "app", lost, "email")
    qtbot.addWidget(change)
    change.field.edit.setText("new@x.io")
    assert change.field.message.text() == (
        "The email is unique per ${tenantId}, and the account has no tenantId: its lock would be in "
        "the scope 'undefined'. Set tenantId on the account first.")
    assert not change.ok_button.isEnabled()
    claim = ClaimLockForm(SCHEMA, "app", lost, "email")
    qtbot.addWidget(claim)
    assert claim.lock_label.text().startswith("The email is unique per ${tenantId}")
    assert claim.lock_label.property("role") == "error" and not claim.ok_button.isEnabled()
    held = {**lost, "tenantId": s("acme")}
    claim = ClaimLockForm(SCHEMA, "app", held, "email")
    qtbot.addWidget(claim)
    assert claim.lock_label.text() == "_unique#acme#User#email#old@x.io" and claim.ok_button.isEnabled()
    change = ChangeValueForm(SCHEMA, "app", held, "email")
    qtbot.addWidget(change)
    assert change.current_label.text() == "old@x.io   (lock _unique#acme#User#email#old@x.io)"
