"""A credential_process that fails inside a role chain is named by the profile that has it.

Profile ``support`` assumes a role with ``source_profile = helper`` (through ``middle`` in the
longer chain), and only ``helper`` has a credential_process, which exits 1. The sentence named
``support``, whose config has no credential_process to run "in a terminal". Own AWS config
files in tmp_path; the DynamoDB endpoint is the session's moto, never reached (signing in fails
first), as the CLI's endpoint check needs one that listens.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.signin import SignInError

pytestmark = [pytest.mark.integration]

ROLE = "arn:aws:iam::123456789012:role/support"


@pytest.fixture
def aws_files(tmp_path: Path, moto_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    failing = tmp_path / "fail.py"
    failing.write_text("import sys\nprint('helper-secret-output', file=sys.stderr)\nsys.exit(1)\n",
                       encoding="utf-8")
    (tmp_path / "config").write_text(f"""\
[profile helper]
credential_process = {sys.executable} {failing}
region = us-east-1

[profile support]
role_arn = {ROLE}
source_profile = helper
region = us-east-1
endpoint_url = {moto_endpoint}

[profile middle]
role_arn = {ROLE}-middle
source_profile = helper
region = us-east-1

[profile deep]
role_arn = {ROLE}-deep
source_profile = middle
region = us-east-1
endpoint_url = {moto_endpoint}
""", encoding="utf-8")
    (tmp_path / "credentials").write_text("", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "credentials"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


@pytest.mark.parametrize("profile", ["support", "deep"])
def test_the_failing_process_is_named_by_its_own_profile(aws_files: Path, moto_endpoint: str,
                                                         profile: str) -> None:
    spec = ConnectionSpec(name=profile, profile=profile, endpoint_url=moto_endpoint, region="us-east-1")
    with pytest.raises(SignInError) as info:
        Connection(spec, credential_cache={})
    message = info.value.message
    assert message.startswith(f"The credential_process of profile helper ({sys.executable} …) "
                              "exited with status 1")
    assert f"Profile {profile} signs in through profile helper." in message
    assert f"credential_process of profile {profile}" not in message
    assert "helper-secret-output" not in message


def test_the_command_line_names_the_source_profile(aws_files: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["tables", "--profile", "support"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dynoview: The credential_process of profile helper (")
    assert "Profile support signs in through profile helper." in err
    assert "of profile support" not in err


def test_a_profile_s_own_failing_process_is_named_as_before(aws_files: Path, moto_endpoint: str) -> None:
    spec = ConnectionSpec(name="helper", profile="helper", endpoint_url=moto_endpoint, region="us-east-1")
    with pytest.raises(SignInError) as info:
        Connection(spec, credential_cache={})
    assert info.value.message.startswith("The credential_process of profile helper (")
    assert "signs in through" not in info.value.message
