"""The items delegate paints a cell as Qt's own delegate would from the model's roles, with one
call into the model per cell instead of one per role."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTableView

from dynoview.core.edits.staging import CellChange
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.ui.items.cell_paint import ItemsDelegate
from dynoview.ui.items.model import ItemsModel

TTL_TABLE = TableInfo("sessions", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"),
                      ttl_attribute="expiresAt", ttl_status="ENABLED")
NOW = datetime(2026, 1, 1, tzinfo=UTC)
PAST, FUTURE = str(int(NOW.timestamp()) - 7200), str(int(NOW.timestamp()) + 7200)
HAS_DISPLAY = QStyleOptionViewItem.ViewItemFeature.HasDisplay


def account(i: int, **attrs: Any) -> dict[str, Any]:
    return {"PK": {"S": f"ACCT#{i:04d}"}, "SK": {"S": "PROFILE"}, **attrs}


class OneStagedCell:
    """Staging with one cell staged: account 1's name, changed to "Grace"."""

    active = True

    def cell(self, item: Mapping[str, Any], column: str) -> CellChange | None:
        if item["PK"]["S"] == "ACCT#0001" and column == "name":
            return CellChange("name", {"S": "Ada"}, {"S": "Grace"})
        return None


def ttl_model() -> ItemsModel:
    """Expired, plain, pending, never-expiring (a TTL that is not a number) and staged cells."""
    model = ItemsModel()
    model.now = NOW
    model.reset(TTL_TABLE)
    model.append_page([account(0, expiresAt={"N": PAST}, name={"S": "x"}),
                       account(1, name={"S": "Ada"}),
                       account(2, expiresAt={"N": FUTURE}),
                       account(3, expiresAt={"S": "soon"}, name={"S": "z"})], True)
    model.staging = OneStagedCell()
    return model


def option_of(delegate: QStyledItemDelegate, view: QTableView,
              index: QModelIndex | QPersistentModelIndex) -> QStyleOptionViewItem:
    option = QStyleOptionViewItem()
    option.initFrom(view)
    delegate.initStyleOption(option, index)
    return option


def test_each_cell_gets_the_option_qt_builds_from_the_roles(qapp: Any) -> None:
    model = ttl_model()
    view = QTableView()
    view.setModel(model)
    ours, qts = ItemsDelegate(view), QStyledItemDelegate(view)
    seen_backgrounds = set()
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            got, want = option_of(ours, view, index), option_of(qts, view, index)
            assert got.text == want.text == model.data(index), (row, column)
            assert bool(got.features & HAS_DISPLAY) == bool(want.features & HAS_DISPLAY)
            assert got.backgroundBrush == want.backgroundBrush, (row, column)
            assert (got.palette.brush(QPalette.ColorRole.Text)
                    == want.palette.brush(QPalette.ColorRole.Text)), (row, column)
            assert got.index == index
            seen_backgrounds.add(got.backgroundBrush.color().name())
    # The comparison met every look: plain, expired, never-expiring and staged.
    assert len(seen_backgrounds) == 4
    assert option_of(ours, view, model.index(1, model.columns().index("name"))).text == "Grace"


class CountingModel(ItemsModel):
    def __init__(self) -> None:
        super().__init__()
        self.roles: list[int] = []

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        self.roles.append(role)
        return super().data(index, role)


def test_a_paint_asks_the_model_no_role_per_cell(qapp: Any) -> None:
    model = CountingModel()
    model.reset(TTL_TABLE)
    model.append_page([account(i, name={"S": f"n{i}"}) for i in range(50)], True)
    view = QTableView()
    view.setModel(model)
    view.resize(600, 400)
    view.show()
    qapp.processEvents()
    for delegate, asked in ((QStyledItemDelegate(view), True), (ItemsDelegate(view), False)):
        view.setItemDelegate(delegate)
        model.roles.clear()
        view.viewport().repaint()
        assert (Qt.ItemDataRole.DisplayRole in model.roles) is asked
    view.close()
    view.deleteLater()
