"""`dynoview watch` as a real process beside real writes, on moto and on DynamoDB Local: a
sign-up without its lock ends it with status 1 naming the write, a correct one finds nothing,
a lock release resolves an orphan, JSON lines parse, KEYS_ONLY streams are read back, a table
without a stream gets the setting to turn on, and SIGINT/SIGTERM end it with a summary.

``Watch``, ``watch_beside`` and ``found_nothing`` also put a watch beside the generated code's
run (test_codegen_run.py, test_codegen_watched.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.findings import PROBLEMS
from dynoview.core.uniqueness.schema import article_schema

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
#: Seconds a watch may take to start (a loaded CI machine imports slowly) or to report.
START_S = 60.0
REPORT_S = 30.0
#: Every kind of finding, by its --fail-on name (``KINDS`` in dynoview/cli/watch.py).
EVERY_KIND = "orphan,missing,duplicate,expired,case,lookalike"
#: Seconds without a record after which a watch beside a run ends itself: longer than any
#: pause of the run (Node.js starting), so the watch outlives it.
IDLE_S = 5
#: ``dynoview`` for ``python -c``, from the checkout (PYTHONPATH).
WATCH_MAIN = "import sys; from dynoview.cli import main; sys.exit(main(sys.argv[1:]))"


def s(text: str) -> dict[str, str]:
    return {"S": text}


def signup(conn: Connection, table: str, n: int, *, email_lock: bool = True) -> None:
    """The article's sign-up: the account and its two locks in one transaction (or, broken,
    without the email lock)."""
    email, handle = f"user{n}@x.io", f"user{n}"
    items = [{"PK": s(f"ACCT#{n}"), "SK": s("PROFILE"), "email": s(email), "username": s(handle)},
             {"PK": s(f"UNIQ#HANDLE#{handle}"), "SK": s("LOCK")}]
    if email_lock:
        items.append({"PK": s(f"UNIQ#EMAIL#{email}"), "SK": s("LOCK")})
    conn.client.transact_write_items(TransactItems=[
        {"Put": {"TableName": table, "Item": item, "ConditionExpression": "attribute_not_exists(PK)"}}
        for item in items])


class Watch:
    """``dynoview watch`` in its own process; its output lines collected as they come."""

    def __init__(self, endpoint: str, table: str, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.json = "json" in args
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WATCH_MAIN, "watch", "--table", table, "--endpoint-url", endpoint, *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        self.out: list[str] = []
        self.err: list[str] = []
        self._changed = threading.Condition()
        self._readers = [threading.Thread(target=self._read, args=(stream, into), daemon=True)
                         for stream, into in ((self.proc.stdout, self.out), (self.proc.stderr, self.err))]
        for reader in self._readers:
            reader.start()

    def _read(self, stream: Any, into: list[str]) -> None:
        for line in stream:
            with self._changed:
                into.append(line.rstrip("\n"))
                self._changed.notify_all()

    def wait_for(self, what: str, where: str = "err", timeout: float = START_S) -> None:
        lines = self.err if where == "err" else self.out
        deadline = time.monotonic() + timeout
        with self._changed:
            while not any(what in line for line in lines):
                ended = self.proc.poll() is not None and not any(r.is_alive() for r in self._readers)
                if ended or time.monotonic() > deadline:
                    raise AssertionError(f"no {what!r} on std{where}; stdout {self.out}, stderr {self.err}")
                self._changed.wait(0.5)

    def ready(self) -> Watch:
        self.wait_for("dynoview: watching ")
        if self.json:  # its first line, printed before the notice but read by another thread
            self.wait_for('"type": "watching"', "out")
        return self

    def finish(self, timeout: float = REPORT_S) -> int:
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError(f"the watch did not end; stdout {self.out}, stderr {self.err}") from None
        for reader in self._readers:
            reader.join(timeout=5)
        return code

    def objects(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.out]


def stream_records(conn: Connection, table: str) -> int:
    """The records the table's stream holds, counted without the watch: every shard, from
    its trim horizon to its tip."""
    streams = conn.streams_client()
    arn = conn.client.describe_table(TableName=table)["Table"]["LatestStreamArn"]
    shards: list[dict[str, Any]] = []
    request: dict[str, Any] = {"StreamArn": arn}
    while True:
        description = streams.describe_stream(**request)["StreamDescription"]
        shards += description["Shards"]
        if "LastEvaluatedShardId" not in description:
            break
        request["ExclusiveStartShardId"] = description["LastEvaluatedShardId"]
    total = 0
    for shard in shards:
        iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                              ShardIteratorType="TRIM_HORIZON").get("ShardIterator")
        while iterator:
            page = streams.get_records(ShardIterator=iterator, Limit=1000)
            if not page["Records"]:
                break
            total += len(page["Records"])
            iterator = page.get("NextShardIterator")
    return total


def watch_beside(endpoint: str, table: str, *args: str, idle: int = IDLE_S) -> Watch:
    """A watch failing on every kind of finding, ready before the run's first write; it ends
    itself once the table has been quiet for ``idle`` seconds (longer for a run that starts a
    process before its first write: on a loaded machine that took over 5 s)."""
    return Watch(endpoint, table, "--fail-on", EVERY_KIND, "--format", "json",
                 "--until-idle", str(idle), *args).ready()


def found_nothing(watch: Watch, conn: Connection, table: str, *, records_before: int = 0,
                  resolved: dict[str, int] | None = None, idle: int = IDLE_S) -> dict[str, Any]:
    """Wait for a ``watch_beside`` to end and check it read every record written since it
    started (``records_before``: those already in the stream when it started from LATEST)
    and that no finding appeared or grew; only the ``resolved`` ones may be reported."""
    code = watch.finish(timeout=REPORT_S + idle)
    objects = watch.objects()
    assert code == 0 and objects[0]["type"] == "watching" and objects[-1]["type"] == "summary", (
        code, watch.out, watch.err)
    assert objects[0]["fail_on"] == sorted(PROBLEMS)
    resolved = resolved or {}
    shown = sorted((o["change"], o["status"]) for o in objects if o["type"] == "finding")
    assert shown == sorted(("resolved", s) for s, n in resolved.items() for _ in range(n)), objects
    summary = objects[-1]
    assert summary["appeared"] == {} and summary["changed"] == {} and summary["failed"] is False
    assert summary["resolved"] == resolved and summary["findings_now"] == 0
    assert summary["ended"] == f"idle for {idle} s", summary
    # It ended because the table went quiet, not before the run wrote: it read every record.
    written = stream_records(conn, table) - records_before
    assert summary["records"] == written > 0, (summary, written)
    return summary


def test_a_signup_without_its_lock_exits_1_naming_the_write(conn: Connection, endpoint_url: str,
                                                             new_table: Any) -> None:
    table = new_table()
    watch = Watch(endpoint_url, table, "--fail-on", "missing", "--format", "json",
                  "--duration", "120").ready()
    signup(conn, table, 1)  # a correct one first: not a finding
    signup(conn, table, 2, email_lock=False)
    assert watch.finish() == 1, watch.err
    objects = watch.objects()  # every line is one JSON object
    assert [o["type"] for o in objects] == ["watching", "finding", "summary"]
    finding = objects[1]
    assert (finding["change"], finding["status"], finding["value"]) == ("appeared", "MISSING_LOCK",
                                                                       "user2@x.io")
    [cause] = finding["caused_by"]
    assert cause["event"] == "INSERT"
    assert cause["keys"] == {"PK": {"S": "ACCT#2"}, "SK": {"S": "PROFILE"}}
    assert {"rule": "email", "attribute": "email", "old": None, "new": "user2@x.io"} in cause["protected"]
    # The rest of the transaction, as far as the stream shows it: the handle lock.
    assert [m["keys"]["PK"]["S"] for m in finding["same_moment"]] == ["UNIQ#HANDLE#user2"]
    assert objects[2]["failed"] is True and objects[2]["appeared"] == {"MISSING_LOCK": 1}
    assert "Exit 1: a missing lock appeared" in watch.err[-1]
    assert "PK=ACCT#2, SK=PROFILE" in watch.err[-1]


def test_text_output_names_the_write(conn: Connection, endpoint_url: str, new_table: Any) -> None:
    table = new_table()
    watch = Watch(endpoint_url, table, "--fail-on", "breaking", "--duration", "120").ready()
    signup(conn, table, 3, email_lock=False)
    assert watch.finish() == 1, watch.err
    text = "\n".join(watch.out)
    assert "APPEARED  Missing lock  email 'user3@x.io' (account ACCT#3)" in text
    assert "caused by: INSERT (inserted) PK=ACCT#3, SK=PROFILE at " in text
    assert "email: (none) → 'user3@x.io'" in text
    assert "same moment: INSERT (inserted) PK=UNIQ#HANDLE#user3, SK=LOCK" in text


def test_correct_signups_find_nothing(conn: Connection, endpoint_url: str, new_table: Any) -> None:
    table = new_table()
    watch = Watch(endpoint_url, table, "--fail-on", "all", "--until-idle", "2", "--format", "json").ready()
    for n in range(5):
        signup(conn, table, n)
    assert watch.finish() == 0, watch.err
    objects = watch.objects()
    assert [o["type"] for o in objects] == ["watching", "summary"]
    summary = objects[-1]
    assert summary["records"] == 15 and summary["appeared"] == {} and summary["failed"] is False
    assert summary["ended"] == "idle for 2 s"


def test_a_lock_release_resolves_the_orphan_an_audit_found(conn: Connection, endpoint_url: str,
                                                           new_table: Any) -> None:
    table = new_table()
    stuck = {"PK": s("UNIQ#EMAIL#stuck@x.io"), "SK": s("LOCK")}
    conn.client.put_item(TableName=table, Item=stuck)
    watch = Watch(endpoint_url, table, "--seed", "audit", "--fail-on", "orphan", "--until-idle", "2")
    watch.ready()
    assert any("Seeded with an audit" in line for line in watch.err)
    assert any("Findings present at start (not counted for --fail-on): 1 (1 orphan lock)" in line
               for line in watch.err)
    conn.client.delete_item(TableName=table, Key=stuck)
    assert watch.finish() == 0, watch.err
    text = "\n".join(watch.out)
    assert "RESOLVED  Orphan lock  email 'stuck@x.io'" in text
    assert "caused by: REMOVE (deleted) PK=UNIQ#EMAIL#stuck@x.io, SK=LOCK" in text
    assert "resolved: 1 (1 orphan lock)" in watch.err[-1]


def test_a_broken_write_made_before_the_watch_started_is_replayed(conn: Connection, endpoint_url: str,
                                                                  new_table: Any) -> None:
    table = new_table()
    signup(conn, table, 4, email_lock=False)  # the app's tests began first
    watch = Watch(endpoint_url, table, "--fail-on", "missing", "--format", "json", "--duration", "120")
    assert watch.finish() == 1, watch.err
    assert any("replaying it from the first record" in line for line in watch.err)
    finding = watch.objects()[1]
    assert finding["caused_by"][0]["keys"]["PK"] == {"S": "ACCT#4"}


def test_keys_only_streams_read_items_back(conn: Connection, endpoint_url: str, new_table: Any) -> None:
    table = new_table("KEYS_ONLY")
    watch = Watch(endpoint_url, table, "--fail-on", "missing", "--format", "json", "--duration", "120")
    watch.ready()
    assert any("KEYS_ONLY" in line and "GetItem" in line and "1 read capacity unit" in line
               for line in watch.err)
    signup(conn, table, 5, email_lock=False)
    assert watch.finish() == 1, watch.err
    cause = watch.objects()[1]["caused_by"][0]
    assert cause["values_from"] == "read back"
    assert {"rule": "email", "attribute": "email", "old": None, "new": "user5@x.io"} in cause["protected"]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_ends_the_watch_cleanly_with_a_summary(conn: Connection, endpoint_url: str,
                                                        new_table: Any, signum: int) -> None:
    table = new_table()
    watch = Watch(endpoint_url, table, "--fail-on", "missing").ready()
    signup(conn, table, 6)
    time.sleep(1)
    watch.proc.send_signal(signum)
    assert watch.finish() == 0, watch.err
    assert "(interrupted)" in watch.err[-1] and "No finding of the --fail-on kinds appeared" in watch.err[-1]


def test_duration_ends_the_watch(endpoint_url: str, new_table: Any) -> None:
    table = new_table()
    started = time.monotonic()
    watch = Watch(endpoint_url, table, "--duration", "1", "--format", "json").ready()
    assert watch.finish() == 0, watch.err
    assert watch.objects()[-1]["ended"] == "--duration 1"
    assert time.monotonic() - started < START_S


def test_a_table_without_a_stream_gets_the_setting_to_turn_on(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, new_table: Any) -> None:
    table = new_table(view=None)
    code = main(["watch", "--table", table, "--endpoint-url", endpoint_url])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "has no stream" in err and "StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES" in err
    assert f"update-table --table-name {table}" in err


def test_unknown_kinds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["watch", "--table", "t", "--fail-on", "missing,typo"])
    assert exit_info.value.code == 2
    assert "'typo' is not a kind of finding" in capsys.readouterr().err


def test_table_data_never_acts_on_the_terminal(conn: Connection, endpoint_url: str, new_table: Any) -> None:
    table = new_table()
    hostile = "ada\x1b[2J\u202e@x.io\nnext"
    watch = Watch(endpoint_url, table, "--fail-on", "missing", "--duration", "120").ready()
    conn.client.put_item(TableName=table, Item={"PK": s("ACCT#9"), "SK": s("PROFILE"), "email": s(hostile)})
    assert watch.finish() == 1, watch.err
    shown = "\n".join(watch.out + watch.err)
    assert "\x1b" not in shown and "\u202e" not in shown and "ada\\x1b[2J\\u202e@x.io\\nnext" in shown
    json_watch = Watch(endpoint_url, table, "--fail-on", "missing", "--format", "json", "--duration", "120")
    assert json_watch.finish() == 1, json_watch.err
    assert "\x1b" not in "\n".join(json_watch.out)
    assert json_watch.objects()[1]["value"] == hostile  # the same data, escaped


def test_a_finding_that_grows_counts_for_fail_on() -> None:
    from datetime import UTC, datetime

    from dynoview.cli.watch import fail_on_kinds, worsens
    from dynoview.core.uniqueness.findings import Finding
    from dynoview.core.watch.events import CHANGED, FindingChange, WatchEvent

    def duplicate(*accounts: str) -> Finding:
        return Finding("DUPLICATE_VALUE", "email", "a@x.io", accounts, (), "", "")

    now = datetime.now(UTC)
    grew = WatchEvent(FindingChange(CHANGED, duplicate("A", "B", "C"), (), duplicate("A", "B")), now)
    shrank = WatchEvent(FindingChange(CHANGED, duplicate("A", "B"), (), duplicate("A", "B", "C")), now)
    kinds = fail_on_kinds("duplicate")
    assert worsens(grew, kinds) and not worsens(shrank, kinds)
    assert not worsens(grew, fail_on_kinds("missing,orphan"))
    assert fail_on_kinds("breaking") == {"MISSING_LOCK", "ORPHAN_LOCK", "DUPLICATE_VALUE"}


def readme_recipe() -> list[str]:
    """The shell lines of the README's recipe "fail CI on the first broken lock"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Recipe: fail CI on the first broken lock", 1)[1]
    return section.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()


