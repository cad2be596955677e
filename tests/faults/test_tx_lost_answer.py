"""Issue 20: after a lost answer, no later error decides the outcome; only the reads do.

The first TransactWriteItems reaches the engine and is applied, but its answer is lost (the
proxy drops the connection after forwarding). The resend is then answered, without reaching
the engine, with throttling (ProvisionedThroughputExceededException, ThrottlingException),
ExpiredTokenException or a TransactionConflict cancellation. None of those says whether the
first attempt was applied: the outcome is settled by strongly consistent reads, in the core
execution, in ``dynoview transact`` and in ``dynoview repair``. Both engines.

Also: the preflight's own reads failing say the preflight could not read, and nothing is sent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import APPLIED, FAILED, WRITTEN, ExecutionResult
from dynoview.core.tx.templates import sign_up
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.schema import article_schema
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]
S = article_schema()
TX = "TransactWriteItems"
_DDB = "com.amazonaws.dynamodb.v20120810#"

#: What answers the resend (name -> proxy rule arguments). ``times``: the answers one send
#: meets (botocore retries throttling itself, three more attempts; the others are final).
LATER: dict[str, dict[str, Any]] = {
    "ProvisionedThroughputExceededException": {"kind": fp.THROTTLE, "times": 3},
    "ThrottlingException": {"kind": fp.RESPOND, "status": 400, "times": 3, "body": {
        "__type": f"{_DDB}ThrottlingException",
        "message": "Rate of requests exceeds the allowed throughput."}},
    "ExpiredTokenException": {"kind": fp.EXPIRED_TOKEN, "times": 1},
    "TransactionConflict": {"kind": fp.RESPOND, "status": 400, "times": 1, "body": {
        "__type": f"{_DDB}TransactionCanceledException",
        "message": "Transaction cancelled, please refer cancellation reasons for specific reasons "
                   "[TransactionConflict]",
        "CancellationReasons": [{"Code": "TransactionConflict",
                                 "Message": "Transaction is ongoing for the item"}]}},
}


def lose_first_answer_then(proxy: FaultProxy, later: str, *, first: str = fp.DROP_AFTER) -> None:
    proxy.add(first, operation=TX, times=1)
    proxy.add(operation=TX, **LATER[later])


def key(pk: str, sk: str) -> dict[str, Any]:
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def signup(table: str, name: str) -> Transaction:
    return sign_up(S, table, {**key(f"ACCT#{name}", "PROFILE"), "email": {"S": f"{name}@x.io"},
                              "username": {"S": name}})


def present(direct: Connection, table: str, name: str) -> list[bool]:
    keys = [key(f"ACCT#{name}", "PROFILE"), key(f"UNIQ#EMAIL#{name}@x.io", "LOCK"),
            key(f"UNIQ#HANDLE#{name}", "LOCK")]
    return [direct.client.get_item(TableName=table, Key=k, ConsistentRead=True).get("Item") is not None
            for k in keys]


def execute(conn: Connection, tx: Transaction, log: ActionLog) -> ExecutionResult:
    return execute_transaction(conn, tx, confirmation=True, schema=S, reader=Reader(conn), log=log,
                               retry_delay=0.05)


@pytest.fixture
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ActionLog:
    """The commands' own action log (the profile's), in a folder of this test only."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return ActionLog()


@pytest.mark.parametrize("later", list(LATER))
def test_an_error_after_a_lost_answer_never_decides(proxy: FaultProxy, pconn: Connection,
                                                    direct: Connection, table: str, tmp_path: Path,
                                                    later: str) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    name = f"later{later[:6].lower()}"
    tx = signup(table, name)
    lose_first_answer_then(proxy, later)
    result = execute(pconn, tx, log)
    assert len(proxy.forwarded(TX)) == 1  # the first attempt, applied; the rest never reached it
    assert present(direct, table, name) == [True, True, True]
    assert result.status == APPLIED, result.message
    assert result.verified_by_reads and [a.state for a in result.actions] == ["applied"] * 3
    assert "wrote nothing" not in result.message and "Nothing was written" not in result.message
    assert "answer from DynamoDB was lost" in result.message
    code = "TransactionCanceledException" if "Conflict" in later else later
    assert f"A later attempt was answered {code}" in result.message
    assert "Every change is in place: the transaction was applied once." in result.message
    assert [(e["token"], e["outcome"]["status"]) for e in log.entries()] == [(tx.token, APPLIED)]


