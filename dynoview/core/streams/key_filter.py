"""Matching stream records by primary key, as typed on the command line or in the stream panel."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dynoview.core.errors import DynoViewError
from dynoview.core.streams.records import StreamEvent, key_value_text
from dynoview.core.values.equality import values_equal


def _split_keys(text: str, dropped: list[str] | None = None) -> list[list[str]]:
    """Keys separated by ``;``, each of parts separated by ``,``, in one pass: a backslash keeps
    the next ``,``, ``;``, backslash or blank as it is (two passes unescaped ``\\`` twice). Blanks
    around a part are dropped unless escaped (a key may really end in a space); ``dropped``
    gets each part that had some after it, as typed."""
    keys: list[list[str]] = [[]]
    current: list[tuple[str, bool]] = []  # each character, and whether it was escaped
    chars = iter(text)
    for ch in chars:
        if ch == "\\":
            nxt = next(chars, "")
            if nxt in (",", ";", "\\") or nxt.isspace():
                current.append((nxt, True))
            else:
                current.extend([(ch, False), (nxt, False)] if nxt else [(ch, False)])
        elif ch in ",;":
            keys[-1].append(_trimmed(current, dropped))
            current = []
            if ch == ";":
                keys.append([])
        else:
            current.append((ch, False))
    keys[-1].append(_trimmed(current, dropped))
    return keys


def _trimmed(chars: list[tuple[str, bool]], dropped: list[str] | None) -> str:
    start, end = 0, len(chars)
    while start < end and not chars[start][1] and chars[start][0].isspace():
        start += 1
    while end > start and not chars[end - 1][1] and chars[end - 1][0].isspace():
        end -= 1
    kept = "".join(ch for ch, _ in chars[start:end])
    # Only trailing blanks are said: "PK, SK" is how people type, "value ,SK" is a key's blank.
    if dropped is not None and kept and end < len(chars):
        dropped.append("".join(ch for ch, _ in chars))
    return kept


def escape_key_text(text: str) -> str:
    """``text`` as the key filter reads it back exactly: ``\\``, ``,`` and ``;`` escaped, and
    the blanks at its ends (which the filter drops unless escaped)."""
    escaped = text.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;")
    body = escaped.strip()
    if not body:
        return "".join(f"\\{ch}" for ch in escaped)
    lead = escaped[:len(escaped) - len(escaped.lstrip())]
    trail = escaped[len(escaped.rstrip()):]
    return "".join(f"\\{ch}" for ch in lead) + body + "".join(f"\\{ch}" for ch in trail)


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
    # Values typed with blanks after them, which were dropped (a command line says so).
    dropped: tuple[str, ...] = ()

    @classmethod
    def parse(cls, specs: str | Iterable[str]) -> KeyFilter:
        """From ``"PK[,SK]"`` strings; in one string several keys may be separated by ``;``.

        A comma, a semicolon or a backslash inside a value is escaped with a backslash
        (``\\,`` ``\\;`` ``\\\\``); blanks around a value are dropped, so a blank a key
        really starts or ends with is escaped too (``\\ ``).
        """
        texts = [specs] if isinstance(specs, str) else list(specs)
        keys: list[tuple[str, str | None]] = []
        dropped: list[str] = []
        for text in texts:
            for parts in _split_keys(text, dropped):
                spec = ",".join(parts)  # as typed, for the messages
                if parts == [""]:  # nothing between two ";" (a "," alone has no partition key)
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
                pk = parts[0]
                sk = parts[1] if len(parts) > 1 else None
                if not pk:
                    raise DynoViewError(
                        f"The key filter {spec.strip()!r} has no partition key value. Write "
                        "PK or PK,SK, for example UNIQ#EMAIL#ada@lovelace.io,LOCK.",
                        field="key",
                    )
                keys.append((pk, sk or None))
        return cls(tuple(keys), tuple(dropped))

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
