"""OneTable's scoped unique fields, as a preset.

A OneTable field may say ``unique: true, scope: '${tenantId}'``. sensedeep/dynamodb-onetable
2.7.7 src/Model.js (createUnique, updateUnique, removeUnique) then writes the marker

    scope = this.runTemplate(null, null, field, properties, params, field.scope) + '#'
    pk = `_unique#${scope}${this.name}#${field.attribute}#${properties[field.name]}`
    sk = '_unique#'

so a value is unique per scope: tenant acme's ``ada@x`` and tenant globex's are two markers
(``_unique#acme#User#email#ada@x``, ``_unique#globex#User#email#ada@x``). The scope comes
first, so a marker has no fixed prefix but ``_unique#``. runTemplate returns undefined when a
variable is missing, and ``undefined + '#'`` is the text ``undefined#``: the library writes that
(its ``scope == undefined`` check never fires), and ``scope.fill_scope`` does the same.

The rule (``LockRule.scope``, ``{scope}`` in pk_template) is paired by the one engine
(``Pairing``) on its forms ``<scope>#<Model>#<attribute>#<value>`` (``uniqueness/scope.py``):
an account with its own scope's marker only, and the same value in two scopes is no duplicate.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.uniqueness.presets.base import Context, Marker
from dynoview.core.uniqueness.schema import (
    NORMALISE_NONE,
    LockRule,
    protected_text,
    string_value,
)
from dynoview.core.uniqueness.scope import UNDEFINED, fill_scope

__all__ = ["ONETABLE_SK", "UNDEFINED", "onetable_scoped_parse", "onetable_scoped_rule", "scope_of",
           "scope_template"]

ONETABLE_SK = "_unique#"


def scope_of(rule: LockRule, item: Mapping[str, Any]) -> str | None:
    """The scope an account's locks carry (``scope.fill_scope``); None for a rule without one."""
    return None if rule.scope is None else fill_scope(rule.scope, item)


# --------------------------------------------------------------------------- the preset


def onetable_scoped_rule(entity: str, attribute: str, has_sk: bool, context: Context = ()) -> LockRule:
    """``_unique#{scope}#<Model>#<attribute>#{value}`` / ``_unique#``, scoped by the attribute's
    template in ``context`` (``email=${tenantId}``, or one template for all); ``${scope}``, a
    placeholder, when no account showed it."""
    mine = [c.split("=", 1)[1] for c in context if c.startswith(f"{attribute}=")]
    shared = [c for c in context if "=" not in c]
    scope = (mine or shared or ["${scope}"])[0]
    return LockRule(attribute, attribute, f"_unique#{{scope}}#{entity}#{attribute}#{{value}}",
                    ONETABLE_SK if has_sk else None, NORMALISE_NONE, scope=scope)


def onetable_scoped_parse(pk: str, sk: str | None) -> Marker | None:
    """``_unique#<scope>#<Model>#<attribute>#<value>``: four parts, the scope first (a scope
    holding '#' is read as far as its first one)."""
    if (sk is not None and sk != ONETABLE_SK) or not pk.startswith(ONETABLE_SK):
        return None
    parts = pk[len(ONETABLE_SK):].split("#", 3)
    if len(parts) != 4 or not parts[1] or not parts[2]:
        return None
    return Marker(parts[1], parts[2], parts[3], scope=parts[0])


def scope_template(markers: Sequence[Marker], candidates: Sequence[Mapping[str, Any]],
                   attributes: Mapping[str, str]) -> Context:
    """Each attribute's scope template (``email=${tenantId}``): the account attribute whose value
    is the scope of the markers of that account's own values; () when no account shows one."""
    hits: dict[str, Counter[str]] = {}
    for marker in markers:
        attribute = attributes.get(marker.attribute, marker.attribute)
        for item in candidates:
            if string_value(item.get(attribute)) != marker.value:
                continue
            for name, av in item.items():
                if name != attribute and protected_text(av) == marker.scope:
                    hits.setdefault(attribute, Counter())[name] += 1
    return tuple(f"{a}=${{{c.most_common(1)[0][0]}}}" for a, c in sorted(hits.items()))
