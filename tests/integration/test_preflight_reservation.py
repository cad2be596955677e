"""The preflight on a reservation (a lock no account holds yet whose TTL is still ahead: a sign-up
that reserved its value first and is still finishing), over HTTP on moto and DynamoDB Local.

A Sign up or Change onto it was refused as "no account holds it (an orphan lock). Release the lock
with the Release orphan lock template first", with a ready-to-send Release offered, while the
audit, diagnose and repair (``uniqueness.reservation``) call it a reservation not to release:
following it freed the value the sign-up in progress was about to claim. Now the refusal says
the value is taken by a sign-up in progress, until when, and offers no Release; once the TTL has
passed, the expired-lock wording (and its Release) applies as before."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.conditions import CANCELLED
from dynoview.core.preflight.model import Preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.model import Transaction
from dynoview.core.tx.wire import preview_text
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.reservation import is_reservation
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key as _acct
from tests.helpers import lock_key as _lock
from tests.helpers import s as _s
from tests.integration.test_folded_spellings import TOO_LARGE_TO_SCAN

pytestmark = pytest.mark.integration

SCHEMA = article_schema(email_index="email-index")
TTL = "expiresAt"
VALUE = "res@x.io"


def _reserve(reader: Reader, table: str, kind: str, value: str, ttl: int) -> None:
    """A lock with its TTL ``ttl`` seconds from now and no account: a sign-up's reservation."""
    until = {"N": str(int(time.time()) + ttl)}
    reader.conn.client.put_item(TableName=table, Item={**_lock(kind, value), TTL: until})


def _info(reader: Reader, table: str) -> TableInfo:
    info = describe_table(reader.conn, table)
    assert info.expiry_attribute == TTL  # the article's layout: TTL on expiresAt
    return info


def _items(reader: Reader, table: str) -> list[str]:
    return sorted(map(repr, reader.conn.client.scan(TableName=table, ConsistentRead=True)["Items"]))


def _sign_up(table: str, value: str = VALUE) -> Transaction:
    return templates.sign_up(SCHEMA, table, {**_acct("bbb222"), "email": _s(value), "username": _s("bob")})


def _check(reader: Reader, tx: Transaction, info: TableInfo) -> Preflight:
    return run_preflight(reader, tx, SCHEMA, {info.name: info})


def _assert_reservation_refusal(result: Preflight, rule: str, value: str, until: str) -> None:
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and (refusal.rule, refusal.value) == (rule, value)
    assert f"is already taken by a sign-up in progress: it is reserved, its lock has a TTL until {until}" \
        in refusal.message, refusal.message
    assert "orphan" not in refusal.message and "Release orphan lock template" not in refusal.message
    assert refusal.choices == () and refusal.suggestion is None  # no Release offered


def test_a_sign_up_onto_a_reservation_is_refused_as_a_sign_up_in_progress(
        reader: Reader, accounts_table: str) -> None:
    _reserve(reader, accounts_table, "EMAIL", VALUE, 3600)
    info = _info(reader, accounts_table)
    # The audit and diagnose: a reservation, until when.
    [finding] = [f for f in run_audit(reader, info, SCHEMA).findings if f.value == VALUE]
    assert is_reservation(finding) and finding.reserved_until
    d = diagnose(reader, info, SCHEMA, "email", VALUE)
    assert d.status == ORPHAN_LOCK and f"TTL until {finding.reserved_until}" in d.sentence
    # The preflight says the same, and offers no Release.
    result = _check(reader, _sign_up(accounts_table), info)
    _assert_reservation_refusal(result, "email", VALUE, finding.reserved_until)
    assert "Choose another email" in result.refusals[0].message
    [pair] = [p for p in result.pairs if p.value == VALUE]
    assert f"reserved until {finding.reserved_until} (a sign-up in progress)" in pair.line()
    assert "orphan lock" not in pair.line()


def test_a_change_onto_a_reservation_is_refused_as_a_sign_up_in_progress(
        reader: Reader, accounts_table: str) -> None:
    _reserve(reader, accounts_table, "EMAIL", VALUE, 3600)
    info = _info(reader, accounts_table)
    ada = reader.get_item(accounts_table, _acct("a1f9c3"), consistent=True)
    assert ada is not None
    result = _check(reader, templates.change_value(SCHEMA, accounts_table, ada, "email", VALUE), info)
    [finding] = [f for f in run_audit(reader, info, SCHEMA).findings if f.value == VALUE]
    _assert_reservation_refusal(result, "email", VALUE, finding.reserved_until or "?")


def test_transact_dry_run_offers_no_release_for_a_reservation(
        tmp_path: Path, endpoint_url: str, reader: Reader, accounts_table: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    _reserve(reader, accounts_table, "EMAIL", VALUE, 3600)
    path = tmp_path / "tx.json"
    path.write_text(preview_text(_sign_up(accounts_table).to_request()))
    before = _items(reader, accounts_table)
    args = ["transact", str(path), "--endpoint-url", endpoint_url, "--dry-run", "--format", "json"]
    assert main(args) == 2  # refused
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    (refusal,) = out["preflight"]["refusals"]
    assert "taken by a sign-up in progress" in refusal["message"] and refusal["choices"] == []
    assert refusal["suggestion"] is None
    assert _items(reader, accounts_table) == before  # nothing was sent


def test_a_reservation_whose_ttl_has_passed_gets_the_expired_wording_and_its_release(
        reader: Reader, accounts_table: str) -> None:
    _reserve(reader, accounts_table, "EMAIL", VALUE, -3600)
    result = _check(reader, _sign_up(accounts_table), _info(reader, accounts_table))
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and "its TTL has passed" in refusal.message
    assert "Release orphan lock template first" in refusal.message
    assert "sign-up in progress" not in refusal.message
    (choice,) = refusal.choices
    assert choice.suggestion is not None and choice.suggestion.actions[0].kind == "Delete"


def test_a_reservation_whose_holders_could_not_all_be_looked_up_offers_no_release(
        reader: Reader, accounts_table: str) -> None:
    _reserve(reader, accounts_table, "HANDLE", "resv", 3600)
    # Too large to read whole, and no index on username: its holders cannot all be looked up.
    info = replace(_info(reader, accounts_table), item_count=TOO_LARGE_TO_SCAN)
    tx = templates.sign_up(SCHEMA, accounts_table, {**_acct("bbb222"), "email": _s("new@x.io"),
                                                    "username": _s("resv")})
    result = _check(reader, tx, info)
    [refusal] = [r for r in result.refusals if r.status == CANCELLED]
    assert "is already taken by a sign-up in progress: it is reserved" in refusal.message
    assert "could not look up every account that may hold it" in refusal.message
    assert "no account uses the value yet" not in refusal.message  # not known here
    assert refusal.choices == () and refusal.suggestion is None
