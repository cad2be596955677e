"""Requests taken from a public test suite written for another DynamoDB implementation and
run against the real service: ScyllaDB Alternator's ``test/alternator`` (condition, update,
filter, limits and number tests, at commit f4a4091ca28e). Each call there that sends an
UpdateExpression, ConditionExpression or FilterExpression with literal placeholder maps became
one action on the corpus tables (an Update with its condition; a Put or Delete with its
condition; a filter as a ConditionCheck's condition), deduplicated. Calls whose refusal on an
empty table depends on the stored item were left out (the item-dependent category covers that
rule), as were calls sending already-typed values through Alternator's untransformed client.
The deeply nested expressions ``test_limits.py`` builds in code (``test_deeply_nested_expression_*``)
were built the same way here, as conditions of an Update.

``external_alternator.json`` keeps the requests (one object a line: ``name``, ``source``:
repository, file, line and test, ``request``, and ``service`` where the suite shows the service
refusing what DynamoDB Local accepts); ``record.py`` adds DynamoDB Local's verdicts.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from tests.differential.cases import Case, case

DATA = Path(__file__).with_name("external_alternator.json")


def external_cases() -> Iterator[Case]:
    for entry in json.loads(DATA.read_text(encoding="utf-8")):
        service = tuple(entry["service"]) if "service" in entry else None
        out = case("external", entry["name"], *entry["request"]["TransactItems"],
                   service=service)  # type: ignore[arg-type]
        out["source"] = entry["source"]
        yield out
