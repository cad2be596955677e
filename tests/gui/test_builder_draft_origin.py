"""Builder work made for one connection is never sent or labelled as another's without a word.

Before, Drafts → Open draft… of a draft saved on connection ``prod``, in a window on ``gui-test``,
said only "Opened the draft …", its list named no connection, and the window's draft file
relabelled the work ``gui-test``. A switch of the window's connection (File → Connect…) with
unsent actions said nothing, and relabelled the work with the new connection: the next start,
back where it was built, warned it was made for the connection it had only passed through.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore
from dynoview.core.session.tables import describe_table
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.builder.dialogs import ConfirmDialog
from tests.helpers import connect

pytestmark = [pytest.mark.gui, pytest.mark.integration]
WARNING = ("They were made for table {table} on connection {connection}: check the table names before you "
           "Execute.")


def put(table: str, pk: str = "ACCT#origin") -> dict[str, Any]:
    return {"TransactItems": [{"Put": {"TableName": table, "Item": {
        "PK": {"S": pk}, "SK": {"S": "PROFILE"}, "n": {"N": "5"}}}}]}


def on_disk(panel: BuilderPanel) -> tuple[str, str]:
    panel.drafts.save_now()
    saved = json.loads(panel.drafts.store.current_path.read_text())
    return saved["connection"], saved["table"]


def test_open_draft_made_on_another_connection_says_so_and_keeps_its_origin(
        qtbot: Any, make_panel: Callable[[], BuilderPanel], seeded_table: str) -> None:
    DraftStore().save_named("prod work", Draft(request=put(seeded_table), connection="prod",
                                               table=seeded_table))
    DraftStore().save_named("here work", Draft(request=put(seeded_table, "ACCT#here"), connection="gui-test",
                                               table=seeded_table))
    panel = make_panel()  # this window is on gui-test
    infos = {info.name: info for info in panel.drafts.store.list_named()[0]}
    # The Open draft list's entries name where each draft was made.
    assert f"made for table {seeded_table} on connection prod" in infos["prod work"].describe()
    assert (infos["prod work"].connection, infos["prod work"].table) == ("prod", seeded_table)
    warning = WARNING.format(table=seeded_table, connection="prod")

    panel.drafts.open_draft(panel.drafts.store.open_named("prod work"))
    assert warning in panel.status.text()
    assert not panel.drafts.note.isHidden() and warning in panel.drafts.note.text.text()
    assert on_disk(panel) == ("prod", seeded_table)  # not relabelled gui-test
    panel.add_action("Put")  # edited: this window's work now
    assert on_disk(panel) == ("gui-test", seeded_table)
    panel.drafts.undo.undo_action.trigger()  # the draft's own actions again
    assert on_disk(panel) == ("prod", seeded_table)

    panel.drafts.note.hide()
    panel.drafts.open_draft(panel.drafts.store.open_named("here work"))  # made here: nothing to warn of
    assert "made for" not in panel.status.text() and panel.drafts.note.isHidden()
    assert on_disk(panel) == ("gui-test", seeded_table)
    panel.drafts.end()
    again = make_panel()  # the next start restores the draft made here: no warning
    assert "made for" not in again.drafts.note.text.text()


def test_a_restart_after_opening_a_draft_made_elsewhere_warns_again(
        qtbot: Any, make_panel: Callable[[], BuilderPanel], seeded_table: str) -> None:
    DraftStore().save_named("prod work", Draft(request=put(seeded_table), connection="prod",
                                               table=seeded_table))
    panel = make_panel()
    panel.drafts.open_draft(panel.drafts.store.open_named("prod work"))
    panel.drafts.end()
    again = make_panel()
    assert WARNING.format(table=seeded_table, connection="prod") in again.drafts.note.text.text()


def test_a_connection_switch_keeps_the_unsent_work_s_origin_and_says_where_execute_sends_it(
        qtbot: Any, make_panel: Callable[[], BuilderPanel], seeded_table: str, moto_endpoint: str) -> None:
    panel = make_panel()  # on gui-test
    assert panel.load_request(put(seeded_table), dynamodb_json=True)
    assert on_disk(panel) == ("gui-test", seeded_table)
    other = connect(moto_endpoint, name="OTHER-CONN")
    panel.ctx.set_connection(other)  # File > Connect... to another connection
    panel.ctx.set_table(describe_table(other, seeded_table))
    status = panel.status.text()
    assert (f"The builder's 1 unsent action was made for table {seeded_table} on connection gui-test; "
            "Execute would now send it to connection OTHER-CONN.") in status, status
    warning = WARNING.format(table=seeded_table, connection="gui-test")
    assert not panel.drafts.note.isHidden() and warning in panel.drafts.note.text.text()
    assert on_disk(panel) == ("gui-test", seeded_table)  # not relabelled OTHER-CONN

    # Execute's confirmation names the connection it sends to: the new one.
    panel.execute()
    deadline = time.monotonic() + 15
    while not isinstance(panel.dialog, ConfirmDialog) and time.monotonic() < deadline:
        qtbot.wait(20)
    dialog = panel.dialog
    assert isinstance(dialog, ConfirmDialog), panel.status.text()
    assert dialog.requirement.connection == other.spec.describe()
    assert other.spec.describe() in dialog.requirement.message
    dialog.reject()

    panel.drafts.end()
    again = make_panel()  # the next start, back on gui-test where the work was built
    assert again.request_json()["TransactItems"] == put(seeded_table)["TransactItems"]
    assert "made for" not in again.drafts.note.text.text()


def test_a_switch_with_nothing_unsent_or_to_the_same_connection_says_nothing(
        qtbot: Any, make_panel: Callable[[], BuilderPanel], seeded_table: str, moto_endpoint: str) -> None:
    panel = make_panel()
    other = connect(moto_endpoint, name="OTHER-CONN")
    panel.ctx.set_connection(other)  # an empty builder: nothing to say
    assert "made for" not in panel.status.text() and panel.drafts.note.isHidden()
    panel.ctx.set_table(describe_table(other, seeded_table))
    assert panel.load_request(put(seeded_table), dynamodb_json=True)
    same = connect(moto_endpoint, name="OTHER-CONN")  # a reconnect to the same connection
    panel.ctx.set_connection(same)
    panel.ctx.set_table(describe_table(same, seeded_table))
    assert "made for" not in panel.status.text() and panel.drafts.note.isHidden()
    assert on_disk(panel) == ("OTHER-CONN", seeded_table)
