"""A table name typed almost right (``--table Accounts`` for ``accounts``, a letter short): the
"does not exist" sentence every command shares offers the table meant, from one ListTables
made on that error only; a name like no table's offers nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dynoview.cli import main
from dynoview.core.error_messages import similar_table
from dynoview.core.session.connection import Connection
from tests.helpers import empty_accounts_table

pytestmark = pytest.mark.integration


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def table(conn: Connection) -> Iterator[str]:
    with empty_accounts_table(conn, "suggest") as name:
        yield name


@pytest.mark.parametrize("command", [["audit"], ["export", "--format", "json"], ["stream"],
                                     ["diagnose", "--rule", "email", "ada@lovelace.io"]])
def test_a_table_name_in_the_wrong_case_offers_the_table_meant(
        capsys: pytest.CaptureFixture[str], endpoint_url: str, table: str,
        command: list[str]) -> None:
    wrong = table.upper()
    code, out, err = run(capsys, command[0], "--endpoint-url", endpoint_url, "--table", wrong,
                         *command[1:])
    assert (code, out) == (2, "")
    assert f"Table {wrong} does not exist at {endpoint_url}. Did you mean {table}? Check" in err
    assert "Traceback" not in err


def test_a_typo_offers_the_close_name(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                      table: str) -> None:
    typo = table[:-1]
    code, _, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", typo)
    assert code == 2
    assert f"Table {typo} does not exist at {endpoint_url}. Did you mean {table}?" in err


def test_a_name_like_no_table_offers_nothing(capsys: pytest.CaptureFixture[str], endpoint_url: str,
                                             table: str) -> None:
    code, _, err = run(capsys, "audit", "--endpoint-url", endpoint_url, "--table", "zz-nothing-alike")
    assert code == 2
    assert ("Table zz-nothing-alike does not exist at "
            f"{endpoint_url}. Check the table name, the region and the endpoint") in err
    assert "Did you mean" not in err


def test_only_one_likely_name_is_offered() -> None:
    assert similar_table("Accounts", ["accounts", "locks"]) == "accounts"
    assert similar_table("acounts", ["accounts", "locks"]) == "accounts"
    assert similar_table("aCCOUNTS", ["Accounts", "ACCOUNTS"]) is None  # two alike: no guess
    assert similar_table("accounts", ["accounts", "Accounts"]) is None  # it exists: another is missing
    assert similar_table("orders", ["accounts", "locks"]) is None
