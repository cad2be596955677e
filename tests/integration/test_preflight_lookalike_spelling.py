"""The preflight warns of the lookalikes the lookalike key sees since it drops a redundant dot
above and tidies whitespace, on a seeded copy of the demo table over HTTP (moto and DynamoDB
Local): a sign-up of `` ada@lovelace.io`` or ``tİm@berners-lee.web`` beside the held value."""

from __future__ import annotations

import pytest

from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import describe_table
from dynoview.core.tx import templates
from dynoview.core.uniqueness.findings import LOOKALIKE_CLASH
from dynoview.core.uniqueness.schema import article_schema
from tests.helpers import account_key as _acct
from tests.helpers import s as _s

pytestmark = pytest.mark.integration

SCHEMA = article_schema(email_index="email-index")  # the demo's: email normalisation "none"


@pytest.mark.parametrize(("email", "held", "holder"), [
    (" ada@lovelace.io", "ada@lovelace.io", "ACCT#a1f9c3"),  # padded, where the rule does not trim
    ("t\u0130m@berners-lee.web", "tim@berners-lee.web", "ACCT#c9ea77"),  # İ folds to i + dot above
])
def test_a_signup_that_looks_like_a_held_email_is_a_lookalike_warning(
        reader: Reader, accounts_table: str, email: str, held: str, holder: str) -> None:
    tx = templates.sign_up(SCHEMA, accounts_table, {**_acct("look01"), "email": _s(email),
                                                    "username": _s("newcomer")})
    result = run_preflight(reader, tx, SCHEMA, {accounts_table: describe_table(reader.conn, accounts_table)})
    assert not result.refused and result.needs_confirmation
    (warning,) = result.warnings
    assert (warning.status, warning.rule, set(warning.forms)) == (LOOKALIKE_CLASH, "email", {email, held})
    assert holder in warning.message
