"""Add guards in the builder's preflight pane checks the guarded transaction again.

The guards change the request, so the verdict shown was about another transaction (and about
the table as it was then). Before, Add guards loaded the guarded transaction and the pane went
back to "Not checked yet": no verdict about what would be sent. Now the preflight runs again
on the guarded transaction at once (the path of Check preflight), its verdict is shown, and
Execute is off until that check has ended.
"""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.send_flow import State

pytestmark = pytest.mark.gui

GRACE = {"PK": {"S": "ACCT#b27d10"}, "SK": {"S": "PROFILE"}}  # the demo's grace@hopper.dev


def change_without_guards(table: str) -> dict[str, Any]:
    """Grace's email change as three bare actions: none of the conditions that keep locks safe."""
    return {"TransactItems": [
        {"Put": {"TableName": table, "Item": {"PK": {"S": "UNIQ#EMAIL#grace@new.dev"}, "SK": {"S": "LOCK"}}}},
        {"Delete": {"TableName": table, "Key": {"PK": {"S": "UNIQ#EMAIL#grace@hopper.dev"},
                                                "SK": {"S": "LOCK"}}}},
        {"Update": {"TableName": table, "Key": GRACE, "UpdateExpression": "SET email = :e",
                    "ExpressionAttributeValues": {":e": {"S": "grace@new.dev"}}}}]}


def checked_with_guards_offered(qtbot: Any, panel: BuilderPanel, table: str) -> None:
    panel.load_request(change_without_guards(table))
    panel.check_preflight()
    qtbot.waitUntil(lambda: panel.preflight is not None and not panel.send_flow.running(), timeout=15000)
    preflight = panel.preflight
    assert preflight is not None
    assert not preflight.needs_confirmation, preflight.summary()
    assert not panel.preflight_view.guards_button.isHidden()
    assert panel.preflight_view.guards_button.text() == "Add 3 guards"


def add_guards(qtbot: Any, panel: BuilderPanel) -> None:
    """Click Add guards: the check of the guarded transaction starts at once, Execute off."""
    panel.preflight_view.guards_button.click()
    assert all(a.condition for a in panel.transaction.actions)  # the guards are in the request
    assert panel.send_flow.state is State.CHECKING
    assert panel.preflight is None  # the old verdict is not shown as this transaction's
    assert panel.preflight_view.summary.text().startswith("Preflight: reading")
    assert not panel.execute_button.isEnabled()  # no send before this check has ended
    assert panel.status.text().startswith("Added 3 guard(s)")
    qtbot.waitUntil(lambda: panel.preflight is not None and not panel.send_flow.running(), timeout=15000)


def test_add_guards_runs_the_preflight_on_the_guarded_transaction(
        qtbot: Any, builder_panel: BuilderPanel, seeded_table: str) -> None:
    panel = builder_panel
    checked_with_guards_offered(qtbot, panel, seeded_table)
    unguarded = panel.preflight
    add_guards(qtbot, panel)
    preflight = panel.preflight
    assert preflight is not None and preflight is not unguarded
    judged = panel.send_flow.step.tx
    assert judged is not None and judged.to_request() == panel.transaction.to_request()
    assert [a.condition for a in judged.actions] == [
        "attribute_not_exists(#pf0)", "attribute_exists(#pf0)", "#pf0 = :pf0"]
    assert preflight.summary().startswith("Preflight passed")
    assert panel.preflight_view.summary.text() == preflight.summary()  # the new verdict, shown
    assert panel.status.text() == preflight.summary()
    assert panel.preflight_view.guards_button.isHidden()  # nothing left to add
    assert panel.send_flow.state is State.EDITING
    assert panel.execute_button.isEnabled()  # the check passed: Execute is on again


def test_a_change_to_the_table_since_the_check_shows_in_the_new_verdict(
        qtbot: Any, builder_panel: BuilderPanel, seeded_table: str, demo_conn: Connection) -> None:
    """Grace's email changes between the check and Add guards: the guard on the email she had
    would fail, and the check of the guarded transaction says so (the old verdict said pass)."""
    panel = builder_panel
    checked_with_guards_offered(qtbot, panel, seeded_table)
    demo_conn.client.update_item(TableName=seeded_table, Key=GRACE, UpdateExpression="SET email = :e",
                                 ExpressionAttributeValues={":e": {"S": "grace@elsewhere.dev"}})
    add_guards(qtbot, panel)
    preflight = panel.preflight
    assert preflight is not None
    assert preflight.refused, preflight.summary()
    assert preflight.summary().startswith("Refused by the preflight: DynamoDB would cancel this transaction")
    assert any("grace@elsewhere.dev" in r.message for r in preflight.refusals)
    assert panel.preflight_view.summary.text() == preflight.summary()
    messages = [panel.preflight_view.lines.item(i).text() for i in range(panel.preflight_view.lines.count())]
    assert any("ACCT#b27d10" in m and "would cancel" in m for m in messages), messages
