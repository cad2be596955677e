"""Signing in through assumed roles against moto's STS (``AWS_ENDPOINT_URL_STS``): MFA asked once
per credentials' lifetime, chains, credential_source, credential_process and its failure."""

from __future__ import annotations

import datetime
import json
import time
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.identity import caller_identity
from dynoview.core.session.signin import MfaCancelled, SignInError, install_signin, sign_in
from tests.integration.signin_profiles import ACCOUNT, MFA_CODE, MFA_SERIAL, Profiles, use_profiles

pytestmark = [pytest.mark.integration]


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> Profiles:
    return use_profiles(tmp_path, monkeypatch, moto_endpoint)


def open_profile(profiles: Profiles, name: str, endpoint: str) -> Connection:
    spec = ConnectionSpec(name=name, profile=name, endpoint_url=endpoint, region="us-east-1")
    return Connection(spec, mfa_prompter=profiles.prompter)


def test_an_mfa_role_asks_once_and_its_session_is_reused(profiles: Profiles, moto_endpoint: str) -> None:
    conn = open_profile(profiles, "mfa", moto_endpoint)
    assert [(r.serial, r.profile) for r in profiles.asked] == [(MFA_SERIAL, "mfa")]
    conn.list_tables()
    identity = caller_identity(conn)
    assert identity is not None and identity.account == ACCOUNT
    assert ":assumed-role/support/" in identity.arn and identity.region == "us-east-1"
    # Within the lifetime: a second connection (a reconnect) reads the cached session.
    again = open_profile(profiles, "mfa", moto_endpoint)
    again.list_tables()
    assert len(profiles.asked) == 1
    cached = profiles.cache_files()
    assert len(cached) == 1 and (cached[0].stat().st_mode & 0o077) == 0
    assert MFA_CODE not in cached[0].read_text()  # the answer is cached, never the code


def test_an_mfa_session_is_refreshed_after_it_expires_asking_once_more(
        profiles: Profiles, moto_endpoint: str) -> None:
    """duration_seconds = 905: botocore treats credentials as expired 900 s before their end,
    so this session lives 5 s here."""
    start = time.monotonic()
    conn = open_profile(profiles, "mfa-short", moto_endpoint)
    first = conn.session.get_credentials().get_frozen_credentials().access_key
    for _ in range(3):
        conn.list_tables()
    assert len(profiles.asked) == 1
    time.sleep(max(0.0, 6.5 - (time.monotonic() - start)))
    conn.list_tables()  # botocore refreshes on this call: the prompt comes back, once
    assert len(profiles.asked) == 2
    conn.list_tables()
    assert len(profiles.asked) == 2
    assert conn.session.get_credentials().get_frozen_credentials().access_key != first


