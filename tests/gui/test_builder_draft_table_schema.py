"""A template form kept in a draft is made again with its own table's uniqueness rules, not the
main tab's. Before, opening a draft whose Delete account form was for table A while table B was
in the main tab rebuilt the form with B's rules: B protects only the email, so the delete left
the account's username lock behind for good (no one could sign up with that name again)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dynoview.core.drafts.model import Draft
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder.drafts_forms import form_state
from dynoview.ui.builder.template_forms import DeleteAccountForm
from tests.gui.conftest import open_window, users_schema
from tests.helpers import account_key, lock_key

pytestmark = pytest.mark.gui
ADA = account_key("a1f9c3")  # ada@lovelace.io, handle ada (the demo's seed)
ADA_LOCKS = (lock_key("EMAIL", "ada@lovelace.io"), lock_key("HANDLE", "ada"))




def present(conn: Connection, table: str, key: dict[str, Any]) -> bool:
    return "Item" in conn.client.get_item(TableName=table, Key=key, ConsistentRead=True)


def test_a_drafted_delete_account_form_of_a_is_opened_with_a_s_rules_while_b_is_open(
        qtbot: Any, qasync_loop: Any, config: Path, demo_conn: Connection, seeded_table: str,
        users_table: str) -> None:
    window = open_window(qtbot, demo_conn, seeded_table)  # A was open: its description is known
    with qtbot.waitSignal(window.table_shown, timeout=15000):
        window.tables_panel.select(users_table)
    window.ctx.set_schema(users_schema())  # saved for B, now the main tab's table
    ada = demo_conn.client.get_item(TableName=seeded_table, Key=ADA, ConsistentRead=True)["Item"]
    made = DeleteAccountForm(article_schema(), seeded_table, ada)  # as the user opened it on A
    draft = Draft(forms=(form_state(made),), connection=demo_conn.spec.name, table=seeded_table,
                  name="delete ada")
    made.deleteLater()
    builder: Any = window.feature("BuilderPanel")
    builder.drafts.open_draft(draft)
    form = builder.template_runner.current_form
    assert isinstance(form, DeleteAccountForm)
    assert form.schema.account_pk_prefix == "ACCT#" and len(form.schema.rules) == 2  # A's rules
    assert form.locks == ["UNIQ#EMAIL#ada@lovelace.io", "UNIQ#HANDLE#ada"]
    form.accept()
    assert sorted((a.kind, str(a.target_key(("PK", "SK")))) for a in builder.transaction.actions) == sorted(
        ("Delete", str(key)) for key in (ADA, *ADA_LOCKS))
    refused: list[Any] = []
    builder.ask_confirmation = lambda requirement, preview, answer: answer(True)
    builder.ask_override = lambda preflight, table, answer: (refused.append(preflight), answer(False))
    builder.result = None
    builder.execute()
    qtbot.waitUntil(lambda: builder.result is not None or bool(refused), timeout=30000)
    assert not refused, [w.message for w in refused[0].warnings]
    assert builder.result.status == "succeeded", builder.result.message
    for key in (ADA, *ADA_LOCKS):
        assert not present(demo_conn, seeded_table, key), key  # no lock is left behind
