"""A code STS refuses is asked for again, saying why, up to ``MFA_TRIES`` codes: against the local
STS endpoint that checks codes, with real profile files. Cancel there is a sentence and no
connection; the command line without a terminal says the refusal instead of asking."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.identity import caller_identity
from dynoview.core.session.signin import MFA_TRIES, MfaCancelled, MfaRequest, SignInError
from tests.integration.signin_profiles import MFA_CODE, MFA_SERIAL, Profiles, use_profiles
from tests.integration.sts_endpoint import StsEndpoint

pytestmark = [pytest.mark.integration]

WRONG = ["407162", "555123", "000999"]


@pytest.fixture
def sts() -> Iterator[StsEndpoint]:
    endpoint = StsEndpoint()
    yield endpoint
    endpoint.stop()


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sts: StsEndpoint) -> Profiles:
    return use_profiles(tmp_path, monkeypatch, sts.url)


class Typist:
    """Answers each prompt with the next of ``answers`` and keeps what each prompt said."""

    def __init__(self, *answers: str | None) -> None:
        self.answers = list(answers)
        self.asked: list[MfaRequest] = []

    def __call__(self, request: MfaRequest) -> str | None:
        self.asked.append(request)
        return self.answers.pop(0)

    def said(self) -> list[tuple[str | None, int]]:
        return [(r.again, r.tries_left) for r in self.asked]


def connect(typist: Typist, endpoint: str) -> Connection:
    spec = ConnectionSpec(name="mfa", profile="mfa", endpoint_url=endpoint, region="us-east-1")
    return Connection(spec, mfa_prompter=typist)


def sent(sts: StsEndpoint) -> list[str | None]:
    return [c.get("TokenCode") for c in sts.calls if c.get("Action") == "AssumeRole"]


def test_a_refused_code_is_asked_for_again_and_the_next_one_connects(
        profiles: Profiles, sts: StsEndpoint, moto_endpoint: str,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    typist = Typist(WRONG[0], MFA_CODE)
    conn = connect(typist, moto_endpoint)
    assert typist.said() == [(None, MFA_TRIES), ("refused", MFA_TRIES - 1)]
    assert {(r.serial, r.profile) for r in typist.asked} == {(MFA_SERIAL, "mfa")}
    assert sent(sts) == [WRONG[0], MFA_CODE]
    conn.list_tables()
    identity = caller_identity(conn)
    assert identity is not None and identity.arn.endswith(":assumed-role/support/s")
    assert len(profiles.cache_files()) == 1
    assert WRONG[0] not in caplog.text and MFA_CODE not in caplog.text


def test_cancel_after_a_refusal_is_a_sentence_and_no_connection(
        profiles: Profiles, sts: StsEndpoint, moto_endpoint: str) -> None:
    typist = Typist(WRONG[0], None)
    with pytest.raises(MfaCancelled) as info:
        connect(typist, moto_endpoint)
    message = info.value.message
    assert message.startswith(f"AWS STS refused the MFA code for {MFA_SERIAL} (profile mfa) and no "
                              "other code was given, so DynoView did not connect.")
    assert WRONG[0] not in message and profiles.cache_files() == []
    assert sent(sts) == [WRONG[0]]


def test_asking_stops_after_the_last_try(profiles: Profiles, sts: StsEndpoint,
                                         moto_endpoint: str) -> None:
    typist = Typist(*WRONG, MFA_CODE)
    with pytest.raises(SignInError) as info:
        connect(typist, moto_endpoint)
    assert info.value.message.startswith(f"AWS STS refused the MFA code for {MFA_SERIAL}")
    assert info.value.field == "mfa_code"
    assert typist.said() == [(None, 3), ("refused", 2), ("refused", 1)]
    assert sent(sts) == WRONG and typist.answers == [MFA_CODE]  # never asked a fourth time


def test_the_refused_code_and_a_short_one_are_never_sent(
        profiles: Profiles, sts: StsEndpoint, moto_endpoint: str) -> None:
    typist = Typist(WRONG[0], WRONG[0], MFA_CODE)
    connect(typist, moto_endpoint)
    assert typist.said() == [(None, 3), ("refused", 2), ("repeated", 1)]
    assert sent(sts) == [WRONG[0], MFA_CODE]

    profiles.home.joinpath(".aws", "cli", "cache").joinpath(profiles.cache_files()[0].name).unlink()
    sts.calls.clear()
    typist = Typist("12345", "918 273")  # a typo, then the code as the device groups it
    connect(typist, moto_endpoint)
    assert typist.said() == [(None, 3), ("malformed", 2)]
    assert sent(sts) == [MFA_CODE]


def test_the_command_line_without_a_terminal_says_the_refusal(
        profiles: Profiles, sts: StsEndpoint, moto_endpoint: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main(["tables", "--profile", "mfa", "--endpoint-url", moto_endpoint,
                     "--mfa-code", WRONG[0]])
    shown = capsys.readouterr()
    text = shown.out + shown.err
    assert code == 2, text
    assert f"AWS STS refused the MFA code for {MFA_SERIAL} (profile mfa)" in text
    assert "no other code was given" in text and WRONG[0] not in text and "Traceback" not in text
    assert sent(sts) == [WRONG[0]]
