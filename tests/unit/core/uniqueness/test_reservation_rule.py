"""A live lock no account holds, whose TTL is still ahead, is a reservation (``reservation``):
the audit's finding says its TTL frees it (not "blocked forever"), a repair's plan leaves it to
a person instead of counting it as a release, and the rule agrees with ``ttl.expiry``'s
"ahead" and "expired" on every TTL, on every classifier path (dicts, page bodies, batches)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import msgspec
import orjson
import pytest

from dynoview.core.audit.pages import PageClassifier
from dynoview.core.audit.report import finding_json
from dynoview.core.repair.plan import DECIDE, RELEASE, plan_repairs
from dynoview.core.repair.report import RepairError, finding_from_json
from dynoview.core.ttl.expiry import PENDING, expired_at, ttl_state
from dynoview.core.uniqueness.findings import EXPLANATIONS, ORPHAN_LOCK, Finding
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_state import Batch
from dynoview.core.uniqueness.reservation import (
    RESERVATION_EXPLANATION,
    is_reservation,
    lock_reservation,
    reservation_state,
)
from dynoview.core.uniqueness.schema import article_schema

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
T = int(NOW.timestamp())
SCHEMA = article_schema()


def _lock(value: str, ttl: str | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": {"S": f"UNIQ#EMAIL#{value}"}, "SK": {"S": "LOCK"}}
    if ttl is not None:
        item["expiresAt"] = {"N": ttl}
    return item


ITEMS = [_lock("resv@x.io", str(T + 3600)), _lock("stuck@x.io"), _lock("ms@x.io", str(T * 1000 + 5)),
         _lock("gone@x.io", str(T - 60))]


@pytest.mark.parametrize("ttl", [str(T + 3600), str(T), str(T - 1), str(T * 1000), "-5", "1.5e3",
                                 str(T - 6 * 366 * 86400), "NaN", "x", ""])
def test_a_reservation_is_exactly_a_ttl_ahead_by_the_ttl_rules(ttl: str) -> None:
    """"Ahead" is ``ttl_state``'s PENDING, never ``expired_at``: no TTL is both, and one
    DynamoDB ignores (milliseconds, negative, too old, not a number) is no reservation."""
    state = reservation_state(ttl, NOW)
    assert (state is not None) == (bool(ttl) and ttl_state({"N": ttl}, NOW).kind == PENDING)
    assert not (state is not None and expired_at(ttl, NOW.timestamp()))
    assert reservation_state({"N": ttl}, NOW.timestamp()) == state  # a value or its text; any clock
    assert lock_reservation(_lock("a", ttl), "expiresAt", NOW) == state
    assert lock_reservation(_lock("a", ttl), None, NOW) is None  # a table without TTL: never


@pytest.mark.parametrize("ttl", ["9999999999", str(T + 101 * 365 * 86400)])
def test_a_never_expires_ttl_is_a_stuck_lock_not_a_reservation(ttl: str) -> None:
    """A TTL more than 100 years ahead (9999999999 is the year 2286) frees the value in no
    sign-up's life: the TTL timeline calls it effectively never, and the audit calls its lock
    stuck, which a repair may release."""
    assert ttl_state({"N": ttl}, NOW).kind == PENDING
    assert reservation_state(ttl, NOW) is None
    assert lock_reservation(_lock("a", ttl), "expiresAt", NOW) is None
    pairing = Pairing(SCHEMA, "expiresAt", NOW)
    pairing.feed([_lock("never@x.io", ttl)])
    finding = _orphans(pairing)["never@x.io"]
    assert not is_reservation(finding) and not finding.reserved_until
    assert finding.explanation == EXPLANATIONS[ORPHAN_LOCK]
    plan = plan_repairs([finding], SCHEMA, "accounts")
    assert [(p.kind, p.finding.value) for p in plan.items] == [(RELEASE, "never@x.io")]
    # Just inside the horizon it is still a reservation, as the timeline shows it on its bars.
    inside = str(T + 99 * 365 * 86400)
    assert reservation_state(inside, NOW) is not None


def _orphans(pairing: Pairing) -> dict[str, Finding]:
    return {f.value or "": f for f in pairing.findings() if f.status == ORPHAN_LOCK}


def test_the_audit_calls_a_live_ttl_orphan_a_reservation_and_the_others_stuck() -> None:
    pairing = Pairing(SCHEMA, "expiresAt", NOW)
    pairing.feed(ITEMS)
    found = _orphans(pairing)
    assert set(found) == {"resv@x.io", "stuck@x.io", "ms@x.io"}  # gone@x.io is EXPIRED
    resv = found["resv@x.io"]
    assert is_reservation(resv) and resv.reserved_until == "2026-06-01 13:00:00 UTC"
    assert resv.explanation == RESERVATION_EXPLANATION and "blocked forever" not in resv.explanation
    assert "reserved" in resv.sentence and "2026-06-01 13:00:00 UTC" in resv.sentence
    for value in ("stuck@x.io", "ms@x.io"):  # no TTL, or one DynamoDB ignores: never freed
        assert not is_reservation(found[value])
        assert found[value].explanation == EXPLANATIONS[ORPHAN_LOCK]
    # Once the lock is written again without its TTL (the sign-up completed it, say), it is stuck.
    pairing.feed([_lock("resv@x.io")])
    assert not is_reservation(_orphans(pairing)["resv@x.io"])


def test_every_classifier_path_finds_the_same_reservation() -> None:
    """Page bodies (columns and the item loop), and batches sent as MessagePack by workers."""
    by_dicts = Pairing(SCHEMA, "expiresAt", NOW)
    by_dicts.feed(ITEMS)
    want = [(f.status, f.value, f.reserved_until, f.sentence) for f in by_dicts.findings()]
    body = orjson.dumps({"Items": ITEMS})
    by_json = Pairing(SCHEMA, "expiresAt", NOW)
    PageClassifier(by_json).feed(body)
    by_loop = Pairing(SCHEMA, "expiresAt", NOW)
    loop = PageClassifier(by_loop)
    loop._classify_items(list(loop._decoder.decode(body).Items))
    by_loop.apply(loop.take())
    worker, merged = PageClassifier(Pairing(SCHEMA, "expiresAt", NOW)), Pairing(SCHEMA, "expiresAt", NOW)
    worker.classify(body)
    merged.apply(msgspec.msgpack.decode(msgspec.msgpack.encode(worker.take()), type=Batch))
    for pairing in (by_json, by_loop, merged):
        assert [(f.status, f.value, f.reserved_until, f.sentence) for f in pairing.findings()] == want


def test_the_plan_leaves_a_reservation_to_a_person_and_releases_a_stuck_lock() -> None:
    pairing = Pairing(SCHEMA, "expiresAt", NOW)
    pairing.feed(ITEMS[:2])
    plan = plan_repairs(pairing.findings(), SCHEMA, "accounts")
    assert {(p.kind, p.finding.value) for p in plan.items} == {(RELEASE, "stuck@x.io"),
                                                               (DECIDE, "resv@x.io")}
    [decide] = plan.decisions
    assert decide.reason.startswith("A reservation until 2026-06-01 13:00:00 UTC: the lock's TTL frees")
    assert plan.summary().startswith("Will release 1 orphan lock and claim 0 missing locks; 1 finding")


def test_a_report_keeps_the_reservation_and_refuses_it_on_another_kind() -> None:
    pairing = Pairing(SCHEMA, "expiresAt", NOW)
    pairing.feed(ITEMS[:2])
    for f in pairing.findings():
        raw = orjson.loads(orjson.dumps(finding_json(f)))
        assert ("reserved_until" in raw) == is_reservation(f)
        assert finding_from_json(raw) == f
    raw = {**finding_json(pairing.findings()[0]), "status": "MISSING_LOCK", "reserved_until": "soon"}
    with pytest.raises(RepairError, match=r"finding\.reserved_until"):
        finding_from_json(raw)
