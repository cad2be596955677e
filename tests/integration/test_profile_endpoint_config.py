"""A profile's ``endpoint_url`` (or its ``services`` section's ``dynamodb = endpoint_url``) is where
DynamoDB's requests go, as with boto3 and the AWS CLI, and the connection names it.

It used to be ignored silently: ``dynoview tables --profile local`` signed requests with that
profile's keys for dynamodb.us-east-1.amazonaws.com. Every test here runs against moto with the
proxy variables pointing at a recording stub and NO_PROXY naming loopback only: a request meant
for AWS would reach the stub (and nothing leaves the machine).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import boto3
import pytest

from dynoview.cli import main as cli_main
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import (
    Connection,
    ConnectionSpec,
    ConnectionSpecError,
    spec_from_environment,
)
from dynoview.core.session.endpoints import configured_endpoint
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import seeded_accounts_copy
from tests.integration.test_url_userinfo_proxy import ProxyStub

pytestmark = [pytest.mark.integration, pytest.mark.security]

DEAD = "http://127.0.0.1:9"  # nothing listens: a request sent there fails at once


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[ProxyStub]:
    proxy = ProxyStub()
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.setenv(name, proxy.url)
    for name in ("NO_PROXY", "no_proxy"):
        monkeypatch.setenv(name, "127.0.0.1,localhost")
    yield proxy
    proxy.close()


@pytest.fixture
def aws_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str,
              stub: ProxyStub) -> Path:
    """Config and credentials files with fake keys; the environment names neither keys nor endpoint."""
    config = tmp_path / "config"
    config.write_text(f"""\
[profile local]
region = us-east-1
endpoint_url = {moto_endpoint}

[profile svc]
region = us-east-1
services = motosvc

[services motosvc]
dynamodb =
  endpoint_url = {moto_endpoint}

[profile elsewhere]
region = us-east-1
endpoint_url = {DEAD}

[profile ignoring]
region = us-east-1
endpoint_url = {DEAD}
ignore_configured_endpoint_urls = true

[profile no-section]
region = us-east-1
services = nowhere

