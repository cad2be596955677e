"""`dynoview partiql --page-size` out of its range (0, negative, past DynamoDB's 10,000 Limit) or
not a number: refused as the arguments are read, naming the flag and the range it allows,
before any connection (exit 2). test_cli_bad_inputs.py checks 0 beside other flags' limits;
here are the page size's other careless values."""

from __future__ import annotations

import pytest

from dynoview.cli import main

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(("given", "why"), [("0", "'0' was given"), ("-5", "'-5' was given"),
                                            ("10001", "'10001' was given"), ("ten", "'ten' is not one"),
                                            ("2.5", "'2.5' is not one")])
def test_a_page_size_out_of_range_names_the_flag_and_its_range(
        capsys: pytest.CaptureFixture[str], given: str, why: str) -> None:
    with pytest.raises(SystemExit) as caught:
        # Nothing listens on port 9: a refusal that got as far as connecting would say so instead.
        main(["partiql", "SELECT * FROM accounts", "--page-size", given,
              "--endpoint-url", "http://127.0.0.1:9"])
    assert caught.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"argument --page-size: give a whole number from 1 to 10,000; {why}." in captured.err
