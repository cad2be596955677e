"""The PartiQL tab's unsent statement, kept per window and connection: the editor's text, the
``?`` rows (type and value exactly as typed, even when they do not parse) and the read mode.

Kept when the window closes and when the tab's connection changes away; restored when the tab
is built or its connection changes to one with a draft. Nothing is sent on restore. A connection
lost (a connect that failed) changes nothing: the editor's text stays the last connection's
(kept for it, and not replaced when it comes back). What a window typed with no connection at
all is kept as its statement for no connection (``NO_CONNECTION``), back when a tab opens with no
connection or reaches one with nothing kept (then kept for that one). A kept statement goes
over text typed since the last keep or restore only undoably (Ctrl+Z brings that text back). An empty
editor keeps nothing (this window's file is removed; other windows' stay). A statement that
cannot be written (a full disk) removes the one this window kept before: that older one must
not come back as if it were the last.

One folder per connection in the drafts folder of the connection's profile (``DraftStore``'s
root, so a demo's never mixes with the user's): ``partiql/<hash of the connection>/``, the
connection being its name and where it points (``schema_store.connection_key``: every
--endpoint-url connection is named "local"). In it each window writes only its own file and
holds its lock while it lives (``core.drafts.window_files``, as the builder's work and staged
cells): two windows on one connection never remove or replace each other's statement. A window
that has kept nothing for a connection takes over the newest statement a window that is gone left
there (written into its own file first, then the left one removed); a running window's is never
taken, and older ones stay for the next window. The single file of versions before, kept per
connection name (``draft_path``), is taken over the same way, once.

Written whole (a temporary file renamed over it), 0600 in 0700 folders, as the other drafts. The
text is JSON with ASCII escapes: any length, NBSP, line separators and lone surrogates come back
as they were. A file that cannot be used is set aside (``.corrupt-<time>``) and said; it never
stops the tab.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from PySide6.QtWidgets import QCheckBox, QPlainTextEdit

from dynoview.core.drafts.model import DraftError
from dynoview.core.drafts.store import DraftStore
from dynoview.core.drafts.window_files import WindowFiles
from dynoview.core.reads.partiql import PARAMETER_KINDS
from dynoview.core.session import profile
from dynoview.core.session.private_files import PrivateFileError, private_dir
from dynoview.core.uniqueness.schema_store import connection_key
from dynoview.ui.json_text import raw_text

if TYPE_CHECKING:
    from dynoview.core.session.connection import Connection
    from dynoview.ui.partiql.history_pick import HistoryPick

log = logging.getLogger(__name__)
FOLDER = "partiql"
FORMAT = 1
SUFFIX = ".json"
#: The key of what a window typed with no connection (a real one's names where it points: " @ ").
NO_CONNECTION = "(no connection)"
#: What ``EditorDrafts.restore`` put back: a kept statement, one over text the user typed
#: (undoable), the one typed with no connection (with none yet; kept for the connection reached).
RESTORED, OVER_TYPED, UNCONNECTED, ADOPTED = "restored", "over typed", "unconnected", "adopted"


class StatementDraft(NamedTuple):
    """What the PartiQL tab held, unsent."""

    statement: str
    parameters: tuple[tuple[str, str], ...]  # (type, value as typed) per row
    consistent: bool

    @property
    def empty(self) -> bool:
        return not self.statement.strip()


EMPTY = StatementDraft("", (), False)


def drafts_root(conn: Connection) -> Path:
    """The drafts folder of ``conn``'s profile (the demo's own for the embedded demo)."""
    return DraftStore.of_profile(profile.of_connection(conn.spec)).root


def draft_key(conn: Connection) -> str:
    """Which connection a statement is kept for: its name and where it points, as saved schemas
    are keyed (names repeat: "local" for every --endpoint-url connection)."""
    return connection_key(conn.spec, conn.region)


def _digest(text: str) -> str:
    """A hash of ``text``: a file name safe on every file system whatever the text holds."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def draft_path(root: Path, name: str) -> Path:
    """``<root>/partiql/<hash>.json``: the single file versions before kept for the connection
    called ``name`` (shared by every window). Read once, by the first window that takes it over;
    never written."""
    return root / FOLDER / f"{_digest(name)}{SUFFIX}"


def draft_folder(root: Path, key: str) -> Path:
    """``<root>/partiql/<hash>/``: the windows' files for the connection ``key``."""
    return root / FOLDER / _digest(key)


def _prepare(folder: Path) -> None:
    private_dir(folder, top=profile.config_root())


def window_files(root: Path, key: str, name: str | None = None) -> WindowFiles:
    """One window's files for the connection ``key`` (``name``: its name, whose file of versions
    before is taken over as a window that is gone's). Nothing is written until one is kept."""
    legacy = draft_path(root, name) if name is not None else None
    return WindowFiles(draft_folder(root, key), _prepare, legacy)


