"""Every bad input is a sentence (exit 2 on the command line), never a traceback.

Request files in UTF-16, UTF-32 or Latin-1, JSON with a key given twice, repair state files
whose fields have the wrong type, endpoint URLs and regions no connection can use, a captive
portal answering HTML, stream durations that are not durations, and a table deleted while
the list of tables is read.
"""

from __future__ import annotations

import codecs
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main as cli_main
from dynoview.core.repair.report import RepairError
from dynoview.core.repair.state import STATE_FORMAT, RepairState
from dynoview.core.session.answers import NotDynamoDBError
from dynoview.core.session.connection import (
    Connection,
    ConnectionSpec,
    ConnectionSpecError,
    check_endpoint_url,
    check_region,
)
from dynoview.core.session.tables import describe_table, describe_tables
from dynoview.core.session.user_files import UserFileError, loads_user_json, read_user_json
from dynoview.core.tx.model import TransactionImportError, import_text, read_request_text
from tests.helpers import FAKE_KEYS, connect

pytestmark = pytest.mark.security

REQUEST = {"TransactItems": [{"Put": {"TableName": "accounts", "Item": {"PK": {"S": "UNIQ#EMAIL#a@x.io"},
                                                                       "SK": {"S": "LOCK"}},
                                      "ConditionExpression": "attribute_not_exists(PK)"}}]}


# ------------------------------------------------------------------------------ encodings


@pytest.mark.parametrize("encoding, named", [
    ("utf-16", "UTF-16 (little-endian, with a byte-order mark)"),
    ("utf-16-be", "UTF-16 (big-endian, without a byte-order mark)"),
    ("utf-16-le", "UTF-16 (little-endian, without a byte-order mark)"),
    ("utf-32", "UTF-32 (little-endian, with a byte-order mark)"),
])
def test_a_request_file_in_utf16_or_utf32_is_named(tmp_path: Path, encoding: str, named: str) -> None:
    path = tmp_path / "request.json"
    path.write_bytes(json.dumps(REQUEST).encode(encoding))
    with pytest.raises(TransactionImportError) as caught:
        read_request_text(path)
    message = caught.value.problems[0].message
    assert named in message and "Save it as UTF-8" in message and str(path) in message


def test_bytes_that_are_not_utf8_are_located(tmp_path: Path) -> None:
    path = tmp_path / "request.json"
    path.write_bytes('{\n  "TransactItems": ["é"]}'.encode("latin-1"))
    with pytest.raises(TransactionImportError, match=r"byte 0xe9 at line 2, column 22 is not UTF-8"):
        read_request_text(path)


def test_utf8_with_or_without_a_bom_is_read(tmp_path: Path) -> None:
    for prefix in (b"", codecs.BOM_UTF8):
        path = tmp_path / "request.json"
        path.write_bytes(prefix + json.dumps(REQUEST, ensure_ascii=False).encode("utf-8"))
        assert len(import_text(read_request_text(path)).actions) == 1


def test_missing_files_folders_and_binary_files_are_sentences(tmp_path: Path) -> None:
    with pytest.raises(TransactionImportError, match="does not exist: check the path"):
        read_request_text(tmp_path / "nope.json")
    with pytest.raises(TransactionImportError, match="is a folder"):
        read_request_text(tmp_path)
    (tmp_path / "bin").write_bytes(b"\x7fELF\x00\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09")
    with pytest.raises(TransactionImportError, match="NUL character"):
        read_request_text(tmp_path / "bin")


# ------------------------------------------------------------------------------ JSON


def test_two_condition_expressions_are_refused_with_their_path() -> None:
    text = ('{"TransactItems": [{"ConditionCheck": {"TableName": "t", "Key": {"PK": {"S": "a"}}, '
            '"ConditionExpression": "attribute_exists(PK)"}}, {"Put": {"TableName": "t", '
            '"Item": {"PK": {"S": "b"}}, "ConditionExpression": "attribute_not_exists(PK)", '
            '"ConditionExpression": "attribute_exists(PK)"}}]}')
    with pytest.raises(TransactionImportError) as caught:
        import_text(text)
    (problem,) = caught.value.problems
    assert problem.index == 1  # the second action
    assert "'ConditionExpression' twice" in problem.message
    assert "$.TransactItems[1].Put" in problem.message


def test_two_action_kinds_in_one_action_are_refused() -> None:
    """``{"Put": ..., "Put": ...}``: Python's json keeps the last one and the first is lost."""
    text = '[{"Put": {"TableName": "a", "Item": {"PK": {"S": "x"}}}, "Put": {"TableName": "b", "Item": {}}}]'
    with pytest.raises(TransactionImportError, match=r"'Put' twice in the same object \(\$\[0\]\)"):
        import_text(text)
    with pytest.raises(TransactionImportError, match="'TransactItems' twice"):
        import_text('{"TransactItems": [], "TransactItems": []}')


