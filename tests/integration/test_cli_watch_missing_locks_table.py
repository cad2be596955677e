"""``dynoview watch --schema FILE`` whose file puts the locks in a table that does not exist names
that table as the missing locks table (with the table meant, when one is alike), not the
accounts table given with ``--table``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dynoview.cli import main
from dynoview.core.session.connection import Connection
from dynoview.core.uniqueness.schema_file import schema_to_text
from tests.integration.locks_table_seed import TwoTables, seeded_two_tables

pytestmark = pytest.mark.integration


@pytest.fixture
def two(conn: Connection) -> Iterator[TwoTables]:
    with seeded_two_tables(conn, streams=("NEW_AND_OLD_IMAGES", "NEW_AND_OLD_IMAGES")) as tables:
        yield tables


@pytest.mark.parametrize("wrong", ["upper", "zz-no-such-locks"])
def test_a_schema_files_missing_locks_table_is_named_as_the_locks_table(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, two: TwoTables, tmp_path: Path,
        wrong: str) -> None:
    name = two.uniques.upper() if wrong == "upper" else wrong
    text = schema_to_text(two.schema).replace(json.dumps(two.uniques), json.dumps(name))
    assert name in text
    schema = tmp_path / "schema.json"
    schema.write_text(text)
    code = main(["watch", "--endpoint-url", endpoint_url, "--table", two.users, "--schema", str(schema)])
    out = capsys.readouterr()
    assert (code, out.out) == (2, "")
    assert f"The locks table {name} does not exist on this connection." in out.err
    assert f"Table {two.users} does not exist" not in out.err
    assert (f"Did you mean {two.uniques}?" in out.err) == (wrong == "upper")
