"""A sign-in inside ``signin.replaceable(event)``: once another connection replaces it (the
event set), it ends with ``MfaCancelled`` and no role is assumed, even if a code comes after.
Against moto's STS (``AWS_ENDPOINT_URL_STS``), profiles in per-test AWS config files."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.signin import MfaCancelled, MfaRequest, replaceable
from tests.integration.signin_profiles import MFA_CODE, MFA_SERIAL, Profiles, use_profiles

pytestmark = [pytest.mark.integration]


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> Profiles:
    return use_profiles(tmp_path, monkeypatch, moto_endpoint)


def spec(endpoint: str) -> ConnectionSpec:
    return ConnectionSpec(name="support", profile="mfa", endpoint_url=endpoint, region="us-east-1")


def test_a_code_typed_after_the_sign_in_was_replaced_is_not_sent(
        profiles: Profiles, moto_endpoint: str) -> None:
    replaced = threading.Event()
    asked: list[MfaRequest] = []

    def prompter(request: MfaRequest) -> str:
        asked.append(request)
        replaced.set()  # another connection replaced this one while the dialog was open
        return MFA_CODE

    with replaceable(replaced), pytest.raises(MfaCancelled, match="another connection replaced") as err:
        Connection(spec(moto_endpoint), mfa_prompter=prompter)
    assert [r.cancel for r in asked] == [replaced]  # the prompt could wait on it
    assert MFA_SERIAL in err.value.message
    assert profiles.cache_files() == []  # no role was assumed


def test_a_sign_in_replaced_before_it_asks_asks_nothing(profiles: Profiles, moto_endpoint: str) -> None:
    replaced = threading.Event()
    replaced.set()
    with replaceable(replaced), pytest.raises(MfaCancelled, match="another connection replaced"):
        Connection(spec(moto_endpoint), mfa_prompter=profiles.prompter)
    assert profiles.asked == []


def test_outside_the_block_a_sign_in_is_not_replaceable(profiles: Profiles, moto_endpoint: str) -> None:
    replaced = threading.Event()
    replaced.set()
    with replaceable(replaced):
        pass
    Connection(spec(moto_endpoint), mfa_prompter=profiles.prompter).list_tables()
    assert [r.cancel for r in profiles.asked] == [None]
