"""A value the rule's normalisation empties ("   " trimmed) is no value, for the audit and the
preflight alike. The audit called the '' lock an orphan while the preflight said the account
of username " " held it and refused its release: repair released nothing, and the audit
found the same orphan after every run."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dynoview.core.audit.run import run_audit
from dynoview.core.preflight.check import run_preflight
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.templates import release_orphan_lock
from dynoview.core.uniqueness.findings import ORPHAN_LOCK
from dynoview.core.uniqueness.schema import NORMALISE_NFKC_CASEFOLD, NORMALISE_TRIM_LOWER, default_schema
from tests.helpers import account_key, empty_accounts_table, lock_key, s

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("normalisation", [NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD])
def test_the_lock_of_an_emptied_value_is_an_orphan_its_release_passes_and_clears_it(
        conn: Connection, normalisation: str) -> None:
    with empty_accounts_table(conn, "emptied") as name:
        conn.client.put_item(TableName=name, Item={**account_key("1"), "email": s("inci@x.io"),
                                                   "username": s("   ")})
        conn.client.put_item(TableName=name, Item=lock_key("EMAIL", "inci@x.io"))
        conn.client.put_item(TableName=name, Item=lock_key("HANDLE", ""))
        info = describe_table(conn, name)
        base = default_schema(info)
        schema = replace(base, rules=tuple(replace(r, normalisation=normalisation) for r in base.rules))
        reader = Reader(conn)
        before = run_audit(reader, info, schema, consistent=True).findings
        assert [(f.status, f.rule, f.value, list(f.account_ids)) for f in before] == \
            [(ORPHAN_LOCK, "username", "", [])]
        release = release_orphan_lock(schema, name, lock_key("HANDLE", ""))
        verdict = run_preflight(reader, release, schema, {name: info})
        assert not verdict.refused, [r.message for r in verdict.refusals]
        conn.client.delete_item(TableName=name, Key=lock_key("HANDLE", ""))  # as the release does
        assert run_audit(reader, info, schema, consistent=True).findings == []
