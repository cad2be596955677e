"""The audit's view rows as columns (core/audit/rows.py) and their orders (core/audit/view_order.py).

The columns must say exactly what ``Pairing.rows()`` says, row by row, however the pairing was
fed (item by item, or batches from pages); sorts, filters and searches must give the rows a
plain Python sort or filter of those ``PairRow`` objects gives.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import orjson
import pytest

from dynoview.core.audit import row_search, sort_keys, view_order
from dynoview.core.audit.pages import PageClassifier
from dynoview.core.audit.rows import AuditRows, build_rows, rows_of_findings
from dynoview.core.audit.view_order import RowOrdering, SortKey, ViewQuery
from dynoview.core.errors import CancelledError
from dynoview.core.uniqueness.findings import LABELS, PROBLEMS, SEVERITY, STATUSES, PairRow
from dynoview.core.uniqueness.pairing import Pairing, classify
from dynoview.core.uniqueness.schema import UniquenessSchema, article_schema

SCHEMA = article_schema()
TTL = "expiresAt"


def s(v: str) -> dict[str, str]:
    return {"S": v}


def random_items(rng: random.Random, n: int, unique_ids: bool) -> list[dict[str, Any]]:
    """Accounts, locks and sessions with every broken case: shared, clashing and expired
    values, missing and orphan locks, a value holding the record separator."""
    # Cyrillic, fullwidth and zero-width forms of a@x: lookalike and case clashes.
    emails = ["a@x", "A@x", "b@x", " c@x", "c@x", "\u0430@x", "\uff41@x", "a\u200b@x",
              *(f"u{i}@x" for i in range(12))]
    handles = ["ada", "Ada", "bob", "x\x1fy", ""]
    items: list[dict[str, Any]] = []
    for i in range(n):
        r = rng.random()
        if r < 0.5:
            item = {"PK": s(f"ACCT#{i if unique_ids else rng.randint(0, 30)}"), "SK": s("PROFILE")}
            if rng.random() < 0.9:
                item["email"] = s(rng.choice(emails))
            if rng.random() < 0.7:
                item["username"] = s(rng.choice(handles))
        elif r < 0.8:
            item = {"PK": s("UNIQ#EMAIL#" + rng.choice(emails)), "SK": s("LOCK")}
        elif r < 0.95:
            item = {"PK": s("UNIQ#HANDLE#" + rng.choice([*handles[:3], "zed"])), "SK": s("LOCK")}
        else:
            item = {"PK": s(f"SESSION#{i}"), "SK": s("S")}
        if rng.random() < 0.08:
            item[TTL] = {"N": "1700000000"}  # November 2023: long past
        items.append(item)
    return items


def paged(items: list[dict[str, Any]], schema: UniquenessSchema = SCHEMA) -> Pairing:
    """A pairing fed as the audit feeds it: page bodies through the classifier (batches)."""
    pairing = Pairing(schema, TTL)
    classifier = PageClassifier(pairing)
    for start in range(0, len(items), 7):
        page = items[start:start + 7]
        classifier.feed(orjson.dumps({"Items": page, "Count": len(page), "ScannedCount": len(page)}))
    return pairing


def _by_key(rows: list[PairRow]) -> list[PairRow]:
    return sorted(rows, key=lambda r: (r.kind, r.account_id or "", repr(r.key)))


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("feed", ["items", "pages"])
def test_columns_say_what_pairing_rows_say(seed: int, feed: str) -> None:
    rng = random.Random(seed)
    # A Scan returns each item once: repeated account ids only for the item-by-item feed.
    items = random_items(rng, rng.randint(0, 70), unique_ids=feed == "pages" or seed % 2 == 0)
    pairing = classify(items, SCHEMA, TTL) if feed == "items" else paged(items)
    rows = build_rows(pairing, pairing.findings())
    built = [rows.pair_row(i) for i in range(len(rows))]
    assert _by_key(built) == _by_key(pairing.rows())
    for i, row in enumerate(built):
        # The filter's statuses: the cells' and every finding naming the row (a cell shows its worst).
        assert rows.status(i) == row.status and rows.statuses(i) == row.statuses | {
            f.status for f in row.findings}
        assert rows.row_of_key(row.key) == i
    # Problems first: every row with a finding, worst first, then the healthy ones.
    order = list(rows.default_order)
    assert sorted(order) == list(range(len(rows)))
    severities = [SEVERITY[built[i].status] for i in order]
    problems = [i for i in order if built[i].findings or built[i].expired]
    assert order[:len(problems)] == problems
    assert severities[:len(problems)] == sorted(severities[:len(problems)], reverse=True)


def test_rows_showing_a_lock_include_the_accounts_whose_cell_shows_it() -> None:
    pairing = classify([{"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("a@x")},
                        {"PK": s("UNIQ#EMAIL#a@x"), "SK": s("LOCK")},
                        {"PK": s("UNIQ#EMAIL#z@x"), "SK": s("LOCK")}], SCHEMA)
    rows = build_rows(pairing, pairing.findings())
    account = rows.row_of_key({"PK": s("ACCT#1"), "SK": s("PROFILE")})
    orphan = rows.row_of_key({"PK": s("UNIQ#EMAIL#z@x"), "SK": s("LOCK")})
    assert rows.rows_showing({"PK": s("UNIQ#EMAIL#a@x"), "SK": s("LOCK")}) == {account}
    assert rows.rows_showing({"PK": s("UNIQ#EMAIL#z@x"), "SK": s("LOCK")}) == {orphan}
    assert rows.rows_showing({"PK": s("UNIQ#EMAIL#a@x"), "SK": s("OTHER")}) == set()


def test_lock_rows_follow_items_read_after_the_findings() -> None:
    """The rows reuse the lock values without a holder that the findings looked up, only while
    no item was read since."""
    pairing = classify([{"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("a@x")},
                        {"PK": s("UNIQ#EMAIL#a@x"), "SK": s("LOCK")},
                        {"PK": s("UNIQ#EMAIL#z@x"), "SK": s("LOCK")}], SCHEMA)
    pairing.findings()
    assert pairing.unheld_locks("email") == ["z@x"]
    pairing.feed([{"PK": s("ACCT#2"), "SK": s("PROFILE"), "email": s("z@x")}])
    assert pairing.unheld_locks("email") == []
    rows = build_rows(pairing, pairing.findings())
    assert rows.accounts == len(rows) == 2  # no lock row left: ACCT#2 holds z@x


def test_rows_of_findings_so_far_name_each_account_and_lock() -> None:
    items = [{"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("a@x")},
             {"PK": s("ACCT#2"), "SK": s("PROFILE"), "email": s("a@x")},
             {"PK": s("UNIQ#EMAIL#old@x"), "SK": s("LOCK"), TTL: {"N": "1700000000"}}]
    pairing = paged(items)
    certain = pairing.certain_findings()
    assert {f.status for f in certain} == {"DUPLICATE_VALUE", "EXPIRED"}
    rows = rows_of_findings(SCHEMA, certain)
    shown = [rows.pair_row(i) for i in rows.default_order]
    assert [(r.account_id, r.status) for r in shown] == [
        ("ACCT#1", "DUPLICATE_VALUE"), ("ACCT#2", "DUPLICATE_VALUE"), (None, "EXPIRED")]
    assert shown[2].key == {"PK": s("UNIQ#EMAIL#old@x"), "SK": s("LOCK")}


# ---------------------------------------------------------------------- orders


def _expected(built: list[PairRow], query: ViewQuery, rules: tuple[str, ...]) -> list[int]:
    """What a plain Python filter and sort of the PairRows shows for a query."""
    shown = list(range(len(built)))
    if query.statuses is not None:
        shown = [i for i in shown if (built[i].statuses | {built[i].status}
                                      | {f.status for f in built[i].findings}) & query.statuses]
    needle = query.search.strip().casefold()
    if needle:
        shown = [i for i in shown if any(needle in t.casefold() for t in
                                         [built[i].account_id or ""] + [c.value or "" for c in
                                                                         built[i].cells.values()])]
    return shown


def _sort_value(row: PairRow, key: SortKey, rules: tuple[str, ...]) -> Any:
    if key.column == "account":
        return (row.account_id or "(no account)").casefold()
    if key.column == "status":
        return SEVERITY[row.status], LABELS[row.status].casefold()
    cell = row.cells.get(rules[key.rule])
    if key.column == "value":
        return (cell.value or "").casefold() if cell else ""
    return (SEVERITY[cell.status], LABELS[cell.status].casefold()) if cell else (-1, "")


def _check(rows: AuditRows, built: list[PairRow], ordering: RowOrdering, query: ViewQuery) -> None:
    got = list(ordering.order(query))
    expected = _expected(built, query, rows.rules)
    assert sorted(got) == sorted(expected)
    if query.sort is not None:
        values = [_sort_value(built[i], query.sort, rows.rules) for i in got]
        assert values == sorted(values, reverse=query.sort.descending)


QUERIES = [
    ViewQuery(SortKey("account")), ViewQuery(SortKey("account", descending=True)),
    ViewQuery(SortKey("value", 0)), ViewQuery(SortKey("value", 1, True)),
    ViewQuery(SortKey("lock", 0)), ViewQuery(SortKey("lock", 1, True)),
    ViewQuery(SortKey("status", descending=True)), ViewQuery(SortKey("status")),
    ViewQuery(None, frozenset(PROBLEMS)), ViewQuery(SortKey("account"), frozenset(PROBLEMS), "x"),
    *(ViewQuery(None, frozenset({status})) for status in STATUSES),
    ViewQuery(None, frozenset()), ViewQuery(search="A@"), ViewQuery(search="a@x"),
    ViewQuery(SortKey("value", 0), None, "ACCT#1"), ViewQuery(search="zz"),
]


@pytest.mark.parametrize("seed", range(15))
def test_orders_match_a_plain_sort_and_filter(seed: int) -> None:
    rng = random.Random(seed)
    pairing = paged(random_items(rng, rng.randint(0, 90), unique_ids=True))
    rows = build_rows(pairing, pairing.findings())
    built = [rows.pair_row(i) for i in range(len(rows))]
    ordering = RowOrdering(rows)
    for query in QUERIES:
        _check(rows, built, ordering, query)


@pytest.mark.parametrize("seed", range(8))
def test_problems_first_is_the_status_column_sorted_descending(seed: int) -> None:
    """The audit's own order (Status, descending): each status in one block, the reverse of
    Status ascending; before, statuses of one severity interleaved (accounts, then by id)."""
    rng = random.Random(seed)
    pairing = paged(random_items(rng, rng.randint(20, 120), unique_ids=True))
    rows = build_rows(pairing, pairing.findings())
    built = [rows.pair_row(i) for i in range(len(rows))]
    shown = [built[i].status for i in RowOrdering(rows).order(ViewQuery()) if built[i].status in PROBLEMS]
    ranks = [(SEVERITY[status], LABELS[status].casefold()) for status in shown]
    assert ranks == sorted(ranks, reverse=True), shown


def test_a_narrowing_search_gives_what_a_fresh_search_gives() -> None:
    pairing = paged(random_items(random.Random(3), 400, unique_ids=True))
    rows = build_rows(pairing, pairing.findings())
    ordering = RowOrdering(rows)
    typed = [ordering.order(ViewQuery(search=text)) for text in ("u", "u1", "u1@", "u1@x")]
    fresh = RowOrdering(rows).order(ViewQuery(search="u1@x"))
    assert list(typed[-1]) == list(fresh) and len(typed[0]) >= len(typed[-1]) > 0


#: Texts a byte search could get wrong: NUL (the index's separator), a lone surrogate, folds
#: that change length (ß -> ss, ﬃ -> ffi), final sigma, astral and fullwidth letters, the
#: record separator, empty.
TRICKY = ["a\x00b", "\x00", "x\ud800y", "Straße", "STRASSE", "ﬃx", "ΣΑΣ", "σας", "\U0001f600@x",
          "ＡＢ@x", "x\x1fy", "", "ab\x00"]


@pytest.mark.parametrize("seed", range(6))
def test_the_search_index_finds_what_python_in_finds(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Searches through the index (slices of 7 rows, the ones holding NUL searched by Python)
    give the rows ``needle in text.casefold()`` gives, field by field."""
    monkeypatch.setattr(row_search, "FEW_ROWS", 0)
    monkeypatch.setattr(row_search, "SLICE_ROWS", 7)
    rng = random.Random(seed)
    items = random_items(rng, 150, unique_ids=True)
    for k, text in enumerate(TRICKY * 2):
        item = {"PK": s(f"ACCT#{text}{k}"), "SK": s("PROFILE"), "email": s(f"{k}{text}")}
        items.insert(rng.randrange(len(items) + 1), item)
    pairing = classify(items, SCHEMA, TTL)
    rows = build_rows(pairing, pairing.findings())
    built = [rows.pair_row(i) for i in range(len(rows))]
    ordering = RowOrdering(rows)
    for needle in ("a", "A@", "ss", "SS", "ß", "ffi", "σ", "ς", "\x00", "b\x00", "\ud800",
                   "\U0001f600", "ａ", "x\x1fy", "acct#", "u1@x", "zz", "\x00b"):
        _check(rows, built, ordering, ViewQuery(search=needle))
        _check(rows, built, ordering, ViewQuery(SortKey("value", 0), frozenset(PROBLEMS), needle))


