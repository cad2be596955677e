"""AWS config files for the sign-in tests (issue 25), with moto's STS as the STS endpoint.

Each test gets its own empty config and credentials files holding only these profiles, its own
HOME (so the AWS CLI's credential cache, ``~/.aws/cli/cache``, starts empty) and no AWS keys in
the environment: the profiles, not the test session's keys, must sign.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from dynoview.core.session.signin import MfaRequest

ACCOUNT = "123456789012"
MFA_SERIAL = f"arn:aws:iam::{ACCOUNT}:mfa/ada"
BASE_KEY = "AKIABASEPROFILE00001"
PROCESS_KEY = "ASIAPROCESSPROFILE01"
#: The MFA code the tests type: distinctive, so the secret scan can look for it.
MFA_CODE = "918273"


def config_text(tmp_path: Path) -> str:
    process = tmp_path / "process.py"
    process.write_text(
        "import json\n"
        f"print(json.dumps({{'Version': 1, 'AccessKeyId': {PROCESS_KEY!r}, "
        "'SecretAccessKey': 'process-secret-key-000000000000000000000', "
        "'SessionToken': 'process-session-token'}))\n", encoding="utf-8")
    failing = tmp_path / "failing.py"
    failing.write_text("import sys\nprint('the token for ada has expired: run sso-helper login', "
                       "file=sys.stderr)\nsys.exit(3)\n", encoding="utf-8")
    return f"""\
[default]
region = us-east-1

[profile base]
region = us-east-1

[profile mfa]
role_arn = arn:aws:iam::{ACCOUNT}:role/support
source_profile = base
mfa_serial = {MFA_SERIAL}
region = us-east-1

[profile mfa-short]
role_arn = arn:aws:iam::{ACCOUNT}:role/support-short
source_profile = base
mfa_serial = {MFA_SERIAL}
duration_seconds = 905
region = us-east-1

[profile jump]
role_arn = arn:aws:iam::{ACCOUNT}:role/jump
source_profile = base
region = us-east-1

[profile chained]
role_arn = arn:aws:iam::{ACCOUNT}:role/readonly
source_profile = jump
role_session_name = ada-support
external_id = ext-4242
duration_seconds = 1800
region = us-east-1

[profile from-environment]
role_arn = arn:aws:iam::{ACCOUNT}:role/from-env
credential_source = Environment
region = us-east-1

[profile process]
credential_process = {sys.executable} {process}
region = us-east-1

[profile failing-process]
credential_process = {sys.executable} {failing}
region = us-east-1
"""


@dataclass
class Profiles:
    """Where the files are, and the prompts answered so far."""

    home: Path
    sts_url: str
    asked: list[MfaRequest] = field(default_factory=list)
    answer: str | None = MFA_CODE

    def prompter(self, request: MfaRequest) -> str | None:
        self.asked.append(request)
        return self.answer

    def cache_files(self) -> list[Path]:
        folder = self.home / ".aws" / "cli" / "cache"
        return sorted(folder.glob("*.json")) if folder.exists() else []


def use_profiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sts_url: str) -> Profiles:
    config = tmp_path / "aws-config"
    config.write_text(config_text(tmp_path), encoding="utf-8")
    credentials = tmp_path / "aws-credentials"
    credentials.write_text(f"[base]\naws_access_key_id = {BASE_KEY}\n"
                           "aws_secret_access_key = base-secret-key-0000000000000000000000\n",
                           encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(credentials))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", sts_url)
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(var, raising=False)
    return Profiles(home=home, sts_url=sts_url)
