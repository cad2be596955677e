"""`dynoview watch` as a real process beside real writes, on moto and on DynamoDB Local: a
sign-up without its lock ends it with status 1 naming the write, a correct one finds nothing,
a lock release resolves an orphan, JSON lines parse, KEYS_ONLY streams are read back, a table
without a stream gets the setting to turn on, and SIGINT/SIGTERM end it with a summary."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
#: Seconds a watch may take to start (a loaded CI machine imports slowly) or to report.
START_S = 60.0
REPORT_S = 30.0


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def new_table(conn: Connection) -> Iterator[Any]:
    """A factory of fresh tables with a stream (dropped after the test)."""
    made: list[str] = []

    def make(view: str | None = "NEW_AND_OLD_IMAGES") -> str:
        name = f"watch-{uuid.uuid4().hex[:8]}"
        spec: dict[str, Any] = {}
        if view is not None:
            spec["StreamSpecification"] = {"StreamEnabled": True, "StreamViewType": view}
        conn.client.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "SK", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                       {"AttributeName": "SK", "KeyType": "RANGE"}], **spec)
        made.append(name)
        return name

    yield make
    for name in made:
        conn.client.delete_table(TableName=name)


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
        code = "import sys; from dynoview.cli import main; sys.exit(main(sys.argv[1:]))"
        self.json = "json" in args
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "watch", "--table", table, "--endpoint-url", endpoint, *args],
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
