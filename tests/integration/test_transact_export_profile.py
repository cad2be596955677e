"""`dynoview transact FILE --profile NAME --export boto3|cli|js` prints code that targets what
--profile names: the profile itself (boto3.Session(profile_name=...), the AWS CLI's --profile,
the JavaScript SDK's ``profile`` option) with the profile's endpoint_url and region, never its
keys. Code that named none of them wrote through the default chain, another account perhaps.

The config files are the test's own (tmp_path): profile ``local-dev`` points at the engine under
test with keys of its own; ``[default]`` has no keys and an endpoint where nothing listens, so
code that falls back to the default chain fails there instead of writing anywhere. Nothing is
sent by the command itself; the printed code is then run for real (boto3, ``aws`` when
installed, the JavaScript SDK from npm) and must write the item through the profile.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.session.connection import Connection
from dynoview.demo.backend import create_accounts_table
from tests import node_sdk

pytestmark = pytest.mark.integration

AWS = shutil.which("aws")
PROFILE = "local-dev"
#: The profile's keys: letters and digits only (DynamoDB Local refuses others). Never in code.
KEY_ID = "AKIALOCALDEV00000001"
SECRET = "localdevSecretKeyValue0000000000000000000"


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port bound but not listening: a connection to it is refused at once."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        yield sock.getsockname()[1]


@pytest.fixture
def aws_files(tmp_path: Path, endpoint_url: str, closed_port: int,
              monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The test's own AWS config (the machine's is never read), for the command and the code."""
    config = tmp_path / "aws-config"
    config.write_text(f"""\
[default]
region = eu-west-3
endpoint_url = http://127.0.0.1:{closed_port}

[profile {PROFILE}]
region = us-east-1
endpoint_url = {endpoint_url}
aws_access_key_id = {KEY_ID}
aws_secret_access_key = {SECRET}
""", encoding="utf-8")
    (tmp_path / "aws-credentials").write_text("", encoding="utf-8")
    (tmp_path / "home").mkdir()
    env = {"AWS_CONFIG_FILE": str(config),
           "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "aws-credentials"),
           "HOME": str(tmp_path / "home")}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    for name in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_REGION",
                 "AWS_DEFAULT_REGION", "AWS_PROFILE", "AWS_DEFAULT_PROFILE"):
        monkeypatch.delenv(name, raising=False)
    return env


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    name = f"export-profile-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, name)
    yield name
    conn.client.delete_table(TableName=name)


def _request_file(tmp_path: Path, table: str, pk: str) -> Path:
    path = tmp_path / "tx.json"
    path.write_text(json.dumps({"TransactItems": [{"Put": {
        "TableName": table, "Item": {"PK": {"S": pk}, "SK": {"S": "PROFILE"}},
        "ConditionExpression": "attribute_not_exists(PK)"}}],
        "ClientRequestToken": uuid.uuid4().hex}), encoding="utf-8")
    return path


def _code_env(aws_files: dict[str, str]) -> dict[str, str]:
    """The environment the printed code runs in: no AWS variable but the files', no way to
    AWS's own endpoints (no instance metadata, a proxy that refuses)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update(aws_files, AWS_EC2_METADATA_DISABLED="true", AWS_MAX_ATTEMPTS="1",
               HTTPS_PROXY="http://127.0.0.1:9", NO_PROXY="127.0.0.1,localhost")
    return env


def _run(kind: str, code: str, folder: Path, env: dict[str, str],
         request: pytest.FixtureRequest) -> subprocess.CompletedProcess[str]:
    folder.mkdir()
    if kind == "js":
        sdk = request.getfixturevalue("sdk")
        link = folder / "node_modules"
        link.symlink_to(sdk / "node_modules", target_is_directory=True)
        (folder / "export.mjs").write_text(code, encoding="utf-8")
        command = ["node", str(folder / "export.mjs")]
    else:
        script = folder / ("export.py" if kind == "boto3" else "export.sh")
        script.write_text(code, encoding="utf-8")
        command = [sys.executable, str(script)] if kind == "boto3" else ["sh", str(script)]
    return subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=120,
                          check=False, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="session")
def sdk() -> Path:
    """The JavaScript SDK from npm (tests/node_sdk.py); a one-line skip without node and npm."""
    try:
        return node_sdk.install()
    except node_sdk.NodeSdkUnavailable as exc:
        if os.environ.get("DYNOVIEW_REQUIRE_DYNAMODB_LOCAL") == "1":
            pytest.fail(f"{exc} (DYNOVIEW_REQUIRE_DYNAMODB_LOCAL=1 makes this a failure.)", pytrace=False)
        pytest.skip(str(exc))


@pytest.mark.parametrize("kind", ["boto3", "cli", "js"])
def test_the_exported_code_names_the_profile_its_endpoint_and_region_never_its_keys(
        aws_files: dict[str, str], endpoint_url: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], kind: str) -> None:
    assert cli_main(["transact", str(_request_file(tmp_path, "accounts", "ACCT#1")),
                     "--profile", PROFILE, "--export", kind]) == 0
    code = capsys.readouterr().out
    client = {"boto3": f"session = boto3.Session(profile_name={PROFILE!r})\n"
                       f"client = session.client(\"dynamodb\", region_name='us-east-1', "
                       f"endpoint_url={endpoint_url!r})\n",
              "cli": f"--profile {PROFILE} --region us-east-1 --endpoint-url {endpoint_url}\n",
              "js": f'new DynamoDBClient({{ profile: "{PROFILE}", region: "us-east-1", '
                    f'endpoint: "{endpoint_url}" }});'}[kind]
    assert client in code
    assert KEY_ID not in code and SECRET not in code


def test_flags_win_over_the_profile_s_endpoint_and_region(
        aws_files: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["transact", str(_request_file(tmp_path, "accounts", "ACCT#1")), "--profile",
                     PROFILE, "--region", "eu-west-1", "--endpoint-url", "http://localhost:8001",
                     "--export", "boto3"]) == 0
    assert ("client = session.client(\"dynamodb\", region_name='eu-west-1', "
            "endpoint_url='http://localhost:8001')") in capsys.readouterr().out


def test_a_profile_the_config_does_not_have_is_refused_and_no_code_written(
        aws_files: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["transact", str(_request_file(tmp_path, "accounts", "ACCT#1")),
                     "--profile", "no-such-profile", "--export", "js"]) == 2
    printed = capsys.readouterr()
    assert printed.out == ""
    assert "The AWS profile 'no-such-profile' is not in your AWS config" in printed.err


@pytest.mark.parametrize("kind", ["boto3", "cli", "js"])
def test_the_exported_code_run_as_is_writes_through_the_profile(
        aws_files: dict[str, str], conn: Connection, table: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest, kind: str) -> None:
    if kind == "cli" and AWS is None:
        pytest.skip("the AWS CLI (aws) is not on PATH")
    pk = f"ACCT#{kind}"
    assert cli_main(["transact", str(_request_file(tmp_path, table, pk)),
                     "--profile", PROFILE, "--export", kind]) == 0
    code = capsys.readouterr().out
    key = {"PK": {"S": pk}, "SK": {"S": "PROFILE"}}
    assert "Item" not in conn.client.get_item(TableName=table, Key=key)  # the command sent nothing
    done = _run(kind, code, tmp_path / "run", _code_env(aws_files), request)
    assert done.returncode == 0, done.stdout + done.stderr
    assert conn.client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"] == key
