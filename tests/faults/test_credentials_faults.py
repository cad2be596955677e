"""Credentials running out mid-session, and the endpoint going away and coming back.

The user is told which login to run, and after logging in the *same* operation on
the *same* Connection works: no restart, no reconnect. Nothing here can reach AWS:
the SSO portal is the fault proxy (``AWS_ENDPOINT_URL_SSO``) and name resolution
is limited to loopback (``loopback_only``).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from hashlib import sha1
from pathlib import Path

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.audit.run import AuditIncompleteError, run_audit
from dynoview.core.errors import describe_error
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import FAILED, SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema, default_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]

START_URL = "https://dynoview-tests.awsapps.example/start"
LOCK = {"PK": {"S": "UNIQ#EMAIL#ada@lovelace.io"}, "SK": {"S": "LOCK"}}


def write_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    path = tmp_path / "aws-config"
    path.write_text(text)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(path))
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(var, raising=False)  # the profile, not the environment, must be used


def profile_conn(proxy: FaultProxy, profile: str) -> Connection:
    return Connection(ConnectionSpec(name="support", profile=profile, endpoint_url=proxy.url,
                                     region="us-east-1"))


def test_expired_session_token_names_the_login_and_the_same_operation_works_after(
        proxy: FaultProxy, table: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_config(tmp_path, monkeypatch, "[profile support]\nregion = us-east-1\n"
                 "aws_access_key_id = ASIATESTSUPPORT\naws_secret_access_key = support-secret\n"
                 "aws_session_token = support-session\n")
    conn = profile_conn(proxy, "support")
    reader = Reader(conn)
    assert reader.get_item(table, LOCK) == LOCK
    info_table = describe_table(conn, table)

    proxy.add(fp.EXPIRED_TOKEN, times=None)  # the session token runs out, for every call
    with pytest.raises(Exception) as info:
        reader.get_item(table, LOCK)
    err = describe_error(info.value, profile=conn.spec.profile)
    assert err.title == "Credentials expired"
    assert "`aws sso login --profile support`" in err.message and "retry" in err.message
    assert len(proxy.requests("GetItem")) == 2  # not retried: an expired token stays expired

    tx = sign_up(article_schema(), table, {"PK": {"S": "ACCT#late"}, "SK": {"S": "PROFILE"},
                                           "email": {"S": "late@x.io"}, "username": {"S": "late"}})
    result = execute_transaction(conn, tx, confirmation=True)
    assert result.status == FAILED and result.error_code == "ExpiredTokenException"
    assert "`aws sso login --profile support`" in result.message and "wrote nothing" in result.message

    with pytest.raises(AuditIncompleteError) as audit_err:
        run_audit(reader, info_table, default_schema(info_table), segments=2)
    assert "Your temporary AWS credentials have expired" in audit_err.value.message
    assert "`aws sso login --profile support`" in audit_err.value.message

    proxy.clear()  # the user logged in
    assert reader.get_item(table, LOCK) == LOCK  # the same call, the same Connection
    again = execute_transaction(conn, tx, confirmation=True)  # the same transaction and token
    assert again.status == SUCCEEDED and again.token == tx.token


# ------------------------------------------------------------------ SSO


class SsoPortal:
    """The SSO token cache on disk and the portal's GetRoleCredentials, served by the proxy."""

    def __init__(self, proxy: FaultProxy) -> None:
        self.proxy = proxy
        self.cache = (Path(os.path.expanduser("~")) / ".aws" / "sso" / "cache"
                      / (sha1(START_URL.encode()).hexdigest() + ".json"))
        self.cache.parent.mkdir(parents=True, exist_ok=True)
        expiration_ms = int((time.time() + 300) * 1000)  # inside botocore's 10-minute window:
        # every call refreshes the role credentials, as an app near the end of a session does.
        proxy.add(fp.RESPOND, path_prefix="/federation/credentials", times=None, body={
            "roleCredentials": {"accessKeyId": "ASIASSOTESTKEY", "secretAccessKey": "sso-secret",
                                "sessionToken": "sso-session-token", "expiration": expiration_ms}})

    def login(self) -> None:
        self._write(datetime.now(UTC) + timedelta(hours=8))

    def expire(self) -> None:
        self._write(datetime.now(UTC) - timedelta(minutes=1))

    def _write(self, expires: datetime) -> None:
        self.cache.write_text(json.dumps({
            "startUrl": START_URL, "region": "us-east-1", "accessToken": "sso-access-token",
            "expiresAt": expires.strftime("%Y-%m-%dT%H:%M:%SZ")}))

    def role_requests(self) -> int:
        return len(self.proxy.requests()) - sum(1 for r in self.proxy.requests() if r.operation)


