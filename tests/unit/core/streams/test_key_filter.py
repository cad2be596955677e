"""``streams.key_filter``: stream records matched by the keys a user types (``PK[,SK]``)."""

from __future__ import annotations

import pytest

from dynoview.core.errors import DynoViewError
from dynoview.core.streams.key_filter import KeyFilter, escape_key_text


def s(text: str) -> dict[str, str]:
    return {"S": text}


def test_parse_keys_separated_by_semicolons_with_escapes() -> None:
    keys = KeyFilter.parse(["UNIQ#EMAIL#ada@x.io,LOCK; ACCT#1", r"TAG#a\,b,x\;y"])
    assert keys.keys == (("UNIQ#EMAIL#ada@x.io", "LOCK"), ("ACCT#1", None), ("TAG#a,b", "x;y"))
    assert keys.describe() == "UNIQ#EMAIL#ada@x.io, LOCK; ACCT#1 (any sort key); TAG#a,b, x;y"


def test_an_empty_filter_matches_everything() -> None:
    empty = KeyFilter.parse(" ; ")
    assert not empty and empty.matches_values(s("anything"), None)


@pytest.mark.parametrize(("spec", "problem"), [
    ("a,b,c", "has 3 parts, but a key is PK or PK,SK"),
    (" ,LOCK", "has no partition key value"),
])
def test_a_key_that_cannot_be_one_is_a_sentence(spec: str, problem: str) -> None:
    with pytest.raises(DynoViewError, match=problem) as caught:
        KeyFilter.parse(spec)
    assert caught.value.field == "key"


def test_a_partition_key_alone_matches_its_whole_collection() -> None:
    keys = KeyFilter.parse("ACCT#1")
    assert keys.matches_values(s("ACCT#1"), s("PROFILE")) and keys.matches_values(s("ACCT#1"), s("SESSION#9"))
    assert not keys.matches_values(s("ACCT#10"), s("PROFILE"))


def test_a_sort_key_narrows_to_one_item() -> None:
    keys = KeyFilter.parse("UNIQ#EMAIL#ada@x.io,LOCK")
    assert keys.matches_values(s("UNIQ#EMAIL#ada@x.io"), s("LOCK"))
    assert not keys.matches_values(s("UNIQ#EMAIL#ada@x.io"), s("OTHER"))
    assert not keys.matches_values(None, None)


def test_number_keys_match_by_value_not_by_text() -> None:
    keys = KeyFilter.parse("42,1.50")
    assert keys.matches_values({"N": "42"}, {"N": "1.5"})
    assert not keys.matches_values({"N": "43"}, {"N": "1.5"})
    assert not KeyFilter.parse("forty-two").matches_values({"N": "42"}, None)


@pytest.mark.parametrize("value", ["UNIQ#EMAIL#bob@x.io ", " lead", "  ", "\tTAB#a,b;c\\d\t", "plain"])
def test_an_escaped_key_is_read_back_exactly(value: str) -> None:
    """A lock of an email stored untrimmed ends in a blank: the filter the Stream tab writes for
    it (and a user can type) keeps it, where it once matched ``bob@x.io`` instead."""
    text = escape_key_text(value)
    assert KeyFilter.parse(f"{text},LOCK").keys == ((value, "LOCK"),)
    assert KeyFilter.parse(f"{text},LOCK").matches_values(s(value), s("LOCK"))
    assert not KeyFilter.parse(f"{text},LOCK").matches_values(s(value.strip() + "x"), s("LOCK"))


def test_blanks_around_a_value_are_dropped_and_trailing_ones_said() -> None:
    typed = KeyFilter.parse("UNIQ#EMAIL#bob@x.io ,LOCK; ACCT#1, PROFILE")
    assert typed.keys == (("UNIQ#EMAIL#bob@x.io", "LOCK"), ("ACCT#1", "PROFILE"))
    assert typed.dropped == ("UNIQ#EMAIL#bob@x.io ",)  # " PROFILE" is how people type
    assert not typed.matches_values(s("UNIQ#EMAIL#bob@x.io "), s("LOCK"))
    assert KeyFilter.parse(r"UNIQ#EMAIL#bob@x.io\ ,LOCK").keys == (("UNIQ#EMAIL#bob@x.io ", "LOCK"),)
