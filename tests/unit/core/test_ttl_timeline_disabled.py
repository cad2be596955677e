"""The TTL timeline reads nothing when TTL is off: a DISABLED (moto) or DISABLING (DynamoDB)
describe still names the attribute, but DynamoDB deletes nothing by expiry."""

from __future__ import annotations

from typing import Any, cast

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.ttl.timeline import scan_for_timeline


class FakeReader:
    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []

    def read(self, operation: str, request: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(request)
        return {"Items": [{"PK": {"S": "a"}}], "Count": 1, "ScannedCount": 1}


def table(status: str) -> TableInfo:
    return TableInfo("t", KeyAttribute("PK", "S"), None, ttl_attribute="expiresAt", ttl_status=status)


def test_ttl_off_with_an_attribute_named_is_not_scanned() -> None:
    for status in ("DISABLED", "DISABLING"):
        reader = FakeReader()
        with pytest.raises(ValueError, match="TTL is not enabled on t"):
            scan_for_timeline(cast(Reader, reader), table(status))
        assert reader.requests == [], status
    for status in ("ENABLED", "ENABLING"):  # on, or being turned on: expiry is live
        reader = FakeReader()
        sample = scan_for_timeline(cast(Reader, reader), table(status))
        assert len(sample.items) == 1 and len(reader.requests) == 1, status
