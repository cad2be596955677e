"""AthenaRunner's loop: polling until a query ends, paging results with NextToken (moto's
Athena answers in one page, so paging is driven here by a stand-in for the API's shape),
failures as sentences, cancel stops the running query, cleanup after a failure. And the
names that go into Athena's SQL (database, run id) and requests (workgroup): checked when
the settings are made, with a sentence saying what is wrong and what is allowed."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dynoview.core.errors import CancelledError
from dynoview.core.exports.athena import (
    AthenaNameError,
    AthenaQueryError,
    AthenaRunner,
    AthenaSettings,
    database_name_problem,
    run,
)
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


# ------------------------------------------------------------------ names


DATABASE_RULE = ("a Glue database name is 1 to 255 characters, each a lower-case letter a-z, "
                 "a digit 0-9 or an underscore")
WORKGROUP_RULE = ("an Athena workgroup name is 1 to 128 characters, each a letter, a digit, "
                  "'.', '-' or '_'")


@pytest.mark.parametrize("database", ["default", "dynoview_scratch", "_scratch", "2026_audits", "a" * 255])
def test_usable_database_names_are_kept(database: str) -> None:
    settings = AthenaSettings("s3://out/x/", None, database)
    assert settings.database == database
    assert database_name_problem(database) is None


@pytest.mark.parametrize(("database", "what"), [
    ('audit"db', """'audit"db' has '"'"""),
    ("audit`db", "'audit`db' has '`'"),
    ("audits.scratch", "'audits.scratch' has '.'"),
    ("my scratch", "'my scratch' has ' '"),
    (" scratch", "' scratch' has ' '"),
    ("audit-db", "'audit-db' has '-'"),
    ("Audits", "'Audits' has upper-case letters: " + DATABASE_RULE + " (in lower case: 'audits')"),
    ('My "DB"', """'My "DB"' has upper-case letters, ' ' and '"'"""),
    ("données", "'données' has 'é'"),
    ("", "the name is empty: " + DATABASE_RULE),
    ("a" * 256, "is 256 characters long: " + DATABASE_RULE),
    ('x"; DROP TABLE t; --', """has upper-case letters, '"', ';', ' ' and '-'"""),
])
def test_unusable_database_names_are_refused_with_the_rule(database: str, what: str) -> None:
    with pytest.raises(AthenaNameError) as raised:
        AthenaSettings("s3://out/x/", None, database)
    assert raised.value.field == "database"
    assert what in raised.value.message and DATABASE_RULE in raised.value.message


@given(st.text(max_size=300))
def test_an_accepted_database_name_cannot_leave_its_quotes(database: str) -> None:
    # The name sits in "..." and `...` in the SQL: whatever is accepted closes neither.
    if database_name_problem(database) is None:
        assert database and len(database) <= 255
        assert not set(database) - set("abcdefghijklmnopqrstuvwxyz0123456789_")


@pytest.mark.parametrize("workgroup", [None, "primary", "Team.Audit-1_x", "w" * 128])
def test_usable_workgroups_are_kept(workgroup: str | None) -> None:
    assert AthenaSettings("s3://out/x/", workgroup).workgroup == workgroup


@pytest.mark.parametrize(("workgroup", "what"), [
    ("", "the name is empty"),
    ("my workgroup", "'my workgroup' has ' '"),
    ('wg"x', """'wg"x' has '"'"""),
    ("wg`x", "'wg`x' has '`'"),
    ("team/audit", "'team/audit' has '/'"),
    ("w" * 129, "is 129 characters long"),
])
def test_unusable_workgroups_are_refused_with_the_rule(workgroup: str, what: str) -> None:
    with pytest.raises(AthenaNameError) as raised:
        AthenaSettings("s3://out/x/", workgroup)
    assert raised.value.field == "workgroup"
    assert what in raised.value.message and WORKGROUP_RULE in raised.value.message


@pytest.mark.parametrize("run_id", ["", "Run1", "run-1", "r" * 65, 'r"1'])
def test_a_run_id_that_cannot_name_tables_is_refused(run_id: str) -> None:
    with pytest.raises(AthenaNameError, match="names the audit's Glue tables") as raised:
        AthenaSettings("s3://out/x/", run_id=run_id)
    assert raised.value.field == "run_id"
    assert AthenaSettings("s3://out/x/", run_id="twin").table("raw") == "dynoview_raw_twin"
