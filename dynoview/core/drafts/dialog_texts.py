"""What the user typed in an editing dialog and did not send: the Items tab's Edit as JSON…
and the uniqueness schema editor keep their text when they close without the user choosing
(the app quits around them, a signal, a kill), so the next time that dialog opens for the same
thing it opens with that text instead of losing it.

One file per subject in ``<drafts>/dialog-texts/`` (``DraftStore``'s folder): its name is a
hash of the subject (the dialog, the connection, the table and, for an item, its key), and the
subject is written inside too, so a file is only ever used for the subject it names. The text is
kept as the user left it, even when it is not valid JSON or not a valid rule: it is theirs to
finish. Files are written whole, 0600 in 0700 folders (``session.private_files``); a file that
cannot be read is set aside (``.corrupt-<time>``) and said, as the drafts store does.

A dialog open on a subject holds its lock (``<name>.lock`` beside the file, ``window_lock``) until
the user answers or the app closes around it. The OS drops the lock when the process ends, even
on ``kill -9``: a text whose lock is held is being typed in a running window (this DynoView
process or another), so it is neither offered as kept nor deleted by another window.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dynoview.core.drafts.model import DraftError, checked_time
from dynoview.core.drafts.store import DraftStore
from dynoview.core.drafts.window_lock import WindowLock, lock_is_free
from dynoview.core.redaction import redact_url
from dynoview.core.session import profile
from dynoview.core.session.private_files import PrivateFileError, private_dir, write_private_text
from dynoview.core.tx.cancellation import key_text
from dynoview.core.values.dynamodb_json import from_dynamodb_json, to_dynamodb_json
from dynoview.core.values.types import ValueParseError
from dynoview.core.values.visible_text import visible_value

log = logging.getLogger(__name__)
FOLDER = "dialog-texts"
FORMAT = 1
ITEM_EDIT = "item-edit"  # the Items tab's Edit as JSON…
SCHEMA_EDIT = "schema-edit"  # the uniqueness schema editor
VALUE_EDIT = "value-edit"  # the Items tab's editor of one cell's set, list, map or long value
DIALOGS = (ITEM_EDIT, SCHEMA_EDIT, VALUE_EDIT)
SUFFIX = ".json"
LOCK_SUFFIX = ".lock"  # not SUFFIX: never listed or parsed as a kept text
_HASH_CHARS = 40

Fields = Mapping[str, str]


def connection_label(name: str, endpoint_url: str | None = None, region: str | None = None,
                     profile_name: str | None = None, demo: bool = False) -> str:
    """Which connection a kept text belongs to: its name and where it points, as staged cell
    edits label theirs ("local @ http://127.0.0.1:8000, us-east-1"), since names repeat (every
    --endpoint-url connection is "local"). The demo's endpoint changes at every start and its
    files are in a profile of their own: its name alone."""
    if demo:
        return f"{name} @ demo"
    where = [redact_url(endpoint_url) or "AWS", region or "",
             *([f"profile {profile_name}"] if profile_name else [])]
    return f"{name} @ " + ", ".join(w for w in where if w)


@dataclass(frozen=True)
class Subject:
    """What a kept text is for: one dialog on one connection's table (and item, by its key)."""

    dialog: str
    connection: str
    table: str
    key: str = ""  # an item's primary key as canonical DynamoDB JSON; "" for a table's schema

    def to_json(self) -> dict[str, str]:
        return {"dialog": self.dialog, "connection": self.connection, "table": self.table,
                "key": self.key}

    @property
    def file_name(self) -> str:
        """``item-edit-<hash>.json``: safe on every file system whatever the key holds."""
        ident = json.dumps(self.to_json(), sort_keys=True, ensure_ascii=False)
        digest = hashlib.sha256(ident.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_CHARS]
        return f"{self.dialog}-{digest}{SUFFIX}"

    def describe(self) -> str:
        """``Edit as JSON of PK=ACCT#1, SK=PROFILE in accounts (local @ …)``, for lists and logs."""
        if self.dialog == ITEM_EDIT:
            what = f"Edit as JSON of {self._key_shown()}"
        elif self.dialog == VALUE_EDIT:
            what = self._value_shown()
        else:
            what = "The uniqueness schema"
        return f"{what} in {self.table} ({self.connection})"

    def _value_shown(self) -> str:
        """``The editor of tags of PK=ACCT#1, SK=PROFILE`` (``value_subject``'s key text)."""
        try:
            data = json.loads(self.key)
            item = {name: from_dynamodb_json(av, name) for name, av in data["key"].items()}
            return f"The editor of {visible_value(str(data['attribute']))} of {key_text(item)}"
        except (ValueError, TypeError, KeyError, AttributeError, ValueParseError):
            return f"A value editor ({self.key})"

    def _key_shown(self) -> str:
        """The key as messages show one (``key_text``), else its JSON as kept."""
        try:
            key = json.loads(self.key)
            return key_text(key) if isinstance(key, dict) and key else self.key
        except ValueError:
            return self.key