def test_strict_json_refuses_nan_and_names_keys_that_need_quoting() -> None:
    with pytest.raises(UserFileError, match="NaN is not a JSON number"):
        loads_user_json('{"N": NaN}')
    with pytest.raises(UserFileError, match=r'\$\["a b"\]\[0\]') as caught:
        loads_user_json('{"a b": [{"x": 1, "x": 2}]}')
    assert caught.value.path == '$["a b"][0].x'
    assert loads_user_json('{"a": {"b": [1, {"c": null}]}}') == {"a": {"b": [1, {"c": None}]}}


# ------------------------------------------------------------------------------ repair state


def _state(tmp_path: Path, **fields: Any) -> Path:
    entry = {"id": "f1", "kind": "orphan-lock", "status": "applied", "message": "done", "token": None,
             "request": None, "written": [], "time": "2025-01-01T00:00:00+00:00"}
    data: dict[str, Any] = {"format": STATE_FORMAT, "version": 1, "table": "accounts",
                            "report_sha256": "d1", "done": [entry]}
    for name, value in fields.items():
        if name.startswith("entry_"):
            entry[name[len("entry_"):]] = value
        else:
            data[name] = value
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("fields, where", [
    ({"done": 5}, "$.done is a number where a list belongs"),
    ({"done": ["x"]}, "$.done[0] is text where an object belongs"),
    ({"entry_id": 7}, "$.done[0].id is a number where text belongs"),
    ({"entry_token": ["t"]}, "$.done[0].token is a list where text or null belongs"),
    ({"entry_written": "PK"}, "$.done[0].written is text where a list of keys belongs"),
    ({"entry_written": [3]}, "$.done[0].written[0] is a number where a key"),
    ({"table": {"name": "accounts"}}, "$.table is an object where text belongs"),
])
def test_a_state_file_with_wrong_types_names_the_field(tmp_path: Path, fields: dict[str, Any],
                                                       where: str) -> None:
    path = _state(tmp_path, **fields)
    with pytest.raises(RepairError, match="is damaged") as caught:
        RepairState.open(path, "d1", "accounts")
    assert where in caught.value.message and "Move it away" in caught.value.message


def test_a_good_state_file_still_loads_and_a_utf16_one_is_named(tmp_path: Path) -> None:
    path = _state(tmp_path)
    assert list(RepairState.open(path, "d1", "accounts").done) == ["f1"]
    path.write_bytes(path.read_text().encode("utf-16"))
    with pytest.raises(RepairError, match="UTF-16"):
        RepairState.open(path, "d1", "accounts")
    assert read_user_json(_state(tmp_path)).get("table") == "accounts"


# ------------------------------------------------------------------------------ endpoints, regions


@pytest.mark.parametrize("url", ["notaurl", "localhost:8000", "ftp://host", "http://", "http://:80",
                                 "http://host:99999", "http://host:port", "http://ho st",
                                 "http://host/\n", "http://host/?a=1", "file:///etc/passwd"])
def test_endpoint_urls_that_are_not_urls_are_refused(url: str) -> None:
    with pytest.raises(ConnectionSpecError, match=r"write it as http://HOST:PORT"):
        check_endpoint_url(url)


@pytest.mark.parametrize("url", ["http://localhost:8000", "https://dynamodb.eu-west-1.amazonaws.com",
                                 "http://user:pass@127.0.0.1:8000", "http://[::1]:8000/", "HTTP://HOST"])
def test_real_endpoint_urls_pass(url: str) -> None:
    check_endpoint_url(url)


def test_regions_follow_the_aws_pattern() -> None:
    for region in ("us-east-1", "eu-west-2", "us-gov-west-1", "cn-north-1", "us-isob-east-1",
                   "eusc-de-east-1", "ap-southeast-4"):
        check_region(region)
    for region in ("../../etc", "us-east-1/..", "US-EAST-1", "useast1", "", "us east 1", "localhost"):
        with pytest.raises(ConnectionSpecError, match="is not an AWS region name"):
            check_region(region)
    check_region("localhost", endpoint_url="http://localhost:8000")  # DynamoDB Local takes any
    with pytest.raises(ConnectionSpecError):
        check_region("../../etc", endpoint_url="http://localhost:8000")