@pytest.fixture
def sso(proxy: FaultProxy, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SsoPortal]:
    write_config(tmp_path, monkeypatch, f"[profile sso-support]\nsso_start_url = {START_URL}\n"
                 "sso_region = us-east-1\nsso_account_id = 123456789012\nsso_role_name = Support\n"
                 "region = us-east-1\n")
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO", proxy.url)
    portal = SsoPortal(proxy)
    portal.login()
    yield portal
    portal.cache.unlink(missing_ok=True)


def test_sso_session_running_out_says_which_login_to_run(sso: SsoPortal, proxy: FaultProxy,
                                                         table: str) -> None:
    conn = profile_conn(proxy, "sso-support")
    reader = Reader(conn)
    assert reader.get_item(table, LOCK) == LOCK
    assert sso.role_requests() >= 1  # credentials came from the (fake) SSO portal

    sso.expire()
    with pytest.raises(Exception) as info:
        reader.get_item(table, LOCK)
    err = describe_error(info.value, profile=conn.spec.profile)
    assert err.title == "SSO login needed"
    assert "`aws sso login --profile sso-support`" in err.message and "retry" in err.message
    assert len(proxy.requests("GetItem")) == 1  # refused before anything was sent

    sso.login()
    assert reader.get_item(table, LOCK) == LOCK  # the same operation, the same Connection


def test_sso_portal_refusing_the_token_is_the_same_sentence(sso: SsoPortal, proxy: FaultProxy,
                                                            table: str) -> None:
    conn = profile_conn(proxy, "sso-support")
    reader = Reader(conn)
    assert reader.get_item(table, LOCK) == LOCK
    proxy.clear()
    proxy.add(fp.RESPOND, path_prefix="/federation/credentials", status=401, times=None, body={
        "__type": "com.amazonaws.switchboard.portal#UnauthorizedException",
        "message": "Session token not found or invalid"})
    with pytest.raises(Exception) as info:
        reader.get_item(table, LOCK)
    assert describe_error(info.value, profile="sso-support").title == "SSO login needed"


def test_cli_reports_the_login_to_run(sso: SsoPortal, proxy: FaultProxy, table: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    sso.expire()
    code = cli_main(["diagnose", "--profile", "sso-support", "--endpoint-url", proxy.url,
                     "--table", table, "--rule", "email", "ada@lovelace.io"])
    err = capsys.readouterr().err
    assert code == 2
    assert "aws sso login --profile sso-support" in err


# ------------------------------------------------------------------ endpoint away and back


def test_endpoint_away_and_back_same_connection(proxy: FaultProxy, pconn: Connection, table: str) -> None:
    reader = Reader(pconn)
    assert reader.get_item(table, LOCK) == LOCK  # a pooled keep-alive connection now exists
    proxy.go_down()
    started = time.perf_counter()
    with pytest.raises(Exception) as info:
        reader.get_item(table, LOCK)
    assert time.perf_counter() - started < 5  # refused connections fail fast, retries included
    err = describe_error(info.value, endpoint=pconn.spec.endpoint_url)
    assert err.title == "Endpoint unreachable" and pconn.spec.endpoint_url in err.message
    proxy.come_back()
    assert reader.get_item(table, LOCK) == LOCK  # the same Connection reconnects by itself


def test_cli_transact_with_the_endpoint_gone_exits_2_with_a_sentence(
        proxy: FaultProxy, table: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    request = tmp_path / "signup.json"
    request.write_text(json.dumps({"TransactItems": [{"Put": {
        "TableName": table, "Item": {"PK": {"S": "ACCT#cli"}, "SK": {"S": "PROFILE"}},
        "ConditionExpression": "attribute_not_exists(PK)"}}]}))
    proxy.go_down()
    code = cli_main(["transact", str(request), "--endpoint-url", proxy.url, "--yes"])
    err = capsys.readouterr().err
    assert code == 2
    assert "Endpoint unreachable" in err and proxy.url in err
    assert "AttributeError" not in err
