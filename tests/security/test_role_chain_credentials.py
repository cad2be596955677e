"""The keys that sign a role chain's AssumeRole call are kept out of messages too.

A profile with ``role_arn`` + ``source_profile`` signs DynamoDB requests with the role's keys,
but the source profile's keys sign the STS AssumeRole call (botocore's own STS client, made
inside the credential chain): they are live keys this process holds, so a server or proxy that
quotes them (here, an answer echoing them) must find them redacted wherever DynoView says it.
Against moto, whose STS AssumeRole accepts any keys (``AWS_ENDPOINT_URL_STS``).

The source keys are chosen so no pattern can spot them (hyphens, no AKIA prefix, random per
test so one test remembering them cannot make another pass): only remembered values can.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.redaction import REDACTED, install_log_redaction, redact_known_values, redact_text
from dynoview.core.session.connection import Connection, ConnectionSpec
from tests.fault_proxy import RESPOND, FaultProxy

pytestmark = [pytest.mark.security, pytest.mark.integration]

ACCOUNT = "123456789012"


@dataclass
class Chain:
    key_id: str
    secret: str
    home: Path

    def leaks(self, text: str) -> list[str]:
        return [value for value in (self.key_id, self.secret) if value in text]


@pytest.fixture
def chain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> Chain:
    """Profiles ``reader`` (role, source ``source``: static keys) and ``chained`` (role, source
    ``reader``), with moto as STS and no AWS keys in the environment."""
    found = Chain(key_id=f"source-key-{secrets.token_hex(4)}-chain",
                  secret=f"source-secret-{secrets.token_hex(6)}-chain", home=tmp_path / "home")
    found.home.mkdir()
    config = tmp_path / "config"
    config.write_text(
        "[profile source]\nregion = us-east-1\n\n"
        f"[profile reader]\nrole_arn = arn:aws:iam::{ACCOUNT}:role/reader\n"
        "source_profile = source\nregion = us-east-1\n\n"
        f"[profile chained]\nrole_arn = arn:aws:iam::{ACCOUNT}:role/auditor\n"
        "source_profile = reader\nregion = us-east-1\n", encoding="utf-8")
    credentials = tmp_path / "credentials"
    credentials.write_text(f"[source]\naws_access_key_id = {found.key_id}\n"
                           f"aws_secret_access_key = {found.secret}\n", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(credentials))
    monkeypatch.setenv("HOME", str(found.home))  # the AWS CLI's role cache starts empty
    monkeypatch.setenv("AWS_ENDPOINT_URL_STS", moto_endpoint)
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE",
                "AWS_DEFAULT_PROFILE"):
        monkeypatch.delenv(var, raising=False)
    return found


@pytest.fixture
def echoing_proxy(chain: Chain, moto_endpoint: str) -> Iterator[Any]:
    """moto behind a proxy answering ListTables with an error that quotes the source keys bare."""
    body = json.dumps({"__type": "com.amazonaws.dynamodb.v20120810#ValidationException",
                       "message": f"rejected; keys seen: {chain.key_id} {chain.secret}"}).encode()
    with FaultProxy(moto_endpoint) as proxy:
        proxy.add(RESPOND, predicate=lambda info: info.operation == "ListTables", times=None,
                  status=400, body=body)
        yield proxy


def connect(name: str, endpoint: str) -> Connection:
    return Connection(ConnectionSpec(name=name, profile=name, endpoint_url=endpoint,
                                     region="us-east-1"), mfa_prompter=None)


def test_the_source_keys_reach_neither_an_error_nor_a_log(chain: Chain, echoing_proxy: Any,
                                                          caplog: pytest.LogCaptureFixture) -> None:
    from botocore.exceptions import ClientError

    conn = connect("reader", echoing_proxy.url)
    # The premise: the role's keys sign DynamoDB requests, not the source's.
    assert not chain.leaks(str(conn.session.get_credentials().get_frozen_credentials()))
    with pytest.raises(ClientError) as info:
        conn.list_tables()
    assert chain.leaks(str(info.value)) == [chain.key_id, chain.secret]  # the server quoted both
    assert not chain.leaks(redact_text(str(info.value)))
    install_log_redaction()
    with caplog.at_level(logging.WARNING):
        logging.getLogger("dynoview.test").warning("the request failed: %s", info.value)
    assert "rejected; keys seen" in caplog.text and not chain.leaks(caplog.text), caplog.text


def test_the_command_line_prints_no_source_key(chain: Chain, echoing_proxy: Any,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code = cli_main(["tables", "--profile", "reader", "--endpoint-url", echoing_proxy.url])
    captured = capsys.readouterr()
    shown = captured.out + captured.err
    assert code == 2 and "keys seen" in shown and REDACTED in shown, shown
    assert not chain.leaks(shown), shown


def test_every_link_of_a_longer_chain_is_remembered(chain: Chain, moto_endpoint: str) -> None:
    """``chained`` → ``reader`` → ``source``: the source's keys sign the first AssumeRole, the
    first role's keys (moto's answer, cached by botocore) sign the second."""
    conn = connect("chained", moto_endpoint)
    conn.list_tables()
    cached = sorted((chain.home / ".aws" / "cli" / "cache").glob("*.json"))
    links = [json.loads(path.read_text(encoding="utf-8"))["Credentials"] for path in cached]
    assert len(links) == 2  # both roles were assumed
    for value in (chain.key_id, chain.secret,
                  *(link[name] for link in links
                    for name in ("AccessKeyId", "SecretAccessKey", "SessionToken"))):
        # Exact values only: the patterns would catch moto's keys anyway.
        assert redact_known_values(f"seen: {value}.") == f"seen: {REDACTED}.", value
