"""OneTable's scoped unique fields, as a preset, and pairing per scope.

A OneTable field may say ``unique: true, scope: '${tenantId}'``. sensedeep/dynamodb-onetable
2.7.7 src/Model.js (createUnique, updateUnique, removeUnique) then writes the marker

    scope = this.runTemplate(null, null, field, properties, params, field.scope) + '#'
    pk = `_unique#${scope}${this.name}#${field.attribute}#${properties[field.name]}`
    sk = '_unique#'

so a value is unique per scope: tenant acme's ``ada@x`` and tenant globex's are two markers
(``_unique#acme#User#email#ada@x``, ``_unique#globex#User#email#ada@x``). The scope comes
first, so a marker has no fixed prefix but ``_unique#``. runTemplate returns undefined when a
variable is missing, and ``undefined + '#'`` is the text ``undefined#``: the library writes that
(its ``scope == undefined`` check never fires), and ``scope_of`` does the same.

A scoped rule (``LockRule.scope``, ``{scope}`` in pk_template) is paired per scope: the items
are split by the scope of each account (its template filled from the account's attributes) and
of each marker (the text before ``#<Model>#<attribute>#``), and each scope is classified with
the rule's ``in_scope`` form, an ordinary rule. An account is thus paired with its own scope's
marker only, and the same value in two scopes is no duplicate.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from dynoview.core.uniqueness.findings import STATUSES, Finding
from dynoview.core.uniqueness.pairing import Pairing, classify
from dynoview.core.uniqueness.presets.base import Context, Marker
from dynoview.core.uniqueness.schema import (
    NORMALISE_NONE,
    LockRule,
    UniquenessSchema,
    protected_text,
    string_value,
)

ONETABLE_SK = "_unique#"
UNDEFINED = "undefined"  # what OneTable writes for a scope whose variable is missing
_SCOPE_VAR = re.compile(r"\$\{(.*?)\}")  # runTemplate's variables: ${name} or ${name:len:pad}


def in_scope(rule: LockRule, scope: str) -> LockRule:
    """The rule for one scope's locks: {scope} filled in, an ordinary rule."""
    return dataclasses.replace(rule, pk_template=rule.pk_template.replace("{scope}", scope, 1), scope=None)


def scope_of(rule: LockRule, item: Mapping[str, Any]) -> str | None:
    """The scope an account's locks carry: the rule's ``${name}`` variables filled from the
    item's attributes (S or N text; ``${name:len:pad}`` padded left), as Model.runTemplate
    does; ``undefined`` when one is missing. None for a rule without a scope."""
    if rule.scope is None:
        return None
    missing = False

    def fill(match: re.Match[str]) -> str:
        nonlocal missing
        name, width, pad = [*match.group(1).split(":"), "", ""][:3]
        text = protected_text(item.get(name))
        missing = missing or text is None
        return (text or "").rjust(int(width), (pad or "0")[0]) if width.isdigit() else text or ""

    filled = _SCOPE_VAR.sub(fill, rule.scope)
    return UNDEFINED if missing else filled


def split_scoped(rule: LockRule, pk: str) -> tuple[str, str] | None:
    """(scope, stored value) of a scoped rule's lock key, or None if the key is not the rule's.
    The scope ends where the text between {scope} and {value} (``#User#email#``) first appears."""
    if rule.scope is None:
        return None
    head, rest = rule.pk_template.split("{scope}", 1)
    middle, tail = rest.split("{value}", 1)
    if not pk.startswith(head) or not pk.endswith(tail) or len(pk) < len(head) + len(tail):
        return None
    body = pk[len(head):len(pk) - len(tail)]
    cut = body.find(middle)
    return (body[:cut], body[cut + len(middle):]) if cut >= 0 else None


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


# --------------------------------------------------------------------------- pairing per scope


@dataclass
class ScopedPairing:
    """Findings of a schema with scoped rules: one ``Pairing`` per (scope template, scope), and
    one for the schema's unscoped rules if any; findings in that order, scopes sorted."""

    schema: UniquenessSchema
    scopes: dict[tuple[str, str], Pairing] = field(default_factory=dict)
    unscoped: Pairing | None = None
    items_seen: int = 0
    other_items: int = 0  # neither an account nor a lock of any rule

    def findings(self) -> list[Finding]:
        out = list(self.unscoped.findings()) if self.unscoped is not None else []
        for key in sorted(self.scopes):
            out.extend(self.scopes[key].findings())
        return out

    def counts(self) -> dict[str, int]:
        total = dict.fromkeys(STATUSES, 0)
        for pairing in [*self.scopes.values(), *([self.unscoped] if self.unscoped else [])]:
            for status, n in pairing.counts().items():
                total[status] = total.get(status, 0) + n
        return total

    def scope_of_finding(self, finding: Finding) -> str | None:
        """The scope a finding belongs to (None for an unscoped rule's)."""
        return next((scope for (_, scope), p in self.scopes.items() if finding in p.findings()), None)


def classify_scoped(items: Iterable[Mapping[str, Any]], schema: UniquenessSchema,
                    ttl_attribute: str | None = None, now: datetime | None = None) -> ScopedPairing:
    """Pair accounts with their own scope's markers (see the module docstring). Rules with
    different scope templates (email by ${tenantId}, nick by ${org}) are paired apart."""
    items = list(items)
    templates: dict[str, list[LockRule]] = {}
    for rule in schema.rules:
        if rule.scope is not None:
            templates.setdefault(rule.scope, []).append(rule)
    plain = tuple(r for r in schema.rules if r.scope is None)
    result = ScopedPairing(schema, items_seen=len(items))
    if plain:
        result.unscoped = classify(items, dataclasses.replace(schema, rules=plain), ttl_attribute, now)
    buckets: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for item in items:
        placed = schema.is_account(item) or bool(plain and _plain_lock(schema, plain, item))
        for template, scoped in templates.items():
            scope = _scope_of_item(schema, scoped, item)
            if scope is not None:
                buckets.setdefault((template, scope), []).append(item)
                placed = True
        result.other_items += not placed
    for (template, scope), members in buckets.items():
        rules = tuple(in_scope(r, scope) for r in templates[template])
        result.scopes[template, scope] = classify(members, dataclasses.replace(schema, rules=rules),
                                                  ttl_attribute, now)
    return result


def _scope_of_item(schema: UniquenessSchema, scoped: list[LockRule],
                   item: Mapping[str, Any]) -> str | None:
    """The scope of an account (from its attributes) or of a scoped rule's marker (its key)."""
    if not scoped:
        return None
    if schema.is_account(item):
        return scope_of(scoped[0], item)
    pk = string_value(item.get(schema.pk_name))
    sk = string_value(item.get(schema.sk_name)) if schema.sk_name else None
    if pk is None:
        return None
    for rule in scoped:
        if schema.sk_name and rule.sk_value is not None and sk != rule.sk_value:
            continue
        found = split_scoped(rule, pk)
        if found is not None:
            return found[0]
    return None


def _plain_lock(schema: UniquenessSchema, plain: tuple[LockRule, ...], item: Mapping[str, Any]) -> bool:
    return dataclasses.replace(schema, rules=plain).match_lock(item) is not None
