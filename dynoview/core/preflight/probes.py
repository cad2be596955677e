"""The spellings worth reading for a value in play: the ones the audit would group it with.

A case clash or lookalike clash is between *stored* forms, and the preflight cannot read every
form of a table; it reads, for each value a transaction touches, the lock of each probe form and
the accounts holding it (point reads and index queries, never a full Scan of a large table):

- the value itself;
- its clash key (``forms.clash_key``): the lower-cased, NFKC spelling most tables store;
- its lookalike key (``forms.lookalike_key``): the TR39 skeleton, which is itself the stored
  spelling of most ASCII values a lookalike imitates;
- its ASCII respelling: each non-ASCII character of the clash key replaced by the ASCII
  character it is confusable with (Cyrillic ``а`` -> ``a``), because the skeleton of ASCII text
  is not always itself (``m`` -> ``rn``), so ``mаllory@example.com`` with a Cyrillic ``а`` is
  only found next to ``mallory@example.com`` this way. A dot above a soft-dotted letter then
  goes, as in the lookalike key (``tİm`` folds to ``ti̇m``, respelled ``tim``, not ``tirn``).

A form that differs from all of these (``Ada@X`` against a new ``ADA@x``) is not found; the
audit of the whole table finds it.
"""

from __future__ import annotations

import dataclasses
import string
from functools import cache

from dynoview.core.uniqueness.forms import clash_key, drop_redundant_dots, lookalike_key, trims
from dynoview.core.uniqueness.schema import LockRule

#: ASCII characters a non-ASCII one may be respelled as, most likely first (letters before
#: digits before punctuation, so a Cyrillic "і" becomes "i", not "1" or "l").
_ASCII_ORDER = string.ascii_lowercase + string.digits + string.punctuation


def probe_forms(value: str, rule: LockRule) -> list[str]:
    """``value`` and the other spellings worth reading next to it (see the module doc); for a
    scoped rule's form, its value's spellings in its own scope."""
    if rule.middle is not None:
        head = value[:len(value) - len(rule.value_part(value))]
        return [head + f for f in probe_forms(rule.value_part(value), dataclasses.replace(rule, scope=None))]
    trim = trims(rule.normalisation)
    out = [value]
    for form in (clash_key(value, trim), lookalike_key(value, trim), ascii_respelling(value, trim)):
        if form and form not in out:
            out.append(form)
    return out


def ascii_respelling(value: str, trim: bool = False) -> str | None:
    """The clash key with each non-ASCII character replaced by an ASCII character of the same
    TR39 skeleton, or None when the value is ASCII or nothing can be replaced."""
    key = clash_key(value, trim)
    if key.isascii():
        return None
    by_skeleton = _ascii_by_skeleton()
    out = drop_redundant_dots("".join(ch if ch.isascii() else by_skeleton.get(lookalike_key(ch), ch)
                                      for ch in key))
    return out if out != key else None


@cache
def _ascii_by_skeleton() -> dict[str, str]:
    out: dict[str, str] = {}
    for ch in _ASCII_ORDER:
        out.setdefault(lookalike_key(ch), ch)
    return out