@pytest.mark.parametrize("flags, expected", [
    (["--endpoint-url", "notaurl"], "The endpoint URL 'notaurl' is not an http:// or https:// URL"),
    (["--region", "../../etc"], "The region '../../etc' is not an AWS region name"),
    (["--endpoint-url", "https://dynamodb.example.invalid", "--region", "../x"], "is not an AWS region name"),
])
def test_bad_connection_flags_are_a_sentence_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                        flags: list[str], expected: str) -> None:
    assert cli_main(["tables", *flags]) == 2
    err = capsys.readouterr().err
    assert expected in err and "Unexpected" not in err and "Traceback" not in err


def test_a_connection_refuses_a_bad_spec_before_making_any_client() -> None:
    with pytest.raises(ConnectionSpecError):
        Connection(ConnectionSpec(name="x", endpoint_url="notaurl"), credentials=FAKE_KEYS)
    with pytest.raises(ConnectionSpecError):
        Connection(ConnectionSpec(name="x", region="../../etc"), credentials=FAKE_KEYS)


# ------------------------------------------------------------------------------ captive portal


class _Portal(http.server.BaseHTTPRequestHandler):
    status = 200

    def do_POST(self) -> None:  # http.server calls it by this name
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        body = b"<!DOCTYPE html><html><body>Welcome to Hotel Wi-Fi. Log in.</body></html>"
        self.send_response(self.status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        if 300 <= self.status < 400:
            self.send_header("Location", "http://portal.example/login")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(params=[200, 302, 511])
def portal(request: pytest.FixtureRequest) -> Iterator[str]:
    handler = type("Portal", (_Portal,), {"status": request.param})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_captive_portal_is_said_as_such(portal: str, capsys: pytest.CaptureFixture[str]) -> None:
    conn = connect(portal)
    with pytest.raises(NotDynamoDBError, match="answered with HTML, not DynamoDB: a captive portal or"):
        describe_table(conn, "accounts")  # was KeyError: 'Table'
    with pytest.raises(NotDynamoDBError):
        conn.list_tables()  # was an empty list: an account with no tables
    with pytest.raises(NotDynamoDBError):
        conn.streams_client().list_streams()
    assert cli_main(["tables", "--endpoint-url", portal]) == 2
    err = capsys.readouterr().err
    assert "answered with HTML, not DynamoDB: a captive portal or a proxy?" in err
    assert "KeyError" not in err and "Unexpected" not in err


# ------------------------------------------------------------------------------ stream durations


@pytest.mark.parametrize("flags", [
    ["--poll-interval", "0"], ["--poll-interval=-5"], ["--poll-interval", "nan"],
    ["--poll-interval", "inf"], ["--poll-interval", "0.01"], ["--poll-interval", "soon"],
    ["--max-seconds", "nan"], ["--max-seconds", "0"], ["--max-seconds=-1"], ["--max-seconds", "inf"],
    ["--limit", "0"], ["--limit", "2.5"],
])
def test_stream_durations_are_checked_before_anything_runs(flags: list[str],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        cli_main(["stream", "--table", "t", "--follow", "--endpoint-url", "http://127.0.0.1:9", *flags])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "give a" in err and "Traceback" not in err


# ------------------------------------------------------------------------------ tables that vanish


def test_a_table_deleted_during_the_listing_is_skipped_with_a_note(
        moto_endpoint: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    conn = connect(moto_endpoint)
    names = [f"vanish-{i}" for i in range(5)]
    for name in names:
        conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                                 KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                                 AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}])

    def deleting(c: Connection, name: str) -> Any:
        if name == "vanish-2":
            c.client.delete_table(TableName=name)  # deleted between ListTables and DescribeTable
        return describe_table(c, name)

    try:
        listing = describe_tables(conn, names, describe=deleting)
        assert [t.name for t in listing.tables] == ["vanish-0", "vanish-1", "vanish-3", "vanish-4"]
        assert listing.vanished == ["vanish-2"]
        assert "1 table listed no longer exists (deleted while the list was read) and was skipped: " \
               "vanish-2." in listing.notes
        # The command: ListTables names a table DescribeTable no longer finds.
        real = Connection.list_tables
        monkeypatch.setattr(Connection, "list_tables", lambda self: [*real(self), "gone-meanwhile"])
        assert cli_main(["tables", "--endpoint-url", moto_endpoint, "--format", "json"]) == 0
        out = capsys.readouterr()
        listed = [t["name"] for t in json.loads(out.out)]
        assert "vanish-0" in listed and "gone-meanwhile" not in listed
        assert "no longer exists" in out.err and "gone-meanwhile" in out.err
    finally:
        for name in names:
            if name != "vanish-2":
                conn.client.delete_table(TableName=name)
