"""The preflight's reads for import batches: TransactGetItems split into requests of 25 keys,
the limit of moto and of DynamoDB before 2022 (today's DynamoDB takes 100). A batch of 100
items asks for more keys than that (its items, their locks and probe forms); the preflight's
reads are not atomic with the write anyway (``preflight.check``), so splitting them loses
nothing it relies on. The preflight's own reads by key go out as BatchGetItem (``batch_get``);
this reader is left for the settling reads of a lost answer."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.reader import Reader

GET_LIMIT = 25


class SplitGetsReader(Reader):
    """A Reader whose TransactGetItems never asks for more than ``GET_LIMIT`` items at once."""

    def read(self, operation: str, request: Mapping[str, Any]) -> dict[str, Any]:
        items = request.get("TransactItems") if operation == "TransactGetItems" else None
        if not isinstance(items, list) or len(items) <= GET_LIMIT:
            return super().read(operation, request)
        responses: list[Any] = []
        for start in range(0, len(items), GET_LIMIT):
            part = super().read(operation, {**request, "TransactItems": items[start:start + GET_LIMIT]})
            answers = list(part.get("Responses", []))
            responses.extend(answers + [{}] * (len(items[start:start + GET_LIMIT]) - len(answers)))
        return {"Responses": responses}


#: BatchGetItem reads at most 100 keys per request.
BATCH_GET_LIMIT = 100
#: Rounds of UnprocessedKeys asked again before giving up (DynamoDB throttling the reads).
BATCH_GET_ROUNDS = 8


class BatchReads:
    """BatchGetItem of distinct keys of one table, 100 a request, asking again for the keys
    DynamoDB left unprocessed (throttled) up to ``BATCH_GET_ROUNDS`` times; counts the requests
    and the read units the receipts reported. ``projection`` (with its ``names``) narrows the
    items read; ``advice`` ends the sentence when the reads give up."""

    def __init__(self, reader: Reader, table: str, *, consistent: bool, advice: str,
                 projection: str | None = None, names: Mapping[str, str] | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.reader, self.table, self.consistent, self.sleep = reader, table, consistent, sleep
        self.advice = advice
        self._narrow = {"ProjectionExpression": projection,
                        "ExpressionAttributeNames": dict(names or {})} if projection else {}
        self.requests = 0
        self.units: float | None = None  # None while no answer reported its capacity

    def found(self, keys: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """The items at ``keys`` that exist, in no particular order."""
        out: list[dict[str, Any]] = []
        for start in range(0, len(keys), BATCH_GET_LIMIT):
            pending: list[Mapping[str, Any]] = list(keys[start:start + BATCH_GET_LIMIT])
            for round_ in range(BATCH_GET_ROUNDS):
                if round_:
                    self.sleep(min(0.05 * 2 ** round_, 2.0))
                answer, receipt = self.reader.read_with_receipt("BatchGetItem", {"RequestItems": {
                    self.table: {"Keys": pending, "ConsistentRead": self.consistent, **self._narrow}}})
                self.requests += 1
                if receipt.consumed_capacity is not None:
                    self.units = (self.units or 0.0) + receipt.consumed_capacity
                out.extend(answer.get("Responses", {}).get(self.table, []))
                pending = list(answer.get("UnprocessedKeys", {}).get(self.table, {}).get("Keys", []))
                if not pending:
                    break
            else:
                raise DynoViewError(f"DynamoDB left {len(pending)} key(s) of {self.table} unread after "
                                    f"{BATCH_GET_ROUNDS} tries {self.advice}", field="import")
        return out


def batch_get(reader: Reader, table: str, keys: Sequence[Mapping[str, Any]], key_names: Sequence[str],
              sleep: Callable[[float], None] = time.sleep) -> list[dict[str, Any] | None]:
    """The items at ``keys`` of one table (None where absent), in the order asked, by strongly
    consistent BatchGetItem: 100 keys a request where TransactGetItems takes 25 and costs twice
    the read units. ``keys`` must be distinct and hold the key attributes only."""
    reads = BatchReads(reader, table, consistent=True, sleep=sleep,
                       advice="(its read capacity is exhausted): lower --rate and resume.")
    found = {_ident(item, key_names): item for item in reads.found(keys)}
    return [found.get(_ident(key, key_names)) for key in keys]


def _ident(item: Mapping[str, Any], key_names: Sequence[str]) -> tuple[str, ...]:
    return tuple(repr(sorted(item[n].items())) for n in key_names)
