"""A release form's former owner is read on OK wherever the form is opened from; a read that
fails is said at the owner's field and OK reads again (the form never waits for ever)."""

from __future__ import annotations

from typing import Any

from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder.lock_forms import ReleaseLockForm
from dynoview.ui.builder.owner_read import connect_owner_read
from dynoview.ui.context import AppContext

S = article_schema()
LOCK = {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}}  # the demo's stuck signup


def _form(qtbot: Any, ctx: AppContext, table: str) -> ReleaseLockForm:
    form = ReleaseLockForm(S, table, LOCK)
    qtbot.addWidget(form)
    connect_owner_read(form, ctx)
    form.owner.setText("4c5d6e")  # an account with another email
    form.show()
    return form


def test_a_failed_owner_read_is_said_at_its_field_and_ok_reads_again(qtbot: Any, ctx: AppContext) -> None:
    assert ctx.table is not None
    form = _form(qtbot, ctx, "no-such-table-owner-read")  # the GetItem fails for real
    form.accept()
    qtbot.waitUntil(lambda: "does not exist" in form.owner_message.text(), timeout=10000)
    assert form.owner_seen is None and form.isVisible()  # not accepted, not waiting
    form.table = ctx.table.name  # the table fixed: OK again reads the owner and accepts
    with qtbot.waitSignal(form.finished, timeout=10000):
        form.accept()
    assert form.owner_seen is not None and form.owner_seen.item is not None
    assert form.transaction is not None and len(form.transaction.actions) == 2


def test_without_a_connection_the_form_says_so(qtbot: Any, ctx: AppContext) -> None:
    assert ctx.table is not None
    form = _form(qtbot, ctx, ctx.table.name)
    ctx.set_connection(None)
    form.accept()
    assert "Connect to the table first" in form.owner_message.text() and form.isVisible()