[profile bad-url]
region = us-east-1
endpoint_url = localhost:8000
""")
    credentials = tmp_path / "credentials"
    credentials.write_text("".join(
        f"[{name}]\naws_access_key_id = AKIAFAKEPROFILEKEY01\n"
        "aws_secret_access_key = fake-profile-secret-0000000000000000000\n"
        for name in ("local", "svc", "elsewhere", "ignoring", "no-section", "bad-url")))
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(credentials))
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN",
                 "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"):
        monkeypatch.delenv(name, raising=False)
    return config


@pytest.fixture
def table(moto_endpoint: str) -> Iterator[str]:
    """A table only moto has: listing it proves where ListTables went."""
    name = f"profile-endpoint-{uuid.uuid4().hex[:8]}"
    client = boto3.client("dynamodb", endpoint_url=moto_endpoint, region_name="us-east-1",
                          aws_access_key_id="x", aws_secret_access_key="y")
    client.create_table(TableName=name, KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
                        BillingMode="PAY_PER_REQUEST")
    yield name
    client.delete_table(TableName=name)


@pytest.mark.parametrize("profile", ["local", "svc"])
def test_the_profile_s_endpoint_is_where_the_requests_go_and_it_is_named(
        aws_files: Path, stub: ProxyStub, table: str, moto_endpoint: str, profile: str) -> None:
    conn = Connection(ConnectionSpec(name=profile, profile=profile))
    assert table in conn.list_tables()
    assert stub.lines == []  # nothing went to AWS (through the proxy) in moto's place
    assert conn.spec.endpoint_url == moto_endpoint
    assert conn.client.meta.endpoint_url == moto_endpoint
    assert conn.streams_client().meta.endpoint_url == moto_endpoint
    assert conn.spec.describe() == f"{profile}: {moto_endpoint} profile {profile}"
    assert conn.spec.is_local  # the checks judge the endpoint used: writes on loopback, no STS
    # boto3 with the same profile (what the AWS CLI does) reads the same tables.
    assert table in boto3.Session(profile_name=profile).client("dynamodb").list_tables()["TableNames"]


@pytest.mark.parametrize("profile", ["local", "svc"])
def test_the_command_line_names_and_uses_it(
        aws_files: Path, stub: ProxyStub, table: str, moto_endpoint: str, profile: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    spec = spec_from_environment(profile=profile)
    assert (spec.name, spec.endpoint_url) == (profile, moto_endpoint)
    status = cli_main(["tables", "--profile", profile])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert table in captured.out.split()
    assert stub.lines == []


def test_the_action_log_names_the_endpoint_used(aws_files: Path, stub: ProxyStub, tmp_path: Path,
                                                moto_endpoint: str) -> None:
    conn = Connection(ConnectionSpec(name="local", profile="local"))
    with seeded_accounts_copy(conn, "profileendpoint") as name:
        item = {"PK": {"S": "ACCT#pe1"}, "SK": {"S": "PROFILE"}, "email": {"S": "pe1@x.io"},
                "username": {"S": "pe1"}}
        log = ActionLog(tmp_path / "actions.jsonl")
        result = execute_transaction(conn, sign_up(article_schema(), name, item), confirmation=True,
                                     log=log, reader=Reader(conn))
    assert result.status == SUCCEEDED
    records = [entry["connection"] for entry in log.entries()]
    assert records and all(r["endpoint"] == moto_endpoint and r["profile"] == "local" for r in records)
    assert stub.lines == []


def test_an_endpoint_given_wins_over_the_profile_s(aws_files: Path, stub: ProxyStub, table: str,
                                                   moto_endpoint: str) -> None:
    conn = Connection(ConnectionSpec(name="x", profile="elsewhere", endpoint_url=moto_endpoint))
    assert table in conn.list_tables()
    given = spec_from_environment(profile="elsewhere", endpoint_url=moto_endpoint)
    assert given.endpoint_url == moto_endpoint
    assert spec_from_environment(profile="elsewhere").endpoint_url == DEAD


def test_the_environment_comes_before_the_profile_as_in_the_sdks(
        aws_files: Path, stub: ProxyStub, table: str, moto_endpoint: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL_DYNAMODB", moto_endpoint)
    conn = Connection(ConnectionSpec(name="x", profile="elsewhere"))
    assert conn.spec.endpoint_url == moto_endpoint and table in conn.list_tables()
    found = configured_endpoint("elsewhere")
    assert found is not None and found.source == "AWS_ENDPOINT_URL_DYNAMODB"


def test_ignore_configured_endpoint_urls_is_respected(
        aws_files: Path, stub: ProxyStub, monkeypatch: pytest.MonkeyPatch) -> None:
    """The profile's setting, and the variable (which wins over it, as in botocore): the endpoint
    is then AWS's, and the spec says so (the clients are only made: nothing is sent)."""
    conn = Connection(ConnectionSpec(name="i", profile="ignoring"))
    assert conn.spec.endpoint_url is None and conn.spec.describe().startswith("i: AWS ")
    assert conn.client.meta.endpoint_url == "https://dynamodb.us-east-1.amazonaws.com"
    assert spec_from_environment(profile="ignoring").endpoint_url is None

    monkeypatch.setenv("AWS_IGNORE_CONFIGURED_ENDPOINT_URLS", "false")
    assert spec_from_environment(profile="ignoring").endpoint_url == DEAD
    monkeypatch.setenv("AWS_IGNORE_CONFIGURED_ENDPOINT_URLS", "TRUE")
    monkeypatch.setenv("AWS_ENDPOINT_URL", DEAD)  # the variables are configured endpoints too
    assert spec_from_environment(profile="local").endpoint_url is None
    assert Connection(ConnectionSpec(name="l", profile="local")).spec.endpoint_url is None
    assert stub.lines == []


def test_a_missing_services_section_is_a_sentence(aws_files: Path) -> None:
    with pytest.raises(ConnectionSpecError) as refused:
        Connection(ConnectionSpec(name="n", profile="no-section"))
    message = refused.value.message
    assert "services section 'nowhere'" in message and "[services nowhere]" in message
    assert str(aws_files) in message
    assert spec_from_environment(profile="no-section").endpoint_url is None  # said when connecting


def test_a_malformed_profile_endpoint_names_the_profile(aws_files: Path, stub: ProxyStub) -> None:
    with pytest.raises(ConnectionSpecError) as refused:
        Connection(ConnectionSpec(name="b", profile="bad-url"))
    assert refused.value.message.startswith(f"The endpoint_url of profile 'bad-url' in {aws_files}")
    assert stub.lines == []
