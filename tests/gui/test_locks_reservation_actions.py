"""Accounts & locks does not offer Release for a reservation (a lock no account holds yet whose
TTL is still ahead: a sign-up may still be completing) as if it were stuck; a stuck orphan lock,
and an expired one, still offer it. The row's details carry the reservation's own sentence."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema
from dynoview.ui.locks.repair_flow import row_actions
from dynoview.ui.locks.text import details_html

NOW = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
T = int(NOW.timestamp())
SCHEMA = article_schema()


def _lock(value: str, ttl: int | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": {"S": f"UNIQ#EMAIL#{value}"}, "SK": {"S": "LOCK"}}
    if ttl is not None:
        item["expiresAt"] = {"N": str(ttl)}
    return item


def test_release_is_offered_for_stuck_and_expired_locks_not_for_a_reservation() -> None:
    pairing = classify([_lock("resv@x.io", T + 3600), _lock("stuck@x.io"), _lock("old@x.io", T - 60)],
                       SCHEMA, "expiresAt", NOW)
    rows = {r.key["PK"]["S"]: r for r in pairing.rows()}
    resv = rows["UNIQ#EMAIL#resv@x.io"]
    assert resv.status == ORPHAN_LOCK
    assert not row_actions(SCHEMA, resv, partial=False).release
    assert row_actions(SCHEMA, rows["UNIQ#EMAIL#stuck@x.io"], partial=False).release
    assert row_actions(SCHEMA, rows["UNIQ#EMAIL#old@x.io"], partial=False).release
    assert not row_actions(SCHEMA, rows["UNIQ#EMAIL#stuck@x.io"], partial=True).release  # audit still reads
    html = details_html(SCHEMA, resv, stale=False)
    assert "resv@x.io is reserved" in html and "2026-06-01 13:00:00 UTC" in html
    assert "blocked forever" not in html
