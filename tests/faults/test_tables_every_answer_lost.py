"""`tables create` / `tables delete` (and the window's) when EVERY try's answer is lost: each
request reached the engine (or may have) and its answer was reset or timed out.

Before, the user was told only that the endpoint "could not be reached" (exit 2), although the
first try had created (deleted) the table. Now DescribeTable decides: created as asked (and TTL
finished), not created, another client's table, deleted, still there; and when DescribeTable
cannot answer either, the message says the table may have been created (deleted) and how to
check. A try refused its connection was never sent: an endpoint that is down is still called
unreachable. Both engines, through the fault proxy and the CLI the user runs.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from botocore.config import Config
from botocore.exceptions import BotoCoreError

from dynoview.cli import main
from dynoview.core.session import local_tables
from dynoview.core.session.connection import Connection, client_config
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy
from tests.faults.support import proxied

pytestmark = [pytest.mark.integration, pytest.mark.faults]

UNREACHABLE = ("could not be reached", "could not reach")


@pytest.fixture
def name(direct: Connection) -> Iterator[str]:
    """A fresh table name; the table is dropped afterwards if a test left it."""
    table = f"alllost-{uuid.uuid4().hex[:8]}"
    yield table
    if table in direct.list_tables():
        direct.client.delete_table(TableName=table)


def tables(proxy: FaultProxy, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tables", *args, "--endpoint-url", proxy.url, "--region", "us-east-1"])
    out, err = capsys.readouterr()
    return code, out, err


def not_called_unreachable(err: str) -> bool:
    return not any(words in err.lower() for words in UNREACHABLE)


def ttl(direct: Connection, table: str) -> tuple[str | None, str | None]:
    got = direct.client.describe_time_to_live(TableName=table)["TimeToLiveDescription"]
    return got.get("TimeToLiveStatus"), got.get("AttributeName")


def made(direct: Connection, table: str) -> None:
    local_tables.create_table(direct, local_tables.article_plan(table))


def test_a_create_whose_every_answer_was_lost_is_found_created_and_finished(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    proxy.add(fp.DROP_AFTER, operation="CreateTable", times=None)
    code, out, err = tables(proxy, capsys, "create", "--layout", "article", "--name", name)
    assert len(proxy.forwarded("CreateTable")) == 4  # the first made it, every answer was lost
    assert code == 0, err
    assert out.startswith(f"created {name}: keys PK, SK"), out
    assert not_called_unreachable(err), err
    assert ("CreateTable got no answer to any of its 4 tries (ConnectionClosedError), and "
            f"DescribeTable then found {name} with the keys and indexes asked for: it was "
            "created.") in err, err
    assert ttl(direct, name) == ("ENABLED", "expiresAt")  # the step after CreateTable was done


@pytest.mark.parametrize("fault", [fp.DROP_BEFORE, fp.HTTP_500])
def test_a_create_no_try_of_which_arrived_is_found_not_created(
        fault: str, proxy: FaultProxy, direct: Connection, name: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Every try closed (or answered 500) before the engine saw it: no answer, and no table."""
    proxy.add(fault, operation="CreateTable", times=None)
    code, out, err = tables(proxy, capsys, "create", "--layout", "article", "--name", name)
    assert proxy.forwarded("CreateTable") == []
    assert code == 2 and out == ""
    assert not_called_unreachable(err), err
    assert f"DescribeTable then found no table {name}: it was not created. Run the command again." \
        in err, err
    assert name not in direct.list_tables()


def test_when_describe_cannot_check_the_create_the_table_may_have_been_created(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    proxy.add(fp.DROP_AFTER, operation="CreateTable", times=None)
    proxy.add(fp.DROP_BEFORE, operation="DescribeTable", times=None)
    code, out, err = tables(proxy, capsys, "create", "--layout", "article", "--name", name)
    assert code == 2 and out == ""
    assert not_called_unreachable(err), err
    assert "CreateTable got no answer to any of its 4 tries (ConnectionClosedError)" in err, err
    assert f"so {name} may have been created" in err, err
    assert "dynoview tables list" in err, err
    assert f"if {name} is there, it was created (TTL on expiresAt was not turned on)" in err, err
    assert name in direct.list_tables()  # it was: the message said "may", not "was not"


def test_a_table_of_another_layout_found_after_every_answer_was_lost_is_not_claimed(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    direct.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                               KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
                               AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}])
    direct.client.get_waiter("table_exists").wait(TableName=name)
    proxy.add(fp.DROP_BEFORE, operation="CreateTable", times=None)
    code, out, err = tables(proxy, capsys, "create", "--layout", "article", "--name", name)
    assert code == 2 and out == ""
    assert "not the one asked for" in err and "another client made it, not this command" in err, err
    assert "created." not in err and not_called_unreachable(err), err
    assert ttl(direct, name)[0] == "DISABLED"


