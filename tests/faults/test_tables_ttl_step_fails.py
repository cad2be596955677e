"""`tables create` when CreateTable succeeds and only the step after it, UpdateTimeToLive, fails.

Before, the failure was reported as the create's: "CreateTable failed" or "answered CreateTable
with an internal error", exit 2, although the table was there, ACTIVE, with its index and stream
but no TTL; in the window a second Create then said "already exists ... Nothing was changed".
Now the result is said as it is (created, TTL not turned on, why, and how to turn it on), the
command exits 1 (``EXIT_PARTIAL``), and the window's Create turns into "Turn TTL on", which sends
only that step. The fault proxy answers HTTP 500 to every UpdateTimeToLive; both engines.

When every UpdateTimeToLive reaches the engine but its answer is lost (``drop_after``), the first
try turned TTL on: DescribeTimeToLive decides, and the table is said made with TTL, not "without
TTL" (before: "Could not reach the endpoint ... without TTL", exit 1). "Turn TTL on" (``enable_ttl``)
asks first and sends nothing when TTL is on as planned; before, DynamoDB Local refused the resend
("TimeToLive is already enabled") on every press.
"""

from __future__ import annotations

import json
import shlex
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dynoview.cli import main
from dynoview.core.session import local_tables
from dynoview.core.session.connection import Connection
from tests import fault_proxy as fp
from tests.fault_proxy import FaultProxy

pytestmark = [pytest.mark.integration, pytest.mark.faults]


@pytest.fixture
def name(direct: Connection) -> Iterator[str]:
    """A fresh table name; the table is dropped afterwards if a test left it."""
    table = f"ttlstep-{uuid.uuid4().hex[:8]}"
    yield table
    if table in direct.list_tables():
        direct.client.delete_table(TableName=table)


def ttl(direct: Connection, table: str) -> tuple[str | None, str | None]:
    got = direct.client.describe_time_to_live(TableName=table)["TimeToLiveDescription"]
    return got.get("TimeToLiveStatus"), got.get("AttributeName")


