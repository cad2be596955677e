"""Windows that are gone left builder work, and some of their files hold a time no clock can
show (``"saved_at": 1e300`` and the like, valid JSON): the builder opened with OverflowError at
every start (the file older than the restored work was read again each time), and every write
goes through the builder. Now it opens, restores the good work, sets each bad file aside with a
sentence, and the next start opens cleanly."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.drafts.model import FORMAT
from dynoview.core.drafts.store import DraftStore
from dynoview.core.session.connection import Connection
from dynoview.ui.builder import BuilderPanel
from dynoview.ui.main_window import MainWindow
from tests.gui.conftest import open_window

pytestmark = pytest.mark.gui
#: A file's time as JSON text, and how its sentence shows it.
BAD = {"1e300": "1e+300", "-1": "-1", str(10 ** 400): "10000000000000000000… (401 digits)", "NaN": "nan"}


def put(table: str, doc: str) -> dict[str, Any]:
    return {"Put": {"TableName": table, "Item": {"PK": {"S": f"DOC#{doc}"}, "SK": {"S": "A"}}}}


def leave(folder: Path, name: str, table: str, saved_at: str, mtime: int) -> Path:
    """What a window that is gone left: one Put, its time ``saved_at`` as JSON text."""
    folder.mkdir(parents=True, exist_ok=True)
    body = json.dumps({"format": FORMAT, "request": {"TransactItems": [put(table, name)]}, "forms": [],
                       "seen": [], "connection": "gui-test", "table": table})
    path = folder / f"{name}.json"
    path.write_text(body[:-1] + f', "saved_at": {saved_at}}}', encoding="utf-8")
    os.utime(path, (mtime, mtime))
    return path


def test_the_builder_opens_restores_the_good_work_and_sets_each_bad_time_aside(
        qtbot, make_panel: Callable[[], BuilderPanel], seeded_table: str) -> None:
    folder = DraftStore().current.folder
    leave(folder, "w-newest", seeded_table, "1700000300", 1_700_000_300)
    # One bad file newer than the good work (read first), the others older (kept as named: the
    # path that raised), and one good older work between them.
    bad = {leave(folder, f"w-bad-{i}", seeded_table, saved_at,
                 1_700_000_400 if i == 0 else 1_700_000_200 - i): shown
           for i, (saved_at, shown) in enumerate(BAD.items())}
    leave(folder, "w-oldest", seeded_table, "1700000000", 1_700_000_000)

    panel = make_panel()  # raised OverflowError: no builder

    assert panel.request_json()["TransactItems"] == [put(seeded_table, "w-newest")]
    note = panel.drafts.note.text.text()
    assert note.startswith("Restored 1 unsent action from your last session"), note
    assert "Other windows left unsent work too: kept as 1 named draft" in note, note
    (named,) = DraftStore().list_named()[0]
    assert DraftStore().open_named(named.name).request["TransactItems"] == [put(seeded_table, "w-oldest")]
    for path, shown in bad.items():
        (aside,) = folder.glob(f"{path.name}.corrupt-*")
        assert not path.exists()
        assert (f"The builder's work from your last session could not be read (its saved_at ({shown}) is "
                f"not a time between 1970 and the year 3000), so it was not restored. The file was set "
                f"aside as {aside}.") in note, note
    assert not DraftStore().has_leftover_work()

    panel.drafts.end()  # the next start: this window's work comes back, and nothing else is said
    again = make_panel()
    assert again.request_json()["TransactItems"] == [put(seeded_table, "w-newest")]
    note = again.drafts.note.text.text()
    assert note.startswith("Restored 1 unsent action") and "could not" not in note, note
    assert len(list(folder.glob("*.corrupt-*"))) == len(bad)  # none set aside twice, none lost


def test_the_window_says_the_left_work_and_its_builder_opens(
        qtbot, qasync_loop, demo_conn: Connection, seeded_table: str, config: Path) -> None:
    """The start's strip looks at the left work first (an integer too large for a float raised
    there), then Open the builder restores it: the reported case, the older file's time 1e300."""
    from dynoview.ui.app import _mention_unsent_work
    from dynoview.ui.window.unsent_work import UnsentWorkBar

    folder = DraftStore().current.folder
    leave(folder, "w-newer", seeded_table, "1700000100", 1_700_000_100)
    leave(folder, "w-older", seeded_table, "1e300", 1_000_000)
    leave(folder, "w-huge", seeded_table, str(10 ** 400), 1_000)
    window: MainWindow = open_window(qtbot, demo_conn, seeded_table)
    _mention_unsent_work(window)
    (bar,) = [b for b in window.findChildren(UnsentWorkBar) if not b.isHidden()]
    bar.open_builder.click()
    builder = window.router.builder()
    assert builder.request_json()["TransactItems"] == [put(seeded_table, "w-newer")]
    note = builder.drafts.note.text.text()
    assert "(its saved_at (1e+300) is not a time between 1970 and the year 3000)" in note, note
    assert "(its saved_at (10000000000000000000… (401 digits))" in note, note
    assert sorted(p.name.split(".corrupt-")[0] for p in folder.glob("*.corrupt-*")) == \
        ["w-huge.json", "w-older.json"]
