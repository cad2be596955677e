"""Read-only, beyond the connection's own client (tests/integration/test_read_only.py covers that):
clients made from the session after connecting, the audit's dedicated client, the transaction
path, the headless command, the Streams client and PartiQL statements dressed up to look like
reads (a comment is refused, never stripped). The proof is always a loopback socket that counts
connections: it must see none.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from botocore.config import Config
from hypothesis import given, settings
from hypothesis import strategies as st

from dynoview.cli import main as cli_main
from dynoview.core.audit.run import fast_reader
from dynoview.core.errors import ReadOnlyError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection, ConnectionSpec
from dynoview.core.session.operations import partiql_is_read
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.templates import sign_up
from dynoview.core.uniqueness.schema import article_schema
from tests.integration.test_read_only import CountingListener, sample, write_operations

pytestmark = [pytest.mark.security, pytest.mark.integration]
KEYS = {"aws_access_key_id": "k", "aws_secret_access_key": "s"}


@pytest.fixture
def listener() -> Iterator[CountingListener]:
    lst = CountingListener()
    yield lst
    lst.close()


@pytest.fixture
def ro(listener: CountingListener) -> Connection:
    return Connection(ConnectionSpec(name="ro", endpoint_url=listener.url, region="us-east-1",
                                     read_only=True), credentials=KEYS)


WRITES: list[tuple[str, dict[str, Any]]] = [
    ("put_item", {"TableName": "accounts", "Item": {"PK": {"S": "a"}, "SK": {"S": "b"}}}),
    ("transact_write_items", {"TransactItems": [{"Put": {"TableName": "accounts", "Item": {
        "PK": {"S": "a"}, "SK": {"S": "b"}}}}], "ClientRequestToken": "t-1"}),
    ("delete_table", {"TableName": "accounts"}),
    ("update_table", {"TableName": "accounts", "BillingMode": "PAY_PER_REQUEST"}),
    ("execute_statement", {"Statement": "INSERT INTO accounts VALUE {'PK': 'a', 'SK': 'b'}"}),
    ("execute_statement", {"Statement": "/* only a read */ SELECT * FROM accounts"}),
    ("execute_statement", {"Statement": "SELECT * FROM accounts -- look, a read"}),
    ("batch_execute_statement", {"Statements": [{"Statement": "SELECT * FROM accounts --\n"}]}),
    ("execute_transaction", {"TransactStatements": [
        {"Statement": "-- SELECT\nDELETE FROM accounts WHERE PK = 'a'"}]}),
]


@pytest.mark.parametrize("make", [
    pytest.param(lambda c: c.session.client("dynamodb", region_name="us-east-1",
                                            endpoint_url=c.spec.endpoint_url), id="session.client"),
    pytest.param(lambda c: c.new_client(), id="new_client"),
])
@pytest.mark.parametrize("call, params", WRITES, ids=[f"{c}-{i}" for i, (c, _) in enumerate(WRITES)])
def test_a_client_made_from_the_session_later_refuses_writes(
        ro: Connection, listener: CountingListener, make: Callable[[Connection], Any], call: str,
        params: dict[str, Any]) -> None:
    """Read-only is on the session's events: a client made after connecting, by the app's
    factory or straight from the session, refuses before anything is sent."""
    client = make(ro)
    assert client is not ro.client
    with pytest.raises(ReadOnlyError, match="read-only"):
        getattr(client, call)(**params)
    assert listener.accepted == 0


def test_a_commented_select_is_refused_and_says_why(ro: Connection, listener: CountingListener) -> None:
    with pytest.raises(ReadOnlyError, match=r"has a comment .* Remove the comments"):
        ro.client.execute_statement(Statement="SELECT * FROM accounts /* nothing to see */")
    assert listener.accepted == 0


def test_a_plain_select_still_reaches_the_endpoint(ro: Connection, listener: CountingListener) -> None:
    """The guard is not a blanket refusal: a read goes out (the counting socket answers
    nothing, so the call fails on the wire, after the guard let it through)."""
    client = ro.new_client(config=Config(retries={"total_max_attempts": 1}, read_timeout=1,
                                         connect_timeout=1))
    with pytest.raises(Exception) as caught:
        client.execute_statement(Statement="SELECT * FROM accounts WHERE PK = 'a--b'")
    assert not isinstance(caught.value, ReadOnlyError)
    assert listener.accepted >= 1


DYNOVIEW = Path(__file__).resolve().parents[2] / "dynoview"


def _client_calls(path: Path) -> Iterator[tuple[int, str]]:
    """``boto3.client(...)`` anywhere, and ``X.client("dynamodb"...)`` (any DynamoDB service)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "client"):
            continue
        target = node.func.value
        first = node.args[0] if node.args else None
        service = first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else ""
        if (isinstance(target, ast.Name) and target.id == "boto3") or service.startswith("dynamodb"):
            yield node.lineno, ast.unparse(node)[:80]