def test_the_cli_says_the_table_was_created_without_ttl_and_exits_partial(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    proxy.add(fp.HTTP_500, operation="UpdateTimeToLive", times=None)
    code = main(["tables", "create", "--layout", "article", "--name", name,
                 "--endpoint-url", proxy.url, "--region", "us-east-1"])
    out, err = capsys.readouterr()
    assert len(proxy.forwarded("CreateTable")) == 1 and proxy.requests("UpdateTimeToLive")
    assert code == 1, err  # EXIT_PARTIAL: created, a step after it failed
    assert "CreateTable failed" not in err and "answered CreateTable" not in err, err
    assert f"Created {name}, but TTL on expiresAt was not turned on" in err, err
    assert "answered UpdateTimeToLive with an internal error" in err, err
    assert "The table is there, ACTIVE, without TTL" in err, err
    # stdout says what the table is: keys, index and stream, and no TTL
    assert out == f"created {name}: keys PK, SK; indexes email-index; no TTL; stream NEW_AND_OLD_IMAGES\n"
    table = direct.client.describe_table(TableName=name)["Table"]
    assert table["TableStatus"] == "ACTIVE" and table["StreamSpecification"]["StreamEnabled"]
    assert ttl(direct, name)[0] == "DISABLED"
    # The command it gives is one the AWS CLI reads as meant: this table, this attribute, here.
    command = shlex.split(err.split("Turn TTL on with: ")[1].split(" (or delete")[0])
    assert command[:3] == ["aws", "dynamodb", "update-time-to-live"]
    options = dict(word[2:].split("=", 1) for word in command[3:])
    assert options["table-name"] == name and options["endpoint-url"] == proxy.url
    assert json.loads(options["time-to-live-specification"]) == {"Enabled": True,
                                                                 "AttributeName": "expiresAt"}


def test_turning_ttl_on_afterwards_finishes_the_table(
        proxy: FaultProxy, pconn: Connection, direct: Connection, name: str) -> None:
    plan = local_tables.article_plan(name)
    rule = proxy.add(fp.HTTP_500, operation="UpdateTimeToLive", times=None)
    with pytest.raises(local_tables.TtlNotEnabledError) as raised:
        local_tables.create_table(pconn, plan)
    assert raised.value.table == name and raised.value.attribute == "expiresAt"
    proxy.remove(rule)
    local_tables.enable_ttl(pconn, plan)
    assert ttl(direct, name) == ("ENABLED", "expiresAt")


def test_turning_ttl_on_for_a_table_deleted_meanwhile_sends_no_ttl_step(
        proxy: FaultProxy, pconn: Connection, name: str) -> None:
    with pytest.raises(local_tables.TableRequestError, match="no such table now"):
        local_tables.enable_ttl(pconn, local_tables.article_plan(name))
    assert not proxy.requests("UpdateTimeToLive")


@pytest.mark.gui
@pytest.mark.only_on("moto", reason="the window over the same core path: one engine is enough")
def test_the_window_says_created_without_ttl_and_then_only_turns_ttl_on(
        qtbot: Any, qasync_loop: Any, pconn: Connection, proxy: FaultProxy, direct: Connection,
        name: str) -> None:
    from dynoview.ui.context import AppContext
    from dynoview.ui.tables.create_dialog import CreateTableDialog

    ctx = AppContext()
    ctx.set_connection(pconn)
    dialog = CreateTableDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name, name)
    rule = proxy.add(fp.HTTP_500, operation="UpdateTimeToLive", times=None)
    with qtbot.waitSignal(dialog.created, timeout=30000) as listed:  # the panel lists it
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert listed.args == [name]
    qtbot.waitUntil(lambda: dialog.create_button.isEnabled(), timeout=10000)
    status = dialog.status.text()
    assert "CreateTable failed" not in status and "Nothing was changed" not in status, status
    assert f"Created {name}, but TTL on expiresAt was not turned on" in status, status
    assert "update-time-to-live" in status and "Turn TTL on" in status, status
    assert dialog.isVisible() and dialog.create_button.text() == "Turn &TTL on"
    assert json.loads(dialog.preview.toPlainText()) == {
        "TableName": name, "TimeToLiveSpecification": {"Enabled": True, "AttributeName": "expiresAt"}}
    proxy.remove(rule)
    with qtbot.waitSignal(dialog.created, timeout=30000):
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert len(proxy.forwarded("CreateTable")) == 1  # the second click sent only the TTL step
    assert ttl(direct, name) == ("ENABLED", "expiresAt")
    assert not dialog.isVisible()  # done: the dialog closes as after a whole create
    ctx.tasks.shutdown()


def test_a_ttl_step_whose_answers_are_lost_is_found_on_by_describe_time_to_live(
        proxy: FaultProxy, direct: Connection, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    proxy.add(fp.DROP_AFTER, operation="UpdateTimeToLive", times=None)
    code = main(["tables", "create", "--layout", "article", "--name", name,
                 "--endpoint-url", proxy.url, "--region", "us-east-1"])
    out, err = capsys.readouterr()
    assert ttl(direct, name) == ("ENABLED", "expiresAt")  # the first try turned it on
    assert code == 0, err
    assert proxy.forwarded("UpdateTimeToLive") and proxy.requests("DescribeTimeToLive")
    assert "was not turned on" not in err and "without TTL" not in err, err
    assert "Could not reach" not in err, err  # every try reached the engine
    assert "UpdateTimeToLive got no answer to any of its" in err, err
    assert "DescribeTimeToLive then found TTL enabled on expiresAt: a try turned it on" in err, err
    assert out == (f"created {name}: keys PK, SK; indexes email-index; TTL on expiresAt; "
                   "stream NEW_AND_OLD_IMAGES\n")


def test_a_ttl_step_whose_answers_are_lost_and_not_checkable_is_said_unknown(
        proxy: FaultProxy, pconn: Connection, direct: Connection, name: str) -> None:
    proxy.add(fp.DROP_AFTER, operation="UpdateTimeToLive", times=None)
    proxy.add(fp.HTTP_500, operation="DescribeTimeToLive", times=None)
    with pytest.raises(local_tables.TtlNotEnabledError) as raised:
        local_tables.create_table(pconn, local_tables.article_plan(name))
    assert raised.value.unsure
    message = raised.value.message
    assert "was not turned on" not in message and "without TTL" not in message, message
    assert "whether TTL on expiresAt was turned on is not known" in message, message
    assert "DescribeTimeToLive could not check afterwards" in message, message
    assert "aws dynamodb describe-time-to-live" in message, message
    assert ttl(direct, name) == ("ENABLED", "expiresAt")


def test_turning_ttl_on_when_it_is_already_on_sends_nothing(
        proxy: FaultProxy, pconn: Connection, direct: Connection, name: str) -> None:
    plan = local_tables.article_plan(name)
    rule = proxy.add(fp.HTTP_500, operation="UpdateTimeToLive", times=None)
    with pytest.raises(local_tables.TtlNotEnabledError):
        local_tables.create_table(pconn, plan)
    proxy.remove(rule)
    direct.client.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "expiresAt"})  # e.g. by the aws command it suggested
    sent = len(proxy.requests("UpdateTimeToLive"))
    note = local_tables.enable_ttl(pconn, plan)
    assert len(proxy.requests("UpdateTimeToLive")) == sent  # asked first: nothing sent
    assert note == f"TTL on expiresAt is already enabled for {name}: nothing needed sending."
    assert ttl(direct, name) == ("ENABLED", "expiresAt")


