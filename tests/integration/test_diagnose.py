"""Diagnose one value over HTTP: strong GetItem for the lock, GSI or Scan for accounts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dynoview.core.connection import Connection
from dynoview.core.diagnose import FREE, VIA_INDEX, VIA_SCAN, diagnose
from dynoview.core.errors import DynoViewError
from dynoview.core.locks import NORMALISE_LOWER, LockRule, UniquenessSchema, default_schema
from dynoview.core.pairing import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.reads import Reader
from dynoview.core.report import diagnosis_json
from dynoview.core.tables import describe_table
from tests.helpers import connect

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(("rule", "value", "status"), [
    ("email", "ada@lovelace.io", OK),
    ("email", "ken@thompson.dev", ORPHAN_LOCK),
    ("email", "barbara@mit.edu", ORPHAN_LOCK),
    ("username", "linus", MISSING_LOCK),
    ("email", "shared@example.com", DUPLICATE_VALUE),
    ("email", "pending@signup.test", EXPIRED),
    ("email", "Margaret@Hamilton.space", CASE_CLASH),
    ("email", "nobody@example.com", FREE),
])
def test_statuses(reader: Reader, conn: Connection, accounts_table: str, rule: str, value: str,
                  status: str) -> None:
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), rule, value)
    assert d.status == status, d.sentence
    get = d.receipts[0]
    assert (get.operation, get.consistency) == ("GetItem", "strong")
    assert get.request["Key"] == d.lock_key
    assert "Scan" not in {r.operation for r in d.receipts if r.request.get("Key")}


def test_stuck_signup_sentence_and_gsi(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "email", "ken@thompson.dev")
    assert d.sentence == ("ken@thompson.dev is locked, and no account uses it: a stuck signup. "
                          "Releasing the lock lets the person sign up again.")
    assert d.method == VIA_INDEX and d.index_name == "email-index"
    query = [r for r in d.receipts if r.operation == "Query"]
    assert query and all(r.consistency == "eventual" for r in query)
    assert any("eventually consistent" in n for n in d.notes)
    assert d.lock_item is not None and d.accounts == []
    data = diagnosis_json(d)
    assert data["status"] == "ORPHAN_LOCK" and data["locked"] is True
    assert data["lock_key"] == {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}}


def test_scan_path_reports_cost_before_and_after(reader: Reader, conn: Connection,
                                                 accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "username", "linus")
    assert d.method == VIA_SCAN and d.account_ids == ["ACCT#1d2e3f"]
    assert d.estimate is not None and d.estimate.items == info.item_count
    assert d.scanned_count == info.item_count
    scans = [r for r in d.receipts if r.operation == "Scan"]
    assert scans and all(r.consistency == "strong" for r in scans)
    assert scans[0].request["ExpressionAttributeNames"]["#v"] == "username"
    assert any("Scan read" in n for n in d.notes)


def test_reserved_word_rule_and_normalisation(reader: Reader, conn: Connection,
                                              accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    base = default_schema(info)
    schema = replace(base, rules=(*base.rules, LockRule("status", "status", "UNIQ#STATUS#{value}")))
    d = diagnose(reader, info, schema, "status", "active")
    assert d.status == DUPLICATE_VALUE
    assert len(d.account_ids) > 10  # every demo account has status "active"
    lower = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                             NORMALISE_LOWER, "email-index"),))
    d = diagnose(reader, info, lower, "email", "ADA@Lovelace.io")
    assert d.normalised == "ada@lovelace.io" and d.status == OK
    assert d.lock_key["PK"] == {"S": "UNIQ#EMAIL#ada@lovelace.io"}


def test_read_only_connection_diagnoses(moto_endpoint: str, accounts_table: str) -> None:
    ro = connect(moto_endpoint, read_only=True)
    reader = Reader(ro)
    info = describe_table(ro, accounts_table)
    d = diagnose(reader, info, default_schema(info), "username", "linus")
    assert d.status == MISSING_LOCK
    assert {r.operation for r in reader.log.receipts()} <= {"GetItem", "Query", "Scan"}


def test_unknown_rule_and_empty_value(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    with pytest.raises(DynoViewError, match="No uniqueness rule named 'phone'"):
        diagnose(reader, info, default_schema(info), "phone", "1")
    with pytest.raises(DynoViewError, match="Type the value"):
        diagnose(reader, info, default_schema(info), "email", "")
