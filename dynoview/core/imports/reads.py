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


def batch_get(reader: Reader, table: str, keys: Sequence[Mapping[str, Any]], key_names: Sequence[str],
              sleep: Callable[[float], None] = time.sleep) -> list[dict[str, Any] | None]:
    """The items at ``keys`` of one table (None where absent), in the order asked, by strongly
    consistent BatchGetItem: 100 keys a request where TransactGetItems takes 25 and costs twice
    the read units. ``keys`` must be distinct and hold the key attributes only."""
    found: dict[tuple[str, ...], dict[str, Any]] = {}
    for start in range(0, len(keys), BATCH_GET_LIMIT):
        pending: list[Mapping[str, Any]] = list(keys[start:start + BATCH_GET_LIMIT])
        for round_ in range(BATCH_GET_ROUNDS):
            if round_:
                sleep(min(0.05 * 2 ** round_, 2.0))
            answer = reader.read("BatchGetItem", {"RequestItems": {table: {
                "Keys": pending, "ConsistentRead": True}}})
            for item in answer.get("Responses", {}).get(table, []):
                found[_ident(item, key_names)] = item
            pending = list(answer.get("UnprocessedKeys", {}).get(table, {}).get("Keys", []))
            if not pending:
                break
        else:
            raise DynoViewError(f"DynamoDB left {len(pending)} key(s) of {table} unread after "
                                f"{BATCH_GET_ROUNDS} tries (its read capacity is exhausted): lower "
                                "--rate and resume.", field="import")
    return [found.get(_ident(key, key_names)) for key in keys]


def _ident(item: Mapping[str, Any], key_names: Sequence[str]) -> tuple[str, ...]:
    return tuple(repr(sorted(item[n].items())) for n in key_names)
