"""Edit as JSON… of an item whose Number key is written another way (``1`` as ``1.0``, ``01``,
``1E0``) edits the same item, as DynamoDB stores it: one Update under the stored key, not a
move (a Delete and a Put the builder then refused as two actions on one item); a key that
really differs still moves the item."""

from __future__ import annotations

import pytest

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.item_writes import same_key
from dynoview.core.tx.validation import has_errors, validate

INFO = TableInfo("metrics", KeyAttribute("id", "N"), KeyAttribute("at", "N"))
OLD = {"id": {"N": "1"}, "at": {"N": "20"}, "v": {"S": "a"}}


@pytest.mark.parametrize("written", ["1.0", "01", "1E0", "1.00"])
def test_the_same_number_written_another_way_is_an_update_of_the_stored_key(written: str) -> None:
    new = {**OLD, "id": {"N": written}, "at": {"N": "2E1"}, "v": {"S": "b"}}
    tx = templates.edit_item(INFO, OLD, new)
    (update,) = tx.actions
    assert update.kind == "Update" and update.key == {"id": {"N": "1"}, "at": {"N": "20"}}
    assert not has_errors(validate(tx, {"metrics": INFO}))


def test_a_different_number_still_moves_the_item() -> None:
    tx = templates.edit_item(INFO, OLD, {**OLD, "id": {"N": "2"}})
    assert [a.kind for a in tx.actions] == ["Delete", "Put"]


def test_same_key_compares_as_dynamodb_and_needs_every_key_attribute() -> None:
    assert same_key(("id", "at"), OLD, {"id": {"N": "1.0"}, "at": {"N": "20"}})
    assert not same_key(("id", "at"), OLD, {"id": {"N": "1"}})
    assert not same_key(("id",), OLD, {"id": {"S": "1"}})

