"""``preflight.warnings`` for the lookalikes the lookalike key sees since it drops a redundant dot
above and tidies whitespace: a sign-up of ``İstanbul`` or `` ada@x.io`` beside the held value."""

from __future__ import annotations

from typing import Any, cast

from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.tx import templates
from dynoview.core.uniqueness.findings import LOOKALIKE_CLASH
from tests.unit.core.preflight.stub_reader import ADA, SCHEMA, TABLE, StubReader, acct, lock, table_info


def _warnings(items: list[dict[str, Any]], email: str) -> list[Any]:
    tx = templates.sign_up(SCHEMA, TABLE, acct("n1", email, "newcomer"))
    result = run_preflight(cast(Reader, StubReader(items)), tx, SCHEMA, {TABLE: table_info()})
    assert not result.refused
    return list(result.warnings)


def test_a_padded_signup_beside_the_held_value_is_a_lookalike_warning() -> None:
    (warning,) = _warnings(ADA, " ada@x.io")  # the demo's email rule does not trim
    assert (warning.status, warning.rule, set(warning.forms)) == (LOOKALIKE_CLASH, "email",
                                                                  {" ada@x.io", "ada@x.io"})
    assert "ACCT#a1" in warning.message and "impersonate" in warning.message


def test_a_dotted_capital_i_beside_the_held_value_is_a_lookalike_warning() -> None:
    # "tİm" case-folds to "ti̇m"; its skeleton without the dot is "tirn" (m -> rn): the held
    # "tim" is found by the ASCII respelling, which drops the dot too.
    tim = [acct("t1", "tim@x.io", "tim"), lock("EMAIL", "tim@x.io"), lock("HANDLE", "tim")]
    (warning,) = _warnings(tim, "t\u0130m@x.io")
    assert (warning.status, set(warning.forms)) == (LOOKALIKE_CLASH, {"t\u0130m@x.io", "tim@x.io"})
    assert "ACCT#t1" in warning.message