def test_every_dynamodb_client_is_made_by_the_connection() -> None:
    """One client factory for the app (``Connection``), so the session's read-only guard is
    on every DynamoDB client: no module but connection.py makes one."""
    found = [f"{path.relative_to(DYNOVIEW.parent)}:{line}: {text}"
             for path in sorted(DYNOVIEW.rglob("*.py")) if path.name != "connection.py"
             for line, text in _client_calls(path)]
    assert found == []


def test_the_audit_client_refuses_every_write_too(ro: Connection, listener: CountingListener) -> None:
    client = fast_reader(Reader(ro)).conn.client
    assert client is not ro.client
    model = client.meta.service_model
    methods = {api: method for method, api in client.meta.method_to_api_mapping.items()}
    ops = write_operations(ro)
    assert len(ops) > 20
    for op in ops:
        with pytest.raises(ReadOnlyError, match="read-only"):
            getattr(client, methods[op])(**(sample(model.operation_model(op).input_shape) or {}))
    assert listener.accepted == 0


def test_transactions_are_refused_before_anything_else(ro: Connection, listener: CountingListener,
                                                       tmp_path: Path) -> None:
    tx = sign_up(article_schema(), "accounts", {"PK": {"S": "ACCT#x"}, "SK": {"S": "PROFILE"},
                                                "email": {"S": "x@x.io"}, "username": {"S": "x"}})
    for confirmation in (True, "accounts", None):
        with pytest.raises(ReadOnlyError, match="read-only"):
            execute_transaction(ro, tx, confirmation=confirmation)
    request = tmp_path / "tx.json"
    request.write_text(json.dumps(tx.to_request(), default=str))
    code = cli_main(["transact", str(request), "--endpoint-url", ro.spec.endpoint_url or "",
                     "--read-only", "--yes"])
    assert code != 0
    assert listener.accepted == 0


def test_streams_api_has_no_write_operation(ro: Connection) -> None:
    streams = ro.streams_client()
    assert all(op.startswith(("Describe", "Get", "List"))
               for op in streams.meta.service_model.operation_names)


DRESSED_UP = [
    "/* SELECT */ DELETE FROM t WHERE PK = 'a'",
    "-- SELECT * FROM t\nDELETE FROM t WHERE PK = 'a'",
    "\ufeffDELETE FROM t WHERE PK = 'a'",
    "selectx DELETE",
    "SELECTED",
    "(INSERT INTO t VALUE {'PK': 'a'})",
    "  \n\tupdate t SET x = 1 WHERE PK = 'a'",
    "/* unterminated SELECT",
    "EXISTS(SELECT * FROM t WHERE PK = 'a')",
    "SELECT * FROM t; DELETE FROM t WHERE PK = 'a'",
    "SELECT * FROM t WHERE PK = 'a' -- harmless?",
    "",
]


@pytest.mark.parametrize("statement", DRESSED_UP)
def test_dressed_up_partiql_writes_are_refused(ro: Connection, listener: CountingListener,
                                               statement: str) -> None:
    with pytest.raises(ReadOnlyError):
        ro.client.execute_statement(Statement=statement or " ")
    with pytest.raises(ReadOnlyError):
        ro.client.batch_execute_statement(Statements=[{"Statement": "SELECT * FROM t"},
                                                      {"Statement": statement or " "}])
    assert listener.accepted == 0


JUNK = st.lists(st.sampled_from([" ", "\n", "\t", "(", "/* SELECT */", "-- SELECT\n", "/**/", "\ufeff"]),
                max_size=6).map("".join)
COMMENTS = st.sampled_from(["/**/", "/* SELECT */", "-- x\n", "--", "/* unterminated"])
WRITES = st.sampled_from(["INSERT INTO t VALUE {'a': 1}", "UPDATE t SET a = 1", "DELETE FROM t",
                          "delete from t", "UpSeRt t", "REPLACE INTO t VALUE {}", "EXISTS(SELECT 1)"])


@settings(max_examples=200, deadline=None)
@given(JUNK, WRITES, st.text(max_size=20))
def test_no_prefix_makes_a_write_look_like_a_read(junk: str, write: str, tail: str) -> None:
    assert not partiql_is_read(junk + write + tail)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=10).filter(lambda t: not set(t) & set("'\"`")), COMMENTS, st.text(max_size=10))
def test_any_comment_outside_quotes_makes_a_select_not_a_read(before: str, comment: str,
                                                             after: str) -> None:
    """Outside strings, quoted names and backtick (Ion) literals: inside one, ``--`` is part of
    the value (tests/unit/core/session/test_partiql_backtick_literals.py)."""
    assert not partiql_is_read("SELECT * FROM t " + before + comment + after)


# ------------------------------------------------------------------ PartiQL: ASCII SELECT only

HOMOGLYPHS = [
    "ſelect * FROM accounts",  # U+017F LATIN SMALL LETTER LONG S: "ſ".upper() == "S"
    "ſELECT * FROM accounts",
    "SELEC\u0422 * FROM accounts",  # Cyrillic Te
    "\u0405ELECT * FROM accounts",  # Cyrillic Dze
    "SEL\u0395CT * FROM accounts",  # Greek Epsilon
    "\uff33\uff25\uff2c\uff25\uff23\uff34 * FROM accounts",  # fullwidth
    "SELECT\u017f * FROM accounts",
    "(\u2028SELECT * FROM accounts)",
]


