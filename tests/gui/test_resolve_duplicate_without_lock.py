"""Resolve duplicate when no lock holds the value: the kept account claims the lock (a check that
it exists would cancel every time). Before, the builder's Templates menu made the form as if the
lock existed, and a form kept as a draft forgot which it was."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder.drafts_forms import form_from_state, form_state
from dynoview.ui.builder.lock_forms import ResolveDuplicateForm
from dynoview.ui.main_window import MainWindow
from tests.gui.test_template_flows import audit_findings, builder_of, execute, select_item, window  # noqa: F401

pytestmark = pytest.mark.gui
SHARED = "shared@example.com"  # the demo's duplicate: ACCT#2a3b4c and ACCT#3b4c5d
LOCK = {"PK": {"S": f"UNIQ#EMAIL#{SHARED}"}, "SK": {"S": "LOCK"}}


def test_the_templates_menu_claims_the_lock_no_one_holds(qtbot: Any, window: MainWindow,  # noqa: F811
                                                         demo_conn: Connection, seeded_table: str) -> None:
    demo_conn.client.delete_item(TableName=seeded_table, Key=LOCK)
    select_item(window, "ACCT#2a3b4c")
    builder = builder_of(window)
    runner = builder.template_runner
    runner.selected_item = window.items_panel.model.item(
        next(r for r in range(window.items_panel.model.rowCount())
             if window.items_panel.model.item(r)["PK"]["S"] == "ACCT#2a3b4c"))
    runner.resolve("email")
    qtbot.waitUntil(lambda: isinstance(builder.current_form, ResolveDuplicateForm), timeout=15000)
    form = builder.current_form
    assert form.kept_lock is False  # no lock: the kept account claims it
    form.choose_keeper("ACCT#3b4c5d")
    form.field.edit.setText("dup1@example.com")
    form.accept()
    kinds = [(a.kind, (a.key or a.item or {}).get("PK", {}).get("S")) for a in builder.transaction.actions]
    lock_pk = f"UNIQ#EMAIL#{SHARED}"
    assert ("Put", lock_pk) in kinds and ("ConditionCheck", lock_pk) not in kinds
    execute(qtbot, builder)  # the preflight accepts it and DynamoDB writes it
    assert audit_findings(window, values={SHARED, "dup1@example.com"},
                          accounts={"ACCT#2a3b4c", "ACCT#3b4c5d"}) == []


@pytest.mark.parametrize("kept_lock", [False, True])
def test_a_resolve_form_kept_as_a_draft_builds_the_same_transaction(qtbot: Any, kept_lock: bool) -> None:
    schema = article_schema()
    accounts = [{"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}, "email": {"S": "s@x.io"},
                 "username": {"S": i}} for i in ("a", "b")]
    form = ResolveDuplicateForm(schema, "t", "email", accounts, kept_lock=kept_lock)
    qtbot.addWidget(form)
    form.choose_keeper("ACCT#a")
    form.field.edit.setText("new@x.io")
    state = json.loads(json.dumps(form_state(form)))  # as the drafts file holds it
    again = form_from_state(state, schema, None)
    qtbot.addWidget(again)
    assert isinstance(again, ResolveDuplicateForm) and again.kept_lock is kept_lock
    assert again.build().to_request()["TransactItems"] == form.build().to_request()["TransactItems"]
