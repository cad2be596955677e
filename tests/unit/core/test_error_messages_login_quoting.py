"""The login command an error tells the user to run is quoted for POSIX shells: pasted into one,
it logs in the profile named, whatever the name holds.

Before: profile "team sso" gave "Run `aws sso login --profile team sso`" (profile "team", and a
stray "sso"), and profile "--region" gave "--profile --region" (an option with no value). The
SSO and missing-credentials errors are botocore's own, raised by a real client on loopback.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
from pathlib import Path

import boto3
import pytest
from botocore import exceptions as bce

from dynoview.cli import main as cli_main
from dynoview.core.errors import describe_error

#: Profiles the AWS CLI allows ("[profile NAME]") that a shell would split, expand or run.
PROFILES = ["team sso", "--region", "-x y", "it's", "a;echo injected", "$HOME"]

pytestmark = pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")


def profile_run_by(command: str) -> str | None:
    """The profile the AWS CLI gets (parsed by argparse, as it parses) when a POSIX shell runs
    ``command``, with ``aws`` a function that prints the words the shell gives it."""
    ran = subprocess.run(["sh", "-c", 'aws() { printf "%s\\0" "$@"; }\n' + command],
                         capture_output=True, text=True, timeout=10, check=True)
    assert ran.stdout.endswith("\0"), f"{command!r} runs more than the AWS CLI: {ran.stdout!r}"
    words = ran.stdout.split("\0")[:-1]
    options = next((i for i, word in enumerate(words) if word.startswith("-")), len(words))
    parser = argparse.ArgumentParser()
    parser.add_argument("--profile")
    args, rest = parser.parse_known_args(words[options:])
    assert not rest, f"{command!r} passes more words than the profile: {rest}"
    return str(args.profile) if args.profile is not None else None


def commands_in(message: str) -> list[str]:
    return re.findall(r"`(aws [^`]*)`", message)


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config"
    monkeypatch.setenv("AWS_CONFIG_FILE", str(path))
    (tmp_path / "credentials").write_text("", encoding="utf-8")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "credentials"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no SSO token cache
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    return path


def sso_profile(name: str) -> str:
    header = f'"{name}"' if " " in name else name  # as the AWS CLI writes such a name
    return (f"[profile {header}]\nregion = us-east-1\nsso_session = corp\n"
            "sso_account_id = 123456789012\nsso_role_name = Support\n")


SSO_SESSION = ("[sso-session corp]\nsso_start_url = https://127.0.0.1:9/start\n"
               "sso_region = us-east-1\n")


@pytest.mark.parametrize("profile", PROFILES)
def test_the_flag_gives_the_aws_cli_that_profile(profile: str) -> None:
    from dynoview.core.errors import login_profile_flag

    assert profile_run_by(f"aws sso login{login_profile_flag(profile)}") == profile


def test_no_profile_is_no_flag_and_a_plain_one_stays_plain() -> None:
    from dynoview.core.errors import login_profile_flag

    assert login_profile_flag(None) == login_profile_flag("") == ""
    assert login_profile_flag("corp-admin") == " --profile corp-admin"


@pytest.mark.parametrize("profile", ["team sso", "--region"])
def test_an_expired_sso_session_names_a_login_that_runs(config: Path, profile: str) -> None:
    config.write_text(sso_profile(profile) + SSO_SESSION, encoding="utf-8")
    client = boto3.Session(profile_name=profile).client("dynamodb", endpoint_url="http://127.0.0.1:9")
    with pytest.raises(bce.BotoCoreError) as info:
        client.list_tables()
    err = describe_error(info.value, profile=profile)
    assert err.title == "SSO login needed"
    [command] = commands_in(err.message)
    assert profile_run_by(command) == profile


def test_the_expected_commands_word_for_word() -> None:
    exc = bce.SSOTokenLoadError(error_msg="expired")
    assert "Run `aws sso login --profile 'team sso'` in a terminal" in describe_error(
        exc, profile="team sso").message
    assert "Run `aws sso login --profile=--region` in a terminal" in describe_error(
        exc, profile="--region").message


@pytest.mark.parametrize("profile", PROFILES)
def test_expired_credentials_name_a_login_that_runs(profile: str) -> None:
    """As botocore raises DynamoDB's ExpiredTokenException answer."""
    exc = bce.ClientError({"Error": {"Code": "ExpiredTokenException", "Message": "expired"},
                           "ResponseMetadata": {"HTTPStatusCode": 400}}, "Scan")
    err = describe_error(exc, profile=profile)
    assert err.title == "Credentials expired"
    [command] = commands_in(err.message)
    assert command.startswith("aws sso login") and profile_run_by(command) == profile


def test_missing_credentials_name_commands_that_run(config: Path) -> None:
    profile = "my prof"
    config.write_text(f'[profile "{profile}"]\nregion = us-east-1\n', encoding="utf-8")
    client = boto3.Session(profile_name=profile).client("dynamodb", endpoint_url="http://127.0.0.1:9")
    with pytest.raises(bce.NoCredentialsError) as info:
        client.list_tables()
    err = describe_error(info.value, profile=profile)
    commands = commands_in(err.message)
    assert [c.split(" --")[0] for c in commands] == ["aws configure", "aws sso login"]
    assert all(profile_run_by(c) == profile for c in commands)


def test_the_cli_tells_a_login_that_runs(config: Path, moto_endpoint: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    config.write_text(sso_profile("team sso") + SSO_SESSION, encoding="utf-8")
    assert cli_main(["tables", "--profile", "team sso", "--endpoint-url", moto_endpoint]) == 2
    err = capsys.readouterr().err
    assert "Run `aws sso login --profile 'team sso'` in a terminal" in err


@pytest.mark.parametrize("profile", PROFILES)
def test_a_transaction_refused_for_expired_credentials_names_a_login_that_runs(profile: str) -> None:
    """The transaction's own sentence (the execution's, not describe_error's) quotes it too."""
    from dynoview.core.tx.execution import _failure_message
    from dynoview.core.tx.model import Transaction

    exc = bce.ClientError({"Error": {"Code": "ExpiredTokenException", "Message": "expired"}},
                          "TransactWriteItems")
    message, code = _failure_message(exc, Transaction(actions=[], token="t-1"), profile)
    (command,) = re.findall(r"`(aws sso login[^`]*)`", message)
    assert code == "ExpiredTokenException" and profile_run_by(command) == profile
