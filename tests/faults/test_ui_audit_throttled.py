"""The Accounts & locks panel says when DynamoDB throttled its audit: the core's note (how often,
the reason and the resource) shows on a line under the counts, and not after a clean audit."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.locks.panel import LocksPanel
from tests.fault_proxy import FaultProxy
from tests.faults.test_throttling_reasons import REASON, throttle_every_other_scan

pytestmark = [pytest.mark.gui, pytest.mark.integration, pytest.mark.faults,
              pytest.mark.only_on("moto", reason="the panel shows the core's note: one engine is enough")]


@pytest.fixture
def ctx(qasync_loop: asyncio.AbstractEventLoop, pconn: Connection) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(pconn)
    yield context
    context.tasks.shutdown()


def test_a_throttled_audit_says_so_under_the_counts(qtbot: Any, ctx: AppContext, proxy: FaultProxy,
                                                    shared_table: str) -> None:
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    assert ctx.connection is not None
    with qtbot.waitSignal(panel.audit_finished, timeout=30000) as clean:
        ctx.set_table(describe_table(ctx.connection, shared_table))  # a small table audits at once
    assert clean.args[0].throttle_note is None
    assert "\n" not in panel.counts_label.text() and "throttled" not in panel.counts_label.text()
    rule = throttle_every_other_scan(proxy)
    with qtbot.waitSignal(panel.audit_finished, timeout=30000) as throttled:
        panel.run_audit()
    note = throttled.args[0].throttle_note
    assert rule.applied > 0 and note and REASON in note
    counts, _, under = panel.counts_label.text().partition("\n")
    assert counts.startswith("OK: ") and " items, " in counts and " segment" in counts
    assert under == note
