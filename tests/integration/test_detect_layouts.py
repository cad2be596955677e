"""`audit --detect` on layouts detection used to get confidently wrong (see
tests/unit/core/uniqueness/test_proposal_layouts.py): on a healthy table it finds nothing, on a
broken one exactly the problems planted.

1. Locks repeating their PK in the SK: one lock's SK was every lock's (MISSING_LOCK on a healthy
   table, and `repair --yes` wrote locks under that SK).
2. Orders ``ORDER#<id>`` / ``ORDER`` copying the email were taken as the accounts.
3. Orders in the account's collection made every ACCT# item an account (a broken table clean).
4. NFKC + casefold locks were taken as trim+lowercase (CASE_CLASH on a healthy table).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from tests.helpers import empty_keys_table, s

pytestmark = pytest.mark.integration
ACCOUNTS = [("a1", "ada@x.io", "ada"), ("a2", "bob@x.io", "bob"), ("a3", "cy@x.io", "cy")]
Layout = Callable[[bool], list[dict[str, Any]]]


def _item(pk: str, sk: str, **attrs: str) -> dict[str, Any]:
    return {"PK": s(pk), "SK": s(sk), **{k: s(v) for k, v in attrs.items()}}


def _audit(capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str
           ) -> tuple[int, dict[str, Any], str]:
    code = main(["audit", "--endpoint-url", endpoint_url, "--table", table, "--detect",
                 "--format", "json", "--no-receipts"])
    out = capsys.readouterr()
    assert out.out, out.err
    return code, json.loads(out.out), out.out


def _found(report: dict[str, Any]) -> list[tuple[str, str, str]]:
    return sorted((f["status"], f["rule"], f["value"]) for f in report["findings"])


def _check(capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str,
           layout: Layout, problems: list[tuple[str, str, str]]) -> None:
    """Audit the healthy table (clean), then the broken one (exactly ``problems``)."""
    for broken in (False, True):
        with empty_keys_table(conn, "detect-layout") as info:
            for item in layout(broken):
                conn.client.put_item(TableName=info.name, Item=item)
            code, report, _ = _audit(capsys, endpoint_url, info.name)
            assert _found(report) == (problems if broken else []), report["schema"]
            assert code == (1 if broken else 0)


def _repeating(broken: bool) -> list[dict[str, Any]]:
    items = []
    for i, e, _ in ACCOUNTS:
        items.append(_item(f"ACCT#{i}", "PROFILE", email=e))
        if not (broken and i == "a3"):
            items.append(_item(f"UNIQ#EMAIL#{e}", f"UNIQ#EMAIL#{e}"))
    if broken:
        items.append(_item("UNIQ#EMAIL#ghost@x.io", "UNIQ#EMAIL#ghost@x.io"))
    return items


def _locks(broken: bool) -> list[dict[str, Any]]:
    items = [_item(f"UNIQ#EMAIL#{e}", "LOCK") for _, e, _ in ACCOUNTS]
    items += [_item(f"UNIQ#HANDLE#{u}", "LOCK") for _, _, u in ACCOUNTS if not (broken and u == "cy")]
    return items + ([_item("UNIQ#HANDLE#ghost", "LOCK")] if broken else [])


def _own_orders(broken: bool) -> list[dict[str, Any]]:
    items = _locks(broken)
    for i, e, u in ACCOUNTS:
        items.append(_item(f"ACCT#{i}", "PROFILE", email=e, username=u))
        items += [_item(f"ORDER#{i}-{n}", "ORDER", email=e, customer=i) for n in range(3)]
    return items


def _collection_orders(broken: bool) -> list[dict[str, Any]]:
    items = _locks(broken)
    for i, e, u in ACCOUNTS:
        items.append(_item(f"ACCT#{i}", "PROFILE", email=e, username=u))
        items += [_item(f"ACCT#{i}", f"ORDER#{i}-{n}", email=e, total="10") for n in range(3)]
    return items


def _nfkc(broken: bool) -> list[dict[str, Any]]:
    items = []
    for i, e in enumerate(["Ada@X.io", "bob@x.io", "Straße@x.io", "ｃｙ@x.io", " Dee@x.io "]):
        items.append(_item(f"ACCT#{i}", "PROFILE", email=e))
        if not (broken and i == 3):
            lock = unicodedata.normalize("NFKC", e).casefold().strip()
            items.append(_item(f"UNIQ#EMAIL#{lock}", "LOCK"))
    if broken:
        items.append(_item("UNIQ#EMAIL#ghost@x.io", "LOCK"))
    return items


USERNAME_PROBLEMS = [("MISSING_LOCK", "username", "cy"), ("ORPHAN_LOCK", "username", "ghost")]


def test_locks_repeating_their_pk_in_the_sort_key(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str,
        tmp_path: Path) -> None:
    _check(capsys, conn, endpoint_url, _repeating,
           [("MISSING_LOCK", "email", "cy@x.io"), ("ORPHAN_LOCK", "email", "ghost@x.io")])
    # The repair of the missing lock writes it under the SK the app uses (PK = SK).
    with empty_keys_table(conn, "detect-layout") as info:
        for item in _repeating(True):
            conn.client.put_item(TableName=info.name, Item=item)
        _, report, text = _audit(capsys, endpoint_url, info.name)
        assert report["schema"]["rules"][0]["sk_value"] == "UNIQ#EMAIL#{value}"
        path = tmp_path / "report.json"
        path.write_text(text)
        code = main(["repair", str(path), "--endpoint-url", endpoint_url, "--table", info.name,
                     "--yes"])
        out = capsys.readouterr()
        assert code == 0, out.err
        keys = sorted((i["PK"]["S"], i["SK"]["S"]) for i in conn.client.scan(
            TableName=info.name, ConsistentRead=True)["Items"] if i["PK"]["S"].startswith("UNIQ#"))
        assert keys == [(f"UNIQ#EMAIL#{e}", f"UNIQ#EMAIL#{e}") for e in ("ada@x.io", "bob@x.io",
                                                                         "cy@x.io")]


def test_orders_of_their_own_copying_the_email(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str) -> None:
    _check(capsys, conn, endpoint_url, _own_orders, USERNAME_PROBLEMS)


def test_orders_in_the_account_collection(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str) -> None:
    _check(capsys, conn, endpoint_url, _collection_orders, USERNAME_PROBLEMS)


def test_nfkc_casefold_locks(
        capsys: pytest.CaptureFixture[str], conn: Connection, endpoint_url: str) -> None:
    _check(capsys, conn, endpoint_url, _nfkc,
           [("MISSING_LOCK", "email", "cy@x.io"), ("ORPHAN_LOCK", "email", "ghost@x.io")])
