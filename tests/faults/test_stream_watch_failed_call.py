"""`dynoview stream` and `dynoview watch` name the call that was refused: an AccessDenied on
DescribeTable, DescribeStream or GetShardIterator asks for that permission, not for
dynamodb:GetRecords (the permission a user would then add in vain)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]


def denied(operation: str, table: str) -> dict[str, str]:
    return {"__type": "com.amazon.coral.service#AccessDeniedException",
            "message": f"User: arn:aws:iam::123456789012:user/dev is not authorized to perform: "
                       f"dynamodb:{operation} on resource: arn:aws:dynamodb:us-east-1:123456789012:"
                       f"table/{table}"}


@pytest.fixture
def streamed_table(direct: Connection) -> Iterator[str]:
    name = f"denied-{uuid.uuid4().hex[:8]}"
    direct.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
    direct.client.put_item(TableName=name, Item={"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}})
    yield name
    direct.client.delete_table(TableName=name)


def refused(capsys: pytest.CaptureFixture[str], proxy: FaultProxy, table: str, operation: str,
            command: list[str]) -> str:
    """Run ``command`` with ``operation`` refused on every call; its one sentence."""
    rule = proxy.add(fp.RESPOND, operation=operation, times=None, status=400,
                     body=denied(operation, table))
    code = main([*command, "--endpoint-url", proxy.url, "--table", table])
    err = capsys.readouterr().err
    assert rule.applied >= 1 and code == 2, (code, err)
    return err


@pytest.mark.parametrize("operation", ["DescribeTable", "DescribeStream", "GetShardIterator",
                                       "GetRecords"])
def test_stream_names_the_refused_call(capsys: pytest.CaptureFixture[str], proxy: FaultProxy,
                                       streamed_table: str, operation: str) -> None:
    err = refused(capsys, proxy, streamed_table, operation, ["stream"])
    assert f"not allowed to call dynamodb:{operation} " in err, err
    if operation != "GetRecords":
        assert "dynamodb:GetRecords " not in err


@pytest.mark.parametrize("operation", ["DescribeStream", "GetShardIterator", "GetRecords"])
def test_watch_names_the_refused_call(capsys: pytest.CaptureFixture[str], proxy: FaultProxy,
                                      streamed_table: str, operation: str) -> None:
    err = refused(capsys, proxy, streamed_table, operation, ["watch", "--duration", "5"])
    assert f"not allowed to call dynamodb:{operation} " in err, err
    if operation != "GetRecords":
        assert "dynamodb:GetRecords " not in err
