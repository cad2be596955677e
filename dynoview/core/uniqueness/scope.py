"""Values unique per scope (OneTable's ``field.scope``): the scope an account's locks carry, and
a scoped rule's stored forms.

A scoped rule's lock key is ``<prefix><scope><middle><value><suffix>``, e.g.
``_unique#acme#User#email#ada@x.io`` (prefix ``_unique#``, middle ``#User#email#``). The engine
pairs such a rule on its *form*: the key's text between the fixed prefix and suffix
(``acme#User#email#ada@x.io``), which holds the scope and the value, so an account is paired
with its own scope's lock only and the same value in two scopes is two values. An account's
form is its scope (its template filled from its attributes) + middle + its value after the
rule's normalisation; a lock's is cut from its key like any rule's stored value.

sensedeep/dynamodb-onetable 2.7.7 src/Model.js fills the scope with ``runTemplate`` and adds
``'#'``; a missing variable leaves it undefined, and ``undefined + '#'`` is the text
``undefined#``: the library writes that, and ``fill_scope`` does the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from dynoview.core.uniqueness.forms import NORMALISE_NONE, normalise

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


def fill_scope(template: str, item: Mapping[str, Any]) -> str:
    """The template's ``${name}`` variables filled from the item's attributes (S or N text;
    ``${name:len:pad}`` padded left), as Model.runTemplate does; ``undefined`` when one is
    missing."""
    missing = False

    def fill(match: re.Match[str]) -> str:
        nonlocal missing
        name, width, pad = [*match.group(1).split(":"), "", ""][:3]
        text = protected_text(item.get(name))
        missing = missing or text is None
        return (text or "").rjust(int(width), (pad or "0")[0]) if width.isdigit() else text or ""

    filled = SCOPE_VAR.sub(fill, template)
    return UNDEFINED if missing else filled


def split_form(middle: str, form: str) -> tuple[str, str] | None:
    """(scope, value) of a scoped form: the scope ends where ``middle`` first appears."""
    cut = form.find(middle)
    return (form[:cut], form[cut + len(middle):]) if cut >= 0 else None


def normalise_form(middle: str, form: str, mode: str) -> str:
    """A scoped form with its value part normalised (the scope is kept as spelled)."""
    if mode == NORMALISE_NONE:
        return form
    parts = split_form(middle, form)
    return form if parts is None else parts[0] + middle + normalise(parts[1], mode)
