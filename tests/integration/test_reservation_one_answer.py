"""A lock with a TTL an hour ahead and no account holding its value is a reservation (a sign-up
may still be completing), on both engines and in every answer: the audit (its report JSON
included), diagnose (core and CLI), the repair's plan and the window's offered actions. It used
to be "blocked forever (a stuck signup...)" everywhere but in the repair's re-check, which then
refused the release the plan had counted."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.plan import plan_repairs
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.reservation import RESERVATION_EXPLANATION, is_reservation
from dynoview.core.uniqueness.schema import default_schema
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration


def _lock(value: str, ttl: int | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"PK": {"S": f"UNIQ#EMAIL#{value}"}, "SK": {"S": "LOCK"}}
    if ttl is not None:
        item["expiresAt"] = {"N": str(ttl)}
    return item


def test_a_live_ttl_orphan_is_a_reservation_in_every_answer(
        conn: Connection, reader: Reader, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with empty_accounts_table(conn, "reserved") as table:
        for item in (_lock("reserved@x.io", int(time.time()) + 3600), _lock("stuck@x.io")):
            conn.client.put_item(TableName=table, Item=item)
        info = describe_table(conn, table)
        schema = default_schema(info)

        # The audit (a Scan in two segments, as the window and the CLI run it).
        found = {f.value: f for f in run_audit(reader, info, schema, segments=2, consistent=True).findings}
        resv, stuck = found["reserved@x.io"], found["stuck@x.io"]
        assert resv.status == stuck.status == ORPHAN_LOCK
        assert is_reservation(resv) and not is_reservation(stuck)
        assert resv.explanation == RESERVATION_EXPLANATION
        assert f"a TTL until {resv.reserved_until}" in resv.sentence and "stuck signup" not in resv.sentence

        # The CLI's report says so too, and repair reads it back: no release is planned for it.
        assert main(["audit", "--endpoint-url", str(conn.spec.endpoint_url), "--table", table,
                     "--format", "json", "--no-receipts"]) == 1
        report = json.loads(capsys.readouterr().out)
        by_value = {f["value"]: f for f in report["findings"]}
        assert by_value["reserved@x.io"]["reserved_until"] == resv.reserved_until
        assert "reserved_until" not in by_value["stuck@x.io"]
        (tmp_path / "report.json").write_text(json.dumps(report))
        code = main(["repair", str(tmp_path / "report.json"), "--endpoint-url", str(conn.spec.endpoint_url),
                     "--table", table, "--dry-run"])
        out = capsys.readouterr().out
        assert code == 1  # the reservation is left to a person
        assert "Will release 1 orphan lock and claim 0 missing locks; 1 finding needs a decision." in out
        assert f"A reservation until {resv.reserved_until}" in out
        # No re-check refusing a release the plan counted (what the run printed before).
        assert "Not released" not in out.split("Needs a decision")[0]
        plan = plan_repairs(found.values(), schema, table)
        assert [p.finding.value for p in plan.releases] == ["stuck@x.io"]

        # Diagnose: a reservation, not a stuck signup, and no origin is looked for.
        d = diagnose(reader, info, schema, "email", "reserved@x.io")
        assert d.status == ORPHAN_LOCK and d.origin is None
        assert d.sentence.startswith("reserved@x.io is reserved: its lock has a TTL until "), d.sentence
        assert "stuck signup" not in d.sentence