def test_an_order_stops_when_cancelled() -> None:
    pairing = paged(random_items(random.Random(4), 200, unique_ids=True))
    rows = build_rows(pairing, pairing.findings())
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(CancelledError):
        RowOrdering(rows).order(ViewQuery(SortKey("account")), cancel)
    with pytest.raises(CancelledError):
        build_rows(pairing, pairing.findings(), cancel)


def bench_items(accounts: int) -> list[bytes]:
    """Pages of the article's layout (an account, its email and handle locks), with a few
    planted problems, as Scan page bodies."""
    pages, page = [], []
    for k in range(accounts):
        email = f"user{k:07d}@example.com" if k % 9_973 else f"User{k:07d}@Example.com"
        page.append({"PK": s(f"ACCT#{k:07d}"), "SK": s("PROFILE"), "email": s(email),
                     "username": s(f"user{k:07d}" if k % 7_919 else "shared")})
        if k % 10_007:
            page.append({"PK": s(f"UNIQ#EMAIL#{email.lower()}"), "SK": s("LOCK")})
        page.append({"PK": s(f"UNIQ#HANDLE#user{k:07d}"), "SK": s("LOCK")})
        if len(page) >= 3_000:
            pages.append(orjson.dumps({"Items": page, "Count": len(page)}))
            page = []
    pages.append(orjson.dumps({"Items": page, "Count": len(page)}))
    return pages


