"""What a diagnosis says: one sentence a support agent can act on, for the finding the audit
would report about the value (``diagnose`` judges the items with a ``Pairing``).

Plain functions of the value, the finding and the pairing's state; no reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from dynoview.core.uniqueness.clash_groups import spelled
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
    Finding,
)
from dynoview.core.uniqueness.origin import LEFT_BY_CHANGE, LEFT_BY_DELETE, STUCK_SIGNUP, LockOrigin
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_findings import empty_named, empty_text
from dynoview.core.uniqueness.reservation import is_reservation, reservation_sentence
from dynoview.core.uniqueness.schema import LockRule
from dynoview.core.values.visible_text import visible

FREE = "FREE"  # neither locked nor used: the person can sign up
#: Locked, and no account found holds it, but one storing another spelling (which the rule folds
#: into the lock, or which the audit pairs with it as a case clash) could not be looked up: an
#: index finds only the spellings asked for.
HOLDER_UNKNOWN = "HOLDER_UNKNOWN"


def shown(form: str, rule: LockRule | None = None, *, start: bool = False) -> str:
    """A form as a sentence shows it: as is when it is plain ASCII, else quoted with its
    characters outside ASCII named (a Cyrillic letter or a zero-width space reads apart); the
    empty value named as such (bare, it reads as a missing word), capitalised at a ``start``."""
    empty = empty_named(rule, form) if rule is not None else (None if form else empty_text(None))
    if empty is not None:
        return empty[0].upper() + empty[1:] if start else empty
    return form if form.isascii() and form.isprintable() and form.strip() == form else spelled([form])


def _ids(ids: Sequence[str]) -> str:
    """Account ids as a sentence quotes them: the table's too, so a bidi override, a zero-width
    space or a line separator in one is a visible escape, as in the value beside it (``visible``:
    the CLI's line escaping then leaves the sentence as it is)."""
    return ", ".join(visible(i) for i in ids)


def _listed(forms: list[str], rule: LockRule | None = None, *, start: bool = False) -> str:
    texts = [shown(f, rule, start=start and i == 0) for i, f in enumerate(forms)]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def answer(pairing: Pairing, rule: LockRule, value: str, finding: Finding | None,
           locked: bool, ids: list[str]) -> tuple[str, str]:
    """The status and sentence for ``value`` (the form the table stores) given the worst
    finding about it (None: no finding), before the lock's origin is known."""
    if finding is not None and finding.status == CASE_CLASH:
        return CASE_CLASH, case_clash_sentence(pairing, finding)
    if finding is not None and finding.status == LOOKALIKE_CLASH:
        return LOOKALIKE_CLASH, lookalike_sentence(pairing, finding, value)
    status = finding.status if finding is not None else (OK if locked else MISSING_LOCK if ids else FREE)
    text = shown(value, rule, start=True)  # every sentence below starts with it
    if status == DUPLICATE_VALUE:
        lock_text = "is locked" if locked else "is not locked"
        return DUPLICATE_VALUE, (
            f"{text} {lock_text}, and {len(ids)} accounts use it ({_ids(ids)}): a duplicate. "
            "Uniqueness was already broken; keep the value on one account and change the others.")
    if status == EXPIRED:
        owner = f"account {_ids(ids[:1])} uses it" if len(ids) == 1 else (
            f"{len(ids)} accounts use it" if ids else "no account uses it")
        return EXPIRED, (
            f"{text} is locked by a lock whose TTL has passed, and {owner}. The expired lock still "
            "blocks signups until DynamoDB deletes it (typically within days); renew its TTL if the "
            "value is in use, or release it to free the value now.")
    if status == ORPHAN_LOCK and finding is not None and is_reservation(finding):
        return ORPHAN_LOCK, reservation_sentence(text, finding.reserved_until or "")
    if status == ORPHAN_LOCK:
        return ORPHAN_LOCK, (
            f"{text} is locked, and no account uses it: a stuck signup or a value left behind by a "
            "change. Releasing the lock frees the value.")
    if status == OK:
        return OK, (
            f"{text} is locked and belongs to account {_ids(ids[:1])}: working as intended. The person "
            "already has an account; help them sign in or recover it.")
    if status == MISSING_LOCK:
        return MISSING_LOCK, (
            f"{text} belongs to account {_ids(ids[:1])} but has no lock, so uniqueness is not enforced: "
            f"someone else could sign up with it. Claim the {rule.name} lock for that account.")
    return FREE, (f"{text} is free: there is no lock and no account uses it. The person can sign up "
                  "with it.")


def _locks_text(members: list[str], locks: list[str], rule: LockRule) -> str:
    if locks and set(locks) == set(members):
        return "each is locked"
    return f"locked: {', '.join(shown(f, rule) for f in locks)}" if locks else "none is locked"


def case_clash_sentence(pairing: Pairing, finding: Finding) -> str:
    """Two or more spellings of one value in the table, each a different lock key."""
    members = pairing.members(finding)
    state = pairing.rules[finding.rule or ""]
    ids = list(finding.account_ids)
    how = "case" if len({f.strip().lower() for f in members}) == 1 and all(map(str.isascii, members)) \
        else "case, spacing, Unicode form or invisible characters"
    users = (f"account{'s' if len(ids) > 1 else ''} using them: {_ids(ids)}" if ids
             else "no account uses them")
    both = "both" if len(members) == 2 else "all"
    return (f"{_listed(members, state.rule, start=True)}, which differ only in {how}, are {both} in "
            f"the table ({_locks_text(members, [m for m in members if m in state.locks], state.rule)}; "
            f"{users}): the "
            "spellings are not kept unique. Keep one spelling on the account and release the other "
            "lock.")


def lookalike_sentence(pairing: Pairing, finding: Finding, value: str) -> str:
    """Values that look the same and are not: a possible impersonation, never "as intended"."""
    members = pairing.members(finding)
    state = pairing.rules[finding.rule or ""]
    mine = value if value in members else members[0]
    others = [m for m in members if m != mine]
    rule = state.rule
    users = "; ".join(_uses(sorted(state.holders_of(m)), m, rule) for m in members
                      if state.holders_of(m)) or "no account uses them"
    return (f"{shown(mine, rule, start=True)} looks the same as {_listed(others, rule)} but is a "
            f"different value ({users}; "
            f"{_locks_text(members, [m for m in members if m in state.locks], rule)}): one account may be "
            "impersonating another. Check who owns each account before helping with either.")


def _uses(accounts: list[str], form: str, rule: LockRule) -> str:
    return f"{_ids(accounts)} use{'s' if len(accounts) == 1 else ''} {shown(form, rule)}"


def free_lookalike_note(pairing: Pairing, rule: LockRule, value: str, alike: list[str]) -> str:
    """For a free value that looks like values in the table: signing up with it would clash."""
    state = pairing.rules[rule.name]
    owners = sorted({a for f in alike for a in state.holders_of(f)})
    who = f" (account{'s' if len(owners) > 1 else ''} {_ids(owners)})" if owners else ""
    return (f" But it looks the same as {_listed(alike, rule)}{who}: a signup with {shown(value, rule)} "
            "would be a lookalike clash. Make sure the person is not impersonating that account.")


def orphan_sentence(value: str, rule: LockRule, origin: LockOrigin) -> str:
    """The orphan lock's sentence once its origin is known: what it is, why we think so, and
    what releasing it means in that case."""
    head = f"{shown(value, rule, start=True)} is locked, and no account uses it"
    if origin.kind == STUCK_SIGNUP:
        return (f"{head}: a stuck signup. {origin.evidence} Releasing the lock lets the person sign "
                "up again.")
    if origin.kind == LEFT_BY_CHANGE:
        who = _ids([origin.account_id]) if origin.account_id else "an account"
        now = (f" (it now holds {shown(origin.current_value, rule)})" if origin.current_value is not None
               else f" (it now has no {rule.name})" if origin.account_id else "")
        return (f"{head}: left behind by a change of {rule.name} on {who}{now}. {origin.evidence} "
                f"Releasing the lock frees {shown(value, rule)} for anyone; {who} keeps its current "
                f"{rule.name}.")
    if origin.kind == LEFT_BY_DELETE:
        who = f" ({_ids([origin.account_id])})" if origin.account_id else ""
        return (f"{head}: left by a deleted account{who}. {origin.evidence} Releasing the lock frees "
                f"{shown(value, rule)} for anyone.")
    return f"{head}. {origin.evidence}"


def _unseen(rule: LockRule, index: str | None, asked: Sequence[str]) -> str:
    """Why an index answer is not the whole answer: which spellings it was asked for, and which
    it cannot find."""
    only = f" ({_listed(list(asked), rule)})" if asked else ""
    if rule.normalisation == "none":
        return (f"the index {index} finds only the spellings asked for{only}, so an account storing "
                "any other spelling of it (other capitals, spacing, an accented letter in NFC or NFD "
                "form, invisible characters) was not looked up")
    return (f"the {rule.normalisation} rule folds other spellings (other capitals, spaces or Unicode "
            f"forms) into one lock, and the index {index} finds only the spellings asked for{only}, so "
            "an account storing another spelling was not looked up")


def holder_unknown_sentence(value: str, rule: LockRule, index: str | None,
                            asked: Sequence[str] = (), *, expired: bool = False) -> str:
    """A lock with no holder found, where one storing another spelling may exist (under none,
    the audit pairs such an account with the lock as a case clash: the lock is no orphan).
    ``expired``: the lock's TTL has passed (still there, still blocking, until DynamoDB deletes
    it); releasing it is no safer, since an unseen holder's value would be freed all the same."""
    clash = ("; the audit pairs such an account with this lock as a case clash"
             if rule.normalisation == "none" else "")
    lock = "by a lock whose TTL has passed" if expired else ""
    ttl = (" The expired lock still blocks signups until DynamoDB deletes it (typically within "
           "days); if an account holds the value, renew the lock's TTL before then, or the value is "
           "left unprotected." if expired else "")
    return (f"{shown(value, rule, start=True)} is locked{' ' + lock if lock else ''}, and no account "
            f"was found using it; but {_unseen(rule, index, asked)}{clash}. Do not release the lock on "
            "this answer: run the audit, which reads every spelling, or diagnose with a Scan (Scan "
            f"instead in the window; dynoview diagnose --no-index).{ttl}")


def holder_unknown_note(rule: LockRule, index: str | None, asked: Sequence[str] = ()) -> str:
    """For a free value: a signup succeeds, but an account may already use another spelling."""
    if rule.normalisation == "none":
        return (f" But {_unseen(rule, index, asked)}: if one exists, a signup with this spelling "
                "would be a case clash with it (the audit finds it).")
    return (f" But {_unseen(rule, index, asked)}: one may already use this value without a lock (the "
            "audit finds it).")
