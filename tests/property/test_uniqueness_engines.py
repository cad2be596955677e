"""Proof that the uniqueness engines agree (issue 21, part 5).

Hypothesis builds random tables (accounts, locks, duplicates, clashes, expired items, the
presets' layouts, every normalisation, values spelled every way that breaks a comparison)
and random transactions (the templates mixed with raw Puts and Deletes; see
``uniqueness_tables``), and checks, before and after each transaction:

- in memory: the live audit's pairing fed dicts, fed page by page, fed Scan-page bytes by
  the page classifier and fed worker batches; the export audit on DuckDB (after: the full
  export plus an incremental export of the writes); and the Athena SQL's DuckDB twin, all
  report the same findings and counts; and the live audit follows the rule set as written
  (``uniqueness_engines.rules_findings``);
- over DynamoDB (moto, and DynamoDB Local where marked): the audit over HTTP reports the
  in-memory findings, and ``diagnose`` of every value in the table names its findings;
- the preflight refuses exactly when the table after the transaction has a new breaking
  finding (a warning: a new warning finding), and every refusal's suggestion passes it.

``DYNOVIEW_ENGINE_EXAMPLES`` sets the in-memory examples (default 300 for the live audit's
paths and 50 for the SQL engines, about 5 and 10 s on an idle machine; the long run is
20,000), ``DYNOVIEW_ENGINE_TABLE_EXAMPLES`` those over an endpoint (default 25 per engine and
property). 0 skips. A failure prints the example (``Scenario.describe``) and what each engine
said; ``print_blob`` gives the line that replays it.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from dynoview.core.audit.run import run_audit
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import TableInfo, describe_table
from dynoview.core.tx import templates
from dynoview.core.tx.model import PUT, Action, Transaction
from dynoview.core.uniqueness import findings as kinds
from dynoview.core.uniqueness.forms import normalise
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from tests.helpers import connect
from tests.property import uniqueness_engines as engines
from tests.property.uniqueness_tables import (
    TABLE,
    TTL_ATTRIBUTE,
    Clock,
    Layout,
    Scenario,
    _layout,
    after_items,
    key_of,
    protected,
    scenarios,
    unconditional,
)

EXAMPLES = int(os.environ.get("DYNOVIEW_ENGINE_EXAMPLES") or "300")
# The SQL engines cost about 0.5 s an example (DuckDB plans the rules query each time): fewer
# by default; DYNOVIEW_ENGINE_EXAMPLES, when set, sets them too.
SQL_EXAMPLES = int(os.environ.get("DYNOVIEW_ENGINE_EXAMPLES") or "50")
TABLE_EXAMPLES = int(os.environ.get("DYNOVIEW_ENGINE_TABLE_EXAMPLES") or "25")
NOW_S = 1_780_000_000.0  # in memory: a fixed moment (2026-05-28)
CLOCK = Clock(NOW_S)
Result = tuple[list[kinds.Finding], dict[str, int]] | None

pytestmark = pytest.mark.property


def _settings(examples: int) -> settings:
    # No explain phase: it traces every line, which with a server in the process takes minutes.
    return settings(max_examples=max(1, examples), deadline=None, database=None, print_blob=True,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def _s(text: str) -> dict[str, str]:
    return {"S": text}


#: The 20,000-example run's failure (seed 115524720494723774880662324287146102886): TypeDORM,
#: where every USER# item is an account's. USER#1's PROFILE item holds email 'ada@x.io' (locked,
#: healthy), its USER item ' ada@x.io' (its own value under "none": no lock). The export audit's
#: evidence, rebuilt as a pairing, dropped the healthy value's lock because USER#1 was flagged
#: for email, and refused to report.
ONE_ACCOUNT_TWO_FORMS = Scenario(
    _layout("typedorm", ("none", "none", "none"), False), ["ada@x.io"],
    [{"PK": _s("USER#1"), "SK": _s("PROFILE"), "email": _s("ada@x.io")},
     {"PK": _s("USER#2"), "SK": _s("USER")},
     {"PK": _s("USER#2"), "SK": _s("PROFILE")},
     {"PK": _s("USER#1"), "SK": _s("USER"), "email": _s(" ada@x.io"), "username": _s("ada@x.io")},
     {"PK": _s("DRM_GEN_USER.EMAIL#ada@x.io"), "SK": _s("DRM_GEN_USER.EMAIL#ada@x.io")}],
    Transaction(actions=[Action(PUT, TABLE, item={"PK": _s("USER#1"), "SK": _s("USER")})]),
    NOW_S, ["sign_up"])


def _scoped(mode: str) -> Scenario:
    """A OneTable rule unique per tenant (``_unique#{scope}#User#email#{value}``) whose tenant ids
    differ only by case, Unicode form or a lookalike letter (``Acme``, ``acme``, fullwidth ``ａcme``,
    Cyrillic ``аcme``): four scopes, so the same email in each is four values (DynamoDB compares
    the lock keys by their bytes). Tenant ``acme`` also holds an email without a lock (a missing
    lock, not folded into a clash with Acme's), and tenant ``Acme`` a case and a lookalike clash
    of its own. The transaction signs up the email in tenant ``ACME``, a fifth scope."""
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                    scope="${tenantId}")
    schema = UniquenessSchema("pk", "sk", "User#", "User#", (rule,))
    layout = Layout(f"onetable-scoped-{mode}", schema, ("User#",))
    items: list[dict[str, Any]] = []
    rows = [("1", "Acme", "ada@x.io", True), ("2", "acme", "ada@x.io", True),
            ("3", "\uff41cme", "ada@x.io", True), ("4", "\u0430cme", "ada@x.io", True),
            ("5", "acme", "bob@x.io", False), ("6", "Acme", "\u0430da@x.io", True),
            ("7", "Acme", "ADA@x.io", True), ("8", "acme", "\u0430da@x.io", True)]
    for uid, tenant, email, locked in rows:
        account = {"pk": _s(f"User#{uid}"), "sk": _s("User#"), "tenantId": _s(tenant), "email": _s(email)}
        items.append(account)
        if locked:
            held = rule.held_form(account)
            assert held is not None
            items.append(dict(schema.stored_lock_key(rule, held)))
    tx = templates.sign_up(schema, TABLE, {"pk": _s("User#9"), "sk": _s("User#"), "tenantId": _s("ACME"),
                                            "email": _s("ada@x.io")})
    return Scenario(layout, ["ada@x.io"], items, tx, NOW_S, ["sign_up"])


SCOPED_NONE = _scoped("none")
SCOPED_NFKC = _scoped("nfkc+casefold")


def _fail(scenario: Scenario, problems: list[str]) -> None:
    if problems:
        pytest.fail(scenario.describe() + "\n" + "\n".join(problems), pytrace=False)


# --------------------------------------------------------------------------- in memory


@pytest.mark.skipif(EXAMPLES <= 0, reason="DYNOVIEW_ENGINE_EXAMPLES=0")
# About 40 ms an example on an idle machine; room for a busy one, and for shrinking.
@pytest.mark.timeout(max(300, EXAMPLES // 4))
@_settings(EXAMPLES)
@given(scenarios(CLOCK))
@example(ONE_ACCOUNT_TWO_FORMS)
@example(SCOPED_NONE)
@example(SCOPED_NFKC)
def test_live_audit_paths_agree_and_follow_the_rules(scenario: Scenario) -> None:
    """The pairing fed dicts in one page, page by page, as Scan-page bytes and as worker
    batches: one set of findings and counts, the rule set's; certain findings stay."""
    schema = scenario.schema
    pk = schema.pk_name
    problems: list[str] = []
    for state, items in (("before", scenario.items),
                         ("after", after_items(schema, scenario.items, scenario.tx))):
        reference = engines.live(scenario, items)
        want, counts = engines.signature(reference.findings(), pk), reference.counts()
        rules = engines.rules_findings(schema, items, NOW_S)
        if want != rules:
            problems.append(f"{state}: " + engines.diff("live audit", want, rules, "the rules"))
        for name, engine in (("pages fed", engines.fed_by_pages),
                             ("page classifier", engines.classified_pages),
                             ("worker batches", engines.worker_batches)):
            pairing = engine(scenario, items)
            got = engines.signature(pairing.findings(), pk)
            if got != want:
                problems.append(f"{state}: " + engines.diff(name, got, want))
            elif pairing.counts() != counts:
                problems.append(f"{state}: {name} counts {pairing.counts()}, live {counts}")
        # Shown while the scan runs: each must still be there at the end.
        certain = engines.extra(engines.signature(reference.certain_findings(), pk), want)
        if certain:
            problems.append(f"{state}: certain findings not in the final ones: {certain}")
    _fail(scenario, problems)


@pytest.mark.skipif(SQL_EXAMPLES <= 0, reason="DYNOVIEW_ENGINE_EXAMPLES=0")
# About 0.4 s an example on an idle machine; room for a busy one, and for shrinking.
@pytest.mark.timeout(max(300, 3 * SQL_EXAMPLES))
@_settings(SQL_EXAMPLES)
@given(scenarios(CLOCK), st.booleans())
@example(ONE_ACCOUNT_TWO_FORMS, False)
@example(ONE_ACCOUNT_TWO_FORMS, True)
@example(SCOPED_NONE, False)
@example(SCOPED_NONE, True)
@example(SCOPED_NFKC, True)
def test_export_audit_and_athena_twin_agree_with_the_live_audit(scenario: Scenario, after: bool) -> None:
    """The export audit's SQL on DuckDB and the Athena SQL's DuckDB twin report the live audit's
    findings and counts, on the table before (a full export) or after the transaction (the full
    export and an incremental one). One example in eight also runs the export audit's whole
    path (manifests, checksums, a database file), as ``dynoview audit --export`` does, and
    builds the real Athena plan (its rules query must fit in one Athena query)."""
    items = after_items(scenario.schema, scenario.items, scenario.tx) if after else scenario.items
    reference = engines.live(scenario, items)
    want, counts = engines.signature(reference.findings(), scenario.schema.pk_name), reference.counts()
    state = "after" if after else "before"
    runs: list[tuple[str, Callable[[Scenario, engines.Exports, bool], Result]]] = [
        ("export SQL (DuckDB)", engines.export_sql), ("Athena SQL's DuckDB twin", engines.athena_twin)]
    if scenario.seed % 8 == 0:
        runs += [("export audit (whole path)", engines.exported), ("the Athena plan", engines.athena_plan)]
    problems: list[str] = []
    with engines.export_root() as root:
        exports = engines.Exports(scenario, Path(root), items)
        for name, run in runs:
            try:
                result = run(scenario, exports, after)
            except Exception as exc:  # an EngineMismatchError names the values
                problems.append(f"{state}: {name} failed: {type(exc).__name__}: {exc}")
                continue
            if result is None:
                continue  # a check without findings of its own (the Athena plan)
            findings, got_counts = result
            got = engines.signature(findings, scenario.schema.pk_name)
            if got != want:
                problems.append(f"{state}: " + engines.diff(name, got, want))
            elif got_counts != counts:
                problems.append(f"{state}: {name} counts {got_counts}, live {counts}")
    _fail(scenario, problems)


# --------------------------------------------------------------------------- over DynamoDB

_CONNECTIONS: dict[str, Connection] = {}


def _conn(url: str) -> Connection:
    if url not in _CONNECTIONS:
        _CONNECTIONS[url] = connect(url)
    return _CONNECTIONS[url]


class _Table:
    """A table keyed like the layout (TTL on; a GSI on email when a rule names one), holding
    the scenario's items; dropped on exit."""

    def __init__(self, conn: Connection, scenario: Scenario) -> None:
        self.conn = conn
        self.scenario = scenario
        self.name = f"engines-{uuid.uuid4().hex[:10]}"

    def __enter__(self) -> _Table:
        layout: Layout = self.scenario.layout
        schema = layout.schema
        keys = [(schema.pk_name, "HASH")] + ([(schema.sk_name, "RANGE")] if schema.sk_name else [])
        request: dict[str, Any] = {
            "TableName": self.name, "BillingMode": "PAY_PER_REQUEST",
            "KeySchema": [{"AttributeName": n, "KeyType": t} for n, t in keys],
            "AttributeDefinitions": [{"AttributeName": n, "AttributeType": "S"} for n, _ in keys]}
        indexes = [r for r in schema.rules if r.index_name]
        if indexes:
            rule = indexes[0]
            request["AttributeDefinitions"].append({"AttributeName": rule.attribute, "AttributeType": "S"})
            request["GlobalSecondaryIndexes"] = [{
                "IndexName": rule.index_name, "Projection": {"ProjectionType": "ALL"},
                "KeySchema": [{"AttributeName": rule.attribute, "KeyType": "HASH"}]}]
        client = self.conn.client
        client.create_table(**request)
        client.update_time_to_live(TableName=self.name, TimeToLiveSpecification={
            "Enabled": True, "AttributeName": TTL_ATTRIBUTE})
        items = self.scenario.items
        for start in range(0, len(items), 25):
            client.batch_write_item(RequestItems={self.name: [
                {"PutRequest": {"Item": i}} for i in items[start:start + 25]]})
        return self

    def __exit__(self, *exc: object) -> None:
        self.conn.client.delete_table(TableName=self.name)

    def info(self) -> TableInfo:
        return describe_table(self.conn, self.name)

    def items(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        request: dict[str, Any] = {"TableName": self.name, "ConsistentRead": True}
        while True:
            page = self.conn.client.scan(**request)
            out.extend(page.get("Items", []))
            if "LastEvaluatedKey" not in page:
                return out
            request["ExclusiveStartKey"] = page["LastEvaluatedKey"]

    def retarget(self, tx: Transaction) -> Transaction:
        return Transaction(actions=[replace(a, table=self.name) for a in tx.actions])


def _scenario(data: st.DataObject, engine: str) -> Scenario:
    """Over an endpoint the clock is real (the preflight reads it): TTLs are days from now.
    DynamoDB Local deletes expired items at once, so its tables hold none (moto keeps them)."""
    clock = Clock(time.time(), expiry=engine != "dynamodb-local")
    return data.draw(scenarios(clock, in_memory=False, index=True), label="scenario")


@pytest.mark.integration
@pytest.mark.skipif(TABLE_EXAMPLES <= 0, reason="DYNOVIEW_ENGINE_TABLE_EXAMPLES=0")
@pytest.mark.timeout(max(300, TABLE_EXAMPLES * 8))
@_settings(TABLE_EXAMPLES)
@given(st.data())
def test_audit_and_diagnose_over_dynamodb(endpoint_url: str, engine: str, data: st.DataObject) -> None:
    """The audit over HTTP (Scan pages classified from their bytes, in process or in a worker
    process) reports the in-memory findings; diagnose of every value a person could type (each
    account value, each stored lock value) names that value's findings: exactly, when the
    diagnosis lists findings, and its status is one of the worst of them (OK when none)."""
    from dynoview.core.uniqueness.diagnose import diagnose  # here: the in-memory tests need none of it

    scenario = _scenario(data, engine)
    conn = _conn(endpoint_url)
    schema = scenario.schema
    problems: list[str] = []
    with _Table(conn, scenario) as table:
        info, reader = table.info(), Reader(conn)
        now = engines.when(scenario)
        # One example in eight classifies its pages in a worker process, as large tables do.
        audit = run_audit(reader, info, schema, segments=scenario.segments, now=now,
                          workers=1 if scenario.seed % 8 == 0 else 0)
        findings = engines.live(scenario, scenario.items).findings()
        want = engines.signature(findings, schema.pk_name)
        got = engines.signature(audit.findings, schema.pk_name)
        if got != want:
            problems.append(engines.diff("audit over HTTP", got, want, "in memory"))
        for rule in schema.rules:
            forms = engines.forms_of(schema, rule, scenario.items)
            for typed in sorted(forms):
                d = diagnose(reader, info, schema, rule.name, typed, now=now, explain_origin=False,
                             use_stream=False)
                expected = engines.about(schema, rule, typed, forms, findings)
                said = getattr(d, "findings", None)
                if said is not None and engines.signature(said, schema.pk_name) != expected:
                    problems.append(f"diagnose {rule.name} {typed!r}: " + engines.diff(
                        "diagnose", engines.signature(said, schema.pk_name), expected, "audit"))
                allowed = engines.worst(expected) or {kinds.OK}
                if d.status not in allowed:
                    problems.append(f"diagnose {rule.name} {typed!r} says {d.status}; the audit's "
                                    f"findings about it: {expected or 'none (OK)'}")
    _fail(scenario, problems)


def _canonical(item: dict[str, Any]) -> str:
    return json.dumps(item, sort_keys=True)


Touched = tuple[set[str], set[str], dict[str, set[str]]]


def _touched(schema: UniquenessSchema, tx: Transaction, before: list[dict[str, Any]],
             after: list[dict[str, Any]]) -> Touched:
    """(account ids, lock partition keys, forms per rule) the transaction writes."""
    accounts: set[str] = set()
    lock_pks: set[str] = set()
    forms: dict[str, set[str]] = {r.name: set() for r in schema.rules}
    states = [{key_of(schema, i): i for i in before}, {key_of(schema, i): i for i in after}]
    for action in tx.actions:
        key = action.target_key(schema.key_names)
        pk = key[schema.pk_name].get("S", "")
        if schema.is_account(key):
            accounts.add(pk)
            for state in states:
                item = state.get(key_of(schema, key), {})
                for rule in schema.rules:
                    text = protected(item.get(rule.attribute))
                    if text is not None:
                        forms[rule.name].add(normalise(text, rule.normalisation))
        elif (match := schema.match_lock(key)) is not None:
            lock_pks.add(pk)
            forms[match[0].name].add(match[1])
    return accounts, lock_pks, forms


def _on(finding: engines.Sig, touched: Touched) -> bool:
    """Whether a finding is on what the transaction writes: its value, an account or a lock."""
    accounts, lock_pks, forms = touched
    _status, rule, value, accts, locks = finding
    return bool(set(accts) & accounts or set(locks) & lock_pks
                or (rule is not None and value in forms.get(rule, set())))


@pytest.mark.integration
@pytest.mark.skipif(TABLE_EXAMPLES <= 0, reason="DYNOVIEW_ENGINE_TABLE_EXAMPLES=0")
@pytest.mark.timeout(max(300, TABLE_EXAMPLES * 8))
@_settings(TABLE_EXAMPLES)
@given(st.data())
def test_preflight_is_the_audit_of_the_after_state(endpoint_url: str, engine: str,
                                                   data: st.DataObject) -> None:
    """Sent without its conditions, the transaction leaves the after-state the preflight judges:
    it must refuse when the audit after has a breaking finding on what the transaction writes
    that the audit before did not have (or that grew), warn likewise for warnings, and may do
    either for a finding the write causes elsewhere (a clash it breaks up); every refusal's
    suggestion must pass the preflight, and break nothing it writes."""
    from dynoview.core.preflight.check import run_preflight  # here: the in-memory tests need none of it
    from dynoview.core.preflight.conditions import CANCELLED
    from dynoview.core.preflight.model import RESERVATION

    scenario = _scenario(data, engine)
    conn = _conn(endpoint_url)
    schema = scenario.schema
    problems: list[str] = []
    with _Table(conn, scenario) as table:
        info, reader = table.info(), Reader(conn)
        tx = table.retarget(scenario.tx)
        result = run_preflight(reader, tx, schema, {table.name: info})
        if any(r.status == CANCELLED for r in result.refusals):
            # A condition the preflight judged on what it read fails: DynamoDB must cancel the
            # transaction as it is; the after-state judged below is its writes without conditions.
            try:
                conn.client.transact_write_items(**tx.to_request())
                problems.append(f"the preflight said DynamoDB would cancel it, and it was written: "
                                f"{[r.message for r in result.refusals]}")
            except conn.client.exceptions.TransactionCanceledException:
                pass
            result = run_preflight(reader, unconditional(tx), schema, {table.name: info})
        suggestions = [r for r in result.refusals if r.suggestion is not None]
        for refusal in suggestions:
            assert refusal.suggestion is not None
            again = run_preflight(reader, refusal.suggestion, schema, {table.name: info})
            if again.refused:
                problems.append(f"the suggestion for {refusal.message!r} is refused too: "
                                f"{[r.message for r in again.refusals]}")
        conn.client.transact_write_items(**unconditional(tx).to_request())
        after = table.items()
    simulated = after_items(schema, scenario.items, scenario.tx)
    if sorted(map(_canonical, after)) != sorted(map(_canonical, simulated)):
        problems.append(f"the engine's after-state is not the simulated one: {after} != {simulated}")
    now = time.time()
    scenario = replace(scenario, now_s=now)  # judged at the time the preflight ran
    before_sigs = engines.signature(engines.live(scenario, scenario.items).findings(), schema.pk_name)
    after_sigs = engines.signature(engines.live(scenario, after).findings(), schema.pk_name)
    touched = _touched(schema, scenario.tx, scenario.items, after)
    for refusal in suggestions:  # and it must not break what it writes, applied to the table before
        assert refusal.suggestion is not None
        fixed = after_items(schema, scenario.items, refusal.suggestion)
        fixed_sigs = engines.signature(engines.live(scenario, fixed).findings(), schema.pk_name)
        broken = [f for f in engines.new_findings(before_sigs, fixed_sigs, kinds.BREAKING)
                  if _on(f, _touched(schema, refusal.suggestion, scenario.items, fixed))]
        if broken:
            problems.append(f"the suggestion for {refusal.message!r} breaks: {broken}")
    # Releasing a reservation is refused by policy (a sign-up completing loses its value), not
    # because the audit after sees a break: the lock is gone and no account holds the value yet.
    refused = [r for r in result.refusals if r.status != RESERVATION]
    if any(r.status == RESERVATION for r in result.refusals) and not any(
            s[0] == "ORPHAN_LOCK" for s in before_sigs):
        problems.append(f"a reservation refusal with no orphan lock before: {before_sigs}")
    # A value an account newly holds with no lock of exactly its spelling is a missing lock even
    # where the audit folds it into a case clash (the preflight's ``compare.exposed``).
    opened = engines.unguarded(schema, after) - engines.unguarded(schema, scenario.items)
    for what, statuses, said in (("breaking", kinds.BREAKING, bool(refused)),
                                 ("warning", kinds.WARNINGS, bool(getattr(result, "warnings", None)))):
        new = engines.new_findings(before_sigs, after_sigs, statuses)
        if what == "breaking" and opened:
            new = [*new, *(("MISSING_LOCK", rule, value, (account,), ()) for rule, account, value in opened)]
        must = [f for f in new if _on(f, touched)]
        if what == "warning" and not hasattr(result, "warnings"):
            if must:
                problems.append(f"the preflight has no warnings; new warning findings after: {must}")
            continue
        verb = "refused" if what == "breaking" else "warned"
        if must and not said:
            problems.append(f"the preflight {verb} nothing; new {what} findings after: {must}")
        if said and not new:
            lines = ([r.message for r in refused] if what == "breaking"
                     else list(getattr(result, "warnings", [])))
            problems.append(f"the preflight {verb} ({lines}) but the audit after has no new {what} "
                            f"finding (before: {before_sigs}; after: {after_sigs})")
    _fail(scenario, problems)
