"""A value held as it should be, by an account whose own TTL has passed: the audit lists the
account as expired, so diagnose does not say only "working as intended"."""

from __future__ import annotations

import time

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import EXPIRED, OK
from dynoview.core.uniqueness.schema import default_schema

pytestmark = pytest.mark.integration
ADA = "ada@lovelace.io"  # the demo's healthy account


def test_an_ok_value_whose_account_has_expired_says_so(reader: Reader, accounts_table: str) -> None:
    client = reader.conn.client
    info = describe_table(reader.conn, accounts_table)
    assert info.expiry_attribute is not None
    schema = default_schema(info)
    before = diagnose(reader, info, schema, "email", ADA, use_stream=False)
    assert before.status == OK and "TTL" not in before.sentence, before.sentence
    [account] = [a for a in client.scan(TableName=accounts_table, ConsistentRead=True)["Items"]
                 if a.get("email") == {"S": ADA}]
    account[info.expiry_attribute] = {"N": str(int(time.time()) - 3600)}
    client.put_item(TableName=accounts_table, Item=account)

    d = diagnose(reader, info, schema, "email", ADA, use_stream=False)
    assert d.status == OK, d.sentence  # the lock and the account still pair
    holder = d.account_ids[0]
    assert d.sentence.startswith(f"{ADA} is locked and belongs to account {holder}: working as intended.")
    assert f"Account {holder}'s own TTL has passed, though: DynamoDB will delete the account" in d.sentence
    # What the audit says about the same account.
    report = run_audit(reader, info, schema)
    assert any(f.status == EXPIRED and f.rule is None and holder in f.account_ids for f in report.findings)
