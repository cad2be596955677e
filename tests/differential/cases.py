"""The differential corpus's requests, by category of rule (``record.py`` adds the verdicts).

Each case is one TransactWriteItems request in the form ``dynoview transact`` reads
(DynamoDB JSON, binary as base64) on the tables of ``harness.TABLES``, which every case
meets empty unless it seeds items. Conditions on absent items simply fail
(ConditionalCheckFailed), which is not a validation verdict.

``service`` overrides DynamoDB Local's verdict where the real service is known to judge
differently (docs/validation.md says why, case by case); ``item_dependent`` marks a refusal
that only happens because of the stored item (an absent item here), paired with a seeded
case where the same request is accepted.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

from tests.differential.harness import BIN, IDX, MAIN, MISSING, NSK, NUM

# -- values ----------------------------------------------------------------------------------


def S(text: Any) -> dict[str, Any]:
    return {"S": text}


def N(text: str) -> dict[str, Any]:
    return {"N": text}


def B(data: bytes) -> dict[str, Any]:
    return {"B": base64.b64encode(data).decode()}


def REPEAT(text: str, count: int) -> dict[str, Any]:
    return {"$repeat": [text, count]}


L = {"L": [S("x")]}
M = {"M": {"a": S("x")}}
SS = {"SS": ["a"]}
NS = {"NS": ["1"]}
BS = {"BS": [base64.b64encode(b"x").decode()]}
BOOL = {"BOOL": True}
NULL = {"NULL": True}
#: One value of each of DynamoDB's ten types.
TYPES: dict[str, dict[str, Any]] = {
    "S": S("x"),
    "N": N("1"),
    "B": B(b"x"),
    "BOOL": BOOL,
    "NULL": NULL,
    "SS": SS,
    "NS": NS,
    "BS": BS,
    "L": L,
    "M": M,
}
KEY = {"PK": S("k"), "SK": S("s")}


# -- actions ---------------------------------------------------------------------------------


def _body(
    table: str,
    expressions: dict[str, Any],
    names: dict[str, str] | None,
    values: dict[str, Any] | None,
    extra: dict[str, Any],
) -> dict[str, Any]:
    body: dict[str, Any] = {"TableName": table, **expressions}
    if names is not None:
        body["ExpressionAttributeNames"] = names
    if values is not None:
        body["ExpressionAttributeValues"] = values
    body.update(extra)
    return body


def cc(
    condition: str,
    names: dict[str, str] | None = None,
    values: dict[str, Any] | None = None,
    *,
    table: str = MAIN,
    key: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    body = _body(
        table,
        {"Key": key if key is not None else dict(KEY), "ConditionExpression": condition},
        names,
        values,
        extra,
    )
    return {"ConditionCheck": body}


def upd(
    update: str,
    names: dict[str, str] | None = None,
    values: dict[str, Any] | None = None,
    *,
    table: str = MAIN,
    key: dict[str, Any] | None = None,
    condition: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    expressions: dict[str, Any] = {"Key": key if key is not None else dict(KEY), "UpdateExpression": update}
    if condition is not None:
        expressions["ConditionExpression"] = condition
    return {"Update": _body(table, expressions, names, values, extra)}


def put(
    item: dict[str, Any],
    condition: str | None = None,
    names: dict[str, str] | None = None,
    values: dict[str, Any] | None = None,
    *,
    table: str = MAIN,
    **extra: Any,
) -> dict[str, Any]:
    expressions: dict[str, Any] = {"Item": item}
    if condition is not None:
        expressions["ConditionExpression"] = condition
    return {"Put": _body(table, expressions, names, values, extra)}


def delete(
    key: dict[str, Any] | None = None,
    condition: str | None = None,
    names: dict[str, str] | None = None,
    values: dict[str, Any] | None = None,
    *,
    table: str = MAIN,
    **extra: Any,
) -> dict[str, Any]:
    expressions: dict[str, Any] = {"Key": key if key is not None else dict(KEY)}
    if condition is not None:
        expressions["ConditionExpression"] = condition
    return {"Delete": _body(table, expressions, names, values, extra)}


def item(**attrs: Any) -> dict[str, Any]:
    return {**KEY, **attrs}


def v(**values: Any) -> dict[str, Any]:
    """ExpressionAttributeValues from keyword arguments: v(a=N("1")) -> {":a": {"N": "1"}}."""
    return {f":{k}": val for k, val in values.items()}


# -- cases -----------------------------------------------------------------------------------

Case = dict[str, Any]


def case(
    category: str,
    name: str,
    *actions: dict[str, Any],
    token: str | None = None,
    seed: list[dict[str, Any]] | None = None,
    service: tuple[str, str] | None = None,
    item_dependent: bool = False,
) -> Case:
    request: dict[str, Any] = {"TransactItems": list(actions)}
    if token is not None:
        request["ClientRequestToken"] = token
    out: Case = {"id": f"{category}/{name}", "category": category, "request": request}
    if seed:
        out["seed"] = seed
    if service is not None:
        out["service"] = {"outcome": service[0], "why": service[1]}
    if item_dependent:
        out["item_dependent"] = True
    return out


def _cond(
    category: str,
    name: str,
    condition: str,
    names: dict[str, str] | None = None,
    values: dict[str, Any] | None = None,
) -> Case:
    return case(category, name, cc(condition, names, values))


def _upd(
    category: str,
    name: str,
    update: str,
    names: dict[str, str] | None = None,
    values: dict[str, Any] | None = None,
    *,
    service: tuple[str, str] | None = None,
    **kw: Any,
) -> Case:
    return case(category, name, upd(update, names, values, **kw), service=service)


def table_cases() -> Iterator[Case]:
    c = "table"
    yield case(c, "exists", put(item()))
    yield case(c, "missing-put", put(item(), table=MISSING))
    yield case(c, "missing-delete", delete(table=MISSING))
    yield case(c, "missing-second-action", put(item()), cc("attribute_exists(a)", table=MISSING))
    yield case(c, "name-bad-character", cc("attribute_exists(a)", table="dvdiff!main"))
    yield case(c, "name-too-short", cc("attribute_exists(a)", table="dv"))
    yield case(c, "name-too-long", cc("attribute_exists(a)", table="d" * 256))
    yield case(c, "name-255", cc("attribute_exists(a)", table="d" * 255))


def key_cases() -> Iterator[Case]:
    c = "key"
    yield case(c, "put-missing-sort-key", put({"PK": S("k")}))
    yield case(c, "put-missing-partition-key", put({"SK": S("s")}))
    yield case(c, "put-partition-key-number", put({"PK": N("1"), "SK": S("s")}))
    yield case(c, "put-sort-key-binary", put({"PK": S("k"), "SK": B(b"s")}))
    yield case(c, "put-partition-key-empty", put({"PK": S(""), "SK": S("s")}))
    yield case(c, "put-sort-key-empty", put({"PK": S("k"), "SK": S("")}))
    yield case(c, "put-key-as-list", put({"PK": {"L": [S("k")]}, "SK": S("s")}))
    yield case(c, "put-key-null", put({"PK": NULL, "SK": S("s")}))
    yield case(c, "put-only-key", put(item()))
    yield case(c, "number-key-as-string", put({"id": S("1")}, table=NUM))
    yield case(c, "number-key", put({"id": N("1")}, table=NUM))
    yield case(c, "binary-key-empty", put({"id": B(b"")}, table=BIN))
    yield case(c, "binary-key-as-string", put({"id": S("eA==")}, table=BIN))
    yield case(c, "binary-key", put({"id": B(b"\x00\xff")}, table=BIN))
    yield case(c, "number-sort-key", put({"PK": S("k"), "SK": N("-1.5")}, table=NSK))
    yield case(c, "number-sort-key-as-string", put({"PK": S("k"), "SK": S("1")}, table=NSK))
    yield case(c, "key-extra-attribute", cc("attribute_exists(a)", key={**KEY, "x": S("1")}))
    yield case(c, "key-missing-sort-key", cc("attribute_exists(a)", key={"PK": S("k")}))
    yield case(c, "key-empty-map", delete(key={}))
    yield case(c, "key-wrong-type", cc("attribute_exists(a)", key={"PK": N("1"), "SK": S("s")}))
    yield case(c, "key-empty-string", cc("attribute_exists(a)", key={"PK": S(""), "SK": S("s")}))
    yield case(c, "delete-key-empty-string", delete(key={"PK": S("k"), "SK": S("")}))
    yield case(
        c, "update-key-empty-string", upd("SET a = :v", values=v(v=S("x")), key={"PK": S(""), "SK": S("s")})
    )
    yield case(
        c, "update-key-other-name", upd("SET a = :v", values=v(v=S("x")), key={"pk": S("k"), "SK": S("s")})
    )
    yield case(c, "partition-key-2048-bytes", put({"PK": S("x" * 2048), "SK": S("s")}))
    yield case(c, "partition-key-2049-bytes", put({"PK": S("x" * 2049), "SK": S("s")}))
    yield case(c, "partition-key-multibyte-over", put({"PK": S("é" * 1025), "SK": S("s")}))
    yield case(c, "sort-key-1024-bytes", put({"PK": S("k"), "SK": S("s" * 1024)}))
    yield case(c, "sort-key-1025-bytes", put({"PK": S("k"), "SK": S("s" * 1025)}))
    yield case(c, "key-partition-2049-in-delete", delete(key={"PK": S("x" * 2049), "SK": S("s")}))
    yield case(c, "binary-key-2049-bytes", put({"id": B(b"x" * 2049)}, table=BIN))
    # Key attributes are scalars: no write may reach inside one, even in its condition.
    yield case(c, "put-condition-inside-key", put(item(), "attribute_exists(PK.x)"))
    yield case(c, "delete-condition-inside-key", delete(condition="attribute_exists(SK[0])"))
    yield case(c, "update-condition-inside-key", upd("REMOVE a", condition="size(PK.x) > size(a)"))
    yield case(c, "update-reads-inside-key", upd("SET a = if_not_exists(PK.x, :v)", values=v(v=N("1"))))
    yield case(c, "check-condition-inside-key", cc("attribute_exists(PK.x)"))
    yield case(c, "put-condition-inside-other", put(item(), "attribute_exists(PKX.x)"))


def key_update_cases() -> Iterator[Case]:
    c = "key-update"
    yield _upd(c, "set-partition-key", "SET PK = :v", values=v(v=S("x")))
    yield _upd(c, "set-sort-key", "SET SK = :v", values=v(v=S("x")))
    yield _upd(c, "set-key-through-name", "SET #p = :v", {"#p": "PK"}, v(v=S("x")))
    yield _upd(c, "remove-sort-key", "REMOVE SK")
    yield _upd(c, "remove-key-through-name", "REMOVE #k", {"#k": "SK"})
    yield _upd(c, "add-partition-key", "ADD PK :v", values=v(v=N("1")))
    yield _upd(c, "delete-partition-key", "DELETE PK :v", values=v(v=SS))
    yield _upd(c, "set-nested-in-key", "SET PK.x = :v", values=v(v=N("1")))
    yield _upd(c, "set-index-of-key", "SET PK[0] = :v", values=v(v=N("1")))
    yield _upd(c, "set-key-if-not-exists", "SET SK = if_not_exists(SK, :v)", values=v(v=S("s")))
    yield _upd(c, "set-other-case", "SET pk = :v", values=v(v=S("x")))
    yield _upd(c, "set-longer-name", "SET PKX = :v", values=v(v=S("x")))
    yield _upd(c, "number-table-key", "SET id = :v", values=v(v=N("2")), table=NUM, key={"id": N("1")})
    yield _upd(c, "index-table-key", "SET SK = :v", values=v(v=S("x")), table=IDX)
    yield _upd(c, "key-in-condition-only", "SET a = :v", values=v(v=S("x")), condition="PK = :v")
    yield _upd(c, "key-on-right-side", "SET a = if_not_exists(a, PK)")
    yield _upd(c, "second-action-of-three", "SET a = :v, SK = :v", values=v(v=S("x")))


def index_key_cases() -> Iterator[Case]:
    c = "index-keys"
    local_accepts = (
        "ValidationException",
        "The service checks the type an update writes to an index key (the TransactWriteItems "
        "reference lists 'The update expression attempted to update the secondary index key "
        "to unsupported type'); DynamoDB Local 1.25.1 only refuses non-scalar types.",
    )
    yield case(c, "put-gsi-pk-number", put(item(gp=N("1")), table=IDX))
    yield case(c, "put-gsi-pk-binary", put(item(gp=B(b"x")), table=IDX))
    yield case(c, "put-gsi-pk-empty", put(item(gp=S("")), table=IDX))
    yield case(c, "put-gsi-pk-null", put(item(gp=NULL), table=IDX))
    yield case(c, "put-gsi-pk-set", put(item(gp=SS), table=IDX))
    yield case(c, "put-gsi-pk-list", put(item(gp=L), table=IDX))
    yield case(c, "put-gsi-pk-ok", put(item(gp=S("g")), table=IDX))
    yield case(c, "put-gsi-sk-string", put(item(gs=S("1")), table=IDX))
    yield case(c, "put-gsi-sk-ok", put(item(gp=S("g"), gs=N("7")), table=IDX))
    yield case(c, "put-gsi-binary-key-string", put(item(gb=S("x")), table=IDX))
    yield case(c, "put-gsi-binary-key-empty", put(item(gb=B(b"")), table=IDX))
    yield case(c, "put-gsi-binary-key-ok", put(item(gb=B(b"x")), table=IDX))
    yield case(c, "put-lsi-string", put(item(ls=S("1")), table=IDX))
    yield case(c, "put-lsi-empty-string", put(item(ls=S("")), table=IDX))
    yield case(c, "put-lsi-ok", put(item(ls=N("3")), table=IDX))
    yield case(c, "put-gsi-pk-2049-bytes", put(item(gp=S("x" * 2049)), table=IDX))
    yield case(c, "put-index-keys-absent", put(item(other=S("x")), table=IDX))
    yield _upd(c, "set-gsi-pk-number", "SET gp = :v", values=v(v=N("1")), table=IDX, service=local_accepts)
    yield _upd(c, "set-gsi-pk-binary", "SET gp = :v", values=v(v=B(b"x")), table=IDX, service=local_accepts)
    yield _upd(
        c,
        "set-gsi-pk-sum",
        "SET gp = :a + :b",
        values=v(a=N("1"), b=N("2")),
        table=IDX,
        service=local_accepts,
    )
    yield _upd(c, "set-lsi-string", "SET ls = :v", values=v(v=S("x")), table=IDX, service=local_accepts)
    yield _upd(c, "add-number-to-gsi-pk", "ADD gp :v", values=v(v=N("1")), table=IDX, service=local_accepts)
    yield _upd(
        c,
        "set-gsi-pk-through-name",
        "SET #g = :v",
        {"#g": "gp"},
        v(v=N("1")),
        table=IDX,
        service=local_accepts,
    )
    yield _upd(c, "set-gsi-pk-empty", "SET gp = :v", values=v(v=S("")), table=IDX)
    yield _upd(c, "set-gsi-sk-empty-string", "SET gs = :v", values=v(v=S("")), table=IDX)
    yield _upd(c, "set-gsi-binary-empty", "SET gb = :v", values=v(v=B(b"")), table=IDX)
    yield _upd(c, "set-gsi-pk-bool", "SET gp = :v", values=v(v=BOOL), table=IDX)
    yield _upd(c, "set-gsi-pk-set", "SET gp = :v", values=v(v=SS), table=IDX)
    yield _upd(c, "set-gsi-sk-null", "SET gs = :v", values=v(v=NULL), table=IDX)
    yield _upd(c, "set-lsi-null", "SET ls = :v", values=v(v=NULL), table=IDX)
    yield _upd(c, "set-gsi-pk-list-append", "SET gp = list_append(:l, :l)", values=v(l={"L": []}), table=IDX)
    yield _upd(c, "set-gsi-pk-nested", "SET gp.x = :v", values=v(v=N("1")), table=IDX)
    yield _upd(c, "set-gsi-pk-index", "SET gp[0] = :v", values=v(v=N("1")), table=IDX)
    yield _upd(c, "add-set-to-gsi-pk", "ADD gp :v", values=v(v=SS), table=IDX)
    yield _upd(c, "add-set-to-gsi-sk", "ADD gs :v", values=v(v=NS), table=IDX)
    yield _upd(c, "add-number-to-gsi-sk", "ADD gs :v", values=v(v=N("1")), table=IDX)
    yield _upd(c, "set-gsi-sk-sum", "SET gs = :a + :b", values=v(a=N("1"), b=N("2")), table=IDX)
    yield _upd(c, "set-gsi-pk-ok", "SET gp = :v", values=v(v=S("g")), table=IDX)
    yield _upd(c, "set-gsi-pk-if-not-exists", "SET gp = if_not_exists(gp, :v)", values=v(v=S("g")), table=IDX)
    yield _upd(c, "remove-gsi-pk", "REMOVE gp", table=IDX)
    yield case(c, "put-condition-inside-gsi-key", put(item(), "a = gp.x", table=IDX))
    yield case(c, "delete-condition-inside-lsi-key", delete(condition="attribute_exists(ls[1])", table=IDX))
    yield case(
        c,
        "update-condition-inside-gsi-key",
        upd("REMOVE a", condition="attribute_exists(#g.x)", names={"#g": "gs"}, table=IDX),
    )
    yield case(c, "check-condition-inside-gsi-key", cc("attribute_exists(gp.x)", table=IDX))
    yield case(c, "other-table-same-name-nested", put(item(), "attribute_exists(gp.x)"))
    yield _upd(c, "delete-from-gsi-pk", "DELETE gp :v", values=v(v=SS), table=IDX)
    yield _upd(c, "large-non-key-attribute", "SET other = :v", values=v(v=S("x" * 2049)), table=IDX)


def _type_matrix(category: str, label: str, template: str) -> Iterator[Case]:
    """One case per type of :v (DynamoDB decides which the operator takes)."""
    for code, value in TYPES.items():
        if template.startswith(("SET", "ADD", "DELETE")):
            yield _upd(category, f"{label}-{code}", template, values=v(v=value))
        else:
            yield _cond(category, f"{label}-{code}", template, values=v(v=value))


def operand_type_cases() -> Iterator[Case]:
    c = "operand-types"
    yield from _type_matrix(c, "less-than", "a < :v")
    yield from _type_matrix(c, "greater-or-equal-left", ":v >= a")
    yield from _type_matrix(c, "begins-with-prefix", "begins_with(a, :v)")
    yield from _type_matrix(c, "begins-with-subject", "begins_with(:v, :v)")
    yield from _type_matrix(c, "size-of-value", "size(:v) > size(a)")
    yield from _type_matrix(c, "attribute-type-type", "attribute_type(a, :v)")
    yield from _type_matrix(c, "between-bounds", "a BETWEEN :v AND :v")
    yield from _type_matrix(c, "add", "ADD a :v")
    yield from _type_matrix(c, "delete", "DELETE a :v")
    yield from _type_matrix(c, "plus", "SET a = :v + :v")
    yield from _type_matrix(c, "list-append", "SET a = list_append(:v, :v)")
    yield _cond(c, "equal-list", "a = :v", values=v(v=L))
    yield _cond(c, "not-equal-map", "a <> :v", values=v(v=M))
    yield _cond(c, "in-list-values", "a IN (:v, :w)", values=v(v=L, w=SS))
    yield _cond(c, "contains-any", "contains(a, :v) AND contains(b, :w)", values=v(v=M, w=BOOL))
    yield _cond(c, "contains-value-subject", "contains(:v, :w)", values=v(v=S("abc"), w=S("b")))
    yield _cond(c, "begins-with-string-binary", "begins_with(:v, :w)", values=v(v=S("x"), w=B(b"x")))
    yield _cond(c, "begins-with-size", "begins_with(a, size(b))")
    yield _cond(c, "size-of-size", "size(size(a)) > :v", values=v(v=N("1")))
    yield _cond(c, "size-compared-with-string", "size(a) > :v", values=v(v=S("x")))
    yield _cond(c, "size-compared-with-list", "size(a) < :v", values=v(v=L))
    yield _cond(c, "size-in-strings", "size(a) IN (:v)", values=v(v=S("x")))
    yield _cond(c, "attribute-type-valid-S", "attribute_type(a, :t)", values=v(t=S("S")))
    yield _cond(c, "attribute-type-valid-NS", "attribute_type(a, :t)", values=v(t=S("NS")))
    yield _cond(c, "attribute-type-valid-BOOL", "attribute_type(a, :t)", values=v(t=S("BOOL")))
    yield _cond(c, "attribute-type-lower-case", "attribute_type(a, :t)", values=v(t=S("s")))
    yield _cond(c, "attribute-type-unknown", "attribute_type(a, :t)", values=v(t=S("STRING")))
    yield _cond(c, "attribute-type-path", "attribute_type(a, b)")
    yield _cond(c, "attribute-type-size", "attribute_type(a, size(b))")
    yield _cond(c, "attribute-type-of-value", "attribute_type(:v, :t)", values=v(v=S("x"), t=S("S")))
    yield _cond(c, "between-reversed-strings", "a BETWEEN :lo AND :hi", values=v(lo=S("b"), hi=S("a")))
    yield _cond(c, "between-reversed-numbers", "a BETWEEN :lo AND :hi", values=v(lo=N("10"), hi=N("9")))
    yield _cond(c, "between-reversed-negative", "a BETWEEN :lo AND :hi", values=v(lo=N("-1"), hi=N("-2")))
    yield _cond(c, "between-numbers-ordered", "a BETWEEN :lo AND :hi", values=v(lo=N("9"), hi=N("10")))
    yield _cond(c, "between-equal-numbers", "a BETWEEN :lo AND :hi", values=v(lo=N("1.0"), hi=N("1")))
    yield _cond(c, "between-exponents", "a BETWEEN :lo AND :hi", values=v(lo=N("1E2"), hi=N("99")))
    yield _cond(c, "between-reversed-binary", "a BETWEEN :lo AND :hi", values=v(lo=B(b"\x02"), hi=B(b"\x01")))
    yield _cond(c, "between-binary-unsigned", "a BETWEEN :lo AND :hi", values=v(lo=B(b"\x80"), hi=B(b"\x01")))
    yield _cond(c, "between-binary-ordered", "a BETWEEN :lo AND :hi", values=v(lo=B(b"\x01"), hi=B(b"\x80")))
    yield _cond(
        c, "between-utf8-order", "a BETWEEN :lo AND :hi", values=v(lo=S("\uffff"), hi=S("\U0001f600"))
    )
    yield _cond(
        c, "between-utf8-reversed", "a BETWEEN :lo AND :hi", values=v(lo=S("\U0001f600"), hi=S("\uffff"))
    )
    yield _cond(c, "between-case", "a BETWEEN :lo AND :hi", values=v(lo=S("a"), hi=S("B")))
    yield _cond(c, "between-mixed-string-number", "a BETWEEN :lo AND :hi", values=v(lo=S("a"), hi=N("1")))
    yield _cond(c, "between-mixed-number-binary", "a BETWEEN :lo AND :hi", values=v(lo=N("1"), hi=B(b"x")))
    yield _cond(c, "between-path-bound", "a BETWEEN :lo AND b", values=v(lo=N("1")))
    yield _cond(c, "between-list-and-path", "a BETWEEN :lo AND b", values=v(lo=L))
    yield _cond(c, "between-size-and-string", "a BETWEEN size(b) AND :hi", values=v(hi=S("x")))
    yield _cond(
        c, "between-value-subject-mixed", ":x BETWEEN :lo AND :hi", values=v(x=S("x"), lo=N("1"), hi=N("2"))
    )
    yield _cond(c, "between-list-subject", ":x BETWEEN :lo AND :hi", values=v(x=L, lo=N("1"), hi=N("2")))
    yield _cond(c, "compare-two-values", ":a < :b", values=v(a=N("1"), b=N("2")))
    yield _upd(c, "minus-string", "SET a = b - :v", values=v(v=S("1")))
    yield _upd(c, "plus-path-string", "SET a = b + :v", values=v(v=S("1")))
    yield _upd(c, "plus-mixed", "SET a = :v + :w", values=v(v=N("1"), w=S("x")))
    yield _upd(c, "plus-if-not-exists", "SET a = if_not_exists(a, :z) + :v", values=v(z=N("0"), v=N("1")))
    yield _upd(c, "plus-list-append", "SET a = list_append(:l, :l) + :v", values=v(l=L, v=N("1")))
    yield _upd(
        c, "list-append-path", "SET a = list_append(if_not_exists(a, :e), :l)", values=v(e={"L": []}, l=L)
    )
    yield _upd(c, "list-append-list-and-map", "SET a = list_append(:l, :m)", values=v(l=L, m=M))
    yield _upd(c, "list-append-nested", "SET a = list_append(list_append(:l, :l), :l)", values=v(l=L))
    yield _upd(c, "if-not-exists-list-append", "SET a = if_not_exists(b, list_append(:l, :l))", values=v(l=L))
    yield _upd(
        c, "if-not-exists-nested", "SET a = if_not_exists(b, if_not_exists(c, :v))", values=v(v=N("1"))
    )
    yield _upd(c, "add-two", "ADD a :n, b :s", values=v(n=N("1"), s=SS))


def distinct_cases() -> Iterator[Case]:
    c = "distinct-operands"
    for op in ("=", "<>", "<", "<=", ">", ">="):
        yield _cond(c, f"same-path-{op}", f"a {op} a")
    yield _cond(c, "between-subject-as-low", "a BETWEEN a AND b")
    yield _cond(c, "between-subject-as-high", "a BETWEEN b AND a")
    yield _cond(c, "between-equal-bounds", "a BETWEEN b AND b")
    yield _cond(c, "in-self", "a IN (a)")
    yield _cond(c, "in-self-later", "a IN (b, a)")
    yield _cond(c, "in-repeated-value", "a IN (:v, :v)", values=v(v=N("1")))
    yield _cond(c, "begins-with-self", "begins_with(a, a)")
    yield _cond(c, "contains-self", "contains(a, a)")
    yield _cond(c, "name-and-bare", "#n = a", {"#n": "a"})
    yield _cond(c, "two-names-one-attribute", "#n = #m", {"#n": "a", "#m": "a"})
    yield _cond(c, "same-nested-path", "a.b = a.b")
    yield _cond(c, "different-nested-path", "a.b = a.c")
    yield _cond(c, "same-index-path", "a[0] = a[0]")
    yield _cond(c, "different-index-path", "a[0] = a[1]")
    yield _cond(c, "size-of-same", "size(a) = size(a)")
    yield _cond(c, "size-and-path", "size(a) = a")
    yield _cond(c, "same-value", ":v = :v", values=v(v=N("1")))
    yield _cond(c, "repeated-condition", "a = :v AND a = :v", values=v(v=N("1")))
    yield _cond(c, "parenthesised-same", "(a) = a")
    yield _cond(c, "dotted-name-vs-path", "#n = a.b", {"#n": "a.b"})
    yield _upd(c, "if-not-exists-self", "SET a = if_not_exists(a, a)")
    yield _upd(c, "if-not-exists-other", "SET a = if_not_exists(b, :v)", values=v(v=N("1")))


def update_path_cases() -> Iterator[Case]:
    c = "update-paths"
    one = v(v=N("1"))
    yield _upd(c, "set-twice", "SET a = :v, a = :v", values=one)
    yield _upd(c, "set-and-remove", "SET a = :v REMOVE a", values=one)
    yield _upd(c, "set-parent-and-child", "SET m = :v, m.b = :v", values=one)
    yield _upd(c, "set-child-and-parent", "SET m.b = :v, m = :v", values=one)
    yield _upd(c, "set-same-index", "SET a[0] = :v, a[0] = :v", values=one)
    yield _upd(c, "remove-twice", "REMOVE a, a")
    yield _upd(c, "add-and-delete", "ADD a :s DELETE a :s", values=v(s=SS))
    yield _upd(c, "add-and-set", "SET a = :v ADD a :v", values=one)
    yield _upd(c, "set-and-remove-grandchild", "SET a.b = :v REMOVE a.b.c", values=one)
    yield _upd(c, "set-bare-and-name", "SET a = :v, #a = :v", {"#a": "a"}, one)
    yield _upd(c, "name-with-dot-is-one-attribute", "SET #a = :v, #b = :v", {"#a": "x.y", "#b": "x"}, one)
    yield _upd(c, "names-resolve-to-same-path", "SET #a.#b = :v REMOVE a.b", {"#a": "a", "#b": "b"}, one)
    yield _upd(c, "conflict-map-and-list", "SET a.b = :v, a[0] = :v", values=one)
    yield _upd(c, "conflict-deeper", "SET a[0].b = :v, a[0][1] = :v", values=one)
    yield _upd(c, "conflict-in-remove", "REMOVE a.b, a[1]")
    yield _upd(c, "overlap-in-remove", "REMOVE a.b, a.b.c")
    yield _upd(c, "prefix-name-no-overlap", "SET ab = :v, a = :v", values=one)
    yield _upd(c, "siblings", "SET a = :v, b = :v REMOVE c ADD d :v DELETE e :s", values=v(v=N("1"), s=SS))
    yield _upd(c, "read-and-write-same", "SET a = if_not_exists(a, :v)", values=one)
    yield _upd(c, "set-twice-different-case", "SET a = :v, A = :v", values=one)


def item_dependent_cases() -> Iterator[Case]:
    """Refused on an absent item, accepted once the item holds what the expression reads."""
    c = "item-dependent"
    pairs: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
        ("read-missing-attribute", upd("SET a = b + :n", values=v(n=N("1"))), item(b=N("1"))),
        ("set-in-missing-map", upd("SET m.b = :v", values=v(v=N("1"))), item(m={"M": {}})),
        ("set-two-in-missing-map", upd("SET m.b = :v, m.c = :v", values=v(v=N("1"))), item(m={"M": {}})),
        ("set-in-missing-list", upd("SET l[0] = :v", values=v(v=N("1"))), item(l={"L": [N("0")]})),
        ("add-in-map", upd("ADD m.b :n", values=v(n=N("1"))), item(m={"M": {"b": N("1")}})),
        ("remove-two-list-elements", upd("REMOVE l[0], l[1]"), item(l={"L": [N("0"), N("1")]})),
        ("append-to-missing-list", upd("SET l = list_append(l, :l)", values=v(l=L)), item(l={"L": []})),
        (
            "plus-default-string",
            upd("SET a = if_not_exists(a, :z) + :n", values=v(z=S("0"), n=N("1"))),
            item(a=N("5")),
        ),
        ("copy-missing", upd("SET a = b"), item(b=S("x"))),
    ]
    for name, action, seeded in pairs:
        yield case(c, f"{name}-absent", action, item_dependent=True)
        yield case(c, f"{name}-seeded", action, seed=[{"TableName": MAIN, "Item": seeded}])


def syntax_cases() -> Iterator[Case]:
    c = "syntax"
    one = v(v=N("1"))
    conditions = [
        ("parentheses-around-condition", "(a = :v)"),
        ("redundant-parentheses", "((a = :v))"),
        ("parentheses-around-both", "(a = :v) AND (b = :v)"),
        ("parentheses-nested-group", "((a = :v) AND b = :v)"),
        ("redundant-inner", "a = :v AND ((b = :v))"),
        ("redundant-around-or", "(((a = :v) OR b = :v))"),
        ("not-parenthesised", "NOT (a = :v)"),
        ("not-redundant", "NOT ((a = :v))"),
        ("not-not", "NOT NOT a = :v"),
        ("group-not", "(NOT a = :v)"),
        ("group-not-redundant", "((NOT a = :v))"),
        ("group-function", "(attribute_exists(a))"),
        ("redundant-function", "((attribute_exists(a)))"),
        ("parenthesised-path-argument", "attribute_exists((a))"),
        ("redundant-path-argument", "attribute_exists(((a)))"),
        ("parenthesised-size-argument", "size((a)) = :v"),
        ("parenthesised-size", "(size(a)) = :v"),
        ("redundant-size", "((size(a))) = :v"),
        ("parenthesised-value", "a = (:v)"),
        ("redundant-value", "a = ((:v))"),
        ("parenthesised-path", "(a) = :v"),
        ("redundant-path", "((a)) = :v"),
        ("parenthesised-in-values", "a IN ((:v), (:v))"),
        ("parenthesised-in-single", "a IN ((:v))"),
        ("parenthesised-between", "(a) BETWEEN (:v) AND (:v)"),
        ("parenthesised-path-then-dot", "(a).b = :v"),
        ("keywords-lower-case", "a = :v and not b between :v and :v or c in (:v)"),
        ("function-upper-case", "BEGINS_WITH(a, :v)"),
        ("function-capitalised", "Size(a) = :v"),
        ("space-before-argument-list", "attribute_exists (a)"),
        ("trailing-and", "attribute_exists(a) AND"),
        ("trailing-comma", "a = :v,"),
        ("double-equals", "a == :v"),
        ("bang-equals", "a != :v"),
        ("split-not-equal", "a < > :v"),
        ("split-greater-equal", "a > = :v"),
        ("leading-and", "AND a = :v"),
        ("deep-path", "a.b.c[0][1].d = :v"),
        ("spaces-in-path", "a [ 0 ] . b = :v"),
        ("negative-index", "a[-1] = :v"),
        ("leading-zero-index", "a[01] = :v"),
        ("index-max", "a[2147483647] = :v"),
        ("index-too-large", "a[2147483648] = :v"),
        ("name-starts-with-underscore", "_a = :v"),
        ("name-starts-with-digit", "1a = :v"),
        ("name-with-dash", "a-b = :v"),
        ("name-with-underscore", "a_b1 = :v"),
        ("name-non-ascii", "é = :v"),
        ("tabs-and-newlines", "\ta =\n:v\r"),
        ("no-spaces", "a=:v"),
        ("empty-in-list", "a IN ()"),
        ("in-without-parentheses", "a IN :v"),
        ("in-trailing-comma", "a IN (:v,)"),
        ("not-alone", "NOT"),
        ("not-after-condition", "a = :v NOT b = :v"),
        ("between-without-and", "a BETWEEN :v"),
        ("between-with-or", "a BETWEEN :v OR :v"),
        ("between-then-and", "a BETWEEN :v AND :v AND b = :v"),
        ("precedence-and-or", "attribute_not_exists(a) OR attribute_not_exists(b) AND a = :v"),
        ("literal-number", "a = 1"),
        ("literal-string", "a = 'x'"),
        ("unbalanced-open", "(a = :v"),
        ("unbalanced-close", "a = :v)"),
        ("empty-parentheses", "()"),
        ("value-placeholder-digits", "a = :1"),
        ("name-placeholder-underscore", "#_ = :v"),
    ]
    for name, text in conditions:
        names = {"#_": "b"} if "#_" in text else None
        values = None if ":" not in text else ({":1": N("1")} if ":1" in text else one)
        yield _cond(c, name, text, names, values)
    updates = [
        ("set-redundant-value", "SET a = ((:v))"),
        ("set-parenthesised-function", "SET a = (if_not_exists(a, :v))"),
        ("set-parenthesised-sum", "SET a = (:v + :v)"),
        ("set-parenthesised-terms", "SET a = (:v) + (:v)"),
        ("set-group-and-term", "SET a = ((:v) + :v)"),
        ("set-redundant-sum", "SET a = ((:v + :v))"),
        ("set-parenthesised-target", "SET (a) = :v"),
        ("remove-parenthesised", "REMOVE (a)"),
        ("set-path-argument-parenthesised", "SET a = if_not_exists((a), :v)"),
        ("set-three-terms", "SET a = :v + :v + :v"),
        ("set-nested-sum", "SET a = :v - (:v + :v)"),
        ("set-unary-minus", "SET a = -:v"),
        ("set-trailing-comma", "SET a = :v,"),
        ("set-twice", "SET a = :v SET b = :v"),
        ("set-alone", "SET"),
        ("comma-before-clause", "SET a = :v, REMOVE b"),
        ("add-with-equals", "ADD a = :v"),
        ("delete-without-value", "DELETE a"),
        ("set-without-equals", "SET a :v"),
        ("set-missing-comma", "SET a = :v b = :v"),
        ("set-no-spaces", "SET a=:v,b=:v"),
        ("clause-again-later", "SET a = :v REMOVE b SET c = :v"),
        ("lower-case-clauses", "set a = :v remove b add c :v"),
        ("add-two-actions", "ADD a :v, b :v"),
        ("remove-value", "REMOVE :v"),
        ("set-value-target", "SET :v = a"),
        ("unknown-clause", "UPDATE a = :v"),
        ("set-literal", "SET a = 1"),
    ]
    for name, text in updates:
        uses = ":v" in text
        yield _upd(c, name, text, values=one if uses else None)


def function_cases() -> Iterator[Case]:
    c = "functions"
    yield _cond(c, "size-as-condition", "size(a)")
    yield _cond(c, "size-and-condition", "size(a) AND a = :v", values=v(v=N("1")))
    yield _cond(c, "contains-compared", "contains(a, :v) = :w", values=v(v=S("x"), w=BOOL))
    yield _cond(c, "exists-compared", "attribute_exists(a) = :w", values=v(w=BOOL))
    yield _cond(c, "exists-of-value", "attribute_exists(:v)", values=v(v=S("a")))
    yield _cond(c, "not-exists-of-size", "attribute_not_exists(size(a))")
    yield _cond(c, "if-not-exists-in-condition", "if_not_exists(a, :v) = :v", values=v(v=N("1")))
    yield _cond(c, "list-append-in-condition", "list_append(a, :v) = :v", values=v(v=L))
    yield _cond(c, "unknown-function", "starts_with(a, :v)", values=v(v=S("x")))
    yield _cond(c, "contains-one-argument", "contains(a)")
    yield _cond(c, "contains-three-arguments", "contains(a, :v, :v)", values=v(v=S("x")))
    yield _cond(c, "exists-two-arguments", "attribute_exists(a, b)")
    yield _cond(c, "size-two-arguments", "size(a, b) > :v", values=v(v=N("1")))
    yield _cond(c, "attribute-type-one-argument", "attribute_type(a)")
    yield _cond(c, "begins-with-values", "begins_with(:a, :b)", values=v(a=S("abc"), b=S("a")))
    yield _cond(c, "contains-size", "contains(size(a), :v)", values=v(v=N("1")))
    yield _cond(c, "size-of-value-compared", "size(:a) = :b", values=v(a=S("abc"), b=N("3")))
    yield _cond(c, "exists-nested-path", "attribute_exists(a.b[2].c)")
    yield _upd(c, "exists-in-update", "SET a = attribute_exists(b)")
    yield _upd(c, "size-in-update", "SET a = size(b)")
    yield _upd(c, "begins-with-in-update", "SET a = begins_with(b, :v)", values=v(v=S("x")))
    yield _upd(c, "if-not-exists-of-value", "SET a = if_not_exists(:v, :w)", values=v(v=N("0"), w=N("1")))
    yield _upd(c, "if-not-exists-one-argument", "SET a = if_not_exists(a)")
    yield _upd(c, "if-not-exists-three-arguments", "SET a = if_not_exists(a, :v, :v)", values=v(v=N("1")))
    yield _upd(c, "list-append-one-argument", "SET a = list_append(:l)", values=v(l=L))
    yield _upd(
        c, "if-not-exists-arithmetic-argument", "SET a = if_not_exists(b, :v + :v)", values=v(v=N("1"))
    )
    yield _upd(c, "if-not-exists-plus", "SET a = :v + if_not_exists(b, :v)", values=v(v=N("1")))
    yield _upd(
        c,
        "two-if-not-exists-summed",
        "SET a = if_not_exists(b, :v) + if_not_exists(c, :v)",
        values=v(v=N("1")),
    )


def empty_expression_cases() -> Iterator[Case]:
    c = "empty-expression"
    yield case(c, "condition-check-empty", cc(""))
    yield case(c, "condition-check-blank", cc("   "))
    yield case(c, "update-empty", upd(""))
    yield case(c, "update-blank", upd(" \t"))
    yield case(c, "put-condition-empty", put(item(), ""))
    yield case(c, "delete-condition-blank", delete(condition="  "))
    yield case(c, "update-condition-empty", upd("REMOVE a", condition=""))


def placeholder_cases() -> Iterator[Case]:
    c = "placeholders"
    ok = "attribute_exists(a)"
    yield case(c, "name-unused", cc(ok, {"#b": "b"}))
    yield case(c, "value-unused", cc(ok, values=v(b=S("b"))))
    yield case(c, "name-undefined", cc("attribute_exists(#a)"))
    yield case(c, "value-undefined", cc("a = :v"))
    yield case(c, "names-without-expression", delete(names={"#a": "a"}))
    yield case(c, "values-without-expression", delete(values=v(a=S("a"))))
    yield case(c, "names-empty-map", cc(ok, {}))
    yield case(c, "values-empty-map", cc(ok, values={}))
    yield case(c, "name-key-without-hash", cc(ok, {"a": "b"}))
    yield case(c, "name-key-hash-only", cc(ok, {"#": "b"}))
    yield case(c, "value-key-colon-only", cc(ok, values={":": S("b")}))
    yield case(c, "name-key-non-ascii", cc("attribute_exists(a)", {"#é": "x"}))
    yield case(c, "name-maps-to-empty", cc("attribute_exists(#a)", {"#a": ""}))
    yield case(c, "name-key-255", cc("attribute_exists(#" + "a" * 254 + ")", {"#" + "a" * 254: "b"}))
    yield case(c, "name-key-256", cc("attribute_exists(#" + "a" * 255 + ")", {"#" + "a" * 255: "b"}))
    yield case(c, "value-key-255", cc("a = :" + "v" * 254, values={":" + "v" * 254: S("b")}))
    yield case(c, "value-key-256", cc("a = :" + "v" * 255, values={":" + "v" * 255: S("b")}))
    yield case(c, "name-value-65535-bytes", cc("attribute_exists(#a)", {"#a": "b" * 65535}))
    yield case(c, "name-value-65536-bytes", cc("attribute_exists(#a)", {"#a": "b" * 65536}))
    for word in ("name", "status", "key", "value", "ttl", "user", "Date", "COUNT"):
        yield case(c, f"reserved-{word}", cc(f"attribute_exists({word})"))
    yield case(c, "reserved-nested", cc("attribute_exists(a.size)"))
    yield case(c, "reserved-in-update", upd("SET #n = :v, data = :v", {"#n": "name"}, v(v=S("x"))))
    yield case(c, "reserved-through-name", cc("attribute_exists(#n)", {"#n": "name"}))
    yield case(c, "not-reserved", cc("attribute_exists(email) AND attribute_exists(handle)"))
    yield case(
        c, "shared-between-expressions", upd("SET #a = :v", {"#a": "a"}, v(v=S("x")), condition="#a <> :v")
    )
    yield case(c, "value-only-in-condition", upd("REMOVE a", values=v(v=S("x")), condition="b = :v"))
    yield case(c, "value-invalid-empty-set", cc("a = :v", values=v(v={"SS": []})))
    yield case(c, "value-invalid-number", cc("a = :v", values=v(v=N("1e"))))
    yield case(c, "value-empty-string", cc("a = :v", values=v(v=S(""))))
    yield case(c, "name-to-dotted-attribute", cc("attribute_exists(#a)", {"#a": "a.b"}))
    yield case(c, "placeholder-case-matters", cc("attribute_exists(#A)", {"#a": "a"}))


def value_cases() -> Iterator[Case]:
    c = "values"
    numbers = {
        "leading-space": " 1",
        "trailing-space": "1 ",
        "leading-zero": "01",
        "plus-sign": "+1",
        "point-first": ".5",
        "point-last": "5.",
        "exponent": "1e3",
        "negative-zero": "-0",
        "smallest": "1E-130",
        "too-small": "1E-131",
        "largest": "9.9999999999999999999999999999999999999E+125",
        "too-large": "1E+126",
        "digits-38": "1" * 38,
        "digits-39": "1" * 39,
        "digits-38-and-zeros": "1" * 38 + "00000",
        "tiny-with-zeros": "0." + "0" * 50 + "1",
        "underscore": "1_0",
        "hex": "0x10",
        "nan": "NaN",
        "infinity": "Infinity",
        "empty": "",
        "bare-exponent": "1e",
        "double-minus": "--1",
        "zeros": "0" * 50,
        "digits-38-point-zeros": "1." + "0" * 60,
    }
    for name, text in numbers.items():
        yield case(c, f"number-{name}", put(item(n=N(text))))
    yield case(c, "empty-string-set", put(item(x={"SS": []})))
    yield case(c, "empty-number-set", put(item(x={"NS": []})))
    yield case(c, "empty-binary-set", put(item(x={"BS": []})))
    yield case(c, "duplicate-strings", put(item(x={"SS": ["a", "a"]})))
    yield case(c, "duplicate-numbers", put(item(x={"NS": ["1", "1.0"]})))
    yield case(c, "duplicate-numbers-leading-zero", put(item(x={"NS": ["1", "01"]})))
    yield case(c, "number-set-member-with-space", put(item(x={"NS": [" 1"]})))
    yield case(c, "number-set-plus-sign", put(item(x={"NS": ["+1", "2"]})))
    yield case(c, "duplicate-binary", put(item(x={"BS": ["eA==", "eA=="]})))
    yield case(c, "string-set-with-empty-string", put(item(x={"SS": [""]})))
    yield case(c, "case-distinct-strings", put(item(x={"SS": ["a", "A"]})))
    yield case(c, "empty-attribute-name", put(item(**{"": S("x")})))
    yield case(c, "empty-map-key", put(item(m={"M": {"": S("x")}})))
    yield case(c, "empty-string", put(item(s=S(""))))
    yield case(c, "empty-binary", put(item(b=B(b""))))
    yield case(c, "empty-list-and-map", put(item(l={"L": []}, m={"M": {}})))
    deep: dict[str, Any] = S("x")
    for _ in range(31):
        deep = {"M": {"a": deep}}
    yield case(c, "nesting-32", put(item(d=deep)))
    yield case(c, "nesting-33", put(item(d={"L": [deep]})))
    yield case(c, "attribute-name-65535-bytes", put(item(**{"b" * 65535: S("x")})))
    yield case(c, "attribute-name-65536-bytes", put(item(**{"b" * 65536: S("x")})))
    yield case(c, "bool-and-null", put(item(t=BOOL, f={"BOOL": False}, z=NULL)))
    yield case(c, "number-in-list-invalid", put(item(l={"L": [N("x")]})))
    yield case(c, "empty-set-in-map", put(item(m={"M": {"s": {"SS": []}}})))


def identity_cases() -> Iterator[Case]:
    c = "item-identity"
    same = (
        "ValidationException",
        "DynamoDB stores numbers normalised (leading and trailing zeros trimmed), so these keys "
        "name one item; DynamoDB Local 1.25.1 compares the key text of Key-based actions.",
    )
    yield case(c, "put-and-delete-same", put(item()), delete())
    yield case(c, "condition-check-and-update-same", cc("attribute_not_exists(a)"), upd("REMOVE a"))
    yield case(c, "delete-twice", delete(), delete())
    yield case(c, "same-key-other-table", put(item()), put(item(), table=IDX))
    yield case(c, "same-partition-other-sort", put(item()), put({"PK": S("k"), "SK": S("t")}))
    yield case(c, "key-case-differs", put(item()), put({"PK": S("K"), "SK": S("s")}))
    yield case(
        c, "put-number-and-put-decimal", put({"id": N("1")}, table=NUM), put({"id": N("1.0")}, table=NUM)
    )
    yield case(
        c,
        "put-number-and-delete-decimal",
        put({"id": N("1")}, table=NUM),
        delete({"id": N("1.0")}, table=NUM),
        service=same,
    )
    yield case(
        c,
        "delete-ten-and-exponent",
        delete({"id": N("10")}, table=NUM),
        delete({"id": N("1E1")}, table=NUM),
        service=same,
    )
    yield case(
        c,
        "delete-zero-and-negative-zero",
        delete({"id": N("-0")}, table=NUM),
        delete({"id": N("0")}, table=NUM),
        service=same,
    )
    yield case(
        c,
        "update-and-put-leading-zero",
        upd("REMOVE a", table=NUM, key={"id": N("01")}),
        put({"id": N("1")}, table=NUM),
        service=same,
    )
    yield case(
        c,
        "delete-leading-zero",
        delete({"id": N("01")}, table=NUM),
        delete({"id": N("1")}, table=NUM),
        service=same,
    )
    yield case(
        c,
        "number-sort-keys-equal",
        put({"PK": S("k"), "SK": N("2")}, table=NSK),
        put({"PK": S("k"), "SK": N("2.00")}, table=NSK),
    )
    yield case(
        c, "binary-keys-equal", put({"id": B(b"\x01")}, table=BIN), delete({"id": B(b"\x01")}, table=BIN)
    )
    yield case(
        c, "binary-keys-differ", put({"id": B(b"\x01")}, table=BIN), delete({"id": B(b"\x02")}, table=BIN)
    )
    yield case(c, "numbers-differ", put({"id": N("1")}, table=NUM), delete({"id": N("1.01")}, table=NUM))


def _masked_duplicates() -> Iterator[Case]:
    masked = (
        "ValidationException",
        "The service refuses two actions on one item before it evaluates any condition "
        "(AWS knowledge center, 'DynamoDB TransactWriteItems failures'); DynamoDB Local 1.25.1 "
        "evaluates the conditions first, and a failing one hides the duplicate.",
    )
    yield case(
        "item-identity",
        "duplicate-behind-failing-condition",
        delete(),
        delete(condition="attribute_exists(a)"),
        service=masked,
    )
    yield case(
        "item-identity", "duplicate-behind-failing-check", cc("attribute_exists(a)"), delete(), service=masked
    )


def limit_cases() -> Iterator[Case]:
    c = "limits"

    def checks(count: int) -> list[dict[str, Any]]:
        return [cc("attribute_exists(a)", key={"PK": S(f"k{i}"), "SK": S("s")}) for i in range(count)]

    yield case(c, "no-actions")
    yield case(c, "actions-100", *checks(100))
    yield case(c, "actions-101", *checks(101))
    yield case(c, "token-36", cc("attribute_exists(a)"), token="differential-token-0123456789abcdef")
    yield case(c, "token-37", cc("attribute_exists(a)"), token="differential-token-0123456789abcdefg")
    yield case(c, "token-non-ascii", cc("attribute_exists(a)"), token="jeton-é€🙂-differential")
    yield case(c, "token-spaces", cc("attribute_exists(a)"), token="a token with spaces, differential")
    # 409,600 bytes (400 KB) is the most an item holds, names and key included.
    yield case(c, "item-400kb", put(item(d=S(REPEAT("x", 409_600 - 8)))))
    yield case(c, "item-400kb-and-1", put(item(d=S(REPEAT("x", 409_600 - 7)))))
    yield case(c, "item-400kb-multibyte", put(item(d=S(REPEAT("é", 204_796)))))
    yield case(c, "item-over-400kb-multibyte", put(item(d=S(REPEAT("é", 204_797)))))
    yield case(c, "update-value-over-400kb", upd("SET d = :v", values=v(v=S(REPEAT("x", 409_600)))))

    def big_puts(count: int, size: int) -> list[dict[str, Any]]:
        return [put({"PK": S(f"k{i:02d}"), "SK": S("s"), "d": S(REPEAT("x", size))}) for i in range(count)]

    # The 4 MB (4,194,304 bytes) counts item sizes, not the JSON body: 11 items of 381,309
    # bytes are 4,194,399 bytes; of 381,300 bytes, 4,194,300.
    yield case(c, "payload-just-under-4mb", *big_puts(11, 381_300 - 8))
    yield case(c, "payload-just-over-4mb", *big_puts(11, 381_309 - 8))
    yield case(
        c,
        "payload-binary-under-4mb-body-over",
        *[put({"PK": S(f"k{i:02d}"), "SK": S("s"), "d": {"B": REPEAT("x", 381_000)}}) for i in range(11)],
    )
    checks_big = [
        cc("a <> :v", values=v(v=S(REPEAT("x", 1_000_000))), key={"PK": S(f"k{i}"), "SK": S("s")})
        for i in range(5)
    ]
    yield case(c, "payload-values-over-4mb", *checks_big)
    yield case(c, "payload-values-under-4mb", *checks_big[:4])
    yield case(c, "expression-4096-bytes", cc("attribute_exists(" + "a" * 4078 + ")"))
    yield case(c, "expression-4097-bytes", cc("attribute_exists(" + "a" * 4079 + ")"))
    yield case(c, "expression-multibyte-name-ok", cc("attribute_exists(#n)", {"#n": "é" * 2000}))
    yield case(c, "substituted-1mb", cc("a = :v", values=v(v=S(REPEAT("x", 1_048_570)))))
    yield case(c, "substituted-over-1mb", cc("a = :v", values=v(v=S(REPEAT("x", 1_048_571)))))
    yield case(c, "substituted-twice-over-1mb", cc("a = :v OR b = :v", values=v(v=S(REPEAT("x", 600_000)))))
    yield case(
        c,
        "values-map-over-2mb",
        cc("a = :v OR b = :w", values=v(v=S(REPEAT("x", 1_000_000)), w=S(REPEAT("y", 1_100_000)))),
    )
    path33 = ".".join(["a"] * 33)
    yield case(c, "path-depth-32", cc("attribute_exists(" + ".".join(["a"] * 32) + ")"))
    yield case(c, "path-depth-33", cc(f"attribute_exists({path33})"))
    yield case(
        c,
        "in-100",
        cc(
            "a IN (" + ", ".join(f":v{i}" for i in range(100)) + ")",
            values={f":v{i}": N(str(i)) for i in range(100)},
        ),
    )
    yield case(
        c,
        "in-101",
        cc(
            "a IN (" + ", ".join(f":v{i}" for i in range(101)) + ")",
            values={f":v{i}": N(str(i)) for i in range(101)},
        ),
    )


def valid_cases() -> Iterator[Case]:
    c = "valid"
    guard = "attribute_not_exists(#pk)"
    names = {"#pk": "PK"}
    account = {
        "PK": S("ACCT#a1f9c3"),
        "SK": S("PROFILE"),
        "email": S("ada@lovelace.io"),
        "username": S("ada"),
    }
    lock = {"PK": S("UNIQ#EMAIL#ada@lovelace.io"), "SK": S("LOCK")}
    handle = {"PK": S("UNIQ#HANDLE#ada"), "SK": S("LOCK")}
    yield case(
        c,
        "signup",
        put(account, guard, names),
        put(lock, guard, names, ReturnValuesOnConditionCheckFailure="ALL_OLD"),
        put(handle, guard, names),
    )
    yield case(
        c,
        "email-change",
        put({"PK": S("UNIQ#EMAIL#ada@new.io"), "SK": S("LOCK")}, guard, names),
        delete(lock, "attribute_exists(#pk)", names),
        upd(
            "SET #e = :new",
            {"#e": "email", "#old": "email"},
            {":new": S("ada@new.io"), ":old": S("ada@lovelace.io")},
            key={"PK": S("ACCT#a1f9c3"), "SK": S("PROFILE")},
            condition="#old = :old",
        ),
    )
    yield case(
        c,
        "delete-account",
        delete({"PK": S("ACCT#a1f9c3"), "SK": S("PROFILE")}),
        delete(lock),
        delete(handle),
    )
    yield case(
        c,
        "every-clause",
        upd(
            "SET #n = :n, c = if_not_exists(c, :z) + :one REMOVE stale ADD tags :t DELETE gone :t",
            {"#n": "name"},
            {":n": S("x"), ":z": N("0"), ":one": N("1"), ":t": SS},
        ),
    )
    yield case(
        c,
        "mixed-kinds",
        put(item(a=N("1"))),
        cc("attribute_not_exists(b)", key={"PK": S("k"), "SK": S("t")}),
        delete({"PK": S("k"), "SK": S("u")}, "attribute_exists(a)"),
        upd("SET a = :v", values=v(v=M), key={"PK": S("k"), "SK": S("w")}),
    )
    yield case(c, "every-type", put(item(**{k.lower() + "x": val for k, val in TYPES.items()})))
    yield case(
        c,
        "rich-condition",
        cc(
            "(attribute_exists(a) OR size(b) BETWEEN :lo AND :hi) AND NOT contains(c, :x) "
            "AND begins_with(d, :p) AND e IN (:lo, :hi) AND attribute_type(f, :t)",
            values=v(lo=N("1"), hi=N("5"), x=S("x"), p=S("p"), t=S("M")),
        ),
    )
    yield case(
        c,
        "index-table-write",
        put(item(gp=S("g"), gs=N("1"), gb=B(b"b"), ls=N("2")), table=IDX),
        upd(
            "SET gp = :g, gs = :n REMOVE gb",
            values=v(g=S("h"), n=N("3")),
            table=IDX,
            key={"PK": S("k"), "SK": S("t")},
        ),
    )


def all_cases() -> list[Case]:
    cases: list[Case] = []
    for source in (
        table_cases,
        key_cases,
        key_update_cases,
        index_key_cases,
        operand_type_cases,
        distinct_cases,
        update_path_cases,
        item_dependent_cases,
        syntax_cases,
        function_cases,
        empty_expression_cases,
        placeholder_cases,
        value_cases,
        identity_cases,
        _masked_duplicates,
        limit_cases,
        valid_cases,
    ):
        cases.extend(source())
    from tests.differential.boundary_cases import boundary_cases  # all three build on this module
    from tests.differential.documented_cases import documented_cases
    from tests.differential.external_cases import external_cases

    cases.extend(boundary_cases())
    cases.extend(external_cases())
    cases.extend(documented_cases())
    ids = [c["id"] for c in cases]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise ValueError(f"duplicate case ids: {sorted(duplicates)}")
    return cases
