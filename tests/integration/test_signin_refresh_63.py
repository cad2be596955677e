"""A credential_process whose credentials stop refreshing after the connection opened (its own
sign-in ended): the failure is the sentence connecting gives, titled as a sign-in problem, and a
builder send it stops says nothing was sent. Refreshing in botocore's window runs the helper no
more often than boto3 alone does. Before: "Unexpected error" with the exception's class name, and
a third helper run per request (``redaction``'s before-sign hook froze the credentials again).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
import qasync

from dynoview.core.errors import UserFacingError, credentials_failed, describe_error
from dynoview.core.redaction import redact_text
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.signin import SignInError, _retrieval_sentence
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.builder.send_flow import Outcome, SendEnv, SendFlow, SendStep, State
from dynoview.ui.context import AppContext

pytestmark = [pytest.mark.integration]
S = article_schema()
#: What the helper prints as its secret key: the run's number follows, so each set differs.
SECRET = "helper63-secret-key-run-"


class Helper:
    """A credential_process steered by files: ``mode`` (ok, fail, expired), ``expires_in``
    (seconds its credentials last) and ``runs`` (how often it ran)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.script = folder / "helper63.py"
        self.script.write_text(
            "import datetime, json, pathlib, sys\n"
            f"folder = pathlib.Path({str(folder)!r})\n"
            "runs = folder / 'runs'\n"
            "n = int(runs.read_text()) + 1\n"
            "runs.write_text(str(n))\n"
            "mode = (folder / 'mode').read_text()\n"
            "if mode == 'fail':\n"
            "    print('vault: token hvs.HELPERSECRET63 expired, run vault login', file=sys.stderr)\n"
            "    sys.exit(2)\n"
            "seconds = -5 if mode == 'expired' else int((folder / 'expires_in').read_text())\n"
            "ends = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(seconds=seconds)\n"
            "print(json.dumps({'Version': 1, 'AccessKeyId': 'ASIAHELPERREFRESH063',\n"
            f"                  'SecretAccessKey': {SECRET!r} + f'{{n:06d}}' + 'x' * 16,\n"
            "                  'SessionToken': 'helper63-token', 'Expiration': ends.isoformat()}))\n",
            encoding="utf-8")
        self.mode("ok")
        self.expires_in(60)
        (folder / "runs").write_text("0")

    def mode(self, mode: str) -> None:
        (self.folder / "mode").write_text(mode)

    def expires_in(self, seconds: int) -> None:
        (self.folder / "expires_in").write_text(str(seconds))

    @property
    def runs(self) -> int:
        return int((self.folder / "runs").read_text())


@pytest.fixture
def helper(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moto_endpoint: str) -> Helper:
    made = Helper(tmp_path)
    config = tmp_path / "aws-config"
    config.write_text(f"[profile exp]\nregion = us-east-1\ncredential_process = {sys.executable} "
                      f"{made.script}\nendpoint_url = {moto_endpoint}\n", encoding="utf-8")
    (tmp_path / "aws-credentials").write_text("", encoding="utf-8")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(tmp_path / "aws-credentials"))
    monkeypatch.setenv("AWS_EC2_METADATA_DISABLED", "true")
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"):
        monkeypatch.delenv(var, raising=False)
    return made


def connect() -> Connection:
    return Connection(ConnectionSpec(name="exp", profile="exp", region="us-east-1"))


def accounts_table(conn: Connection) -> str:
    name = f"acc63-{time.monotonic_ns() % 10**9}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    return name


def refresh_failure(conn: Connection) -> BaseException:
    with pytest.raises(Exception) as raised:
        conn.list_tables()
    return raised.value


def test_a_helper_failing_at_a_refresh_is_the_sign_in_sentence_of_connecting(helper: Helper) -> None:
    conn = connect()
    assert isinstance(conn.list_tables(), list)
    helper.mode("fail")  # its own sign-in ended: the next refresh fails
    exc = refresh_failure(conn)
    err = describe_error(exc, operation="ListTables", profile="exp")
    print(f"{type(exc).__name__}: {err.title} | {err.message}")
    assert credentials_failed(exc)
    assert err.title == "Sign-in failed" and err.code == "CredentialRetrieval"
    assert err.message == _retrieval_sentence(exc, "exp")
    assert "credential_process of profile exp" in err.message
    assert "Run that command in a terminal to see why, then retry." in err.message
    assert "HELPERSECRET63" not in err.message and "CredentialRetrievalError" not in err.message
    # The very sentence a connect gets from the same failure.
    with pytest.raises(SignInError) as at_connect:
        connect()
    assert at_connect.value.message == err.message


