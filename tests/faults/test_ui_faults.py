"""The window under network faults: the items view (BrowseController + ItemsModel) and the
accounts & locks panel (audit), driven through a fault proxy.

A 10 ms QTimer heartbeat runs throughout: the event loop must never stall for as long as
a fault delays a response (support.STALL_LIMIT_MS), whatever the network does. Rows are only
ever added a whole page at a time, never twice; every failure reaches the user as a sentence.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.errors import UserFacingError
from dynoview.core.reads.browse import BrowseSpec, FilterSpec
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.ui.context import AppContext
from dynoview.ui.items.controller import BrowseController
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.locks.panel import LocksPanel
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import STALL_LIMIT_MS, Heartbeat

pytestmark = [pytest.mark.gui, pytest.mark.integration, pytest.mark.faults,
              # What the window does with a fault does not depend on the engine behind the
              # proxy; the core paths it drives run on both engines in the non-GUI fault tests.
              pytest.mark.only_on("moto", reason="GUI over the same core paths: one engine is enough")]

PAGE = 5


@pytest.fixture
def table(shared_table: str) -> str:
    return shared_table


@pytest.fixture
def ctx(qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, pconn: Connection,
        heartbeat: Heartbeat) -> Iterator[AppContext]:
    context = AppContext()
    context.set_connection(pconn)
    heartbeat.watch(pconn)
    yield context
    context.tasks.shutdown()
    assert heartbeat.requests_on_ui_thread == 0, "a request was sent from the UI thread"


class Browser:
    """The items view's controller and model, with what the user was told."""

    def __init__(self, qtbot: Any, ctx: AppContext, table: str) -> None:
        self.qtbot = qtbot
        self.ctx = ctx
        assert ctx.connection is not None
        ctx.set_table(describe_table(ctx.connection, table))
        self.model = ItemsModel()
        self.controller = BrowseController(ctx, self.model)
        self.failures: list[str] = []
        self.controller.failed.connect(lambda _field, message: self.failures.append(message))
        self.table = table

    def rows(self) -> list[tuple[str, str]]:
        return [(self.model.item(r)["PK"]["S"], self.model.item(r)["SK"]["S"])
                for r in range(self.model.rowCount())]

    def start(self, spec: BrowseSpec | None = None, timeout: int = 15000) -> None:
        assert self.controller.start(spec or BrowseSpec(table=self.table, page_size=PAGE))
        self.qtbot.waitUntil(lambda: not self.controller.busy or bool(self.failures), timeout=timeout)

    def scroll_to_end(self, timeout: int = 30000) -> None:
        """Ask for pages as a scrolling view would, until the end or a failure."""
        def step() -> bool:
            if self.failures or self.model.exhausted:
                return True
            if self.model.canFetchMore():
                self.model.fetchMore()
            return False
        self.qtbot.waitUntil(step, timeout=timeout)


def expected_rows(direct: Connection, table: str) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    kwargs: dict[str, Any] = {"TableName": table}
    while True:
        page = direct.client.scan(**kwargs)
        rows += [(i["PK"]["S"], i["SK"]["S"]) for i in page["Items"]]
        if "LastEvaluatedKey" not in page:
            return rows
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


@pytest.mark.parametrize("kind", [fp.DROP_BEFORE, fp.DROP_AFTER, fp.CUT, fp.HTTP_500, fp.THROTTLE,
                                  fp.DELAY])
def test_browse_through_one_fault_per_page(qtbot: Any, ctx: AppContext, proxy: FaultProxy,
                                           direct: Connection, table: str, heartbeat: Heartbeat,
                                           kind: str) -> None:
    expected = expected_rows(direct, table)
    # Every second Scan request fails once (botocore retries it); delays last 300 ms.
    proxy.add(kind, operation="Scan", times=None, seconds=0.3,
              predicate=lambda info: info.number % 2 == 0)
    browser = Browser(qtbot, ctx, table)
    heartbeat.start()
    browser.start()
    browser.scroll_to_end()
    heartbeat.stop()
    assert browser.failures == []
    assert browser.rows() == expected  # every row once, in table order
    assert heartbeat.max_gap_ms < STALL_LIMIT_MS, f"event loop stalled {heartbeat.max_gap_ms:.0f} ms"
    assert any(e.fault == kind for e in proxy.events)


