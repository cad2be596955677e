"""A reservation (a live lock no account holds, its TTL still ahead: a sign-up in progress) as
the watch's state judges it: with its TTL, as the audit does (``uniqueness.reservation``), so its
finding, sentence and ``reserved_until`` are a fresh audit's at every moment: written, renewed,
taken off, passed, or seeded by the audit and judged again; and the watch's JSON carries
``reserved_until`` as the audit's does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from dynoview.core.audit.report import finding_json
from dynoview.core.streams.records import parse_record
from dynoview.core.uniqueness.findings import EXPIRED, ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.schema import article_schema
from dynoview.core.watch.events import APPEARED, CHANGED, RESOLVED, FindingChange, WatchEvent
from dynoview.core.watch.seed import _note_ttls
from dynoview.core.watch.state import Update, WatchState

TTL = "expiresAt"
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
SCHEMA = article_schema()
VALUE = "reserved@x.io"
_seq = iter(range(1, 10**9))


def s(text: str) -> dict[str, str]:
    return {"S": text}


def epoch(when: datetime) -> dict[str, str]:
    return {"N": str(int(when.timestamp()))}


def reservation(until: datetime | None) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": s(f"UNIQ#EMAIL#{VALUE}"), "SK": s("LOCK")}
    if until is not None:
        item[TTL] = epoch(until)
    return item


def account(email: str) -> dict[str, Any]:
    return {"PK": s("ACCT#1"), "SK": s("PROFILE"), "email": s(email)}


def _update(event: str, item: dict[str, Any], old: dict[str, Any] | None,
            new: dict[str, Any] | None) -> Update:
    ddb: dict[str, Any] = {"Keys": {"PK": item["PK"], "SK": item["SK"]},
                           "SequenceNumber": str(next(_seq)), "ApproximateCreationDateTime": NOW.timestamp()}
    if old is not None:
        ddb["OldImage"] = old
    if new is not None:
        ddb["NewImage"] = new
    return Update(parse_record({"eventName": event, "dynamodb": ddb}, "shard-1", key_names=("PK", "SK")), new)


def put(item: dict[str, Any], old: dict[str, Any] | None = None) -> Update:
    return _update("MODIFY" if old else "INSERT", item, old, item)


def delete(item: dict[str, Any]) -> Update:
    return _update("REMOVE", item, item, None)


def audit(items: list[dict[str, Any]], now: datetime) -> list[Finding]:
    """A fresh audit of the table holding ``items``, at ``now``."""
    pairing = Pairing(SCHEMA, TTL, now)
    pairing.feed(items)
    return pairing.findings()


def said(findings: list[Finding]) -> list[tuple[Any, ...]]:
    return sorted((f.status, f.value, f.reserved_until, f.sentence, f.explanation) for f in findings)


def kinds(changes: list[FindingChange]) -> list[tuple[str, str, str | None]]:
    return sorted((c.kind, c.finding.status, c.finding.reserved_until) for c in changes)


def seeded(*items: dict[str, Any]) -> WatchState:
    """The state a seeding audit of ``items`` leaves, with the TTLs it read still ahead (``seed``)."""
    pairing = Pairing(SCHEMA, TTL, NOW, keep_ttls_ahead=True)
    pairing.feed(list(items))
    state = WatchState.from_pairing(pairing, pairing.findings())
    _note_ttls(state, pairing.ttls_ahead, (SCHEMA.pk_name, SCHEMA.sk_name, TTL), NOW)
    return state


def test_a_reservation_written_while_watching_is_the_audits_reservation() -> None:
    until = NOW + timedelta(hours=1)
    state = WatchState(SCHEMA, TTL)
    changes, _ = state.apply([put(reservation(until))], NOW)
    want = audit([reservation(until)], NOW)
    # Was: an orphan with no reserved_until, "a stuck signup" in its sentence.
    assert kinds(changes) == [(APPEARED, ORPHAN_LOCK, "2026-12-01 13:00:00 UTC")]
    assert said(state.all_findings()) == said([c.finding for c in changes]) == said(want)
    assert "stuck signup" not in changes[0].finding.sentence


def test_the_watch_json_carries_reserved_until_as_the_audits_does() -> None:
    until = NOW + timedelta(hours=1)
    state = WatchState(SCHEMA, TTL)
    [change], _ = state.apply([put(reservation(until))], NOW)
    [audited] = audit([reservation(until)], NOW)
    out = WatchEvent(change, NOW).to_json()
    assert out["reserved_until"] == finding_json(audited)["reserved_until"] == "2026-12-01 13:00:00 UTC"
    stuck = WatchState(SCHEMA, TTL)
    [change], _ = stuck.apply([put(reservation(None))], NOW)
    assert "reserved_until" not in WatchEvent(change, NOW).to_json()  # as in the audit's JSON


def test_a_reservation_whose_ttl_passes_is_the_audits_expired_lock() -> None:
    until = NOW + timedelta(minutes=5)
    state = WatchState(SCHEMA, TTL)
    state.apply([put(reservation(until))], NOW)
    assert state.next_expiry() == until.timestamp()
    later = until + timedelta(seconds=1)
    changes = state.expire_due(later)
    assert kinds(changes) == [(APPEARED, EXPIRED, None), (RESOLVED, ORPHAN_LOCK, "2026-12-01 12:05:00 UTC")]
    assert said(state.all_findings()) == said(audit([reservation(until)], later))


def test_a_ttl_passed_before_the_watch_expires_it_is_judged_as_the_audit_does() -> None:
    """A write judges the class at a moment the lock's TTL has passed, before ``expire_due``."""
    until = NOW + timedelta(minutes=5)
    state = WatchState(SCHEMA, TTL)
    state.apply([put(reservation(until))], NOW)
    later = until + timedelta(seconds=1)
    state.apply([put(account("Reserved@x.io")), delete(account("Reserved@x.io"))], later)
    assert said(state.all_findings()) == said(audit([reservation(until)], later))
    assert state.expire_due(later) == []  # the same finding: nothing more to say
    assert said(state.all_findings()) == said(audit([reservation(until)], later))


