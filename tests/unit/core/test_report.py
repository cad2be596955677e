"""Reports: stable JSON fields and CSV for audits and diagnoses."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from dynoview.core.audit.report import CSV_COLUMNS, audit_json, audit_text, dumps, findings_csv
from dynoview.core.audit.run import AuditResult
from dynoview.core.uniqueness.findings import STATUSES
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema


def s(text: str) -> dict[str, str]:
    return {"S": text}


def _result() -> AuditResult:
    items: list[dict[str, Any]] = [
        {"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("a,b@x"), "username": s("a")},
        {"PK": s("UNIQ#EMAIL#stuck \"q\"@x"), "SK": s("LOCK")},
        {"PK": s("UNIQ#HANDLE#a"), "SK": s("LOCK")},
    ]
    pairing = classify(items, article_schema())
    return AuditResult("t", article_schema(), pairing, pairing.findings(), pairing.counts(), 4, True,
                       3, 3, 4, 2.0, 10, 500, 0.25, False, True)


def test_audit_json_fields() -> None:
    data = json.loads(dumps(audit_json(_result())))
    assert data["format"] == "dynoview-audit" and data["version"] == 1
    assert data["complete"] is True and data["clean"] is False
    assert list(data["counts"]) == list(STATUSES)
    assert data["counts"]["MISSING_LOCK"] == 1 and data["counts"]["ORPHAN_LOCK"] == 1
    assert data["scan"] == {"segments": 4, "consistency": "strong", "items_read": 3,
                            "scanned_count": 3, "pages": 4, "approximate_item_count": 10,
                            "approximate_size_bytes": 500, "consumed_capacity": 2.0,
                            "duration_s": 0.25, "path": "in-process", "workers": 0,
                            "throttled": None}  # the slow-down note when DynamoDB throttled the scan
    missing = next(f for f in data["findings"] if f["status"] == "MISSING_LOCK")
    assert missing["accounts"] == ["ACCT#1"]
    assert missing["account_keys"] == [{"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}}]
    orphan = next(f for f in data["findings"] if f["status"] == "ORPHAN_LOCK")
    assert orphan["lock_keys"] == [{"PK": {"S": 'UNIQ#EMAIL#stuck "q"@x'}, "SK": {"S": "LOCK"}}]
    assert set(orphan) == {"status", "rule", "value", "accounts", "account_keys", "lock_keys",
                           "sentence", "explanation"}
    assert data["receipts"] == []


def test_csv_quotes_commas_and_quotes() -> None:
    rows = list(csv.reader(io.StringIO(findings_csv(_result().findings))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 3
    orphan = next(r for r in rows if r[0] == "ORPHAN_LOCK")
    assert orphan[2] == 'stuck "q"@x'
    assert orphan[4] == 'PK=UNIQ#EMAIL#stuck "q"@x SK=LOCK'


def test_text_summary_lists_each_finding() -> None:
    text = audit_text(_result())
    assert "Counts: OK 1, MISSING_LOCK 1, ORPHAN_LOCK 1" in text
    assert text.count("\n[") == 2
