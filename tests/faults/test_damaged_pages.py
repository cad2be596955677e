"""Damaged pages are not data (issue 20): an answer without DynamoDB's CRC32 that is cut, is not
JSON, or is a page without ``Items`` is asked again and then refused, never read as an empty
page: the audit stops with an error instead of reporting a clean table, and diagnose cannot
say a value is free."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.audit.run import AuditIncompleteError, run_audit
from dynoview.core.reads.reader import DAMAGED_ATTEMPTS, Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.integrity import DamagedResponseError, response_damage
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import default_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]

# No x-amz-crc32 header: what a middlebox or a compatible endpoint may send.
DAMAGED = {
    "no Items": b'{"Count":0,"ScannedCount":0}',
    "not JSON": b"Service temporarily unavailable",
    "cut": b'{"Count":2,"ScannedCount":2,"Items":[{"PK":{"S":"ACCT#1"}',
}


@pytest.fixture
def table(shared_table: str) -> str:
    return shared_table


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_an_audit_refuses_damaged_pages_instead_of_reporting_a_clean_table(
        pconn: Connection, direct: Connection, proxy: FaultProxy, table: str, kind: str) -> None:
    info = describe_table(direct, table)
    proxy.add(fp.RESPOND, operation="Scan", body=DAMAGED[kind], times=None,
              headers={"Content-Type": "application/x-amz-json-1.0"})
    with pytest.raises(AuditIncompleteError) as raised:
        run_audit(Reader(pconn), info, default_schema(info), segments=2, workers=0)
    assert isinstance(raised.value.cause, DamagedResponseError)
    assert "no findings are shown" in raised.value.message
    # Asked again before it was refused, per segment.
    assert len(proxy.requests("Scan")) >= DAMAGED_ATTEMPTS


def test_a_damaged_page_once_is_asked_again_and_the_audit_is_exact(
        pconn: Connection, direct: Connection, proxy: FaultProxy, table: str) -> None:
    info = describe_table(direct, table)
    expected = run_audit(Reader(direct), info, default_schema(info), segments=1)
    proxy.add(fp.RESPOND, operation="Scan", body=DAMAGED["no Items"], times=1)
    result = run_audit(Reader(pconn), info, default_schema(info), segments=1)
    assert result.counts == expected.counts and result.items_read == expected.items_read


class _Answer:
    def __init__(self, body: bytes, headers: dict[str, str], url: str) -> None:
        self.content, self.headers, self.url, self.status_code = body, headers, url, 200


@pytest.mark.parametrize(("body", "headers", "url", "damage"), [
    (b'{"Items":[]}', {}, "https://dynamodb.eu-west-1.amazonaws.com/", "no CRC32"),
    (b'{"Items":[]}', {"x-amz-crc32": "1"}, "http://localhost:8000/", "CRC32 checksum does not"),
    (b'{"Items":[]}', {}, "http://localhost:8000/", None),
    (b'{"Count":0}', {}, "http://localhost:8000/", "no Items"),
    (b"<html>", {}, "http://localhost:8000/", "not a whole JSON"),
])
def test_what_counts_as_damaged(body: bytes, headers: dict[str, str], url: str, damage: Any) -> None:
    said = response_damage(_Answer(body, headers, url), "Scan")
    assert (said is None) if damage is None else (said is not None and damage in said)
