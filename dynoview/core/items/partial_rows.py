"""Whether the rows a read returned are whole items, or only part of each.

An index holds the attributes it projects (KEYS_ONLY, INCLUDE), and a PartiQL SELECT of named
attributes returns those alone. Written back as items (Copy to table…, Edit as JSON…), such a
row would replace the whole item with its part: every attribute it does not hold is lost. The
views ask here, and say why instead of writing.
"""

from __future__ import annotations

from dynoview.core.reads.partiql_statements import selects_whole_items, statement_target
from dynoview.core.session.tables import TableInfo


def index_rows_note(info: TableInfo | None, index: str | None) -> str | None:
    """Why rows read from ``index`` of ``info`` are not whole items (None: they are, or the
    rows come from the table itself)."""
    if info is None or not index:
        return None
    try:
        found = info.index(index)
    except KeyError:
        found = None
    if found is not None and found.projection == "ALL":
        return None
    what = (f"{found.projection} projection" if found is not None else "projection, which is unknown")
    return (f"These rows come from the index {index}, whose {what} holds only part of each item: "
            f"written back, they would delete every attribute the index does not hold. Read the "
            f"table {info.name} to copy whole items.")


def statement_rows_note(statement: str | None, info: TableInfo | None) -> str | None:
    """Why the rows a PartiQL statement returned are not whole items (None: they are)."""
    if not statement:
        return None
    if not selects_whole_items(statement):
        return ("This SELECT names its attributes, so each row holds only those: written back, "
                "they would delete every other attribute. Run SELECT * to copy whole items.")
    target = statement_target(statement)
    return index_rows_note(info, target[1]) if target is not None else None
