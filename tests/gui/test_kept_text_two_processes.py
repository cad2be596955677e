"""Two DynoView processes on the same item's Edit as JSON… (or table's schema editor): the
second showed the first one's live text as "kept when DynoView closed", and its Cancel deleted
it, so a kill of the first then lost what was typed there. The dialog's lock
(``DialogTexts.hold``) makes the second say the subject is open in another window, keep nothing
and delete nothing; once the first process is killed, its text is offered as kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from dynoview.core.drafts.dialog_texts import DialogTexts, Subject, item_subject, schema_subject
from dynoview.core.session import profile
from dynoview.ui.items.edit_dialog import ItemEditDialog
from dynoview.ui.kept_text import connection_of
from dynoview.ui.locks.schema_dialog import SchemaDialog
from dynoview.ui.main_window import MainWindow
from dynoview.ui.row_select import select_only_row
from tests.gui.conftest import open_window
from tests.helpers import connect

pytestmark = [pytest.mark.gui,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGKILL and XDG folders")]
ROOT = Path(__file__).resolve().parents[2]
SESSION = {"PK": {"S": "SESSION#s-no-ttl"}, "SK": {"S": "SESSION"}}
TYPED = '{\n  "PK": {"S": "SESSION#s-no-ttl"},\n  "SK": {"S": "SESSION"},\n  "note": {"S": "typed in A, half'

#: Process A: the real app on the endpoint; opens the dialog, types, and says so once the text
#: is kept on disk (its autosave), with the subject it is kept under; then runs until killed.
DRIVER = textwrap.dedent("""
    import json, sys
    from PySide6.QtCore import QTimer
    import dynoview.ui.app as app_module
    from dynoview.__main__ import main
    from dynoview.core.drafts.dialog_texts import DialogTexts
    from dynoview.ui.row_select import select_only_row

    made = app_module._main_window
    which, table, url, typed = sys.argv[1:5]
    done = []

    def start(app):
        window = made(app)

        def wait_kept(dialog):
            kept, _ = DialogTexts().load(dialog.keeper.subject)
            if kept is not None and kept.fields.get("json") == typed:
                print(json.dumps(dialog.keeper.subject.to_json()), flush=True)
            else:
                QTimer.singleShot(50, lambda: wait_kept(dialog))

        def drive():
            if done:
                return
            done.append(True)
            if which == "item":
                panel = window.items_panel
                row = next(r for r in range(panel.model.rowCount())
                           if panel.model.item(r)["PK"] == {"S": "SESSION#s-no-ttl"})
                select_only_row(panel.view, row)
                panel.edit_selected()
                dialog = panel.edit_dialog
            else:
                locks = window.feature("LocksPanel")
                locks.edit_schema_button.click()
                dialog = locks.schema_dialog
            dialog.editor.setPlainText(typed)
            wait_kept(dialog)

        window.table_shown.connect(lambda _name: QTimer.singleShot(0, drive))
        return window

    app_module._main_window = start
    sys.exit(main(["--endpoint-url", url, "--table", table]))
""")


@pytest.fixture
def shared_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Both processes' configuration folder (the drafts): the child's environment, and this
    process's ``config_root`` pointed at the same folder."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "PYTHONPATH": str(ROOT)}
    monkeypatch.setattr(profile, "config_root", lambda: tmp_path / "config" / profile.APP_NAME)
    return env


@pytest.fixture
def process_a(request: pytest.FixtureRequest, shared_config: dict[str, str], moto_endpoint: str,
              seeded_table: str) -> Iterator[tuple[subprocess.Popen[str], Subject, str]]:
    """Process A with its dialog open and its text kept: the process, the subject, the text."""
    which = request.param
    typed = TYPED if which == "item" else '{"rules": [ half a rule'
    child = subprocess.Popen([sys.executable, "-c", DRIVER, which, seeded_table, moto_endpoint, typed],
                             cwd=ROOT, env=shared_config, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.strip(), child.stderr.read()[-3000:] if child.stderr else ""
        yield child, Subject(**json.loads(line)), typed
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate(timeout=30)


def kept_json(subject: Subject) -> str | None:
    kept, problem = DialogTexts().load(subject)
    assert problem is None
    return kept.fields.get("json") if kept is not None else None


def open_dialog(window: MainWindow, which: str) -> ItemEditDialog | SchemaDialog:
    if which == "item":
        panel = window.items_panel
        row = next(r for r in range(panel.model.rowCount()) if panel.model.item(r)["PK"] == SESSION["PK"])
        select_only_row(panel.view, row)
        panel.edit_selected()
        dialog = panel.edit_dialog
    else:
        locks: Any = window.feature("LocksPanel")
        locks.edit_schema_button.click()
        dialog = locks.schema_dialog
    assert isinstance(dialog, ItemEditDialog | SchemaDialog) and dialog.isVisible()
    return dialog


def cancel(dialog: QDialog) -> None:
    buttons = dialog.findChild(QDialogButtonBox)
    assert buttons is not None
    buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert not dialog.isVisible()


def kept_strips(window: MainWindow) -> list[Any]:
    """The start strips saying a dialog text is kept, as a new window shows them."""
    from dynoview.ui.app import _mention_unsent_work
    from dynoview.ui.window.unsent_work import KeptTextsBar

    for bar in window.findChildren(KeptTextsBar):
        bar.close()
    _mention_unsent_work(window)
    return [b for b in window.findChildren(KeptTextsBar) if not b.isHidden()]


@pytest.mark.parametrize("process_a", ["item", "schema"], indirect=True)
def test_a_dialog_open_in_another_process_is_neither_offered_nor_deleted_and_survives_its_kill(
        qtbot: Any, qasync_loop: Any, moto_endpoint: str, seeded_table: str,
        process_a: tuple[subprocess.Popen[str], Subject, str]) -> None:
    child, subject, typed = process_a
    window = open_window(qtbot, connect(moto_endpoint, name="local"), seeded_table)  # process B
    connection = connection_of(window.ctx)
    assert connection is not None
    ours = item_subject(connection, seeded_table, SESSION) if subject.key else \
        schema_subject(connection, seeded_table)
    assert ours == subject  # both processes file it under the same subject
    assert kept_json(subject) == typed
    assert kept_strips(window) == []  # A's live text is not "kept by your last session"

    which = "item" if subject.key else "schema"
    dialog = open_dialog(window, which)
    assert dialog.editor.toPlainText() != typed  # as it is now, not A's live text
    assert dialog.kept_note.text.text().startswith("This is open in another window too")
    dialog.editor.setPlainText(typed + " and B")
    qtbot.wait(800)  # past the autosave's delay
    assert kept_json(subject) == typed  # B keeps nothing over A's
    cancel(dialog)
    assert kept_json(subject) == typed  # and its Cancel deletes nothing

    child.send_signal(signal.SIGKILL)  # A dies with its dialog open
    child.wait(timeout=30)
    assert kept_json(subject) == typed
    (strip,) = kept_strips(window)  # the next start says it is waiting
    assert strip.informativeText().startswith(subject.describe())
    dialog = open_dialog(window, which)  # and the next open offers it
    assert dialog.editor.toPlainText() == typed
    assert "kept when DynoView closed at" in dialog.kept_note.text.text()
    cancel(dialog)  # B's own answer now: nothing kept any more
    assert kept_json(subject) is None
