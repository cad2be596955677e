"""Hypothesis against DynamoDB Local: requests generated from a small grammar (condition and
update expressions over a few attributes, typed values, key shapes) go to the engine and to
DynoView's validator, and any disagreement fails with the request that shows it.

Agreement means: the validator reports an error if and only if DynamoDB refuses the request
whatever the stored item holds. Every request meets an absent item; a refusal that comes from
the item (an attribute the update reads is missing, a nested path's parent is missing) is not
compared (the corpus pairs each such case with a seeded one), and a request with several
actions refused that way is judged action by action. Where DynamoDB Local accepts what the
service refuses (an Update writing a number or binary to a string index key), the example
the example only checks that the engine did not refuse it otherwise (docs/validation.md). A
request whose conditions fail is judged again with conditions that hold: DynamoDB checks some
rules (key updates, one action per item) only once no condition has cancelled it.

``DYNOVIEW_DIFFERENTIAL_EXAMPLES`` sets the number of requests (default 2000, or
``DYNOVIEW_FUZZ_EXAMPLES`` when that is more: about 30 s for 2000 on two cores, 15 ms a
request; 0 skips the test).
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from dynoview.core.expressions.lexer import PLACEHOLDER_RE
from dynoview.core.session.connection import Connection
from dynoview.core.tx.validation import TableSchemas
from tests.differential import harness
from tests.helpers import connect

# Its own count (each example is a round trip to the engine); a stress run that asks every
# property for more examples (DYNOVIEW_FUZZ_EXAMPLES) gets at least as many here.
EXAMPLES = int(os.environ.get("DYNOVIEW_DIFFERENTIAL_EXAMPLES")
               or max(2000, int(os.environ.get("DYNOVIEW_FUZZ_EXAMPLES", "0"))))

pytestmark = [pytest.mark.property, pytest.mark.dynamodb_local, pytest.mark.integration,
              pytest.mark.skipif(EXAMPLES <= 0, reason="DYNOVIEW_DIFFERENTIAL_EXAMPLES=0"),
              # About 15 ms an example here; a slower machine gets room, not a timeout.
              pytest.mark.timeout(max(120, EXAMPLES // 10))]

TABLE = harness.PROP  # PK (S) + SK (N); gsi1 on gp (S)
INDEX_KEY = "gp"
# Attribute names: plain, reserved (name), on the reserved list yet taken bare (size), the
# sort key, the index key; nested parts x/y and list indexes 0/1.
NAMES = ("a", "b", "m", "l", INDEX_KEY, "SK", "name", "size")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


SCALARS = (
    st.sampled_from(["x", "abc", "é", "b"]).map(lambda s: {"S": s}),
    st.sampled_from(["0", "1", "-1", "2.5", "10", "1e2"]).map(lambda n: {"N": n}),
    st.sampled_from([b"\x00", b"x", b"\x80"]).map(lambda b: {"B": _b64(b)}),
    st.booleans().map(lambda b: {"BOOL": b}),
    st.just({"NULL": True}),
)
VALID = st.one_of(
    *SCALARS,
    st.sampled_from([["a"], ["b"], ["a", "b"]]).map(lambda m: {"SS": m}),
    st.sampled_from([["1"], ["2"], ["1", "2"]]).map(lambda m: {"NS": m}),
    st.just({"BS": [_b64(b"x")]}),
    st.lists(st.one_of(*SCALARS), max_size=2).map(lambda m: {"L": m}),
    st.dictionaries(st.sampled_from(["x", "y"]), st.one_of(*SCALARS), max_size=2).map(lambda m: {"M": m}),
)
# Values DynamoDB refuses wherever they appear (or as keys): drawn now and then.
HOSTILE = st.sampled_from([{"S": ""}, {"B": ""}, {"N": "1" * 39}, {"N": "-0"}, {"SS": []},
                           {"NS": ["1", "1.0"]}, {"SS": ["a", "a"]}])
VALUES = st.integers(0, 11).flatmap(lambda n: HOSTILE if n == 0 else VALID)


@dataclass
class Builder:
    """One action's expressions and the placeholder maps they fill."""

    draw: Any
    names: dict[str, str] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)
    differs: bool = False  # the service refuses what DynamoDB Local 1.25.1 accepts

    def name(self, attr: str) -> str:
        if self.draw(st.integers(0, 3)) == 0:
            return attr  # bare: reserved words and keywords are DynamoDB's to refuse
        token = "#" + attr.lower()
        self.names[token] = attr
        return token

    def value(self, strategy: st.SearchStrategy[Any] = VALUES) -> tuple[str, Any]:
        token = f":v{len(self.values)}"
        av = self.draw(strategy)
        self.values[token] = av
        return token, av

    def path(self, top: str | None = None) -> tuple[str, str]:
        """(text, top-level attribute)."""
        attr = top or self.draw(st.sampled_from(NAMES))
        text = self.name(attr)
        for _ in range(self.draw(st.integers(0, 2 if top is None else 1))):
            text += self.draw(st.sampled_from([".x", ".y", "[0]", "[1]"]))
        return text, attr

    def operand(self) -> str:
        kind = self.draw(st.integers(0, 5))
        if kind <= 1:
            return self.path()[0]
        if kind <= 3:
            return self.value()[0]
        inner = self.path()[0] if self.draw(st.booleans()) else self.value()[0]
        return f"size({inner})"

    def condition(self, depth: int = 0) -> str:
        kind = self.draw(st.integers(0, 9 if depth < 2 else 6))
        if kind == 0:
            op = self.draw(st.sampled_from(["=", "<>", "<", "<=", ">", ">="]))
            return f"{self.operand()} {op} {self.operand()}"
        if kind == 1:
            return f"{self.operand()} BETWEEN {self.operand()} AND {self.operand()}"
        if kind == 2:
            options = ", ".join(self.operand() for _ in range(self.draw(st.integers(1, 3))))
            return f"{self.operand()} IN ({options})"
        if kind == 3:
            fn = self.draw(st.sampled_from(["attribute_exists", "attribute_not_exists"]))
            return f"{fn}({self.path()[0]})"
        if kind == 4:
            type_names = st.sampled_from([{"S": t} for t in ("S", "N", "M", "SS", "s")])
            path = self.path()[0]
            return f"attribute_type({path}, {self.value(st.one_of(VALUES, type_names))[0]})"
        if kind in (5, 6):
            fn = self.draw(st.sampled_from(["begins_with", "contains"]))
            return f"{fn}({self.operand()}, {self.operand()})"
        if kind == 7:
            return f"NOT {self.group(depth)}"
        joiner = " AND " if kind == 8 else " OR "
        return joiner.join(self.group(depth) for _ in range(2))

    def group(self, depth: int) -> str:
        inner = self.condition(depth + 1)
        parens = self.draw(st.sampled_from([0, 0, 1, 2]))  # two pairs are redundant: refused
        return "(" * parens + inner + ")" * parens

    def set_value(self, attr: str) -> str:
        kind = self.draw(st.integers(0, 6))
        if attr == INDEX_KEY:
            kind = min(kind, 2)  # what if_not_exists or a path writes there depends on the item
        if kind == 0:
            token, av = self.value()
            self.differs |= attr == INDEX_KEY and next(iter(av)) in ("N", "B")
            return token
        if kind in (1, 2):
            op = self.draw(st.sampled_from(["+", "-"]))
            (left, lav), (right, rav) = self.value(), self.value()
            self.differs |= attr == INDEX_KEY and {next(iter(lav)), next(iter(rav))} == {"N"}
            return f"{left} {op} {right}"
        if kind == 3:
            return f"if_not_exists({self.path()[0]}, {self.value()[0]})"
        if kind == 4:
            first = self.path()[0] if self.draw(st.booleans()) else self.value()[0]
            return f"list_append({first}, {self.value()[0]})"
        if kind == 5:
            return f"if_not_exists({self.path()[0]}, {self.value()[0]}) + {self.value()[0]}"
        return self.path()[0]

    def update(self) -> str:
        clauses = self.draw(st.lists(st.sampled_from(["SET", "REMOVE", "ADD", "DELETE"]), min_size=1,
                                     max_size=3, unique=True))
        parts = []
        for clause in clauses:
            actions = []
            for _ in range(self.draw(st.integers(1, 2))):
                target, attr = self.path()
                if clause == "SET":
                    actions.append(f"{target} = {self.set_value(attr)}")
                elif clause == "REMOVE":
                    actions.append(target)
                else:
                    token, av = self.value()
                    self.differs |= clause == "ADD" and attr == INDEX_KEY and "N" in av
                    actions.append(f"{target} {token}")
            parts.append(f"{clause} {', '.join(actions)}")
        return " ".join(parts)


