"""One rule's stored forms, and the class of forms a write can change the findings of.

The findings of a rule are a function of its classes: every finding names forms that share
a clash key (``forms.clash_key``: a value, its duplicates, its lock, its case clash), or a
lookalike key (``forms.lookalike_key``: a lookalike clash). A write changes the forms of a
value, so only the class of that value (old and new) needs judging again. Finding a class
must not walk a million forms, so two small indexes are kept beside the audit's dicts:

- the forms that differ from their clash key, by clash key (most forms are their own
  clash key: an all-lowercase address is found by looking it up);
- the forms holding a character outside ASCII, by lookalike key (only these can start a
  lookalike clash).

A lookalike class is only walked when it holds a non-ASCII form; its ASCII members are
found by spelling the lookalike key back into the ASCII texts that have it (``l`` is ``l``,
``1`` or ``|``; ``rn`` is ``rn`` or ``m``), each looked up as a clash key.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from functools import cache

from dynoview.core.uniqueness.forms import (
    ascii_prototypes,
    lookalike_keys,
    trims,
)
from dynoview.core.uniqueness.schema import LockRule
from dynoview.core.uniqueness.scoped_keys import (
    rule_clash_key,
    rule_is_odd,
    rule_lookalike_key,
    rule_unlike_and_odd,
)

#: Spellings tried before a lookalike class is found by walking every form of the rule.
MAX_SPELLINGS = 4096


class RuleForms:
    """A rule's locks (stored value -> expired) and holders (form -> account id, or ids)."""

    __slots__ = ("holders", "locks", "middle", "odd", "prefix", "rule", "sk", "suffix", "trim", "unlike")

    def __init__(self, rule: LockRule, locks: MutableMapping[str, bool] | None = None,
                 holders: MutableMapping[str, str | list[str]] | None = None) -> None:
        self.rule = rule
        self.trim = trims(rule.normalisation)
        # A scoped rule's keys keep a form's scope as spelled and fold its value (``scoped_keys``).
        self.middle = rule.middle
        # The lock key's fixed parts around a stored form (a scoped rule's form starts with its
        # scope: its fixed prefix is the text before it), split once.
        self.prefix, self.suffix = rule.fixed_prefix, rule.suffix
        self.sk: tuple[str, str] | str | None = rule.sk_template or rule.fixed_sk
        # The audit's own dicts when seeded from one: adopted, not copied.
        self.locks: MutableMapping[str, bool] = locks if locks is not None else {}
        self.holders: MutableMapping[str, str | list[str]] = holders if holders is not None else {}
        self.unlike: dict[str, set[str]] = {}  # clash key -> forms that differ from it
        self.odd: dict[str, set[str]] = {}  # lookalike key -> odd forms (forms.is_odd)
        self._index(self.locks)
        self._index(self.holders)

    def _index(self, forms: Iterable[str]) -> None:
        """Index the forms that differ from their clash key or are odd (outside ASCII, or
        padded: ``forms.is_odd``); C loops pick them, only those few run Python."""
        unlike, odd = rule_unlike_and_odd(self.middle, forms, self.trim)
        for form in {*unlike, *odd}:
            self._note(form)

    def clash_key(self, form: str) -> str:
        """The rule's clash key of a form (a scoped form's: per scope)."""
        return rule_clash_key(self.middle, form, self.trim)

    def lookalike_key(self, form: str) -> str:
        """The rule's lookalike key of a form (a scoped form's: per scope)."""
        return rule_lookalike_key(self.middle, form, self.trim)

    def is_odd(self, form: str) -> bool:
        """Whether a form (a scoped form's value part) can start a lookalike clash."""
        return rule_is_odd(self.middle, form, self.trim)

    def _note(self, form: str) -> None:
        key = self.clash_key(form)
        if key != form:
            self.unlike.setdefault(key, set()).add(form)
        if self.is_odd(form):
            self.odd.setdefault(self.lookalike_key(form), set()).add(form)

    def _forget(self, form: str) -> None:
        key = self.clash_key(form)
        for index, k in ((self.unlike, key), (self.odd, self.lookalike_key(form))):
            members = index.get(k)
            if members is not None:
                members.discard(form)
                if not members:
                    del index[k]

    def lock_key(self, pk_name: str, sk_name: str | None, form: str) -> dict[str, dict[str, str]]:
        """The key of the lock holding ``form`` as stored (``schema.stored_lock_key``)."""
        key = {pk_name: {"S": self.prefix + form + self.suffix}}
        sk = self.sk
        if sk_name and sk is not None:
            key[sk_name] = {"S": sk if sk.__class__ is str else sk[0] + form + sk[1]}  # type: ignore[operator]
        return key

    def present(self, form: str) -> bool:
        return form in self.locks or form in self.holders

    # -- changes ---------------------------------------------------------------

    def _indexed(self, form: str) -> bool:
        """Whether the indexes hold ``form`` while it is present (most forms: no)."""
        return self.is_odd(form) or self.clash_key(form) != form

    def set_lock(self, form: str, expired: bool | None) -> None:
        """The lock holding ``form``: its expiry flag, or None once it is gone."""
        indexed = self._indexed(form)
        was = indexed and self.present(form)
        if expired is None:
            self.locks.pop(form, None)
        else:
            self.locks[form] = expired
        if indexed:
            self._presence(form, was)

    def add_holder(self, form: str, account_id: str) -> None:
        indexed = self._indexed(form)
        was = indexed and self.present(form)
        held = self.holders.get(form)
        if held is None:
            self.holders[form] = account_id
        elif held.__class__ is list:
            if account_id not in held:
                held.append(account_id)  # type: ignore[union-attr]
        elif held != account_id:
            self.holders[form] = [held, account_id]  # type: ignore[list-item]
        if indexed:
            self._presence(form, was)

    def remove_holder(self, form: str, account_id: str) -> None:
        indexed = self._indexed(form)
        was = indexed and self.present(form)
        held = self.holders.get(form)
        if held.__class__ is list:
            if account_id in held:  # type: ignore[operator]
                held.remove(account_id)  # type: ignore[union-attr]
            if len(held) == 1:  # type: ignore[arg-type]
                self.holders[form] = held[0]  # type: ignore[index]
        elif held == account_id:
            del self.holders[form]
        if indexed:
            self._presence(form, was)

    def _presence(self, form: str, was: bool) -> None:
        """Keep the indexes in step with an indexed form's presence (``was``: present before)."""
        now = self.present(form)
        if now and not was:
            self._note(form)
        elif was and not now:
            self._forget(form)

    def holders_of(self, form: str) -> list[str]:
        held = self.holders.get(form)
        if held is None:
            return []
        return list(held) if held.__class__ is list else [held]  # type: ignore[list-item]

    # -- classes ---------------------------------------------------------------

    def clash_class(self, key: str) -> set[str]:
        """The forms whose clash key is ``key``."""
        members = set(self.unlike.get(key, ()))
        if self.present(key):
            members.add(key)
        return members

    def has_lookalikes(self, key: str) -> bool:
        """Whether the lookalike class ``key`` holds an odd form (only then can it be a
        lookalike clash)."""
        return key in self.odd

    def lookalike_class(self, key: str) -> set[str]:
        """Every form whose lookalike key is ``key``."""
        members: set[str] = set()
        for form in self.odd.get(key, ()):
            members |= self.clash_class(self.clash_key(form))
        if self.middle is not None:  # a scoped key keeps its scope: walk the rule's forms (rare)
            members.update(f for f in {*self.locks, *self.holders} if self.lookalike_key(f) == key)
            return members
        spellings = ascii_spellings(key, MAX_SPELLINGS)
        if spellings is None:  # too many to try: walk the rule's forms once (rare)
            forms = [f for f in {*self.locks, *self.holders} if f.isascii()]
            members.update(f for f, k in zip(forms, lookalike_keys(forms, self.trim), strict=True)
                           if k == key)
            return members
        for text in spellings:
            members |= self.clash_class(text)
        return members


