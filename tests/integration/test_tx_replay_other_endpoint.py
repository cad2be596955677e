"""The same request file, under its own ClientRequestToken, sent to endpoint A and then, within
10 minutes, to endpoint B that never saw the token. DynamoDB keeps a token per endpoint: B
really writes the items, so its send is reported as written, not as a replay of A's send; B's
preflight judges B's items as for any request; and the token's age on B starts at B's send.
Two engines (moto and DynamoDB Local, each way) and two moto servers (no Java needed; the
second in its own process, as moto's servers in one process share their tables).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import ConnectionSpec
from dynoview.core.tx.action_log import ActionLog, connection_record
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import body_json, preview_text, request_body
from dynoview.core.uniqueness.schema import article_schema
from dynoview.demo.backend import create_accounts_table
from tests.helpers import connect

pytestmark = pytest.mark.integration
S = article_schema()
ROOT = Path(__file__).resolve().parents[2]
WRITTEN = "succeeded: The transaction was applied: 3 actions written."
REPLAY_NOTE = "This transaction's token"

#: (A, B): the fixtures of the endpoint sent to first and of the one that never saw the token.
PAIRS = {"moto then DynamoDB Local": ("moto_endpoint", "dynamodb_local_endpoint"),
         "DynamoDB Local then moto": ("dynamodb_local_endpoint", "moto_endpoint"),
         "moto then another moto": ("moto_endpoint", "second_moto")}


@pytest.fixture(scope="module")
def second_moto() -> Iterator[str]:
    """Another moto, in a child process: its own tables, its own tokens."""
    code = ("import sys; from dynoview.demo.backend import start_server; server, url = start_server(); "
            "print(url, flush=True); sys.stdin.read(); server.stop()")
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        assert url.startswith("http://"), f"the second moto did not start: {url!r}"
        yield url
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(params=list(PAIRS))
def endpoints(request: pytest.FixtureRequest) -> tuple[str, str]:
    a, b = PAIRS[request.param]
    return str(request.getfixturevalue(a)), str(request.getfixturevalue(b))


@pytest.fixture
def table(endpoints: tuple[str, str]) -> Iterator[str]:
    """An empty accounts table of one name on both endpoints (the file names it)."""
    name = f"replay-{uuid.uuid4().hex[:8]}"
    conns = [connect(url, name="direct") for url in endpoints]
    for conn in conns:
        create_accounts_table(conn, name)
    yield name
    for conn in conns:
        conn.client.delete_table(TableName=name)


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ActionLog:
    """The command's action log (the profile's), in this test's folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return ActionLog()


def account(name: str) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{name}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"{name}@x.io"},
            "username": {"S": name}}


def signup_file(tmp_path: Path, table: str, name: str) -> Path:
    """A sign-up request file naming its own token: every run sends the same request."""
    path = tmp_path / f"{name}.json"
    path.write_text(preview_text(sign_up(S, table, account(name)).to_request()))
    return path


def rows(url: str, table: str) -> int:
    return int(connect(url).client.scan(TableName=table, ConsistentRead=True)["Count"])


def transact(path: Path, url: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["transact", str(path), "--endpoint-url", url, "--yes"])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_same_file_sent_to_another_endpoint_is_written_there_not_a_replay(
        endpoints: tuple[str, str], table: str, tmp_path: Path, data_home: ActionLog,
        capsys: pytest.CaptureFixture[str]) -> None:
    a, b = endpoints
    path = signup_file(tmp_path, table, "twice")
    code, out, err = transact(path, a, capsys)
    assert code == 0 and out.startswith(WRITTEN), out + err
    assert rows(b, table) == 0

    code, out, err = transact(path, b, capsys)
    assert code == 0, out + err
    assert out.startswith(WRITTEN), out  # B wrote them: not "Already applied by the send of ..."
    assert "wrote nothing again" not in out and "Written by the send of" not in out
    assert REPLAY_NOTE not in err  # B's preflight saw no resend
    assert rows(b, table) == 3
    first, second = data_home.entries()
    assert [first["connection"]["endpoint"], second["connection"]["endpoint"]] == [a, b]
    assert second["outcome"]["status"] == SUCCEEDED and second["outcome"].get("replay_of") is None

    # The same file to B again is B's own send replayed: the replay names B's send, not A's.
    code, out, err = transact(path, b, capsys)
    assert code == 0 and out.startswith("succeeded: Already applied by the send of "), out + err
    third = data_home.entries()[-1]
    replayed = datetime.fromisoformat(third["outcome"]["replay_of"]) - datetime.fromisoformat(
        second["outcome"]["sent_at"])
    assert abs(replayed.total_seconds()) < 1
    assert rows(b, table) == 3


def test_the_preflight_on_another_endpoint_judges_its_items_as_they_are(
        endpoints: tuple[str, str], table: str, tmp_path: Path, data_home: ActionLog,
        capsys: pytest.CaptureFixture[str]) -> None:
    """B already holds this account (written there by someone else): its sign-up is refused by
    B's preflight, not let through as a resend of A's send (DynamoDB B would cancel it)."""
    a, b = endpoints
    path = signup_file(tmp_path, table, "taken")
    assert transact(path, a, capsys)[0] == 0
    connect(b).client.put_item(TableName=table, Item=account("taken"))

    code, out, err = transact(path, b, capsys)
    assert code == 2, out + err
    assert REPLAY_NOTE not in out + err
    assert "Refused by the preflight" in out + err
    assert len(data_home.entries()) == 1  # nothing was sent to B


@pytest.mark.parametrize("where", ["this connection", "another connection"])
def test_the_tokens_age_counts_this_connections_sends(
        endpoint_url: str, tmp_path: Path, where: str) -> None:
    """Ten minutes ago the token went elsewhere: sending it here is no late resend (no warning);
    sent here ten minutes ago, it is (both engines)."""
    conn = connect(endpoint_url)
    with_table = f"replay-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, with_table)
    try:
        tx = sign_up(S, with_table, account("aged"))
        here = connection_record(conn.spec, conn.region)
        elsewhere = connection_record(ConnectionSpec(name="other", endpoint_url="http://127.0.0.1:9",
                                                     region="us-east-1"))
        log = ActionLog(tmp_path / "actions.jsonl")
        log.append(connection=here if where == "this connection" else elsewhere, token=tx.token,
                   request=body_json(request_body(tx.to_request())), outcome={"status": "failed"},
                   time=datetime.now(UTC) - timedelta(minutes=10))
        result = execute_transaction(conn, tx, confirmation=True, schema=S, log=log, clock=time.time)
        assert result.status == SUCCEEDED
        late = f"The token {tx.token} was first sent 10 minutes ago"
        if where == "this connection":
            assert late in result.message
        else:
            assert result.warnings == [] and late not in result.message, result.message
    finally:
        conn.client.delete_table(TableName=with_table)
