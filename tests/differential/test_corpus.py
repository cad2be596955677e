"""The differential corpus: DynamoDB Local still judges every request as recorded, and
DynoView's validator (what ``transact --dry-run`` and the builder run) agrees with each
verdict: an error from the validator if and only if DynamoDB refuses the request as invalid.

The agreement half runs without an engine (the case tables' descriptions are built from
their CreateTable specs); the live half needs DynamoDB Local (tests/conftest.py).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from dynoview.core.session.connection import Connection
from tests.differential import harness
from tests.differential.record import CORPUS, load_corpus
from tests.helpers import connect

ENTRIES = load_corpus()
IDS = [e["id"] for e in ENTRIES]
OFFLINE = harness.offline_schemas()


def test_corpus_has_every_category_and_a_verdict_for_each_request() -> None:
    assert len(ENTRIES) >= 300
    assert len(set(IDS)) == len(IDS)
    per = Counter(e["category"] for e in ENTRIES)
    assert set(per) == {"table", "key", "key-update", "index-keys", "operand-types", "distinct-operands",
                        "update-paths", "item-dependent", "syntax", "functions", "empty-expression",
                        "placeholders", "values", "item-identity", "limits", "valid", "external",
                        "documented"}
    for entry in ENTRIES:
        assert entry["id"].startswith(entry["category"] + "/")
        assert entry["local"]["outcome"] in {*harness.REFUSALS, harness.ACCEPTED, harness.CONDITIONAL}
        if "service" in entry:
            assert entry["service"]["why"]
    # Both verdicts occur in numbers: a corpus of refusals only would reward a validator that
    # refuses everything.
    refused = sum(harness.expected_refused(e) for e in ENTRIES)
    assert 0.3 < refused / len(ENTRIES) < 0.8


def test_item_dependent_refusals_are_accepted_with_a_seeded_item() -> None:
    """Each refusal marked item-dependent has a twin: the same request, accepted once the
    item holds what the expression reads. So the refusal is not a rule a validator could apply."""
    accepted = {json.dumps(e["request"], sort_keys=True) for e in ENTRIES
                if e.get("seed") and e["local"]["outcome"] in (harness.ACCEPTED, harness.CONDITIONAL)}
    marked = [e for e in ENTRIES if e.get("item_dependent")]
    assert marked
    for entry in marked:
        assert entry["local"]["outcome"] in harness.REFUSALS, entry["id"]
        assert json.dumps(entry["request"], sort_keys=True) in accepted, entry["id"]


def _verdict(entry: dict[str, Any]) -> str:
    local = entry["local"]
    text = f"{local['outcome']}: {harness.short(local['message'], 200)}"
    if "service" in entry:
        text += f" (the service: {entry['service']['outcome']}; {entry['service']['why']})"
    return text


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_validator_agrees_with_dynamodb(entry: dict[str, Any]) -> None:
    request = harness.expand(entry["request"])
    errors = [p for p in harness.dynoview_problems(request, OFFLINE) if p.is_error]
    if harness.expected_refused(entry):
        assert errors, f"DynamoDB refuses this request ({_verdict(entry)}) but the validator accepts it"
    else:
        assert not errors, (f"DynamoDB accepts this request ({_verdict(entry)}) but the validator "
                            f"refuses it: {[f'{p.location()}: {p.message}' for p in errors]}")


# -- live: DynamoDB Local still answers as recorded ---------------------------------------------

@pytest.fixture(scope="module")
def local_conn(dynamodb_local_endpoint: str) -> Connection:
    return connect(dynamodb_local_endpoint, config=harness.engine_client_config())


@pytest.fixture(scope="module")
def runner(local_conn: Connection) -> Iterator[harness.Runner]:
    yield harness.Runner(local_conn)
    for name in harness.CORPUS_TABLES:
        local_conn.client.delete_table(TableName=name)


@pytest.mark.dynamodb_local
@pytest.mark.integration
@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_dynamodb_local_judges_as_recorded(runner: harness.Runner, entry: dict[str, Any]) -> None:
    outcome = runner.run(entry)
    recorded = entry["local"]
    same = outcome.outcome == recorded["outcome"] and harness.same_message(outcome.message,
                                                                           recorded["message"])
    assert same, (
        f"DynamoDB Local now answers {outcome.outcome}: {outcome.message!r}; {CORPUS.name} recorded "
        f"{_verdict(entry)}. Re-record with tests/differential/record.py if the engine changed.")


@pytest.mark.dynamodb_local
@pytest.mark.integration
def test_described_tables_are_the_offline_ones(runner: harness.Runner, local_conn: Connection) -> None:
    """What the dry-run reads with DescribeTable is what the agreement test assumes."""
    schemas = harness.schemas_for(local_conn)
    assert schemas.missing == {harness.MISSING}
    for name in harness.CORPUS_TABLES:
        live, info = schemas.infos[name], OFFLINE.infos[name]
        assert (live.partition_key, live.sort_key) == (info.partition_key, info.sort_key)
        assert {(i.name, i.kind, i.partition_key, i.sort_key) for i in live.indexes} == \
            {(i.name, i.kind, i.partition_key, i.sort_key) for i in info.indexes}
