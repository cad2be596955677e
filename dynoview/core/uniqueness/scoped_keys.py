"""A rule's clash and lookalike keys of its stored forms: ``forms``' keys, per scope.

A value unique per scope (``scope.py``) is stored as the form ``<scope><middle><value>``, and
DynamoDB compares lock keys by their bytes: tenants ``Acme`` and ``acme`` are two scopes, and
the same value in each is two values, not a clash. So a scoped rule's keys keep the form's
head (its scope and the middle) as spelled and fold only its value part: the key of
``Acme#User#email#Ada@x.io`` is ``Acme#User#email#ada@x.io`` (also the value a clash finding
reports: a form, as every other finding of a scoped rule reports its value).

The head is the text up to the form's *first* middle, whatever the form (a ``JoinedForm``'s own
parts are not used): a key is a function of the text alone, as every engine (the live audit's
worker batches, the export SQL) sees only the text. An unscoped rule's keys are ``forms``' own.
"""

from __future__ import annotations

from collections.abc import Iterable

from dynoview.core.uniqueness.forms import clash_key, is_odd, lookalike_key, unlike_and_odd
from dynoview.core.uniqueness.scope import split_form


def head_and_value(middle: str | None, form: str) -> tuple[str, str]:
    """(the form's scope and middle as spelled, its value part); ``("", form)`` for an unscoped
    rule (``middle`` None) or a form without the middle."""
    parts = None if middle is None else split_form(middle, str(form))  # by its text alone
    return ("", form) if parts is None or middle is None else (parts[0] + middle, parts[1])


def rule_clash_key(middle: str | None, form: str, trim: bool = False) -> str:
    """``forms.clash_key`` of the form's value part, after its head as spelled."""
    if middle is None:
        return clash_key(form, trim)
    head, value = head_and_value(middle, form)
    return head + clash_key(value, trim)


def rule_lookalike_key(middle: str | None, form: str, trim: bool = False) -> str:
    """``forms.lookalike_key`` of the form's value part, after its head as spelled."""
    if middle is None:
        return lookalike_key(form, trim)
    head, value = head_and_value(middle, form)
    return head + lookalike_key(value, trim)


def rule_is_odd(middle: str | None, form: str, trim: bool = False) -> bool:
    """``forms.is_odd`` of the form's value part: only a value can start a lookalike clash."""
    return is_odd(head_and_value(middle, form)[1], trim)


def rule_unlike_and_odd(middle: str | None, forms: Iterable[str],
                        trim: bool = False) -> tuple[list[str], list[str]]:
    """``forms.unlike_and_odd`` by the rule's keys: the forms unlike their (scoped) clash key,
    and those whose value part is odd. An unscoped rule takes ``forms``' C loops."""
    if middle is None:
        return unlike_and_odd(forms, trim)
    forms = list(forms)
    unlike = [f for f in forms if rule_clash_key(middle, f, trim) != f]
    odd = [f for f in forms if rule_is_odd(middle, f, trim)]
    return unlike, odd
