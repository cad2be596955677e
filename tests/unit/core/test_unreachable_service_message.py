"""A connection failure names the service that could not be reached: STS (a role profile, with or
without MFA), the SSO portal (an SSO profile with a cached token) or SSO OIDC (the window's Sign
in…), told apart by the URL botocore names; only DynamoDB's own endpoint is "the DynamoDB
endpoint". Signing in makes no DynamoDB request, so a failure there is never DynamoDB's.

The sign-in cases run botocore's real providers on the test's own config files (tmp_path), with
the sign-in service's endpoint on a loopback port that refuses connections."""

from __future__ import annotations

import hashlib
import json
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from botocore.exceptions import (
    ConnectionClosedError,
    ConnectTimeoutError,
    EndpointConnectionError,
    ReadTimeoutError,
)

from dynoview.core.errors import describe_error
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.signin import MfaRequest, SignInError
from dynoview.core.session.sso_login import token_cache_dir

NETWORK = "Check your network connection, VPN and proxy settings"


@pytest.mark.parametrize(("url", "says"), [
    ("https://sts.us-east-1.amazonaws.com/", "Could not reach AWS STS at https://sts.us-east-1.amazonaws.com,"),
    ("https://sts.amazonaws.com/", "Could not reach AWS STS at https://sts.amazonaws.com,"),
    ("https://portal.sso.eu-west-1.amazonaws.com/federation/credentials?role_name=r&account_id=1",
     "Could not reach the IAM Identity Center (SSO) portal at https://portal.sso.eu-west-1.amazonaws.com,"),
    ("https://oidc.eu-west-1.amazonaws.com/token",
     "Could not reach IAM Identity Center's sign-in service (SSO OIDC) at "
     "https://oidc.eu-west-1.amazonaws.com,"),
    # Set by AWS_ENDPOINT_URL_SSO / _SSO_OIDC: the host says nothing, the path does.
    ("http://127.0.0.1:9/federation/credentials", "the IAM Identity Center (SSO) portal at http://127.0.0.1:9,"),
    ("http://127.0.0.1:9/client/register", "(SSO OIDC) at http://127.0.0.1:9,"),
    ("http://127.0.0.1:9/device_authorization", "(SSO OIDC) at http://127.0.0.1:9,"),
])
@pytest.mark.parametrize("error", [EndpointConnectionError, ConnectTimeoutError, ConnectionClosedError])
def test_a_sign_in_service_that_cannot_be_reached_is_named(url: str, says: str, error: type) -> None:
    err = describe_error(error(endpoint_url=url), profile="support", endpoint="http://localhost:8000")
    assert says in err.message
    assert "DynamoDB endpoint" not in err.message and "for DynamoDB Local" not in err.message
    assert "nothing was sent to DynamoDB" in err.message and NETWORK in err.message
    assert "role_name" not in err.message  # the place, not the call's query


@pytest.mark.parametrize("url", ["https://portal.sso.us-east-1.amazonaws.com/federation/credentials",
                                 "https://oidc.us-east-1.amazonaws.com/token"])
def test_an_unreachable_sso_service_says_aws_sso_login(url: str) -> None:
    err = describe_error(EndpointConnectionError(endpoint_url=url), profile="sso support")
    assert "`aws sso login --profile 'sso support'`" in err.message
    assert err.code == "SSOUnreachable"


@pytest.mark.parametrize("url", ["http://localhost:8000/", "https://dynamodb.eu-west-1.amazonaws.com/",
                                 "https://streams.dynamodb.eu-west-1.amazonaws.com/"])
def test_dynamodb_s_own_endpoint_is_still_the_dynamodb_endpoint(url: str) -> None:
    err = describe_error(EndpointConnectionError(endpoint_url=url), endpoint="http://localhost:8000")
    assert err.message.startswith("Could not reach the DynamoDB endpoint at http://localhost:8000.")
    assert err.code == "EndpointUnreachable"


@pytest.mark.parametrize(("url", "title", "says"), [
    ("https://sts.amazonaws.com/", "AWS STS timed out", "AWS STS at https://sts.amazonaws.com accepted"),
    ("https://portal.sso.eu-west-1.amazonaws.com/federation/credentials",
     "IAM Identity Center (SSO) portal timed out", "The IAM Identity Center (SSO) portal at "),
    ("https://oidc.eu-west-1.amazonaws.com/token",
     "IAM Identity Center's sign-in service (SSO OIDC) timed out",
     "(SSO OIDC) at https://oidc.eu-west-1.amazonaws.com accepted"),
])
def test_a_sign_in_service_that_does_not_answer_is_named(url: str, title: str, says: str) -> None:
    err = describe_error(ReadTimeoutError(endpoint_url=url), profile="support",
                         endpoint="http://localhost:8000")
    assert err.title == title and says in err.message
    assert "DynamoDB endpoint" not in err.message and "nothing was sent to DynamoDB" in err.message


