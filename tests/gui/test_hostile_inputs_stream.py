"""Hostile input in the Stream tab (after test_hostile_inputs*.py): a sequence number DynamoDB
would refuse, or one outside the stream, is refused at the field before anything is sent; a
key filter that does not parse is marked at the field; reading again never lists a record
twice. Nothing raises into the event loop."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from dynoview.core.streams.reader import AFTER_SEQUENCE_NUMBER, AT_SEQUENCE_NUMBER
from dynoview.ui.context import AppContext
from dynoview.ui.stream.events_model import COL_SEQUENCE, COL_SHARD
from dynoview.ui.stream.panel import StreamPanel
from dynoview.ui.themed import is_refused
from tests.demo_expectations import DEMO_ITEMS

pytestmark = pytest.mark.gui


@pytest.fixture
def crashes(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    caught: list[Any] = []
    monkeypatch.setattr(sys, "excepthook", lambda *args: caught.append(args))
    return caught


@pytest.fixture
def panel(qtbot: Any, ctx: AppContext) -> StreamPanel:
    widget = StreamPanel(ctx)
    qtbot.addWidget(widget)
    widget.poll_interval_ms = 100
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(lambda: widget.info is not None, timeout=10000)
    return widget


def _stream_calls(ctx: AppContext) -> int:
    return sum(r.operation in ("GetShardIterator", "GetRecords") for r in ctx.read_log.receipts())


def _read_all(qtbot: Any, panel: StreamPanel) -> None:
    panel.read_button.click()
    qtbot.waitUntil(lambda: panel.state == "idle" and not panel.pending, timeout=15000)


@pytest.mark.parametrize("in_shard", [False, True])
@pytest.mark.parametrize("typed", ["abc", "-1", "1e309", "NaN", "\x00", "#a", ":v", "12 34",
                                   "１２３４５６７８９０１２３４５６７８９０１", "9" * 41, "1" * 300_000])
def test_a_sequence_number_dynamodb_would_refuse_is_refused_at_the_field(
        qtbot: Any, panel: StreamPanel, ctx: AppContext, crashes: list[Any], typed: str,
        in_shard: bool) -> None:
    """These went to the worker: with a shard selected the SDK's "Parameter validation failed
    … valid min length: 21" (or, 41 digits and more, a read that found nothing); without one,
    "not in any shard" after the fact. Neither marked the field."""
    panel.position.setCurrentIndex(panel.position.findData(AT_SEQUENCE_NUMBER))
    if in_shard:
        panel.shards.setCurrentItem(panel.shards.topLevelItem(0))
    panel.sequence.setText(typed)
    sent = _stream_calls(ctx)
    panel.read_button.click()
    assert panel.state == "idle" and panel.reader is None
    assert "is not a sequence number" in panel.notice.text() and "21 to 40 digits" in panel.notice.text()
    assert len(panel.notice.text()) < 400  # 300 KB typed: quoted cut short
    assert is_refused(panel.sequence) and panel.sequence.hasFocus()
    assert "21 to 40 digits" in panel.sequence.toolTip()
    # What was typed stays to be fixed (Qt keeps 32,767 characters of a line).
    assert panel.sequence.text() == typed[:panel.sequence.maxLength()]
    qtbot.wait(200)
    assert _stream_calls(ctx) == sent and not crashes
    panel.sequence.setText("1" * 21)  # editing it takes the mark away
    assert panel.sequence.styleSheet() == "" and "Copy one from a record" in panel.sequence.toolTip()


@pytest.mark.parametrize(("in_shard", "said"), [(False, "not in any shard"), (True, "is not in shard")])
def test_a_sequence_number_outside_the_stream_is_refused_at_the_field(
        qtbot: Any, panel: StreamPanel, ctx: AppContext, crashes: list[Any], in_shard: bool,
        said: str) -> None:
    """Refused before any request (it was found out in the worker, the field unmarked); a
    record's own number, spaces around it, still reads on."""
    _read_all(qtbot, panel)
    pivot = panel.model.event_at(5).sequence_number
    panel.clear()
    panel.position.setCurrentIndex(panel.position.findData(AFTER_SEQUENCE_NUMBER))
    if in_shard:
        panel.shards.setCurrentItem(panel.shards.topLevelItem(0))
    panel.sequence.setText("0" * 21)  # the form DynamoDB takes, before the shard's first record
    sent = _stream_calls(ctx)
    assert panel.start(follow=False) is False
    assert said in panel.notice.text() and is_refused(panel.sequence)
    assert panel.sequence.hasFocus() and panel.state == "idle"
    qtbot.wait(200)
    assert _stream_calls(ctx) == sent
    panel.sequence.setText(f"  {pivot} ")
    _read_all(qtbot, panel)
    assert panel.model.rowCount() == DEMO_ITEMS + 1 - 6
    assert panel.sequence.styleSheet() == "" and not crashes


@pytest.mark.parametrize("typed", [",", " , ", "a,b,c", "UNIQ#X,LOCK,extra"])
def test_a_key_filter_that_does_not_parse_is_marked_at_the_field(
        qtbot: Any, panel: StreamPanel, crashes: list[Any], typed: str) -> None:
    _read_all(qtbot, panel)
    panel.key_filter.setFocus()
    panel.key_filter.setText(typed)
    assert not panel.filter_error.isHidden()
    assert is_refused(panel.key_filter)
    assert panel.filter_error.text() in panel.key_filter.toolTip()
    assert panel.key_filter.text() == typed and panel.key_filter.hasFocus()
    panel.key_filter.setText("ACCT#a1f9c3")
    assert panel.filter_error.isHidden() and panel.key_filter.styleSheet() == ""
    assert "Show only records of these keys" in panel.key_filter.toolTip() and not crashes


def test_reading_again_never_lists_a_record_twice(qtbot: Any, panel: StreamPanel,
                                                  crashes: list[Any]) -> None:
    """Read, then Read again (or Follow, from the trim horizon) read the same records: each
    was listed a second time, as if every item had been written twice."""
    _read_all(qtbot, panel)
    assert panel.model.rowCount() == DEMO_ITEMS + 1
    _read_all(qtbot, panel)
    panel.follow_button.click()
    qtbot.waitUntil(lambda: panel.polls >= 4, timeout=15000)
    qtbot.wait(300)
    panel.stop_button.click()
    model = panel.model
    records = [(model.index(r, COL_SHARD).data(), model.index(r, COL_SEQUENCE).data())
               for r in range(model.rowCount())]
    assert len(records) == len(set(records)) == DEMO_ITEMS + 1
    assert panel.status.text().startswith(f"{DEMO_ITEMS + 1} records") and not crashes
