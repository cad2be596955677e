"""AthenaRunner's loop: polling until a query ends, paging results with NextToken (moto's
Athena answers in one page, so paging is driven here by a stand-in for the API's shape),
failures as sentences, cancel stops the running query, cleanup after a failure."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from dynoview.core.errors import CancelledError
from dynoview.core.exports.athena import AthenaQueryError, AthenaRunner, AthenaSettings, run
from dynoview.core.exports.sql import AuditSql, Statement


class AthenaStandIn:
    """The four Athena calls the runner makes, answering from prepared states and pages."""

    def __init__(self, states: list[str], pages: list[list[list[str | None]]],
                 reason: str = "") -> None:
        self.states = states
        self.pages = pages
        self.reason = reason
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def start_query_execution(self, **request: Any) -> dict[str, Any]:
        self.calls.append(("start", request))
        return {"QueryExecutionId": f"q{len(self.calls)}"}

    def get_query_execution(self, **request: Any) -> dict[str, Any]:
        self.calls.append(("get", request))
        state = self.states.pop(0) if len(self.states) > 1 else self.states[0]
        return {"QueryExecution": {"Status": {"State": state, "StateChangeReason": self.reason},
                                   "Statistics": {"DataScannedInBytes": 10}}}

    def get_query_results(self, **request: Any) -> dict[str, Any]:
        self.calls.append(("results", request))
        index = int(request.get("NextToken", "0"))
        rows = [{"Data": [{} if v is None else {"VarCharValue": v} for v in row]}
                for row in self.pages[index]]
        page: dict[str, Any] = {"ResultSet": {"Rows": rows, "ResultSetMetadata": {
            "ColumnInfo": [{"Name": "a"}, {"Name": "b"}]}}}
        if index + 1 < len(self.pages):
            page["NextToken"] = str(index + 1)
        return page

    def stop_query_execution(self, **request: Any) -> dict[str, Any]:
        self.calls.append(("stop", request))
        return {}


def runner(client: AthenaStandIn, cancel: threading.Event | None = None) -> AthenaRunner:
    return AthenaRunner(client, AthenaSettings("s3://out/x", "wg", "db"), cancel=cancel,
                        sleep=lambda _s: None)


def test_polls_then_reads_every_page_without_the_header() -> None:
    client = AthenaStandIn(["QUEUED", "RUNNING", "SUCCEEDED"],
                           [[["a", "b"], ["1", None]], [["2", "x"]], [["3", "y"]]])
    r = runner(client)
    assert r.query(Statement("q", "SELECT 1", "")) == [["1", None], ["2", "x"], ["3", "y"]]
    start = client.calls[0][1]
    assert start == {"QueryString": "SELECT 1", "QueryExecutionContext": {"Database": "db"},
                     "ResultConfiguration": {"OutputLocation": "s3://out/x/"}, "WorkGroup": "wg"}
    assert [c for c, _ in client.calls].count("get") == 3
    tokens = [req.get("NextToken") for c, req in client.calls if c == "results"]
    assert tokens == [None, "1", "2"]
    assert r.stats.data_scanned_bytes == 10 and r.stats.queries == 1


def test_failure_is_a_sentence_and_cleanup_still_runs() -> None:
    client = AthenaStandIn(["FAILED"], [[]], reason="Access denied on s3://out/x/")
    sql = AuditSql("athena", raw=Statement("raw", "CREATE TABLE r AS SELECT 1", ""),
                   file_counts=Statement("c", "SELECT 1", ""), rules=Statement("rules", "SELECT 2", ""),
                   cleanup=[Statement("drop", "DROP TABLE IF EXISTS `db`.`r`", "")])
    r = runner(client)
    with pytest.raises(AthenaQueryError, match="raw query q1 failed: Access denied on s3://out/x/"):
        run(sql, r)
    started = [req["QueryString"] for c, req in client.calls if c == "start"]
    assert started == ["CREATE TABLE r AS SELECT 1", "DROP TABLE IF EXISTS `db`.`r`"]
    assert r.stats.cleanup_problem is not None and "drop the table by hand" in r.stats.cleanup_problem


def test_cancel_stops_the_running_query() -> None:
    client = AthenaStandIn(["RUNNING"], [[]])
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(CancelledError):
        runner(client, cancel).execute(Statement("raw", "SELECT 1", ""))
    assert ("stop", {"QueryExecutionId": "q1"}) in client.calls
