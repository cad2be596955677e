"""The uniqueness schema: how a table models unique values with lock items.

DynamoDB only enforces uniqueness on the primary key, so applications write a
marker ("lock") item per protected value, e.g. PK=``UNIQ#EMAIL#<value>``,
SK=``LOCK``, in the same transaction as the account. A schema says how to
recognise accounts and how to build each lock's key from an account value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

NORMALISE_NONE = "none"
NORMALISE_LOWER = "lowercase"
NORMALISE_TRIM_LOWER = "trim+lowercase"
NORMALISATIONS = (NORMALISE_NONE, NORMALISE_LOWER, NORMALISE_TRIM_LOWER)


def normalise(value: str, mode: str) -> str:
    """Apply a rule's normalisation before the lock key is built."""
    if mode == NORMALISE_LOWER:
        return value.lower()
    if mode == NORMALISE_TRIM_LOWER:
        return value.strip().lower()
    return value


@dataclass(frozen=True)
class LockRule:
    """One protected attribute, e.g. email -> ``UNIQ#EMAIL#{value}`` / ``LOCK``."""

    name: str  # short rule name shown to users and used by the CLI: "email"
    attribute: str  # attribute on the account item holding the value
    pk_template: str  # lock partition key, "{value}" marks the value: "UNIQ#EMAIL#{value}"
    sk_value: str | None = "LOCK"  # lock sort key (None for a partition-key-only table)
    normalisation: str = NORMALISE_NONE
    index_name: str | None = None  # a GSI keyed on the attribute, if any (eventual reads only)

    @property
    def prefix(self) -> str:
        return self.pk_template.split("{value}", 1)[0]

    @property
    def suffix(self) -> str:
        parts = self.pk_template.split("{value}", 1)
        return parts[1] if len(parts) == 2 else ""

    def lock_pk(self, value: str) -> str:
        """The lock's partition key for an account value (normalised first)."""
        return self.prefix + normalise(value, self.normalisation) + self.suffix

    def value_from_pk(self, pk: str) -> str | None:
        """The value a lock key holds, or None if the key is not this rule's.

        Values may contain '#', so only the template's own prefix and suffix are cut.
        """
        if not pk.startswith(self.prefix) or not pk.endswith(self.suffix):
            return None
        end = len(pk) - len(self.suffix) if self.suffix else len(pk)
        if end < len(self.prefix):
            return None
        return pk[len(self.prefix):end]


@dataclass(frozen=True)
class UniquenessSchema:
    """How one table models uniqueness."""

    pk_name: str = "PK"
    sk_name: str | None = "SK"
    account_pk_prefix: str = "ACCT#"
    account_sk_value: str | None = "PROFILE"
    rules: tuple[LockRule, ...] = field(default_factory=tuple)

    def is_account(self, item: Mapping[str, Any]) -> bool:
        pk = _string(item.get(self.pk_name))
        if pk is None or not pk.startswith(self.account_pk_prefix):
            return False
        if self.sk_name and self.account_sk_value is not None:
            return _string(item.get(self.sk_name)) == self.account_sk_value
        return True

    def rule(self, name: str) -> LockRule:
        for rule in self.rules:
            if rule.name == name or rule.attribute == name:
                return rule
        known = ", ".join(r.name for r in self.rules) or "none"
        raise KeyError(f"No uniqueness rule named {name!r}; the schema has: {known}.")

    def lock_key(self, rule: LockRule, value: str) -> dict[str, Any]:
        """The lock item's primary key (low-level form) for a value."""
        key: dict[str, Any] = {self.pk_name: {"S": rule.lock_pk(value)}}
        if self.sk_name and rule.sk_value is not None:
            key[self.sk_name] = {"S": rule.sk_value}
        return key

    def match_lock(self, item: Mapping[str, Any]) -> tuple[LockRule, str] | None:
        """(rule, stored value) if the item is a lock of one of the rules."""
        pk = _string(item.get(self.pk_name))
        if pk is None:
            return None
        sk = _string(item.get(self.sk_name)) if self.sk_name else None
        # Longest prefix first, so UNIQ#EMAIL2# is not taken for UNIQ#EMAIL#.
        for rule in sorted(self.rules, key=lambda r: len(r.prefix), reverse=True):
            if self.sk_name and rule.sk_value is not None and sk != rule.sk_value:
                continue
            value = rule.value_from_pk(pk)
            if value is not None:
                return rule, value
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "pk_name": self.pk_name,
            "sk_name": self.sk_name,
            "account_pk_prefix": self.account_pk_prefix,
            "account_sk_value": self.account_sk_value,
            "rules": [
                {"name": r.name, "attribute": r.attribute, "pk_template": r.pk_template,
                 "sk_value": r.sk_value, "normalisation": r.normalisation,
                 "index_name": r.index_name}
                for r in self.rules
            ],
        }


def _string(av: Any) -> str | None:
    if isinstance(av, Mapping) and isinstance(av.get("S"), str):
        return av["S"]
    return None


def article_schema(pk_name: str = "PK", sk_name: str | None = "SK",
                   email_index: str | None = None) -> UniquenessSchema:
    """The source article's layout: accounts ACCT#<id>/PROFILE, email and username locks."""
    return UniquenessSchema(
        pk_name=pk_name,
        sk_name=sk_name,
        rules=(
            LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_NONE, email_index),
            LockRule("username", "username", "UNIQ#HANDLE#{value}", "LOCK", NORMALISE_NONE),
        ),
    )
