"""What one transaction action leaves behind, for the uniqueness preflight.

Whether the item exists afterwards, and every attribute an Update sets from something the
request and the item before it name (a value, another attribute, ``if_not_exists``, a number
sum): the protected (rule) attributes, the attributes scoped rules fill their scope from, and
the TTL attribute, whose new value decides whether the item expires. A protected attribute whose
new value cannot be computed from the request alone (a set, a type DynamoDB refuses to add) is
named by ``simulate``, so the preflight says so for the rules that read it instead of guessing
(the others are judged); an Update whose expression cannot be read yields ``UNKNOWN`` for the
whole item. Any other attribute it cannot compute exists afterwards with a placeholder value,
and ``uncomputed`` names it (for the TTL attribute the preflight then warns that the expiry
cannot be known).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from decimal import Context, Decimal, Inexact, InvalidOperation, Overflow, Subnormal, Underflow
from typing import Any

from dynoview.core.expressions.lexer import ExpressionSyntaxError
from dynoview.core.expressions.nodes import Arithmetic, FunctionCall, Path, Value
from dynoview.core.expressions.parser import parse_update
from dynoview.core.tx.model import DELETE, PUT, UPDATE, Action
from dynoview.core.uniqueness.schema import LockRule
from dynoview.core.uniqueness.scope import scope_variables
from dynoview.core.values.numbers import stored_number
from dynoview.core.values.types import ValueParseError


class _Unknown:
    """The marker for "this action's result cannot be predicted"."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN: Any = _Unknown()

#: DynamoDB's own number arithmetic: 38 significant digits, magnitudes from 1E-130 to below
#: 1E+126. A result it cannot hold exactly is refused (a ValidationException), never rounded.
_NUMBERS = Context(prec=38, Emax=125, Emin=-130, traps=[Inexact, Overflow, Subnormal, Underflow])


def _top_name(path: Path, names: Mapping[str, str]) -> str | None:
    first = path.elements[0] if path.elements else None
    if not isinstance(first, str):
        return None
    return names.get(first) if first.startswith("#") else first


def _operand(node: Any, item: Mapping[str, Any], action: Action) -> Any:
    """The value an operand evaluates to on the item before the update, or UNKNOWN."""
    if isinstance(node, Value):
        return action.values.get(node.name, UNKNOWN)
    if isinstance(node, Path):
        if len(node.elements) != 1:
            return UNKNOWN
        name = _top_name(node, action.names)
        return item.get(name) if name is not None else UNKNOWN
    if isinstance(node, FunctionCall) and node.name == "if_not_exists" and len(node.args) == 2:
        current = _operand(node.args[0], item, action)
        if current is UNKNOWN:
            return UNKNOWN
        return current if current is not None else _operand(node.args[1], item, action)
    if isinstance(node, Arithmetic):
        return _sum(node.op, _operand(node.left, item, action), _operand(node.right, item, action))
    return UNKNOWN  # list_append: never a protected string value we can name


def _number(av: Any) -> Decimal | None:
    if not isinstance(av, Mapping) or set(av) != {"N"}:
        return None
    try:
        return Decimal(str(av["N"]))
    except InvalidOperation:
        return None


def _sum(op: str, left: Any, right: Any) -> Any:
    """``left + right`` (or ``-``) of two Numbers, or UNKNOWN (DynamoDB refuses anything else)."""
    a, b = _number(left), _number(right)
    if a is None or b is None:
        return UNKNOWN
    try:
        result = _NUMBERS.add(a, b) if op == "+" else _NUMBERS.subtract(a, b)
    except ArithmeticError:  # past 38 digits or DynamoDB's range: it refuses the request
        return UNKNOWN
    return {"N": str(result)}


