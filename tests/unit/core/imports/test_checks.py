"""The check of each item before an import writes anything refuses what the transaction
validation refuses in a Put of it (and DynamoDB with it): an empty map key at any depth, an
attribute name empty or over 64 KB, an index key value that is empty. Before, only the batch's
validation found them, at write time, after the batches before it were written."""

from __future__ import annotations

import io
from typing import Any

import pytest

from dynoview.core.imports.checks import item_problem
from dynoview.core.imports.lines import typed_lines
from dynoview.core.imports.model import Located, Place
from dynoview.core.imports.preview import build_preview
from dynoview.core.items.export import DDB_JSON, render
from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.tx.model import PUT, Action, Transaction
from dynoview.core.tx.validation import validate
from tests.unit.core.imports.samples import plain_document

TABLE = TableInfo("docs", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                  gsis=(IndexInfo("byEmail", "GSI", KeyAttribute("email", "S"), None, "ALL"),
                        IndexInfo("byBlob", "GSI", KeyAttribute("blob", "B"), None, "ALL")))


def _item(**more: Any) -> dict[str, Any]:
    return {"PK": {"S": "DOC#1"}, "SK": {"S": "META"}, **more}


REFUSED = {
    "empty map key": (_item(m={"M": {"": {"S": "x"}}}), "m: A map in this value has an empty key"),
    "empty map key in a list": (_item(l={"L": [{"N": "1"}, {"M": {"a": {"M": {"": {"NULL": True}}}}}]}),
                                "l[1].a: A map in this value has an empty key"),
    "empty attribute name": (_item(**{"": {"S": "x"}}), "An attribute name is empty"),
    "name over 64 KB": (_item(**{"n" * 65536: {"S": "x"}}), f"{'n' * 20}...: An attribute name is "
                        "65536 bytes"),
    "empty GSI key string": (_item(email={"S": ""}), "email is a key of index byEmail, which cannot "
                             "hold an empty value"),
    "empty GSI key binary": (_item(blob={"B": b""}), "blob is a key of index byBlob, which cannot hold "
                             "an empty value"),
    "GSI key of a list": (_item(email={"L": []}), "email is a key of index byEmail (S)"),
}


@pytest.mark.parametrize("item, said", REFUSED.values(), ids=REFUSED.keys())
def test_an_item_the_transaction_validation_refuses_is_refused_where_the_file_has_it(
        item: dict[str, Any], said: str) -> None:
    problem = item_problem(Located(item, Place(120, 121, 1)), TABLE)
    assert problem is not None, "the item check let through an item a Put of it is refused for"
    assert problem.place.line == 121 and problem.text().startswith("item 121 (line 121, column 1): ")
    assert problem.message.startswith(said), problem.message
    # The same sentence as the transaction validation's, said at the attribute, not the action.
    tx = Transaction(actions=[Action(kind=PUT, table=TABLE.name, item=item)], token="t")
    errors = [p for p in validate(tx, {TABLE.name: TABLE}) if p.is_error]
    assert errors and problem.message.endswith(errors[0].message)
    assert "Action" not in problem.message


def test_nested_maps_and_index_keys_that_dynamodb_takes_pass() -> None:
    item = _item(m={"M": {"a": {"L": [{"M": {"b": {"S": ""}}}]}}}, email={"S": "a@b.c"},
                 blob={"B": b"\x00"}, note={"S": ""})
    assert item_problem(Located(item, Place(0, 1, 1)), TABLE) is None


def test_the_preview_counts_the_refused_item_at_its_line_before_anything_is_written() -> None:
    items = [plain_document(n) for n in range(150)]
    items[120]["map"] = {"M": {"": {"S": "x"}}}
    records = typed_lines(io.BytesIO(render(items, DDB_JSON).encode()).readlines())
    preview = build_preview(records, DDB_JSON, TABLE, whole=True)
    assert (preview.valid, preview.problem_count) == (149, 1)
    assert preview.problems[0].text().startswith("item 121 (line 121, column 1): map: A map in this "
                                                 "value has an empty key")
