"""Named drafts' file names: a fixed-width escape (distinct names, distinct files), names within
the 120-character limit that are long once escaped, and drafts older versions saved under the
former escape (listed, opened, taken, deleted; the newer file wins)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dynoview.core.drafts.model import Draft
from dynoview.core.drafts.store import DraftStore

REQUEST = {"TransactItems": [{"Delete": {"TableName": "t", "Key": {"PK": {"S": "x"}}}}]}


def work(table: str) -> Draft:
    return Draft(request=REQUEST, connection="local", table=table)


def old_file(store: DraftStore, file_name: str, name: str | None, table: str) -> Path:
    """A draft as a version before the fixed-width escape wrote it, at ``file_name``."""
    folder = store.root / "named"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name
    data = Draft(request=REQUEST, connection="local", table=table, name=name, saved_at=1000.0)
    path.write_text(json.dumps(data.to_json(), ensure_ascii=False) + "\n", encoding="utf-8")
    return path


# U+01F6 then "0", and U+1F60, were both "%1F60"; U+0394 then "1", and U+3941, both "%3941".
PAIRS = [("Plan \u01f60", "Plan \u1f60"), ("\u03941", "\u3941"), ("\u00e9", "%E9"),
         ("\u00e9", "\u00c3\u00a9")]


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_names_that_shared_a_file_each_keep_their_own(tmp_path: Path, a: str, b: str) -> None:
    store = DraftStore(tmp_path / "drafts")
    assert store.named_path(a) != store.named_path(b)
    store.save_named(a, work("first"))
    store.save_named(b, work("second"))
    assert sorted(i.name for i in store.list_named()[0]) == sorted([a, b])
    assert store.open_named(a).table == "first" and store.open_named(b).table == "second"


LONG = ["签到" * 60, "@" * 120, "\U0001f642" * 120, "é" * 119 + "x", "x" * 120]


@pytest.mark.parametrize("name", LONG, ids=["cjk", "at", "emoji", "accents", "ascii"])
def test_a_name_within_the_limit_is_saved_however_long_it_escapes(tmp_path: Path, name: str) -> None:
    store = DraftStore(tmp_path / "drafts")
    store.save_named(name, work("long"))
    path = store.named_path(name)
    assert path.exists() and len(path.name.encode()) <= 210  # room for ".corrupt-<time>"
    assert [i.name for i in store.list_named()[0]] == [name]
    assert store.open_named(name).table == "long" and store.open_named(name).name == name
    assert store.free_name(name) == f"{name} (2)"
    store.delete_named(name)
    assert store.list_named() == ([], [])


def test_long_names_sharing_their_start_get_files_of_their_own(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    a, b = "签" * 119 + "a", "签" * 119 + "b"
    store.save_named(a, work("a"))
    store.save_named(b, work("b"))
    assert store.named_path(a) != store.named_path(b)
    assert store.open_named(a).table == "a" and store.open_named(b).table == "b"
    kept, _ = store.save_new_named("签" * 110, work("new"))
    again, _ = store.save_new_named("签" * 110, work("newer"))
    assert (kept, again) == ("签" * 110, "签" * 110 + " (2)")


def test_a_draft_saved_under_the_former_escape_is_listed_opened_taken_and_deleted(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    path = old_file(store, "Caf%E9 %1F642.json", "Café 🙂", "old")
    assert [(i.name, i.path) for i in store.list_named()[0]] == [("Café 🙂", path)]
    assert store.find_named("Café 🙂") == path
    assert store.open_named("Café 🙂").table == "old"
    assert store.free_name("Café 🙂") == "Café 🙂 (2)"
    name, _ = store.save_new_named("Café 🙂", work("new"))
    assert name == "Café 🙂 (2)" and store.open_named("Café 🙂").table == "old"
    store.delete_named("Café 🙂")
    assert not path.exists()
    assert [i.name for i in store.list_named()[0]] == ["Café 🙂 (2)"]


def test_when_both_files_hold_a_name_the_new_one_wins(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    old = old_file(store, "Caf%E9.json", "Café", "old")
    store.save_named("Café", work("new"))
    infos = store.list_named()[0]
    assert [(i.name, i.path) for i in infos] == [("Café", store.named_path("Café"))]
    assert store.open_named("Café").table == "new" and old.exists()
    store.delete_named("Café")
    assert not old.exists() and store.list_named() == ([], [])


def test_a_former_file_name_another_name_wrote_is_not_taken_for_this_one(tmp_path: Path) -> None:
    """Under the former escape "Plan Ƕ0" and "Plan ὠ" shared a file: it is whoever wrote last's."""
    store = DraftStore(tmp_path / "drafts")
    path = old_file(store, "Plan %1F60.json", "Plan \u1f60", "kept")
    assert store.find_named("Plan \u01f60") is None
    assert store.free_name("Plan \u01f60") == "Plan \u01f60"
    store.delete_named("Plan \u01f60")
    assert path.exists() and store.open_named("Plan \u1f60").table == "kept"


def test_a_former_file_with_no_name_inside_is_listed_by_its_file_name(tmp_path: Path) -> None:
    store = DraftStore(tmp_path / "drafts")
    old_file(store, "plain.json", None, "old")
    assert [i.name for i in store.list_named()[0]] == ["plain"]
    assert store.open_named("plain").table == "old"
