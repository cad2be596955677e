"""Truth review, judged by DynamoDB Local: a filtered Scan is billed on what it read."""

from __future__ import annotations

import uuid

import pytest

from dynoview.core.reads.estimates import capacity_text
from dynoview.core.reads.reader import Reader
from tests.helpers import connect
from tests.integration.test_capacity_engine import _create, sized_item

pytestmark = [pytest.mark.integration, pytest.mark.dynamodb_local]


def test_a_filtered_scan_costs_what_it_read_and_the_log_says_the_estimate_is_a_floor(
        dynamodb_local_endpoint: str) -> None:
    conn = connect(dynamodb_local_endpoint)
    name = f"truth-{uuid.uuid4().hex[:8]}"
    _create(conn, name)
    try:
        for i in range(10):  # 10 x 1000 B: 3 units of 4 KB, 1.5 RCU eventually consistent
            conn.client.put_item(TableName=name, Item=sized_item("P", 1000, f"{i:02d}"))
        _response, receipt = Reader(conn).read_with_receipt("Scan", {
            "TableName": name, "FilterExpression": "SK = :none",
            "ExpressionAttributeValues": {":none": {"S": "absent"}}})
    finally:
        conn.client.delete_table(TableName=name)
    assert (receipt.count, receipt.scanned_count) == (0, 10)
    assert receipt.consumed_capacity == 1.5  # the engine bills the items read, not returned
    assert receipt.estimated_capacity == 0.5  # only what the response shows: a floor
    assert capacity_text(receipt) == "1.5 RCU (est. at least 0.5 RCU)"
