"""Requests built from what AWS's own documentation states: the DynamoDB Developer Guide's
constraints, naming rules and data types, its expression pages' examples, the reserved words,
and the API reference of TransactWriteItems and AttributeValue (issue 24, item 2).

Each case is one stated limit at its boundary (the last accepted value and the first refused
one) or one documented example, as a TransactWriteItems action on the corpus tables; its
``source`` is the page (and section) that states it, with the statement in a few words.
Limits of other operations (BatchWriteItem's 25 requests and 16 MB, projection expressions,
Query's key conditions) are not requests the transaction validator judges, so they are not here.
``record.py`` adds DynamoDB Local's verdicts, as for every case.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

from tests.differential.cases import (
    BIN,
    IDX,
    KEY,
    MAIN,
    NSK,
    NUM,
    REPEAT,
    Case,
    N,
    S,
    case,
    cc,
    delete,
    item,
    put,
    upd,
    v,
)

DG = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
CONSTRAINTS = DG + "Constraints.html"
KEYS = CONSTRAINTS + "#limits-partition-sort-keys"
TYPES = CONSTRAINTS + "#limits-data-types"
ITEMS = CONSTRAINTS + "#limits-items"
ATTRIBUTES = CONSTRAINTS + "#limits-attributes"
EXPRESSIONS = CONSTRAINTS + "#limits-expression-parameters"
TRANSACTIONS = CONSTRAINTS + "#limits-dynamodb-transactions"
NAMING = DG + "HowItWorks.NamingRulesDataTypes.html"
UPDATES = DG + "Expressions.UpdateExpressions.html"
CONDITIONS = DG + "Expressions.ConditionExpressions.html"
FUNCTIONS = DG + "Expressions.OperatorsAndFunctions.html"
NAMES = DG + "Expressions.ExpressionAttributeNames.html"
VALUES = DG + "Expressions.ExpressionAttributeValues.html"
PATHS = DG + "Expressions.Attributes.html"
RESERVED = DG + "ReservedWords.html"
API = "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/"
TRANSACT_API = API + "API_TransactWriteItems.html"
VALUE_API = API + "API_AttributeValue.html"

C = "documented"


def _doc(name: str, source: str, *actions: dict[str, Any], **kwargs: Any) -> Case:
    out = case(C, name, *actions, **kwargs)
    out["source"] = source
    return out


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def key_cases() -> Iterator[Case]:
    said = f"{KEYS}: a partition key value is 1 to 2048 bytes, a sort key value 1 to 1024 bytes"
    for size, name in ((2048, "pk-2048-bytes"), (2049, "pk-2049-bytes")):
        yield _doc(name, said, put({"PK": S(REPEAT("p", size)), "SK": S("s")}))
    for size, name in ((1024, "sk-1024-bytes"), (1025, "sk-1025-bytes")):
        yield _doc(name, said, put({"PK": S("k"), "SK": S(REPEAT("s", size))}))
    # Bytes, not characters: "é" is two bytes in UTF-8.
    yield _doc("pk-1024-two-byte-chars", said, put({"PK": S(REPEAT("é", 1024)), "SK": S("s")}))
    yield _doc("pk-1025-two-byte-chars", said, put({"PK": S(REPEAT("é", 1025)), "SK": S("s")}))
    yield _doc("sk-512-two-byte-chars", said, put({"PK": S("k"), "SK": S(REPEAT("é", 512))}))
    yield _doc("sk-513-two-byte-chars", said, put({"PK": S("k"), "SK": S(REPEAT("é", 513))}))
    yield _doc("pk-2049-in-delete-key", said, delete({"PK": S(REPEAT("p", 2049)), "SK": S("s")}))
    yield _doc("sk-1025-in-update-key", said, upd("SET a = :v", values=v(v=N("1")),
                                                   key={"PK": S("k"), "SK": S(REPEAT("s", 1025))}))
    yield _doc("pk-2049-in-condition-check-key", said,
               cc("attribute_exists(a)", key={"PK": S(REPEAT("p", 2049)), "SK": S("s")}))
    yield _doc("binary-pk-2048-bytes", said, put({"id": {"B": REPEAT("x", 2048)}}, table=BIN))
    yield _doc("binary-pk-2049-bytes", said, put({"id": {"B": REPEAT("x", 2049)}}, table=BIN))
    empty = f"{NAMING}: empty String and Binary values are allowed, except for key attributes"
    yield _doc("empty-string-pk", empty, put({"PK": S(""), "SK": S("s")}))
    yield _doc("empty-string-sk", empty, put({"PK": S("k"), "SK": S("")}))
    yield _doc("empty-binary-pk", empty, put({"id": {"B": ""}}, table=BIN))
    yield _doc("empty-string-gsi-pk", empty, put(item(gp=S(""), gs=N("1")), table=IDX))
    yield _doc("empty-string-non-key", empty, put(item(a=S(""))))
    yield _doc("empty-binary-non-key", empty, put(item(a={"B": ""})))
    yield _doc("empty-string-update-value", empty, upd("SET a = :v", values=v(v=S(""))))
    yield _doc("empty-string-update-sk", empty, upd("SET a = :v", values=v(v=N("1")),
                                                     key={"PK": S("k"), "SK": S("")}))
    gsi = f"{NAMING}: index keys are scalar String, Number or Binary attributes of the declared type"
    yield _doc("gsi-pk-2048-bytes", gsi + "; 2048 bytes as for a table", put(item(gp=S(REPEAT("g", 2048))),
                                                                             table=IDX))
    yield _doc("gsi-pk-2049-bytes", gsi + "; 2048 bytes as for a table", put(item(gp=S(REPEAT("g", 2049))),
                                                                             table=IDX))
    yield _doc("gsi-sk-number-as-string", gsi, put(item(gp=S("g"), gs=S("1")), table=IDX))
    yield _doc("lsi-sk-number", gsi, put(item(ls=N("7")), table=IDX))
    yield _doc("lsi-sk-string", gsi, put(item(ls=S("7")), table=IDX))
    yield _doc("number-sk", gsi, put({"PK": S("k"), "SK": N("1.5")}, table=NSK))
    yield _doc("number-pk-wrong-type", gsi, put({"id": S("1")}, table=NUM))
    yield _doc("key-as-list", f"{VALUE_API}: a key attribute is S, N or B",
               put({"PK": {"L": [S("k")]}, "SK": S("s")}))


def number_cases() -> Iterator[Case]:
    said = (f"{TYPES}: a number has up to 38 digits of precision; positive 1E-130 to "
            "9.9999999999999999999999999999999999999E+125, negative "
            "-9.9999999999999999999999999999999999999E+125 "
            "to -1E-130; leading and trailing zeroes are trimmed")
    max_ = "9.9999999999999999999999999999999999999E+125"
    for name, text in (
        ("max-positive", max_), ("over-max-positive", "1E+126"),
        ("min-positive", "1E-130"), ("under-min-positive", "1E-131"),
        ("max-negative", "-" + max_), ("under-max-negative", "-1E+126"),
        ("min-negative", "-1E-130"), ("over-min-negative", "-1E-131"),
        ("38-digits", "1234567890123456789012345678901234567.8"),
        ("39-digits", "1234567890123456789012345678901234567.89"),
        ("38-digits-trailing-zeroes", "12345678901234567890123456789012345678000"),
        ("38-digits-leading-zeroes", "000.12345678901234567890123456789012345678"),
        ("zero", "0"), ("negative-zero", "-0"), ("zero-with-exponent", "0E+5"),
        ("integer-126-digits", "9" * 38 + "0" * 88), ("integer-127-digits", "1" + "0" * 126),
        ("small-fraction", "0." + "0" * 129 + "1"), ("too-small-fraction", "0." + "0" * 130 + "1"),
    ):
        yield _doc(f"number-{name}", said, put(item(n=N(text))))
    form = f"{VALUE_API}: N is sent as a string holding a number"
    for name, text in (("empty", ""), ("word", "ten"), ("spaces", " 1 "), ("hex", "0x10"),
                       ("infinity", "Infinity"), ("nan", "NaN"), ("exponent-only", "e5"),
                       ("plus-sign", "+1"), ("leading-dot", ".5"), ("trailing-dot", "5."),
                       ("lowercase-exponent", "1e5"), ("two-dots", "1.2.3")):
        yield _doc(f"number-form-{name}", form, put(item(n=N(text))))
    yield _doc("number-over-range-in-condition", said, cc("a = :v", values=v(v=N("1E+126"))))
    yield _doc("number-39-digits-in-update", said, upd("SET a = :v", values=v(v=N("1" * 39))))
    yield _doc("number-set-over-range", said, put(item(ns={"NS": ["1", "1E+126"]})))
    yield _doc("number-key-over-range", said, put({"id": N("1E+126")}, table=NUM))


def set_cases() -> Iterator[Case]:
    unique = f"{NAMING}#HowItWorks.DataTypes.SetTypes: each value within a set must be unique"
    empty = f"{NAMING}#HowItWorks.DataTypes.SetTypes: empty sets are not supported"
    yield _doc("string-set-duplicates", unique, put(item(ss={"SS": ["a", "a"]})))
    yield _doc("string-set-case-differs", unique, put(item(ss={"SS": ["a", "A"]})))
    yield _doc("number-set-duplicates", unique, put(item(ns={"NS": ["1", "1"]})))
    yield _doc("number-set-same-number-two-forms", unique, put(item(ns={"NS": ["1", "1.0"]})))
    yield _doc("number-set-same-number-exponent", unique, put(item(ns={"NS": ["100", "1E2"]})))
    yield _doc("binary-set-duplicates", unique, put(item(bs={"BS": [_b64(b"x"), _b64(b"x")]})))
    yield _doc("string-set-distinct", unique, put(item(ss={"SS": ["a", "b", "c"]})))
    yield _doc("empty-string-set", empty, put(item(ss={"SS": []})))
    yield _doc("empty-number-set", empty, put(item(ns={"NS": []})))
    yield _doc("empty-binary-set", empty, put(item(bs={"BS": []})))
    yield _doc("empty-set-in-update", empty, upd("SET a = :v", values=v(v={"SS": []})))
    yield _doc("empty-set-in-add", empty, upd("ADD a :v", values=v(v={"SS": []})))
    yield _doc("empty-set-in-condition", empty, cc("a = :v", values=v(v={"NS": []})))
    yield _doc("duplicates-in-delete-set", unique, upd("DELETE a :v", values=v(v={"SS": ["x", "x"]})))
    yield _doc("empty-list-and-map", f"{NAMING}: an empty List or Map is allowed",
               put(item(l={"L": []}, m={"M": {}})))
    yield _doc("empty-string-in-string-set", f"{NAMING}: empty strings are allowed within a set",
               put(item(ss={"SS": ["", "a"]})))


def _nested(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = S("x")
    for _ in range(depth):
        value = {"M": {"a": value}}
    return value


def _nested_list(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = N("1")
    for _ in range(depth):
        value = {"L": [value]}
    return value


def item_cases() -> Iterator[Case]:
    depth = f"{ATTRIBUTES}: nested attributes are supported up to 32 levels deep"
    # The attribute is the first level: 31 maps (or lists) inside it are 32 levels.
    yield _doc("map-32-levels", depth, put(item(m=_nested(31))))
    yield _doc("map-33-levels", depth, put(item(m=_nested(32))))
    yield _doc("list-32-levels", depth, put(item(l=_nested_list(31))))
    yield _doc("list-33-levels", depth, put(item(l=_nested_list(32))))
    yield _doc("update-value-32-levels", depth, upd("SET m = :v", values=v(v=_nested(31))))
    yield _doc("update-value-33-levels", depth, upd("SET m = :v", values=v(v=_nested(32))))
    # A placeholder value is measured alone, before it is placed: one level more (core.tx.nesting).
    yield _doc("condition-value-33-levels", depth, cc("m = :v", values=v(v=_nested(32))))
    yield _doc("condition-value-34-levels", depth, cc("m = :v", values=v(v=_nested(33))))
    names = f"{NAMING}: an attribute name is at least one character and less than 64 KB"
    yield _doc("attribute-name-empty", names, put(item(**{"": S("x")})))
    yield _doc("attribute-name-65535-bytes", names, put({**KEY, "n" * 65_535: S("x")}))
    yield _doc("attribute-name-65536-bytes", names, put({**KEY, "n" * 65_536: S("x")}))
    yield _doc("attribute-name-32768-two-byte-chars", names, put({**KEY, "é" * 32_768: S("x")}))
    yield _doc("attribute-name-in-map-empty", names, put(item(m={"M": {"": S("x")}})))
    size = f"{ITEMS}: an item is at most 400 KB, attribute names (UTF-8) and values included"
    # PK, SK and their values are 6 bytes: 409,600 bytes in all (400 KB) is accepted, 409,601 refused.
    yield _doc("item-400kb-in-a-long-name", size, put({**KEY, "n" * 1_000: S(REPEAT("x", 408_594))}))
    yield _doc("item-400kb-and-1-in-a-long-name", size, put({**KEY, "n" * 1_000: S(REPEAT("x", 408_595))}))
    yield _doc("item-400kb-in-a-set", size, put(item(d={"SS": [REPEAT("x", 409_593)]})))
    yield _doc("item-400kb-and-1-in-a-set", size, put(item(d={"SS": [REPEAT("x", 409_594)]})))
    yield _doc("item-over-400kb-in-a-list", size, put(item(d={"L": [S(REPEAT("x", 204_800)),
                                                                    S(REPEAT("y", 204_800))]})))


def expression_cases() -> Iterator[Case]:
    length = f"{EXPRESSIONS}: the maximum length of any expression string is 4 KB"
    yield _doc("update-expression-4096-bytes", length, upd("SET " + "a" * 4087 + " = :v", values=v(v=N("1"))))
    yield _doc("update-expression-4097-bytes", length, upd("SET " + "a" * 4088 + " = :v", values=v(v=N("1"))))
    yield _doc("condition-on-put-4097-bytes", length,
               put(item(), "attribute_not_exists(" + "a" * 4075 + ")"))
    yield _doc("condition-on-delete-4096-bytes", length,
               delete(condition="attribute_not_exists(" + "a" * 4074 + ")"))
    token = (f"{EXPRESSIONS}: the maximum length of any single expression attribute name or "
             "expression attribute value is 255 bytes (#name is 5 bytes, :val is 4)")
    for size in (255, 256):
        name, value = "#" + "n" * (size - 1), ":" + "v" * (size - 1)
        yield _doc(f"name-placeholder-{size}-bytes", token, cc(f"attribute_exists({name})", {name: "a"}))
        yield _doc(f"value-placeholder-{size}-bytes", token, cc(f"a = {value}", values={value: N("1")}))
    ops = (f"{EXPRESSIONS}: at most 300 operators or functions in an expression; at most 100 "
           "operands for the IN comparator")
    chain = " AND ".join(["attribute_exists(a)"] * 150)  # 150 functions and 149 ANDs
    yield _doc("functions-300", ops, cc("NOT " + chain))
    yield _doc("functions-301", ops, cc("NOT NOT " + chain))
    yield _doc("in-100-on-put", ops, put(item(), "a IN (" + ", ".join(f":v{i}" for i in range(100)) + ")",
                                         values={f":v{i}": N(str(i)) for i in range(100)}))
    yield _doc("in-101-on-delete", ops, delete(condition="a IN (" + ", ".join(f":v{i}" for i in range(101))
                                               + ")",
                                               values={f":v{i}": N(str(i)) for i in range(101)}))


def name_cases() -> Iterator[Case]:
    reserved = f"{RESERVED}: a reserved word cannot be an attribute name in an expression"
    for word in ("Comment", "STATUS", "date", "Name", "Timestamp", "User", "Value", "Year", "Data",
                 "Key", "TTL", "Count", "Level", "Group", "Order", "Percentile", "Items"):
        yield _doc(f"reserved-word-{word.lower()}-{'upper' if word.isupper() else 'mixed'}", reserved,
                   upd(f"SET {word} = :v", values=v(v=N("1"))))
    yield _doc("listed-word-size-taken-bare", reserved + " (SIZE is listed, and DynamoDB takes it bare)",
               upd("SET Size = :v", values=v(v=N("1"))))
    yield _doc("reserved-word-in-nested-path", reserved, cc("attribute_exists(info.Status)"))
    yield _doc("reserved-word-in-condition", reserved, cc("Comment = :v", values=v(v=S("x"))))
    yield _doc("reserved-word-in-remove", reserved, upd("REMOVE Comment"))
    yield _doc("not-reserved-similar-word", reserved, upd("SET Comments2 = :v", values=v(v=N("1"))))
    yield _doc("reserved-word-as-placeholder", f"{NAMES}: {{\"#P\":\"Percentile\"}}, #P = :val",
               cc("#P = :val", {"#P": "Percentile"}, v(val=N("1"))))
    dots = f"{NAMES}: an attribute name holding a dot needs a placeholder (Safety.Warning)"
    yield _doc("dotted-name-placeholder", dots, cc("#sw = :v", {"#sw": "Safety.Warning"}, v(v=S("x"))))
    yield _doc("dotted-name-as-path", dots, cc("Safety.Warning = :v", values=v(v=S("x"))))
    yield _doc("placeholder-repeated", f"{NAMES}: a placeholder may stand for a name used many times",
               cc("#pr.FiveStar = :v OR #pr.OneStar = :v", {"#pr": "ProductReviews"}, v(v=S("x"))))
    yield from _on_item("nested-placeholders", f"{NAMES}: #pr.#1star and #pr.#5star stand for nested names",
                        upd("SET #pr.#5star[1] = :r5, #pr.#3star = :r3",
                            {"#pr": "ProductReviews", "#5star": "FiveStar", "#3star": "ThreeStar"},
                            v(r5=S("Very happy"), r3=L_OF("Just OK"))),
                        ProductReviews={"M": {"FiveStar": L_OF("Excellent", "Good")}})
    unused = f"{NAMES} / {VALUES}: every name and value given must be used in an expression"
    yield _doc("unused-name", unused, cc("a = :v", {"#x": "x"}, v(v=N("1"))))
    yield _doc("unused-value", unused, cc("a = :v", values=v(v=N("1"), w=N("2"))))
    yield _doc("undefined-name", unused, cc("#x = :v", values=v(v=N("1"))))
    yield _doc("undefined-value", unused, cc("a = :w", values=v(v=N("1"))))
    yield _doc("names-used-across-update-and-condition", unused,
               upd("SET #a = :v", {"#a": "a", "#b": "b"}, v(v=N("1")), condition="attribute_not_exists(#b)"))
    yield _doc("name-key-without-hash", f"{NAMES}: a name placeholder begins with #",
               cc("attribute_exists(a)", {"x": "a"}))
    yield _doc("value-key-without-colon", f"{VALUES}: a value placeholder begins with :",
               cc("a = :v", values={"v": N("1")}))
    yield _doc("name-placeholder-to-empty-name", f"{NAMING}: an attribute name is at least one character",
               cc("attribute_exists(#n)", {"#n": ""}))
    yield _doc("empty-names-map", f"{NAMES}: ExpressionAttributeNames, when given, names something",
               cc("attribute_exists(a)", {}))
    yield _doc("empty-values-map", f"{VALUES}: ExpressionAttributeValues, when given, holds a value",
               cc("attribute_exists(a)", values={}))


def L_OF(*texts: str) -> dict[str, Any]:
    return {"L": [S(t) for t in texts]}


def _on_item(name: str, source: str, action: dict[str, Any], **stored: Any) -> Iterator[Case]:
    """A documented update that needs the stored item (a list to index, a number to subtract
    from): refused on the empty table only because the item is absent, and accepted once
    ``stored`` is there (the same request, seeded)."""
    yield _doc(name, source, action, item_dependent=True)
    yield _doc(name + "-on-its-item", source, action, seed=[{"TableName": MAIN, "Item": item(**stored)}])


def update_cases() -> Iterator[Case]:
    ex = f"{UPDATES}: the guide's examples"
    yield _doc("example-set-two", ex, upd("SET ProductCategory = :c, Price = :p",
                                          values=v(c=S("Hardware"), p=N("60"))))
    related = L_OF("Hammer", "Nails", "Saw")
    yield from _on_item("example-set-list-element", ex,
                        upd("SET RelatedItems[1] = :ri", values=v(ri=S("Nails"))),
                        RelatedItems=related)
    yield from _on_item("example-decrement", ex, upd("SET Price = Price - :p", values=v(p=N("15"))),
                        Price=N("100"))
    yield from _on_item("example-list-append-end", ex,
                        upd("SET #ri = list_append(#ri, :vals)", {"#ri": "RelatedItems"},
                            v(vals=L_OF("Screwdriver", "Hacksaw"))), RelatedItems=related)
    yield from _on_item("example-list-append-front", ex,
                        upd("SET #ri = list_append(:vals, #ri)", {"#ri": "RelatedItems"},
                            v(vals=L_OF("Chisel"))),
                        RelatedItems=related)
    yield _doc("example-if-not-exists", ex, upd("SET Price = if_not_exists(Price, :p)", values=v(p=N("100"))))
    yield _doc("example-remove-three", ex, upd("REMOVE Brand, InStock, QuantityOnHand"))
    yield from _on_item("example-remove-list-elements", ex, upd("REMOVE RelatedItems[1], RelatedItems[2]"),
                        RelatedItems=related)
    yield _doc("example-add-number", ex, upd("ADD QuantityOnHand :q", values=v(q=N("5"))))
    yield _doc("example-add-set", ex, upd("ADD Color :c", values=v(c={"SS": ["Orange", "Purple"]})))
    yield _doc("example-delete-set", ex, upd("DELETE Color :p", values=v(p={"SS": ["Yellow", "Purple"]})))
    yield _doc("example-all-four-clauses", ex + " (each clause once)",
               upd("SET a = :v REMOVE b ADD c :n DELETE d :s", values=v(v=N("1"), n=N("1"), s={"SS": ["x"]})))
    rules = f"{UPDATES}: each clause once; no two actions on overlapping paths; keys are not updated"
    yield _doc("clause-twice", rules, upd("SET a = :v SET b = :v", values=v(v=N("1"))))
    yield _doc("same-path-twice", rules, upd("SET a = :v, a = :w", values=v(v=N("1"), w=N("2"))))
    yield _doc("path-and-its-child", rules, upd("SET a = :v, a.b = :w", values=v(v=N("1"), w=N("2"))))
    yield _doc("set-and-remove-same", rules, upd("SET a = :v REMOVE a", values=v(v=N("1"))))
    yield _doc("list-element-and-its-child", rules,
               upd("SET a[1] = :v, a[1].b = :w", values=v(v=N("1"), w=N("2"))))
    yield from _on_item("sibling-list-elements", rules,
                        upd("SET a[1] = :v, a[2] = :w", values=v(v=N("1"), w=N("2"))),
                        a=L_OF("x", "y", "z"))
    yield _doc("update-partition-key", rules, upd("SET PK = :v", values=v(v=S("x"))))
    yield _doc("remove-sort-key", rules, upd("REMOVE SK"))
    yield _doc("update-gsi-key-allowed", rules, upd("SET gp = :v", values=v(v=S("g")), table=IDX))
    types = f"{UPDATES}: ADD takes a number or a set, DELETE a set; list_append two lists"
    yield _doc("add-string", types, upd("ADD a :v", values=v(v=S("x"))))
    yield _doc("add-list", types, upd("ADD a :v", values=v(v=L_OF("x"))))
    yield _doc("delete-number", types, upd("DELETE a :v", values=v(v=N("1"))))
    yield _doc("delete-string", types, upd("DELETE a :v", values=v(v=S("x"))))
    yield _doc("list-append-string", types, upd("SET a = list_append(a, :v)", values=v(v=S("x"))))
    yield _doc("plus-on-string-value", f"{UPDATES}: + and - take numbers",
               upd("SET a = :v + :w", values=v(v=S("x"), w=N("1"))))
    yield _doc("if-not-exists-value-first", f"{UPDATES}: if_not_exists (path, value)",
               upd("SET a = if_not_exists(:v, a)", values=v(v=N("1"))))
    yield _doc("size-in-update", f"{UPDATES}: SET takes if_not_exists and list_append only",
               upd("SET a = size(b)"))


def condition_cases() -> Iterator[Case]:
    ex = f"{CONDITIONS}: the guide's examples"
    yield _doc("example-attribute-not-exists", ex, put(item(Price=N("1")), "attribute_not_exists(Price)"))
    yield _doc("example-attribute-exists-nested", ex,
               delete(condition="attribute_exists(ProductReviews.OneStar)"))
    yield _doc("example-attribute-type", ex, cc("attribute_type(Color, :v_sub)", values={":v_sub": S("SS")}))
    yield _doc("example-begins-with", ex, cc("begins_with(Pictures.FrontView, :v_sub)",
                                             values={":v_sub": S("http://")}))
    yield _doc("example-contains", ex, cc("contains(Color, :v_sub)", values={":v_sub": S("Red")}))
    yield _doc("example-size", ex, cc("size(VideoClip) > :v_sub", values={":v_sub": N("64000")}))
    yield _doc("example-between", ex, delete(condition="Price between :lo and :hi",
                                             values=v(lo=N("500"), hi=N("600"))))
    yield _doc("example-in-and-between", ex,
               delete(condition="(ProductCategory IN (:cat1, :cat2)) and (Price between :lo and :hi)",
                      values=v(cat1=S("Sporting Goods"), cat2=S("Gardening Supplies"), lo=N("500"),
                               hi=N("600"))))
    yield _doc("example-not-equal", ex, cc("Price <> :p", values=v(p=N("0"))))
    yield _doc("example-nested-and-or", ex, cc("(a = :v OR b = :v) AND NOT c = :v", values=v(v=N("1"))))
    ref = f"{FUNCTIONS}: the comparison and function reference"
    yield _doc("attribute-type-unknown-type", ref + " (types S, SS, N, NS, B, BS, BOOL, NULL, L, M)",
               cc("attribute_type(a, :t)", values=v(t=S("STRING"))))
    yield _doc("attribute-type-number-operand", ref, cc("attribute_type(a, :t)", values=v(t=N("1"))))
    yield _doc("begins-with-number", ref + " (begins_with takes a string or a binary)",
               cc("begins_with(a, :v)", values=v(v=N("1"))))
    yield _doc("between-reversed-bounds", ref + " (BETWEEN low AND high: low <= high)",
               cc("a BETWEEN :hi AND :lo", values=v(lo=N("1"), hi=N("2"))))
    yield _doc("between-mixed-types", ref, cc("a BETWEEN :lo AND :hi", values=v(lo=N("1"), hi=S("2"))))
    yield _doc("less-than-on-a-list-value", ref + " (<, <=, >, >= compare numbers, strings, binaries)",
               cc("a < :v", values=v(v=L_OF("x"))))
    yield _doc("size-of-a-number-value", ref + " (size of a string, binary, set, list or map)",
               cc("size(:v) > :n", values=v(v=N("1"), n=N("0"))))
    yield _doc("attribute-exists-of-a-value", ref + " (attribute_exists(path))",
               cc("attribute_exists(:v)", values=v(v=N("1"))))
    yield _doc("unknown-function", ref, cc("starts_with(a, :v)", values=v(v=S("x"))))
    yield _doc("function-name-case", ref + " (function names are case-sensitive)",
               cc("ATTRIBUTE_EXISTS(a)"))
    yield _doc("keyword-case", ref + " (AND, OR, NOT, BETWEEN, IN in any case)",
               cc("a between :lo AnD :hi or NoT a in (:lo)", values=v(lo=N("1"), hi=N("2"))))
    paths = f"{PATHS}: document paths: list elements [n], map elements with dots"
    yield _doc("path-list-index", paths, cc("attribute_exists(MyList[0])"))
    yield _doc("path-nested-list-index", paths, cc("attribute_exists(MyList[0][1].b)"))
    yield _doc("path-negative-index", paths, cc("attribute_exists(MyList[-1])"))
    yield _doc("path-placeholder-index", paths, cc("attribute_exists(MyList[:i])", values=v(i=N("0"))))


def transaction_cases() -> Iterator[Case]:
    same = (f"{TRANSACTIONS}: no two actions of a transaction can work on the same item; "
            f"{TRANSACT_API}: ValidationException for multiple operations on one item")
    masked = ("ValidationException", "The service refuses two actions on one item before it evaluates any "
              "condition; DynamoDB Local 1.25.1 evaluates the conditions first (as item-identity/"
              "duplicate-behind-failing-check, docs/validation.md)")
    normalised = ("ValidationException", "DynamoDB stores numbers normalised, so 1 and 1.0 name one item "
                  "(as item-identity/put-number-and-delete-decimal, docs/validation.md)")
    yield _doc("put-and-check-same-item", same, put(item()), cc("attribute_exists(a)"), service=masked)
    yield _doc("update-and-delete-same-item", same, upd("SET a = :v", values=v(v=N("1"))), delete())
    yield _doc("same-key-other-table", same, put(item()), put({"id": N("1")}, table=NUM),
               cc("attribute_exists(a)", table=IDX))
    yield _doc("same-pk-other-sk", same, put(item()), put({"PK": S("k"), "SK": S("t")}))
    yield _doc("same-number-key-two-forms", same, put({"id": N("1")}, table=NUM),
               cc("attribute_exists(a)", table=NUM, key={"id": N("1.0")}), service=normalised)
    yield _doc("put-and-delete-same-item", same, put(item()), delete())
    yield _doc("same-number-key-put-and-delete", same, put({"id": N("5")}, table=NUM),
               delete({"id": N("5")}, table=NUM))
    count = f"{TRANSACT_API}: TransactItems holds 1 to 100 actions"
    yield _doc("one-action", count, cc("attribute_exists(a)"))
    yield _doc("hundred-puts", count, *[put({"PK": S(f"p{i}"), "SK": S("s")}) for i in range(100)])
    yield _doc("hundred-and-one-puts", count, *[put({"PK": S(f"p{i}"), "SK": S("s")}) for i in range(101)])
    token = f"{TRANSACT_API}: ClientRequestToken is 1 to 36 characters"
    yield _doc("token-1-char", token, cc("attribute_exists(a)"), token="t")
    yield _doc("token-36-chars", token, cc("attribute_exists(a)"), token="d" * 36)
    yield _doc("token-37-chars", token, cc("attribute_exists(a)"), token="d" * 37)
    yield _doc("missing-table", f"{TRANSACT_API}: ResourceNotFoundException for a table that does not exist",
               put(item(), table="dvdiff-missing"))
    yield _doc("table-name-2-chars", f"{NAMING}: table names are 3 to 255 characters of a-z A-Z 0-9 _ - .",
               put(item(), table="dv"))
    yield _doc("table-name-space", f"{NAMING}: table names are 3 to 255 characters of a-z A-Z 0-9 _ - .",
               put(item(), table="dv diff"))
    yield _doc("main-table", f"{NAMING}: table names are 3 to 255 characters of a-z A-Z 0-9 _ - .",
               put(item(), table=MAIN))


def documented_cases() -> Iterator[Case]:
    for source in (key_cases, number_cases, set_cases, item_cases, expression_cases, name_cases,
                   update_cases, condition_cases, transaction_cases):
        yield from source()
