"""Accounts & locks: a lock row's Account cell, "(no account)", is the catalogue's text in another
language (it stayed English in French and Portuguese), while sorting by account still orders by
core's English constant off the UI thread and the row still stands for its lock."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from dynoview.core.audit.rows import build_rows
from dynoview.core.audit.view_order import ACCOUNT_COLUMN, RowOrdering, SortKey, ViewQuery
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.locks.model import COL_ACCOUNT, AuditRowsModel, KeyRole

TRANSLATED = "(sans compte)"


class _French(QTranslator):
    """Translates only a lock row's Account cell, in the context lupdate files it under."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        return TRANSLATED if (context, source) == ("locks.model", "(no account)") else ""


@pytest.fixture
def french(qapp: Any) -> Iterator[None]:
    translator = _French()
    QCoreApplication.installTranslator(translator)
    try:
        yield
    finally:
        QCoreApplication.removeTranslator(translator)


def s(value: str) -> dict[str, str]:
    return {"S": value}


def test_a_lock_rows_account_cell_is_translated_and_sorts_as_before(french: None) -> None:
    orphan = {"PK": s("UNIQ#EMAIL#zed@x.io"), "SK": s("LOCK")}
    pairing = classify([{"PK": s("ACCT#2"), "SK": s("PROFILE"), "email": s("b@x.io")},
                        {"PK": s("UNIQ#EMAIL#b@x.io"), "SK": s("LOCK")},
                        {"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s("a@x.io")},
                        {"PK": s("UNIQ#EMAIL#a@x.io"), "SK": s("LOCK")}, orphan], article_schema())
    rows = build_rows(pairing, pairing.findings())
    model = AuditRowsModel()
    model.set_rows(rows)

    def shown() -> list[str]:
        return [model.index(r, COL_ACCOUNT).data() for r in range(model.rowCount())]

    assert TRANSLATED in shown() and "(no account)" not in shown()
    lock_row = shown().index(TRANSLATED)
    assert model.index(lock_row, COL_ACCOUNT).data(KeyRole) == orphan  # still the lock's row
    look = model.look(lock_row, COL_ACCOUNT)  # what the grid's delegate paints
    assert look is not None and look[0] == TRANSLATED
    # Sorted by account (core's English "(no account)" sorts before "ACCT#…"): lock row first.
    model.set_order(RowOrdering(rows).order(ViewQuery(sort=SortKey(ACCOUNT_COLUMN))))
    assert shown() == [TRANSLATED, "ACCT#1", "ACCT#2"]
    model.set_order(RowOrdering(rows).order(ViewQuery(sort=SortKey(ACCOUNT_COLUMN, descending=True))))
    assert shown() == ["ACCT#2", "ACCT#1", TRANSLATED]