def test_turning_ttl_on_when_another_attribute_has_it_is_refused_plainly(
        proxy: FaultProxy, pconn: Connection, direct: Connection, name: str) -> None:
    plan = local_tables.article_plan(name)
    rule = proxy.add(fp.HTTP_500, operation="UpdateTimeToLive", times=None)
    with pytest.raises(local_tables.TtlNotEnabledError):
        local_tables.create_table(pconn, plan)
    proxy.remove(rule)
    direct.client.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "deleteAfter"})
    sent = len(proxy.requests("UpdateTimeToLive"))
    with pytest.raises(local_tables.TableRequestError) as raised:
        local_tables.enable_ttl(pconn, plan)
    assert len(proxy.requests("UpdateTimeToLive")) == sent
    assert raised.value.message == (
        f"TTL was not turned on: nothing was sent to {name}, as TTL is already enabled there on "
        "another attribute, deleteAfter. DynamoDB allows one TTL attribute per table: keep "
        "deleteAfter, or turn TTL off for it first and then turn it on for expiresAt.")
    assert ttl(direct, name) == ("ENABLED", "deleteAfter")


@pytest.mark.gui
@pytest.mark.only_on("moto", reason="the window over the same core path: one engine is enough")
def test_the_windows_turn_ttl_on_finishes_when_ttl_was_turned_on_meanwhile(
        qtbot: Any, qasync_loop: Any, pconn: Connection, proxy: FaultProxy, direct: Connection,
        name: str) -> None:
    from dynoview.ui.context import AppContext
    from dynoview.ui.tables.create_dialog import CreateTableDialog

    ctx = AppContext()
    ctx.set_connection(pconn)
    notes: list[str] = []
    ctx.status_message.connect(notes.append)
    dialog = CreateTableDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name, name)
    rule = proxy.add(fp.HTTP_500, operation="UpdateTimeToLive", times=None)
    with qtbot.waitSignal(dialog.created, timeout=30000):
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.create_button.isEnabled(), timeout=10000)
    assert dialog.create_button.text() == "Turn &TTL on"
    proxy.remove(rule)
    direct.client.update_time_to_live(TableName=name, TimeToLiveSpecification={
        "Enabled": True, "AttributeName": "expiresAt"})
    sent = len(proxy.requests("UpdateTimeToLive"))
    with qtbot.waitSignal(dialog.created, timeout=30000):
        qtbot.mouseClick(dialog.create_button, Qt.MouseButton.LeftButton)
    assert len(proxy.requests("UpdateTimeToLive")) == sent
    assert notes == [f"TTL on expiresAt is already enabled for {name}: nothing needed sending."]
    assert not dialog.isVisible()
    ctx.tasks.shutdown()
