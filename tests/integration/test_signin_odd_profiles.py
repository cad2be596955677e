"""Profiles whose credentials cannot be had are one sentence and exit 2, never "a bug in
DynoView": a credential_process printing keys that are not text (a number, null: botocore's
signer failed on them with a TypeError), and a web identity profile whose token file is missing
(a bare "No such file or directory" that named neither the profile nor what to fix)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dynoview.cli import main as cli_main

pytestmark = [pytest.mark.integration]


def run(capsys: pytest.CaptureFixture[str], profile: str, endpoint: str) -> tuple[int, str]:
    code = cli_main(["tables", "--profile", profile, "--endpoint-url", endpoint])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "config"
    monkeypatch.setenv("AWS_CONFIG_FILE", str(path))
    (tmp_path / "credentials").write_text("")
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "credentials"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    return path


@pytest.mark.parametrize("printed", [
    "{'Version': 1, 'AccessKeyId': 123456789012, 'SecretAccessKey': None}",
    "{'Version': 1, 'AccessKeyId': 'AKIDEXAMPLE', 'SecretAccessKey': 'x', 'SessionToken': 7}"])
def test_a_credential_process_with_keys_that_are_not_text(
        config: Path, tmp_path: Path, moto_endpoint: str, capsys: pytest.CaptureFixture[str],
        printed: str) -> None:
    helper = tmp_path / "helper.py"
    helper.write_text(f"import json; print(json.dumps({printed}))\n")
    config.write_text(f"[profile odd]\nregion = us-east-1\ncredential_process = {sys.executable} {helper}\n")
    code, shown = run(capsys, "odd", moto_endpoint)
    assert code == 2, shown
    assert "credential_process of profile odd" in shown and "is not text" in shown
    assert "bug in DynoView" not in shown and "Traceback" not in shown


def test_a_missing_web_identity_token_file(config: Path, tmp_path: Path, moto_endpoint: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no-such-token"
    config.write_text("[profile webid]\nregion = us-east-1\nrole_arn = arn:aws:iam::123456789012:role/a\n"
                      f"web_identity_token_file = {missing}\n")
    code, shown = run(capsys, "webid", moto_endpoint)
    assert code == 2, shown
    assert f"Profile webid cannot be used as configured: it names the file {missing}" in shown
    assert "Fix the path in your AWS config file" in shown
