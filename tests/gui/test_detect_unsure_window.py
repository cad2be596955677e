"""The window's Detect from sample with a proposal the detection is not sure of: the schema
dialog opens saying so first (a guess, to edit before saving), and nothing is applied until the
user saves."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import SchemaProposal, default_schema
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel

pytestmark = pytest.mark.gui


@pytest.fixture
def panel(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, demo_conn: Connection,
          seeded_table: str) -> Any:
    ctx = AppContext()
    ctx.set_connection(demo_conn)
    widget = LocksPanel(ctx)
    qtbot.addWidget(widget)
    with qtbot.waitSignal(widget.audit_finished, timeout=20000):
        ctx.set_table(describe_table(demo_conn, seeded_table))
    yield widget
    ctx.tasks.shutdown()


def test_an_unsure_proposal_is_said_to_be_a_guess_and_not_applied(qtbot: Any, panel: LocksPanel) -> None:
    before = panel.ctx.schema
    guess = default_schema(None)
    note = "No items with a UNIQ#<NAME># partition key were found in the sample."
    panel.controller.detected.emit(SchemaProposal(guess, (note,), False))
    dialog = panel.schema_dialog
    assert dialog is not None and dialog.notes.isVisibleTo(dialog)
    first, _, rest = dialog.notes.text().partition("\n")
    assert first.startswith("Not sure: this is a guess, not the table's layout.")
    assert rest == note
    dialog.reject()
    assert panel.ctx.schema is before
