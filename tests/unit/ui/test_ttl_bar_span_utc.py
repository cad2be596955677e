"""The TTL timeline's bar tooltip: its UTC span carries dates when it crosses a UTC midnight, so a
24-hour bar never reads "08:52–08:52 UTC"; a span within one UTC day keeps times alone. The
Capacity tab and the locks panel write capacity figures with every digit, in the language's
separators."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from PySide6.QtCore import QLocale

from dynoview.core.audit.run import AuditResult
from dynoview.core.ttl.timeline import Bucket, utc_span
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.locks.text import counts_text
from dynoview.ui.scans.capacity_panel import _rcu
from dynoview.ui.scans.ttl_labels import bar_span

START = datetime(2026, 12, 10, 8, 52, tzinfo=UTC)


def _bucket(hours: int) -> Bucket:
    return Bucket("ahead", "3–4 d", START, START + timedelta(hours=hours), ())


def test_a_day_bar_gives_its_utc_dates(qapp) -> None:
    assert utc_span(START, START + timedelta(days=1)) == ("2026-12-10 08:52", "2026-12-11 08:52")
    for text in (bar_span(_bucket(24)), _bucket(24).range_text()):
        assert text.endswith(" local (2026-12-10 08:52–2026-12-11 08:52 UTC)"), text


def test_an_hour_bar_over_utc_midnight_gives_its_dates(qapp) -> None:
    late = datetime(2026, 12, 10, 23, 30, tzinfo=UTC)
    bucket = Bucket("ahead", "5–6 h", late, late + timedelta(hours=1), ())
    assert bar_span(bucket).endswith("(2026-12-10 23:30–2026-12-11 00:30 UTC)")


def test_an_hour_bar_within_a_utc_day_keeps_times_alone(qapp) -> None:
    assert bar_span(_bucket(1)).endswith(" local (08:52–09:52 UTC)")
    assert _bucket(1).range_text().endswith(" local (08:52–09:52 UTC)")


@pytest.fixture
def french():
    before = QLocale()
    QLocale.setDefault(QLocale("fr"))
    yield
    QLocale.setDefault(before)


def test_capacity_tab_writes_every_digit(qapp) -> None:
    assert _rcu(131_072.5) == "131,072.5 RCU"
    assert _rcu(1_464_844.0) == "1,464,844 RCU"
    assert _rcu(0.5) == "0.5 RCU" and _rcu(1) == "1 RCU" and _rcu(2.5) == "2.5 RCU"


def test_capacity_tab_in_french(qapp, french) -> None:
    assert _rcu(131_072.5) == "131\u202f072,5 RCU"
    assert _rcu(0.5) == "0,5 RCU"


def test_locks_counts_write_every_digit(qapp) -> None:
    pairing = classify([], article_schema())
    result = AuditResult("t", article_schema(), pairing, [], pairing.counts(), 4, True, 0, 0, 1,
                         1_220_703.5, 0, 0, 0.1, False, True)
    assert counts_text(result).endswith(", 1,220,703.5 RCU")
