"""The items of a table held in memory, found by what the audit groups them by.

The audit (``Pairing``) relates items only through a rule's forms: the holders of a value and
its lock share the value, a case clash shares a clash key, a lookalike clash a lookalike key
(the TR39 skeleton of the clash key, so one key covers both), and the items of one account
share its partition key. The findings about a batch's values, accounts and locks therefore
depend only on the items sharing one of those keys with the batch: judging the batch against
them gives the verdict of judging it against the whole table, at the cost of the batch instead
of the table's size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from dynoview.core.imports.model import KeyId
from dynoview.core.preflight.model import pk_text, rule_value
from dynoview.core.uniqueness.forms import lookalike_key, trims
from dynoview.core.uniqueness.schema import UniquenessSchema

Form = tuple[str, str]  # (rule name, lookalike key), or ("", account partition key)


class FormIndex:
    """Item keys by form, kept up to date as items are put."""

    def __init__(self, schema: UniquenessSchema) -> None:
        self.schema = schema
        self._by_form: dict[Form, set[KeyId]] = {}
        self._forms: dict[KeyId, list[Form]] = {}

    def forms(self, item: Mapping[str, Any]) -> list[Form]:
        """The keys the audit may group ``item`` by (none for an item of no rule)."""
        schema = self.schema
        if schema.is_account(item):
            out: list[Form] = [("", pk_text(item, schema) or "")]
            for rule in schema.rules:
                value = rule_value(item, rule)
                if value:
                    out.append((rule.name, lookalike_key(value, trims(rule.normalisation))))
            return out
        match = schema.match_lock(item)
        if match is None:
            return []
        rule, value = match
        return [(rule.name, lookalike_key(value, trims(rule.normalisation)))]

    def put(self, ident: KeyId, item: Mapping[str, Any]) -> None:
        for form in self._forms.pop(ident, ()):
            members = self._by_form.get(form)
            if members is not None:
                members.discard(ident)
                if not members:
                    del self._by_form[form]
        forms = self.forms(item)
        if forms:
            self._forms[ident] = forms
            for form in forms:
                self._by_form.setdefault(form, set()).add(ident)

    def related(self, items: Iterable[Mapping[str, Any]]) -> set[KeyId]:
        """The keys of every item sharing a form with one of ``items``."""
        out: set[KeyId] = set()
        for item in items:
            for form in self.forms(item):
                out.update(self._by_form.get(form, ()))
        return out