@pytest.mark.parametrize("statement", HOMOGLYPHS)
def test_a_select_spelled_with_other_letters_is_refused(ro: Connection, listener: CountingListener,
                                                       statement: str) -> None:
    from dynoview.core.reads.partiql_statements import is_select

    assert not partiql_is_read(statement) and not is_select(statement)
    with pytest.raises(ReadOnlyError):
        ro.client.execute_statement(Statement=statement)
    assert listener.accepted == 0


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=5), st.characters(min_codepoint=128))
def test_no_letter_outside_ascii_makes_a_select(position: int, letter: str) -> None:
    word = "SELECT"
    assert not partiql_is_read(word[:position] + letter + word[position + 1:] + " * FROM t")


def test_the_editor_takes_select_after_comments_and_whitespace_and_the_wire_takes_none() -> None:
    """``is_select`` (the PartiQL tab, which strips comments before sending) reads the tokens
    after comments and whitespace; the session's guard refuses any comment on the wire."""
    from dynoview.core.reads.partiql_statements import is_select, strip_comments

    for statement in ("/* note */ SELECT * FROM t", "-- why\n  (SELECT * FROM t)", "\t\nselect a FROM t"):
        assert is_select(statement)
        assert partiql_is_read(strip_comments(statement))
    for statement in ("/* note */ ſelect * FROM t", "-- SELECT\nDELETE FROM t", "/* SELECT */"):
        assert not is_select(statement)
    assert not partiql_is_read("/* note */ SELECT * FROM t")
    # A space outside ASCII: the tab trims it off the ends before sending; raw, the wire refuses it.
    assert strip_comments("\u00a0SELECT * FROM t") == "SELECT * FROM t"
    assert not partiql_is_read("\u00a0SELECT * FROM t")


# ------------------------------------------------------------------ the export audit on Athena


@pytest.mark.parametrize("read_only", [["--read-only"], ["--production"], ["--profile", "payments-prod"]],
                         ids=["read-only", "production", "production-profile"])
def test_an_athena_audit_on_a_read_only_session_is_refused_before_anything_is_sent(
        listener: CountingListener, capsys: pytest.CaptureFixture[str], read_only: list[str],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It would create Glue tables and write S3 objects: refused with a sentence saying so,
    before any client is made (not even the manifests are read). A production connection
    (--production, or a profile the settings mark production) is read-only here too: it had
    sent six Athena queries, CREATE TABLE and DROP TABLE among them."""
    from dynoview.core.session import profile

    monkeypatch.setattr(profile, "config_dir", lambda _profile=None: tmp_path)
    (tmp_path / "settings.ini").write_text("[production]\nprofile_patterns=*-prod\n")
    (tmp_path / "config").write_text("[profile payments-prod]\nregion = us-east-1\n"
                                     "aws_access_key_id = AKIAPRODPROFILE00001\n"
                                     "aws_secret_access_key = prod-secret-key-000000000000000000000\n")
    monkeypatch.setenv("AWS_CONFIG_FILE", str(tmp_path / "config"))
    code = cli_main(["audit", "--export", "s3://exports/AWSDynamoDB/", "--athena-output",
                     "s3://results/dynoview/", *read_only, "--s3-endpoint-url", listener.url,
                     "--athena-endpoint-url", listener.url])
    err = capsys.readouterr().err
    assert code == 2
    assert "read-only, and an audit on Athena writes: it would create the Glue tables" in err
    assert "CREATE TABLE AS, writing Parquet files under s3://results/dynoview/dynoview-" in err
    assert "Nothing was sent" in err and "--athena-output" in err
    assert ("leave out --read-only" in err) is (read_only == ["--read-only"])
    assert listener.accepted == 0


def test_the_core_refuses_athena_on_read_only_and_its_clients_refuse_writes(
        listener: CountingListener) -> None:
    from dynoview.core.exports.athena import AthenaSettings
    from dynoview.core.exports.audit import ExportAuditOptions, audit_exports, aws_clients

    class Untouchable:
        def __getattr__(self, name: str) -> Any:
            raise AssertionError(f"{name} was called on a read-only session")

    options = ExportAuditOptions(athena=AthenaSettings("s3://results/x/"), read_only=True)
    with pytest.raises(ReadOnlyError, match="would create the Glue tables"):
        audit_exports(["s3://exports/a/"], article_schema(), options=options, s3_client=Untouchable(),
                      athena_client=Untouchable())
    s3, athena = aws_clients(s3_endpoint_url=listener.url, athena_endpoint_url=listener.url,
                             athena=True, read_only=True)
    with pytest.raises(ReadOnlyError, match="Athena StartQueryExecution writes"):
        athena.start_query_execution(QueryString="SELECT 1", ResultConfiguration={
            "OutputLocation": "s3://results/x/"})
    with pytest.raises(ReadOnlyError, match="S3 PutObject writes"):
        s3.put_object(Bucket="results", Key="x", Body=b"x")
    with pytest.raises(ReadOnlyError):
        s3.delete_object(Bucket="results", Key="x")
    assert listener.accepted == 0
