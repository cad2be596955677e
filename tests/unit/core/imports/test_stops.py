"""How an import that stopped at a batch says it: a batch the transaction validation refused is
said at its item's line in the file (never "Action 21", a place in the batch) and as a stop
(``ImportStopped``, which carries the items written before it), not as a transaction "not sent"."""

from __future__ import annotations

from botocore.exceptions import ClientError

from dynoview.core.imports.batching import Batch
from dynoview.core.imports.model import Located, Place
from dynoview.core.imports.stops import ImportStopped, invalid_batch, refused_batch
from dynoview.core.tx.model import WARNING, Problem


def _batch() -> Batch:
    records = [Located({"PK": {"S": f"DOC#{n}"}}, Place(n, n + 2, 1)) for n in range(100, 150)]
    return Batch(1, records, 0)


def test_an_item_refused_by_the_validation_is_said_at_its_line() -> None:
    problems = [Problem(3, "condition", "a warning first", WARNING),
                Problem(20, "item.m", "A map in this value has an empty key, which DynamoDB refuses; "
                        "name the attribute.")]
    stopped = invalid_batch(_batch(), problems)
    assert isinstance(stopped, ImportStopped)
    assert stopped.message == ("Item 121 (line 122, column 1) cannot be imported: m: A map in this "
                               "value has an empty key, which DynamoDB refuses; name the attribute. "
                               "Nothing of batch 2 (items 101-150) was sent.")
    assert stopped.problem is not None and stopped.problem.place.line == 122
    assert stopped.batch is not None and "Action" not in stopped.message


def test_a_refusal_of_the_whole_request_is_said_at_the_batch() -> None:
    stopped = invalid_batch(_batch(), [Problem(None, "actions", "The transaction's items total 5 MB.")])
    assert stopped.message.startswith("Batch 2 (items 101-150, from line 102, column 1) cannot be "
                                      "imported: The transaction's items total 5 MB. Nothing of it")


def test_a_batch_dynamodb_refused_is_said_with_its_place() -> None:
    exc = ClientError({"Error": {"Code": "ValidationException", "Message": "Empty attribute name"},
                       "ResponseMetadata": {"HTTPStatusCode": 400}}, "BatchWriteItem")
    stopped = refused_batch(_batch(), exc, "docs")
    assert stopped.message.startswith("DynamoDB refused batch 2 (items 101-150, from line 102, column "
                                      "1), so nothing of it was written: ")
    assert "Empty attribute name" in stopped.message
