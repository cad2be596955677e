"""The watch replays a stream only when it provably came with the table (its label is the
table's creation time, to the millisecond), on moto and on DynamoDB Local: a stream turned on
by UpdateTable right after writes, or turned off and on, seeds the watch with an audit (which
finds what was written before it), and ``--seed replay`` on it is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.errors import DynoViewError
from dynoview.core.session.connection import Connection
from dynoview.core.watch.seed import AUDIT, AUTO, REPLAY, choose_seed

pytestmark = pytest.mark.integration

ORPHAN = {"PK": {"S": "UNIQ#EMAIL#before@x.io"}, "SK": {"S": "LOCK"}}
NO_LOCK = {"PK": {"S": "ACCT#9"}, "SK": {"S": "PROFILE"}, "email": {"S": "nolock@x.io"}}


def stream(conn: Connection, table: str, enabled: bool, view: str = "NEW_AND_OLD_IMAGES") -> None:
    spec: dict[str, Any] = {"StreamEnabled": enabled}
    if enabled:
        spec["StreamViewType"] = view
    conn.client.update_table(TableName=table, StreamSpecification=spec)


def broken_before_the_stream(conn: Connection, new_table: Any, start: str) -> str:
    """A table written to (an orphan lock, an account without its lock) before the stream the
    watch follows existed: ``late`` turns one on right after, ``again`` turns the KEYS_ONLY
    stream CreateTable made off and on as NEW_AND_OLD_IMAGES."""
    table = new_table("KEYS_ONLY" if start == "again" else None)
    for item in (ORPHAN, NO_LOCK):
        conn.client.put_item(TableName=table, Item=item)
    if start == "again":
        stream(conn, table, False)
    stream(conn, table, True)
    return table


def watch(endpoint_url: str, table: str, *more: str) -> list[str]:
    return ["watch", "--endpoint-url", endpoint_url, "--table", table, "--format", "json",
            "--fail-on", "breaking", "--duration", "1", *more]


def test_a_stream_made_with_the_table_is_replayed(conn: Connection, new_table: Any) -> None:
    for _ in range(5):  # moto stamps the label microseconds after the table: now and then a tick later
        description = conn.client.describe_table(TableName=new_table("NEW_AND_OLD_IMAGES"))["Table"]
        assert choose_seed(description, AUTO).mode == REPLAY, description


def assert_seeded_with_an_audit(capsys: pytest.CaptureFixture[str], conn: Connection,
                                endpoint_url: str, table: str) -> None:
    description = conn.client.describe_table(TableName=table)["Table"]
    choice = choose_seed(description, AUTO)
    assert choice.mode == AUDIT, choice.reason
    assert "its stream was enabled after the table was created" in choice.reason
    assert str(description["LatestStreamLabel"]) in choice.reason
    code = main(watch(endpoint_url, table))
    out, err = capsys.readouterr()
    first = json.loads(out.splitlines()[0])
    assert (code, first["seed"]) == (0, "audit"), err
    # What was written before the stream is seen (by the audit), not given an all-clear.
    assert first["findings_at_start"] == {"ORPHAN_LOCK": 1, "MISSING_LOCK": 1}
    assert "Seeded with an audit (its stream was enabled after the table was created" in err
    assert "nothing written before the watch started is missed" not in err


def assert_replay_refused(capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str,
                          table: str) -> None:
    with pytest.raises(DynoViewError, match=r"cannot replay the stream: its stream was enabled after"):
        choose_seed(conn.client.describe_table(TableName=table)["Table"], REPLAY)
    code = main(watch(endpoint_url, table, "--seed", "replay"))
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert "The watch cannot replay the stream" in err and "--seed audit" in err


def test_a_stream_turned_on_right_after_writes_is_seeded_with_an_audit(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str, new_table: Any) -> None:
    table = broken_before_the_stream(conn, new_table, "late")
    assert_seeded_with_an_audit(capsys, conn, endpoint_url, table)
    assert_replay_refused(capsys, conn, endpoint_url, table)


@pytest.mark.only_on("dynamodb-local", reason="moto cannot turn a table's stream on again")
def test_a_stream_turned_off_and_on_is_seeded_with_an_audit(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str, new_table: Any) -> None:
    table = broken_before_the_stream(conn, new_table, "again")
    assert_seeded_with_an_audit(capsys, conn, endpoint_url, table)
    assert_replay_refused(capsys, conn, endpoint_url, table)