def item_subject(connection: str, table: str, key: Mapping[str, Mapping[str, Any]]) -> Subject:
    """Edit as JSON… of the item with primary key ``key`` (low-level AttributeValues)."""
    text = json.dumps({name: to_dynamodb_json(av) for name, av in key.items()}, sort_keys=True,
                      ensure_ascii=False, separators=(",", ":"))
    return Subject(ITEM_EDIT, connection, table, text)


def schema_subject(connection: str, table: str) -> Subject:
    """The uniqueness schema editor of ``table``."""
    return Subject(SCHEMA_EDIT, connection, table)


@dataclass(frozen=True)
class KeptText:
    """A dialog's fields as the user left them (``fields``: the editor's text and any other
    field), with what the dialog had opened with then (``base``) and when they were kept."""

    subject: Subject
    fields: Fields
    base: Fields = field(default_factory=dict)
    saved_at: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "subject": self.subject.to_json(), "fields": dict(self.fields),
                "base": dict(self.base), "saved_at": self.saved_at}


def _text_map(data: Any, what: str) -> dict[str, str]:
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                             for k, v in data.items()):
        raise DraftError(f"its {what} are not texts by name")
    return dict(data)


def kept_from_json(data: Any) -> KeptText:
    """The kept text a file holds; ``DraftError`` says what is wrong with one that cannot be used."""
    if not isinstance(data, dict):
        raise DraftError("it is not a JSON object")
    if type(data.get("format")) is not int or data.get("format") != FORMAT:  # not true == 1
        raise DraftError(f"its format is {data.get('format')!r}, not {FORMAT}")
    subject = data.get("subject")
    if not isinstance(subject, dict) or not all(isinstance(subject.get(k), str)
                                                for k in ("dialog", "connection", "table", "key")):
        raise DraftError("it does not say which dialog, connection and table it is for")
    if subject["dialog"] not in DIALOGS:
        raise DraftError(f"it is for a dialog DynoView does not have ({subject['dialog']!r})")
    # NaN, 1e20, an int too large for a float: no date to show (the dialog raised on them)
    saved_at = checked_time(data.get("saved_at"), "saved_at")
    return KeptText(Subject(subject["dialog"], subject["connection"], subject["table"], subject["key"]),
                    _text_map(data.get("fields"), "fields"), _text_map(data.get("base", {}), "bases"),
                    saved_at)


