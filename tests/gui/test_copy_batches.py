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


def test_switching_to_a_connection_whose_profile_names_its_endpoint_goes_on(
        qtbot, ctx: AppContext, moto_endpoint: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The connection made from the chosen spec names the endpoint its profile's config sets (so
    its spec is not the one asked for): the dialog still knows it as the one it waited for and
    opens the batch (it waited for ever, comparing the specs)."""
    from dynoview.core.session.connection import Connection, ConnectionSpec

    config = tmp_path / "config"
    config.write_text(f"[profile target]\nregion = us-east-1\nendpoint_url = {moto_endpoint}\n"
                      "aws_access_key_id = AKIATARGETPROFILE001\naws_secret_access_key = target-secret\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(config))
    items = [account("cy", "cy@x.io", "cy")]
    dialog = CopyItemsDialog(ctx, items, items, switch_connection=lambda spec, _table: ctx.set_connection(
        Connection(spec)))
    qtbot.addWidget(dialog)
    spec = ConnectionSpec(name="target", profile="target")
    opened: list[Transaction] = []
    ctx.open_builder_requested.connect(opened.append)
    dialog.batches = [Transaction(actions=[])]
    dialog.target_spec, dialog.target_table = spec, "accounts"
    dialog.switch_and_open()
    conn = ctx.connection
    assert conn is not None and conn.spec != spec and conn.asked == spec
    assert conn.spec.endpoint_url == moto_endpoint
    qtbot.waitUntil(lambda: dialog.target_spec is None, timeout=5000)
    assert dialog.open_button.isEnabled()
