"""The table's item behind a row read from an index.

An index row holds what the index projects (and a GSI's may be behind the table): editing it
as the item would write that part back as the whole item. Edit… reads the table's item by
key (a strongly consistent GetItem) and edits that.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dynoview.core.session.tables import TableInfo
from dynoview.ui.context import AppContext
from dynoview.ui.i18n import QT_TRANSLATE_NOOP

GONE = QT_TRANSLATE_NOOP("items.base_items", "The item {key} is no longer in {table}: nothing to edit. "
                         "Run the read again.")


def read_whole_item(ctx: AppContext, info: TableInfo, row: dict[str, Any],
                    then: Callable[[dict[str, Any]], None]) -> None:
    """Read the table's item with ``row``'s key, then call ``then`` with it (the status bar
    says so when it is gone). A failed read is reported as any GetItem is."""
    key = {name: row[name] for name in info.key_names if name in row}

    async def read() -> None:
        reader = ctx.reader
        if reader is None:
            return
        item = await ctx.tasks.call(reader.get_item, info.name, key)
        if item is None:
            from PySide6.QtCore import QCoreApplication

            from dynoview.core.tx.cancellation import key_text

            ctx.status_message.emit(QCoreApplication.translate("items.base_items", GONE).format(
                key=key_text(key), table=info.name))
            return
        then(item)

    def failed(exc: BaseException) -> None:
        ctx.report(exc, operation="GetItem")

    ctx.tasks.start(f"items-base-item-{info.name}", read(), on_error=failed)
