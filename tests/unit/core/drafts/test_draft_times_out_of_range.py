"""A draft whose time no clock can show (1e300, before 1970, NaN, an integer too large for a
float, not a number at all), or holding a number JSON cannot write back, is refused where it is
read, at the field: set aside and said like any damaged file, so it never stops a start. Such a
file, older than the work restored, once raised OverflowError taking it over as a named draft,
and was read again at every start: the builder never opened."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.drafts.dialog_texts import DialogTexts, Subject
from dynoview.core.drafts.model import FORMAT, LATEST_TIME, DraftError, checked_time, draft_from_json
from dynoview.core.drafts.store import DraftStore
from dynoview.core.edits.persist import edits_to_json, take_over_staged
from dynoview.core.edits.staging import StagedEdits
from dynoview.core.session.tables import KeyAttribute, TableInfo

BIG = 10 ** 400  # JSON's integer: too large for a float (math.isfinite raised OverflowError)
#: What the file says for ``saved_at`` (JSON text), and the value's words in the sentence.
BAD_TIMES = {
    "1e300": "(1e+300)",
    "-1": "(-1)",
    "-1e300": "(-1e+300)",
    str(BIG): "(10000000000000000000… (401 digits))",
    "NaN": "(nan)",
    "Infinity": "(inf)",
    "1e400": "(inf)",  # what Python's json makes of it
    str(LATEST_TIME): f"({LATEST_TIME})",
    '"soon"': "is not a number",
    "true": "is not a number",
    "[1]": "is not a number",
    "null": "is not a number",
}


def request(value: str) -> dict[str, Any]:
    return {"TransactItems": [{"Put": {"TableName": "accounts",
                                       "Item": {"PK": {"S": f"DOC#{value}"}, "SK": {"S": "A"}}}}]}


def left(folder: Path, name: str, saved_at: str, mtime: int, body: dict[str, Any] | None = None) -> Path:
    """A window that is gone left ``name`` (its time as JSON text ``saved_at``), last written at
    ``mtime`` (leftovers are taken newest first)."""
    data = {"format": FORMAT, "request": request(name), "forms": [], "seen": [], "connection": "c",
            "table": "accounts", **(body or {})}
    text = json.dumps(data)[:-1] + f', "saved_at": {saved_at}}}'
    path = folder / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime, mtime))
    return path


@pytest.mark.parametrize("saved_at", list(BAD_TIMES))
def test_draft_from_json_refuses_a_time_no_clock_can_show_naming_the_field(saved_at: str) -> None:
    data = json.loads(f'{{"format": 1, "request": {{}}, "saved_at": {saved_at}}}')
    with pytest.raises(DraftError) as caught:
        draft_from_json(data)
    assert str(caught.value).startswith("its saved_at ")
    assert BAD_TIMES[saved_at] in str(caught.value)


@pytest.mark.parametrize("saved_at", [0, 1, 1_700_000_000.5, LATEST_TIME - 1])
def test_times_a_clock_can_show_are_kept(saved_at: float) -> None:
    assert draft_from_json({"format": 1, "request": {}, "saved_at": saved_at}).saved_at == saved_at
    assert checked_time(saved_at, "saved_at") == float(saved_at)


@pytest.mark.parametrize(("body", "where"), [
    ('"request": {"TransactItems": [{"Put": {"Item": {"n": NaN}}}]}',
     "its request.TransactItems[0].Put.Item.n is nan"),
    ('"request": {"TransactItems": []}, "forms": [{"fields": {"x": 1e400}}]', "its forms[0].fields.x is inf"),
    ('"request": {"TransactItems": []}, "seen": [{"names": [-Infinity]}]', "its seen[0].names[0] is -inf"),
])
def test_a_number_json_cannot_write_back_is_refused_at_its_place(body: str, where: str) -> None:
    with pytest.raises(DraftError, match=r"^" + where.replace("[", r"\[").replace("]", r"\]")):
        draft_from_json(json.loads(f'{{"format": 1, {body}, "saved_at": 1}}'))


def test_a_format_of_true_is_not_format_1() -> None:
    with pytest.raises(DraftError, match="its format is True"):
        draft_from_json({"format": True, "request": {}})


def test_left_over_files_with_each_bad_time_are_set_aside_and_the_good_ones_kept(tmp_path: Path) -> None:
    """The newest good work is restored, the older good one kept as a named draft, and every file
    with a bad time, newer or older than the good ones, set aside and said: at this start, and
    none at the next."""
    store = DraftStore(tmp_path / "drafts")
    folder = store.current.folder
    folder.mkdir(parents=True)
    left(folder, "newest", "1700000300", 1_700_000_300)
    bad = {left(folder, f"bad-{i}", saved_at, 1_700_000_200 + (i % 2) * 200 - i): saved_at
           for i, saved_at in enumerate(BAD_TIMES)}  # half newer than "newest", half older
    left(folder, "oldest", "1700000000", 1_700_000_000)
    contents = {path: path.read_bytes() for path in bad}

    loaded = store.load_current()

    assert loaded.draft is not None and loaded.draft.request == request("newest")
    assert len(loaded.kept_as) == 1
    assert store.open_named(loaded.kept_as[0]).request == request("oldest")
    problem = loaded.problem or ""
    for path, saved_at in bad.items():
        (aside,) = folder.glob(f"{path.name}.corrupt-*")
        assert aside.read_bytes() == contents[path] and not path.exists()
        sentence = (f"The builder's work from your last session could not be read (its saved_at "
                    f"{BAD_TIMES[saved_at]}")
        assert sentence in problem and f"set aside as {aside}." in problem
    assert problem.count("could not be read") == len(bad)
    assert loaded.moved_to is not None and loaded.moved_to.exists()
    assert store.current.leftovers() == []

    store.release()  # the next start: this window's file is its only leftover, nothing to say
    again = DraftStore(tmp_path / "drafts").load_current()
    assert again.problem is None and again.draft is not None and again.draft.request == request("newest")


def test_a_bad_time_older_than_the_restored_work_is_not_read_twice(tmp_path: Path) -> None:
    """The reported case: two windows' work, the older one's saved_at 1e300."""
    store = DraftStore(tmp_path / "drafts")
    store.current.folder.mkdir(parents=True)
    left(store.current.folder, "w-newer", "1700000100", 1_700_000_100)
    left(store.current.folder, "w-older", "1e300", 1_000_000)
    loaded = store.load_current()
    assert loaded.draft is not None and loaded.draft.request == request("w-newer")
    assert loaded.kept_as == ()
    sentence = "(its saved_at (1e+300) is not a time between 1970 and the year 3000)"
    assert loaded.problem is not None and sentence in loaded.problem
    assert list(store.current.folder.glob("w-older.json.corrupt-*"))


def test_the_look_at_left_work_leaves_a_bad_time_out_and_never_raises(tmp_path: Path) -> None:
    """The start's unsent-work strip looks before the builder opens (an integer too large for a
    float raised OverflowError there)."""
    store = DraftStore(tmp_path / "drafts")
    store.current.folder.mkdir(parents=True)
    left(store.current.folder, "huge", str(BIG), 1_700_000_200)
    left(store.current.folder, "good", "1700000000", 1_700_000_000)
    assert [d.request for d in store.leftover_drafts()] == [request("good")]


def test_a_named_draft_with_a_bad_time_is_listed_as_set_aside(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    store.save_named("fine", draft_from_json({"format": 1, "request": request("fine")}))
    left(store.root / "named", "broken", "1e300", 1_700_000_000, {"name": "broken"})
    infos, problems = store.list_named()
    assert [i.name for i in infos] == ["fine"] and "fine" in infos[0].describe()
    (problem,) = problems
    assert "The draft file broken.json could not be read (its saved_at (1e+300)" in problem


@pytest.mark.parametrize("saved_at", [str(BIG), "1e300", "-5"])
def test_a_kept_dialog_text_with_a_bad_time_is_set_aside(tmp_path: Path, saved_at: str) -> None:
    texts = DialogTexts(tmp_path / "drafts")
    subject = Subject("item-edit", "c", "t", "")
    texts.folder.mkdir(parents=True)
    texts.path(subject).write_text('{"format": 1, "subject": {"dialog": "item-edit", "connection": "c", '
                                   f'"table": "t", "key": ""}}, "fields": {{}}, "saved_at": {saved_at}}}')
    kept, problem = texts.load(subject)
    assert kept is None and problem is not None
    assert "(its saved_at (" in problem and "set aside as" in problem


@pytest.mark.parametrize("saved_at", list(BAD_TIMES))
def test_staged_edits_with_a_time_no_clock_can_show_are_taken_over_at_the_files_time(
        tmp_path: Path, saved_at: str) -> None:
    """A staged set is cells the user typed: a damaged time must not cost them. Its time is the
    file's own then, which the Items tab's note can say (``time.localtime(1e300)`` raised
    OverflowError there, and NaN ValueError, each time the window connected)."""
    gone = DraftStore(tmp_path / "drafts")
    staged = StagedEdits("c")
    item = {"PK": {"S": "ACCT#a1"}, "SK": {"S": "PROFILE"}, "name": {"S": "before"}}
    staged.stage_text(TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S")),
                      item, "name", "S", "typed", connection="c")
    data = {**edits_to_json(staged), "window_opened_at": 0}
    path = gone.edits_path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data)[:-1] + f', "saved_at": {saved_at}}}', encoding="utf-8")
    os.utime(path, (1_700_000_000, 1_700_000_000))
    gone.release()  # its window is gone
    restored = take_over_staged(DraftStore(tmp_path / "drafts"), StagedEdits(), "c")
    assert restored.problems == ()
    assert restored.edits is not None and restored.edits.count == 1
    (taken,) = restored.taken
    assert taken.saved_at == 1_700_000_000 and taken.opened_at == 0
    time.localtime(taken.saved_at)  # what the Items tab's note does with it
