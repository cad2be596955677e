"""Values unique per scope (OneTable's ``field.scope``): the scope an account's locks carry, and
a scoped rule's stored forms.

A scoped rule's lock key is ``<prefix><scope><middle><value><suffix>``, e.g.
``_unique#acme#User#email#ada@x.io`` (prefix ``_unique#``, middle ``#User#email#``). The engine
pairs such a rule on its *form*: the key's text between the fixed prefix and suffix
(``acme#User#email#ada@x.io``), which holds the scope and the value, so an account is paired
with its own scope's lock only and the same value in two scopes is two values. An account's
form is its scope (its template filled from its attributes) + middle + its value after the
rule's normalisation; a lock's is cut from its key like any rule's stored value.

The scope may hold the middle itself (tenantId ``Org#User#email#EU``), so a form is only cut at
its first middle when nothing else says where its scope ends: a lock key read from a table. A
form the code joins (``JoinedForm``) keeps its parts, so its scope is never normalised with
its value.

A Number (a value, or an attribute a scope reads) is keyed as DynamoDB stores it
(``stored_text``: ``007`` is stored, and read back, as ``7``), the text the account will hold.

sensedeep/dynamodb-onetable 2.7.7 src/Model.js fills the scope with ``runTemplate`` and adds
``'#'``; a missing variable leaves it undefined, and ``undefined + '#'`` is the text
``undefined#``: the library writes that, and ``fill_scope`` does the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from dynoview.core.uniqueness.forms import NORMALISE_NONE, normalise
from dynoview.core.values.numbers import stored_number
from dynoview.core.values.types import ValueParseError

UNDEFINED = "undefined"  # what OneTable writes for a scope whose variable is missing
SCOPE_VAR = re.compile(r"\$\{(.*?)\}")  # runTemplate's variables: ${name} or ${name:len:pad}


def scope_variables(template: str) -> list[str]:
    """The attribute names a scope template reads, in order (``${org}-${team}``: org, team)."""
    return [m.group(1).split(":", 1)[0] for m in SCOPE_VAR.finditer(template)]


def protected_text(av: Any) -> str | None:
    """A protected value as the audit reads it: S as is, N as its exact text; other types and
    empty strings are no value (None)."""
    if not isinstance(av, Mapping):
        return None
    text = av.get("S")
    if text is None:
        text = av.get("N")
    return text if isinstance(text, str) and text else None


def stored_text(av: Any) -> str | None:
    """``protected_text`` as DynamoDB stores it: a Number in its stored spelling (``0028`` as
    ``28``, ``1.50`` as ``1.5``), the text the audit reads back, so the lock keyed on it is the
    one the account will hold. N text that is no number stays as it is (validation refuses it)."""
    text = protected_text(av)
    if text is None or av.get("S") is not None:
        return text
    try:
        return stored_number(text)
    except ValueParseError:
        return text


def stored_like(held: Any, text: str) -> str:
    """``text`` as DynamoDB stores it where an attribute holds ``held``: a Number's stored
    spelling (``stored_text``) when ``held`` is a Number, else ``text`` as it is."""
    number = isinstance(held, Mapping) and held.get("S") is None and "N" in held
    return (stored_text({"N": text}) or text) if number else text


def stored_numbers(item: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    """``item`` with its Numbers among ``names`` spelled as DynamoDB stores them (``stored_text``):
    a write then shows what the table will hold, and an engine that keeps N text as sent (moto)
    holds the same."""
    out = dict(item)
    for name in names:
        av = out.get(name)
        if isinstance(av, Mapping) and set(av) == {"N"} and isinstance(av["N"], str) and av["N"]:
            out[name] = {"N": stored_text(av)}
    return out


def fill_scope(template: str, item: Mapping[str, Any]) -> str:
    """The template's ``${name}`` variables filled from the item's attributes (S text, or N as
    DynamoDB stores it; ``${name:len:pad}`` padded left), as Model.runTemplate does;
    ``undefined`` when one is missing."""
    missing = False

    def fill(match: re.Match[str]) -> str:
        nonlocal missing
        name, width, pad = [*match.group(1).split(":"), "", ""][:3]
        text = stored_text(item.get(name))
        missing = missing or text is None
        return (text or "").rjust(int(width), (pad or "0")[0]) if width.isdigit() else text or ""

    filled = SCOPE_VAR.sub(fill, template)
    return UNDEFINED if missing else filled


class JoinedForm(str):
    """A scoped form the code joined itself (scope + middle + value), which keeps where its
    scope ends: ``split_form`` gives its parts back instead of cutting it at the first middle,
    which the scope may hold. A str, so every caller that takes a form takes it; text made from
    it (a lock key, a label) is a plain str again."""

    scope: str
    middle: str
    value: str

    def __new__(cls, scope: str, middle: str, value: str) -> JoinedForm:
        form = super().__new__(cls, scope + middle + value)
        form.scope, form.middle, form.value = scope, middle, value
        return form

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the parts
        return (JoinedForm, (self.scope, self.middle, self.value))


def fill_form(template: str, middle: str, item: Mapping[str, Any], value: str) -> JoinedForm:
    """The form of ``value`` in ``item``'s scope: the scope filled from the item (``fill_scope``),
    the middle, the value; joined once, so it is never cut again."""
    return JoinedForm(fill_scope(template, item), middle, value)


def split_form(middle: str, form: str) -> tuple[str, str] | None:
    """(scope, value) of a scoped form: a ``JoinedForm``'s own parts; else (a lock key's text
    read from a table, a form typed by a person) the scope ends where ``middle`` first appears."""
    if isinstance(form, JoinedForm) and form.middle == middle:
        return form.scope, form.value
    cut = form.find(middle)
    return (form[:cut], form[cut + len(middle):]) if cut >= 0 else None


def normalise_form(middle: str, form: str, mode: str) -> str:
    """A scoped form with its value part normalised (the scope is kept as spelled); a
    ``JoinedForm`` stays one: its value is normalised, then joined to its scope again."""
    if mode == NORMALISE_NONE:
        return form
    parts = split_form(middle, form)
    if parts is None:
        return form
    if isinstance(form, JoinedForm):
        return JoinedForm(parts[0], middle, normalise(parts[1], mode))
    return parts[0] + middle + normalise(parts[1], mode)