def key_strategy() -> st.SearchStrategy[dict[str, Any]]:
    """Mostly a valid key of the table; now and then a wrong type, an empty string, a
    missing sort key or an extra attribute. Distinct numbers have distinct texts: DynamoDB
    Local misses that "1" and "1.0" name one item (the corpus has that case)."""
    valid = st.fixed_dictionaries({"PK": st.sampled_from(["k0", "k1", "k2"]).map(lambda s: {"S": s}),
                                   "SK": st.sampled_from(["1", "2", "3"]).map(lambda n: {"N": n})})
    odd = valid.flatmap(lambda key: st.sampled_from([
        {**key, "PK": {"S": ""}}, {**key, "PK": {"N": "1"}}, {**key, "SK": {"S": "1"}},
        {"PK": key["PK"]}, {**key, "a": {"S": "x"}}]))
    return st.integers(0, 9).flatmap(lambda n: odd if n == 0 else valid)


@st.composite
def actions(draw: Any) -> tuple[dict[str, Any], bool]:
    build = Builder(draw)
    kind = draw(st.sampled_from(["Put", "Update", "Delete", "ConditionCheck"]))
    key = draw(key_strategy())
    body: dict[str, Any] = {"TableName": TABLE}
    if kind == "Put":
        extra = draw(st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=3))
        body["Item"] = {**extra, **key}
    else:
        body["Key"] = key
    if kind == "Update":
        body["UpdateExpression"] = build.update()
    if kind == "ConditionCheck" or draw(st.integers(0, 2)) == 0:
        body["ConditionExpression"] = build.condition()
    if draw(st.integers(0, 19)) == 0:  # an unused placeholder now and then
        build.names["#unused"] = "u"
    if build.names:
        body["ExpressionAttributeNames"] = build.names
    if build.values:
        body["ExpressionAttributeValues"] = build.values
    return {kind: body}, build.differs


