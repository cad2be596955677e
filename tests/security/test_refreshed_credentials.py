"""Keys botocore replaces while signing in are kept out of messages too, not only the keys in use.

A credential_process whose first keys expire within botocore's mandatory refresh window (ten
minutes) is run again by botocore during sign-in itself: the first set is replaced before any
request is signed. Both sets are live keys this process was handed, so a server or proxy that
quotes either (here, an answer echoing both) must find them redacted wherever DynoView says it.

The values are chosen so no pattern can spot them (short, with hyphens, no AKIA/ASIA prefix):
only the remembered exact values can.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.redaction import install_log_redaction, redact_text
from dynoview.core.session.connection import Connection, ConnectionSpec
from tests.fault_proxy import RESPOND, FaultProxy

pytestmark = [pytest.mark.security, pytest.mark.integration]

#: (access key id, secret, token) of the set that expires at once, then of the one that lasts.
FIRST = ("first-key-id-refresh", "first-secret-refresh-canary", "first-token-refresh-canary")
SECOND = ("second-key-id-refresh", "second-secret-refresh-canary", "second-token-refresh-canary")
ALL = (*FIRST, *SECOND)


def leaks(text: str) -> list[str]:
    return [value for value in ALL if value in text]


@pytest.fixture
def refreshing_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Profile ``refreshing``: a credential_process handing over FIRST (expiring in a minute) on
    its first run and SECOND (expiring in an hour) on every later one; returns its run log."""
    runs = tmp_path / "runs.txt"
    script = tmp_path / "process.py"
    script.write_text(
        "import datetime, json, pathlib\n"
        f"runs = pathlib.Path({str(runs)!r})\n"
        "first = not runs.exists()\n"
        "with runs.open('a') as f: f.write('run\\n')\n"
        f"key, secret, token = {FIRST!r} if first else {SECOND!r}\n"
        "ends = datetime.datetime.now(datetime.UTC) + datetime.timedelta(seconds=60 if first else 3600)\n"
        "print(json.dumps({'Version': 1, 'AccessKeyId': key, 'SecretAccessKey': secret,\n"
        "                  'SessionToken': token, 'Expiration': ends.isoformat()}))\n",
        encoding="utf-8")
    config = tmp_path / "config"
    config.write_text(f"[profile refreshing]\ncredential_process = {sys.executable} {script}\n"
                      "region = us-east-1\n", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE",
                "AWS_DEFAULT_PROFILE"):
        monkeypatch.delenv(var, raising=False)
    return runs


@pytest.fixture
def echoing_proxy(moto_endpoint: str) -> Iterator[Any]:
    """moto behind a proxy answering ListTables with an error that quotes both sets bare."""
    body = json.dumps({"__type": "com.amazonaws.dynamodb.v20120810#ValidationException",
                       "message": "rejected; keys seen: " + " ".join(ALL)}).encode()
    with FaultProxy(moto_endpoint) as proxy:
        proxy.add(RESPOND, predicate=lambda info: info.operation == "ListTables", times=None,
                  status=400, body=body)
        yield proxy


def test_both_sets_are_signed_in_with_and_the_second_signs(refreshing_profile: Path,
                                                           moto_endpoint: str) -> None:
    """The premise: botocore did replace the first set during sign-in, and the second signs."""
    conn = Connection(ConnectionSpec(name="r", profile="refreshing", endpoint_url=moto_endpoint),
                      mfa_prompter=None)
    assert refreshing_profile.read_text().count("run") == 2
    frozen = conn.session.get_credentials().get_frozen_credentials()
    assert (frozen.access_key, frozen.secret_key, frozen.token) == SECOND
    conn.list_tables()  # moto accepts any keys: the connection works


def test_neither_set_reaches_an_error_or_a_log(refreshing_profile: Path, echoing_proxy: Any,
                                               caplog: pytest.LogCaptureFixture) -> None:
    from botocore.exceptions import ClientError

    conn = Connection(ConnectionSpec(name="r", profile="refreshing", endpoint_url=echoing_proxy.url),
                      mfa_prompter=None)
    with pytest.raises(ClientError) as info:
        conn.list_tables()
    assert leaks(str(info.value)) == list(ALL)  # the server did quote both sets
    # What leaves the process (a message shown, a crash report) goes through redact_text.
    assert not leaks(redact_text(str(info.value)))
    install_log_redaction()
    with caplog.at_level(logging.WARNING):
        logging.getLogger("dynoview.test").warning("the request failed: %s", info.value)
    assert "rejected; keys seen" in caplog.text and not leaks(caplog.text), caplog.text


def test_the_command_line_prints_neither_set(refreshing_profile: Path, echoing_proxy: Any,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main(["tables", "--profile", "refreshing", "--endpoint-url", echoing_proxy.url])
    captured = capsys.readouterr()
    shown = captured.out + captured.err
    assert code == 2 and "<redacted>" in shown, shown
    assert not leaks(shown), shown
