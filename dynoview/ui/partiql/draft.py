"""The PartiQL tab's unsent statement, kept per connection name: the editor's text, the ``?``
rows (type and value exactly as typed, even when they do not parse) and the read mode.

Kept when the window closes and when the tab's connection changes away; restored when the tab
is built or its connection changes to one with a draft. Nothing is sent on restore. An empty
editor keeps nothing (its draft is removed). A statement that cannot be written (a full disk)
removes the one kept before: that older one must not come back as if it were the last.

One file per connection in the drafts folder of the connection's profile (``DraftStore``'s
root, so a demo's never mixes with the user's): ``partiql/<hash of the name>.json``, the name
inside too, so a file is only used for the connection it names. Written whole (a temporary
file renamed over it), 0600 in 0700 folders, as the other drafts. The text is JSON with ASCII
escapes: any length, NBSP, line separators and lone surrogates come back as they were. A file
that cannot be used is set aside (``.corrupt-<time>``) and said; it never stops the tab.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from PySide6.QtWidgets import QCheckBox, QPlainTextEdit

from dynoview.core.drafts.model import DraftError
from dynoview.core.drafts.store import DraftStore
from dynoview.core.reads.partiql import PARAMETER_KINDS
from dynoview.core.session import profile
from dynoview.core.session.private_files import PrivateFileError, private_dir, write_private_text
from dynoview.ui.json_text import raw_text

if TYPE_CHECKING:
    from dynoview.core.session.connection import Connection

log = logging.getLogger(__name__)
FOLDER = "partiql"
FORMAT = 1
SUFFIX = ".json"


class StatementDraft(NamedTuple):
    """What the PartiQL tab held, unsent."""

    statement: str
    parameters: tuple[tuple[str, str], ...]  # (type, value as typed) per row
    consistent: bool

    @property
    def empty(self) -> bool:
        return not self.statement.strip()


def drafts_root(conn: Connection) -> Path:
    """The drafts folder of ``conn``'s profile (the demo's own for the embedded demo)."""
    return DraftStore.of_profile(profile.of_connection(conn.spec)).root


def draft_path(root: Path, connection: str) -> Path:
    """``<root>/partiql/<hash>.json``: safe on every file system whatever the name holds."""
    digest = hashlib.sha256(connection.encode("utf-8", "surrogatepass")).hexdigest()[:40]
    return root / FOLDER / f"{digest}{SUFFIX}"


def _parsed(data: Any, connection: str) -> tuple[str, StatementDraft]:
    """The connection a file names and its draft; ``DraftError`` says what is wrong."""
    if not isinstance(data, dict):
        raise DraftError("it is not a JSON object")
    if type(data.get("format")) is not int or data.get("format") != FORMAT:  # not true == 1
        raise DraftError(f"its format is {data.get('format')!r}, not {FORMAT}")
    named, statement, rows = data.get("connection"), data.get("statement"), data.get("parameters")
    if not isinstance(named, str):
        raise DraftError("it does not say which connection it is for")
    if not isinstance(statement, str):
        raise DraftError("its statement is not a text")
    if not isinstance(rows, list) or not all(
            isinstance(r, list) and len(r) == 2 and all(isinstance(p, str) for p in r) for r in rows):
        raise DraftError("its parameters are not (type, value) texts")
    unknown = next((r[0] for r in rows if r[0] not in PARAMETER_KINDS), None)
    if unknown is not None:
        raise DraftError(f"a parameter has a type DynoView does not have ({unknown[:40]!r})")
    if not isinstance(data.get("consistent"), bool):
        raise DraftError("its read mode (consistent) is not true or false")
    return named, StatementDraft(statement, tuple((k, t) for k, t in rows), data["consistent"])


def load_draft(root: Path, connection: str) -> tuple[StatementDraft | None, str | None]:
    """The draft kept for ``connection`` (None: none), or None and a sentence when its file
    cannot be read (then set aside, as ``DraftStore.parse_file`` does for every draft)."""
    path = draft_path(root, connection)
    what = f"The unsent PartiQL statement of {connection!r} kept in {path}"
    found, problem = DraftStore(root).parse_file(path, lambda data: _parsed(data, connection), what)
    if problem is not None:
        log.warning("%s", problem)
    if found is None or found[0] != connection:  # a file naming another connection is not used
        return None, problem
    return found[1], None


def keep_draft(root: Path, connection: str, draft: StatementDraft) -> str | None:
    """Keep ``draft`` for ``connection`` (an empty one removes what was kept). None, or a
    sentence (logged too) when the file cannot be written; never raises."""
    path = draft_path(root, connection)
    try:
        if draft.empty:
            if os.path.lexists(path):  # a missing file on a read-only disk: EROFS, not FileNotFound
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
            return None
        data = {"format": FORMAT, "connection": connection, "statement": draft.statement,
                "parameters": [list(row) for row in draft.parameters], "consistent": draft.consistent}
        private_dir(path.parent, top=profile.config_root())
        # ASCII escapes: a lone surrogate is kept too (UTF-8 has no form for it).
        write_private_text(path, json.dumps(data, ensure_ascii=True) + "\n", encoding="utf-8")
    except (OSError, PrivateFileError) as exc:
        message = f"The unsent PartiQL statement of {connection!r} could not be kept in {path}: {exc}"
        if not draft.empty and _removed(path):
            message += (". The statement kept before was removed, so it does not come back as if "
                        "it were the last one")
        log.warning("%s", message)
        return message
    return None


def _removed(path: Path) -> bool:
    """Remove the draft kept before a newer one failed to be written (a full disk): left, the
    next start would show that older statement as the last one. Unlinking needs no space."""
    if not os.path.isfile(path) or os.path.islink(path):
        return False  # none, or not a draft file (a folder, a link): nothing kept to remove
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError:
        log.warning("The older PartiQL draft %s could not be removed either", path, exc_info=True)
        return False
    return True


class ParameterRows(Protocol):
    """The parameters table, as a draft reads and restores it."""

    def rows(self) -> tuple[tuple[str, str], ...]: ...

    def set_rows(self, rows: tuple[tuple[str, str], ...]) -> None: ...


class EditorDrafts:
    """Keeps and restores the tab's editor, ``?`` rows and read mode for the connection it is
    on (``connection``: the name the editor's content belongs to now)."""

    def __init__(self, editor: QPlainTextEdit, parameters: ParameterRows, consistent: QCheckBox) -> None:
        self.editor = editor
        self.parameters = parameters
        self.consistent = consistent
        self.conn: Connection | None = None

    def current(self) -> StatementDraft:
        return StatementDraft(raw_text(self.editor), self.parameters.rows(), self.consistent.isChecked())

    def keep(self) -> str | None:
        """Keep what the tab holds for its connection (none: nothing to keep)."""
        conn = self.conn
        return keep_draft(drafts_root(conn), conn.spec.name, self.current()) if conn is not None else None

    def switch(self, conn: Connection | None) -> tuple[bool, str | None]:
        """The tab's connection changed to ``conn``: keep what it holds for the one left, then
        ``restore``. When that keep failed, or ``conn`` has the same name (a reconnect), the editor
        stays as it is: replacing it would lose what could not be kept, or the undo steps."""
        left, problem = self.conn, self.keep()
        same = left is not None and conn is not None and left.spec.name == conn.spec.name
        if problem is not None or same:
            self.conn = conn
            return False, problem
        return self.restore(conn)

    def restore(self, conn: Connection | None) -> tuple[bool, str | None]:
        """The tab is now on ``conn``: its draft, if any, replaces what the tab holds. Whether
        one was restored, and a sentence when its file could not be read."""
        self.conn = conn
        if conn is None:
            return False, None
        draft, problem = load_draft(drafts_root(conn), conn.spec.name)
        if draft is None:
            return False, problem
        self.editor.setPlainText(draft.statement)
        self.parameters.set_rows(draft.parameters)
        self.consistent.setChecked(draft.consistent)
        return True, None
