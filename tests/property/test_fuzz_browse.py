"""Key values and filters typed into the items view, turned into Scan/Query requests.

build_request either returns a request botocore accepts, with every typed key value
valid for its key type and every attribute name behind a placeholder, or raises
DynoViewError naming the field at fault.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.core.errors import DynoViewError
from dynoview.core.reads.browse import (
    FILTER_OPERATORS,
    SORT_KEY_OPERATORS,
    BrowseSpec,
    FilterSpec,
    build_request,
)
from dynoview.core.session.tables import table_info_from_description
from tests.property.strategies import BASE64ISH, FUZZ, NUMBERISH, TEXT, check_av, check_request

pytestmark = pytest.mark.property

_SYNTAX = re.compile(r"[#:][A-Za-z0-9_]+|\b(?:AND|BETWEEN|begins_with|contains|attribute_exists|"
                     r"attribute_not_exists|IN)\b|<>|<=|>=|[=<>(),\s]")

FIELDS = {"page_size", "pk_value", "sk_operator", "sk_value0", "sk_value1", "mode", "filter_operator",
          "filter_attribute", "filter_type",
          "filter_value", "filter_value1", "consistency"}


def table(pk_type: str, sk_type: str | None) -> object:
    keys = [{"AttributeName": "pk", "KeyType": "HASH"}]
    attrs = [{"AttributeName": "pk", "AttributeType": pk_type}]
    if sk_type:
        keys.append({"AttributeName": "sk", "KeyType": "RANGE"})
        attrs.append({"AttributeName": "sk", "AttributeType": sk_type})
    return table_info_from_description({"TableName": "fuzz-table", "KeySchema": keys,
                                        "AttributeDefinitions": attrs, "TableStatus": "ACTIVE"})


TABLES = st.sampled_from([table(p, s) for p in ("S", "N", "B") for s in (None, "S", "N", "B")])
KEY_TEXT = TEXT | NUMBERISH | BASE64ISH


@settings(settings.get_profile(FUZZ))
@given(TABLES, st.sampled_from(["Scan", "Query", "query", ""]), KEY_TEXT,
       st.none() | st.sampled_from([*SORT_KEY_OPERATORS, "~", ""]), st.lists(KEY_TEXT, max_size=3),
       st.none() | st.builds(FilterSpec, TEXT, st.sampled_from([*FILTER_OPERATORS, "!", ""]), KEY_TEXT,
                             st.sampled_from(["S", "N", "B", "BOOL", "NULL", "SS", "L", "M", "Q"])),
       st.integers(-2, 2000), st.booleans())
def test_browse_requests_are_valid_or_refused_at_a_field(info: object, mode: str, pk: str,
                                                         sk_op: str | None, sk_values: list[str],
                                                         flt: FilterSpec | None, page_size: int,
                                                         consistent: bool) -> None:
    spec = BrowseSpec(table="fuzz-table", mode=mode, consistent=consistent, page_size=page_size,
                      pk_value=pk, sk_operator=sk_op, sk_values=tuple(sk_values), filter=flt)
    try:
        operation, request = build_request(info, spec)  # type: ignore[arg-type]
    except DynoViewError as exc:
        assert exc.field in FIELDS, exc.field
        assert exc.message.endswith("."), exc.message
        return
    check_request(operation, request)
    for placeholder, av in request.get("ExpressionAttributeValues", {}).items():
        assert placeholder.startswith(":")
        check_av(av)
    names = request.get("ExpressionAttributeNames", {})
    assert all(p.startswith("#") for p in names)
    for key in ("KeyConditionExpression", "FilterExpression"):
        # Only placeholders, operators and functions: no user text inside the expression.
        assert _SYNTAX.sub("", request.get(key, "")) == "", request.get(key)
    if operation == "Query":
        key_values = request["ExpressionAttributeValues"]
        pk_type = info.partition_key.type  # type: ignore[attr-defined]
        assert next(iter(key_values.values())).keys() == {pk_type}
