"""Hypothesis strategies for hostile user input, and checks that what the app would send is valid."""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from decimal import Context, Decimal, InvalidOperation
from typing import Any

from botocore.session import get_session
from botocore.validate import ParamValidator
from hypothesis import strategies as st

FUZZ = "dynoview-fuzz"

# Text users paste: anything, plus characters that break naive parsers.
NASTY = st.sampled_from(["", " ", "\x00", "\ud800", "\u202e", "🙂", "é", "\n", "\t", "\\", '"', "'",
                         "#", ":", ".", "[", "]", "{", "}", "(", ")", ",", "=", "<>", "NaN", "-0",
                         "1e999999999999", "0x10", "Infinity", "null", "true", "SELECT"])
TEXT = st.one_of(st.text(), st.lists(NASTY | st.text(max_size=3), max_size=12).map("".join))

NUMBERISH = st.lists(st.sampled_from(list("0123456789+-.eE ")) | NASTY, max_size=50).map("".join)
BASE64ISH = st.one_of(st.binary().map(lambda b: base64.b64encode(b).decode()),
                      st.lists(st.sampled_from(list("ABCxyz019+/= \n-_")), max_size=40).map("".join))

JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8),
                         st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(
                             ["S", "N", "B", "SS", "NS", "BS", "L", "M", "BOOL", "NULL", "1", "1e5",
                              "AAE=", "-0", "", "NaN"]))


def json_values(max_leaves: int = 20) -> st.SearchStrategy[Any]:
    """Arbitrary JSON, biased towards DynamoDB JSON shapes ({"S": ...}, {"L": [...]})."""
    keys = st.sampled_from(["S", "N", "B", "SS", "NS", "BS", "L", "M", "BOOL", "NULL", "s", "x", ""]) \
        | st.text(max_size=6)
    return st.recursive(
        JSON_SCALARS,
        lambda children: st.one_of(
            st.lists(children, max_size=4),
            st.dictionaries(keys, children, max_size=4),
            st.tuples(st.sampled_from(["S", "N", "B", "SS", "NS", "BS", "L", "M", "BOOL", "NULL"]),
                      children).map(lambda kv: {kv[0]: kv[1]}),
        ),
        max_leaves=max_leaves,
    )


# Nesting deep enough to exhaust Python's recursion in json.loads.
DEEP = st.sampled_from(["[" * 100_000, "[" * 50_000 + "]" * 50_000, '{"a":' * 50_000 + "1" + "}" * 50_000,
                        '{"TransactItems": ' + "[" * 60_000, '{"S": ' * 40_000])


def json_text(values: st.SearchStrategy[Any] | None = None) -> st.SearchStrategy[str]:
    """JSON documents, their truncations, absurd nesting and arbitrary text."""
    docs = (values if values is not None else json_values()).map(lambda v: json.dumps(v))
    return st.one_of(docs, docs.flatmap(lambda d: st.integers(0, len(d)).map(lambda n: d[:n])), TEXT, DEEP)


def utf8(text: str) -> bytes:
    """Text as a file would hold it (lone surrogates kept as the bytes a broken editor writes)."""
    return text.encode("utf-8", "surrogatepass")


# ------------------------------------------------------------------ what may be sent

_DDB = Context(prec=38, Emin=-128, Emax=126)


def valid_number(text: str) -> bool:
    try:
        value = Decimal(text)
    except InvalidOperation:
        return False
    if not value.is_finite() or text.strip() != text or "_" in text:
        return False
    if value == 0:
        return True
    digits = value.as_tuple().digits
    significant = "".join(map(str, digits)).strip("0")
    return len(significant) <= 38 and -130 <= value.adjusted() <= 125 and _DDB is not None


def check_av(av: Any, depth: int = 1) -> None:
    """Raise AssertionError unless ``av`` is an AttributeValue DynamoDB accepts."""
    assert isinstance(av, Mapping) and len(av) == 1, av
    ((code, member),) = av.items()
    assert depth <= 32
    if code == "S":
        assert isinstance(member, str)
        member.encode("utf-8")  # no lone surrogates: DynamoDB strings are UTF-8
    elif code == "N":
        assert isinstance(member, str) and valid_number(member), member
    elif code == "B":
        assert isinstance(member, bytes)
    elif code == "BOOL":
        assert isinstance(member, bool)
    elif code == "NULL":
        assert member is True
    elif code in ("SS", "NS", "BS"):
        assert isinstance(member, list) and member, "sets are never empty"
        kind = {"SS": str, "NS": str, "BS": bytes}[code]
        assert all(isinstance(m, kind) for m in member)
        if code == "NS":
            assert all(valid_number(m) for m in member)
            assert len({Decimal(m) for m in member}) == len(member)
        else:
            assert len(set(member)) == len(member)
        if code == "SS":
            for m in member:
                m.encode("utf-8")
    elif code == "L":
        assert isinstance(member, list)
        for v in member:
            check_av(v, depth + 1)
    elif code == "M":
        assert isinstance(member, dict)
        for k, v in member.items():
            assert isinstance(k, str)
            k.encode("utf-8")
            check_av(v, depth + 1)
    else:
        raise AssertionError(f"unknown type {code!r}")


_MODEL = get_session().get_service_model("dynamodb")
_VALIDATOR = ParamValidator()


def check_request(operation: str, request: Mapping[str, Any]) -> None:
    """botocore's own parameter validation must accept what the app would send."""
    report = _VALIDATOR.validate(dict(request), _MODEL.operation_model(operation).input_shape)
    assert not report.has_errors(), report.generate_report()
