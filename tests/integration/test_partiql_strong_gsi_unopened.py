"""`dynoview partiql --consistent` on ``FROM "T"."index"``: a strong read of a global secondary
index is refused before sending though nothing described T before (the CLI never had a table to
check against, so the statement left and DynamoDB refused it). T is described first; a
DescribeTable that fails does not block the statement, and an index T lacks is DynamoDB's to
judge. A recording proxy (tests/fault_proxy.py) says which requests reached the endpoint.

DynamoDB Local is the judge of the rule: it refuses a strong read of a GSI and serves one of an
LSI. moto cannot judge it: it answers ResourceNotFound for any ``"T"."index"`` statement."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from botocore.exceptions import ClientError

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.demo.backend import CREATED_INDEX, EMAIL_INDEX
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.helpers import connect, seeded_accounts_copy

pytestmark = [pytest.mark.integration, pytest.mark.dynamodb_local]

OP = "ExecuteStatement"
BY_EMAIL = 'SELECT * FROM "{t}"."{i}" WHERE email = ?'
BY_PK = "SELECT * FROM \"{t}\".\"{i}\" WHERE PK = 'ACCT#a1f9c3'"
ADA = '"ada@lovelace.io"'


@pytest.fixture(scope="module")
def direct(dynamodb_local_endpoint: str) -> Connection:
    return connect(dynamodb_local_endpoint, name="direct")


@pytest.fixture(scope="module")
def table(direct: Connection) -> Iterator[str]:
    with seeded_accounts_copy(direct, "strong-gsi") as name:
        yield name


@pytest.fixture
def proxy(dynamodb_local_endpoint: str) -> Iterator[FaultProxy]:
    with FaultProxy(dynamodb_local_endpoint) as recording:
        yield recording


def partiql(capsys: pytest.CaptureFixture[str], proxy: FaultProxy, *argv: str) -> tuple[int, str, str]:
    code = main(["partiql", "--endpoint-url", proxy.url, *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_dynamodb_local_refuses_a_strong_read_of_the_gsi_and_serves_one_of_the_lsi(
        direct: Connection, table: str) -> None:
    with pytest.raises(ClientError) as refused:
        direct.client.execute_statement(Statement=BY_EMAIL.format(t=table, i=EMAIL_INDEX),
                                        Parameters=[{"S": "ada@lovelace.io"}], ConsistentRead=True)
    assert refused.value.response["Error"]["Code"] == "ValidationException"
    served = direct.client.execute_statement(Statement=BY_PK.format(t=table, i=CREATED_INDEX),
                                             ConsistentRead=True)
    assert served["Items"]


def test_a_strong_read_of_the_gsi_is_refused_before_sending(
        capsys: pytest.CaptureFixture[str], proxy: FaultProxy, table: str) -> None:
    code, out, err = partiql(capsys, proxy, "--consistent", "--param", ADA,
                             BY_EMAIL.format(t=table, i=EMAIL_INDEX))
    assert (code, out) == (2, ""), err
    assert f"{EMAIL_INDEX} is a global secondary index" in err and "Switch to eventual" in err
    assert proxy.requests(OP) == [], "the statement left the machine"
    assert [r.json()["TableName"] for r in proxy.requests("DescribeTable")] == [table]


def test_an_eventual_read_of_the_gsi_and_a_strong_one_of_the_lsi_are_sent(
        capsys: pytest.CaptureFixture[str], proxy: FaultProxy, table: str) -> None:
    code, out, err = partiql(capsys, proxy, "--param", ADA, BY_EMAIL.format(t=table, i=EMAIL_INDEX))
    assert code == 0, err
    assert "ada@lovelace.io" in out
    assert not proxy.requests("DescribeTable")  # nothing to check: no DescribeTable either
    code, out, err = partiql(capsys, proxy, "--consistent", BY_PK.format(t=table, i=CREATED_INDEX))
    assert code == 0, err
    assert "ACCT#a1f9c3" in out
    assert len(proxy.requests(OP)) == 2


def test_a_failed_describe_table_does_not_block_the_statement(
        capsys: pytest.CaptureFixture[str], proxy: FaultProxy, table: str) -> None:
    denied = proxy.add(fp.RESPOND, operation="DescribeTable", times=None, status=400, body={
        "__type": "com.amazon.coral.service#AccessDeniedException",
        "message": "User: arn:aws:iam::123456789012:user/dev is not authorized to perform: "
                   "dynamodb:DescribeTable"})
    code, out, err = partiql(capsys, proxy, "--consistent", "--param", ADA,
                             BY_EMAIL.format(t=table, i=EMAIL_INDEX))
    assert denied.applied == 1
    assert (code, out) == (2, "")
    assert len(proxy.forwarded(OP)) == 1  # sent: DynamoDB judged it
    assert "DescribeTable" not in err, err  # the statement's own answer, not the describe's


def test_an_index_the_table_lacks_is_left_to_dynamodb(
        capsys: pytest.CaptureFixture[str], proxy: FaultProxy, table: str) -> None:
    code, out, err = partiql(capsys, proxy, "--consistent", "--param", ADA,
                             BY_EMAIL.format(t=table, i="no-such-index"))
    assert (code, out) == (2, "")
    assert len(proxy.forwarded(OP)) == 1
    assert "global secondary index" not in err, err
