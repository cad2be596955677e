"""Credentials never leave the process except to sign requests.

A whole session runs with recognisable fake secrets in the environment (where boto3's
default chain finds them): browsing, an audit and its exports, a diagnosis, a
transaction with the action log, code exports, read receipts, saved settings, a crash
report, the headless commands, and Python logging captured at DEBUG. Then every
output, and every file under the isolated home, config, data and cache folders, is
searched for the secret strings.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from dynoview.cli import main as cli_main
from dynoview.core.audit.report import audit_json, audit_text, diagnosis_json, dumps, findings_csv
from dynoview.core.audit.run import run_audit
from dynoview.core.errors import describe_error
from dynoview.core.reads.browse import BrowseSpec, build_request
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.code_export import to_aws_cli, to_boto3, to_javascript
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.schema import article_schema, default_schema
from dynoview.ui import crash
from dynoview.ui.settings import load_connections, save_connections
from tests.helpers import seeded_accounts_copy

pytestmark = [pytest.mark.security, pytest.mark.integration]

ACCESS_KEY = "AKIACANARYDYNOVIEW01"
SECRET_KEY = "CanarySecret/DynoView+0123456789abcdefGHIJ"
SESSION_TOKEN = "IQoJb3JpZ2luX2VjCanarySessionTokenDynoView" + "Zm9vYmFy" * 20
SECRETS = (ACCESS_KEY, SECRET_KEY, SESSION_TOKEN)
# Distinctive pieces too, so a secret cut, wrapped or partly escaped is still caught.
FRAGMENTS = ("CANARYDYNOVIEW", "CanarySecret", "CanarySessionToken")


def leaks(text: str) -> list[str]:
    return [s for s in (*SECRETS, *FRAGMENTS) if s in text]


@pytest.fixture
def canary_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", ACCESS_KEY)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", SECRET_KEY)
    monkeypatch.setenv("AWS_SESSION_TOKEN", SESSION_TOKEN)


@pytest.fixture
def conn(moto_endpoint: str, canary_env: None) -> Connection:
    spec = ConnectionSpec(name="canary", endpoint_url=moto_endpoint, region="us-east-1")
    connection = Connection(spec)  # the default chain: the environment's canary keys
    frozen = connection.session.get_credentials().get_frozen_credentials()
    assert (frozen.access_key, frozen.secret_key, frozen.token) == SECRETS
    return connection


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with seeded_accounts_copy(conn, "secrets") as name:
        yield name


def files_under(*roots: Path) -> Iterator[Path]:
    for root in roots:
        if root.exists():
            yield from (p for p in root.rglob("*") if p.is_file())


def test_a_whole_session_leaks_no_secret(conn: Connection, table: str, tmp_path: Path,
                                         caplog: pytest.LogCaptureFixture,
                                         capsys: pytest.CaptureFixture[str], qapp: Any) -> None:
    caplog.set_level(logging.DEBUG)  # everything, botocore's wire logs included
    outputs: dict[str, str] = {}
    reader = Reader(conn)
    info = describe_table(conn, table)

    # Browse: a query and a scan, pages through the cursor.
    for spec in (BrowseSpec(table=table, page_size=5),
                 BrowseSpec(table=table, mode="Query", pk_value="ACCT#a1f9c3")):
        operation, request = build_request(info, spec)
        for _page in reader.cursor(operation, request, info):
            pass

    # Audit and its exports; a diagnosis and its report.
    result = run_audit(reader, info, default_schema(info), segments=2)
    outputs["audit json"] = dumps(audit_json(result))
    outputs["audit csv"] = findings_csv(result.findings)
    outputs["audit text"] = audit_text(result)
    outputs["diagnosis"] = dumps(diagnosis_json(diagnose(reader, info, default_schema(info), "email",
                                                         "ken@thompson.dev")))

    # A transaction, its action log, and the code exports of it.
    log = ActionLog(tmp_path / "actions.jsonl")
    tx = sign_up(article_schema(), table, {"PK": {"S": "ACCT#canary"}, "SK": {"S": "PROFILE"},
                                           "email": {"S": "canary@x.io"}, "username": {"S": "canary"}})
    executed = execute_transaction(conn, tx, confirmation=True, log=log, reader=reader)
    assert executed.status == SUCCEEDED
    outputs["execution result"] = json.dumps(executed.to_json())
    outputs["action log"] = log.path.read_text(encoding="utf-8")
    request = tx.to_request()
    outputs["boto3 export"] = to_boto3(request, region=conn.region, endpoint_url=conn.spec.endpoint_url)
    cli_export = to_aws_cli(request, region=conn.region, endpoint_url=conn.spec.endpoint_url)
    outputs["cli export"] = cli_export.command + cli_export.file_content
    outputs["js export"] = to_javascript(request, region=conn.region, endpoint_url=conn.spec.endpoint_url)
    for name in ("boto3 export", "js export"):
        assert "default" in outputs[name]  # the default credential chain, named as such

    # Read receipts as the read log shows and exports them.
    receipts = reader.log.receipts()
    assert len(receipts) > 5
    outputs["receipts"] = json.dumps([r.to_json() for r in receipts]) + "".join(r.summary() for r in receipts)

    # Saved settings: the connection as saved and loaded back.
    settings_path = tmp_path / "settings.ini"
    save_connections([conn.spec], QSettings(str(settings_path), QSettings.Format.IniFormat))
    outputs["settings"] = settings_path.read_text(encoding="utf-8")
    assert load_connections(QSettings(str(settings_path), QSettings.Format.IniFormat))[0] == [conn.spec]

    # A crash report for an error raised with a secret in its message and in a local variable.
    def fail(token: str = SESSION_TOKEN) -> None:
        raise RuntimeError(f"signing failed for {ACCESS_KEY} with token={token} secret {SECRET_KEY}")
    try:
        fail()
    except RuntimeError as exc:
        secrets = crash.environment_secrets() + crash.credential_secrets(conn.session)
        report = crash.build_report(RuntimeError, exc, exc.__traceback__, secrets=secrets)
        saved = crash.save_report(report, tmp_path / "reports")
    assert saved is not None
    outputs["crash report"] = report
    assert "RuntimeError" in report and "<redacted>" in report

    # A user-facing error for a refused call.
    try:
        conn.client.get_item(TableName="no-such-table", Key={"PK": {"S": "x"}})
    except Exception as exc:
        err = describe_error(exc, table="no-such-table", endpoint=conn.spec.endpoint_url)
        outputs["error"] = f"{err.title}: {err.message}"

    # The headless commands, output and errors.
    for argv in (["audit", "--endpoint-url", conn.spec.endpoint_url or "", "--table", table,
                  "--format", "json"],
                 ["diagnose", "--endpoint-url", conn.spec.endpoint_url or "", "--table", table,
                  "--rule", "email", "ada@lovelace.io", "--format", "json"],
                 ["tables", "--endpoint-url", conn.spec.endpoint_url or ""]):
        cli_main(argv)
        captured = capsys.readouterr()
        outputs[f"cli {argv[0]}"] = captured.out + captured.err

    outputs["python logging"] = "\n".join(
        f"{r.name} {r.getMessage()} {r.exc_text or ''}" for r in caplog.records) + caplog.text
    assert any(r.name.startswith("botocore") for r in caplog.records)  # the wire logs were on
    assert "Authorization': b'<redacted>" in outputs["python logging"]  # and were cleaned

    for where, text in outputs.items():
        assert not leaks(text), f"{where} contains {leaks(text)}"
    # Every file the session wrote, wherever it went (settings, schemas, logs, reports...).
    roots = [tmp_path, *(Path(os.environ[v]) for v in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                                                       "XDG_CACHE_HOME", "HOME") if v in os.environ)]
    scanned = 0
    for path in files_under(*roots):
        scanned += 1
        text = path.read_bytes().decode("utf-8", "replace")
        assert not leaks(text), f"{path} contains {leaks(text)}"
    assert scanned >= 3  # at least the action log, the settings file and the crash report


def test_exported_code_runs_on_the_default_chain(conn: Connection, table: str, tmp_path: Path) -> None:
    """The boto3 export holds no key; run with the environment's keys it does the same write."""
    import subprocess

    tx = sign_up(article_schema(), table, {"PK": {"S": "ACCT#exported"}, "SK": {"S": "PROFILE"},
                                           "email": {"S": "exp@x.io"}, "username": {"S": "exported"}})
    code = to_boto3(tx.to_request(), region=conn.region, endpoint_url=conn.spec.endpoint_url)
    assert not leaks(code)
    script = tmp_path / "export.py"
    script.write_text(code)
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                         env={**os.environ})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "200" and not leaks(run.stdout + run.stderr)
    assert Reader(conn).get_item(table, {"PK": {"S": "ACCT#exported"}, "SK": {"S": "PROFILE"}})


