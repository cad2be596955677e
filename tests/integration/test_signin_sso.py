"""SSO sign-in from the app (issue 25, item 3): the device authorization flow against a local
endpoint that speaks SSO OIDC and the SSO portal as documented (``sso_endpoint``: the real
service cannot be reached from here), then botocore's own SSO provider reads the token it wrote."""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.errors import describe_error
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.sso_login import SsoSignInError, start_sign_in, token_cache_dir, wait_for_token
from tests.integration.sso_endpoint import (
    ACCESS_TOKEN,
    CLIENT_SECRET,
    REFRESH_TOKEN,
    ROLE_KEY,
    USER_CODE,
    SsoEndpoint,
)

pytestmark = [pytest.mark.integration]

CONFIG = """\
[profile sso-support]
sso_session = corp
sso_account_id = 123456789012
sso_role_name = SupportReadOnly
region = us-east-1

[sso-session corp]
sso_start_url = https://corp.awsapps.example/start
sso_region = eu-west-1
sso_registration_scopes = sso:account:access

[profile plain]
region = us-east-1
"""


@pytest.fixture
def sso(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SsoEndpoint]:
    endpoint = SsoEndpoint()
    (tmp_path / "config").write_text(CONFIG)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO_OIDC", endpoint.url)
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO", endpoint.url)
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    cache = Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")
    cache.unlink(missing_ok=True)
    yield endpoint
    cache.unlink(missing_ok=True)
    endpoint.stop()


def spec(moto_endpoint: str) -> ConnectionSpec:
    return ConnectionSpec(name="sso", profile="sso-support", endpoint_url=moto_endpoint, region="us-east-1")


def test_device_flow_writes_the_cache_botocore_reads(sso: SsoEndpoint, moto_endpoint: str) -> None:
    import boto3.session

    with pytest.raises(Exception) as before:
        Connection(spec(moto_endpoint))
    assert describe_error(before.value, profile="sso-support").title == "SSO login needed"

    session = boto3.session.Session(profile_name="sso-support")
    auth = start_sign_in(session, "sso-support")
    assert auth.user_code == USER_CODE and USER_CODE in auth.verification_url
    assert auth.settings.region == "eu-west-1" and auth.settings.session_name == "corp"
    register = dict(sso.calls)["/client/register"]
    assert register["clientType"] == "public" and register["scopes"] == ["sso:account:access"]
    assert dict(sso.calls)["/device_authorization"]["startUrl"] == "https://corp.awsapps.example/start"

    polls: list[float] = []

    def sleep(seconds: float) -> None:  # the user approves after the second poll
        polls.append(seconds)
        if len(polls) == 2:
            sso.approved.set()

    token = wait_for_token(session, auth, threading.Event(), sleep=sleep)
    assert polls == [1, 1] and sso.paths().count("/token") == 3
    assert token["accessToken"] == ACCESS_TOKEN and token["refreshToken"] == REFRESH_TOKEN

    path = Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")
    written = json.loads(path.read_text())
    assert written["startUrl"] == "https://corp.awsapps.example/start" and written["region"] == "eu-west-1"
    assert written["clientSecret"] == CLIENT_SECRET and written["expiresAt"].endswith("Z")
    assert oct(path.stat().st_mode & 0o777) == "0o600"

    # botocore's own SSO provider now signs in with it: the portal hands over role credentials.
    conn = Connection(spec(moto_endpoint))
    conn.list_tables()
    assert conn.session.get_credentials().get_frozen_credentials().access_key == ROLE_KEY
    federation = [q for p, q in sso.calls if p == "/federation/credentials"]
    assert federation == [{"role_name": "SupportReadOnly", "account_id": "123456789012"}]


def test_cancel_and_non_sso_profiles_are_sentences(sso: SsoEndpoint) -> None:
    import boto3.session

    with pytest.raises(SsoSignInError, match="not an SSO profile"):
        start_sign_in(boto3.session.Session(profile_name="plain"), "plain")
    session = boto3.session.Session(profile_name="sso-support")
    auth = start_sign_in(session, "sso-support")
    cancel = threading.Event()
    with pytest.raises(SsoSignInError, match="cancelled"):
        wait_for_token(session, auth, cancel, sleep=lambda _s: cancel.set())
    assert not (Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")).exists()
    assert os.environ["AWS_ENDPOINT_URL_SSO_OIDC"] == sso.url


@pytest.mark.parametrize("page", ["file:///etc/passwd", "ms-settings:", "http://device.sso.example/",
                                  "javascript:alert(1)"])
def test_a_verification_page_that_is_not_https_is_refused(sso: SsoEndpoint, page: str) -> None:
    """The page comes from the network: anything but https:// is never handed to the desktop
    (which would open it with whatever handles the scheme)."""
    import boto3.session

    sso.verification_page = page
    with pytest.raises(SsoSignInError, match="not an https:// address"):
        start_sign_in(boto3.session.Session(profile_name="sso-support"), "sso-support")
