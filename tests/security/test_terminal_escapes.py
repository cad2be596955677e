"""Table data never acts on the reader's terminal or hides in the window: escapes are shown.

Hostile values (ANSI and OSC escape sequences, C1 controls, DEL, backspaces, a carriage return
that overwrites a line, bidi overrides and isolates, zero-width characters, line separators)
are written to a table on moto, as values, keys and attribute names; then every text output
that shows them is read back: ``audit``, ``diagnose``, ``partiql`` and ``stream`` in text and
JSON, ``export`` to standard output, their error messages, a bug's traceback, crash reports and
``display_text`` (the window's cells).
Text output must hold none of those characters raw and must show them as escapes; JSON output
must hold none raw either and still decode to exactly the stored data.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dynoview.cli import main as cli_main
from dynoview.core.session.connection import Connection
from dynoview.core.values.display import display_text
from dynoview.core.values.visible_text import visible, visible_json
from tests.helpers import connect, seeded_accounts_copy

pytestmark = pytest.mark.security

CLEAR = "\x1b[2J\x1b[H"
PAYLOADS = [
    CLEAR + "cleared",
    "\x1b]0;pwned title\x07",  # OSC: window title
    "\x1b]52;c;cHduZWQ=\x07",  # OSC 52: write the clipboard
    "\x1b]8;;http://evil.example/x\x1b\\open\x1b]8;;\x1b\\",  # OSC 8: a hyperlink
    "\x9b2J\x9d0;c1 title\x9c",  # C1 CSI, OSC and ST
    "del\x7f back\x08\x08\x08ace",
    "all bad\rall good",  # a carriage return that overwrites the line
    "ab\u202etxt.exe\u202c \u2066iso\u2069 \u202aemb\u202d",
    "ada\u200b@lovelace.io \ufeffbom \u2060wj \u00adshy \U000e0041tag",
    "line\u2028sep\u2029para\x85nel",
    "nul\x00 bell\x07 vt\x0b ff\x0c",
]
#: What must never reach a terminal raw: C0 and C1 controls, DEL, bidi, zero-width and
#: separator characters (line feed excepted: it ends a line).
BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
INVISIBLE = set("\u200b\u2060\ufeff\u00ad\u2028\u2029")


def dangerous(text: str, allowed: str = "\n") -> list[str]:
    return sorted({repr(c) for c in text if c not in allowed and (
        unicodedata.category(c) == "Cc" or c in BIDI or c in INVISIBLE or 0xE0000 <= ord(c) <= 0xE007F)})


def _s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def conn(moto_endpoint: str) -> Connection:
    return connect(moto_endpoint)


@pytest.fixture
def hostile_table(conn: Connection) -> Iterator[str]:
    """The demo's accounts plus, per payload, an orphan email lock, an account whose handle
    lock is missing, and attribute names and nested values carrying it."""
    with seeded_accounts_copy(conn, "escapes") as name:
        for i, text in enumerate(PAYLOADS):
            conn.client.put_item(TableName=name, Item={"PK": _s(f"UNIQ#EMAIL#{text}"), "SK": _s("LOCK")})
            conn.client.put_item(TableName=name, Item={
                "PK": _s(f"ACCT#hostile{i}"), "SK": _s("PROFILE"), "email": _s(f"h{i}@x.io"),
                "username": _s(text), f"note{text}": _s(text),
                "nested": {"M": {text: {"L": [_s(text), {"SS": [text]}]}}}})
            conn.client.put_item(TableName=name, Item={"PK": _s(f"UNIQ#EMAIL#h{i}@x.io"),
                                                       "SK": _s("LOCK")})
        yield name


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli_main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_safe(out: str, err: str) -> None:
    assert not dangerous(out), f"stdout holds {dangerous(out)}"
    # Standard error keeps tabs and the progress line's carriage return; nothing else.
    assert not dangerous(err, "\n\t\r"), f"stderr holds {dangerous(err, chr(10) + chr(9) + chr(13))}"


# --------------------------------------------------------------------------- the rule itself


@pytest.mark.parametrize("text", PAYLOADS)
def test_visible_escapes_every_payload(text: str) -> None:
    shown = visible(text)
    assert not dangerous(shown, "")
    assert shown.isprintable()
    assert visible(shown) == shown  # escapes are plain ASCII: escaping twice changes nothing


def test_escapes_are_readable_and_real_text_stays() -> None:
    assert visible(CLEAR) == "\\x1b[2J\\x1b[H"
    assert visible("a\u202eb") == "a\\u202eb"
    assert visible("x\U000e0041") == "x\\U000e0041"
    assert visible("ada\u200b@lovelace.io") == "ada\\u200b@lovelace.io"
    assert visible("one\ntwo\tthree\r") == "one\\ntwo\\tthree\\r"
    assert visible("one\ntwo", keep="\n") == "one\ntwo"
    # Real text: accents, scripts, emoji (a joiner between emoji), a flag's tag sequence.
    for text in ("ünïcödé ✓ 𝄞 🎉", "👨\u200d👩\u200d👧", "שלום\u200fעולם", "می\u200cخواهم",
                 "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"):
        assert visible(text) == text
    # A joiner or mark next to ASCII (an email, a key) misleads: shown.
    assert visible("ada\u200d@x.io") == "ada\\u200d@x.io"
    assert visible("\u200fadmin") == "\\u200fadmin"


@given(st.text())
def test_nothing_dangerous_survives_visible(text: str) -> None:
    assert not dangerous(visible(text), "")


@given(st.recursive(st.text() | st.integers() | st.booleans() | st.none(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)))
def test_visible_json_is_the_same_json(value: Any) -> None:
    text = visible_json(json.dumps(value, ensure_ascii=False, indent=2))
    assert json.loads(text) == value
    assert not dangerous(text, "\n")


def test_display_text_shows_escapes_in_values_and_names() -> None:
    for text in PAYLOADS:
        for av in (_s(text), {"SS": [text]}, {"L": [_s(text)]}, {"M": {text: _s(text)}}):
            shown = display_text(av, limit=5000)
            assert not dangerous(shown, ""), (text, shown)
    assert display_text(_s(CLEAR + "x")) == "\\x1b[2J\\x1b[Hx"
    assert display_text(_s("a\nb")) == "a⏎b"  # line breaks keep their mark
    long = display_text(_s("\x1b" * 100_000), limit=50)
    assert len(long) == 50 and long.endswith("…")


# --------------------------------------------------------------------------- the commands


def test_audit_text_and_json(capsys: pytest.CaptureFixture[str], moto_endpoint: str,
                             hostile_table: str) -> None:
    code, out, err = run(capsys, "audit", "--endpoint-url", moto_endpoint, "--table", hostile_table)
    assert code == 1, err
    assert_safe(out, err)
    assert "\\x1b[2J\\x1b[Hcleared" in out and "\\u202etxt.exe" in out
    lines = out.splitlines()
    # One finding, one line: a payload cannot split a line or forge another.
    assert sum(line.startswith("[ORPHAN_LOCK]") for line in lines) >= len(PAYLOADS)
    assert all(line.startswith(("Schema:", "Audit of", "Counts:", "[")) for line in lines)

    code, out, err = run(capsys, "audit", "--endpoint-url", moto_endpoint, "--table", hostile_table,
                         "--format", "json", "--no-receipts")
    assert code == 1, err
    assert_safe(out, err)
    values = {f["value"] for f in json.loads(out)["findings"]}
    assert set(PAYLOADS) <= values  # lossless: the exact stored values


def test_diagnose_text_and_json(capsys: pytest.CaptureFixture[str], moto_endpoint: str,
                                hostile_table: str) -> None:
    base = ["diagnose", "--endpoint-url", moto_endpoint, "--table", hostile_table, "--rule", "email",
            "--no-stream"]
    code, out, err = run(capsys, *base, *PAYLOADS)
    assert code == 1, err
    assert_safe(out, err)
    assert "\\x1b]0;pwned title\\x07" in out
    code, out, err = run(capsys, *base, "--format", "json", *PAYLOADS)
    assert_safe(out, err)
    assert [d["value"] for d in json.loads(out)] == PAYLOADS


def test_partiql_text_and_json(capsys: pytest.CaptureFixture[str], moto_endpoint: str,
                               hostile_table: str) -> None:
    statement = f'SELECT * FROM "{hostile_table}"'
    code, out, err = run(capsys, "partiql", statement, "--endpoint-url", moto_endpoint,
                         "--format", "text", "--receipts")
    assert code == 0, err
    assert_safe(out, err)
    assert "\\x9b2J" in out and "\\u2028" in out
    code, out, err = run(capsys, "partiql", statement, "--endpoint-url", moto_endpoint, "--receipts")
    assert code == 0, err
    assert_safe(out, err)
    items = [json.loads(line) for line in out.splitlines()]
    assert {i["username"] for i in items if str(i["PK"]).startswith("ACCT#hostile")} == set(PAYLOADS)
    for line in err.splitlines():  # the receipts on standard error stay JSON lines
        json.loads(line)


def test_stream_text_and_json(capsys: pytest.CaptureFixture[str], moto_endpoint: str,
                              hostile_table: str) -> None:
    base = ["stream", "--table", hostile_table, "--endpoint-url", moto_endpoint]
    code, out, err = run(capsys, *base, "--format", "text")
    assert code == 0, err
    assert_safe(out, err)
    assert "\\x1b]52;c;cHduZWQ=\\x07" in out
    code, out, err = run(capsys, *base)
    assert code == 0, err
    assert_safe(out, err)
    names = {name for line in out.splitlines() for name in (json.loads(line)["new_image"] or {})}
    assert {f"note{text}" for text in PAYLOADS} <= names
    code, out, err = run(capsys, *base, "--describe", "--format", "text")
    assert code == 0 and not dangerous(out)


def test_export_to_standard_output(capsys: pytest.CaptureFixture[str], moto_endpoint: str,
                                   hostile_table: str) -> None:
    """JSON lines to standard output hold nothing raw and decode to the exact items."""
    from dynoview.core.items.export import item_from_ddb_json_line

    base = ["export", "--table", hostile_table, "--endpoint-url", moto_endpoint]
    code, out, err = run(capsys, *base)  # ddb-json
    assert code == 0, err
    assert_safe(out, err)
    names = {n for line in out.splitlines() for n in item_from_ddb_json_line(line)}
    assert {f"note{text}" for text in PAYLOADS} <= names
    code, out, err = run(capsys, *base, "--format", "json")
    assert code == 0, err
    assert_safe(out, err)
    assert {json.loads(line).get("username") for line in out.splitlines()} >= set(PAYLOADS)


def test_error_messages_and_bugs(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                 moto_endpoint: str) -> None:
    code, out, err = run(capsys, "partiql", "SELECT * FROM t", "--endpoint-url", moto_endpoint,
                         "--param", CLEAR + "\u202e")
    assert code == 2
    assert_safe(out, err)
    assert "\\x1b[2J" in err
    code, out, err = run(capsys, "diagnose", "--endpoint-url", moto_endpoint, "--table",
                         "missing-\x1b[2J", "--rule", "email", "x")
    assert code == 2
    assert_safe(out, err)

    from dynoview.cli import tables

    def bug(_args: Any) -> int:
        raise RuntimeError(f"a bug quoting a value {CLEAR}\x9b31m\u202e")

    monkeypatch.setattr(tables, "run", bug)
    code, out, err = run(capsys, "tables", "--endpoint-url", moto_endpoint)
    assert code == 3  # a bug: the boundary's exit (user errors are 2)
    assert_safe(out, err)
    assert "Traceback" in err and "RuntimeError" in err and "\\x1b[2J" in err


def test_crash_reports_show_escapes(tmp_path: Any) -> None:
    """A report quoting a table value is pasted into terminals and issues: escapes shown, obeyed
    nowhere, and still redacted."""
    from dynoview.ui import crash

    try:
        raise ValueError(f"bad value {CLEAR}\x9b31m\u202eexe.txt secret=hunter2hunter2")
    except ValueError as exc:
        report = crash.build_report(ValueError, exc, exc.__traceback__)
    assert not dangerous(report, "\n\t")
    assert "\\x1b[2J" in report and "\\u202e" in report and "hunter2hunter2" not in report
    saved = crash.save_report(report, tmp_path)
    assert saved is not None and not dangerous(saved.read_text(encoding="utf-8"), "\n\t")