# --------------------------------------------------------------------------- issue 20: every exit

_ECHO = (f"Request rejected. Authorization: AWS4-HMAC-SHA256 Credential={ACCESS_KEY}/20260101/us-east-1/"
         f"dynamodb/aws4_request, SignedHeaders=host, Signature=abc; X-Amz-Security-Token: {SESSION_TOKEN}; "
         f"the key pair was {ACCESS_KEY} and {SECRET_KEY}; token {SESSION_TOKEN}")
ECHO_BODY = json.dumps({"__type": "com.amazonaws.dynamodb.v20120810#ValidationException",
                        "message": _ECHO}).encode()
#: Operations each command fails on, when a server echoes the request's credentials back
#: (the transaction's own reads must pass for it to be sent).
READ_OPERATIONS = {"ListTables", "Scan", "GetItem", "ExecuteStatement", "GetRecords"}
WRITE_OPERATIONS = {"TransactWriteItems"}


def signup_file(tmp_path: Path, table: str) -> Path:
    from dynoview.core.tx.wire import preview_text

    tx = sign_up(article_schema(), table, {"PK": {"S": "ACCT#echo"}, "SK": {"S": "PROFILE"},
                                           "email": {"S": "echo@x.io"}, "username": {"S": "echo"}})
    path = tmp_path / "signup.json"
    path.write_text(preview_text(tx.to_request()), encoding="utf-8")
    return path