def _apply_update(action: Action, before: Mapping[str, Any] | None,
                  protected: set[str]) -> tuple[Any, set[str]]:
    """The item after the Update, and the protected attributes whose new value it cannot
    compute (they keep their value before); UNKNOWN where the expression cannot be read."""
    # An Update on a missing item creates it from its key (DynamoDB upserts).
    item: dict[str, Any] = dict(before) if before is not None else dict(action.key)
    try:
        tree = parse_update(action.update)
    except ExpressionSyntaxError:
        return UNKNOWN, set()
    paths = [step.path for step in tree.set] + list(tree.remove) + [u.path for u in (*tree.add, *tree.delete)]
    if any(_top_name(path, action.names) is None for path in paths):
        return UNKNOWN, set()  # a name the request does not define: which attribute is unknown
    original = dict(item)  # every operand reads the item as it was before this update
    unsure: set[str] = set()
    for step in tree.set:
        name = _top_name(step.path, action.names) or ""
        value = _operand(step.value, original, action) if len(step.path.elements) == 1 else UNKNOWN
        if name not in protected:
            # Its real value where the request says it (a TTL decides expiry); else it only
            # exists afterwards (``uncomputed`` names it).
            if value is UNKNOWN or value is None:
                item.setdefault(name, {"NULL": True})
            else:
                item[name] = value
        elif value is UNKNOWN:
            unsure.add(name)
        elif value is None:
            item.pop(name, None)
        else:
            item[name] = value
    for path in tree.remove:
        name = _top_name(path, action.names) or ""
        if len(path.elements) == 1:
            item.pop(name, None)
        elif name in protected:
            unsure.add(name)
    for update in tree.add:
        name = _top_name(update.path, action.names) or ""
        # A Number: the sum, or the operand where the attribute is absent (as ``SET a + b``).
        added = _added(update.path, original.get(name), action.values.get(update.value.name))
        if added is not UNKNOWN:
            item[name] = added
        elif name in protected:
            unsure.add(name)  # a set, or a type DynamoDB refuses to add
        else:
            item.setdefault(name, {"NULL": True})  # a set, or a sum we cannot name
    for update in tree.delete:  # of a set: never a value a rule reads, or refused
        name = _top_name(update.path, action.names) or ""
        if name in protected:
            unsure.add(name)
    return item, unsure


def _added(path: Path, current: Any, value: Any) -> Any:
    """What ``ADD path :n`` leaves for a Number (the value, or the sum), else UNKNOWN."""
    if len(path.elements) != 1 or _number(value) is None:
        return UNKNOWN
    return value if current is None else _sum("+", current, value)


def uncomputed(action: Action, before: Mapping[str, Any] | None) -> set[str]:
    """The attributes an Update sets (SET or ADD) to a value the request and ``before`` do
    not determine: ``apply_action`` gives them a placeholder (or UNKNOWN for a protected one)."""
    if action.kind != UPDATE:
        return set()
    try:
        tree = parse_update(action.update)
    except ExpressionSyntaxError:
        return set()
    item = dict(before) if before is not None else dict(action.key)
    out: set[str] = set()
    for step in tree.set:
        name = _top_name(step.path, action.names)
        if name is not None and (len(step.path.elements) != 1
                                 or _operand(step.value, item, action) in (UNKNOWN, None)):
            out.add(name)
    for update in tree.add:
        name = _top_name(update.path, action.names)
        if name is not None and _added(update.path, item.get(name),
                                       action.values.get(update.value.name)) is UNKNOWN:
            out.add(name)
    return out


def apply_action(action: Action, before: Any, rules: Sequence[LockRule]) -> Any:
    """The item after ``action`` (None: no item; UNKNOWN: cannot be predicted)."""
    return simulate(action, before, rules)[0]


def simulate(action: Action, before: Any, rules: Sequence[LockRule]) -> tuple[Any, frozenset[str]]:
    """The item after ``action`` (None: no item; UNKNOWN: cannot be predicted at all), and the
    protected attributes whose value after it cannot be computed: the item keeps their value
    before, and only the rules that read them are unpredictable (``blind_spots``)."""
    if before is UNKNOWN:
        return UNKNOWN, frozenset()
    if action.kind == PUT:
        return _as_stored(dict(action.item)), frozenset()
    if action.kind == DELETE:
        return None, frozenset()
    if action.kind == UPDATE:
        protected = {name for r in rules for name in _reads(r)}
        after, unsure = _apply_update(action, before, protected)
        return (_as_stored(after) if isinstance(after, dict) else after), frozenset(unsure)
    return before, frozenset()  # ConditionCheck writes nothing


def _reads(rule: LockRule) -> list[str]:
    """The attributes a rule's value is made of: its own, then those its scope reads (a
    scoped rule's locks are keyed by them too: tenantId)."""
    return [rule.attribute, *(scope_variables(rule.scope) if rule.scope is not None else ())]


def blind_spots(rules: Sequence[LockRule], after: Any, unsure: frozenset[str]) -> dict[str, str]:
    """rule name -> the attribute it reads whose value after an action cannot be computed
    (``simulate``); every rule, with "", where the whole item cannot be."""
    out: dict[str, str] = {}
    for rule in rules:
        hit = next((name for name in _reads(rule) if name in unsure), None)
        if after is UNKNOWN or hit is not None:
            out[rule.name] = "" if after is UNKNOWN else hit or ""
    return out


def _as_stored(item: dict[str, Any]) -> dict[str, Any]:
    """The item as DynamoDB will hold it: a Number in its stored spelling (``007`` -> ``7``),
    which is the text the audit reads and a lock keyed on it must carry."""
    for name, av in item.items():
        if isinstance(av, Mapping) and set(av) == {"N"} and isinstance(av["N"], str):
            with contextlib.suppress(ValueParseError):  # not a number: validation refuses it
                item[name] = {"N": stored_number(av["N"])}
    return item
