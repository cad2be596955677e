"""The items model over compact rows: what it shows is what was read, in the order chosen,
whether a sort runs at once or in the pool, across pages, writes and Hide expired."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

from dynoview.core.reads.columns import sorted_rows
from dynoview.core.reads.rows import RowShape, block_from_items
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.items import sorting, ui_gate
from dynoview.ui.items.model import (
    TTL_STATUS_COLUMN,
    ItemRole,
    ItemsModel,
    RawValueRole,
    TtlStateRole,
    ttl_clock_moved,
)
from dynoview.ui.items.rows import SortJob, row_shape

TABLE = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
TTL_TABLE = TableInfo("sessions", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                      ttl_attribute="expiresAt", ttl_status="ENABLED")
NOW = datetime(2026, 1, 1, tzinfo=UTC)
PAST, FUTURE = str(int(NOW.timestamp()) - 7200), str(int(NOW.timestamp()) + 7200)


def s(v: str) -> dict[str, str]:
    return {"S": v}


def account(i: int, **attrs: Any) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{i:04d}"), "SK": s("PROFILE"), **attrs}


def key(i: int) -> dict[str, Any]:
    return {"PK": s(f"ACCT#{i:04d}"), "SK": s("PROFILE")}


def some_items(n: int, seed: int = 1) -> list[dict[str, Any]]:
    """Items with a score (numbers compare by value), a name (sometimes missing), binary."""
    rng = random.Random(seed)
    items = []
    for i in range(n):
        item = account(i, score={"N": str(rng.choice([-5, 0, 2, 10, 100]) + rng.random())},
                       blob={"B": bytes([i % 256, 0, 255])})
        if rng.random() < 0.8:
            item["name"] = s(rng.choice(["ada", "Ada", "bob", "émile", "zed"]))
        items.append(item)
    return items


def shown(model: ItemsModel) -> list[dict[str, Any]]:
    return [model.item(r) for r in range(model.rowCount())]


def expected_sort(items: list[dict[str, Any]], column: str, descending: bool) -> list[dict[str, Any]]:
    return [items[i] for i in sorted_rows(items, column, descending)]


def test_rows_show_the_items_losslessly(qapp: Any) -> None:
    items = some_items(50)
    model = ItemsModel()
    model.reset(TABLE)
    model.append_page(items[:20], False)
    model.append_page(block_from_items(items[20:], model.row_shape()), True)  # as a worker decodes
    assert shown(model) == items and model.items() == items
    col = model.columns().index("blob")
    assert model.data(model.index(3, col)) == "b64:AwD/"
    assert model.data(model.index(3, col), RawValueRole) == {"B": bytes([3, 0, 255])}
    assert model.data(model.index(3, 0), ItemRole) == items[3]
    assert [model.row_of(key(i)) for i in (0, 49)] == [0, 49]
    assert model.row_of(key(50)) is None


@pytest.mark.parametrize("column", ["score", "name", "blob", "PK"])
@pytest.mark.parametrize("descending", [False, True])
def test_sorting_in_the_pool_and_merging_pages_matches_a_full_sort(
        qapp: Any, monkeypatch: pytest.MonkeyPatch, column: str, descending: bool) -> None:
    monkeypatch.setattr(sorting, "SYNC_SORT_ROWS", 0)  # every sort goes to the sorter
    jobs: list[SortJob] = []
    items = some_items(120, seed=len(column))
    model = ItemsModel()
    model.sorting.sorter = jobs.append
    model.reset(TABLE)
    model.append_page(items[:40], False)
    model.sorting.set_sort(column, descending)
    assert model.sorting.current == (column, descending) and shown(model) == items[:40]  # not yet
    job = jobs.pop()
    model.sorting.apply(job, job.run())
    assert shown(model) == expected_sort(items[:40], column, descending)
    for start in (40, 80):  # each page joins the sorted order: only its own keys are computed
        model.append_page(items[start:start + 40], start == 80)
        assert shown(model)[-40:] == items[start:start + 40]  # shown as read until sorted
        job = jobs.pop()
        assert len(job.keys) == start
        model.sorting.apply(job, job.run())
        assert shown(model) == expected_sort(items[:start + 40], column, descending)
    assert not jobs


def test_a_stale_sort_is_dropped_and_run_again(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sorting, "SYNC_SORT_ROWS", 0)
    jobs: list[SortJob] = []
    items = some_items(30)
    model = ItemsModel()
    model.sorting.sorter = jobs.append
    model.reset(TABLE)
    model.append_page(items, True)
    model.sorting.set_sort("score")
    stale = jobs.pop()
    changed = account(5, score={"N": "-1000"})
    assert model.replace_item(key(5), changed)  # while the sort runs: its key changed
    fresh = jobs.pop()
    model.sorting.apply(stale, stale.run())  # ignored
    assert model.row_of(key(5)) == 5
    model.sorting.apply(fresh, fresh.run())
    assert model.row_of(key(5)) == 0 and model.item(0) == changed
    assert model.replace_item(key(5), None)  # a delete keeps the sorted order
    assert shown(model) == expected_sort(items[:5] + items[6:], "score", False)
    model.sorting.set_sort(None)
    assert shown(model) == items[:5] + items[6:]


def test_a_small_load_sorts_at_once_and_keeps_the_selection_row(qapp: Any) -> None:
    items = some_items(30)
    model = ItemsModel()
    model.reset(TABLE)
    model.append_page(items, True)
    persistent = model.index(7, 0)
    from PySide6.QtCore import QPersistentModelIndex

    kept = QPersistentModelIndex(persistent)
    model.sort(model.columns().index("score"), Qt.SortOrder.DescendingOrder)
    assert shown(model) == expected_sort(items, "score", True)
    assert model.item(kept.row()) == items[7]  # the view's selection follows its item


def ttl_items() -> list[dict[str, Any]]:
    return [account(0, expiresAt={"N": PAST}), account(1), account(2, expiresAt={"N": FUTURE}),
            account(3, expiresAt={"S": "soon"}), account(4, expiresAt={"N": PAST})]


def test_ttl_states_colours_and_hide_expired(qapp: Any) -> None:
    model = ItemsModel()
    model.now = NOW
    model.reset(TTL_TABLE)
    model.append_page(ttl_items()[:3], False)
    model.append_page(block_from_items(ttl_items()[3:], row_shape(TTL_TABLE, NOW)), True)
    status = model.columns().index(TTL_STATUS_COLUMN)
    assert status == 2 and model.columns()[3] == "expiresAt"
    kinds = [model.data(model.index(r, status), TtlStateRole).kind for r in range(5)]
    assert kinds == ["expired", "none", "pending", "never", "expired"]
    assert model.data(model.index(0, status)).startswith("expired 2 h ago")
    assert model.data(model.index(0, 0), Qt.ItemDataRole.BackgroundRole) is not None
    assert model.data(model.index(1, 0), Qt.ItemDataRole.BackgroundRole) is None
    assert model.data(model.index(3, status), Qt.ItemDataRole.BackgroundRole) is not None
    assert model.ttl_of(2).kind == "pending" and model.ttl_of(1).kind == "none"
    model.sorting.set_sort(TTL_STATUS_COLUMN, descending=True)
    assert [model.item(r)["PK"]["S"][-1] for r in range(5)] == ["2", "0", "4", "1", "3"]
    model.set_hide_expired(True)
    assert model.rowCount() == 3 and model.hidden_count == 2
    assert [model.item(r)["PK"]["S"][-1] for r in range(3)] == ["2", "1", "3"]
    model.append_page([account(5, expiresAt={"N": PAST}), account(6)], True)  # hidden as it comes
    assert model.rowCount() == 4 and model.hidden_count == 3
    assert model.replace_item(key(2), account(2, expiresAt={"N": PAST}))  # now expired: hidden
    assert model.rowCount() == 3 and model.row_of(key(2)) is None
    model.set_hide_expired(False)
    assert model.rowCount() == 7


def test_finding_a_row_survives_digest_collisions(qapp: Any) -> None:
    model = ItemsModel()
    model.reset(TABLE)
    model.append_page(some_items(10), True)
    model._rows.digests[2] = model._rows.digests[6]  # a collision: the row itself is compared
    assert model.row_of(key(6)) == 6 and model.row_of(key(2)) is None
    assert model.row_of({"PK": s("ACCT#0003")}) == 3  # not the table's key: compared row by row


def test_shape_follows_the_table(qapp: Any) -> None:
    assert row_shape(None) == RowShape(pause=ui_gate.pause)
    assert row_shape(TABLE).key_names == ("PK", "SK") and row_shape(TABLE).flag is None
    assert row_shape(TTL_TABLE, NOW).flag is not None


class NothingStaged:
    """The model's ``StagedLookup`` with nothing staged: the cells are editable, none marked."""

    active = False

    def cell(self, item: Any, column: str) -> None:
        return None


