"""The table description shows what matters on today's tables (deletion protection, class,
encryption, warm and on-demand maximum throughput, replicas and multi-Region consistency,
PITR, a resource policy), from DescribeTable answers recorded in the API reference's shape
where the local engines cannot produce them; an index of a kind DynoView does not know (a
vector index, a GSI with multi-attribute keys, one without a key schema) leaves the table
openable."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from dynoview.core.session.table_settings import TableExtras
from dynoview.core.session.tables import table_extras, table_info_from_description
from dynoview.demo.backend import create_accounts_table
from tests.helpers import connect

ARN = "arn:aws:dynamodb:us-east-1:123456789012:table/accounts"
KMS = "arn:aws:kms:us-east-1:123456789012:key/1234abcd-12ab-34cd-56ef-1234567890ab"
BASE: dict[str, Any] = {
    "TableName": "accounts",
    "TableArn": ARN,
    "TableStatus": "ACTIVE",
    "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                             {"AttributeName": "SK", "AttributeType": "S"},
                             {"AttributeName": "email", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
    "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
    "ItemCount": 63,
    "TableSizeBytes": 9000,
    "GlobalSecondaryIndexes": [{
        "IndexName": "email-index", "IndexStatus": "ACTIVE",
        "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
        "Projection": {"ProjectionType": "ALL"}}],
}
# A global table of today, as DescribeTable answers it (API reference, TableDescription).
GLOBAL: dict[str, Any] = {
    **BASE,
    "DeletionProtectionEnabled": True,
    "TableClassSummary": {"TableClass": "STANDARD_INFREQUENT_ACCESS"},
    "SSEDescription": {"Status": "ENABLED", "SSEType": "KMS", "KMSMasterKeyArn": KMS},
    "WarmThroughput": {"ReadUnitsPerSecond": 20000, "WriteUnitsPerSecond": 8000, "Status": "ACTIVE"},
    "OnDemandThroughput": {"MaxReadRequestUnits": 5000, "MaxWriteRequestUnits": -1},
    "GlobalTableVersion": "2019.11.21",
    "Replicas": [{"RegionName": "us-east-1", "ReplicaStatus": "ACTIVE"},
                 {"RegionName": "us-east-2", "ReplicaStatus": "ACTIVE"},
                 {"RegionName": "us-west-2", "ReplicaStatus": "UPDATING"}],
    "MultiRegionConsistency": "STRONG",
}


def test_a_plain_table_says_its_defaults() -> None:
    info = table_info_from_description(BASE)
    lines = info.summary_lines()
    assert "Deletion protection: off" in lines
    assert "Table class: standard" in lines
    assert "Encryption: AWS owned key (DynamoDB's default)" in lines
    assert not any(line.startswith(("Warm", "On-demand", "Global", "Multi-Region")) for line in lines)
    assert info.settings.transaction_note() is None


def test_a_global_table_shows_every_setting() -> None:
    info = table_info_from_description(GLOBAL)
    lines = info.summary_lines()
    assert "Deletion protection: on" in lines
    assert "Table class: standard infrequent access" in lines
    assert f"Encryption: AWS KMS key ({KMS})" in lines
    assert "Warm throughput: 20,000 reads/s, 8,000 writes/s (active)" in lines
    assert "On-demand maximum: 5,000 read units/s, no maximum write units/s" in lines
    assert ("Global table (version 2019.11.21): replicas in us-east-1, us-east-2, us-west-2 (updating)"
            in lines)
    assert "Multi-Region consistency: strong (reads and writes see every Region's latest write)" in lines
    note = info.settings.transaction_note() or ""
    assert "atomic only in the Region that runs it" in note


def test_eventual_multi_region_consistency_and_a_witness() -> None:
    answer = {**GLOBAL, "MultiRegionConsistency": "EVENTUAL",
              "GlobalTableWitnesses": [{"RegionName": "us-west-2", "WitnessStatus": "ACTIVE"}]}
    lines = table_info_from_description(answer).summary_lines()
    assert ("Multi-Region consistency: eventual (other Regions see a write within about a second); "
            "witness in us-west-2") in lines


@pytest.mark.parametrize(("extra", "shown"), [
    ({"VectorIndexes": [{"IndexName": "embedding-index", "VectorAttribute": {"AttributeName": "vec"},
                         "Dimensions": 1024, "DistanceFunction": "COSINE", "IndexStatus": "ACTIVE",
                         "Projection": {"ProjectionType": "KEYS_ONLY"}}]},
     "embedding-index: vector index on vec (1024 dimensions); DynoView does not read it"),
    ({"GlobalSecondaryIndexes": [*BASE["GlobalSecondaryIndexes"], {
        "IndexName": "region-city", "Projection": {"ProjectionType": "ALL"},
        "KeySchema": [{"AttributeName": "region", "KeyType": "HASH"},
                      {"AttributeName": "country", "KeyType": "HASH"},
                      {"AttributeName": "city", "KeyType": "RANGE"},
                      {"AttributeName": "street", "KeyType": "RANGE"}]}]},
     "region-city: GSI with multi-attribute keys (region + country, sorted by city + street); "
     "DynoView does not read it"),
    ({"GlobalSecondaryIndexes": [*BASE["GlobalSecondaryIndexes"], {"IndexName": "odd-index"}]},
     "odd-index: GSI with multi-attribute keys (no key schema); DynoView does not read it"),
])
def test_an_index_of_an_unknown_kind_still_opens_the_table(extra: dict[str, Any], shown: str) -> None:
    info = table_info_from_description({**copy.deepcopy(BASE), **extra})
    assert [i.name for i in info.indexes] == ["email-index"]  # the indexes DynoView can query
    assert shown in info.summary_lines()


def test_extras_lines() -> None:
    policy = json.dumps({"Version": "2012-10-17", "Statement": [
        {"Effect": "Deny", "Principal": "*", "Action": "dynamodb:DeleteTable", "Resource": ARN},
        {"Effect": "Allow", "Principal": {"AWS": "arn:aws:iam::123456789012:root"},
         "Action": "dynamodb:GetItem", "Resource": ARN}]})
    assert TableExtras("ENABLED", 7, policy).lines() == [
        "Point-in-time recovery: enabled, 7 days", "Resource policy: 2 statements (Allow, Deny)"]
    assert TableExtras("DISABLED", 35).lines() == ["Point-in-time recovery: disabled"]


@pytest.mark.integration
def test_pitr_and_resource_policy_read_from_an_endpoint(moto_endpoint: str) -> None:
    conn = connect(moto_endpoint, name="settings")
    name = "settings-extras"
    create_accounts_table(conn, name)
    try:
        arn = conn.client.describe_table(TableName=name)["Table"]["TableArn"]
        info = table_info_from_description(conn.client.describe_table(TableName=name)["Table"])
        assert table_extras(conn, info).lines() == ["Point-in-time recovery: disabled"]
        conn.client.update_continuous_backups(
            TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True,
                                                              "RecoveryPeriodInDays": 14})
        conn.client.put_resource_policy(ResourceArn=arn, Policy=json.dumps({
            "Version": "2012-10-17", "Statement": [{"Effect": "Deny", "Principal": "*",
                                                    "Action": "dynamodb:DeleteTable", "Resource": arn}]}))
        assert table_extras(conn, info).lines() == ["Point-in-time recovery: enabled, 14 days",
                                                    "Resource policy: 1 statement (Deny)"]
    finally:
        conn.client.delete_table(TableName=name)
