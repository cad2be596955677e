"""The audit's rules as data: which state of a protected value gives which finding.

Per rule of a schema, every *form* (a stored lock value, or an account value after the rule's
normalisation) has a state: how many accounts hold it, whether a lock stores it and whether
that lock has expired, and whether it belongs to a clash group. Forms are grouped by a key of
``forms`` (the clash key, the lookalike key); a group whose aggregates meet its check is one
finding, valued by the key. The tables below say which conditions give which status, which
findings of a group's members are folded into the group's, and what is healthy.

Data, not code: the export audit generates its SQL from it (``exports/queries.py``) and the
pairing can be tested against it (``holds``, ``form_statuses``, ``group_holds`` evaluate it on
plain mappings).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)

# A form's state.
HOLDERS = "holders"  # distinct accounts holding the form
LOCKED = "locked"  # a lock item stores the form
LOCK_EXPIRED = "lock_expired"  # every lock item storing the form has a passed TTL
IN_CASE_CLASH = "in_case_clash"  # the form's clash-key group is a CASE_CLASH
IN_LOOKALIKE_CLASH = "in_lookalike_clash"  # the form's lookalike-key group is a LOOKALIKE_CLASH
# A group of forms sharing a key.
FORMS = "forms"  # distinct forms
CLASH_KEYS = "clash_keys"  # distinct clash keys of those forms
HELD = "held"  # those forms an account holds
# Forms that can start a lookalike clash (forms.is_odd): a character outside ASCII, or
# whitespace the lookalike key tidies (" ada@x.io" where the rule does not trim).
ODD = "odd"
# An account item.
ACCOUNT_EXPIRED = "expired"  # its own TTL has passed

# The keys forms are grouped by: the names of their functions in ``forms``.
CLASH_KEY = "clash_key"
LOOKALIKE_KEY = "lookalike_key"

State = Mapping[str, int | bool]


@dataclass(frozen=True)
class Cond:
    """``column op value``; a boolean value means "is" / "is not"."""

    column: str
    op: str  # "=", ">="
    value: int | bool

    def holds(self, state: State) -> bool:
        got = state[self.column]
        if self.op == ">=":
            return int(got) >= int(self.value)
        return bool(got) is self.value if isinstance(self.value, bool) else int(got) == self.value


@dataclass(frozen=True)
class Check:
    """A status and the conditions (all must hold) that give it."""

    status: str
    conds: tuple[Cond, ...]

    def holds(self, state: State) -> bool:
        return all(c.holds(state) for c in self.conds)


@dataclass(frozen=True)
class GroupCheck:
    """Forms sharing ``key``: one finding per group meeting ``conds`` (over FORMS, CLASH_KEYS,
    HELD, ODD), valued by the key, naming the holders and locks of every member. ``member`` is
    the form state column saying a form is in such a group; ``folds``: the members' own
    findings that are symptoms of the group's and so are not reported."""

    status: str
    key: str
    conds: tuple[Cond, ...]
    member: str
    folds: frozenset[str] = field(default_factory=frozenset)

    def holds(self, aggregates: State) -> bool:
        return all(c.holds(aggregates) for c in self.conds)


# Per form, before folding (``FORM_CHECKS`` below adds the folds).
_FORM_CHECKS = (
    Check(DUPLICATE_VALUE, (Cond(HOLDERS, ">=", 2),)),
    # An expired lock is reported whether or not an account needs the value.
    Check(EXPIRED, (Cond(LOCK_EXPIRED, "=", True),)),
    Check(MISSING_LOCK, (Cond(HOLDERS, "=", 1), Cond(LOCKED, "=", False))),
    Check(ORPHAN_LOCK, (Cond(HOLDERS, "=", 0), Cond(LOCKED, "=", True), Cond(LOCK_EXPIRED, "=", False))),
)

GROUP_CHECKS = (
    # Two or more stored forms that are one value to a person (see forms.clash_key), one of
    # them held by an account. Orphans and missing locks of its members are its symptoms.
    # Spellings no account holds are stuck signups: each stays an orphan, released as one.
    GroupCheck(CASE_CLASH, CLASH_KEY, (Cond(FORMS, ">=", 2), Cond(HELD, ">=", 1)), IN_CASE_CLASH,
               frozenset({MISSING_LOCK, ORPHAN_LOCK})),
    # Forms that look alike (forms.lookalike_key) but are different values: only with an odd
    # form among them (outside ASCII, or padded: bob1 / bobl are not flagged, " bob1" / "bob1"
    # are where the rule does not trim). Nothing is folded.
    GroupCheck(LOOKALIKE_CLASH, LOOKALIKE_KEY, (Cond(ODD, ">=", 1), Cond(CLASH_KEYS, ">=", 2)),
               IN_LOOKALIKE_CLASH),
)


def _folded(check: Check) -> Check:
    extra = tuple(Cond(g.member, "=", False) for g in GROUP_CHECKS if check.status in g.folds)
    return Check(check.status, check.conds + extra)


#: Per form, as reported: each check with "not in a group that folds it" added.
FORM_CHECKS: tuple[Check, ...] = tuple(_folded(c) for c in _FORM_CHECKS)
#: The healthy case, counted (not reported): one account, its live lock, in no clash group.
HEALTHY = Check(OK, (Cond(HOLDERS, "=", 1), Cond(LOCKED, "=", True), Cond(LOCK_EXPIRED, "=", False),
                     *(Cond(g.member, "=", False) for g in GROUP_CHECKS)))
#: Per account item.
ACCOUNT_CHECK = Check(EXPIRED, (Cond(ACCOUNT_EXPIRED, "=", True),))


def form_statuses(state: State) -> list[str]:
    """The findings one form's state gives, in ``FORM_CHECKS`` order."""
    return [c.status for c in FORM_CHECKS if c.holds(state)]


def group_holds(status: str, aggregates: State) -> bool:
    """Whether a group with these aggregates is a finding of ``status``."""
    return next(g for g in GROUP_CHECKS if g.status == status).holds(aggregates)
