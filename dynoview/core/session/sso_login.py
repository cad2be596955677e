"""SSO sign-in from the app: the OAuth device authorization flow of IAM Identity Center.

What ``aws sso login`` does, for a profile whose token is missing or expired: register a public
client with SSO OIDC, start a device authorization for the start URL, let the user approve it in
the browser (the code shown beside), poll CreateToken until approved, and write the token where
the AWS CLI and botocore read it (``~/.aws/sso/cache/<sha1 of the session name or start URL>.json``)
in their format, so DynoView, the AWS CLI and every SDK share one sign-in.

Qt-free and blocking: the window runs ``wait_for_token`` in a worker with a cancel event.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.session.private_files import shared_private_dir

CLIENT_NAME = "DynoView"
GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code"
DEFAULT_SCOPES = ("sso:account:access",)


class SsoSignInError(DynoViewError):
    """The device flow could not finish (not an SSO profile, expired, denied, cancelled)."""


@dataclass(frozen=True)
class SsoSettings:
    """Where a profile signs in: its start URL, region, and sso-session name (None: legacy)."""

    profile: str
    start_url: str
    region: str
    session_name: str | None
    scopes: tuple[str, ...]

    @property
    def cache_name(self) -> str:
        return self.session_name or self.start_url


@dataclass(frozen=True)
class DeviceAuthorization:
    """A started sign-in: what the user opens and checks, and what polling needs."""

    settings: SsoSettings
    verification_url: str  # the complete URL (the code filled in)
    user_code: str  # shown so the user can check the browser shows the same
    device_code: str
    interval: int
    expires_at: float  # time.monotonic() after which the code is dead
    client_id: str
    client_secret: str
    registration_expires_at: datetime


def profile_session(profile: str) -> Any:
    """A boto3 session on ``profile``, for the device flow (the UI never builds one itself)."""
    import boto3.session

    return boto3.session.Session(profile_name=profile)


def sso_settings(boto3_session: Any, profile: str) -> SsoSettings:
    """The profile's SSO settings (from an ``sso-session`` section or the profile itself)."""
    config = boto3_session._session.full_config  # botocore's parsed config files
    section = config.get("profiles", {}).get(profile)
    if section is None:
        raise SsoSignInError(f"The AWS profile {profile!r} is not in your AWS config file.")
    session_name = section.get("sso_session")
    source = section
    if session_name is not None:
        source = config.get("sso_sessions", {}).get(session_name)
        if source is None:
            raise SsoSignInError(f"Profile {profile} names the sso-session {session_name!r}, which "
                                 "your AWS config file does not define.")
    start_url, region = source.get("sso_start_url"), source.get("sso_region")
    if not start_url or not region:
        raise SsoSignInError(f"Profile {profile} is not an SSO profile (no sso_start_url and "
                             "sso_region): sign in to it another way.")
    scopes = tuple(s.strip() for s in str(source.get("sso_registration_scopes", "")).split(",")
                   if s.strip()) or DEFAULT_SCOPES
    return SsoSettings(profile, start_url, region, session_name, scopes)


def _oidc(boto3_session: Any, region: str) -> Any:
    from botocore import UNSIGNED
    from botocore.config import Config

    # Unsigned, as the service wants: there are no credentials yet, that is the point. Short
    # timeouts and few retries: a cancel is honoured after the call in flight, so that call must
    # not hang (botocore's default is 60 s per read, five attempts).
    return boto3_session.client("sso-oidc", region_name=region, config=Config(
        signature_version=UNSIGNED, user_agent_extra="DynoView", connect_timeout=5,
        read_timeout=15, retries={"mode": "standard", "total_max_attempts": 2}))


