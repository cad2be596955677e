"""The checks a typed path gets before an export writes or an audit reads anything, and the mark
a field carries while what it holds is refused.

A path is refused here, at its field, when no sensible file can be named by it: a control
character (a NUL, a newline, an escape: Python or the system would refuse it, or the file would
be one nobody can type again), a bidirectional override (the name would show in another order
than it is), a name longer than the system's 255 bytes, or a ``~user`` that names no user.
Right-to-left letters and combining accents are names like any other.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from dynoview.ui.i18n import QT_TRANSLATE_NOOP
from dynoview.ui.i18n.formats import number

NAME_MAX = 255  # bytes in one file or folder name (ext4, APFS, NTFS in UTF-16 units)
PATH_MAX = 4096  # bytes in a whole path (Linux)
# Embeddings, overrides and isolates: they reorder what follows them on screen.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

_CONTEXT = "transfer.file_field"
_CONTROL = QT_TRANSLATE_NOOP(
    "transfer.file_field", "The path holds {char} at character {position}: no file name should. "
    "Type the path again without it.")
_LONG_NAME = QT_TRANSLATE_NOOP(
    "transfer.file_field", "The name {name} is {size} bytes long; a file or folder name holds at most "
    "{limit}. Give a shorter name.")
_LONG_PATH = QT_TRANSLATE_NOOP(
    "transfer.file_field", "The path is {size} bytes long; the system takes at most {limit}. Give a "
    "shorter path.")
_NO_USER = QT_TRANSLATE_NOOP(
    "transfer.file_field", "{path} starts with {user}, which names no user here: write the whole "
    "path, or ~/ for your home folder.")


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CONTEXT, text)


def shown(text: str | Path, limit: int = 160) -> str:
    """``text`` for a message: control and invisible characters as escapes, a long path
    shortened in its middle (the sentence stays readable)."""
    out = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in str(text))
    return out if len(out) <= limit else f"{out[:limit // 2]}…{out[-limit // 2:]}"


def _char_name(c: str) -> str:
    name = unicodedata.name(c, "")
    return f"U+{ord(c):04X} {name}".rstrip() if name else f"U+{ord(c):04X}"


def path_problem(text: str) -> str | None:
    """Why ``text`` cannot name a file to write or a folder to read, or None."""
    for i, c in enumerate(text, 1):
        if unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS:
            return _tr(_CONTROL).format(char=_char_name(c), position=i)
    size = len(text.encode("utf-8"))
    if size >= PATH_MAX:
        return _tr(_LONG_PATH).format(size=number(size), limit=number(PATH_MAX - 1))
    for part in Path(text).parts:
        part_size = len(part.encode("utf-8"))
        if part_size > NAME_MAX:
            return _tr(_LONG_NAME).format(name=shown(part, 60), size=number(part_size),
                                          limit=number(NAME_MAX))
    return None


def expanded(text: str) -> Path | str:
    """``text`` as a path with ``~`` expanded as a shell does; a sentence when ``~user`` names
    no user."""
    try:
        return Path(text).expanduser()
    except RuntimeError:  # Python cannot find that user's home folder
        user = text.split("/", 1)[0]
        return _tr(_NO_USER).format(path=shown(text), user=shown(user))

