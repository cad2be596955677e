"""Rules unique per scope (OneTable's ``field.scope``) as the watch keeps and judges them.

The engine pairs a scoped rule on its forms ``<scope><middle><value>`` (``uniqueness/scope.py``):
an account's form is its scope filled from its attributes, the middle and its value after the
rule's normalisation; a lock's is its key after the fixed prefix. The watch keeps forms, never
items, so the judge feeds the engine account items rebuilt from the forms they hold, and a
rebuilt account must give its form back. A scope cannot be rebuilt from its template
(``${org}-${team}`` has no inverse), so the judge pairs with a copy of the schema whose scoped
rules read their scope from one attribute of their own, which the rebuilt item holds: the
same rule names, templates and normalisations, so the same findings, word for word.

A scope may hold the middle itself (tenantId ``Org#User#email#EU``), so a recorded value is not
cut at its first middle where something says where its scope ends: a ``JoinedForm`` (what
``recorded_value`` joins from an item) keeps its parts; for a plain one, the cut the account
holds (``held_form``'s ``holds``, as the audit's ``RuleState.held_form``); for a held form, a
cut whose value the rule's normalisation keeps as it is (``account_attributes``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from dynoview.core.uniqueness.forms import normalise
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.scope import (
    JoinedForm,
    fill_form,
    normalise_form,
    protected_text,
    scope_variables,
    split_form,
)

#: The attribute a rebuilt account holds a scoped rule's scope in (its position appended).
#: No table's item is ever read with it: only the judge's rebuilt items carry it.
SCOPE_ATTRIBUTE = "\x00dynoview-scope-"


def recorded_value(rule: LockRule, item: Mapping[str, Any]) -> str | None:
    """An account item's protected value as the audit's account record keeps it (``Pairing.feed``):
    its text; for a scoped rule, its scope and the middle first (``acme#User#email#Ada@x.io``),
    so an account moved to another scope has another value; joined (``JoinedForm``), so a scope
    holding the middle is never cut. None: no value, as the audit records a value the rule's
    normalisation empties ("   " trimmed)."""
    text = protected_text(item.get(rule.attribute))
    if text is None or rule.scope is None:
        return text if held_form(rule, text) is not None else None
    recorded = fill_form(rule.scope, rule.middle or "", item, text)
    return recorded if held_form(rule, recorded) is not None else None


def held_form(rule: LockRule, recorded: str | None,
              holds: Callable[[str], bool] | None = None) -> str | None:
    """A recorded value (``recorded_value``) as the rule's locks hold it: normalised; a scoped
    one's value part only (``scope.normalise_form``), as the engine pairs it. None: no value
    (none recorded, or the normalisation empties it: the audit's one test, ``Pairing.feed``).

    A scoped value is cut where its scope ends: a ``JoinedForm``'s own parts; else, where a
    scope may hold the middle (it appears twice), the first cut whose form ``holds`` says the
    account holds; else at its first middle."""
    if not recorded:
        return None
    middle = rule.middle
    if middle is None:
        return normalise(recorded, rule.normalisation) or None
    parts = split_form(middle, recorded)
    if parts is None:  # not a form the engine made; paired as the engine would
        return normalise_form(middle, recorded, rule.normalisation) or None
    if holds is not None and not isinstance(recorded, JoinedForm):
        for scope, value in _cuts(middle, recorded):
            held = normalise(value, rule.normalisation)
            if held and holds(scope + middle + held):
                return scope + middle + held
    value = normalise(parts[1], rule.normalisation)
    return parts[0] + middle + value if value else None


def _cuts(middle: str, form: str) -> Iterator[tuple[str, str]]:
    """(scope, value) of each reading of a plain scoped form: a cut at each ``middle`` in it."""
    cut = form.find(middle)
    while cut >= 0:
        yield form[:cut], form[cut + len(middle):]
        cut = form.find(middle, cut + 1)


def judging_schema(schema: UniquenessSchema) -> tuple[UniquenessSchema, list[str | None]]:
    """The schema the judge pairs with, and per rule the attribute a rebuilt account holds its
    scope in (None: an unscoped rule, or a scope template without variables, which every
    account fills alike). The schema itself when no rule has a scope."""
    attributes: list[str | None] = []
    rules: list[LockRule] = []
    for index, rule in enumerate(schema.rules):
        if rule.scope is None or not scope_variables(rule.scope):
            attributes.append(None)
            rules.append(rule)
            continue
        attribute = f"{SCOPE_ATTRIBUTE}{index}"
        attributes.append(attribute)
        rules.append(dataclasses.replace(rule, scope=f"${{{attribute}}}"))
    if not any(attributes):
        return schema, attributes
    return dataclasses.replace(schema, rules=tuple(rules)), attributes


def account_attributes(rule: LockRule, scope_attribute: str | None, form: str) -> dict[str, Any]:
    """The attributes of a rebuilt account that holds ``form`` (a held form: normalising it again
    gives it back), for the judging schema's copy of ``rule``. A scope may hold the middle, so a
    plain form is cut where its value is one the normalisation keeps as it is (the first such
    cut: each gives the form back), not at its first middle."""
    middle = rule.middle
    parts = split_form(middle, form) if middle is not None else None
    if parts is None or middle is None:
        return {rule.attribute: {"S": form}}
    if not isinstance(form, JoinedForm):
        parts = next(((scope, value) for scope, value in _cuts(middle, form)
                      if value and normalise(value, rule.normalisation) == value), parts)
    scope, value = parts
    out: dict[str, Any] = {rule.attribute: {"S": value}}
    if scope_attribute is not None:
        # A template with variables never fills to "": a filled scope is never empty text.
        out[scope_attribute] = {"S": scope}
    return out