@pytest.mark.parametrize("later", ["ProvisionedThroughputExceededException", "ExpiredTokenException"])
def test_a_refusal_after_a_lost_request_is_confirmed_by_the_reads(proxy: FaultProxy, pconn: Connection,
                                                                  direct: Connection, table: str,
                                                                  tmp_path: Path, later: str) -> None:
    """The first attempt never reached the engine (dropped before forwarding): the reads find
    nothing, and only then is the refusal reported as one that wrote nothing."""
    log = ActionLog(tmp_path / "actions.jsonl")
    tx = signup(table, "neverthere")
    lose_first_answer_then(proxy, later, first=fp.DROP_BEFORE)
    result = execute(pconn, tx, log)
    assert proxy.forwarded(TX) == [] and present(direct, table, "neverthere") == [False] * 3
    assert result.status == FAILED and result.error_code == later and result.verified_by_reads
    assert "The reads confirm nothing was written." in result.message
    assert "wrote nothing" in result.message  # the refusal's own sentence, now verified


def signup_file(tmp_path: Path, table: str, name: str) -> Path:
    path = tmp_path / f"{name}.json"
    path.write_text(preview_text(signup(table, name).to_request()))
    return path


@pytest.mark.parametrize("later", list(LATER))
def test_transact_reports_the_write_that_happened(proxy: FaultProxy, direct: Connection, table: str,
                                                  tmp_path: Path, data_home: ActionLog, later: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    name = f"cli{later[:6].lower()}"
    request = signup_file(tmp_path, table, name)
    lose_first_answer_then(proxy, later)
    code = main(["transact", str(request), "--endpoint-url", proxy.url, "--yes"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert out.startswith("applied: An answer from DynamoDB was lost"), out
    assert "wrote nothing" not in out + err and "a bug in DynoView" not in err
    assert present(direct, table, name) == [True, True, True]
    assert [e["outcome"]["status"] for e in data_home.entries()] == [APPLIED]


def orphan_report(capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str, path: Path) -> Path:
    assert main(["audit", "--endpoint-url", endpoint_url, "--table", table, "--format", "json",
                 "--no-receipts", "--consistent"]) == 1
    data = json.loads(capsys.readouterr().out)
    data["findings"] = [f for f in data["findings"] if f["status"] == "ORPHAN_LOCK"]
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("later", list(LATER))
def test_repair_reports_the_delete_that_happened(proxy: FaultProxy, endpoint_url: str, direct: Connection,
                                                 table: str, tmp_path: Path, data_home: ActionLog,
                                                 later: str, capsys: pytest.CaptureFixture[str]) -> None:
    report = orphan_report(capsys, endpoint_url, table, tmp_path / "audit.json")
    lose_first_answer_then(proxy, later)
    code = main(["repair", str(report), "--endpoint-url", proxy.url, "--table", table, "--yes",
                 "--rate", "50"])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert out.count("] applied: ") == 2 and "2 applied; 0 need a decision." in out
    assert "answer from DynamoDB was lost" in out
    assert "wrote nothing" not in out + err and "stopped" not in err
    for email in ("ken@thompson.dev", "barbara@mit.edu"):
        lock = key(f"UNIQ#EMAIL#{email}", "LOCK")
        assert "Item" not in direct.client.get_item(TableName=table, Key=lock, ConsistentRead=True)
    assert all(e["outcome"]["status"] in WRITTEN for e in data_home.entries())
    assert len(data_home.entries()) == 2


@pytest.mark.parametrize("fault", [fp.HTTP_500, fp.DROP_BEFORE])
def test_a_repair_that_never_reached_dynamodb_is_retried_by_the_next_run(
        proxy: FaultProxy, endpoint_url: str, direct: Connection, table: str, tmp_path: Path,
        data_home: ActionLog, fault: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing reached DynamoDB: the run says nothing was written and stops (it is not "cancelled
    by DynamoDB, the table changed"), and the next run re-checks the finding and repairs it."""
    report = orphan_report(capsys, endpoint_url, table, tmp_path / "audit.json")
    proxy.add(fault, operation=TX, times=None)
    argv = ["repair", str(report), "--endpoint-url", proxy.url, "--table", table, "--yes", "--rate", "50"]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, out + err
    assert "Nothing was written; the run stopped here. Run the repair again" in out
    assert "cancelled by DynamoDB" not in out and "The table changed" not in out
    assert proxy.requests(TX) and proxy.forwarded(TX) == []
    proxy.clear()
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, out + err
    assert "2 applied; 0 need a decision." in out, out
    for email in ("ken@thompson.dev", "barbara@mit.edu"):
        lock = key(f"UNIQ#EMAIL#{email}", "LOCK")
        assert "Item" not in direct.client.get_item(TableName=table, Key=lock, ConsistentRead=True)


@pytest.mark.parametrize("describe_fails", [False, True], ids=["item-reads", "all-reads"])
def test_preflight_read_errors_say_nothing_was_sent(proxy: FaultProxy, direct: Connection, table: str,
                                                    tmp_path: Path, data_home: ActionLog,
                                                    describe_fails: bool,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    request = signup_file(tmp_path, table, "preflight500")
    spared = {TX} if describe_fails else {TX, "DescribeTable"}
    proxy.add(fp.HTTP_500, predicate=lambda r: r.operation not in spared, times=None)
    code = main(["transact", str(request), "--endpoint-url", proxy.url, "--yes"])
    out, err = capsys.readouterr()
    assert code == 2, out + err
    assert "The preflight could not read the items this transaction touches, so nothing was sent." in err
    assert "internal error" in err and "TransactWriteItems" not in err
    assert proxy.requests(TX) == [] and data_home.entries() == []
    assert present(direct, table, "preflight500") == [False, False, False]


def test_an_unknown_outcome_of_a_file_without_a_token_says_how_to_resend_it(
        proxy: FaultProxy, direct: Connection, table: str, tmp_path: Path, data_home: ActionLog,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A file without a ClientRequestToken gets a new token on every run: after an unknown
    outcome, "execute again with the same token" is only possible by putting that token in the
    file, and the command says so, with the token it sent (else a rerun is a new request)."""
    for fmt in ("text", "json"):
        # One signup per run: the first run's lost answer hides a write that happened, and the
        # preflight refuses a second signup of an account (and locks) it reads as already there.
        request = json.loads(preview_text(signup(table, f"tokenless{fmt}").to_request()))
        del request["ClientRequestToken"]
        path = tmp_path / f"tokenless{fmt}.json"
        path.write_text(json.dumps(request))
        proxy.reset()
        sent_once: list[bool] = []
        # Every answer lost, and the settling reads fail (the preflight's, before the send, work).
        proxy.add(fp.DROP_AFTER, operation=TX, times=None,
                  predicate=lambda _, sent=sent_once: sent.append(True) or True)
        proxy.add(fp.HTTP_500, operation="TransactGetItems", times=None,
                  predicate=lambda _, sent=sent_once: bool(sent))
        code = main(["transact", str(path), "--endpoint-url", proxy.url, "--yes", "--format", fmt])
        out, err = capsys.readouterr()
        assert code == 2, out + err
        sent = proxy.requests(TX)[-1].json()["ClientRequestToken"]
        advice = f'"ClientRequestToken": "{sent}"'
        if fmt == "json":
            payload = json.loads(out)
            assert payload["status"] == "unknown" and advice in payload["resend_note"]
        else:
            assert out.startswith("unknown: ") and advice in err, out + err


def test_an_answer_nothing_expected_is_settled_without_claiming_a_resend(
        proxy: FaultProxy, pconn: Connection, direct: Connection, table: str, tmp_path: Path) -> None:
    """A 200 web page (a captive portal) for the one TransactWriteItems: settled by reads, and
    said so; it was sent once, so the sentence must not say it was resent."""
    proxy.add(fp.REPLACE, operation=TX, times=1, body=b"<html>portal</html>",
              headers={"Content-Type": "text/html"})
    result = execute(pconn, signup(table, "portal"), ActionLog(tmp_path / "a.jsonl"))
    assert len(proxy.requests(TX)) == 1 and result.attempts == 1
    assert result.status == APPLIED and present(direct, table, "portal") == [True] * 3
    assert "resent" not in result.message
    assert "was checked with strongly consistent reads" in result.message
