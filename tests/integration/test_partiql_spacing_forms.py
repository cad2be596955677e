"""PartiQL SELECTs in odd spacings and endings, judged by DynamoDB Local (AWS's own engine).

One rule everywhere: DynamoDB takes space, tab, LF, CR, VT and FF as whitespace and one ``;``
at the end. The read-only guard reads exactly the SELECTs DynamoDB accepts (a form feed before
SELECT included); the PartiQL tab and CLI (``partiql.prepare``) send a statement DynamoDB
accepts or say, at the statement, why not (a no-break space, ``;;``), never calling a harmless
SELECT a write; writes hidden after whitespace, comments or a second statement stay refused.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from botocore.exceptions import ClientError

from dynoview.core.errors import DynoViewError, ReadOnlyError
from dynoview.core.reads.partiql import StatementSpec, prepare
from dynoview.core.session.connection import Connection
from dynoview.core.session.operations import partiql_is_read
from tests.helpers import connect, seeded_accounts_copy

pytestmark = [pytest.mark.integration, pytest.mark.dynamodb_local]

Q = "SELECT email FROM \"{t}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'"
BODY = Q.removeprefix("SELECT ")

DYNAMODB_SPACES = {"space": " ", "tab": "\t", "lf": "\n", "cr": "\r", "vt": "\x0b", "ff": "\x0c"}
OTHER_SPACES = {"nbsp": "\u00a0", "line-separator": "\u2028", "ideographic": "\u3000",
                "em-space": "\u2003", "bom": "\ufeff", "zero-width": "\u200b", "nel": "\x85",
                "file-separator": "\x1c", "nul": "\x00"}

# (id, statement, accepted by DynamoDB): the table below is what DynamoDB Local answered.
FORMS: list[tuple[str, str, bool]] = [
    *[(f"before-{k}", w + Q, True) for k, w in DYNAMODB_SPACES.items()],
    *[(f"after-{k}", Q + w, True) for k, w in DYNAMODB_SPACES.items()],
    *[(f"inside-{k}", "SELECT" + w + BODY, True) for k, w in DYNAMODB_SPACES.items()],
    ("all-six-around", " \t\r\n\x0b\x0c" + Q + "\x0c\x0b\n\r\t ", True),
    ("one-semicolon", Q + ";", True),
    ("space-then-semicolon", Q + " ;", True),
    ("semicolon-then-ff", Q + ";\x0c\n", True),
    ("ff-in-parentheses", "\x0c(\x0b" + Q + "\x0c);", True),
    *[(f"before-{k}", w + Q, False) for k, w in OTHER_SPACES.items()],
    *[(f"after-{k}", Q + w, False) for k, w in OTHER_SPACES.items()],
    *[(f"inside-{k}", "SELECT" + w + BODY, False) for k, w in OTHER_SPACES.items()],
    ("two-semicolons", Q + ";;", False),
    ("three-semicolons", Q + ";;;", False),
    ("semicolon-space-semicolon", Q + "; ;", False),
    ("semicolon-ff-semicolon", Q + ";\x0c;", False),
    ("semicolon-nbsp", Q + ";\u00a0", False),
]
# Unicode spaces at the very ends: the tab and the CLI trim them (as they always have)
# and send the rest, which DynamoDB accepts.
TRIMMED_ENDS = {f"{where}-{k}" for where in ("before", "after")
                for k in ("nbsp", "line-separator", "ideographic", "em-space", "nel", "file-separator")
                } | {"semicolon-nbsp"}

# Writes dressed up: after DynamoDB's whitespace, a BOM, a comment or a first SELECT.
DELETE = "DELETE FROM \"{t}\" WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'"
HIDDEN_WRITES: list[tuple[str, str]] = [
    ("ff-before-delete", "\x0c" + DELETE),
    ("vt-parenthesis-delete", "\x0b(" + DELETE + ")"),
    ("bom-before-delete", "\ufeff" + DELETE),
    ("nbsp-before-delete", "\u00a0" + DELETE),
    ("comment-select-then-delete", "/* SELECT */ " + DELETE),
    ("line-comment-then-delete", "-- SELECT\n" + DELETE),
    ("select-ff-delete", Q + ";\x0c" + DELETE),
    ("select-nbsp-delete", Q + ";\u00a0" + DELETE),
    ("select-two-semicolons-delete", Q + ";;" + DELETE),
    ("select-semicolon-comment-delete", Q + "; /* x */ " + DELETE),
    ("select-zero-width-delete", Q + ";\u200b" + DELETE),
    ("select-then-update",
     Q + ";\nUPDATE \"{t}\" SET email = 'x' WHERE PK = 'ACCT#a1f9c3' AND SK = 'PROFILE'"),
    ("ff-insert", "\x0cINSERT INTO \"{t}\" VALUE {{'PK': 'x', 'SK': 'y'}}"),
]


@pytest.fixture(scope="module")
def writer(dynamodb_local_endpoint: str) -> Connection:
    return connect(dynamodb_local_endpoint)


@pytest.fixture(scope="module")
def table(writer: Connection) -> Iterator[str]:
    with seeded_accounts_copy(writer, prefix="spacing") as name:
        yield name


@pytest.fixture(scope="module")
def read_only(dynamodb_local_endpoint: str) -> Connection:
    return connect(dynamodb_local_endpoint, read_only=True)


def _dynamodb_accepts(conn: Connection, statement: str) -> bool:
    try:
        items = conn.client.execute_statement(Statement=statement)["Items"]
    except ClientError as exc:
        assert exc.response["Error"]["Code"] == "ValidationException", exc
        return False
    assert items == [{"email": {"S": "ada@lovelace.io"}}]
    return True


@pytest.mark.parametrize("form, accepted", [pytest.param(s, a, id=i) for i, s, a in FORMS])
def test_the_guard_reads_exactly_the_selects_dynamodb_accepts(
        writer: Connection, read_only: Connection, table: str, form: str, accepted: bool) -> None:
    statement = form.format(t=table)
    assert _dynamodb_accepts(writer, statement) is accepted  # the judge
    assert partiql_is_read(statement) is accepted
    if accepted:
        items = read_only.client.execute_statement(Statement=statement)["Items"]
        assert items == [{"email": {"S": "ada@lovelace.io"}}]
    else:
        with pytest.raises(ReadOnlyError) as refused:
            read_only.client.execute_statement(Statement=statement)
        # Said as DynamoDB's refusal of a malformed SELECT, never as a write or a comment.
        assert "DynamoDB" in refused.value.message, refused.value.message
        assert "writes" not in refused.value.message and "comment" not in refused.value.message


@pytest.mark.parametrize("form, accepted", [pytest.param(s, a, id=i) for i, s, a in FORMS])
def test_the_tab_sends_what_dynamodb_accepts_or_says_why_at_the_statement(
        writer: Connection, read_only: Connection, table: str, form: str, accepted: bool,
        request: pytest.FixtureRequest) -> None:
    statement = form.format(t=table)
    trimmed = request.node.callspec.id in TRIMMED_ENDS
    try:
        sent = prepare(StatementSpec(statement), read_only=True)["Statement"]
    except DynoViewError as exc:
        assert not accepted and not trimmed, exc.message
        assert exc.field == "statement"
        assert "so it was not sent" in exc.message and "DynamoDB" in exc.message
        assert "write" not in exc.message, exc.message
        return
    assert accepted or trimmed
    assert _dynamodb_accepts(writer, sent)
    assert read_only.client.execute_statement(Statement=sent)["Items"]


@pytest.mark.parametrize("form", [pytest.param(s, id=i) for i, s in HIDDEN_WRITES])
def test_writes_hidden_after_spaces_comments_or_a_first_select_are_refused(
        writer: Connection, read_only: Connection, table: str, form: str) -> None:
    statement = form.format(t=table)
    assert not partiql_is_read(statement)
    with pytest.raises(ReadOnlyError, match="This connection is read-only"):
        read_only.client.execute_statement(Statement=statement)
    with pytest.raises(ReadOnlyError, match="This connection is read-only"):
        read_only.client.execute_transaction(TransactStatements=[{"Statement": statement}])
    with pytest.raises(DynoViewError) as refused:
        prepare(StatementSpec(statement), read_only=False)
    assert refused.value.field == "statement"
    key = {"PK": {"S": "ACCT#a1f9c3"}, "SK": {"S": "PROFILE"}}
    assert writer.client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]["email"] == {
        "S": "ada@lovelace.io"}