@pytest.fixture
def echoing_proxy(moto_endpoint: str) -> Iterator[Any]:
    """moto behind a proxy that answers the operations in ``proxy.echoed`` with an error
    quoting the credentials."""
    from tests.fault_proxy import RESPOND, FaultProxy

    with FaultProxy(moto_endpoint) as proxy:
        proxy.echoed = set(READ_OPERATIONS)  # type: ignore[attr-defined]
        proxy.add(RESPOND, predicate=lambda info: info.operation in proxy.echoed,  # type: ignore[attr-defined]
                  times=None, status=400, body=ECHO_BODY)
        yield proxy


def test_a_server_echoing_the_credentials_gets_them_printed_nowhere(
        conn: Connection, table: str, echoing_proxy: Any, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    url = echoing_proxy.url
    outputs: dict[str, str] = {}
    for argv in (["tables"], ["audit", "--table", table], ["diagnose", "--table", table, "--rule", "email",
                                                             "ada@lovelace.io", "--no-stream"],
                 ["partiql", f'SELECT * FROM "{table}"'], ["stream", "--table", table],
                 ["export", "--table", table], ["audit", "--table", table, "--format", "json"],
                 ["transact", str(signup_file(tmp_path, table)), "--yes"],
                 ["transact", str(signup_file(tmp_path, table)), "--yes", "--format", "json"]):
        echoing_proxy.echoed = WRITE_OPERATIONS if argv[0] == "transact" else READ_OPERATIONS
        code = cli_main([*argv, "--endpoint-url", url])
        captured = capsys.readouterr()
        outputs[" ".join(argv)] = captured.out + captured.err
        assert code in (1, 2), outputs[" ".join(argv)]
    assert echoing_proxy.requests("TransactWriteItems")  # the echo did come back
    assert "Request rejected" in outputs["tables"] and "<redacted>" in outputs["tables"]
    for where, text in outputs.items():
        assert not leaks(text), f"{where} printed {leaks(text)}"


def test_a_server_echoing_the_credentials_gets_them_written_nowhere(
        conn: Connection, table: str, echoing_proxy: Any, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    from dynoview.core.session import profile

    echoing_proxy.echoed = WRITE_OPERATIONS
    log = profile.data_dir() / "actions.jsonl"
    before = log.stat().st_size if log.exists() else 0
    cli_main(["transact", str(signup_file(tmp_path, table)), "--yes", "--endpoint-url", echoing_proxy.url])
    capsys.readouterr()
    written = log.read_bytes()[before:].decode("utf-8")
    assert "Request rejected" in written
    assert not leaks(written), f"the action log holds {leaks(written)}"


PROCESS_ACCESS = "ASIAPROCESSCANARY0001"
PROCESS_SECRET = "ProcCanarySecret/Key+0123456789abcdefGHIJK"
PROCESS_TOKEN = "IQoJProcCanaryToken" + "Zm9vYmFyQmF6" * 20


def test_a_credential_process_printing_its_secret_on_failure_is_not_quoted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Values DynoView never had: only the patterns (names, key ids, long tokens) can find them."""
    script = tmp_path / "leaky_process.py"
    script.write_text(
        "import json, sys\n"
        f"print('refresh failed for ' + json.dumps({{'Version': 1, 'AccessKeyId': {PROCESS_ACCESS!r}, "
        f"'SecretAccessKey': {PROCESS_SECRET!r}, 'SessionToken': {PROCESS_TOKEN!r}}}), file=sys.stderr)\n"
        f"print('aws_secret_access_key={PROCESS_SECRET} token {PROCESS_TOKEN}', file=sys.stderr)\n"
        f"print('raw: {PROCESS_SECRET}', file=sys.stderr)\n"
        "sys.exit(1)\n", encoding="utf-8")
    config = tmp_path / "config"
    config.write_text(f"[profile leaky]\ncredential_process = {sys.executable} {script}\n"
                      "region = us-east-1\n", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    assert cli_main(["tables", "--profile", "leaky", "--region", "us-east-1"]) == 2
    captured = capsys.readouterr()
    shown = captured.out + captured.err
    assert "exited with status 1" in shown  # the failure is still explained
    for secret in (PROCESS_ACCESS, PROCESS_SECRET, PROCESS_TOKEN, "ProcCanarySecret", "ProcCanaryToken"):
        assert secret not in shown


def test_exported_code_drops_the_endpoint_password_with_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import re

    from dynoview.core.tx.code_export import URL_CREDENTIALS_NOTE

    path = signup_file(tmp_path, "accounts")
    url = "http://svcuser:UrlCanaryPassw0rd@127.0.0.1:8000"
    for kind in ("boto3", "cli", "js"):
        assert cli_main(["transact", str(path), "--export", kind, "--endpoint-url", url]) == 0
        captured = capsys.readouterr()
        code = captured.out
        assert "UrlCanaryPassw0rd" not in code + captured.err and "svcuser" not in code + captured.err
        assert "http://127.0.0.1:8000" in code  # the code still runs against the endpoint
        comments = re.sub(r"\n(?:#|//) ", " ", code)
        assert URL_CREDENTIALS_NOTE in comments


def test_a_bug_s_traceback_is_scrubbed(canary_env: None, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    from dynoview.cli import tables

    def bug(_args: Any, token: str = SESSION_TOKEN) -> int:
        raise RuntimeError(f"signing failed for {ACCESS_KEY} secret={SECRET_KEY} token {token}")

    import re

    monkeypatch.setattr(tables, "run", bug)
    assert cli_main(["tables"]) == 3  # a bug: the boundary's exit (user errors are 2)
    captured = capsys.readouterr()
    assert "Traceback" in captured.err and "RuntimeError" in captured.err
    assert not leaks(captured.out + captured.err)
    saved = re.search(r"The crash report is saved at (\S+);", captured.err)  # scrubbed too
    assert saved is not None and "RuntimeError" in Path(saved.group(1)).read_text()
    assert not leaks(Path(saved.group(1)).read_text())


# --------------------------------------------------------------------------- issue 25: MFA codes

def test_an_mfa_code_is_written_and_printed_nowhere(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str, qapp: Any,
        caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]) -> None:
    """An MFA role signed in from the core, then from the CLI with ``--mfa-code``, botocore's wire
    logs at DEBUG: the code is in no output, log, crash report, setting or cache file."""
    from dynoview.core.session.signin import MfaRequest
    from tests.integration.signin_profiles import MFA_CODE, use_profiles

    profiles = use_profiles(tmp_path, monkeypatch, moto_endpoint)
    caplog.set_level(logging.DEBUG)
    outputs: dict[str, str] = {}
    asked: list[MfaRequest] = []

    def prompter(request: MfaRequest) -> str:
        asked.append(request)
        return MFA_CODE

    spec = ConnectionSpec(name="support", profile="mfa", endpoint_url=moto_endpoint, region="us-east-1")
    conn = Connection(spec, mfa_prompter=prompter)
    outputs["tables"] = " ".join(conn.list_tables())
    assert len(asked) == 1
    settings_path = tmp_path / "settings.ini"
    save_connections([conn.spec], QSettings(str(settings_path), QSettings.Format.IniFormat))
    outputs["settings"] = settings_path.read_text(encoding="utf-8")
    try:
        raise RuntimeError(f"refresh failed; TokenCode={MFA_CODE} mfa_code: {MFA_CODE}")
    except RuntimeError as exc:
        report = crash.build_report(RuntimeError, exc, exc.__traceback__,
                                    secrets=crash.credential_secrets(conn.session))
        assert crash.save_report(report, tmp_path / "reports") is not None
    outputs["crash report"] = report
    # A new cache (another HOME) so the CLI has to send its own code.
    monkeypatch.setenv("HOME", str(tmp_path / "home2"))
    assert cli_main(["tables", "--profile", "mfa", "--endpoint-url", moto_endpoint,
                     "--mfa-code", MFA_CODE]) == 0
    captured = capsys.readouterr()
    outputs["cli"] = captured.out + captured.err
    outputs["python logging"] = "\n".join(
        f"{r.name} {r.getMessage()} {r.exc_text or ''}" for r in caplog.records) + caplog.text
    # The code did go over the wire, twice, and the wire logs were cleaned of it.
    assert outputs["python logging"].count("'TokenCode': '<redacted>'") >= 2
    for where, text in outputs.items():
        assert MFA_CODE not in text, f"{where} holds the MFA code"
    roots = [tmp_path, *(Path(os.environ[v]) for v in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                                                       "XDG_CACHE_HOME") if v in os.environ)]
    cached = [p for p in files_under(tmp_path) if p.parent.name == "cache"]
    assert len(cached) == 2 and any(profiles.home in p.parents for p in cached)  # both runs cached
    for path in files_under(*roots):
        assert MFA_CODE not in path.read_bytes().decode("utf-8", "replace"), f"{path} holds the MFA code"


def test_sso_tokens_stay_in_the_token_cache_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str,
        caplog: pytest.LogCaptureFixture) -> None:
    """The SSO device flow and the connection it enables, botocore's wire logs at DEBUG: the access
    and refresh tokens, the client secret and the role's secret appear in no log, crash report or
    setting; the only file holding the tokens is the AWS CLI's token cache, as ``aws sso login``'s."""
    import hashlib
    import threading

    import boto3.session

    from dynoview.core.session.sso_login import start_sign_in, token_cache_dir, wait_for_token
    from tests.integration import sso_endpoint as fake
    from tests.integration.test_signin_sso import CONFIG

    endpoint = fake.SsoEndpoint()
    (tmp_path / "config").write_text(CONFIG)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO_OIDC", endpoint.url)
    monkeypatch.setenv("AWS_ENDPOINT_URL_SSO", endpoint.url)
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN"):
        monkeypatch.delenv(var, raising=False)
    cache = Path(token_cache_dir()) / (hashlib.sha1(b"corp").hexdigest() + ".json")
    tokens = (fake.ACCESS_TOKEN, fake.REFRESH_TOKEN, fake.CLIENT_SECRET, fake.ROLE_SECRET,
              "SsoCanary")
    caplog.set_level(logging.DEBUG)
    try:
        session = boto3.session.Session(profile_name="sso-support")
        auth = start_sign_in(session, "sso-support")
        endpoint.approved.set()
        wait_for_token(session, auth, threading.Event())
        conn = Connection(ConnectionSpec(name="sso", profile="sso-support", endpoint_url=moto_endpoint,
                                         region="us-east-1"))
        conn.list_tables()
        try:
            raise RuntimeError(f"signing failed with {fake.ROLE_SECRET}")
        except RuntimeError as exc:
            report = crash.build_report(RuntimeError, exc, exc.__traceback__,
                                        secrets=crash.credential_secrets(conn.session))
        settings_path = tmp_path / "settings.ini"
        save_connections([conn.spec], QSettings(str(settings_path), QSettings.Format.IniFormat))
        logged = "\n".join(f"{r.name} {r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
        assert "/client/register" in logged or "RegisterClient" in logged  # the wire logs were on
        assert fake.ACCESS_TOKEN in cache.read_text()  # where botocore and the AWS CLI read it
        for where, text in (("python logging", logged + caplog.text), ("crash report", report)):
            assert not [t for t in tokens if t in text], f"{where} holds an SSO secret"
        roots = [tmp_path, *(Path(os.environ[v]) for v in ("XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                                           "XDG_STATE_HOME", "XDG_CACHE_HOME"))]
        for path in files_under(*roots):
            text = path.read_bytes().decode("utf-8", "replace")
            assert not [t for t in tokens if t in text], f"{path} holds an SSO secret"
    finally:
        cache.unlink(missing_ok=True)
        endpoint.stop()
