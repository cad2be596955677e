"""Signing in when something is wrong, as a user meets it with real profile files: a code STS
refuses, a role STS will not hand over, a credential_process that hangs, cannot start, prints no
JSON or hands over expired keys. Each is a sentence, soon, that never quotes a secret."""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.core.errors import describe_error
from dynoview.core.session import credential_process
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.identity import caller_identity
from dynoview.core.session.signin import SignInError
from tests.integration.signin_profiles import ACCOUNT, MFA_CODE, MFA_SERIAL, Profiles, use_profiles
from tests.integration.sts_endpoint import REFUSED_ROLE, ROLE_SECRET, ROLE_TOKEN, StsEndpoint

pytestmark = [pytest.mark.integration]

WRONG_CODE = "407162"
#: What a broken helper prints: half of a secret that must never reach a message.
LEAKED = "HelperSecretCanary0123456789"


@pytest.fixture
def sts() -> Iterator[StsEndpoint]:
    endpoint = StsEndpoint()
    yield endpoint
    endpoint.stop()


@pytest.fixture
def profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sts: StsEndpoint) -> Profiles:
    found = use_profiles(tmp_path, monkeypatch, sts.url)
    scripts = {
        "hangs": "import time\ntime.sleep(600)\n",
        "prints-text": f"print('token={LEAKED} (not JSON)')\n",
        "prints-a-list": "print('[1, 2]')\n",
        "expired": "import json\nprint(json.dumps({'Version': 1, 'AccessKeyId': 'ASIAEXPIRED000000001', "
                   f"'SecretAccessKey': '{LEAKED}', 'SessionToken': 't', "
                   "'Expiration': '2001-01-01T00:00:00Z'}))\n",
    }
    extra = [f"[profile {REFUSED_ROLE}]\nrole_arn = arn:aws:iam::{ACCOUNT}:role/{REFUSED_ROLE}\n"
             "source_profile = base\nregion = us-east-1\n",
             "[profile missing-helper]\ncredential_process = /nonexistent/dir/aws-helper --json\n"
             "region = us-east-1\n",
             # A role chain whose first link is a hanging process: bounded there too.
             f"[profile hangs-chained]\nrole_arn = arn:aws:iam::{ACCOUNT}:role/readonly\n"
             "source_profile = hangs\nregion = us-east-1\n",
             f"[profile failing-chained]\nrole_arn = arn:aws:iam::{ACCOUNT}:role/readonly\n"
             "source_profile = failing-process\nregion = us-east-1\n"]
    for name, code in scripts.items():
        script = tmp_path / f"{name}.py"
        script.write_text(code, encoding="utf-8")
        extra.append(f"[profile {name}]\ncredential_process = {sys.executable} {script}\n"
                     "region = us-east-1\n")
    config = tmp_path / "aws-config"
    config.write_text(config.read_text(encoding="utf-8") + "\n" + "\n".join(extra), encoding="utf-8")
    return found


def connect(profiles: Profiles, name: str, endpoint: str) -> Connection:
    spec = ConnectionSpec(name=name, profile=name, endpoint_url=endpoint, region="us-east-1")
    return Connection(spec, mfa_prompter=profiles.prompter)


def shown(exc: BaseException, profile: str) -> str:
    err = describe_error(exc, profile=profile)
    return f"{err.title}: {err.message}"


