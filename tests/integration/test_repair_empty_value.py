"""Emails the rule's normalisation empties, audited and repaired (moto and DynamoDB Local).

Reported: under trim+lowercase or nfkc+casefold, accounts whose email was "   ", "\\t", "\\u3000"
(or "\\u200b" under nfkc+casefold) all held the email '' once normalised: the audit named a
DUPLICATE_VALUE, a CASE_CLASH or a MISSING_LOCK for '', and `repair --yes` claimed the lock
``UNIQ#EMAIL#``, after which every sign-up whose email trims to empty was refused as taken.
docs/cli-audit.md: such an account has no value for that rule; no lock is ever claimed for it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.repair.run import EXIT_ATTENTION, EXIT_OK
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.schema import (
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
)
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration

BLANK = {"1": "   ", "2": "\t", "5": "\u3000"}
ZWSP = "\u200b"
EMPTY_LOCK = lock_key("EMAIL", "")  # UNIQ#EMAIL#, LOCK: never right


def _schema(mode: str) -> UniquenessSchema:
    return UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode),))


def _emails(mode: str) -> dict[str, str]:
    """The accounts' emails that ``mode`` empties (a lone zero-width space: nfkc+casefold only)."""
    return {**BLANK, "4": ZWSP} if mode == NORMALISE_NFKC_CASEFOLD else dict(BLANK)


@pytest.fixture
def action_log_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' action log in a folder of this test only."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@contextmanager
def _table(conn: Connection, emails: dict[str, str], *extra: dict[str, Any]) -> Iterator[str]:
    with empty_accounts_table(conn, "emptied") as name:
        for item in ({**account_key("ok"), "email": s("ok@x.io")}, lock_key("EMAIL", "ok@x.io"),
                     *({**account_key(a), "email": s(e)} for a, e in emails.items()), *extra):
            conn.client.put_item(TableName=name, Item=item)
        yield name


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def _audit(capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str, tmp_path: Path,
           mode: str) -> tuple[int, dict[str, Any], Path]:
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps(_schema(mode).to_json()))
    code, out, err = _run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", table,
                          "--schema", str(schema), "--format", "json", "--no-receipts", "--consistent")
    assert code in (0, 1), err
    path = tmp_path / "audit.json"
    path.write_text(out)
    return code, json.loads(out), path


def _repair(capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str,
            report: Path) -> tuple[int, str, str]:
    return _run(capsys, "repair", str(report), "--endpoint-url", endpoint_url, "--table", table,
                "--yes", "--rate", "50")


def _lock_pks(conn: Connection, table: str) -> list[str]:
    items = conn.client.scan(TableName=table, ConsistentRead=True)["Items"]
    return sorted(i["PK"]["S"] for i in items if i["PK"]["S"].startswith("UNIQ#"))


@pytest.mark.parametrize("mode", [NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD])
def test_the_audit_finds_nothing_on_every_path_and_repair_writes_no_empty_lock(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        mode: str, action_log_home: None) -> None:
    with _table(conn, _emails(mode)) as table:
        info = describe_table(conn, table)
        results = [run_audit(Reader(conn), info, _schema(mode), segments=2, consistent=True, **kw)
                   for kw in ({"fast_parse": False}, {"workers": 0}, {"workers": 2})]
        assert [r.workers for r in results] == [0, 0, 2]  # botocore dicts, pages, worker processes
        for result in results:
            assert result.findings == [], [(f.status, f.value) for f in result.findings]
            assert result.counts["OK"] == 1  # ok@x.io
        code, report, path = _audit(capsys, endpoint_url, table, tmp_path, mode)
        assert code == 0 and report["clean"] and report["findings"] == []
        code, out, err = _repair(capsys, endpoint_url, table, path)
        assert code == EXIT_OK, out + err
        assert _lock_pks(conn, table) == ["UNIQ#EMAIL#ok@x.io"]


def test_a_lone_zero_width_space_under_trim_lowercase_is_a_value_with_its_own_lock(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        action_log_home: None) -> None:
    """``str.strip`` keeps U+200B, so the rule locks it as UNIQ#EMAIL#\\u200b: claimed, and the
    blank emails beside it are no case clash with it any more."""
    with _table(conn, {**BLANK, "4": ZWSP}) as table:
        code, report, path = _audit(capsys, endpoint_url, table, tmp_path, NORMALISE_TRIM_LOWER)
        assert [(f["status"], f["value"], f["accounts"]) for f in report["findings"]] == [
            ("MISSING_LOCK", ZWSP, ["ACCT#4"])]
        code, out, err = _repair(capsys, endpoint_url, table, path)
        assert code == EXIT_OK, out + err
        assert _lock_pks(conn, table) == ["UNIQ#EMAIL#ok@x.io", f"UNIQ#EMAIL#{ZWSP}"]


def test_a_report_naming_the_empty_value_claims_no_lock(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        action_log_home: None) -> None:
    """A report made before the fix (MISSING_LOCK '' for the account whose email is "   "):
    the claim is refused, nothing is sent, and the run says why."""
    with _table(conn, {"1": "   "}) as table:
        _code, report, path = _audit(capsys, endpoint_url, table, tmp_path, NORMALISE_TRIM_LOWER)
        report["clean"] = False
        report["findings"] = [{
            "status": "MISSING_LOCK", "rule": "email", "value": "", "accounts": ["ACCT#1"],
            "account_keys": [account_key("1")], "lock_keys": [],
            "sentence": "Account ACCT#1 uses email '' without a lock: uniqueness is not enforced "
                        "for it. Claim the lock for this account.", "explanation": ""}]
        path.write_text(json.dumps(report))
        code, out, err = _repair(capsys, endpoint_url, table, path)
        assert code == EXIT_ATTENTION, out + err
        assert "empty once normalised" in out and "Claimed" not in out
        assert "Claim it by hand" not in out  # the refusal is the answer: there is nothing to claim
        assert conn.client.get_item(TableName=table, Key=EMPTY_LOCK, ConsistentRead=True).get("Item") is None
        assert _lock_pks(conn, table) == ["UNIQ#EMAIL#ok@x.io"]


def test_a_lock_on_the_empty_value_is_an_orphan_and_repair_releases_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, endpoint_url: str, conn: Connection,
        action_log_home: None) -> None:
    """``UNIQ#EMAIL#`` left by an earlier repair: no account holds '' (the blank one has no
    value), so it is an orphan, and releasing it lets blank sign-ups through again."""
    with _table(conn, {"1": "   ", "2": "\t"}, EMPTY_LOCK) as table:
        code, report, path = _audit(capsys, endpoint_url, table, tmp_path, NORMALISE_TRIM_LOWER)
        assert code == 1
        assert [(f["status"], f["value"], f["accounts"]) for f in report["findings"]] == [
            (ORPHAN_LOCK, "", [])]
        code, out, err = _repair(capsys, endpoint_url, table, path)
        assert code == EXIT_OK, out + err
        assert _lock_pks(conn, table) == ["UNIQ#EMAIL#ok@x.io"]