def test_a_seeded_reservation_judged_again_stays_the_audits_reservation() -> None:
    """Seeded by the audit (a reservation), its class judged again after a write: the same."""
    until = NOW + timedelta(hours=1)
    state = seeded(reservation(until))
    assert said(state.all_findings()) == said(audit([reservation(until)], NOW))
    taken, _ = state.apply([put(account(VALUE))], NOW)  # the sign-up finishes
    assert kinds(taken) == [(RESOLVED, ORPHAN_LOCK, "2026-12-01 13:00:00 UTC")]
    back, _ = state.apply([delete(account(VALUE))], NOW)  # and is undone: reserved again
    assert kinds(back) == [(APPEARED, ORPHAN_LOCK, "2026-12-01 13:00:00 UTC")]
    assert said(state.all_findings()) == said(audit([reservation(until)], NOW))


def test_a_reservation_renewed_or_its_ttl_taken_off_changes_as_the_audit_says() -> None:
    first, renewed = NOW + timedelta(hours=1), NOW + timedelta(hours=2)
    state = WatchState(SCHEMA, TTL)
    state.apply([put(reservation(first))], NOW)
    changes, _ = state.apply([put(reservation(renewed), reservation(first))], NOW)
    assert kinds(changes) == [(CHANGED, ORPHAN_LOCK, "2026-12-01 14:00:00 UTC")]
    assert changes[0].previous is not None and changes[0].previous.reserved_until == "2026-12-01 13:00:00 UTC"
    assert said(state.all_findings()) == said(audit([reservation(renewed)], NOW))
    # Its TTL taken off: a stuck orphan now, Release offered (no reserved_until).
    changes, _ = state.apply([put(reservation(None), reservation(renewed))], NOW)
    assert kinds(changes) == [(CHANGED, ORPHAN_LOCK, None)]
    assert said(state.all_findings()) == said(audit([reservation(None)], NOW))
    event = WatchEvent(changes[0], NOW)
    assert "reserved_until" not in event.to_json()
    assert event.to_json()["previous"]["reserved_until"] == "2026-12-01 14:00:00 UTC"
    assert "was: accounts none; 1 lock; reserved until 2026-12-01 14:00:00 UTC" in event.text_lines()[2]
    assert state.next_expiry() is not None and state.expire_due(renewed + timedelta(seconds=1)) == []
