"""Where a transaction's problem is, as the fields a user sees: "Action 2 › Key", never the
model's field path ("action 2, key")."""

from __future__ import annotations

import pytest

from dynoview.core.tx.model import Problem, TransactionImportError, import_text


@pytest.mark.parametrize(("index", "field", "where"), [
    (1, "key", "Action 2 › Key"),
    (0, "item.email", "Action 1 › Item › email"),
    (0, "item.profile.tags[0]", "Action 1 › Item › profile.tags[0]"),
    (2, "values.:v0", "Action 3 › Expression values › :v0"),
    (0, "names.#n", "Action 1 › Expression names › #n"),
    (0, "condition", "Action 1 › Condition"),
    (0, "update", "Action 1 › Update expression"),
    (0, "return_values", "Action 1 › Return values on condition failure"),
    (0, "json", "Action 1"),
    (0, "", "Action 1"),
    (None, "actions", "Transaction"),
    (None, "json", "Transaction"),
    (None, "token", "Client request token"),
    (None, "Foo", "Foo"),  # a field the request should not hold: named as it was typed
])
def test_location_reads_as_a_field_path(index: int | None, field: str, where: str) -> None:
    assert Problem(index, field, "Fix it.").location() == where


def test_an_import_error_names_the_action_and_field() -> None:
    text = ('{"TransactItems": [{"Put": {"TableName": "t", "Item": {"PK": {"S": "a"}}}}, '
            '{"Delete": {"TableName": "t", "Key": {"PK": {"X": "a"}}}}]}')
    with pytest.raises(TransactionImportError) as caught:
        import_text(text)
    assert str(caught.value.message).startswith("Action 2 › Key › PK: ")


def test_text_that_is_not_json_is_the_transactions_problem() -> None:
    with pytest.raises(TransactionImportError) as caught:
        import_text("{not json")
    assert caught.value.message.startswith("Transaction: ")
    assert "transaction, actions" not in caught.value.message