def test_cancelling_a_refresh_prompt_says_the_session_ended_not_that_it_is_not_connected(
        profiles: Profiles, moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the mandatory refresh (10 minutes before the end; a failed refresh before that
    keeps the old credentials), a cancelled prompt stops the request and says why."""
    from botocore import credentials

    real_now, shift = credentials._local_now, [0.0]
    monkeypatch.setattr(credentials, "_local_now",
                        lambda: real_now() + datetime.timedelta(seconds=shift[0]))
    conn = open_profile(profiles, "mfa-short", moto_endpoint)
    conn.list_tables()
    shift[0] = 400.0  # 905 s sessions: 5 s left of them
    profiles.answer = None
    with pytest.raises(MfaCancelled) as cancelled:
        conn.list_tables()
    assert "session ended" in cancelled.value.message and "not sent" in cancelled.value.message
    assert "Not connected" not in cancelled.value.message


def test_requests_queued_behind_a_cancelled_refresh_prompt_are_not_asked_again(
        profiles: Profiles, moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three reads reach the mandatory refresh together: botocore refreshes under one lock, so
    the two queued behind the first prompt each asked again after its Cancel (Cancel, Cancel,
    Cancel). The Cancel holds for them; a request after the quiet time asks again."""
    from botocore import credentials

    from dynoview.core.session import signin

    real_now, shift = credentials._local_now, [0.0]
    monkeypatch.setattr(credentials, "_local_now",
                        lambda: real_now() + datetime.timedelta(seconds=shift[0]))
    monkeypatch.setattr(signin, "CANCEL_QUIET_S", 1.0)
    conn = open_profile(profiles, "mfa-short", moto_endpoint)
    conn.list_tables()
    asked = len(profiles.asked)
    shift[0] = 400.0
    profiles.answer = None
    for _ in range(3):  # as the requests queued on the refresh lock come to it, one by one
        with pytest.raises(MfaCancelled, match="session ended") as cancelled:
            conn.list_tables()
        # Said as it is: a request in the quiet time gets this answer too, no prompt.
        assert "Nor is one made within 1 s of this Cancel" in cancelled.value.message
    assert len(profiles.asked) == asked + 1
    time.sleep(1.1)
    with pytest.raises(MfaCancelled):
        conn.list_tables()
    assert len(profiles.asked) == asked + 2


def test_cancelling_the_prompt_leaves_nothing(profiles: Profiles, moto_endpoint: str) -> None:
    profiles.answer = None
    with pytest.raises(MfaCancelled, match=MFA_SERIAL):
        open_profile(profiles, "mfa", moto_endpoint)
    assert profiles.cache_files() == []
    profiles.answer = "12345"  # five digits: said, not sent
    with pytest.raises(SignInError, match="six digits"):
        open_profile(profiles, "mfa", moto_endpoint)
    assert profiles.cache_files() == []


def test_no_prompter_is_a_sentence_not_a_hang(profiles: Profiles, moto_endpoint: str) -> None:
    spec = ConnectionSpec(name="mfa", profile="mfa", endpoint_url=moto_endpoint, region="us-east-1")
    with pytest.raises(SignInError, match="--mfa-code"):
        Connection(spec)


def recorded_session(profile: str) -> tuple[Any, list[dict[str, Any]]]:
    import boto3.session

    session = boto3.session.Session(profile_name=profile)
    calls: list[dict[str, Any]] = []
    # Every STS client of this session (the chain's AssumeRole calls) copies this handler.
    session.events.register("provide-client-params.sts.AssumeRole",
                            lambda params, **_: calls.append(dict(params)))
    return session, calls


def test_a_role_chain_honours_session_name_external_id_and_duration(
        profiles: Profiles, moto_endpoint: str) -> None:
    session, calls = recorded_session("chained")
    install_signin(session, profiles.prompter)
    sign_in(session, "chained")
    assert [c["RoleArn"].rsplit("/", 1)[-1] for c in calls] == ["jump", "readonly"]
    assert calls[1]["RoleSessionName"] == "ada-support" and calls[1]["ExternalId"] == "ext-4242"
    assert calls[1]["DurationSeconds"] == 1800
    assert profiles.asked == []
    conn = open_profile(profiles, "chained", moto_endpoint)
    conn.list_tables()
    identity = caller_identity(conn)
    assert identity is not None and identity.arn.endswith(":assumed-role/readonly/ada-support")
    expiries = [json.loads(p.read_text())["Credentials"]["Expiration"] for p in profiles.cache_files()]
    assert len(expiries) == 2  # both links of the chain are cached


def test_credential_source_environment(profiles: Profiles, moto_endpoint: str,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "AKIAFROMENVIRONMENT1")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "environment-secret-key-000000000000000000")
    conn = open_profile(profiles, "from-environment", moto_endpoint)
    identity = caller_identity(conn)
    assert identity is not None and ":assumed-role/from-env/" in identity.arn


def test_credential_process_connects(profiles: Profiles, moto_endpoint: str) -> None:
    conn = open_profile(profiles, "process", moto_endpoint)
    conn.list_tables()
    assert conn.session.get_credentials().get_frozen_credentials().access_key == "ASIAPROCESSPROFILE01"


def test_a_failing_credential_process_is_a_sentence_without_its_stderr(
        profiles: Profiles, moto_endpoint: str) -> None:
    with pytest.raises(SignInError) as info:
        open_profile(profiles, "failing-process", moto_endpoint)
    message = info.value.message
    assert message.startswith("The credential_process of profile failing-process")
    assert "exited with status 3" in message
    # Never quoted: a helper's messages can hold its own secrets (docs/signin.md).
    assert "the token for ada" not in message
    assert "Run that command in a terminal" in message


def test_an_unwritable_cache_folder_still_connects(profiles: Profiles, moto_endpoint: str) -> None:
    (profiles.home / ".aws").write_text("not a folder")  # ~/.aws/cli/cache cannot be made
    conn = open_profile(profiles, "mfa", moto_endpoint)
    conn.list_tables()
    conn.list_tables()
    assert len(profiles.asked) == 1  # kept in memory for this connection
