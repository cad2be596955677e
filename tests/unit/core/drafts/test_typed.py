"""A draft's ``typed``: the action editors' text its request cannot hold yet, kept beside it,
saved and read with the file; drafts written before it existed still read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dynoview.core.drafts.model import FORMAT, Draft, DraftError, draft_from_json
from dynoview.core.drafts.store import DraftStore

REQUEST = {"TransactItems": [{"Put": {"TableName": "accounts", "Item": {"PK": {"S": "ACCT#a1"}}}},
                             {"Delete": {"TableName": "accounts", "Key": {"PK": {"S": "ACCT#a2"}}}}]}
TYPED = ({"item": [["PK", "S", "ACCT#a1"], ["credit", "N", "12,50"]], "raw": True,
          "texts": ["", "", "", ""]}, None)


def test_typed_reads_back_from_the_json_and_from_the_store(tmp_path: Path) -> None:
    draft = Draft(request=REQUEST, typed=TYPED, name="n")
    assert draft_from_json(json.loads(json.dumps(draft.to_json()))) == draft
    store = DraftStore(tmp_path / "drafts")
    store.save_current(draft)
    store.release()  # the window is gone: the next start takes its work over
    loaded = DraftStore(tmp_path / "drafts").load_current().draft
    assert loaded is not None and loaded.typed == TYPED
    saved, _ = store.save_new_named("typed", draft)
    assert store.open_named(saved).typed == TYPED


def test_a_draft_written_before_typed_existed_still_reads() -> None:
    old = {"format": FORMAT, "request": REQUEST, "forms": [], "seen": [], "connection": "c",
           "table": "t", "saved_at": 1.0, "name": None}
    assert draft_from_json(old).typed == ()


@pytest.mark.parametrize("typed", [{"0": {}}, ["rows"], [[1, 2]]])
def test_typed_that_is_not_a_list_of_objects_is_refused(typed: object) -> None:
    data = {**Draft(request=REQUEST).to_json(), "typed": typed}
    with pytest.raises(DraftError, match="typed fields"):
        draft_from_json(data)
