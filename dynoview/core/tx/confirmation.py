"""Who must confirm a transaction before it is sent: a click on this machine, the table name
typed for any other endpoint, and never on a read-only connection."""

from __future__ import annotations

from dataclasses import dataclass

from dynoview.core.errors import DynoViewError, ReadOnlyError
from dynoview.core.session.connection import Connection
from dynoview.core.tx.model import Transaction


class ConfirmationError(DynoViewError):
    """The user has not confirmed the execution as this connection requires."""


@dataclass(frozen=True)
class ConfirmationRequirement:
    """What the user must do before this transaction may be sent on this connection."""

    allowed: bool  # False on read-only connections
    connection: str  # the connection as one line, shown in the dialog
    local: bool  # endpoint on this machine: a click is enough
    type_to_confirm: str | None  # text to type (the table name) on other endpoints
    message: str  # the sentence the dialog shows

    def check(self, typed: str | bool | None) -> None:
        """Raise unless ``typed`` confirms: True for local endpoints, the table name otherwise."""
        if not self.allowed:
            raise ReadOnlyError(self.message)
        if self.type_to_confirm is None:
            if typed is True or (isinstance(typed, str) and typed):
                return
            raise ConfirmationError("Confirm the execution first: nothing was sent.")
        if isinstance(typed, str) and typed.strip() == self.type_to_confirm:
            return
        raise ConfirmationError(
            f"This endpoint is not on this machine: type {self.type_to_confirm} to confirm. "
            "Nothing was sent.")


def tables_of(tx: Transaction) -> list[str]:
    """The distinct tables a transaction writes, in first-use order."""
    seen: list[str] = []
    for action in tx.actions:
        if action.table and action.table not in seen:
            seen.append(action.table)
    return seen


def confirmation_for(conn: Connection, tx: Transaction) -> ConfirmationRequirement:
    """Local endpoints need a click; remote ones need the table name typed; read-only refuses."""
    return confirmation_for_tables(conn, tables_of(tx))


def confirmation_for_tables(conn: Connection, tables: list[str],
                            what: str = "this transaction") -> ConfirmationRequirement:
    """``confirmation_for`` the writes of ``what`` to ``tables`` (a bulk repair: transactions
    not built yet), without a transaction to ask about."""
    spec = conn.spec
    where = spec.describe()
    if spec.read_only:
        return ConfirmationRequirement(False, where, spec.is_local, None,
                                       f"This connection is read-only: {what} cannot be sent. "
                                       "Reconnect without read-only to execute it.")
    if spec.is_local:
        return ConfirmationRequirement(True, where, True, None, f"Send {what} to {where}?")
    names = ", ".join(tables)
    return ConfirmationRequirement(
        True, where, False, names, f"{where} is not on this machine. Type {names} to send {what}.")
