"""Values quoted in the CLI's lines read back one way and never print a line of their own.

`transact --dry-run` printed a value's line feed and tab raw in its preflight "after:" lines
(standard error keeps both), so a username holding "\\n  after: … ✓" or "\\nPreflight passed"
printed lines that look like DynoView's own verdict. The `action N written:` lines escaped the
line feed but not the backslash, so ``a\\`` and a line feed printed as the four characters
``a\\\\n`` do: two different keys looked identical. The same held for the cancellation lines, the
audit's orphan-lock lines and the diagnosis's origin. Every value is now quoted with its
backslashes doubled first, then its control characters as escapes (``visible_value``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection

pytestmark = pytest.mark.integration

#: The value as the tester wrote it: a quote, a backslash, a line feed, a tab, a NUL.
TRICKY = 'zoe"\\\n\t\x00x'
#: Values that would print lines of DynoView's own if their line breaks went out raw.
FORGED = ("evil\n  after: lock UNIQ#HANDLE#admin held by ACCT#admin ✓",
          "evil2\nPreflight passed: every account keeps its locks.\tok")
#: Two different values that printed alike as ``twin\\nx``: a backslash then a line feed, and
#: two backslashes then "n".
REAL_BREAK, LITERAL = "twin\\\nx", "twin\\\\nx"


def _s(text: str) -> dict[str, str]:
    return {"S": text}


def _request(path: Path, actions: list[dict[str, Any]], token: str | None = None) -> Path:
    body: dict[str, Any] = {"TransactItems": actions}
    if token:
        body["ClientRequestToken"] = token
    path.write_text(json.dumps(body))
    return path


def _signup(table: str, acct: str, username: str) -> list[dict[str, Any]]:
    new = "attribute_not_exists(PK)"
    return [{"Put": {"TableName": table, "Item": {"PK": _s(f"ACCT#{acct}"), "SK": _s("PROFILE"),
                                                  "username": _s(username)}, "ConditionExpression": new}},
            {"Put": {"TableName": table, "Item": {"PK": _s(f"UNIQ#HANDLE#{username}"), "SK": _s("LOCK")},
                     "ConditionExpression": new}}]


@pytest.fixture(autouse=True)
def _own_action_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def test_dry_run_preflight_lines_escape_line_breaks_tabs_and_backslashes(
        tmp_path: Path, endpoint_url: str, accounts_table: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    actions = [*_signup(accounts_table, "u1", TRICKY), *_signup(accounts_table, "u2", FORGED[0]),
               *_signup(accounts_table, "u3", FORGED[1])]
    path = _request(tmp_path / "tx.json", actions)
    assert main(["transact", str(path), "--dry-run", "--endpoint-url", endpoint_url]) == 0
    err = capsys.readouterr().err
    lines = err.splitlines()
    # One verdict, one "after:" line per lock, and no line a value started.
    assert sum(line.startswith("Preflight passed") for line in lines) == 1
    assert sum(line.startswith("  after:") for line in lines) == 3
    assert "\t" not in err
    assert all(line.startswith(("Preflight", "  after: ", "note: ", "token: ")) for line in lines), lines
    assert '  after: lock UNIQ#HANDLE#zoe"\\\\\\n\\t\\x00x held by ACCT#u1 ✓' in lines
    assert ("  after: lock UNIQ#HANDLE#evil\\n  after: lock UNIQ#HANDLE#admin held by ACCT#admin ✓ "
            "held by ACCT#u2 ✓") in lines


def test_written_lines_tell_a_line_break_from_a_backslash_and_n(
        tmp_path: Path, endpoint_url: str, accounts_table: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for n, username in enumerate((REAL_BREAK, LITERAL)):
        path = _request(tmp_path / f"tx{n}.json", _signup(accounts_table, f"tw{n}", username))
        assert main(["transact", str(path), "--yes", "--endpoint-url", endpoint_url]) == 0
        outs.append(capsys.readouterr().out)
    assert f"action 2 written: Put {accounts_table} PK=UNIQ#HANDLE#twin\\\\\\nx, SK=LOCK" in outs[0]
    assert f"action 2 written: Put {accounts_table} PK=UNIQ#HANDLE#twin\\\\\\\\nx, SK=LOCK" in outs[1]


def test_cancellation_lines_tell_them_apart_too(
        tmp_path: Path, endpoint_url: str, accounts_table: str, conn: Connection,
        capsys: pytest.CaptureFixture[str]) -> None:
    texts = []
    for n, username in enumerate((REAL_BREAK, LITERAL)):
        conn.client.put_item(TableName=accounts_table,  # an orphan lock takes the value first
                             Item={"PK": _s(f"UNIQ#HANDLE#{username}"), "SK": _s("LOCK")})
        path = _request(tmp_path / f"c{n}.json", _signup(accounts_table, f"c{n}", username))
        assert main(["transact", str(path), "--yes", "--allow-broken-locks",
                     "--endpoint-url", endpoint_url]) == 1
        out = capsys.readouterr().out
        taken = [line for line in out.splitlines() if line.startswith("action 2 ConditionalCheckFailed")]
        assert len(taken) == 1, out
        texts.append(taken[0])
    assert "Username twin\\\\\\nx is already taken." in texts[0]
    assert "Username twin\\\\\\\\nx is already taken." in texts[1]


def test_audit_and_diagnose_tell_them_apart(endpoint_url: str, accounts_table: str, conn: Connection,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    for username in (REAL_BREAK, LITERAL):  # two orphan locks
        conn.client.put_item(TableName=accounts_table,
                             Item={"PK": _s(f"UNIQ#HANDLE#{username}"), "SK": _s("LOCK")})
    main(["audit", "--endpoint-url", endpoint_url, "--table", accounts_table])
    orphans = [line for line in capsys.readouterr().out.splitlines()
               if line.startswith("[ORPHAN_LOCK] twin")]
    assert sorted(orphans) == sorted(
        f"[ORPHAN_LOCK] {shown} is locked, and no account uses it: a stuck signup or a value left behind "
        "by a change; diagnose it to see which." for shown in ("twin\\\\\\nx", "twin\\\\\\\\nx"))
    main(["diagnose", "--endpoint-url", endpoint_url, "--table", accounts_table, "--rule", "username",
          "--no-stream", REAL_BREAK, LITERAL])
    out = capsys.readouterr().out
    assert "releasing it frees twin\\\\\\nx for anyone" in out
    assert "releasing it frees twin\\\\\\\\nx for anyone" in out
