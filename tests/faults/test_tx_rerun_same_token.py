"""Sending the same request file again under its own ClientRequestToken, within DynamoDB's 10
minutes: after a send Ctrl+C or a kill stopped before its answer came (the message says to do
exactly that), and after one that succeeded.

The rerun's conditions fail on what its own earlier send wrote. The preflight must not predict a
cancellation there ("choose another email" would make a second account), and DynamoDB's 200
for it is a replay that wrote nothing again: said so, never "1 action written" a second time.
Both engines: moto ignores the token, but the demo's server keeps it as DynamoDB does
(dynoview/demo/moto_tokens.py).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import NO_OUTCOME, ActionLog
from dynoview.core.tx.outcomes import APPLIED, SUCCEEDED
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.test_kill_during_send import data_home, kill_when  # noqa: F401 - fixture

pytestmark = [pytest.mark.integration, pytest.mark.faults]
TX = "TransactWriteItems"


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def signup_file(tmp_path: Path, table: str, name: str) -> Path:
    """A sign-up request file that names its own token (so a rerun resends the same request)."""
    item = {**key(f"ACCT#{name}", "PROFILE"), "email": {"S": f"{name}@x.io"}, "username": {"S": name}}
    path = tmp_path / f"{name}.json"
    path.write_text(preview_text(sign_up(article_schema(), table, item).to_request()))
    assert json.loads(path.read_text())["ClientRequestToken"]
    return path


def test_the_same_file_again_after_a_kill_is_a_replay_not_a_refusal(
        proxy: FaultProxy, direct: Connection, table: str, tmp_path: Path,
        data_home: ActionLog, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    path = signup_file(tmp_path, table, "rerunner")
    proxy.add(fp.DELAY_RESPONSE, operation=TX, seconds=8)  # applied, then the answer waits
    kill_when(["transact", str(path), "--endpoint-url", proxy.url, "--yes"],
              lambda: "Item" in direct.client.get_item(TableName=table, Key=key("ACCT#rerunner", "PROFILE"),
                                                       ConsistentRead=True))
    (pending,) = data_home.entries()
    assert pending["outcome"]["status"] == NO_OUTCOME

    proxy.clear()
    code = main(["transact", str(path), "--endpoint-url", proxy.url, "--yes"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert "would cancel this transaction" not in err and "Choose another email" not in err
    assert f"This transaction's token {pending['token']} was sent" in err  # the replay, noted
    assert "the transaction was applied once" in err  # the killed send, settled by reads
    assert out.startswith("succeeded: Already applied by the send of ")
    assert "wrote nothing again" in out and "action 1: Written by the send of" in out
    entries = data_home.entries()
    assert [e["outcome"]["status"] for e in entries] == [APPLIED, SUCCEEDED]
    assert entries[1]["outcome"]["replay_of"] and entries[0]["outcome"].get("replay_of") is None
    rows = direct.client.scan(TableName=table, ConsistentRead=True)["Items"]
    assert sum(1 for r in rows if "rerunner" in r["PK"]["S"]) == 3  # one account and its two locks


def test_a_rerun_of_a_succeeded_request_says_it_wrote_nothing_again(
        direct: Connection, endpoint_url: str, table: str, tmp_path: Path,
        data_home: ActionLog, capsys: pytest.CaptureFixture[str]) -> None:  # noqa: F811
    direct.client.put_item(TableName=table, Item={**key("CTR#1", "X"), "cnt": {"N": "0"}})
    path = tmp_path / "add.json"
    path.write_text(json.dumps({"TransactItems": [{"Update": {
        "TableName": table, "Key": key("CTR#1", "X"), "UpdateExpression": "ADD cnt :one",
        "ExpressionAttributeValues": {":one": {"N": "1"}}}}],
        "ClientRequestToken": "a3c1f0de-rerun-same-token-0001"}))
    args = ["transact", str(path), "--endpoint-url", endpoint_url, "--yes", "--format", "json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["status"] == SUCCEEDED and first["replay_of"] is None
    assert main(args) == 0
    again = json.loads(capsys.readouterr().out)
    counter = direct.client.get_item(TableName=table, Key=key("CTR#1", "X"), ConsistentRead=True)["Item"]
    assert counter["cnt"] == {"N": "1"}  # DynamoDB replayed the first answer: nothing written again
    assert again["status"] == SUCCEEDED
    replayed = datetime.fromisoformat(again["replay_of"]) - datetime.fromisoformat(first["sent_at"])
    assert abs(replayed.total_seconds()) < 1  # the first send's time
    assert again["message"].startswith("Already applied by the send of ")
    assert "wrote nothing again" in again["message"]
    # A third run is the first send's replay too: the second, itself a replay that wrote nothing,
    # is never named as the one that wrote.
    assert main(args) == 0
    third = json.loads(capsys.readouterr().out)
    assert third["replay_of"] == again["replay_of"]
    assert third["message"] == again["message"]
    counter = direct.client.get_item(TableName=table, Key=key("CTR#1", "X"), ConsistentRead=True)["Item"]
    assert counter["cnt"] == {"N": "1"}