def test_flags_are_qts_own_and_editable_where_an_attribute_is(qapp: Any) -> None:
    model = ItemsModel()
    model.reset(TTL_TABLE)
    model.append_page(ttl_items(), True)
    cells = [model.index(0, c) for c in range(model.columnCount())]
    qt_flags = QAbstractTableModel.flags(model, cells[0])  # what Qt gives a cell
    assert all(model.flags(cell) == qt_flags for cell in cells)  # not edited in place: none editable
    model.staging = NothingStaged()
    editable = [model.columns()[c.column()] for c in cells if model.flags(c) & Qt.ItemFlag.ItemIsEditable]
    assert editable == ["expiresAt"]  # not the keys, not the computed TTL status
    assert all(model.flags(c) & ~Qt.ItemFlag.ItemIsEditable == qt_flags for c in cells)
    assert model.flags(QModelIndex()) == QAbstractTableModel.flags(model, QModelIndex())


def test_the_ttl_column_counts_from_now_as_time_passes(qapp: Any) -> None:
    """The rows were read at NOW; an hour later the cell no longer says "expires in 2 h" (it
    said so until the window was closed): each clock tick says it again from now."""
    model = ItemsModel()
    model.now = NOW
    model.reset(TTL_TABLE)
    read = block_from_items([account(0, expiresAt={"N": FUTURE})], row_shape(TTL_TABLE, NOW))
    model.append_page(read, True)
    status = model.columns().index(TTL_STATUS_COLUMN)
    assert model.data(model.index(0, status)) == "expires in 2 h"
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, roles: changed.append((top.column(), bottom.column())))
    model.now = NOW + timedelta(hours=3)
    ttl_clock_moved(model)
    # The row expired since the read: painted again whole (its tint), then the TTL texts.
    assert changed == [(0, model.columnCount() - 1), (status, status)]
    assert model.data(model.index(0, status)) == "expired 60 min ago, after the read"
    assert "may have deleted it" in model.data(model.index(0, status), Qt.ItemDataRole.ToolTipRole)