def _web_page(url: str) -> str:
    """The verification page the browser is sent to: https only. The answer comes from the
    network (a hostile endpoint or proxy could name file:// or an app's own scheme, which the
    desktop would open with whatever handles it)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme.lower() != "https" or not parts.netloc:
        raise SsoSignInError(f"The SSO service sent a verification page that is not an https:// "
                             f"address ({url[:80]!r}), so DynoView did not open it. Check the "
                             "profile's sso_start_url and sso_region.", field="sso")
    return url


def start_sign_in(boto3_session: Any, profile: str) -> DeviceAuthorization:
    """Register a client and start the device authorization (two calls to SSO OIDC)."""
    settings = sso_settings(boto3_session, profile)
    oidc = _oidc(boto3_session, settings.region)
    client = oidc.register_client(clientName=CLIENT_NAME, clientType="public",
                                  scopes=list(settings.scopes))
    started = oidc.start_device_authorization(clientId=client["clientId"],
                                              clientSecret=client["clientSecret"],
                                              startUrl=settings.start_url)
    return DeviceAuthorization(
        settings=settings,
        verification_url=_web_page(started.get("verificationUriComplete") or started["verificationUri"]),
        user_code=started["userCode"], device_code=started["deviceCode"],
        interval=int(started.get("interval") or 5),
        expires_at=time.monotonic() + int(started["expiresIn"]),
        client_id=client["clientId"], client_secret=client["clientSecret"],
        registration_expires_at=datetime.fromtimestamp(int(client["clientSecretExpiresAt"]), UTC))


def wait_for_token(boto3_session: Any, auth: DeviceAuthorization, cancel: threading.Event,
                   sleep: Callable[[float], Any] | None = None) -> dict[str, Any]:
    """Poll CreateToken until the user approved (then write the cache and return the token),
    refused, let the code expire, or ``cancel`` was set."""
    from botocore.exceptions import ClientError

    wait = sleep or cancel.wait
    oidc = _oidc(boto3_session, auth.settings.region)
    interval = auth.interval
    while True:
        if cancel.is_set():
            raise SsoSignInError("SSO sign-in cancelled: nothing was written.")
        if time.monotonic() > auth.expires_at:
            raise SsoSignInError("The SSO sign-in code expired before it was approved in the "
                                 "browser. Start the sign-in again.")
        try:
            answer = oidc.create_token(grantType=GRANT_TYPE, deviceCode=auth.device_code,
                                       clientId=auth.client_id, clientSecret=auth.client_secret)
        except ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            if code == "AuthorizationPendingException":
                wait(interval)
                continue
            if code == "SlowDownException":
                interval += 5  # as RFC 8628 says
                wait(interval)
                continue
            if code == "AccessDeniedException":
                raise SsoSignInError("The SSO sign-in was refused in the browser.") from exc
            if code == "ExpiredTokenException":
                raise SsoSignInError("The SSO sign-in code expired before it was approved in the "
                                     "browser. Start the sign-in again.") from exc
            raise
        if cancel.is_set():  # approved while the user cancelled: cancel wins, nothing is written
            raise SsoSignInError("SSO sign-in cancelled: nothing was written.")
        token = token_record(auth, answer)
        write_token(auth.settings, token)
        return token


def token_record(auth: DeviceAuthorization, answer: dict[str, Any]) -> dict[str, Any]:
    """The cache entry in the AWS CLI's format (the one botocore's SSO providers read)."""
    expires = datetime.now(UTC) + timedelta(seconds=int(answer["expiresIn"]))
    record = {
        "startUrl": auth.settings.start_url,
        "region": auth.settings.region,
        "accessToken": answer["accessToken"],
        "expiresAt": _iso(expires),
        "clientId": auth.client_id,
        "clientSecret": auth.client_secret,
        "registrationExpiresAt": _iso(auth.registration_expires_at),
    }
    if answer.get("refreshToken"):
        record["refreshToken"] = answer["refreshToken"]
    return record


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def token_cache_dir() -> str:
    """Where botocore reads SSO tokens (fixed when botocore was imported: the same folder the
    AWS CLI writes, ``~/.aws/sso/cache``)."""
    from botocore.credentials import SSOProvider

    return str(SSOProvider._SSO_TOKEN_CACHE_DIR)


def write_token(settings: SsoSettings, token: dict[str, Any]) -> None:
    """Save ``token`` under botocore's own key for this session (files 0600, as the CLI's).

    botocore makes missing folders with the umask (0777 under umask 000, where anyone could
    replace the token): they are made 0700 first (``private_files.shared_private_dir``).
    """
    from botocore.utils import JSONFileCache, SSOTokenLoader

    folder = Path(token_cache_dir())
    shared_private_dir(folder, top=folder.parent.parent)  # ~/.aws/sso/cache, from ~/.aws
    SSOTokenLoader(cache=JSONFileCache(str(folder))).save_token(
        settings.start_url, token, session_name=settings.session_name)
