"""`tables create` / `tables delete` when a try's answer is lost after the engine acted on it.

botocore resends the request, and the resend is refused: "already exists" (CreateTable), "not
found" (DeleteTable). Before, that refusal was reported as the command's outcome: exit 2, "A table
named N already exists ... Nothing was changed." with TTL never turned on, or "Table not found",
although this very command had created or deleted the table. Now the table is described: created
as asked (and TTL finished) or gone, it is reported so; a table of another layout is said to be
another client's, not claimed. Both engines, through the fault proxy and the CLI the user runs.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session import local_tables
from dynoview.core.session.connection import Connection
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]


@pytest.fixture
def name(direct: Connection) -> Iterator[str]:
    """A fresh table name; the table is dropped afterwards if a test left it."""
    table = f"lost-{uuid.uuid4().hex[:8]}"
    yield table
    if table in direct.list_tables():
        direct.client.delete_table(TableName=table)


def tables(proxy: FaultProxy, *args: str) -> int:
    return main(["tables", *args, "--endpoint-url", proxy.url, "--region", "us-east-1"])


def ttl(direct: Connection, table: str) -> tuple[str | None, str | None]:
    got = direct.client.describe_time_to_live(TableName=table)["TimeToLiveDescription"]
    return got.get("TimeToLiveStatus"), got.get("AttributeName")


def test_a_create_whose_answer_was_lost_is_reported_created_and_its_ttl_turned_on(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    proxy.add(fp.DROP_AFTER, operation="CreateTable", times=1)
    code = tables(proxy, "create", "--layout", "article", "--name", name)
    out, err = capsys.readouterr()
    assert len(proxy.forwarded("CreateTable")) == 2  # the lost try made it; the resend was refused
    assert code == 0, err
    assert out.startswith(f"created {name}: keys PK, SK"), out
    assert "Nothing was changed" not in err and "that first try created it" in err, err
    assert ttl(direct, name) == ("ENABLED", "expiresAt")  # the step after CreateTable was done


def test_a_delete_whose_answer_was_lost_is_reported_deleted(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    local_tables.create_table(direct, local_tables.article_plan(name))
    proxy.add(fp.DROP_AFTER, operation="DeleteTable", times=1)
    code = tables(proxy, "delete", name, "--confirm", name)
    out, err = capsys.readouterr()
    assert len(proxy.forwarded("DeleteTable")) == 2
    assert code == 0, err
    assert out == f"deleted {name}\n"
    assert "not found" not in err.lower(), err
    assert f"that first try deleted {name}" in err, err
    assert name not in direct.list_tables()


def test_a_table_another_client_made_is_not_claimed_as_created(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The first try is dropped before it arrives (its answer lost all the same), and the name
    is already taken by a table of other keys: said so, neither "created" nor "Nothing changed"."""
    direct.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                               KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
                               AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}])
    direct.client.get_waiter("table_exists").wait(TableName=name)
    proxy.add(fp.DROP_BEFORE, operation="CreateTable", times=1)
    code = tables(proxy, "create", "--layout", "article", "--name", name)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "not the one asked for" in err and "another client made it, not this command" in err, err
    assert "its keys are id (HASH, S), not PK (HASH, S), SK (RANGE, S)" in err, err
    assert "Nothing was changed" not in err, err
    assert direct.client.describe_table(TableName=name)["Table"]["KeySchema"] == [
        {"AttributeName": "id", "KeyType": "HASH"}]
    assert ttl(direct, name)[0] == "DISABLED"


def test_a_lost_ttl_answer_still_finishes_the_create(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """DynamoDB Local (as AWS) refuses the resend: "TimeToLive is already enabled" (moto takes it)."""
    proxy.add(fp.DROP_AFTER, operation="UpdateTimeToLive", times=1)
    code = tables(proxy, "create", "--layout", "article", "--name", name)
    out, err = capsys.readouterr()
    assert len(proxy.forwarded("UpdateTimeToLive")) == 2
    assert code == 0, err
    assert out.startswith(f"created {name}:"), out
    assert ttl(direct, name) == ("ENABLED", "expiresAt")


def test_a_delete_resend_answered_in_use_while_the_table_goes_is_reported_deleted(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """AWS answers a DeleteTable of a DELETING table ResourceInUseException (local engines delete
    at once, so the proxy gives AWS's answer to the resend)."""
    local_tables.create_table(direct, local_tables.article_plan(name))
    proxy.add(fp.DROP_AFTER, operation="DeleteTable", times=1)
    proxy.add(fp.RESPOND, operation="DeleteTable", status=400, times=1, body=json.dumps({
        "__type": "com.amazonaws.dynamodb.v20120810#ResourceInUseException",
        "message": f"Attempt to change a resource which is still in use: Table is being deleted: {name}",
    }).encode())
    code = tables(proxy, "delete", name, "--confirm", name)
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out == f"deleted {name}\n"
    assert "that it is being deleted" in err, err
    assert name not in direct.list_tables()


def test_the_window_s_create_and_delete_go_through_the_same_core(pconn: Connection, proxy: FaultProxy,
                                                                 direct: Connection, name: str) -> None:
    """The window's controller calls these with its connection: no exception, a note returned."""
    proxy.add(fp.DROP_AFTER, operation="CreateTable", times=1)
    note = local_tables.create_table(pconn, local_tables.article_plan(name))
    assert note is not None and "that first try created it" in note
    assert ttl(direct, name) == ("ENABLED", "expiresAt")
    proxy.add(fp.DROP_AFTER, operation="DeleteTable", times=1)
    note = local_tables.delete_table(pconn, name, name)
    assert note is not None and f"that first try deleted {name}" in note
    assert name not in direct.list_tables()


def test_the_window_says_how_the_table_was_found(qtbot: Any, qasync_loop: Any, pconn: Connection,
                                                 proxy: FaultProxy, direct: Connection, name: str) -> None:
    """The window's controller shows the core's note in the status bar, not only "created"."""
    from dynoview.ui.context import AppContext
    from dynoview.ui.tables.controller import LocalTablesController

    ctx = AppContext()
    ctx.set_connection(pconn)
    controller = LocalTablesController(ctx)
    proxy.add(fp.DROP_AFTER, operation="CreateTable", times=1)
    with qtbot.waitSignal(ctx.status_message, timeout=30000) as said, \
            qtbot.waitSignal(controller.created, timeout=30000):
        controller.create(local_tables.article_plan(name))
    assert "that first try created it" in said.args[0]
    proxy.add(fp.DROP_AFTER, operation="DeleteTable", times=1)
    with qtbot.waitSignal(ctx.status_message, timeout=30000) as said, \
            qtbot.waitSignal(controller.deleted, timeout=30000):
        controller.delete(name, name)
    assert f"that first try deleted {name}" in said.args[0]
    ctx.tasks.shutdown()
