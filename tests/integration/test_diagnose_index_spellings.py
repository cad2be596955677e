"""Diagnose through the rule's index on a table too large to read whole, under normalisation
``none``: a lock whose account stores another spelling of it (``Ada@x.io`` beside the lock
``ada@x.io``) is a case clash to the audit. Before, an index Query of the lock's own spelling
found no account, diagnose called the lock an ORPHAN_LOCK ("releasing the lock lets that
person sign up"), the window offered Release, and the release's preflight said "free ✓". Now
diagnose finds the common spellings (capitalised, NFC/NFD) and agrees with the audit; for any
other it answers HOLDER_UNKNOWN (no Release), and the preflight warns (UNSEEN_HOLDER)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.model import UNSEEN_HOLDER
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.model import DELETE, Action, Transaction
from dynoview.core.uniqueness.diagnose import WHOLE_READ_INDEXED_MAX_ITEMS, diagnose
from dynoview.core.uniqueness.diagnose_answer import HOLDER_UNKNOWN
from dynoview.core.uniqueness.findings import CASE_CLASH
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.schema import default_schema
from dynoview.demo.backend import create_accounts_table
from dynoview.ui.locks.diagnose_flow import DiagnoseFlow
from tests.helpers import account_key, connect, lock_key, s

pytestmark = pytest.mark.integration

#: Over diagnose's whole-read limit for a rule with an index: accounts are looked up by Query.
FILLERS = WHOLE_READ_INDEXED_MAX_ITEMS + 100
NFD_JORG = "jo\u0308rg@x.io"  # the lock: o + COMBINING DIAERESIS
NFC_JORG = "J\u00f6rg@x.io"  # the account: capital J, precomposed ö
#: (account, its email, the lock's value): each a case clash to the audit, the rule being none.
CLASHES = (("ada", "Ada@x.io", "ada@x.io"), ("jorg", NFC_JORG, NFD_JORG), ("cy", "cY@x.io", "cy@x.io"))


@contextmanager
def big_clash_table(conn: Connection, prefix: str) -> Iterator[str]:
    """The article's layout (email GSI) with more items than diagnose reads whole, and the
    ``CLASHES``: each lock in one spelling, its account storing another."""
    name = f"{prefix}-{uuid.uuid4().hex[:8]}"
    create_accounts_table(conn, name)
    try:
        puts = [{"PutRequest": {"Item": {"PK": s(f"FILL#{i}"), "SK": s("X")}}} for i in range(FILLERS)]
        for start in range(0, len(puts), 25):
            conn.client.batch_write_item(RequestItems={name: puts[start:start + 25]})
        for acct, email, lock in CLASHES:
            conn.client.put_item(TableName=name, Item={**account_key(acct), "email": s(email)})
            conn.client.put_item(TableName=name, Item=lock_key("EMAIL", lock))
        assert (describe_table(conn, name).item_count or 0) > WHOLE_READ_INDEXED_MAX_ITEMS
        yield name
    finally:
        conn.client.delete_table(TableName=name)


@pytest.fixture(scope="module")
def table(endpoint_url: str) -> Iterator[str]:
    """One such table per engine for the module: every test here only reads it."""
    with big_clash_table(connect(endpoint_url), "idxsp") as name:
        yield name


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def diagnosed(capsys: pytest.CaptureFixture[str], url: str, table: str, *argv: str) -> dict[str, object]:
    code, out, err = run(capsys, "diagnose", "--endpoint-url", url, "--table", table, "--rule", "email",
                         "--no-stream", "--format", "json", *argv)
    assert code == 1, err  # a case clash or an unknown holder is a problem either way
    [d] = json.loads(out)
    return d


def test_the_audit_calls_each_lock_a_case_clash(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                                 table: str) -> None:
    """What diagnose must agree with."""
    code, out, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", table,
                         "--format", "json", "--no-receipts")
    assert code == 1, err
    found = sorted((f["status"], f["value"], f["accounts"]) for f in json.loads(out)["findings"])
    assert found == [(CASE_CLASH, "ada@x.io", ["ACCT#ada"]), (CASE_CLASH, "cy@x.io", ["ACCT#cy"]),
                     (CASE_CLASH, "jörg@x.io", ["ACCT#jorg"])]


@pytest.mark.parametrize(("typed", "account", "lock"), [
    ("ada@x.io", "ACCT#ada", "ada@x.io"), ("ADA@X.IO", "ACCT#ada", "ada@x.io"),
    (NFD_JORG, "ACCT#jorg", NFD_JORG), ("j\u00f6rg@x.io", "ACCT#jorg", NFD_JORG)])
def test_diagnose_through_the_index_finds_the_capitalised_spelling(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str, typed: str, account: str,
        lock: str) -> None:
    """Typed as the lock stores it, in capitals, or (jörg) precomposed for a decomposed lock."""
    d = diagnosed(capsys, endpoint_url, table, typed)
    assert (d["method"], d["status"], d["accounts"]) == (VIA_INDEX, CASE_CLASH, [account]), d["sentence"]
    assert (d["stored"], d["lock_key"]) == (lock, lock_key("EMAIL", lock))
    assert "no account uses it" not in str(d["sentence"]) and d["origin"] is None


def test_a_spelling_the_index_cannot_find_leaves_the_holder_unknown(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str) -> None:
    """cY@x.io is no spelling the index is asked for: the answer says so, and offers no Release."""
    d = diagnosed(capsys, endpoint_url, table, "cy@x.io")
    assert (d["method"], d["status"], d["accounts"]) == (VIA_INDEX, HOLDER_UNKNOWN, []), d["sentence"]
    sentence = str(d["sentence"])
    assert sentence.startswith("cy@x.io is locked, and no account was found using it; but the index "
                               "email-index finds only the spellings asked for (cy@x.io and Cy@x.io)")
    assert "the audit pairs such an account with this lock as a case clash" in sentence
    assert "Do not release the lock on this answer" in sentence
    assert "dynoview diagnose --no-index" in sentence and "Releasing" not in sentence
    scanned = diagnosed(capsys, endpoint_url, table, "--no-index", "cy@x.io")
    assert (scanned["method"], scanned["status"], scanned["accounts"]) == (VIA_SCAN, CASE_CLASH, ["ACCT#cy"])


def test_the_windows_rule_offers_no_release_for_an_unknown_holder(reader: Reader, table: str) -> None:
    info = describe_table(reader.conn, table)
    d = diagnose(reader, info, default_schema(info), "email", "cy@x.io", use_stream=False)
    assert d.status == HOLDER_UNKNOWN, d.sentence
    flow = DiagnoseFlow()
    flow.answered(d)
    buttons = flow.buttons(default_schema(info))
    assert not buttons.release and buttons.scan


def test_a_scan_of_a_table_too_large_to_read_whole_matches_every_spelling(reader: Reader,
                                                                          table: str) -> None:
    """Past the whole-read limit (20,000 items without the index) the Scan itself must find
    cY@x.io for cy@x.io: an equality filter on the typed spellings did not."""
    info = replace(describe_table(reader.conn, table), item_count=50_000)
    d = diagnose(reader, info, default_schema(info), "email", "cy@x.io", use_index=False,
                 explain_origin=False)
    assert (d.method, d.status, d.account_ids) == (VIA_SCAN, CASE_CLASH, ["ACCT#cy"]), d.sentence


def test_the_release_preflight_does_not_call_the_value_free(reader: Reader, table: str) -> None:
    info = describe_table(reader.conn, table)
    tx = Transaction([Action(DELETE, table, key=lock_key("EMAIL", "ada@x.io"),
                             condition="attribute_exists(PK)")])
    result = run_preflight(reader, tx, default_schema(info), {table: info})
    assert [w.status for w in result.warnings] == [UNSEEN_HOLDER], result.summary()
    assert result.needs_confirmation and "repairs" not in result.summary()
    assert "a case clash with this lock to the audit" in result.warnings[0].message
    (pair,) = result.pairs
    assert pair.unseen and "✓" not in pair.line()


def test_transact_dry_run_of_the_release_is_not_sent(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                                    table: str, tmp_path: Path) -> None:
    path = tmp_path / "release.json"
    path.write_text(json.dumps({"TransactItems": [{"Delete": {
        "TableName": table, "Key": lock_key("EMAIL", "ada@x.io"),
        "ConditionExpression": "attribute_exists(PK)"}}]}))
    code, out, err = run(capsys, "transact", str(path), "--endpoint-url", endpoint_url, "--dry-run")
    assert code != 0
    text = out + err
    assert "Preflight passed" not in text and "is free (no lock, no account) ✓" not in text
    assert "no account was found holding email ada@x.io, but the index email-index" in text
