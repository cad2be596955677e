"""The words DynamoDB reserves, which expressions may only name through a ``#placeholder``."""

from __future__ import annotations

from importlib import resources


def _load_reserved_words() -> frozenset[str]:
    """Read the Developer Guide's reserved-word list shipped in ``dynoview/data``.

    Loaded through ``importlib.resources`` so it works from a source tree, a wheel and a
    frozen (PyInstaller) build alike.
    """
    text = (resources.files("dynoview") / "data" / "dynamodb-reserved-words.txt").read_text(encoding="utf-8")
    return frozenset(line.strip().upper() for line in text.splitlines() if line.strip())


#: Words DynamoDB refuses as bare attribute names in expressions (upper case).
RESERVED_WORDS: frozenset[str] = _load_reserved_words()


# On the reserved list, yet DynamoDB takes them as bare names (checked on DynamoDB Local).
TAKEN_BARE = frozenset({"SIZE", "CONVERT"})


def is_reserved(name: str) -> bool:
    """True if DynamoDB reserves ``name`` (case-insensitive), so it needs a placeholder."""
    return name.upper() in RESERVED_WORDS
