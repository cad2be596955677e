"""The TTL clock tick of the items model: a row read as pending whose TTL passes while it is
shown becomes an expired row in every way (status text, TtlStateRole, tint, Hide expired), and
finding those rows costs what expired, not a look at every loaded row."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt

import dynoview.core.reads.rows as core_rows
from dynoview.core.reads.rows import block_from_items
from dynoview.ui.items import rows as rows_module
from dynoview.ui.items.model import TTL_STATUS_COLUMN, ItemsModel, TtlStateRole, ttl_clock_moved
from dynoview.ui.items.rows import KINDS, row_shape
from tests.unit.ui.test_items_rows import NOW, TTL_TABLE, account, key

BG, FG = Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole
T0 = int(NOW.timestamp())


def ttl(hours: float) -> dict[str, str]:
    """A TTL ``hours`` after NOW (before it when negative)."""
    return {"N": str(T0 + int(hours * 3600))}


def loaded(*pages: list[dict[str, Any]]) -> ItemsModel:
    """A model of TTL_TABLE with these pages read at NOW."""
    model = ItemsModel()
    model.now = NOW
    model.reset(TTL_TABLE)
    for page in pages:
        model.append_page(block_from_items(page, row_shape(TTL_TABLE, NOW)), True)
    return model


def at(model: ItemsModel, hours: float) -> None:
    model.now = NOW + timedelta(hours=hours)
    ttl_clock_moved(model)


def look(model: ItemsModel, row: int) -> tuple[str, str, bool, bool]:
    """(the row's PK digit, its TtlStateRole kind, tinted per data(), tinted per look())."""
    status = model.columns().index(TTL_STATUS_COLUMN)
    cell = model.index(row, status)
    return (model.item(row)["PK"]["S"][-1], model.data(cell, TtlStateRole).kind,
            model.data(model.index(row, 0), BG) is not None, model.look(row, 0)[1] is not None)


def pks(model: ItemsModel) -> list[str]:
    return [model.item(r)["PK"]["S"][-1] for r in range(model.rowCount())]


def test_a_row_expired_since_the_read_is_tinted_as_its_state_says(qapp: Any) -> None:
    model = loaded([account(0, expiresAt=ttl(2)), account(1, expiresAt=ttl(-2)),
                    account(2, expiresAt=ttl(5)), account(3)])
    changes: list[tuple[int, int, int, int, list[int]]] = []
    model.dataChanged.connect(lambda top, bottom, roles: changes.append(
        (top.row(), top.column(), bottom.row(), bottom.column(), list(roles))))
    at(model, 3)
    assert [look(model, r) for r in range(4)] == [
        ("0", "expired", True, True), ("1", "expired", True, True),
        ("2", "pending", False, False), ("3", "none", False, False)]
    status = model.columns().index(TTL_STATUS_COLUMN)
    assert model.data(model.index(0, status)) == "expired 60 min ago, after the read"
    assert model.data(model.index(0, status), FG) is not None  # dark text on the pale tint
    last = model.columnCount() - 1
    whole_row = [c for c in changes if c[:4] == (0, 0, 0, last)]  # the row's every cell, not its TTL text
    assert whole_row and {BG.value, FG.value} <= set(whole_row[0][4])
    changes.clear()
    at(model, 6)  # the next row's turn; the first is not changed again
    assert look(model, 2) == ("2", "expired", True, True)
    assert [c[:4] for c in changes if BG.value in c[4]] == [(2, 0, 2, last)]


def test_hide_expired_hides_a_row_expired_since_the_read_in_the_sorted_order(qapp: Any) -> None:
    items = [account(i, expiresAt=ttl(h), score={"N": str(s)})
             for i, h, s in [(0, 2, 5), (1, 9, 1), (2, 1, 3), (3, 8, 4), (4, 4, 2)]]
    model = loaded(items[:3], items[3:])
    model.sort(model.columns().index("score"), Qt.SortOrder.AscendingOrder)
    model.set_hide_expired(True)
    assert pks(model) == ["1", "4", "2", "3", "0"]
    kept = QPersistentModelIndex(model.index(3, 0))  # the view's selection: row "3"
    removed: list[tuple[int, int]] = []
    resets: list[bool] = []
    model.rowsRemoved.connect(lambda parent, first, last: removed.append((first, last)))
    model.modelReset.connect(lambda: resets.append(True))
    at(model, 3)  # "2" and "0" expired: hidden as rows read expired are
    assert pks(model) == ["1", "4", "3"] and model.hidden_count == 2
    assert sorted(removed) == [(2, 2), (4, 4)] and not resets  # removals: the selection stays
    assert kept.isValid() and model.item(kept.row())["PK"]["S"] == "ACCT#0003"
    model.set_hide_expired(False)
    assert pks(model) == ["1", "4", "2", "3", "0"]
    assert [look(model, r)[1:] for r in (2, 4)] == [("expired", True, True)] * 2


@pytest.mark.parametrize("limit", [("REMOVALS", 1), ("ONE_BY_ONE", 2)], ids=["runs", "rows"])
def test_many_rows_expired_at_once_are_hidden_in_one_reshape(
        qapp: Any, monkeypatch: pytest.MonkeyPatch, limit: tuple[str, int]) -> None:
    monkeypatch.setattr(rows_module, *limit, raising=False)
    items = [account(i, expiresAt=ttl(1 if i % 2 else 10), score={"N": str(-i)}) for i in range(8)]
    model = loaded(items)
    model.sort(model.columns().index("score"), Qt.SortOrder.AscendingOrder)
    model.set_hide_expired(True)
    reshaped: list[bool] = []
    model.reshaped.connect(lambda: reshaped.append(True))
    at(model, 2)
    assert reshaped == [True] and pks(model) == ["6", "4", "2", "0"]  # the sort kept
    model = loaded(items)  # not hiding them: every row painted again
    changes: list[tuple[int, int, int, int, list[int]]] = []
    model.dataChanged.connect(lambda top, bottom, roles: changes.append(
        (top.row(), top.column(), bottom.row(), bottom.column(), list(roles))))
    at(model, 2)
    assert (0, 0, 7, model.columnCount() - 1) in [c[:4] for c in changes if BG.value in c[4]]
    assert [look(model, r)[1:] for r in (0, 1)] == [("pending", False, False), ("expired", True, True)]


def test_a_row_replaced_or_deleted_after_the_read_expires_as_it_is_now(qapp: Any) -> None:
    model = loaded([account(0, expiresAt=ttl(2)), account(1, expiresAt=ttl(-1)), account(2)],
                   [account(3, expiresAt=ttl(4)), account(4, expiresAt=ttl(6))])
    assert model.replace_item(key(0), account(0, expiresAt=ttl(10)))  # extended: not at 2 h
    assert model.replace_item(key(1), account(1, expiresAt=ttl(3)))  # read expired, revived
    assert model.replace_item(key(2), account(2, expiresAt=ttl(1)))  # given a TTL
    assert model.replace_item(key(3), None)  # deleted: the later rows move up one
    pending, expired = (False, False), (True, True)  # untinted, tinted
    at(model, 2.5)
    assert [look(model, r) for r in range(4)] == [
        ("0", "pending", *pending), ("1", "pending", *pending), ("2", "expired", *expired),
        ("4", "pending", *pending)]
    at(model, 5)
    assert [look(model, r) for r in range(4)] == [
        ("0", "pending", *pending), ("1", "expired", *expired), ("2", "expired", *expired),
        ("4", "pending", *pending)]
    at(model, 7)
    assert [look(model, r) for r in (0, 3)] == [("0", "pending", False, False), ("4", "expired", True, True)]
    at(model, 11)
    assert look(model, 0) == ("0", "expired", True, True)


def test_a_tick_looks_only_at_rows_whose_ttl_passed(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    model = loaded([account(i, expiresAt=ttl(i + 0.5)) for i in range(300)] + [account(300)])
    flags = bytes(model._rows.flags)
    decoded: list[bytes] = []
    real = core_rows.decode_row
    monkeypatch.setattr(core_rows, "decode_row", lambda row: decoded.append(row) or real(row))
    events: list[str] = []
    model.dataChanged.connect(lambda top, bottom, roles: events.append(f"changed {top.row()}:{bottom.row()}"))
    for signal in (model.rowsRemoved, model.modelReset, model.layoutChanged):
        signal.connect(lambda *_: events.append("reshaped"))
    at(model, 0.25)  # nothing expired: no row looked at, none restyled
    assert bytes(model._rows.flags) == flags and not decoded and not events
    model.set_hide_expired(True)
    events.clear()
    at(model, 0.3)  # nor while hiding expired rows
    assert bytes(model._rows.flags) == flags and not decoded and not events
    model.set_hide_expired(False)
    events.clear()
    at(model, 1)  # one expired: that row is painted again, and only it (its expiry was kept)
    assert [KINDS[f] for f in model._rows.flags[:3]] == ["expired", "pending", "pending"]
    assert not decoded and events == ["changed 0:0"]
    at(model, 1.5 + 1e-7)  # about when the next expires: that row is read again, to say as its text does
    assert [KINDS[f] for f in model._rows.flags[:3]] == ["expired", "expired", "pending"]
    assert len(decoded) == 1 and events[1:] == ["changed 1:1"]


def test_pending_expiries_skip_other_rows_and_read_any_attribute_name(qapp: Any) -> None:
    from dynoview.ui.items.rows import PendingExpiry, pending_expiries

    for name in ("expiresAt", 'odd "name"\\'):
        items = [{"PK": {"S": "a\ud800"}, name: {"N": str(T0 + 5)}}, {"PK": {"S": "b"}, name: {"N": "x"}},
                 {"PK": {"S": "c"}, name: {"N": str(T0 + 1)}}, {"PK": {"S": "d"}}]
        block = block_from_items(items, core_rows.RowShape(flag=lambda item, n=name: 1 if item.get(n, {}).get(
            "N", "").isdigit() else 0))
        assert pending_expiries(block.rows, block.flags, name) == ([T0 + 5.0, T0 + 1.0], [0, 2])
    watch = PendingExpiry()
    watch.add_block([30.0, 10.0, 20.0], [0, 3, 4])
    watch.add_block([], [])
    watch.add_block([15.0], [1])
    watch.add_row(18.0, 4)
    watch.delete(0, 2, 2)  # the block's rows after offset 2 move up, the replaced row too
    # The last block whole (its rows 5:8), the first's row 2; 20 is about now: read again.
    assert watch.due(20.0005, [0, 5, 5], 8) == ([range(5, 8)], [2], [(3, 18.0), (3, 20.0)])
    assert watch.due(21, [0, 5, 5], 8) == ([], [], []) and watch.due(31, [0, 5, 5], 8) == ([], [0], [])
    watch.delete(0, 0, 0)
    assert watch.due(99, [0, 4, 4], 7) == ([], [], [])


def test_a_page_expired_at_once_is_marked_whole(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A load left open overnight: every pending row of a page expires in one tick, its codes
    set in one pass (the rows read expired, never expiring or without TTL kept as they are)."""
    first = [account(0, expiresAt=ttl(1)), account(1), account(2, expiresAt=ttl(2)),
             account(3, expiresAt={"S": "soon"}), account(4, expiresAt=ttl(-1))]
    model = loaded(first, [account(5, expiresAt=ttl(1.5)), account(6, expiresAt=ttl(30))])
    decoded: list[bytes] = []
    real = core_rows.decode_row
    monkeypatch.setattr(core_rows, "decode_row", lambda row: decoded.append(row) or real(row))
    at(model, 12)
    assert [KINDS[f] for f in model._rows.flags] == [
        "expired", "none", "expired", "never", "expired", "expired", "pending"]
    assert not decoded
    assert [look(model, r)[1:] for r in (0, 1, 2, 5, 6)] == [
        ("expired", True, True), ("none", False, False), ("expired", True, True),
        ("expired", True, True), ("pending", False, False)]


def test_between_ticks_the_text_says_what_the_look_shows(qapp: Any) -> None:
    """On the real clock (the rows were read at NOW, long ago): the status is said as of the last
    tick (or the read), so it never says expired while the row is neither tinted nor hidden."""
    model = loaded([account(0, expiresAt=ttl(2))])
    model.now = None
    status = model.columns().index(TTL_STATUS_COLUMN)
    assert look(model, 0) == ("0", "pending", False, False)
    assert model.data(model.index(0, status)) == "expires in 2 h" and model.ttl_of(0).kind == "pending"
    ttl_clock_moved(model)
    assert look(model, 0) == ("0", "expired", True, True) and model.ttl_of(0).kind == "expired"
    assert model.data(model.index(0, status)).endswith("ago, after the read")
