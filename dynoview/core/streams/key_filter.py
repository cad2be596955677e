"""Matching stream records by primary key, as typed on the command line or in the stream panel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.streams.records import StreamEvent, key_value_text
from dynoview.core.values.equality import values_equal


def _split_keys(text: str) -> list[list[str]]:
    """Keys separated by ``;``, each of parts separated by ``,``, in one pass: a backslash keeps
    the next ``,``, ``;`` or backslash as it is (two passes unescaped ``\\`` twice)."""
    keys: list[list[str]] = [[]]
    current: list[str] = []
    chars = iter(text)
    for ch in chars:
        if ch == "\\":
            nxt = next(chars, "")
            current.append(nxt if nxt in (",", ";", "\\") else ch + nxt)
        elif ch in ",;":
            keys[-1].append("".join(current))
            current = []
            if ch == ";":
                keys.append([])
        else:
            current.append(ch)
    keys[-1].append("".join(current))
    return keys


def _key_equals(av: Mapping[str, Any] | None, text: str) -> bool:
    if av is None:
        return False
    if "N" in av:
        try:
            return values_equal(av, {"N": text.strip()})
        except Exception:  # not a number: cannot equal a number key
            return False
    return key_value_text(av) == text


@dataclass(frozen=True)
class KeyFilter:
    """Match records by primary key: any of several (partition key, optional sort key).

    ``PK`` alone matches every item in that item collection; ``PK,SK`` one item. This is
    how to answer "what happened to this signup": the email lock and the account.
    """

    keys: tuple[tuple[str, str | None], ...] = ()

    @classmethod
    def parse(cls, specs: str | Iterable[str]) -> KeyFilter:
        """From ``"PK[,SK]"`` strings; in one string several keys may be separated by ``;``.

        A comma, a semicolon or a backslash inside a value is escaped with a backslash
        (``\\,`` ``\\;`` ``\\\\``).
        """
        texts = [specs] if isinstance(specs, str) else list(specs)
        keys: list[tuple[str, str | None]] = []
        for text in texts:
            for parts in _split_keys(text):
                spec = ",".join(parts)  # as typed, for the messages
                if not spec.strip():
                    continue
                if len(parts) > 2:
                    # A table key has two parts at most: a third was silently folded into
                    # the sort key, so the filter matched nothing and said nothing.
                    raise DynoViewError(
                        f"The key filter {spec.strip()!r} has {len(parts)} parts, but a key is "
                        "PK or PK,SK. Write a comma inside a value as \\, (for example "
                        "UNIQ#EMAIL#ada@lovelace.io,LOCK), or separate several keys with ;.",
                        field="key",
                    )
                pk = parts[0].strip()
                sk = parts[1].strip() if len(parts) > 1 else None
                if not pk:
                    raise DynoViewError(
                        f"The key filter {spec.strip()!r} has no partition key value. Write "
                        "PK or PK,SK, for example UNIQ#EMAIL#ada@lovelace.io,LOCK.",
                        field="key",
                    )
                keys.append((pk, sk or None))
        return cls(tuple(keys))

    def __bool__(self) -> bool:
        return bool(self.keys)

    def matches(self, event: StreamEvent, key_names: Sequence[str] = ()) -> bool:
        if not self.keys:
            return True
        names = list(key_names or event.key_names) or list(event.keys)
        pk_name = names[0] if names else None
        sk_name = names[1] if len(names) > 1 else None
        pk = event.keys.get(pk_name) if pk_name else None
        sk = event.keys.get(sk_name) if sk_name else None
        return self.matches_values(pk, sk)

    def matches_values(self, pk: Mapping[str, Any] | None, sk: Mapping[str, Any] | None) -> bool:
        """Match a record's partition and sort key values (AttributeValues)."""
        if not self.keys:
            return True
        for want_pk, want_sk in self.keys:
            if not _key_equals(pk, want_pk):
                continue
            if want_sk is None or _key_equals(sk, want_sk):
                return True
        return False

    def describe(self) -> str:
        return "; ".join(pk + (f", {sk}" if sk else " (any sort key)") for pk, sk in self.keys)