def test_expired_credentials_handed_over_at_a_refresh_say_so_for_the_profile(helper: Helper) -> None:
    conn = connect()
    helper.mode("expired")
    err = describe_error(refresh_failure(conn), operation="ListTables", profile="exp")
    assert err.title == "Sign-in failed"
    assert err.message.startswith("The credential_process of profile exp handed over credentials "
                                  "that expired at ")


def test_a_refresh_in_botocores_window_runs_the_helper_as_often_as_boto3_alone(helper: Helper) -> None:
    helper.expires_in(12 * 60)  # inside the 15-minute advisory window: each freeze refreshes
    plain = boto3.session.Session(profile_name="exp").client("dynamodb")
    plain.list_tables()
    before = helper.runs
    plain.list_tables()
    plain.list_tables()
    boto3_runs = helper.runs - before
    conn = connect()
    conn.list_tables()
    before = helper.runs
    conn.list_tables()
    conn.list_tables()
    ours = helper.runs - before
    print(f"helper runs for two ListTables: boto3 {boto3_runs}, DynoView {ours}")
    assert ours <= boto3_runs
    # Each refreshed set is still remembered before it signs: the last one is redacted.
    last = f"{SECRET}{helper.runs:06d}{'x' * 16}"
    assert last not in redact_text(f"signed with {last}")


# -- the builder's send -------------------------------------------------------------------------


@pytest.fixture
def loop(qapp: Any) -> Iterator[asyncio.AbstractEventLoop]:
    """A qasync loop, so the send flow's background work runs while qtbot waits."""
    made = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(made)
    yield made
    for task in [t for t in asyncio.all_tasks(made) if not t.done()]:
        task.cancel()
    for _ in range(50):
        qapp.processEvents()
        time.sleep(0.005)
    made.close()
    asyncio.set_event_loop(None)


@pytest.mark.gui
def test_a_send_whose_credentials_fail_says_nothing_was_sent(
        helper: Helper, loop: asyncio.AbstractEventLoop, qtbot: Any, tmp_path: Path) -> None:
    conn = connect()
    table = accounts_table(conn)
    ctx = AppContext()
    ctx.set_connection(conn)
    ctx.set_table(describe_table(conn, table))
    boxes: list[UserFacingError] = []
    ctx.error_raised.connect(boxes.append)
    tx = sign_up(S, table, {"PK": {"S": "ACCT#63"}, "SK": {"S": "PROFILE"},
                            "email": {"S": "ada@x.io"}, "username": {"S": "ada"}})
    flow = SendFlow(ctx, lambda: tx)
    steps: list[SendStep] = []

    def render(step: SendStep) -> None:
        steps.append(step)
        if step.state is State.CONFIRMING:
            helper.mode("fail")  # the helper's session ends while the confirmation is open
            flow.confirm(True)

    flow.changed.connect(render)
    log = ActionLog(tmp_path / "actions.jsonl")
    assert flow.check(tx, SendEnv(S, {table: describe_table(conn, table)}, log), execute_after=True)
    qtbot.waitUntil(lambda: steps[-1].state is State.SETTLED and not flow.running(), timeout=20000)
    settled = steps[-1]
    print(settled.message)
    assert [s.state for s in steps] == [State.CHECKING, State.CONFIRMING, State.SENDING, State.SETTLED]
    assert settled.outcome is Outcome.FAILED
    assert settled.message.startswith("No credentials could be had to sign the transaction, so "
                                      "nothing was sent. The credential_process of profile exp ")
    assert boxes and boxes[-1].title == "Sign-in failed"
    helper.mode("ok")
    assert conn.client.scan(TableName=table)["Count"] == 0 and log.entries() == []
