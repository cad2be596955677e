""""Did you mean" looks past ListTables' first page: a name typed in the wrong case sorts (or,
on moto, was made) far from the table meant, and DynamoDB lists 100 names a page. The names are
paged through up to ``SUGGESTION_NAMES``; a cap this test lowers to one page shows it holds."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.session.table_suggestion import SUGGESTION_NAMES, table_names_for_suggestion
from tests.helpers import connect

pytestmark = pytest.mark.integration

PAGE = 100  # the names a ListTables page holds (DynamoDB's and both engines' default)


def _create(conn: Connection, name: str) -> None:
    conn.client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                             KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
                             AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}])


@pytest.fixture(scope="module")
def far_table(endpoint_url: str) -> Iterator[str]:
    """A table listed after a full first page: 100 others made before it (moto lists in the
    order made) whose names sort before it (DynamoDB Local lists by name)."""
    conn = connect(endpoint_url)
    run = uuid.uuid4().hex[:8]
    made = [f"aaa-filler-{run}-{n:03d}" for n in range(PAGE)] + [f"zz-far-{run}"]
    try:
        for name in made:
            _create(conn, name)
        yield made[-1]
    finally:
        for name in made:
            conn.client.delete_table(TableName=name)


def test_a_wrong_case_name_past_the_first_page_offers_the_table_meant(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, far_table: str) -> None:
    first_page = connect(endpoint_url).client.list_tables()
    assert far_table not in first_page["TableNames"] and "LastEvaluatedTableName" in first_page
    wrong = far_table.upper()
    code = main(["audit", "--endpoint-url", endpoint_url, "--table", wrong])
    err = capsys.readouterr().err
    assert code == 2
    assert f"Table {wrong} does not exist at {endpoint_url}. Did you mean {far_table}?" in err


def test_the_names_read_stop_at_the_cap(endpoint_url: str, far_table: str) -> None:
    conn = connect(endpoint_url)
    assert far_table in table_names_for_suggestion(conn)
    assert len(table_names_for_suggestion(conn)) <= SUGGESTION_NAMES
    one_page = table_names_for_suggestion(conn, limit=PAGE)
    assert len(one_page) == PAGE and far_table not in one_page
