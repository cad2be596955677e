"""Capacity figures in sentences: every digit, thousands grouped, halves kept; never ``:g``'s
"1.46484e+06" or its six digits ("131072.5" read "131072"). Small figures read as before."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from dynoview.core.audit.report import audit_json, audit_text, dumps
from dynoview.core.audit.run import AuditProgress, AuditResult
from dynoview.core.counts import units_text
from dynoview.core.items.export import ExportProgress, ExportResult
from dynoview.core.reads.capacity import PageCost, Sample
from dynoview.core.reads.estimates import ReadEstimate, capacity_text
from dynoview.core.reads.receipts import EVENTUAL, ReadReceipt, TableRead
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.holders import estimate_scan
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema

BIG = 1_220_703.5


@pytest.mark.parametrize(("units", "text"), [
    (0, "0"), (0.5, "0.5"), (1, "1"), (1.0, "1"), (2.5, "2.5"), (12.25, "12.25"), (1 / 3, "0.333333"),
    (0.1 + 0.2, "0.3"), (-1e-9, "0"), (131_072.5, "131,072.5"), (732_421.5, "732,421.5"),
    (1_464_844.0, "1,464,844"), (BIG, "1,220,703.5")])
def test_units_text(units: float, text: str) -> None:
    assert units_text(units) == text


def test_units_text_with_a_languages_separators() -> None:
    assert units_text(BIG, "\u202f", ",") == "1\u202f220\u202f703,5"
    assert units_text(1_234_567.5, ".", ",") == "1.234.567,5"  # pt_BR: no separator swapped twice
    assert units_text(0.5, ".", ",") == "0,5"


def _table() -> TableInfo:
    return TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                     item_count=12_000_000, size_bytes=6_000_000_000)


def test_diagnose_scan_note_writes_every_digit_and_the_right_article() -> None:
    assert estimate_scan(_table(), True).text() == (
        "A strongly consistent Scan reads the whole table (about 12,000,000 items, "
        "6,000,000,000 bytes): about 1,464,844 RCU.")
    assert estimate_scan(_table(), False).text() == (
        "An eventually consistent Scan reads the whole table (about 12,000,000 items, "
        "6,000,000,000 bytes): about 732,422 RCU.")
    small = TableInfo("t", KeyAttribute("PK", "S"), None, item_count=3, size_bytes=300)
    assert estimate_scan(small, False).text().endswith("(about 3 items, 300 bytes): about 0.5 RCU.")


def test_audit_progress_and_report() -> None:
    progress = AuditProgress(items_read=12_000_000, scanned=12_000_000, approximate_total=12_000_000,
                             consumed_capacity=BIG, findings=3, pages=5800, segments_done=4,
                             segments=4, elapsed_s=900)
    assert "items read, 1,220,703.5 RCU, 3 findings" in progress.text()
    items: list[dict[str, Any]] = [{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "a@x"}}]
    pairing = classify(items, article_schema())
    result = AuditResult("t", article_schema(), pairing, pairing.findings(), pairing.counts(), 4,
                         True, 1, 1, 1, BIG, 1, 100, 0.25, False, True)
    assert ", strong reads, 1,220,703.5 RCU, 0.2 s" in audit_text(result)
    assert json.loads(dumps(audit_json(result)))["scan"]["consumed_capacity"] == BIG  # stays a number


def test_capacity_tab_summary() -> None:
    sample = Sample("accounts", items=[{}] * 1000, pages=[PageCost(1000, 1000, 0, 131_072.5, 131_072.5)])
    assert sample.describe() == (
        "Scanned a sample of 1,000 items in 1 page: the service reported 131,072.5 RCU; DynoView "
        "estimates 131,072.5 RCU from item sizes (eventual reads, 4 KB per page).")
    small = Sample("accounts", items=[{}], pages=[PageCost(1, 1, 10, 0.5, 0.5)])
    assert "reported 0.5 RCU; DynoView estimates 0.5 RCU" in small.describe()


def test_export_progress_and_summary() -> None:
    progress = ExportProgress(12_000_000, 12_000_000, 5800, 4, 4, BIG, 900)
    assert progress.text() == ("12,000,000 of about 12,000,000 items exported, 1,220,703.5 RCU, "
                               "4/4 segments done")
    result = ExportResult("t", "jsonl", 12_000_000, pages=5800, segments=4, consumed_capacity=BIG)
    assert "(5800 pages, 1,220,703.5 RCU)" in result.summary()


def _receipt(consumed: float | None, estimated: float | None,
             tables: tuple[TableRead, ...] = ()) -> ReadReceipt:
    return ReadReceipt(datetime(2026, 1, 1, tzinfo=UTC), "Scan", "accounts", None, EVENTUAL, consumed,
                       10, 10, 5.0, {"TableName": "accounts"}, estimated_capacity=estimated, tables=tables)


def test_read_log_receipts_and_estimates() -> None:
    receipt = _receipt(BIG, 1_464_844.0)
    assert receipt.cost_text() == "1,220,703.5 RCU"
    assert capacity_text(receipt) == "1,220,703.5 RCU (est. 1,464,844 RCU)"
    assert capacity_text(_receipt(0.5, 0.5)) == "0.5 RCU (est. 0.5 RCU)"
    assert capacity_text(_receipt(None, 250_000.5)) == "capacity not reported; est. 250,000.5 RCU"
    batch = _receipt(BIG + 1, None, (TableRead("A", EVENTUAL, BIG), TableRead("B", EVENTUAL, 1.0)))
    assert batch.cost_text() == "1,220,704.5 RCU (A 1,220,703.5, B 1)"
    assert receipt.to_json()["consumed_capacity"] == BIG  # the JSON keeps the number
    assert ReadEstimate(2_000_000.0, "items' sizes", unit="WCU").text() == "2,000,000 WCU (items' sizes)"
    assert ReadEstimate(2.5, "one page", lower_bound=True).text() == "at least 2.5 RCU (one page)"
