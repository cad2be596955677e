"""The table models after a write, without widgets: rows replaced, removed, marked stale."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from dynoview.core.audit.rows import build_rows
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.items.model import ItemsModel
from dynoview.ui.locks.model import STALE_TEXT, STALE_TIP, AuditRowsModel, row_item

S = article_schema()
TABLE = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))


def s(v: str) -> dict[str, str]:
    return {"S": v}


def item(pk: str, **attrs: str) -> dict[str, Any]:
    return {"PK": s(pk), "SK": s("PROFILE"), **{k: s(v) for k, v in attrs.items()}}


def test_items_model_replaces_removes_and_adds_columns(qapp: Any) -> None:
    model = ItemsModel()
    model.reset(TABLE)
    model.append_page([item("ACCT#1", email="a@x"), item("ACCT#2", email="b@x")], exhausted=True)
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom: changed.append(top.row()))
    key2 = {"PK": s("ACCT#2"), "SK": s("PROFILE")}
    assert model.replace_item(key2, item("ACCT#2", email="c@x"))
    assert model.item(1)["email"] == s("c@x") and changed == [1]
    assert model.replace_item(key2, item("ACCT#2", email="c@x", nick="cee"))  # a new column
    assert "nick" in model.columns() and model.item(1)["nick"] == s("cee")
    assert model.replace_item({"PK": s("ACCT#1"), "SK": s("PROFILE")}, None)  # deleted
    assert model.rowCount() == 1 and model.loaded_count == 1
    assert not model.replace_item({"PK": s("ACCT#9"), "SK": s("PROFILE")}, item("ACCT#9"))
    assert model.row_of(key2) == 0


def test_pairing_model_marks_written_rows_stale(qapp: Any) -> None:
    pairing = classify([item("ACCT#1", email="a@x", username="a"),
                        {"PK": s("UNIQ#EMAIL#a@x"), "SK": s("LOCK")},
                        {"PK": s("UNIQ#EMAIL#z@x"), "SK": s("LOCK")}], S)
    model = AuditRowsModel()
    model.set_rows(build_rows(pairing, pairing.findings()))
    rows = {r.account_id or "lock": r for r in model.pair_rows()}
    assert row_item(S, rows["ACCT#1"]) == item("ACCT#1", email="a@x", username="a")
    # A write to the account's email lock makes the account's row stale too.
    assert model.mark_stale([{"PK": s("UNIQ#EMAIL#a@x"), "SK": s("LOCK")}]) == 1
    index = model.pair_rows().index(rows["ACCT#1"])
    assert model.is_stale(rows["ACCT#1"]) and not model.is_stale(rows["lock"])
    assert model.data(model.index(index, model.status_column())).endswith(f"({STALE_TEXT})")
    assert model.data(model.index(index, 0), Qt.ItemDataRole.ToolTipRole) == STALE_TIP
    model.set_rows(build_rows(pairing, pairing.findings()))  # a new audit: nothing stale
    assert not any(model.is_stale(r) for r in model.pair_rows())