def test_two_hundred_thousand_accounts_order_as_plain_python_does() -> None:
    pairing = Pairing(SCHEMA, TTL)
    classifier = PageClassifier(pairing)
    for body in bench_items(200_000):
        classifier.feed(body)
    rows = build_rows(pairing, pairing.findings())
    assert rows.accounts == 200_000 and rows.problems > 0
    built = [rows.pair_row(i) for i in range(len(rows))]
    ordering = RowOrdering(rows)
    for query in (ViewQuery(SortKey("account", descending=True)), ViewQuery(SortKey("value", 0)),
                  ViewQuery(SortKey("status", descending=True)), ViewQuery(SortKey("lock", 1)),
                  ViewQuery(None, frozenset(PROBLEMS)), ViewQuery(search="USER00012"),
                  ViewQuery(SortKey("account"), frozenset({"OK"}), "user0019")):
        _check(rows, built, ordering, query)
    # Sorted by account, ties impossible: exactly Python's order of the ids shown.
    by_account = list(ordering.order(ViewQuery(SortKey("account"))))
    assert by_account == sorted(range(len(rows)), key=lambda i: (built[i].account_id or
                                                                  "(no account)").casefold())


def test_text_sorts_give_python_order_for_any_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """numpy's byte sort and the runs-and-merge fallback both give Python's stable order of the
    case-folded texts: ties in row order, prefixes first, non-ASCII and astral characters by
    code point, folds that change length (ß -> ss), whichever step a text falls in."""
    monkeypatch.setattr(sort_keys, "SORT_STEP", 7)
    rng = random.Random(7)
    alphabet = ["a", "b", "B", "é", "É", "ß", "ﬃ", "z", "\u0430", "\uff41", "\U0001f600", "\x7f",
                " ", "\x01"]
    keys = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 4))) for _ in range(3_000)]
    expected = sorted(range(len(keys)), key=lambda i: keys[i].casefold())
    by_numpy = sort_keys.folded_order(lambda a, b: keys[a:b], len(keys), None)
    assert by_numpy is not None and list(by_numpy) == expected
    assert list(view_order._merge_sorted([k.casefold() for k in keys], None)) == expected
    none = sort_keys.folded_order(lambda a, b: [], 0, None)
    assert none is not None and len(none) == 0
    # NUL would tie with the padding numpy adds ("a" == "a\0"), a lone surrogate has no UTF-8
    # form: Python sorts those.
    for odd in ("a\x00", "\x00", "x\ud800"):
        texts = [*keys, odd, "a"]
        assert sort_keys.folded_order(lambda a, b, t=texts: t[a:b], len(texts), None) is None
    ordering = RowOrdering(build_rows(paged([{"PK": s(f"ACCT#{k}"), "SK": s("PROFILE")}
                                              for k in ("b\x00", "b", "a\x00b", "a")]),
                                      []))
    shown = [ordering.rows.ids[i] for i in ordering.order(ViewQuery(SortKey("account")))]
    assert shown == ["ACCT#a", "ACCT#a\x00b", "ACCT#b", "ACCT#b\x00"]
