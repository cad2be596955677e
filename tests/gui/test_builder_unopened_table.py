"""The builder's preflight on a table the window has not opened (a request built, pasted or
restored from a draft naming it): the table is described first, as the CLI's transact does.
Before, the preflight judged it with no description: deleting a lock an account holds there was
only a warning ("holder not looked up": no index on email, "too large to scan" though it holds 63
items), a second account taking a held email too, and the builder said the table was "not on
this connection" although it was; both were refused only once the table had been opened."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from tests.helpers import account_key, lock_key, s, seeded_accounts_copy

pytestmark = pytest.mark.gui
NOT_HERE = "not on this connection"


@pytest.fixture
def other_table(demo_conn: Connection) -> Iterator[str]:
    """Table B: the seeded layout too (ada@lovelace.io held by ACCT#a1f9c3), never opened."""
    with seeded_accounts_copy(demo_conn) as name:
        yield name


def _scan(conn: Connection, table: str) -> list[str]:
    items: list[str] = []
    for page in conn.client.get_paginator("scan").paginate(TableName=table, ConsistentRead=True):
        items.extend(repr(sorted(item.items())) for item in page["Items"])
    return sorted(items)


def _execute(qtbot: Any, builder: Any, request: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """Load ``request`` and Execute, never overriding nor confirming: (overrides asked,
    confirmations asked)."""
    overrides: list[Any] = []
    confirmations: list[Any] = []
    builder.ask_override = lambda preflight, table, answer: (overrides.append(preflight), answer(False))
    builder.ask_confirmation = lambda requirement, preview, answer: (
        confirmations.append(preview), answer(None))
    assert builder.load_request(request, dynamodb_json=True)
    assert not [p.message for p in builder.problems if NOT_HERE in p.message]  # not described yet: no claim
    builder.execute()
    qtbot.waitUntil(lambda: builder.send_flow.state.name != "CHECKING" and not builder.send_flow.running(),
                    timeout=30000)
    return overrides, confirmations


def test_deleting_a_held_lock_in_an_unopened_table_is_refused(
        qtbot: Any, builder_panel: Any, demo_conn: Connection, other_table: str) -> None:
    before = _scan(demo_conn, other_table)
    lock = lock_key("EMAIL", "ada@lovelace.io")
    overrides, confirmations = _execute(qtbot, builder_panel, {"TransactItems": [
        {"Delete": {"TableName": other_table, "Key": lock}}]})
    assert len(overrides) == 1 and confirmations == [], builder_panel.status.text()
    preflight = overrides[0]
    assert preflight.refused and not preflight.warnings, [w.message for w in preflight.warnings]
    [refusal] = preflight.refusals
    assert "ACCT#a1f9c3 holds email ada@lovelace.io, so its lock UNIQ#EMAIL#ada@lovelace.io must stay" \
        in refusal.message
    assert not [n for n in preflight.notes if "too large" in n]  # 63 items: read whole
    assert builder_panel.status.text().startswith("Refused by the preflight")
    assert other_table in builder_panel.ctx.tables  # described once, known from now on
    assert not [p.message for p in builder_panel.problems if NOT_HERE in p.message]
    assert _scan(demo_conn, other_table) == before


def test_a_second_account_with_a_held_email_in_an_unopened_table_is_refused(
        qtbot: Any, builder_panel: Any, demo_conn: Connection, other_table: str) -> None:
    before = _scan(demo_conn, other_table)
    put = lambda item: {"Put": {"TableName": other_table, "Item": item,  # noqa: E731
                                "ConditionExpression": "attribute_not_exists(PK)"}}
    overrides, confirmations = _execute(qtbot, builder_panel, {"TransactItems": [
        put({**account_key("dup8"), "email": s("ada@lovelace.io"), "username": s("dup8")}),
        put(lock_key("HANDLE", "dup8"))]})
    assert len(overrides) == 1 and confirmations == [], builder_panel.status.text()
    preflight = overrides[0]
    assert preflight.refused and not preflight.warnings, [w.message for w in preflight.warnings]
    assert [r.message for r in preflight.refusals] == [
        "Action 1: ada@lovelace.io is held by ACCT#a1f9c3: pick another email for ACCT#dup8."]
    assert not [p.message for p in builder_panel.problems if NOT_HERE in p.message]
    assert _scan(demo_conn, other_table) == before


def test_a_table_that_does_not_exist_is_said_at_its_field_once_described(
        qtbot: Any, builder_panel: Any, demo_conn: Connection, seeded_table: str) -> None:
    before = _scan(demo_conn, seeded_table)
    overrides, confirmations = _execute(qtbot, builder_panel, {"TransactItems": [
        {"Delete": {"TableName": "no-such-table-42", "Key": lock_key("EMAIL", "ada@lovelace.io")}}]})
    assert overrides == [] and confirmations == []  # no preflight ran, nothing was asked
    assert builder_panel.preflight is None
    status = builder_panel.status.text()
    assert "Table no-such-table-42 does not exist on this connection" in status, status
    assert status.endswith("The preflight did not run; nothing was sent.")
    [problem] = [p for p in builder_panel.problems if NOT_HERE in p.message]
    assert (problem.index, problem.field, problem.is_error) == (0, "table", False)
    assert problem.message.startswith("Table no-such-table-42 is not on this connection; check the name.")
    assert "no-such-table-42" not in builder_panel.ctx.tables
    assert _scan(demo_conn, seeded_table) == before
    assert "no-such-table-42" not in demo_conn.list_tables()
