"""A data file line that is not a DynamoDB JSON item stops the export audit with a sentence
naming the file and its real line: a line without ``Item`` (it was counted as an item and its
account left out, giving false orphan locks), a value of the wrong type ({"S": 5}, once read as
the text "5"), and a line that is not JSON (once named one line too late, with DuckDB's SQL)."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports, finding_keys
from dynoview.core.exports.lines import line_problem
from dynoview.core.exports.manifest import ExportError
from dynoview.core.exports.writer import Change, write_export
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import article_schema

NOW = datetime(2026, 6, 1, tzinfo=UTC)
SCHEMA = article_schema()
GOOD = '{"Item": {"PK": {"S": "ACCT#good"}, "SK": {"S": "PROFILE"}, "email": {"S": "good@x.io"}}}'


def _items(n: int = 6) -> list[dict[str, Any]]:
    accounts = [{"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}, "email": {"S": f"u{i}@x.io"}}
                for i in range(n)]
    locks = [{"PK": {"S": f"UNIQ#EMAIL#u{i}@x.io"}, "SK": {"S": "LOCK"}} for i in range(n)]
    return accounts + locks


def _data_file(folder: Path) -> tuple[Path, dict[str, Any]]:
    entry = json.loads((folder / "manifest-files.json").read_text().splitlines()[0])
    return folder / "data" / Path(entry["dataFileS3Key"]).name, entry


def _damage(folder: Path, index: int, line: str, *, replace: bool = True) -> str:
    """Put ``line`` at ``index`` of the (only) data file, checksums made to match, so only the
    line is wrong; returns the file as the export names it (data/<name>)."""
    path, entry = _data_file(folder)
    lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    if replace:
        lines[index] = line
    else:
        lines.insert(index, line)
        entry["itemCount"] += 1
    raw = gzip.compress(("\n".join(lines) + "\n").encode(), mtime=0)
    path.write_bytes(raw)
    entry["md5Checksum"] = base64.b64encode(hashlib.md5(raw).digest()).decode()
    entry.pop("etag", None)
    (folder / "manifest-files.json").write_text(json.dumps(entry) + "\n")
    (folder / "manifest-files.checksum").write_text(
        hashlib.md5((folder / "manifest-files.json").read_bytes()).hexdigest())
    summary = json.loads((folder / "manifest-summary.json").read_text())
    summary["itemCount"] = entry["itemCount"]
    (folder / "manifest-summary.json").write_text(json.dumps(summary))
    (folder / "manifest-summary.checksum").write_text(
        hashlib.md5((folder / "manifest-summary.json").read_bytes()).hexdigest())
    return f"data/{path.name}"


def _export(tmp_path: Path, n: int = 6) -> Path:
    return write_export(tmp_path / "exp", "accounts", _items(n), files=1, export_time=NOW.timestamp())


def _audit(folder: Path) -> Any:
    options = ExportAuditOptions(now=NOW, ttl_attribute="expiresAt")
    return audit_exports([str(folder)], SCHEMA, options=options)


def _assert_names_line(message: str, rel: str, line: int) -> None:
    assert f"line {line} of {rel} " in message, message
    assert "Nothing was audited" in message
    # No SQL and no DuckDB line number ("in line 3" for line 2) in the sentence.
    assert "LINE " not in message and "read_ndjson" not in message and "^" not in message
    assert "in line" not in message and "\n" not in message


NOT_ITEMS = {
    "not an item": ('{"Itemz": {"PK": {"S": "ACCT#x"}}}', 'has no "Item" (its fields: \'Itemz\')'),
    "Item null": ('{"Item": null}', 'its "Item" is null'),
    "S is a number": ('{"Item": {"PK": {"S": "ACCT#x"}, "SK": {"S": "PROFILE"}, "email": {"S": 5}}}',
                      "attribute 'email' in \"Item\" that is not DynamoDB JSON: S values are written as "
                      "a string in DynamoDB JSON; found a number"),
    "key S is a number": ('{"Item": {"PK": {"S": 12}, "SK": {"S": "PROFILE"}}}', "attribute 'PK'"),
    "key N is a number": ('{"Item": {"PK": {"N": 12}, "SK": {"S": "PROFILE"}}}', "attribute 'PK'"),
    "S is true": ('{"Item": {"PK": {"S": "ACCT#x"}, "SK": {"S": true}}}', "attribute 'SK'"),
    "S is an object": ('{"Item": {"PK": {"S": "ACCT#x"}, "SK": {"S": "PROFILE"}, '
                       '"email": {"S": {"a": 1}}}}', "attribute 'email'"),
    "TTL N is a number": ('{"Item": {"PK": {"S": "UNIQ#EMAIL#z@x.io"}, "SK": {"S": "LOCK"}, '
                          '"expiresAt": {"N": 1700000000}}}', "attribute 'expiresAt'"),
}
NOT_JSON = {
    "garbage": ("this is not json", "is not JSON (Expecting value at column 1)"),
    "truncated": ('{"Item": {"PK": {"S": "ACCT#x"}, "SK": {"S": "PROFILE"}', "is not JSON"),
    "array": ("[1, 2, 3]", "is a list, not a JSON object"),
}


@pytest.mark.parametrize("case", list(NOT_ITEMS))
def test_a_line_that_is_not_an_item_stops_the_audit_naming_it(tmp_path: Path, case: str) -> None:
    # Before: audited as an item that is not there (items_read 12, a false ORPHAN_LOCK for
    # u1@x.io), or with the number 5 read as the text "5" (a false MISSING_LOCK).
    line, said = NOT_ITEMS[case]
    folder = _export(tmp_path)
    rel = _damage(folder, 1, line)
    with pytest.raises(ExportError) as err:
        _audit(folder)
    message = err.value.message
    assert message.startswith("The export audit stopped: ")
    _assert_names_line(message, rel, 2)
    assert said in message and err.value.file == rel
    assert "passed its checksum" in message


@pytest.mark.parametrize("case", list(NOT_JSON))
@pytest.mark.parametrize("index", [0, 1, 7])
def test_a_line_that_is_not_json_is_named_at_its_own_line(tmp_path: Path, case: str, index: int) -> None:
    # Before: "at byte 1 in line 3" for line 2, then DuckDB's "LINE 13: FROM read_ndjson([..." and carets.
    line, said = NOT_JSON[case]
    folder = _export(tmp_path)
    rel = _damage(folder, index, line)
    with pytest.raises(ExportError) as err:
        _audit(folder)
    message = err.value.message
    assert message.startswith("DuckDB could not read the export: ")
    _assert_names_line(message, rel, index + 1)
    assert said in message and err.value.file == rel


def test_the_cli_exits_2_naming_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _export(tmp_path)
    rel = _damage(folder, 3, NOT_ITEMS["not an item"][0])
    code = main(["audit", "--export", str(folder)])
    out = capsys.readouterr()
    assert (code, out.out) == (2, ""), out.err
    assert f"line 4 of {rel} has no \"Item\"" in out.err and "ORPHAN_LOCK" not in out.err
    _damage(folder, 3, "this is not json")
    code = main(["audit", "--export", str(folder)])
    out = capsys.readouterr()
    assert (code, out.out) == (2, "")
    assert f"line 4 of {rel} is not JSON" in out.err and "LINE " not in out.err


def test_the_first_bad_line_of_many_is_named(tmp_path: Path) -> None:
    folder = _export(tmp_path, 40)
    _damage(folder, 30, '{"Item": {"PK": {"S": "ACCT#x"}, "email": {"S": 7}}}')
    rel = _damage(folder, 9, '{"Keys": {"PK": {"S": "ACCT#y"}}}')
    with pytest.raises(ExportError) as err:
        _audit(folder)
    _assert_names_line(err.value.message, rel, 10)


def test_values_of_every_other_type_and_escaped_text_are_still_read(tmp_path: Path) -> None:
    # The members are now read as JSON: text with escapes, non-ASCII and quotes reads as before,
    # and attributes of other types (no S, N or B) are no value, as they were.
    items = [
        *_items(3),
        {"PK": {"S": 'ACCT#q"\\\u00e9'}, "SK": {"S": "PROFILE"}, "email": {"S": 'q"\\\u00e9@x.io'}},
        {"PK": {"S": "ACCT#b"}, "SK": {"S": "PROFILE"}, "email": {"BOOL": True}},
        {"PK": {"S": "ACCT#l"}, "SK": {"S": "PROFILE"}, "email": {"L": [{"S": "l@x.io"}]}},
        {"PK": {"S": "ACCT#n"}, "SK": {"S": "PROFILE"}, "email": {"NULL": True}},
        {"PK": {"S": "ACCT#num"}, "SK": {"S": "PROFILE"}, "email": {"N": "42"}},
        {"PK": {"N": "17"}, "SK": {"S": "x"}}, {"PK": {"B": b"\x00\x01"}, "SK": {"S": "y"}},
        {"PK": {"S": "UNIQ#EMAIL#gone@x.io"}, "SK": {"S": "LOCK"}, "expiresAt": {"N": "1700000000"}},
    ]
    folder = write_export(tmp_path / "exp", "accounts", items, files=2, export_time=NOW.timestamp())
    result = _audit(folder)
    assert result.result.items_read == len(items)
    # The live audit's rules on the same items (Pairing) give the same findings.
    assert finding_keys(result.result.findings) == finding_keys(
        classify(items, SCHEMA, "expiresAt", NOW).findings())
    assert {f.value for f in result.result.findings} >= {"42", 'q"\\\u00e9@x.io', "gone@x.io"}


def test_incremental_lines_need_keys_and_deletes_are_fine(tmp_path: Path) -> None:
    full = write_export(tmp_path / "full", "accounts", _items(3), files=1,
                        export_time=NOW.timestamp() - 7200)
    acct = _items(3)[0]
    changes = [Change({"PK": acct["PK"], "SK": acct["SK"]}, None, acct, written_at=NOW.timestamp() - 3000)]
    incr = write_export(tmp_path / "incr", "accounts", changes=changes, files=1,
                        export_time=NOW.timestamp() - 60, from_time=NOW.timestamp() - 7200)
    sound = audit_exports([str(full), str(incr)], SCHEMA, options=ExportAuditOptions(now=NOW))
    assert [(f.status, f.value) for f in sound.result.findings] == [("ORPHAN_LOCK", "u0@x.io")]
    rel = _damage(incr, 0, '{"Metadata": {"WriteTimestampMicros": {"N": "1"}}, '
                           '"NewImage": {"PK": {"S": "ACCT#9"}}}', replace=False)
    with pytest.raises(ExportError) as err:
        audit_exports([str(full), str(incr)], SCHEMA, options=ExportAuditOptions(now=NOW))
    _assert_names_line(err.value.message, rel, 1)
    assert 'has no "Keys"' in err.value.message


def test_line_problem_words() -> None:
    assert line_problem(GOOD, False) is None
    assert line_problem('{"Item": {"PK": {"S": "a"}}}', True) is not None  # no Keys
    assert line_problem('{"Item": {"PK": {"S": "a"}, "n": {"N": "1e999x"}}}', False) == (
        "has an attribute 'n' in \"Item\" that is not DynamoDB JSON: '1e999x' is not a number; write "
        "decimal digits with an optional sign, decimal point and exponent, such as -12.5 or 3E+7")
    assert line_problem('{"Item": {"PK": "a"}}', False) == (
        "has an attribute 'PK' in \"Item\" that is not DynamoDB JSON: Expected a typed value such as "
        '{"S": "text"}; found a string')
    assert line_problem('{"Item": {"PK": {"S": NaN}}}', False) == "is not JSON (NaN is not a JSON value)"
    assert line_problem('"text"', False) == "is a string, not a JSON object"