def test_a_code_sts_refuses_is_said_as_a_wrong_code_and_the_next_one_works(
        profiles: Profiles, sts: StsEndpoint, moto_endpoint: str,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    profiles.answer = WRONG_CODE
    with pytest.raises(SignInError) as refused:
        connect(profiles, "mfa", moto_endpoint)
    message = shown(refused.value, "mfa")
    assert f"AWS STS refused the MFA code for {MFA_SERIAL} (profile mfa)" in message
    assert "next code" in message and refused.value.field == "mfa_code"
    # Not a missing DynamoDB permission, which is what it was said as.
    assert "dynamodb:" not in message and "IAM policy" not in message
    assert WRONG_CODE not in message and profiles.cache_files() == []
    assert [c.get("TokenCode") for c in sts.calls] == [WRONG_CODE]

    profiles.answer = MFA_CODE
    conn = connect(profiles, "mfa", moto_endpoint)
    conn.list_tables()
    identity = caller_identity(conn)
    assert identity is not None and identity.arn.endswith(":assumed-role/support/s")
    for secret in (WRONG_CODE, MFA_CODE, ROLE_SECRET, ROLE_TOKEN):
        assert secret not in caplog.text


@pytest.mark.parametrize(("typed", "said"), [
    ("", "nothing was typed"),
    ("12345", "5 characters were given."),
    ("12345a", "6 characters were given, not all of them digits"),
])
def test_a_code_that_is_not_six_digits_is_never_sent(profiles: Profiles, sts: StsEndpoint,
                                                     moto_endpoint: str, typed: str, said: str) -> None:
    profiles.answer = typed
    with pytest.raises(SignInError, match="six digits") as info:
        connect(profiles, "mfa", moto_endpoint)
    assert said in info.value.message and (not typed or typed not in info.value.message)
    assert sts.calls == []


def test_a_role_sts_will_not_hand_over_is_said_as_sts_not_dynamodb(
        profiles: Profiles, moto_endpoint: str) -> None:
    with pytest.raises(SignInError) as info:
        connect(profiles, REFUSED_ROLE, moto_endpoint)
    message = shown(info.value, REFUSED_ROLE)
    assert f"AWS STS refused to let profile {REFUSED_ROLE} assume its role" in message
    assert f"role/{REFUSED_ROLE}" in message and "trust policy" in message
    assert "dynamodb:AssumeRole" not in message


@pytest.mark.parametrize(("profile", "said"), [
    ("prints-text", "printed something that is not the JSON credentials AWS documents"),
    ("prints-a-list", "printed something that is not the JSON credentials AWS documents"),
    ("expired", "handed over credentials that expired at 2001-01-01T00:00:00Z"),
    ("missing-helper", "could not be started (No such file or directory: /nonexistent/dir/aws-helper)"),
])
def test_a_broken_credential_process_is_a_sentence(profiles: Profiles, moto_endpoint: str,
                                                   profile: str, said: str) -> None:
    with pytest.raises(SignInError) as info:
        connect(profiles, profile, moto_endpoint)
    message = shown(info.value, profile)
    assert message.startswith(f"DynoView: The credential_process of profile {profile} {said}")
    assert "Run that command in a terminal" in message
    assert LEAKED not in message and "Unexpected" not in message


@pytest.mark.parametrize("profile", ["hangs", "hangs-chained"])
def test_a_credential_process_that_hangs_is_stopped(profiles: Profiles, moto_endpoint: str,
                                                    monkeypatch: pytest.MonkeyPatch, profile: str) -> None:
    monkeypatch.setattr(credential_process, "PROCESS_TIMEOUT", 1.0)
    started = time.monotonic()
    with pytest.raises(SignInError) as info:
        connect(profiles, profile, moto_endpoint)
    assert time.monotonic() - started < 10
    # The profile whose process hung: in the chain, its source profile's.
    assert info.value.message.startswith("The credential_process of profile hangs did not "
                                         "finish within 1 seconds and was stopped")


def test_a_chain_whose_source_fails_says_why_not_that_it_loops(profiles: Profiles,
                                                               moto_endpoint: str) -> None:
    """Connecting asks the chain twice (is there any credential? then sign in): botocore's
    memory of the first attempt made the second a "loop" in the config file."""
    with pytest.raises(SignInError) as info:
        connect(profiles, "failing-chained", moto_endpoint)
    assert "loop" not in info.value.message.lower()
    # The source profile's process failed: failing-chained has none of its own.
    assert info.value.message.startswith("The credential_process of profile failing-process")
    assert "exited with status 3" in info.value.message


def test_connecting_runs_a_failing_credential_process_once(profiles: Profiles, tmp_path: Path,
                                                           moto_endpoint: str) -> None:
    """A loopback endpoint asked the chain twice (any credentials? then sign in): a hanging
    process cost twice its timeout, a slow helper (a browser sign-in) opened twice."""
    runs = tmp_path / "runs"
    script = tmp_path / "counted.py"
    script.write_text(f"import sys\nopen({str(runs)!r}, 'a').write('run\\n')\n"
                      "print('not signed in', file=sys.stderr)\nsys.exit(1)\n", encoding="utf-8")
    config = tmp_path / "aws-config"
    config.write_text(config.read_text(encoding="utf-8") + f"\n[profile counted]\ncredential_process = "
                      f"{sys.executable} {script}\nregion = us-east-1\n", encoding="utf-8")
    with pytest.raises(SignInError, match="exited with status 1"):
        connect(profiles, "counted", moto_endpoint)
    assert runs.read_text(encoding="utf-8").count("run") == 1
