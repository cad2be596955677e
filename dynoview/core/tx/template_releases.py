"""What a template writes for an account's old lock: its guarded Delete, or nothing (and a note
saying why) when no lock can exist at its key.

A value whose lock key would be over DynamoDB's key limits (``key_limits.unlockable``: a 2,045-byte
email, or one that lower-casing makes that long; the sort key's 1,024 bytes where the value sits
in it too) never had a lock: the audit's missing lock that only a change of the value fixes. An
action at that key makes DynamoDB (and the validator) refuse the whole transaction, so the very
change the audit advises could not be built: the templates leave that action out and say so in
the account action's label.
"""

from __future__ import annotations

from dataclasses import replace

from dynoview.core.tx.lock_actions import lock_delete
from dynoview.core.tx.model import Action
from dynoview.core.uniqueness.key_limits import unlockable
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema


def never_locked(schema: UniquenessSchema, rule: LockRule, value: str, what: str = "release") -> str | None:
    """The label note for an account's ``value`` (as ``templates.lock_value`` gives it) when no
    lock can exist at its key ("no email lock to release, as none can exist: its partition key
    PK would be 2,056 bytes, and DynamoDB allows at most 2,048"), or None when its key fits."""
    why = unlockable(schema, rule, value)
    return None if why is None else f"no {rule.name} lock to {what}, as none can exist: its {why}"


def release_held(schema: UniquenessSchema, table: str, rule: LockRule,
                 value: str) -> tuple[Action | None, str | None]:
    """The guarded Delete of the lock an account holds for ``value`` (``lock_delete``), or None
    and the note that says why when no lock can exist at its key."""
    note = never_locked(schema, rule, value)
    return (None, note) if note is not None else (lock_delete(schema, table, rule, value), None)


def noted(action: Action, notes: list[str]) -> Action:
    """``action`` with ``notes`` after its label, the one place a template can say what it left
    out: "account email … -> short@x.io (no email lock to release, as none can exist: …)"."""
    return replace(action, label=f"{action.label} ({'; '.join(notes)})") if notes else action