@pytest.mark.parametrize("kind, sentence", [
    (fp.DROP_BEFORE, "Could not reach the DynamoDB endpoint"),
    (fp.DROP_AFTER, "Could not reach the DynamoDB endpoint"),
    (fp.CUT, "arrived damaged"),
    (fp.HTTP_500, "internal error"),
])
def test_persistent_fault_shows_whole_pages_only_and_a_sentence(
        qtbot: Any, ctx: AppContext, proxy: FaultProxy, direct: Connection, table: str,
        heartbeat: Heartbeat, kind: str, sentence: str) -> None:
    expected = expected_rows(direct, table)
    errors: list[UserFacingError] = []
    ctx.error_raised.connect(errors.append)
    # A filtered Scan: each page takes several requests; the third request fails for good,
    # part-way through the second page.
    proxy.add(kind, operation="Scan", after=2, times=None)
    spec = BrowseSpec(table=table, page_size=4, filter=FilterSpec("SK", "=", "LOCK"))
    browser = Browser(qtbot, ctx, table)
    heartbeat.start()
    browser.start(spec)
    browser.scroll_to_end()
    heartbeat.stop()
    assert heartbeat.max_gap_ms < STALL_LIMIT_MS, f"event loop stalled {heartbeat.max_gap_ms:.0f} ms"
    locks = [r for r in expected if r[1] == "LOCK"]
    shown = browser.rows()
    assert len(browser.failures) == 1 and sentence in browser.failures[0]
    assert shown == locks[: len(shown)]  # a prefix of whole pages: nothing partial, nothing twice
    assert len(shown) % 4 == 0
    assert not browser.model.canFetchMore()
    if kind != fp.CUT:  # DynoViewErrors go to the items view only; the others are broadcast too
        assert errors and errors[-1].message == browser.failures[0]

    proxy.clear()  # the network recovers; the user runs the read again
    browser.failures.clear()
    browser.start(spec)
    browser.scroll_to_end()
    assert browser.failures == [] and browser.rows() == locks


def test_endpoint_away_and_back_without_restart(qtbot: Any, ctx: AppContext, proxy: FaultProxy,
                                                direct: Connection, table: str,
                                                heartbeat: Heartbeat) -> None:
    browser = Browser(qtbot, ctx, table)
    proxy.go_down()
    heartbeat.start()
    browser.start()
    heartbeat.stop()
    assert heartbeat.max_gap_ms < STALL_LIMIT_MS
    assert "Could not reach the DynamoDB endpoint" in browser.failures[0]
    assert ctx.connection is not None and ctx.connection.spec.endpoint_url in browser.failures[0]
    assert browser.rows() == []
    proxy.come_back()
    browser.failures.clear()
    browser.start()
    browser.scroll_to_end()
    assert browser.failures == [] and browser.rows() == expected_rows(direct, table)


def test_expired_credentials_name_the_login_and_the_read_runs_again(
        qtbot: Any, qasync_loop: asyncio.AbstractEventLoop, proxy: FaultProxy, table: str,
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, heartbeat: Heartbeat) -> None:
    config = tmp_path / "aws-config"
    config.write_text("[profile support]\nregion = us-east-1\naws_access_key_id = ASIAUI\n"
                      "aws_secret_access_key = ui-secret\naws_session_token = ui-session\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    context = AppContext()
    context.set_connection(Connection(ConnectionSpec(name="support", profile="support",
                                                     endpoint_url=proxy.url, region="us-east-1")))
    try:
        browser = Browser(qtbot, context, table)
        proxy.add(fp.EXPIRED_TOKEN, operation="Scan", times=None)
        heartbeat.start()
        browser.start()
        heartbeat.stop()
        assert heartbeat.max_gap_ms < STALL_LIMIT_MS
        assert "`aws sso login --profile support`" in browser.failures[0]
        proxy.clear()  # logged in
        browser.failures.clear()
        browser.start()
        assert browser.failures == [] and browser.model.rowCount() == PAGE
    finally:
        context.tasks.shutdown()


def test_audit_through_faults_matches_a_clean_audit(qtbot: Any, ctx: AppContext, proxy: FaultProxy,
                                                    table: str, heartbeat: Heartbeat) -> None:
    errors: list[UserFacingError] = []
    clean = LocksPanel(ctx)
    qtbot.addWidget(clean)
    with qtbot.waitSignal(clean.audit_finished, timeout=20000) as first:
        assert ctx.connection is not None
        ctx.set_table(describe_table(ctx.connection, table))
    baseline = first.args[0].counts
    for kind in (fp.DROP_BEFORE, fp.CUT, fp.HTTP_500):
        proxy.add(kind, operation="Scan", predicate=lambda info: info.number % 3 == 0, times=None)
    heartbeat.start()
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.audit_finished, timeout=30000) as blocker:
        panel.run_audit()
    heartbeat.stop()
    assert heartbeat.max_gap_ms < STALL_LIMIT_MS, f"event loop stalled {heartbeat.max_gap_ms:.0f} ms"
    assert errors == []
    assert blocker.args[0].counts == baseline


def test_audit_with_a_dead_segment_reports_it(qtbot: Any, ctx: AppContext, proxy: FaultProxy,
                                              table: str, heartbeat: Heartbeat) -> None:
    errors: list[UserFacingError] = []
    proxy.add(fp.HTTP_500, operation="Scan", times=None,
              predicate=lambda info: info.json().get("Segment") == 1)
    assert ctx.connection is not None
    info = describe_table(ctx.connection, table)
    panel = LocksPanel(ctx)
    qtbot.addWidget(panel)
    ctx.error_raised.connect(errors.append)
    heartbeat.start()
    ctx.set_table(info)  # a small local table is audited as soon as it is opened
    qtbot.waitUntil(lambda: bool(errors), timeout=30000)
    heartbeat.stop()
    assert heartbeat.max_gap_ms < STALL_LIMIT_MS, f"event loop stalled {heartbeat.max_gap_ms:.0f} ms"
    assert "segment 1 failed" in errors[0].message and "not read to the end" in errors[0].message
    assert panel.result is None  # no findings from a partial read
    assert not panel.progress.isVisible()
