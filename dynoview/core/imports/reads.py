"""The preflight's reads for import batches: TransactGetItems split into requests of 25 keys,
the limit of moto and of DynamoDB before 2022 (today's DynamoDB takes 100). A batch of 100
items asks for more keys than that (its items, their locks and probe forms); the preflight's
reads are not atomic with the write anyway (``preflight.check``), so splitting them loses
nothing it relies on."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