def _parsed(data: Any) -> tuple[str, StatementDraft]:
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


def _text(connection: str, draft: StatementDraft) -> str:
    data = {"format": FORMAT, "connection": connection, "statement": draft.statement,
            "parameters": [list(row) for row in draft.parameters], "consistent": draft.consistent}
    # ASCII escapes: a lone surrogate is kept too (UTF-8 has no form for it).
    return json.dumps(data, ensure_ascii=True) + "\n"


def _read(path: Path, what: str) -> tuple[tuple[str, StatementDraft] | None, str | None]:
    """The connection ``path`` names and its draft (None: no file), or None and a sentence when
    it cannot be read (then set aside, as ``DraftStore.parse_file`` does for every draft)."""
    found, problem = DraftStore(path.parent).parse_file(path, _parsed, what)  # its parse_file only
    if problem is not None:
        log.warning("%s", problem)
    return found, problem


def load_draft(files: WindowFiles, connection: str, name: str | None = None
               ) -> tuple[StatementDraft | None, str | None]:
    """This window's draft for ``connection`` (its own file), else the newest one a window that
    is gone left there, taken over (this window's now); None when there is none. A sentence says
    what could not be read (set aside) or taken over. ``name``: the connection's name, which the
    file of versions before names."""
    names = {connection} if name is None else {connection, name}
    found, problem = _read(files.path, f"The unsent PartiQL statement of {connection!r} kept in "
                                       f"{files.path}")
    if problem is not None or (found is not None and found[0] in names):
        return (found[1] if found is not None else None), problem
    return _take_over(files, connection, names)


def _take_over(files: WindowFiles, connection: str, names: set[str]
               ) -> tuple[StatementDraft | None, str | None]:
    """The newest statement a window that is gone left for ``connection``: written into this
    window's file first, then the left file removed (a kill between the two leaves it twice,
    never nowhere). Those older stay, for the next window."""
    what = f"The unsent PartiQL statement of {connection!r} a closed window kept"
    try:
        leftovers = files.leftovers()
    except (OSError, PrivateFileError) as exc:  # a damaged folder: the tab opens all the same
        return None, _said(f"{what} could not be looked for ({exc}); it stays in {files.folder}.")
    problems: list[str] = []
    for path in leftovers:
        try:
            held = files.hold(path)
        except (OSError, PrivateFileError) as exc:
            problems.append(_said(f"{what} could not be taken over ({exc}); it stays in {path}."))
            continue
        if held is None:
            continue  # its window runs again, or another window took it first
        try:
            found, problem = _read(path, f"{what} in {path}")
            if problem is not None:
                problems.append(problem)
            if found is None or found[1].empty or found[0] not in names:
                # One that could not be set aside, or another connection's (a hash both share),
                # stays as it is; one set aside, gone or empty holds nothing to keep.
                stays = os.path.lexists(path) if found is None else not found[1].empty
                if stays:
                    held.release()
                else:
                    held.remove()
                continue
            files.write(_text(connection, found[1]))
        except (OSError, PrivateFileError) as exc:
            held.release()
            problems.append(_said(f"{what} could not be taken over ({exc}); it stays in {path}."))
            break  # this window's file cannot be written: the next would fail the same way
        except BaseException:
            held.release()  # not left held by this window until it ends
            raise
        held.remove()  # in this window's file now
        return found[1], " ".join(problems) or None
    return None, " ".join(problems) or None


def _said(sentence: str) -> str:
    log.warning("%s", sentence)
    return sentence


def keep_draft(files: WindowFiles, connection: str, draft: StatementDraft) -> str | None:
    """Keep ``draft`` for ``connection`` in this window's file (an empty one removes it; other
    windows' files stay). None, or a sentence (logged too) when it cannot be written; never
    raises."""
    try:
        if draft.empty:
            if os.path.lexists(files.path):  # a missing file on a read-only disk: EROFS, not ENOENT
                files.remove()
            return None
        files.write(_text(connection, draft))
    except (OSError, PrivateFileError) as exc:
        message = f"The unsent PartiQL statement of {connection!r} could not be kept in {files.path}: {exc}"
        if not draft.empty and _removed(files.path):
            message += (". The statement kept before was removed, so it does not come back as if "
                        "it were the last one")
        log.warning("%s", message)
        return message
    return None


def _removed(path: Path) -> bool:
    """Remove the draft this window kept before a newer one failed to be written (a full disk):
    left, the next start would show that older statement as the last one. Unlinking needs no
    space."""
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


def _key(conn: Connection | None) -> str:
    return draft_key(conn) if conn is not None else NO_CONNECTION