@cache
def _spelled_as() -> dict[str, tuple[str, ...]]:
    """Each piece of an ASCII text's lookalike key -> the ASCII characters a clash key may
    hold there (clash keys of ASCII forms are lower case). Each character's own prototype, not
    its lookalike key: that tidies a lone space away, and a key's inner space is spelled " "."""
    out: dict[str, list[str]] = {}
    prototypes = ascii_prototypes()
    for char in map(chr, range(128)):
        if char.lower() == char:
            out.setdefault(prototypes.get(char, char), []).append(char)
    return {k: tuple(v) for k, v in out.items()}


def ascii_spellings(key: str, limit: int) -> list[str] | None:
    """The ASCII clash keys with tidy whitespace whose lookalike key is ``key`` (None: more
    than ``limit``); the untidy ones are odd, indexed by their key."""
    pieces = _spelled_as()
    sizes = sorted({len(p) for p in pieces})
    # Texts spelled so far, by how much of the key they cover (a loop, not recursion: a
    # value may be thousands of characters long).
    reached: dict[int, list[str]] = {0: [""]}
    for at in range(len(key)):
        prefixes = reached.pop(at, None)
        if not prefixes:
            continue
        for size in sizes:
            chars = pieces.get(key[at:at + size])
            if not chars:
                continue
            longer = reached.setdefault(at + size, [])
            longer.extend(p + c for p in prefixes for c in chars)
            if len(longer) > limit:
                return None
    return reached.get(len(key), [])
