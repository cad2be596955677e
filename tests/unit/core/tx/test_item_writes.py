"""One item's guarded writes: what an edit changes, the Update that writes only that, and the
limits of one condition, each measured as DynamoDB measures it (never a guard cut short)."""

from __future__ import annotations

from typing import Any

from dynoview.core.edits.staging import CellChange
from dynoview.core.errors import InputError
from dynoview.core.expressions.placeholders import Placeholders
from dynoview.core.tx.item_writes import (
    AttributeChange,
    EditRefused,
    changed_attributes,
    fitting_seen_guard,
    guarded_update,
    names_label,
    over_limit,
    seen_guard,
)


def s(value: str) -> dict[str, str]:
    return {"S": value}


KEYS = ("PK", "SK")


def test_changes_are_what_dynamodb_would_store_differently() -> None:
    old = {"PK": s("A"), "SK": s("B"), "n": {"N": "1.0"}, "tags": {"SS": ["a", "b"]}, "gone": s("x"),
           "kept": s("k")}
    new = {"PK": s("A"), "SK": s("B"), "n": {"N": "1"}, "tags": {"SS": ["b", "a"]}, "kept": s("k2"),
           "added": {"NULL": True}}
    assert changed_attributes(old, new, KEYS) == [
        AttributeChange("kept", s("k"), s("k2")), AttributeChange("added", None, {"NULL": True}),
        AttributeChange("gone", s("x"), None)]
    assert changed_attributes(old, {**old, "PK": s("Z")}, KEYS) == []  # keys are not attributes here


def test_a_staged_cell_and_a_found_change_build_the_same_update() -> None:
    cell = CellChange("email", s("a@x"), s("b@x"))
    found = AttributeChange("email", s("a@x"), s("b@x"))
    built = [guarded_update("t", {"PK": s("A")}, ("PK",), [c], label="x") for c in (cell, found)]
    assert built[0] == built[1]
    assert (built[0].update, built[0].condition) == ("SET #n1 = :v0", "attribute_exists(#n0) AND #n1 = :v1")


def test_held_attributes_are_guarded_but_not_written() -> None:
    action = guarded_update("t", {"PK": s("A")}, ("PK",), [AttributeChange("gone", s("x"), None)],
                            label="x", held={"tenantId": s("acme"), "scope": None})
    assert action.update == "REMOVE #n1"
    assert action.condition == ("attribute_exists(#n0) AND #n1 = :v0 AND #n2 = :v1 "
                                "AND attribute_not_exists(#n3)")
    assert action.names == {"#n0": "PK", "#n1": "gone", "#n2": "tenantId", "#n3": "scope"}


def test_each_limit_of_one_expression_is_said_with_its_numbers() -> None:
    ph = Placeholders()
    assert over_limit(seen_guard(ph, {"PK": s("A"), "a": s("1")}, ("PK",)), ph.names, ph.values) is None
    many = " AND ".join(f"#n0 = :v{i}" for i in range(151))  # 151 comparisons and 150 ANDs
    assert over_limit(many, {"#n0": "a"}, {f":v{i}": s("1") for i in range(151)}) == \
        "301 operators; DynamoDB allows 300"
    long = "#n0 = :v0 AND " + " AND ".join(["attribute_exists(#n0)"] * 190)  # 4,949 bytes (checked first)
    assert over_limit(long, {"#n0": "a"}, {":v0": s("1")}) == \
        "4,949 bytes of expression; DynamoDB allows 4,096"
    big = {":v0": s("x" * 600_000), ":v1": s("y" * 600_000)}
    assert over_limit("#n0 = :v0 AND #n0 = :v1", {"#n0": "a"}, big) == \
        "1,200,025 bytes with its values; DynamoDB allows 1,048,576"
    assert over_limit("SET #n0 = :v0, #n1 = :v1", {"#n0": "a", "#n1": "b"}, big, update=True) == \
        "1,200,026 bytes with its values; DynamoDB allows 1,048,576"


def test_a_guard_too_long_for_one_condition_checks_what_fits_and_says_how_many() -> None:
    item: dict[str, Any] = {"PK": s("A"), **{f"a{i}": s(str(i)) for i in range(200)}}
    ph, cond, guarded = fitting_seen_guard(item, ("PK",))
    assert guarded == 149 and over_limit(cond, ph.names, ph.values) is None
    assert set(ph.names.values()) == {"PK", *(f"a{i}" for i in range(149))}  # no unused placeholder
    _ph, _cond, everything = fitting_seen_guard({"PK": s("A"), "a": s("1")}, ("PK",))
    assert everything == 1


def test_a_refusal_is_an_input_error_with_its_sentence() -> None:
    refused = EditRefused("Nothing changed.")
    assert isinstance(refused, InputError) and refused.message == "Nothing changed."
    assert names_label("edited item", ["a", "b"]) == "edited item: a, b"
    assert names_label("edited item", list("abcdefg")) == "edited item: a, b, c, d, e and 2 more"