def test_a_delete_whose_every_answer_was_lost_is_found_deleted(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    made(direct, name)
    proxy.add(fp.DROP_AFTER, operation="DeleteTable", times=None)
    code, out, err = tables(proxy, capsys, "delete", name, "--confirm", name)
    assert len(proxy.forwarded("DeleteTable")) == 4
    assert code == 0, err
    assert out == f"deleted {name}\n"
    assert not_called_unreachable(err), err
    assert ("DeleteTable got no answer to any of its 4 tries (ConnectionClosedError), and "
            f"DescribeTable then found no table {name}: it was deleted.") in err, err
    assert name not in direct.list_tables()


def test_a_delete_no_try_of_which_arrived_finds_the_table_still_there(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    made(direct, name)
    proxy.add(fp.DROP_BEFORE, operation="DeleteTable", times=None)
    code, out, err = tables(proxy, capsys, "delete", name, "--confirm", name)
    assert code == 2 and out == ""
    assert not_called_unreachable(err), err
    assert f"DescribeTable then found {name} still there (ACTIVE). Run the command again" in err, err
    assert name in direct.list_tables()


def test_when_describe_cannot_check_the_delete_the_table_may_have_been_deleted(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    made(direct, name)
    proxy.add(fp.DROP_AFTER, operation="DeleteTable", times=None)
    proxy.add(fp.DROP_BEFORE, operation="DescribeTable", times=None)
    code, out, err = tables(proxy, capsys, "delete", name, "--confirm", name)
    assert code == 2 and out == ""
    assert not_called_unreachable(err), err
    assert f"so {name} may have been deleted" in err and "dynoview tables list" in err, err
    assert f"if {name} is gone, it was deleted" in err, err
    assert name not in direct.list_tables()


def test_a_delete_found_deleting_after_every_answer_was_lost_waits_until_it_is_gone(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """AWS describes a table being deleted as DELETING (local engines delete at once, so the
    proxy gives AWS's answer to the first DescribeTable)."""
    made(direct, name)
    proxy.add(fp.DROP_AFTER, operation="DeleteTable", times=None)
    proxy.add(fp.RESPOND, operation="DescribeTable", status=200, times=1, body=json.dumps(
        {"Table": {"TableName": name, "TableStatus": "DELETING"}}).encode())
    code, out, err = tables(proxy, capsys, "delete", name, "--confirm", name)
    assert code == 0, err
    assert out == f"deleted {name}\n"
    assert f"DescribeTable then found {name} DELETING: it is being deleted." in err, err
    assert name not in direct.list_tables()


def test_a_create_whose_every_answer_timed_out_is_found_created(
        proxy: FaultProxy, direct: Connection, name: str) -> None:
    """Read timeouts: the engine acted on each try, its answer came too late to be read."""
    conn = proxied(proxy, config=client_config().merge(Config(read_timeout=0.5)))
    proxy.add(fp.DELAY_RESPONSE, operation="CreateTable", times=None, seconds=1.0)
    note = local_tables.create_table(conn, local_tables.article_plan(name))
    assert note is not None
    assert "got no answer to any of its 4 tries (ReadTimeoutError)" in note, note
    assert note.endswith("it was created."), note
    assert ttl(direct, name) == ("ENABLED", "expiresAt")


def test_an_endpoint_that_is_down_is_still_called_unreachable(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every try refused its connection: nothing was sent, so nothing "may have been created"."""
    conn = proxied(proxy)
    proxy.go_down()
    with pytest.raises(BotoCoreError):
        local_tables.create_table(conn, local_tables.article_plan(name))
    code, out, err = tables(proxy, capsys, "create", "--layout", "article", "--name", name)
    assert code == 2 and out == ""
    assert "may have been" not in err and not not_called_unreachable(err), err
    assert name not in direct.list_tables()


def test_a_try_refused_its_connection_is_not_taken_for_a_lost_answer(
        proxy: FaultProxy, direct: Connection, name: str) -> None:
    """The first try finds the endpoint down (never sent), the resend is told the name is taken:
    the table was there before, so it is not claimed as made by that first try."""
    made(direct, name)
    conn = proxied(proxy)
    proxy.go_down()
    # After the refused try, before botocore's resend: the endpoint is back.
    conn.client.meta.events.register("needs-retry.dynamodb.CreateTable",
                                      lambda **_: proxy.come_back())
    with pytest.raises(local_tables.TableRequestError,
                       match=f"A table named {name} already exists on this endpoint"):
        local_tables.create_table(conn, local_tables.article_plan(name))
    assert len(proxy.forwarded("CreateTable")) == 1  # the resend only


def test_the_window_says_the_table_may_have_been_created(
        qtbot: Any, qasync_loop: Any, pconn: Connection, proxy: FaultProxy, direct: Connection,
        name: str) -> None:
    """The create dialog shows the core's sentence, not "could not be reached"."""
    from dynoview.ui.context import AppContext
    from dynoview.ui.tables.controller import LocalTablesController

    ctx = AppContext()
    ctx.set_connection(pconn)
    controller = LocalTablesController(ctx)
    proxy.add(fp.DROP_AFTER, operation="CreateTable", times=None)
    proxy.add(fp.DROP_BEFORE, operation="DescribeTable", times=None)
    with qtbot.waitSignal(controller.failed, timeout=30000) as said:
        controller.create(local_tables.article_plan(name))
    assert f"so {name} may have been created" in said.args[0], said.args[0]
    assert not_called_unreachable(said.args[0]), said.args[0]
    proxy.clear()
    with qtbot.waitSignal(ctx.status_message, timeout=30000) as said, \
            qtbot.waitSignal(controller.deleted, timeout=30000):
        proxy.add(fp.DROP_AFTER, operation="DeleteTable", times=None)
        controller.delete(name, name)
    assert f"DescribeTable then found no table {name}: it was deleted." in said.args[0]
    ctx.tasks.shutdown()
