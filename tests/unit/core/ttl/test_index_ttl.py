"""``ttl.index_ttl``: which indexes' rows hold the table's TTL attribute (the Items tab says
"not in this index" and turns Hide expired off for the others)."""

from __future__ import annotations

import pytest

from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.ttl.index_ttl import index_holds_ttl

PK, SK = KeyAttribute("PK", "S"), KeyAttribute("SK", "S")
USER, EXPIRES = KeyAttribute("user", "S"), KeyAttribute("expiresAt", "N")


def table(*indexes: IndexInfo, ttl: str | None = "expiresAt", status: str = "ENABLED") -> TableInfo:
    gsis = tuple(i for i in indexes if i.kind == "GSI")
    lsis = tuple(i for i in indexes if i.kind == "LSI")
    return TableInfo("sessions", PK, SK, gsis=gsis, lsis=lsis, ttl_attribute=ttl, ttl_status=status)


def gsi(name: str, projection: str, *attrs: str, sort: KeyAttribute | None = None,
        pk: KeyAttribute = USER) -> IndexInfo:
    return IndexInfo(name, "GSI", pk, sort, projection, attrs)


@pytest.mark.parametrize(("index", "holds"), [
    (gsi("all", "ALL"), True),
    (gsi("keys", "KEYS_ONLY"), False),
    (gsi("include-ttl", "INCLUDE", "note", "expiresAt"), True),
    (gsi("include-other", "INCLUDE", "note"), False),
    (gsi("keys-by-expiry", "KEYS_ONLY", sort=EXPIRES), True),  # the TTL attribute is a key of it
    (gsi("keys-on-expiry", "KEYS_ONLY", pk=EXPIRES), True),
    (IndexInfo("lsi-keys", "LSI", PK, USER, "KEYS_ONLY"), False),
    (IndexInfo("lsi-include", "LSI", PK, USER, "INCLUDE", ("expiresAt",)), True),
])
def test_an_index_holds_the_ttl_attribute_when_it_projects_it(index: IndexInfo, holds: bool) -> None:
    assert index_holds_ttl(table(index), index.name) is holds


def test_the_table_itself_always_holds_it() -> None:
    assert index_holds_ttl(table(gsi("keys", "KEYS_ONLY")), None)


def test_the_names_are_compared_exactly() -> None:
    assert not index_holds_ttl(table(gsi("inc", "INCLUDE", "expiresat", " expiresAt")), "inc")


def test_the_ttl_attribute_as_a_table_key_is_in_every_index() -> None:
    info = TableInfo("t", EXPIRES, None, gsis=(gsi("keys", "KEYS_ONLY"),), ttl_attribute="expiresAt")
    assert index_holds_ttl(info, "keys")


@pytest.mark.parametrize(("ttl", "status"),
                         [(None, ""), ("expiresAt", "DISABLED"), ("expiresAt", "DISABLING")])
def test_without_ttl_there_is_nothing_to_miss(ttl: str | None, status: str) -> None:
    assert index_holds_ttl(table(gsi("keys", "KEYS_ONLY"), ttl=ttl, status=status), "keys")


def test_an_index_the_description_does_not_name_is_not_judged() -> None:
    assert index_holds_ttl(table(gsi("keys", "KEYS_ONLY")), "gone")