class DialogTexts:
    """Keep, read and discard dialogs' unsent texts in the drafts folder (``root``: the app's
    drafts folder of the active profile unless given)."""

    def __init__(self, root: Path | None = None) -> None:
        self._own_root = root is None  # the app's folders: tightened from the top when writing
        self.root = root if root is not None else profile.config_dir() / "drafts"
        self.folder = self.root / FOLDER

    def path(self, subject: Subject) -> Path:
        return self.folder / subject.file_name

    def lock_path(self, subject: Subject) -> Path:
        """``item-edit-<hash>.lock``: held by the window whose dialog has ``subject`` open."""
        return self.path(subject).with_suffix(LOCK_SUFFIX)

    def hold(self, subject: Subject) -> WindowLock | None:
        """The lock of ``subject``, for its dialog to hold while it is open; None while another
        window holds it (of this process or another DynoView). Raises ``OSError`` or
        ``PrivateFileError`` when the folder cannot be written."""
        private_dir(self.folder, top=profile.config_root() if self._own_root else self.root)
        return WindowLock.take(self.lock_path(subject))

    def in_use(self, subject: Subject) -> bool:
        """Whether a running window has ``subject``'s dialog open (its lock is held). A lock
        that cannot be checked (an unreadable folder) counts as free: the text is offered."""
        return self._held(self.lock_path(subject))

    @staticmethod
    def _held(lock: Path) -> bool:
        try:
            return not lock_is_free(lock)
        except (OSError, PrivateFileError) as exc:
            log.warning("could not check the lock %s: %s", lock, exc)
            return False

    def keep(self, subject: Subject, fields: Fields, base: Fields) -> KeptText:
        """Write ``fields`` for ``subject`` (replacing what was kept for it), whole and private."""
        kept = KeptText(subject, dict(fields), dict(base), time.time())
        # ASCII escapes: a lone surrogate pasted in the editor is kept too (UTF-8 has no form for it).
        text = json.dumps(kept.to_json(), ensure_ascii=True) + "\n"
        private_dir(self.folder, top=profile.config_root() if self._own_root else self.root)
        write_private_text(self.path(subject), text, encoding="utf-8")
        return kept

    def update(self, subject: Subject, fields: Fields, base: Fields) -> KeptText | None:
        """Keep ``fields`` when they differ from ``base`` (what the dialog opened with); else
        there is nothing unsent: discard what was kept. The kept text, or None. Raises
        ``OSError`` or ``PrivateFileError`` when the file cannot be written or deleted."""
        if dict(fields) == dict(base):
            self._remove(subject)
            return None
        return self.keep(subject, fields, base)

    def _remove(self, subject: Subject) -> None:
        path = self.path(subject)
        # Nothing to remove is no error, and is not tried: on a read-only file system an
        # unlink of a missing file fails with EROFS, not FileNotFoundError.
        if not os.path.lexists(path):
            return
        with contextlib.suppress(FileNotFoundError):  # gone since (another process)
            path.unlink()

    def discard(self, subject: Subject, lock: WindowLock | None = None) -> str | None:
        """Nothing kept for ``subject`` any more (sent, cancelled, or discarded by the user).
        None, or a sentence (logged too) when the kept file is there and cannot be deleted: the
        user's answer stands all the same, so this never raises. ``lock``: the subject's lock
        the caller holds; a text whose lock another window holds is that window's, left alone."""
        if (lock is None or not lock.held) and self.in_use(subject):
            log.info("the kept text of %s is open in another window: left to it", subject.describe())
            return None
        try:
            self._remove(subject)
        except OSError as exc:
            log.warning("could not delete the kept text of %s: %s", subject.describe(), exc)
            return (f"{subject.describe()}: the edit kept for it in {self.path(subject)} could not "
                    f"be deleted ({exc}). The dialog offers it again the next time it opens: "
                    "discard it there once that folder can be written, or delete the file.")
        return None

    def _parse(self, path: Path) -> tuple[KeptText | None, str | None]:
        what = f"The unsent dialog text kept in {path.name}"
        return DraftStore(self.root).parse_file(path, kept_from_json, what)

    def load(self, subject: Subject) -> tuple[KeptText | None, str | None]:
        """What was kept for ``subject`` (None: nothing), or None and a sentence when its file
        cannot be read (set aside). A file naming another subject is not used."""
        kept, problem = self._parse(self.path(subject))
        if kept is not None and kept.subject != subject:
            return None, None
        return kept, problem

    def kept(self) -> tuple[list[KeptText], list[str]]:
        """Every kept text, newest first, and a sentence for each file that could not be read.
        A text a running window has open (its lock held) is that window's live text, not one a
        closed session kept: it is left out, unread."""
        try:
            paths = sorted(p for p in self.folder.iterdir()
                           if p.suffix == SUFFIX and not p.name.startswith("."))
        except FileNotFoundError:
            return [], []
        found: list[KeptText] = []
        problems: list[str] = []
        for path in paths:
            if self._held(path.with_suffix(LOCK_SUFFIX)):
                continue
            kept, problem = self._parse(path)
            if problem is not None:
                problems.append(problem)
            if kept is not None:
                found.append(kept)
        found.sort(key=lambda k: -k.saved_at)
        return found, problems

    def has_kept(self) -> bool:
        """Whether any dialog text is kept (without reading the files)."""
        try:
            return any(p.suffix == SUFFIX and not p.name.startswith(".") for p in self.folder.iterdir())
        except FileNotFoundError:
            return False


# ---------------------------------------------------------------- a cell's value editor


def value_subject(connection: str, table: str, key: Mapping[str, Mapping[str, Any]],
                  attribute: str) -> Subject:
    """The value editor of ``attribute`` of the item with primary key ``key``: its key text is
    the item's key and the attribute, as canonical JSON (an attribute name may hold anything)."""
    item = {name: to_dynamodb_json(av) for name, av in key.items()}
    text = json.dumps({"key": item, "attribute": attribute}, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return Subject(VALUE_EDIT, connection, table, text)