@st.composite
def requests(draw: Any) -> tuple[dict[str, Any], list[bool]]:
    """A request, and for each action whether the service refuses what DynamoDB Local accepts."""
    drawn = draw(st.lists(actions(), min_size=1, max_size=draw(st.sampled_from([1, 1, 2, 3]))))
    return {"TransactItems": [a for a, _ in drawn]}, [d for _, d in drawn]


@pytest.fixture(scope="module")
def prop_conn(dynamodb_local_endpoint: str) -> Iterator[Connection]:
    conn = connect(dynamodb_local_endpoint, config=harness.engine_client_config())
    harness.create_tables(conn, [TABLE])
    yield conn
    conn.client.delete_table(TableName=TABLE)


SCHEMAS: TableSchemas = harness.offline_schemas()


PASSING = "attribute_not_exists(zz)"  # true on the absent item every example meets


def conditions_passing(request: dict[str, Any]) -> dict[str, Any]:
    """The request with every condition replaced by one that holds (placeholders only the
    conditions used left out): what DynamoDB says once no condition cancels it."""
    items = []
    for entry in request["TransactItems"]:
        ((kind, body),) = entry.items()
        body = dict(body)
        if "ConditionExpression" not in body:
            items.append({kind: body})
            continue
        body["ConditionExpression"] = PASSING
        used = set(PLACEHOLDER_RE.findall(body.get("UpdateExpression", "")))
        for fld in ("ExpressionAttributeNames", "ExpressionAttributeValues"):
            kept = {k: v for k, v in body.get(fld, {}).items() if k in used}
            body.pop(fld, None)
            if kept:
                body[fld] = kept
        items.append({kind: body})
    return {"TransactItems": items}


def judge(conn: Connection, request: dict[str, Any]) -> harness.Outcome:
    """DynamoDB Local's verdict, the absent item left absent afterwards. A failing condition
    cancels the transaction before DynamoDB checks the key and same-item rules, so such a
    request is judged again with conditions that hold."""
    outcome = harness.send(conn, request)
    if outcome.outcome == harness.CONDITIONAL:
        event("a condition failed: judged again with conditions that hold")
        outcome = harness.send(conn, conditions_passing(request))
    if outcome.outcome == harness.ACCEPTED:
        harness.empty_tables(conn, [TABLE])
    return outcome


def check(request: dict[str, Any], outcome: harness.Outcome, differs: bool) -> None:
    errors = [f"{p.location()}: {p.message}" for p in harness.dynoview_problems(request, SCHEMAS)
              if p.is_error]
    shown = json.dumps(request, ensure_ascii=False)
    if outcome.item_dependent:
        # Refused because the absent item lacks what the update reads. That says nothing
        # either way about the validator's errors (a rule DynamoDB applies after reading the
        # item, such as an index key's type, may hold too): the corpus's seeded twins cover it.
        event("item-dependent: not compared")
    elif outcome.refused:
        assert errors, (f"DynamoDB refuses this ({outcome.outcome}: {outcome.message}) but the validator "
                        f"accepts it:\n{shown}")
    elif not differs:
        assert not errors, (f"DynamoDB accepts this ({outcome.outcome}) but the validator refuses it: "
                            f"{errors}\n{shown}")


@settings(max_examples=max(EXAMPLES, 1), deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.filter_too_much])
@given(requests())
def test_validator_agrees_with_dynamodb_local(prop_conn: Connection,
                                              drawn: tuple[dict[str, Any], list[bool]]) -> None:
    request, differs = drawn
    outcome = judge(prop_conn, request)
    event(f"engine: {'item-dependent' if outcome.item_dependent else outcome.outcome}")
    actions = request["TransactItems"]
    if outcome.item_dependent and len(actions) > 1:
        # DynamoDB Local checks the actions in turn and stops at the first refusal, so one
        # that depends on the item hides what the others hold: judge each on its own.
        for action, action_differs in zip(actions, differs, strict=True):
            alone = {"TransactItems": [action]}
            check(alone, judge(prop_conn, alone), action_differs)
        return
    check(request, outcome, any(differs))
