"""CSV exports never hand a spreadsheet a formula from the table (OWASP "CSV Injection").

Cells and headers starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return (and the
full-width ``＝ ＋ － ＠``) are written with a ``'`` in front and inside double quotes; plain
numbers stay numbers. The items export (``dynoview export --format csv``, the export dialog, the
clipboard's CSV) and the audit's findings CSV are checked on a moto table whose values,
attribute names and keys carry formulas; ``--csv-raw`` and the dialog's checkbox keep them as
stored, and both say so.
"""

from __future__ import annotations

import asyncio
import csv
import io
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.audit.report import CSV_COLUMNS, findings_csv
from dynoview.core.audit.run import run_audit
from dynoview.core.items import export as item_export
from dynoview.core.items.clipboard import CSV as CLIP_CSV
from dynoview.core.items.clipboard import copy_text
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.uniqueness.schema import default_schema
from dynoview.core.values.csv_cells import NEUTRALISED_NOTE, csv_record, is_formula_like, neutralise
from tests.helpers import connect, seeded_accounts_copy

pytestmark = pytest.mark.security

FORMULAS = [
    '=HYPERLINK("http://evil.example/x","open")',
    "+1+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    "＝1+1",
    "=1,2",  # a comma and a quote too: quoting must still hold
    '="a""b"',
]


def _s(text: str) -> dict[str, str]:
    return {"S": text}


