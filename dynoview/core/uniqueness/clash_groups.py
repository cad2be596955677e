"""Which stored forms of a rule clash: the groups behind CASE_CLASH and LOOKALIKE_CLASH.

A ``Pairing`` asks for them over its whole state (a million forms), so the common cases
cost almost nothing: only forms unlike their clash key can start a case clash, and only
odd forms (outside ASCII, or padded: ``forms.is_odd``) a lookalike clash; both sets are kept
as batches are applied (``RuleState.unlike``, ``RuleState.odd``) or worked out again after
``feed`` (``know_forms``). The ASCII forms a lookalike group needs are looked up by their key's
ASCII spellings, not keyed one by one. The keys themselves are ``forms``'.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from itertools import compress

from dynoview.core.uniqueness.forms import (
    ascii_lookalike_keys,
    lookalike_key,
    lower_ascii_preimages,
    trims,
)
from dynoview.core.uniqueness.pairing_state import RuleState, in_slices, missing_from
from dynoview.core.uniqueness.scoped_keys import rule_clash_key, rule_lookalike_key, rule_unlike_and_odd


def know_forms(state: RuleState) -> None:
    """Work out the forms unlike their clash key and the odd ones (with their lookalike keys)
    from the whole state: after ``feed``, which forgets them."""
    trim, middle = trims(state.rule.normalisation), state.rule.middle
    # A scoped rule's keys fold only the value part (``scoped_keys``).
    unlike_locks, odd_locks = rule_unlike_and_odd(middle, state.locks, trim)
    unlike_held, odd_held = rule_unlike_and_odd(middle, state.holders, trim)
    state.unlike = {*unlike_locks, *unlike_held}
    state.odd = {f: rule_lookalike_key(middle, f, trim) for f in {*odd_locks, *odd_held}}


def case_groups(state: RuleState) -> dict[str, set[str]]:
    """Clash key -> its stored forms, for every key with two or more of which an account holds
    at least one (a case clash; ``rules.GROUP_CHECKS``). Spellings no account holds are stuck
    signups, each an orphan lock of its own: no account's spelling is to keep."""
    if state.unlike is None:
        know_forms(state)
    unlike = state.unlike or set()
    trim, middle = trims(state.rule.normalisation), state.rule.middle
    groups: dict[str, set[str]] = {}
    for form in unlike:  # a scoped rule's key: its scope as spelled, its value folded
        groups.setdefault(rule_clash_key(middle, form, trim), set()).add(form)
    for key, members in groups.items():
        # The clash key itself, when stored, is a member (unless it is not its own key).
        if (key in state.locks or key in state.holders) and key not in unlike:
            members.add(key)
    holders = state.holders
    return {key: members for key, members in groups.items()
            if len(members) >= 2 and any(m in holders for m in members)}


def lookalike_groups(state: RuleState) -> dict[str, set[str]]:
    """Lookalike key -> its stored forms, for every key whose forms hold an odd one and two
    or more clash keys (a lookalike clash). A rule without an odd form pays a set lookup."""
    if state.odd is None or state.unlike is None:
        know_forms(state)
    odd, unlike = state.odd or {}, state.unlike or set()
    if not odd:
        return {}
    trim, middle = trims(state.rule.normalisation), state.rule.middle
    groups: dict[str, set[str]] = {}
    for form, key in odd.items():
        groups.setdefault(key, set()).add(form)
    if middle is None:
        _add_ascii_lookalikes(state, groups, [f for f in unlike if f.isascii()], trim)
    else:
        _add_scoped_lookalikes(state, groups, middle, trim)
    return {key: members for key, members in groups.items()
            if len({rule_clash_key(middle, m, trim) for m in members}) >= 2}


def _add_scoped_lookalikes(state: RuleState, groups: dict[str, set[str]], middle: str, trim: bool) -> None:
    """Add to each group (by lookalike key) a scoped rule's other forms with that key: keyed
    one by one (a scoped rule's key keeps its scope, so the ASCII spellings of a key that
    ``_add_ascii_lookalikes`` looks up are not its forms)."""
    for forms in (state.holders, missing_from(state.locks, state.holders)):  # every form once
        for form in forms:
            key = rule_lookalike_key(middle, form, trim)
            if key in groups:
                groups[key].add(form)


def _add_ascii_lookalikes(state: RuleState, groups: dict[str, set[str]], ascii_unlike: list[str],
                          trim: bool) -> None:
    """Add to each group (by lookalike key) the rule's ASCII forms with that key.

    An ASCII form equal to its clash key is lower-case, so it is one of the key's lower-case
    ASCII spellings (usually one: ``ada@x.io``), found by a dict probe each, or odd (untidy
    whitespace) and a member already; the few forms unlike their clash key are keyed
    directly. A key with too many spellings (a long run of ``l``) falls back to keying every
    ASCII form, slice by slice, in C.
    """
    locks, holders = state.locks, state.holders
    for form, key in zip(ascii_unlike, [lookalike_key(f, trim) for f in ascii_unlike], strict=True):
        if key in groups:
            groups[key].add(form)
    crowded: set[str] = set()
    for key, members in groups.items():
        found = _spellings(key)
        if found is None:
            crowded.add(key)
            continue
        members.update(p for p in found if (p in locks or p in holders) and (not trim or p == p.strip()))
    if not crowded:
        return
    for forms in (holders, missing_from(locks, holders)):  # every form once
        for part in in_slices(forms):
            plain = list(filter(str.isascii, part))
            keys = ascii_lookalike_keys(plain, trim)
            for form, key in compress(zip(plain, keys, strict=True), map(crowded.__contains__, keys)):
                groups[key].add(form)


@lru_cache(maxsize=1 << 16)
def _spellings(key: str) -> tuple[str, ...] | None:
    """``lower_ascii_preimages``, kept: a pairing asked for findings again looks up the same keys."""
    found = lower_ascii_preimages(key)
    return None if found is None else tuple(found)


def spelled(forms: Iterable[str]) -> str:
    """Forms as a sentence shows them, sorted: quoted (``repr``: invisible characters as
    escapes), and each form outside ASCII followed by its first such characters by Unicode
    name, so two forms that print alike (Cyrillic ``а``, a decomposed accent) read apart."""
    out = []
    for form in sorted(forms):
        text = repr(form)
        if not form.isascii():
            chars = list(dict.fromkeys(c for c in form if not c.isascii()))
            names = ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, 'unnamed')}" for c in chars[:3])
            more = f" and {len(chars) - 3} more" if len(chars) > 3 else ""
            text += f" (with {names}{more})"
        out.append(text)
    return ", ".join(out)
