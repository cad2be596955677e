"""An expired lock whose holders were looked up through an index (which finds only the
spellings asked for, and lags) and none found: the holder is not proven absent.

Before, such a lock was EXPIRED with Release offered (the window's button, the Templates menu)
and the preflight of a signup over it suggested releasing it first, while a non-expired lock in
the same case was HOLDER_UNKNOWN with no Release: releasing an expired lock an unseen account
holds frees its value all the same (a duplicate follows). Now it is HOLDER_UNKNOWN too (still
said to be expired, and that its TTL will delete it), in ``diagnose``, ``dynoview diagnose`` and
the window's rules; the preflight refuses the signup without suggesting the release. Where the
holders are proven (a Scan, or a table read whole) the release is offered, and its own preflight
does not refuse it.

The demo's ``pending@signup.test`` lock (TTL passed two hours ago, no account) on a seeded copy;
the table is made "too large to read whole" by its ``TableInfo`` (or diagnose's limit, for the
CLI), so the index path is taken on both engines.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from dynoview.cli import main
from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.conditions import CANCELLED
from dynoview.core.preflight.model import UNSEEN_HOLDER
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.applicability import RELEASE_LOCK, diagnosis_evidence, templates_for
from dynoview.core.uniqueness import diagnose as diagnose_module
from dynoview.core.uniqueness.diagnose import diagnose
from dynoview.core.uniqueness.diagnose_answer import HOLDER_UNKNOWN
from dynoview.core.uniqueness.findings import EXPIRED
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.schema import default_schema
from dynoview.ui.locks.diagnose_flow import DiagnoseFlow
from tests.helpers import account_key, lock_key, s

pytestmark = pytest.mark.integration

PENDING = "pending@signup.test"  # the demo's expired reservation: a lock, no account
BIG = 50_000  # past every whole-read limit: holders are looked up through the email GSI


def big(reader: Reader, table: str) -> TableInfo:
    return replace(describe_table(reader.conn, table), item_count=BIG)


def test_through_the_index_an_expired_lock_with_no_holder_found_is_holder_unknown(
        reader: Reader, accounts_table: str) -> None:
    info = big(reader, accounts_table)
    schema = default_schema(info)
    d = diagnose(reader, info, schema, "email", PENDING, use_stream=False)
    assert (d.method, d.status, d.account_ids) == (VIA_INDEX, HOLDER_UNKNOWN, []), d.sentence
    assert d.lock_expired and d.lock_item is not None
    assert d.sentence.startswith(f"{PENDING} is locked by a lock whose TTL has passed, and no account "
                                 "was found using it; but the index email-index finds only the "
                                 "spellings asked for")
    assert "Do not release the lock on this answer" in d.sentence
    assert "until DynamoDB deletes it" in d.sentence and "release it to free the value" not in d.sentence
    # The window's diagnose box: no Release, "Scan instead" on.
    flow = DiagnoseFlow()
    flow.answered(d)
    buttons = flow.buttons(schema)
    assert not buttons.release and buttons.scan and buttons.open_lock
    # The Templates menu, from the diagnosis as evidence: no Release, and no claim that the
    # diagnosis found an account.
    applicable = templates_for(schema, d.lock_item, diagnosis_evidence(d))
    assert RELEASE_LOCK not in applicable.names()
    assert not any("found an account holding" in n for n in applicable.notes), applicable.notes


def test_a_scan_proves_the_holders_and_offers_the_release_its_preflight_accepts(
        reader: Reader, accounts_table: str) -> None:
    info = big(reader, accounts_table)
    schema = default_schema(info)
    d = diagnose(reader, info, schema, "email", PENDING, use_index=False, use_stream=False)
    assert (d.method, d.status, d.account_ids) == (VIA_SCAN, EXPIRED, []), d.sentence
    flow = DiagnoseFlow()
    flow.answered(d)
    assert flow.buttons(schema).release
    assert RELEASE_LOCK in templates_for(schema, d.lock_item, diagnosis_evidence(d)).names()
    release = templates.release_orphan_lock(schema, accounts_table, d.lock_key)
    assert not run_preflight(reader, release, schema, {accounts_table: info}).refused
    # The whole table read (its real size): proven too, and the release passes outright.
    small = describe_table(reader.conn, accounts_table)
    d = diagnose(reader, small, schema, "email", PENDING, use_stream=False)
    assert d.status == EXPIRED, d.sentence
    result = run_preflight(reader, release, schema, {accounts_table: small})
    assert not result.needs_confirmation, result.summary()


def test_the_release_preflight_through_the_index_is_not_a_pass(reader: Reader, accounts_table: str) -> None:
    info = big(reader, accounts_table)
    schema = default_schema(info)
    release = templates.release_orphan_lock(schema, accounts_table, lock_key("EMAIL", PENDING))
    result = run_preflight(reader, release, schema, {accounts_table: info})
    assert [w.status for w in result.warnings] == [UNSEEN_HOLDER], result.summary()
    assert result.needs_confirmation and not result.summary().startswith("Preflight passed")


@pytest.mark.parametrize(("value", "expired"), [(PENDING, True), ("ken@thompson.dev", False)])
def test_a_signup_over_a_lock_with_unseen_holders_is_refused_without_suggesting_the_release(
        reader: Reader, accounts_table: str, value: str, expired: bool) -> None:
    info = big(reader, accounts_table)
    schema = default_schema(info)
    tx = templates.sign_up(schema, accounts_table, {**account_key("bbb222"), "email": s(value),
                                                    "username": s("bob")})
    result = run_preflight(reader, tx, schema, {accounts_table: info})
    (refusal,) = result.refusals
    assert refusal.status == CANCELLED and refusal.value == value
    assert refusal.choices == () and refusal.suggestion is None  # no release on this evidence
    assert "Release orphan lock template first" not in refusal.message
    assert "no account holds it (an orphan lock)" not in refusal.message
    assert "No account was found holding it, but the preflight could not look up every account" \
        in refusal.message
    assert ("its lock's TTL has passed" in refusal.message) is expired
    # Read whole (the table's real size), the holders are proven: the release is suggested.
    small = {accounts_table: describe_table(reader.conn, accounts_table)}
    (refusal,) = run_preflight(reader, tx, schema, small).refusals
    (choice,) = refusal.choices
    assert choice.template == RELEASE_LOCK and "Release orphan lock template first" in refusal.message


def test_cli_diagnose_says_holder_unknown_for_the_expired_lock(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, endpoint_url: str,
        accounts_table: str) -> None:
    # The seeded copy is small: diagnose's whole-read limit is lowered so it asks the index.
    monkeypatch.setattr(diagnose_module, "WHOLE_READ_INDEXED_MAX_ITEMS", 10)
    argv = ["diagnose", "--endpoint-url", endpoint_url, "--table", accounts_table, "--rule", "email",
            "--no-stream"]
    assert main([*argv, "--format", "json", PENDING]) == 1
    [d] = json.loads(capsys.readouterr().out)
    assert (d["method"], d["status"], d["accounts"]) == (VIA_INDEX, HOLDER_UNKNOWN, []), d["sentence"]
    assert d["lock_expired"] is True and d["locked"] is True
    assert "Do not release the lock on this answer" in d["sentence"]
    assert main([*argv, PENDING]) == 1
    text = capsys.readouterr().out
    assert "whose TTL has passed" in text and "dynoview diagnose --no-index" in text
    assert "release it to free the value now" not in text
    assert main([*argv, "--no-index", "--format", "json", PENDING]) == 1
    [d] = json.loads(capsys.readouterr().out)
    assert (d["method"], d["status"]) == (VIA_SCAN, EXPIRED), d["sentence"]
