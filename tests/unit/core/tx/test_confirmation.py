"""``tx.confirmation``: a click on this machine, the table names typed elsewhere, never on a
read-only connection."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest

from dynoview.core.errors import ReadOnlyError
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.tx.confirmation import ConfirmationError, confirmation_for, tables_of
from dynoview.core.tx.model import Action, Transaction


def on(spec: ConnectionSpec) -> Connection:
    return cast(Connection, SimpleNamespace(spec=spec))  # confirmation_for reads the spec only


TX = Transaction([Action("Put", "accounts", item={"PK": {"S": "ACCT#1"}}),
                  Action("Put", "locks", item={"PK": {"S": "UNIQ#EMAIL#a"}}),
                  Action("Delete", "accounts", key={"PK": {"S": "ACCT#2"}})])


def test_tables_are_listed_once_in_first_use_order() -> None:
    assert tables_of(TX) == ["accounts", "locks"]


def test_a_local_endpoint_needs_a_click() -> None:
    need = confirmation_for(on(ConnectionSpec("local", endpoint_url="http://localhost:8000")), TX)
    assert need.allowed and need.local and need.type_to_confirm is None
    assert need.message == "Send this transaction to local: http://localhost:8000?"
    need.check(True)
    with pytest.raises(ConfirmationError, match=r"Confirm the execution first: nothing was sent\."):
        need.check(False)


def test_a_remote_endpoint_needs_the_table_names_typed() -> None:
    need = confirmation_for(on(ConnectionSpec("prod", region="eu-west-1")), TX)
    assert need.allowed and not need.local and need.type_to_confirm == "accounts, locks"
    assert need.message == ("prod: AWS eu-west-1 is not on this machine. Type accounts, locks to send "
                            "this transaction.")
    need.check("  accounts, locks ")
    for wrong in (True, "accounts", None):
        with pytest.raises(ConfirmationError, match=r"type accounts, locks to confirm\. Nothing was sent\."):
            need.check(wrong)


def test_a_read_only_connection_refuses_whatever_is_typed() -> None:
    need = confirmation_for(on(ConnectionSpec("ro", endpoint_url="http://localhost:8000",
                                              read_only=True)), TX)
    assert not need.allowed
    with pytest.raises(ReadOnlyError, match="This connection is read-only"):
        need.check(True)
