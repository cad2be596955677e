"""What a detection sample holds: the ``UNIQ#<NAME>#`` locks by name (with their sort keys), and
the other items that may be accounts; and the sort key each lock name's locks share.

A lock's sort key is a fixed word (``LOCK``), or repeats the value (``PK = SK =
UNIQ#EMAIL#<value>``, TypeDORM's habit): then the rule's ``sk_value`` is a template holding
``{value}``. Taking the most common sort key in the second case named one lock's key as every
lock's, so a healthy table audited as missing its locks and a repair wrote wrong ones.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dynoview.core.uniqueness.schema import string_value

_LOCK_PK = re.compile(r"^(UNIQ#([^#]+)#)(.*)$", re.S)
LOCK_FAMILY = "UNIQ#"  # never an account prefix, even for a key the pattern above does not fit


@dataclass
class Sample:
    """What one pass over the sample saw: locks by name, and the candidate accounts."""

    lock_values: dict[str, set[str]] = field(default_factory=dict)
    lock_prefix: dict[str, str] = field(default_factory=dict)
    # Each lock's (value, sort key), in sample order: the sort key may repeat the value.
    lock_keys: dict[str, list[tuple[str, str | None]]] = field(default_factory=dict)
    others: list[Mapping[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class LockSortKey:
    """A lock name's ``sk_value`` (fixed, a ``{value}`` template, or None), and what was unsure."""

    value: str | None
    unsure: str | None = None


def read_sample(items: list[Mapping[str, Any]], pk_name: str, sk_name: str | None) -> Sample:
    """Sort the sample into UNIQ#<NAME># locks and candidate accounts (keys with a ``#``)."""
    sample = Sample()
    for item in items:
        pk = string_value(item.get(pk_name))
        if pk is None:
            continue
        m = _LOCK_PK.match(pk)
        if m:
            name = m.group(2)
            sample.lock_prefix[name] = m.group(1)
            sample.lock_values.setdefault(name, set()).add(m.group(3))
            sk = string_value(item.get(sk_name)) if sk_name else None
            sample.lock_keys.setdefault(name, []).append((m.group(3), sk))
            continue
        if "#" in pk and not pk.startswith(LOCK_FAMILY):
            sample.others.append(item)
    return sample


def prefix_of(item: Mapping[str, Any], pk_name: str) -> str:
    """An item's PK prefix: its text up to the first ``#``, that included."""
    return string_value(item.get(pk_name), "").split("#", 1)[0] + "#"


def lock_sort_key(sample: Sample, name: str) -> LockSortKey:
    """The sort key of the ``name`` locks: the one they all share; a template when each repeats
    its value in one pattern (``UNIQ#EMAIL#{value}``); else the most common one, unsure."""
    keys = sample.lock_keys[name]
    sks = Counter(sk for _, sk in keys)
    prefix = sample.lock_prefix[name]
    if len(sks) == 1:
        [(value, sk)] = keys[:1]
        # One lock repeating its own PK is the repeating layout, not a fixed word.
        if sk is not None and len(keys) == 1 and sk == prefix + value and value:
            return LockSortKey(prefix + "{value}")
        return LockSortKey(sk)
    template = _sk_template(keys)
    if template is not None:
        return LockSortKey(template)
    common = sks.most_common(1)[0][0]
    shown = ", ".join(repr(sk) for sk, _ in sks.most_common(3)) + ("…" if len(sks) > 3 else "")
    return LockSortKey(common, f"The {prefix} locks' sort keys differ ({shown}) and do not all "
                               f"repeat the value in one pattern; {common!r} was taken: check it.")


def _sk_template(keys: list[tuple[str, str | None]]) -> str | None:
    """The one ``before{value}after`` every lock's sort key follows, or None."""
    first = next(((v, sk) for v, sk in keys if v and sk is not None and v in sk), None)
    if first is None:
        return None
    value, sk = first
    start = sk.find(value)
    while start >= 0:
        before, after = sk[:start], sk[start + len(value):]
        if all(k == before + v + after for v, k in keys):
            return before + "{value}" + after
        start = sk.find(value, start + 1)
    return None
