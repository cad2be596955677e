"""A preflight warning in words: a case clash, lookalike clash or expired item the transaction
would create, an expiry it sets that cannot be known before sending, or the release of a lock
that may be a reservation (its table's TTL could not be read). It does not break a
lock, so it is not refused; it is sent only after the same explicit confirmation as an
override."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dynoview.core.preflight.compare import Change, holders_by_form
from dynoview.core.preflight.effects import uncomputed
from dynoview.core.preflight.model import (
    UNSEEN_HOLDER,
    Forms,
    Pair,
    PreflightWarning,
    item_ident,
    known,
    pk_text,
    rule_value,
)
from dynoview.core.preflight.refusals import Context, Touched
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx.model import DELETE
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    EXPIRED,
    LOOKALIKE_CLASH,
    ORPHAN_LOCK,
    TTL_UNKNOWN_TEXT,
)
from dynoview.core.uniqueness.holders import exact_lookup_finds_all
from dynoview.core.uniqueness.locks_table import home_table
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.values.visible_text import visible_value


def warning(change: Change, table: str, ctx: Context, forms_before: Forms) -> PreflightWarning:
    """The sentence for a new (or bigger) warning, naming the spellings and their accounts."""
    f = change.after
    if f.rule is None:  # an expired account item
        index = next((i for i, _a, key, kind in ctx.touched if kind == "account"
                      and pk_text(key, ctx.schema) in f.account_ids), None)
        return PreflightWarning(index, f.status, None, None, (), f.account_ids,
                                f"{_where(index)}after this transaction: {f.sentence}")
    rule = ctx.schema.rule(f.rule)
    after = ctx.forms_after.get(table, {}).get(rule.name, {})
    before = forms_before.get(rule.name, {})
    if f.status in (CASE_CLASH, LOOKALIKE_CLASH) and f.value is not None:
        members = holders_by_form(after, rule, f.status, f.value)
    else:
        members = {f.value or "": after.get(f.value or "", ((), False))[0]}
    new = [m for m in members if before.get(m) != after.get(m)] or list(members)
    others = [m for m in members if m not in new]
    index = _cause(ctx, table, rule, new)
    where = _where(index)
    if f.status == CASE_CLASH:
        message = (f"{where}{_spellings(rule, new, others, members)} would be one value to a person "
                   "(equal once case-folded and normalised) but different lock keys, so DynamoDB does "
                   f"not enforce uniqueness between them (a case or normalisation clash). Pick another "
                   f"{rule.name}, or confirm to send it anyway.")
    elif f.status == LOOKALIKE_CLASH:
        message = (f"{where}{_spellings(rule, new, others, members, verb='look like')} on screen but "
                   "be different values with different lock keys (a lookalike clash): one account could "
                   f"impersonate another. Pick another {rule.name}, or confirm to send it anyway.")
    else:
        message = f"{where}after this transaction: {f.sentence}"
    return PreflightWarning(index, f.status, rule.name, f.value, tuple(members), f.account_ids, message)


def unknown_expiries(touched: Sequence[Touched], before: Mapping[tuple[str, str], Any],
                     schema: UniquenessSchema, tables: Mapping[str, TableInfo]) -> list[PreflightWarning]:
    """A warning for each Update that sets its table's TTL attribute to a value the request and
    the item read do not determine (arithmetic on a missing number, ``if_not_exists`` of another
    attribute, a nested path): whether the account or lock expires cannot be known."""
    out: list[PreflightWarning] = []
    for index, action, key, kind in touched:
        info = tables.get(action.table)
        ttl = info.expiry_attribute if info is not None else None
        if ttl is None or ttl not in uncomputed(action, before.get(item_ident(action.table, key))):
            continue
        match = schema.match_lock(key) if kind == "lock" else None
        acct = pk_text(key, schema) if kind == "account" else None
        what = (f"the {match[0].name} lock {visible_value(match[1])}" if match is not None
                else f"account {visible_value(str(acct))}")
        out.append(PreflightWarning(
            index, EXPIRED, match[0].name if match else None, match[1] if match else None, (),
            (acct,) if acct else (),
            f"{_where(index)}this Update sets {ttl}, the TTL attribute of {action.table}, to a value "
            f"the preflight cannot compute, so it cannot tell whether {what} would expire (and be "
            f"deleted by DynamoDB). Set {ttl} from a value (SET {ttl} = :t), or confirm to send it anyway."))
    return out


def unknown_ttl_releases(touched: Sequence[Touched], pairs: Sequence[Pair], schema: UniquenessSchema,
                         tables: Mapping[str, TableInfo]) -> list[PreflightWarning]:
    """A warning for each lock the transaction deletes that no account holds, in a table whose
    TTL could not be read (``TableInfo.ttl_error``): a reservation (its TTL ahead: a sign-up
    still completing), which the preflight refuses to release where the TTL is known, cannot
    be told from a stuck lock there."""
    out: list[PreflightWarning] = []
    for index, action, key, kind in touched:
        info = tables.get(action.table)
        match = schema.match_lock(key) if kind == "lock" and action.kind == DELETE else None
        if match is None or info is None or info.ttl_error is None:
            continue
        rule, value = match
        pair = next((p for p in pairs if (p.rule, p.value) == (rule.name, value)), None)
        if pair is None or not pair.locked_before or pair.locked_after or pair.holders_before:
            continue  # no lock to release, or an account's: no sign-up waits on it
        out.append(PreflightWarning(
            index, ORPHAN_LOCK, rule.name, value, (value,), (),
            f"{_where(index)}this releases the {rule.name} lock {visible_value(value)}, which no "
            f"account holds, but the TTL of {action.table} could not be read (DescribeTimeToLive: "
            f"{info.ttl_error}). {TTL_UNKNOWN_TEXT}. Diagnose the value (a reservation's TTL is "
            "ahead) or allow dynamodb:DescribeTimeToLive, or confirm to release it anyway."))
    return out


def unseen_holders(pairs: Sequence[Pair], tables: Sequence[str], unsure: set[tuple[str, str]],
                   ctx: Context) -> list[PreflightWarning]:
    """A warning for each lock whose holders the lookup could not all find (``Source.unsure``: an
    index, which finds only the spellings asked for, while another is a holder under a
    normalising rule and a case clash under none; or no index on a table too large to scan)
    when the transaction releases it with no holder found (an unseen holder would lose its
    lock), or gives it a holder while none was found before (an unseen holder and the new one
    would share the value, or clash with it: not the repair of an orphan)."""
    out: list[PreflightWarning] = []
    for pair, table in zip(pairs, tables, strict=True):
        if (table, pair.rule) not in unsure or not pair.locked_before:
            continue
        released = not pair.locked_after and not pair.holders_after
        claimed = not pair.holders_before and bool(pair.holders_after)
        if not (released or claimed):
            continue
        rule = ctx.schema.rule(pair.rule)
        index = _cause(ctx, table, rule, [pair.value])
        if rule.index_name and not exact_lookup_finds_all(rule):
            why = (f"the {rule.normalisation} rule folds other spellings into this lock (other capitals, "
                   f"spaces or Unicode forms) and the index {rule.index_name} finds only the spellings "
                   "asked for, on a table too large to read whole")
            holder, audit = "An account storing another spelling", "it reads every spelling"
        elif rule.index_name:
            # Under none an exact Query misses Ada@x.io beside the lock ada@x.io: a case clash to
            # the audit, and this lock may be the only one protecting that account's value.
            why = (f"the index {rule.index_name} finds only the spellings asked for, on a table too "
                   "large to read whole, and an account storing another spelling of it (other "
                   "capitals, spaces or Unicode forms) is a case clash with this lock to the audit")
            holder, audit = "An account storing another spelling", "it reads every spelling"
        else:
            why = (f"the schema names no index on {rule.attribute} and the table is too large to scan, "
                   "so the accounts holding it were not looked up")
            holder, audit = "An account holding it", "it reads every account"
        clash = bool(rule.index_name) and exact_lookup_finds_all(rule)
        if released:
            found = "no account was found holding"
            lost = "what may be the only lock protecting its value" if clash else "its lock"
            risk = f"{holder} would lose {lost}. Check the audit ({audit}) before releasing it"
        else:
            found = "the lock exists and no account was found holding"
            shared = "be a case clash" if clash else "share the value (a duplicate)"
            risk = (f"{holder} and the new holder would {shared}. Diagnose the value or check the "
                    f"audit ({audit}) first")
        out.append(PreflightWarning(
            index, UNSEEN_HOLDER, rule.name, pair.value, (pair.value,), (),
            f"{_where(index)}{found} {rule.name} {visible_value(pair.value)}, but {why}. {risk}, or confirm "
            "to send it anyway."))
    return out


def _where(index: int | None) -> str:
    return f"Action {index + 1}: " if index is not None else ""


def _spellings(rule: LockRule, new: Sequence[str], others: Sequence[str],
               members: Mapping[str, tuple[str, ...]], verb: str = "") -> str:
    """"email ADA@Lovelace.io (ACCT#new1) and ada@lovelace.io (ACCT#a1f9c3)" with the new
    spellings first; with ``verb``, "… would look like …"."""

    def shown(form: str) -> str:  # values from the table: one line, read back one way
        holders = ", ".join(visible_value(m) for m in members[form])
        return f"{visible_value(form)} ({holders or 'a lock, no account'})"

    mine = ", ".join(shown(m) for m in new)
    theirs = ", ".join(shown(m) for m in others)
    if verb:
        return (f"{rule.name} {mine} would {verb} {theirs}" if theirs
                else f"the {rule.name} values {mine} would {verb} each other")
    return f"{rule.name} {mine} and {theirs}" if theirs else f"the {rule.name} values {mine}"


def _cause(ctx: Context, table: str, rule: LockRule, new: Sequence[str]) -> int | None:
    """The first action that writes one of the new spellings (an account value or a lock)."""
    for index, action, key, kind in ctx.touched:
        if home_table(ctx.schema, action.table) != table:  # locks of a locks table count as its
            continue
        if kind == "lock":
            match = ctx.schema.match_lock(key)
            if match is not None and match[0] == rule and match[1] in new:
                return index
        elif rule_value(known(ctx.after.get(item_ident(table, key))), rule) in new:
            return index
    return None