class ParameterRows(Protocol):
    """The parameters table, as a draft reads and restores it."""

    def rows(self) -> tuple[tuple[str, str], ...]: ...

    def set_rows(self, rows: tuple[tuple[str, str], ...]) -> None: ...


class EditorDrafts:
    """Keeps and restores the tab's editor, ``?`` rows and read mode for the connection it is
    on, in this window's own files. ``conn`` is whose statement the editor holds: a connection
    lost (a failed connect) leaves it as it was, so the text typed meanwhile stays that
    connection's; None only while the window never had one since the tab was built (then kept as
    the window's statement for no connection: ``NO_CONNECTION``, in the active profile's drafts).

    A kept statement replaces text the user typed (not kept or restored for a connection since)
    only undoably, through ``pick`` (``HistoryPick``: Ctrl+Z brings back the text with its rows and
    read mode); an editor holding what was kept or restored is simply filled, as an empty one."""

    def __init__(self, editor: QPlainTextEdit, parameters: ParameterRows, consistent: QCheckBox,
                 pick: HistoryPick) -> None:
        self.editor = editor
        self.parameters = parameters
        self.consistent = consistent
        self.pick = pick
        self.conn: Connection | None = None
        self._settled = ""  # the editor's text as last restored, or kept for a connection
        self._files: dict[tuple[Path, str], WindowFiles] = {}  # per profile folder and connection

    def current(self) -> StatementDraft:
        return StatementDraft(raw_text(self.editor), self.parameters.rows(), self.consistent.isChecked())

    def files(self, conn: Connection | None) -> WindowFiles:
        """This window's files for ``conn`` (None: for no connection; made on first use; locked
        at the first write)."""
        where = (drafts_root(conn), draft_key(conn)) if conn is not None else (
            DraftStore.of_profile(profile.active()).root, NO_CONNECTION)
        found = self._files.get(where)
        if found is None:
            found = self._files[where] = window_files(*where, conn.spec.name if conn else None)
        return found

    def keep(self) -> str | None:
        """Keep what the tab holds for the connection whose statement it is (None: for no
        connection). None, or why it could not be kept."""
        conn, draft = self.conn, self.current()
        problem = keep_draft(self.files(conn), _key(conn), draft)
        if problem is None and conn is not None:
            self._settled = draft.statement
        return problem

    def switch(self, conn: Connection | None) -> tuple[str | None, str | None]:
        """The tab's connection changed to ``conn``: keep what it holds for the one left, then
        ``restore``. When that keep failed, ``conn`` is the same connection (a reconnect) or None
        (a connect that failed), the editor stays as it is: replacing it would lose what could
        not be kept, or the undo steps."""
        left, problem = self.conn, self.keep()
        if conn is None:
            return None, problem  # still the left one's statement
        same = left is not None and self.files(left) is self.files(conn)
        if problem is not None or same:
            self.conn = conn
            return None, problem
        return self.restore(conn)

    def restore(self, conn: Connection | None) -> tuple[str | None, str | None]:
        """The tab is now on ``conn``: its draft (this window's, else one a window that is gone
        left), else the statement kept for no connection (kept for ``conn`` from then on), goes in
        the editor. Which was restored (``RESTORED``, ``OVER_TYPED``: over typed text, undoably,
        ``UNCONNECTED``/``ADOPTED``: the one typed with no connection, on none/kept for ``conn``)
        or None, and a sentence when a file could not be read, taken over or kept."""
        self.conn = conn
        draft, problem = load_draft(self.files(conn), _key(conn), conn.spec.name if conn else None)
        unconnected = conn is None
        if draft is None and conn is not None and problem is None:
            draft, problem = load_draft(self.files(None), NO_CONNECTION)
            unconnected = draft is not None
        if draft is None:
            return None, problem
        typed = raw_text(self.editor)
        over = bool(typed.strip()) and typed not in (self._settled, draft.statement)
        if over:
            self.pick.load(draft.statement)  # undoable: Ctrl+Z brings back the text and its rows
        elif typed != draft.statement:
            self.editor.setPlainText(draft.statement)
        self.parameters.set_rows(draft.parameters)
        self.consistent.setChecked(draft.consistent)
        self._settled = draft.statement
        if unconnected and conn is not None:  # the connection's now: kept for it first
            moved = self.keep() or keep_draft(self.files(None), NO_CONNECTION, EMPTY)
            problem = " ".join(p for p in (problem, moved) if p) or None
        kind = ADOPTED if conn is not None else UNCONNECTED
        return OVER_TYPED if over else kind if unconnected else RESTORED, problem

    def release(self) -> None:
        """The window closes: its statements stay in their files and their locks go, so the next
        window (of this process too) takes them over."""
        for files in self._files.values():
            files.release()
