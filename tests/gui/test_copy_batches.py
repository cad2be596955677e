"""Copy to table…, as the user drives it: the seeded accounts and their locks copied into a
fresh table, one batch cancelled by a value the target already holds. The dialog keeps each
account with its locks in one batch and says which accounts did not arrive."""

from __future__ import annotations

from typing import Any

import pytest

from dynoview.core.session.tables import describe_table
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.outcomes import CANCELLED, SUCCEEDED
from dynoview.ui.builder.send_flow import written_keys
from dynoview.ui.context import AppContext
from dynoview.ui.transfer.copy_dialog import CopyItemsDialog
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.gui


def account(acct: str, email: str, handle: str) -> dict[str, Any]:
    return {**account_key(acct), "email": s(email), "username": s(handle)}


def test_batches_keep_accounts_whole_and_the_dialog_names_what_is_missing(qtbot, ctx: AppContext) -> None:
    conn = ctx.connection
    assert conn is not None
    notes = [{"PK": s(f"NOTE#{i}"), "SK": s("N")} for i in range(98)]
    ada = [account("ada", "ada@x.io", "ada"), lock_key("EMAIL", "ada@x.io"), lock_key("HANDLE", "ada")]
    bob = [account("bob", "bob@x.io", "bob"), lock_key("EMAIL", "bob@x.io"), lock_key("HANDLE", "bob")]
    items = notes + ada + bob
    with empty_accounts_table(conn, "copy-gui") as target:
        info = describe_table(conn, target)
        conn.client.put_item(TableName=target, Item=lock_key("HANDLE", "bob"))  # taken meanwhile
        opened: list[Transaction] = []
        ctx.open_builder_requested.connect(opened.append)
        dialog = CopyItemsDialog(ctx, items, items)
        qtbot.addWidget(dialog)
        dialog.table.setEditText(target)
        dialog.open_next()
        qtbot.waitUntil(lambda: len(opened) == 1, timeout=10000)
        # A cut at 100 would put ada and her email lock in batch 1, her handle lock in batch 2.
        assert [len(t.actions) for t in dialog.batches] == [98, 6]
        assert "always go in the same batch" in dialog.intro.text()
        dialog.open_next()
        assert len(opened) == 2
        statuses = []
        for tx in opened:
            result = execute_transaction(conn, tx, confirmation=True, tables={target: info},
                                         schema=ctx.schema)
            statuses.append(result.status)
            ctx.items_written.emit(written_keys(result, tx, {target: info}, ctx.schema))
        assert statuses == [SUCCEEDED, CANCELLED]
        assert dialog.status.text() == ("Written: batch(es) 1 of 2. Not written: batch(es) 2: the "
                                        "accounts ACCT#ada / PROFILE, ACCT#bob / PROFILE (each with "
                                        "its locks) are not in the target.")
        held = {i["PK"]["S"] for i in conn.client.scan(TableName=target)["Items"]}
        assert {h for h in held if not h.startswith("NOTE#")} == {"UNIQ#HANDLE#bob"}


def test_a_selection_that_splits_an_account_from_its_lock_is_warned(qtbot, ctx: AppContext) -> None:
    conn = ctx.connection
    assert conn is not None
    items = [account("ada", "ada@x.io", "ada"), lock_key("EMAIL", "ada@x.io")]
    with empty_accounts_table(conn, "copy-gui") as target:
        opened: list[Transaction] = []
        ctx.open_builder_requested.connect(opened.append)
        dialog = CopyItemsDialog(ctx, items, items)
        qtbot.addWidget(dialog)
        dialog.table.setEditText(target)
        dialog.open_next()
        qtbot.waitUntil(lambda: len(opened) == 1, timeout=10000)
        text = dialog.status.text()
        assert "Warning: The items to copy split accounts from their locks: account ACCT#ada / " \
               "PROFILE without its username lock UNIQ#HANDLE#ada / LOCK." in text