def parse(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def read(path: Path) -> str:
    with path.open(encoding="utf-8", newline="") as handle:  # a "\r" in a cell stays one
        return handle.read()


def assert_neutralised(text: str) -> list[list[str]]:
    """No cell a spreadsheet would run; each neutralised one quoted in the file itself."""
    rows = parse(text)
    for row in rows:
        for cell in row:
            assert not is_formula_like(cell), f"a formula reached the CSV: {cell!r}"
            if cell.startswith("'") and is_formula_like(cell[1:]):
                assert '"' + cell.replace('"', '""') + '"' in text  # prefixed and quoted
    return rows


# --------------------------------------------------------------------------- the rule


@pytest.mark.parametrize("formula", FORMULAS)
def test_each_trigger_is_prefixed_and_quoted(formula: str) -> None:
    line = csv_record([formula, "plain"])
    # A tab or CR first is also a place a spreadsheet splits at: what follows it gets its own '.
    neutral = "'" + formula.replace("\t=", "\t'=").replace("\r=", "\r'=")
    assert neutralise(formula) == neutral
    assert line == '"' + neutral.replace('"', '""') + '",plain\n'
    assert parse(line) == [[neutral, "plain"]]
    assert parse(csv_record([formula], raw=True)) == [[formula]]


@pytest.mark.parametrize("number", ["-5", "-0.5", "-12345678901234567890123456789012345678", "-1E+5",
                                    "-.5"])
def test_plain_numbers_stay_numbers(number: str) -> None:
    assert csv_record([number]) == number + "\n"


def test_ordinary_cells_are_unchanged() -> None:
    assert csv_record(["a", "b c", "x@y.io", "a=b", ""]) == "a,b c,x@y.io,a=b,\n"
    assert csv_record(['say "hi", ok']) == '"say ""hi"", ok"\n'
    assert csv_record([""]) == '""\n'


# --------------------------------------------------------------------------- through moto


@pytest.fixture
def conn(moto_endpoint: str) -> Connection:
    return connect(moto_endpoint)


@pytest.fixture
def formula_table(conn: Connection) -> Iterator[str]:
    """Accounts whose values and attribute names are formulas, and orphan email locks holding
    them (the accounts' own emails have no lock: missing-lock findings)."""
    with seeded_accounts_copy(conn, "formulas") as name:
        for i, formula in enumerate(FORMULAS):
            conn.client.put_item(TableName=name, Item={
                "PK": _s(f"ACCT#f{i}"), "SK": _s("PROFILE"), "email": _s(f"f{i}@x.io"),
                "username": _s(f"user{i}"), formula: _s(formula), "n": {"N": "-5"},
                "list": {"L": [_s(formula)]}, "blob": {"B": b"\xfb\xff"}})  # base64 "+/8="
            conn.client.put_item(TableName=name, Item={"PK": _s(f"UNIQ#EMAIL#{formula}"),
                                                       "SK": _s("LOCK")})
        conn.client.put_item(TableName=name, Item={"PK": _s("=HYPERLINK(\"http://evil.example\")"),
                                                   "SK": _s("+SK")})
        yield name


def test_cli_export_neutralises_values_and_headers(capsys: pytest.CaptureFixture[str], moto_endpoint: str,
                                                   formula_table: str, tmp_path: Path) -> None:
    out = tmp_path / "items.csv"
    code = cli_main(["export", "--table", formula_table, "--endpoint-url", moto_endpoint,
                     "--format", "csv", "--output", str(out)])
    assert code == 0, capsys.readouterr().err
    text = read(out)
    rows = assert_neutralised(text)
    header = rows[0]
    assert "'" + FORMULAS[0] + " (S)" in header  # a formula as an attribute name: its header too
    cells = {cell for row in rows[1:] for cell in row}
    assert {neutralise(f) for f in FORMULAS} <= cells
    assert "-5" in cells  # a number stays a number
    assert "'+/8=" in cells  # base64 starting with "+"
    assert '"\'=HYPERLINK(""http://evil.example"")"' in text  # a key too

    code = cli_main(["export", "--table", formula_table, "--endpoint-url", moto_endpoint,
                     "--format", "csv", "--csv-raw"])
    raw = capsys.readouterr().out
    assert code == 0
    cells = {cell for row in parse(raw) for cell in row}
    assert set(FORMULAS) <= cells and FORMULAS[0] + " (S)" in parse(raw)[0]


def test_csv_raw_is_only_for_csv_and_help_says_both(capsys: pytest.CaptureFixture[str],
                                                    moto_endpoint: str) -> None:
    assert cli_main(["export", "--table", "t", "--endpoint-url", moto_endpoint, "--csv-raw"]) == 2
    assert "--csv-raw is for --format csv" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli_main(["export", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "with a ' in front and in quotes" in shown and "--csv-raw" in shown


def test_audit_findings_csv(conn: Connection, formula_table: str) -> None:
    reader = Reader(conn)
    info = describe_table(conn, formula_table)
    result = run_audit(reader, info, default_schema(info), segments=2)
    text = findings_csv(result.findings)
    rows = assert_neutralised(text)
    assert tuple(rows[0]) == CSV_COLUMNS
    values = {row[2] for row in rows[1:]}
    assert {neutralise(f) for f in FORMULAS} <= values
    assert set(FORMULAS) <= {row[2] for row in parse(findings_csv(result.findings, raw=True))[1:]}


def test_clipboard_csv_and_render() -> None:
    items = [{"PK": _s(f), "SK": _s("X"), f: {"N": "-1"}} for f in FORMULAS]
    assert_neutralised(copy_text(items, CLIP_CSV, ("PK", "SK")))
    raw = item_export.render(items, item_export.CSV, ("PK", "SK"), csv_raw=True)
    assert {row[0] for row in parse(raw)[1:]} == set(FORMULAS)


# --------------------------------------------------------------------------- the export dialog


@pytest.fixture
def loop(qapp: Any) -> Iterator[asyncio.AbstractEventLoop]:
    import qasync

    event_loop = qasync.QEventLoop(qapp)
    asyncio.set_event_loop(event_loop)
    yield event_loop
    deadline = time.monotonic() + 5
    pending = [t for t in asyncio.all_tasks(event_loop) if not t.done()]
    for task in pending:
        task.cancel()
    while any(not t.done() for t in pending) and time.monotonic() < deadline:
        qapp.processEvents()
    for _ in range(3):
        qapp.processEvents()
    event_loop.close()
    asyncio.set_event_loop(None)


@pytest.mark.gui
@pytest.mark.parametrize("keep_raw", [False, True])
def test_export_dialog_says_so_and_offers_raw(qtbot: Any, loop: asyncio.AbstractEventLoop,
                                              tmp_path: Path, keep_raw: bool) -> None:
    from dynoview.ui.context import AppContext
    from dynoview.ui.transfer.export_dialog import ExportDialog

    ctx = AppContext()
    items = [{"PK": _s(f), "SK": _s("X")} for f in FORMULAS]
    dialog = ExportDialog(ctx, items, key_names=("PK", "SK"))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.csv_note.text() == NEUTRALISED_NOTE
    dialog.format.setCurrentIndex(dialog.format.findData(item_export.DDB_JSON))
    assert not dialog.csv_options.isEnabled()  # only CSV has formulas to neutralise
    dialog.format.setCurrentIndex(dialog.format.findData(item_export.CSV))
    assert dialog.csv_options.isEnabled() and not dialog.csv_raw.isChecked()  # safe by default
    dialog.csv_raw.setChecked(keep_raw)
    path = tmp_path / "result.csv"
    dialog.path.setText(str(path))
    try:
        with qtbot.waitSignal(dialog.finished_export, timeout=10000) as done:
            dialog.start()
        assert done.args[0] is not None and done.args[0].items == len(FORMULAS)
        firsts = {row[0] for row in parse(read(path))[1:]}
        assert firsts == (set(FORMULAS) if keep_raw else {neutralise(f) for f in FORMULAS})
    finally:
        ctx.tasks.shutdown()