APP_TESTS = """
import sys
from tests.integration.test_cli_watch import signup
from tests.helpers import connect
conn = connect(sys.argv[1])
for n in range(1, 6):
    signup(conn, sys.argv[2], n)
if sys.argv[3] == "broken":
    signup(conn, sys.argv[2], 99, email_lock=False)  # the run's last write
"""


@pytest.mark.only_on("dynamodb-local", reason="the recipe runs the app's tests on DynamoDB Local")
@pytest.mark.parametrize("run", ["clean", "broken"])
def test_the_readme_recipe_fails_ci_on_a_broken_lock(endpoint_url: str, new_table: Any, tmp_path: Path,
                                                     run: str) -> None:
    """The recipe as written, on the session's DynamoDB Local (started with -sharedDb too),
    its table made first, and a few sign-ups (the last one broken, or not) as the app's tests."""
    table = new_table()
    start, *lines = readme_recipe()
    assert start.startswith("java -jar DynamoDBLocal.jar -inMemory -sharedDb "), start
    (tmp_path / "uniq.json").write_text(json.dumps(article_schema().to_json()), encoding="utf-8")
    (tmp_path / "app_tests.py").write_text(APP_TESTS, encoding="utf-8")
    shim = tmp_path / "bin" / "dynoview"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c \'{WATCH_MAIN}\' "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    script = "\n".join(lines)
    app_tests = f'"{sys.executable}" app_tests.py {endpoint_url} {table} {run}'
    for old, new in [("./scripts/create-tables.sh http://localhost:8000", ":"),  # made above
                     ("pytest tests/integration", app_tests),
                     ("http://localhost:8000", endpoint_url), ("--table app ", f"--table {table} ")]:
        assert old in script, (old, script)
        script = script.replace(old, new)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{shim.parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=START_S + REPORT_S, check=False)
    log = (tmp_path / "watch.log").read_text(encoding="utf-8")
    err = (tmp_path / "watch.err").read_text(encoding="utf-8")  # the watch's standard error
    assert "dynoview: watching " in err  # the tests ran once it watched
    if run == "clean":
        assert done.returncode == 0 and log == "", (done.stdout, err)
        assert "(interrupted)" in err and "No finding of the --fail-on kinds appeared" in err
    else:
        assert done.returncode == 1, (done.stdout, err)
        assert "APPEARED  Missing lock  email 'user99@x.io' (account ACCT#99)" in log
        assert "caused by: INSERT (inserted) PK=ACCT#99, SK=PROFILE at " in log
        assert "same moment: INSERT (inserted) PK=UNIQ#HANDLE#user99, SK=LOCK" in log
        assert "Exit 1: a missing lock appeared (--fail-on), caused by INSERT" in err
        assert done.stdout == log + err  # `cat watch.log watch.err`
