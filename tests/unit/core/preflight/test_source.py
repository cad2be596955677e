"""``preflight.source``: what the preflight reads, read once, on a stub reader."""

from __future__ import annotations

import threading
from typing import Any, cast

import pytest

from dynoview.core.errors import CancelledError
from dynoview.core.preflight import source as source_module
from dynoview.core.preflight.model import item_ident
from dynoview.core.preflight.source import Source
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo
from dynoview.core.uniqueness.schema import UniquenessSchema
from tests.unit.core.preflight.stub_reader import (
    ADA,
    EMAIL_INDEX,
    INDEXED_SCHEMA,
    SCHEMA,
    TABLE,
    StubReader,
    acct,
    lock,
    table_info,
)


def make(items: list[dict[str, Any]], info: TableInfo | None = None, schema: UniquenessSchema = SCHEMA,
         cancel: threading.Event | None = None) -> tuple[Source, StubReader]:
    reader = StubReader(items)
    tables = {TABLE: info if info is not None else table_info()}
    return Source(cast(Reader, reader), tables, schema, cancel), reader


def key(item: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return TABLE, {"PK": item["PK"], "SK": item["SK"]}


# ------------------------------------------------------------------ items by key


def test_items_are_read_strongly_once_and_an_absent_one_is_none() -> None:
    source, reader = make(ADA)
    wanted = [key(ADA[0]), key(lock("EMAIL", "nobody@x.io")), key(ADA[0])]
    found = source.items(wanted)
    assert found == {item_ident(*key(ADA[0])): ADA[0], item_ident(*key(lock("EMAIL", "nobody@x.io"))): None}
    (request,) = reader.of("TransactGetItems")  # the repeated key asked once
    asked = [g["Get"]["Key"]["PK"]["S"] for g in request["TransactItems"]]
    assert asked == ["ACCT#a1", "UNIQ#EMAIL#nobody@x.io"]
    # Asked again (a suggestion's preflight): answered from memory, nothing read.
    assert source.items([key(ADA[0])]) == {item_ident(*key(ADA[0])): ADA[0]}
    assert len(reader.requests) == 1


def test_items_go_in_batches_of_100() -> None:
    source, reader = make([])
    source.items([key(lock("EMAIL", f"u{n}@x.io")) for n in range(250)])
    assert [len(r["TransactItems"]) for r in reader.of("TransactGetItems")] == [100, 100, 50]


# ------------------------------------------------------------------ the table read whole


def test_a_small_table_is_read_whole_with_one_consistent_scan() -> None:
    source, reader = make(ADA)
    assert source.table_items(TABLE) == ADA
    assert reader.of("Scan") == [{"TableName": TABLE, "ConsistentRead": True}]
    assert source.table_notes[TABLE] == (
        "accounts was read whole (a consistent Scan of 3 items), so every spelling of these values was "
        "compared, as the audit compares them.")
    source.table_items(TABLE)
    assert len(reader.requests) == 1  # remembered


@pytest.mark.parametrize(("count", "indexed", "whole"), [
    (20_000, False, True), (20_001, False, False),  # no index: the lookup would scan it anyway
    (2_000, True, True), (2_001, True, False),  # an index: a Query per spelling costs less
    (None, False, False),  # DescribeTable gave no count: never read whole
])
def test_how_big_a_table_may_be_to_be_read_whole(count: int | None, indexed: bool, whole: bool) -> None:
    schema = INDEXED_SCHEMA if indexed else SCHEMA
    source, reader = make(ADA, table_info(count, email_index=indexed), schema)
    assert (source.table_items(TABLE) is not None) is whole
    assert bool(reader.of("Scan")) is whole
    if not whole:
        assert source.table_notes[TABLE].startswith("accounts is too large to read whole")


def test_a_scan_that_outgrows_a_stale_count_gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    # DescribeTable's count is hours old at worst: the table grew past the limit since.
    monkeypatch.setattr(source_module, "FULL_READ_MAX_ITEMS", 2)
    source, reader = make(ADA, table_info(2))
    assert source.table_items(TABLE) is None
    assert len(reader.of("Scan")) == 1  # it did read, and stopped past the limit
    assert "too large to read whole" in source.table_notes[TABLE]


# ------------------------------------------------------------------ holders of a value


def test_holders_through_the_rules_gsi_are_eventually_consistent_queries() -> None:
    items = [*ADA, acct("d2", "ada@x.io"), acct("b1", "bob@x.io")]
    source, reader = make(items, table_info(50_000, email_index=True), INDEXED_SCHEMA)
    found = source.holders(TABLE, INDEXED_SCHEMA.rule("email"), ["ada@x.io", "ADA@x.io"])
    assert sorted(found) == ["ACCT#a1", "ACCT#d2"]
    queries = reader.of("Query")
    assert [q["ExpressionAttributeValues"][":v"]["S"] for q in queries] == ["ADA@x.io", "ada@x.io"]
    assert all(q["IndexName"] == EMAIL_INDEX and "ConsistentRead" not in q for q in queries)
    assert source.lookup_notes[(TABLE, "email")] == (
        "Accounts holding these email values were found through the GSI email-index, which is "
        "eventually consistent.")
    source.holders(TABLE, INDEXED_SCHEMA.rule("email"), ["ada@x.io"])
    assert len(reader.of("Query")) == 2  # each value looked up once


def test_holders_without_an_index_on_a_small_table_are_one_consistent_scan_matched_here() -> None:
    """Under ``none`` the audit pairs another spelling with the same clash key as a case clash:
    the Scan reads the whole table anyway, so every account is compared here, not by a filter's
    equality (which found ada@x.io and never Ada@x.io)."""
    items = [*ADA, acct("c1", "Ada@x.io"), acct("b1", "bob@x.io")]
    source, reader = make(items, table_info(19_999))  # small enough to scan
    found = source.holders(TABLE, SCHEMA.rule("email"), ["ada@x.io"])
    assert sorted(found) == ["ACCT#a1", "ACCT#c1"]  # the holder, and its case clash
    (scan,) = reader.of("Scan")
    assert scan["ConsistentRead"] is True
    assert scan["FilterExpression"].startswith("attribute_exists(#v)")
    assert source.holders(TABLE, SCHEMA.rule("email"), ["bob@x.io"]) == {"ACCT#b1": items[-1]}


def test_holders_of_many_values_are_one_scan() -> None:
    source, reader = make(ADA)
    source.holders(TABLE, SCHEMA.rule("email"), [f"u{n}@x.io" for n in range(120)])
    assert len(reader.of("Scan")) == 1


def test_holders_on_a_large_table_without_an_index_are_not_looked_up() -> None:
    source, reader = make(ADA, table_info(20_001))
    assert source.holders(TABLE, SCHEMA.rule("email"), ["ada@x.io"]) == {}
    assert reader.requests == []
    assert source.lookup_notes[(TABLE, "email")].startswith(
        "Other accounts holding these email values were not looked up: the schema names no index on "
        "email and the table is too large to scan.")


def test_a_cancelled_preflight_stops_before_its_next_read() -> None:
    cancel = threading.Event()
    cancel.set()
    source, reader = make(ADA, cancel=cancel)
    with pytest.raises(CancelledError, match="The preflight was cancelled"):
        source.items([key(ADA[0])])
    with pytest.raises(CancelledError):
        source.table_items(TABLE)
    assert reader.of("TransactGetItems") == []


def test_a_cancel_during_the_holders_scan_stops_it_between_pages() -> None:
    """The holders' bounded Scan (up to 20,000 items) stops at the next page once cancelled."""
    cancel = threading.Event()
    accounts = [acct(f"a{n}", f"u{n}@x.io") for n in range(10)]  # 5 pages of 2

    class CancellingReader(StubReader):
        pages = 0

        def cursor(self, operation: str, request: Any, info: Any = None) -> Any:
            for page in super().cursor(operation, request, info):
                self.pages += 1
                yield page
                cancel.set()  # the user pressed Cancel while the first page was judged

    reader = CancellingReader(accounts)
    source = Source(cast(Reader, reader), {TABLE: table_info()}, SCHEMA, cancel)
    with pytest.raises(CancelledError, match="The preflight was cancelled"):
        source.holders(TABLE, SCHEMA.rule("email"), ["u9@x.io"])
    assert reader.pages == 2  # the page already asked for when Cancel came, none of the other 3