def test_dynamodb_s_own_endpoint_that_does_not_answer_is_still_dynamodb() -> None:
    err = describe_error(ReadTimeoutError(endpoint_url="http://localhost:8000/"),
                         endpoint="http://localhost:8000")
    assert err.title == "Timed out" and err.message.startswith("The DynamoDB endpoint at http://localhost:8000")


# -- signing in, with botocore's providers


@pytest.fixture
def refused() -> Iterator[str]:
    """A loopback URL whose port is bound but not listening: connections are refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"


@pytest.fixture
def aws_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own config and credentials files; no keys in the environment."""
    (tmp_path / "credentials").write_text(
        "[base]\naws_access_key_id = AKIABASEFAKEKEY00001\naws_secret_access_key = base-secret\n")
    (tmp_path / "config").write_text("""\
[profile base]
region = us-east-1

[profile role]
role_arn = arn:aws:iam::123456789012:role/support
source_profile = base
region = us-east-1

[profile mfa]
role_arn = arn:aws:iam::123456789012:role/support
source_profile = base
mfa_serial = arn:aws:iam::123456789012:mfa/ada
region = us-east-1

[profile sso]
sso_session = unreachable-test
sso_account_id = 123456789012
sso_role_name = ReadOnly
region = us-east-1

[sso-session unreachable-test]
sso_start_url = https://unreachable-test.awsapps.example/start
sso_region = eu-west-1
""")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "credentials"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # the AWS CLI's role cache starts empty
    monkeypatch.setenv("AWS_MAX_ATTEMPTS", "1")  # refused is refused: no retries to wait for
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _connect(profile: str) -> SignInError:
    """Connecting to a DynamoDB endpoint that is never reached: signing in fails first."""
    spec = ConnectionSpec(name=profile, profile=profile, endpoint_url="http://localhost:8000",
                          region="us-east-1")
    with pytest.raises(SignInError) as info:
        Connection(spec, mfa_prompter=lambda _request: "918273", credential_cache={})
    return info.value


@pytest.mark.parametrize("profile", ["role", "mfa"])
def test_a_role_whose_sts_cannot_be_reached_names_sts(aws_files: Path, refused: str,
                                                      monkeypatch: pytest.MonkeyPatch, profile: str) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", refused)  # STS's host says nothing: "/" like DynamoDB
    err = _connect(profile)
    assert err.message.startswith(f"Could not reach AWS STS at {refused}, where the role for profile "
                                  f"{profile} is assumed, so nothing was sent to DynamoDB.")
    assert "DynamoDB endpoint" not in err.message and NETWORK in err.message
    shown = describe_error(err, profile=profile, endpoint="http://localhost:8000")
    assert shown.message == err.message


def test_the_mfa_code_is_asked_before_sts_is_found_unreachable(aws_files: Path, refused: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", refused)
    asked: list[MfaRequest] = []
    spec = ConnectionSpec(name="mfa", profile="mfa", endpoint_url="http://localhost:8000")
    with pytest.raises(SignInError, match="Could not reach AWS STS"):
        Connection(spec, mfa_prompter=lambda request: asked.append(request) or "918273",
                   credential_cache={})
    assert [r.profile for r in asked] == ["mfa"]


@pytest.fixture
def sso_token(aws_files: Path) -> Iterator[None]:
    """A valid cached SSO token for the sso-session: the portal is what is called next."""
    cache = Path(token_cache_dir()) / (hashlib.sha1(b"unreachable-test").hexdigest() + ".json")
    cache.parent.mkdir(parents=True, exist_ok=True)
    expires = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    cache.write_text(json.dumps({"startUrl": "https://unreachable-test.awsapps.example/start",
                                 "region": "eu-west-1", "accessToken": "cached-access-token",
                                 "expiresAt": expires}))
    yield
    cache.unlink(missing_ok=True)


def test_an_sso_profile_whose_portal_cannot_be_reached_names_the_portal(
        sso_token: None, refused: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO", refused)
    err = _connect("sso")
    assert err.message.startswith(f"Could not reach the IAM Identity Center (SSO) portal at {refused}, "
                                  "which hands out the role credentials for profile sso, so nothing "
                                  "was sent to DynamoDB.")
    assert "`aws sso login --profile sso`" in err.message
    assert "cached-access-token" not in err.message
