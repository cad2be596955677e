"""A stub of the two ``Reader`` calls the preflight makes, serving canned items (like the AWS
CLI's stubbed responses): ``read("TransactGetItems")`` answers each Get by key, ``cursor`` pages
a Query on an index (the items holding the asked value) or a Scan (every item: a Scan's filter is
the server's, and the preflight checks each value it gets again). Every request is recorded, so
a test asserts what was read, as the AWS CLI's tests assert the exact request."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.uniqueness.schema import article_schema

TABLE = "accounts"
EMAIL_INDEX = "email-index"


@dataclass
class StubPage:
    items: list[dict[str, Any]]


class StubReader:
    def __init__(self, items: Iterable[Mapping[str, Any]], page_size: int = 2) -> None:
        self.items = [dict(i) for i in items]
        self.page_size = page_size
        self.requests: list[tuple[str, dict[str, Any]]] = []

    def read(self, operation: str, request: Mapping[str, Any]) -> dict[str, Any]:
        self.requests.append((operation, copy.deepcopy(dict(request))))
        assert operation == "TransactGetItems", f"the preflight has no business calling {operation}"
        assert len(request["TransactItems"]) <= 100  # DynamoDB's limit per request
        answers = []
        for get in request["TransactItems"]:
            key = get["Get"]["Key"]
            found = next((i for i in self.items if all(i.get(k) == v for k, v in key.items())), None)
            answers.append({"Item": copy.deepcopy(found)} if found is not None else {})
        return {"Responses": answers}

    def cursor(self, operation: str, request: Mapping[str, Any],
               table: TableInfo | None = None) -> Iterator[StubPage]:
        self.requests.append((operation, copy.deepcopy(dict(request))))
        if operation == "Query":
            attribute = request["ExpressionAttributeNames"]["#v"]
            value = request["ExpressionAttributeValues"][":v"]
            matched = [i for i in self.items if i.get(attribute) == value]
        else:
            assert operation == "Scan"
            matched = list(self.items)
        for start in range(0, len(matched), self.page_size):
            yield StubPage(copy.deepcopy(matched[start:start + self.page_size]))

    def of(self, operation: str) -> list[dict[str, Any]]:
        """The requests of one operation, in order."""
        return [r for op, r in self.requests if op == operation]


def _s(value: str) -> dict[str, str]:
    return {"S": value}


def acct(acct_id: str, email: str | None = None, username: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": _s(f"ACCT#{acct_id}"), "SK": _s("PROFILE")}
    if email is not None:
        item["email"] = _s(email)
    if username is not None:
        item["username"] = _s(username)
    return item


def lock(kind: str, value: str) -> dict[str, Any]:
    return {"PK": _s(f"UNIQ#{kind}#{value}"), "SK": _s("LOCK")}


def table_info(item_count: int | None = 10, email_index: bool = False) -> TableInfo:
    gsis = (IndexInfo(EMAIL_INDEX, "GSI", KeyAttribute("email", "S"), None, "ALL"),) if email_index else ()
    return TableInfo(TABLE, KeyAttribute("PK", "S"), KeyAttribute("SK", "S"), gsis=gsis,
                     item_count=item_count)


SCHEMA = article_schema()
INDEXED_SCHEMA = article_schema(email_index=EMAIL_INDEX)
ADA = [acct("a1", "ada@x.io", "ada"), lock("EMAIL", "ada@x.io"), lock("HANDLE", "ada")]
