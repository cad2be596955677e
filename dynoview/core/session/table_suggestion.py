"""The table a missing name most likely meant ("Did you mean accounts?"), from ListTables.

Asked only once a table turned out missing, so a command that works costs no call. The names
are paged through (a name in the wrong case sorts far from the one meant, and DynamoDB gives
100 names a page), up to ``SUGGESTION_NAMES``. Any failure to list is no suggestion: a hint
that cannot be had must not replace the error it was for. This module imports nothing (of
DynoView's, botocore) until asked, so the transaction checks can import it at their top.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dynoview.core.session.connection import Connection

#: At most this many names (ten ListTables pages) are read for a suggestion: an account with
#: thousands of tables must not turn a typo into minutes of calls before its error is shown.
#: Past the cap a name goes without a suggestion rather than wait for one.
SUGGESTION_NAMES = 1_000


def table_names_for_suggestion(conn: Connection, limit: int = SUGGESTION_NAMES) -> tuple[str, ...]:
    """The names ListTables gives, page after page, up to ``limit``; what was read before a
    failure (none when the first page fails)."""
    from botocore.exceptions import BotoCoreError, ClientError  # only on a missing table's path

    from dynoview.core.errors import DynoViewError

    names: list[str] = []
    try:
        pages = conn.client.get_paginator("list_tables").paginate(PaginationConfig={"MaxItems": limit})
        for page in pages:
            names.extend(page.get("TableNames", []))
    except (BotoCoreError, ClientError, DynoViewError):
        pass
    return tuple(names[:limit])


def suggested_tables(conn: Connection, missing: Iterable[str]) -> dict[str, str]:
    """Each missing name that is almost a listed table's -> that table (one listing for all)."""
    from dynoview.core.error_messages import similar_table  # loads with the first error, as there

    wanted = list(dict.fromkeys(missing))
    if not wanted:
        return {}
    names = table_names_for_suggestion(conn)
    meant = {name: similar_table(name, names) for name in wanted}
    return {name: table for name, table in meant.items() if table is not None}


def did_you_mean(meant: str | None) -> str:
    """`` Did you mean NAME?`` to put after a "does not exist" sentence, or ""."""
    return f" Did you mean {meant}?" if meant else ""
