"""A credential_process whose Expiration is not a date is refused without quoting it: the field
may hold a token of the helper's own (docs/signin.md: nothing the process printed is quoted)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import boto3
import pytest

from dynoview.core.session.signin import SignInError, install_signin, sign_in

SECRET = "okta:SECRETLEAK123456789abcdef"


@pytest.fixture
def helper_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    answer = {"Version": 1, "AccessKeyId": "ASIAEXAMPLE000000001",
              "SecretAccessKey": "expirySecretKey/0123456789abcdefABCDEFGH", "Expiration": SECRET}
    script = tmp_path / "helper.py"
    script.write_text(f"print({json.dumps(json.dumps(answer))})\n", encoding="utf-8")
    (tmp_path / "config").write_text("[profile helper]\nregion = us-east-1\n"
                                     f"credential_process = {sys.executable} {script}\n",
                                     encoding="utf-8")
    (tmp_path / "credentials").write_text("", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "credentials"))
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    return "helper"


def test_an_expiration_that_is_not_a_date_is_said_without_quoting_it(helper_profile: str) -> None:
    session = boto3.Session(profile_name=helper_profile)
    install_signin(session, None, cache={})
    with pytest.raises(SignInError) as info:
        sign_in(session, helper_profile)
    message = info.value.message
    for part in ("SECRETLEAK", "okta", "abcdef"):
        assert part not in message
    assert "Expiration that is not a date" in message
    assert f"{len(SECRET)} characters" in message
