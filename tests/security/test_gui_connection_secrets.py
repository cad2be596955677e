"""The window's connections make their credentials known to log redaction, as the CLI's do.

Keys made only of lowercase letters and digits match none of the redaction patterns (no AKIA
prefix, no upper case in a 40-character run): only being remembered as exact values keeps them
out of a log line. Each test connects through the window's own path (``connection_controller``)
to a real moto endpoint, with keys from an isolated credentials file, then logs them.
"""

from __future__ import annotations

import json
import logging
import secrets
import string
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from dynoview.core.redaction import REDACTED, redact
from dynoview.core.session.connection import ConnectionSpec
from dynoview.ui.window.connection_controller import _open

pytestmark = pytest.mark.security


def _plain(length: int) -> str:
    """A key no pattern catches: lowercase letters and digits (with at least one digit)."""
    text = "".join(secrets.choice(string.ascii_lowercase + string.digits) for _ in range(length - 1))
    return text + "7"


@contextmanager
def stderr_log() -> Iterator[logging.Logger]:
    """A logger printing to standard error, as ``logging.basicConfig`` makes the window's do.
    Made in the test's body: the ``sys.stderr`` capfd captures then."""
    handler = logging.StreamHandler(sys.stderr)
    log = logging.getLogger("dynoview.tests.gui_secrets")
    log.addHandler(handler)
    log.propagate = False
    try:
        yield log
    finally:
        log.removeHandler(handler)
        log.propagate = True


@pytest.fixture
def aws_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """This test's own (config, credentials) files: the session's stay as they are."""
    config, credentials = tmp_path / "config", tmp_path / "credentials"
    config.write_text("")
    credentials.write_text("")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(credentials))
    return config, credentials


def test_a_profiles_keys_are_redacted_in_the_windows_logs(
        moto_endpoint: str, capfd: pytest.CaptureFixture[str],
        aws_files: tuple[Path, Path]) -> None:
    key_id, secret = _plain(20), _plain(40)
    assert redact(f"id {key_id} secret {secret}") == f"id {key_id} secret {secret}"  # no pattern
    aws_files[1].write_text(f"[plain]\naws_access_key_id = {key_id}\naws_secret_access_key = {secret}\n")

    conn = _open(ConnectionSpec(name="t", profile="plain", endpoint_url=moto_endpoint))
    assert not conn.placeholder_credentials
    conn.list_tables()  # a real signed request with those keys
    with stderr_log() as log:
        log.warning("signing failed with %s / %s", key_id, secret)
        err = capfd.readouterr().err
        assert "signing failed with" in err and err.count(REDACTED) == 2
        assert secret not in err and key_id not in err
        for piece in (secret[:20], secret[20:]):  # a piece of the secret key too
            log.warning("wrapped: %s", piece)
        assert secret[:20] not in capfd.readouterr().err


_PROCESS = '''
import datetime, json, pathlib, secrets, string, sys
issued = pathlib.Path(sys.argv[1])
def plain(n):
    return "".join(secrets.choice(string.ascii_lowercase + string.digits) for _ in range(n - 1)) + "7"
creds = {"AccessKeyId": plain(20), "SecretAccessKey": plain(40), "SessionToken": plain(120)}
with issued.open("a") as f:
    f.write(json.dumps(creds) + "\\n")
# Five minutes left: inside botocore's mandatory refresh window, so every use refreshes.
expiry = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(minutes=5)
print(json.dumps({"Version": 1, **creds, "Expiration": expiry.isoformat()}))
'''


def test_refreshed_credentials_are_redacted_too(
        moto_endpoint: str, capfd: pytest.CaptureFixture[str],
        tmp_path: Path, aws_files: tuple[Path, Path]) -> None:
    """A credential_process with an expiry is refreshed by botocore as an assumed role or SSO
    session is: the keys it hands over after the connection opened are redacted as well."""
    script, issued = tmp_path / "creds.py", tmp_path / "issued.jsonl"
    script.write_text(_PROCESS)
    aws_files[0].write_text(f"[profile refresh]\ncredential_process = {sys.executable} {script} {issued}\n")

    conn = _open(ConnectionSpec(name="t", profile="refresh", endpoint_url=moto_endpoint))
    at_connect = len(issued.read_text().splitlines())
    conn.list_tables()  # signing refreshes: new keys, after the connection opened
    sets = [json.loads(line) for line in issued.read_text().splitlines()]
    assert len(sets) > at_connect, "the credentials were not refreshed after connecting"
    with stderr_log() as log:
        for creds in sets:
            log.warning("keys: %s %s %s", creds["AccessKeyId"], creds["SecretAccessKey"],
                        creds["SessionToken"])

    err = capfd.readouterr().err
    assert err.count("keys: ") == len(sets), err
    # From the set signed in with on: one the sign-in itself replaced at once (this process's
    # keys expire within botocore's refresh window) was never used, and is not known.
    for creds in sets[at_connect - 1:]:
        for value in creds.values():
            assert value not in err
