"""Every engine that names uniqueness findings, run on one table, and what they must agree on.

In memory: the live audit's pairing fed dicts (``Pairing.feed``), fed Scan-page JSON bytes
(``PageClassifier``), and fed batches made as worker processes make them (MessagePack,
segments interleaved); the export audit on DuckDB (an export folder written from the items,
full, or full plus an incremental export of a transaction's writes); and the Athena SQL run
on DuckDB (its twin: ``sql.ATHENA_TWIN``). ``rules_findings`` is the rule set of issue 21
written out plainly, for the engines to be held to.

A finding is compared as (status, rule, value, sorted account ids, sorted lock partition
keys): what a person acts on. Sentences are the pairing's in every engine.
"""

from __future__ import annotations

import dataclasses
import random
import tempfile
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import orjson

from dynoview.core.audit.pages import PageClassifier
from dynoview.core.exports import athena as export_athena
from dynoview.core.exports import duckdb_engine as export_duckdb
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports
from dynoview.core.exports.forms_sql import register as register_functions
from dynoview.core.exports.manifest import S3Store, open_export, read_manifest
from dynoview.core.exports.rows import build_pairing, findings_and_counts, parse_rows
from dynoview.core.exports.sql import ATHENA_TWIN, DUCKDB
from dynoview.core.exports.writer import Change, write_export
from dynoview.core.ttl.expiry import expired_at
from dynoview.core.uniqueness import findings as kinds
from dynoview.core.uniqueness import forms as form_keys
from dynoview.core.uniqueness.findings import Finding
from dynoview.core.uniqueness.forms import normalise, trims
from dynoview.core.uniqueness.pairing import Pairing, classify
from dynoview.core.uniqueness.pairing_state import Batch
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.scope import fill_scope
from tests.property.uniqueness_tables import TTL_ATTRIBUTE, Scenario, key_of, protected

Sig = tuple[str, str | None, str | None, tuple[str, ...], tuple[str, ...]]


def signature(findings: Iterable[Finding], pk_name: str) -> list[Sig]:
    """Findings as (status, rule, value, accounts, lock PKs), sorted: a multiset, so an engine
    that reports one finding twice differs from one that reports it once."""
    return sorted(((f.status, f.rule, f.value, tuple(sorted(f.account_ids)),
                    tuple(sorted(k[pk_name]["S"] for k in f.lock_keys))) for f in findings), key=repr)


def extra(got: Sequence[Sig], want: Sequence[Sig]) -> list[Sig]:
    """What ``got`` holds more of than ``want``."""
    return list((Counter(got) - Counter(want)).elements())


def diff(name: str, got: Sequence[Sig], want: Sequence[Sig], want_name: str = "live") -> str:
    """What one engine reports that the other does not, in both directions."""
    lines = [f"{name} disagrees with {want_name}:"]
    lines += [f"  only {name}: {s}" for s in extra(got, want)]
    lines += [f"  only {want_name}: {s}" for s in extra(want, got)]
    return "\n".join(lines)


def when(scenario: Scenario) -> datetime:
    return datetime.fromtimestamp(scenario.now_s, UTC)


# --------------------------------------------------------------------------- the live audit


def live(scenario: Scenario, items: Sequence[Mapping[str, Any]]) -> Pairing:
    """``Pairing.feed`` of every item in one page: the reference the other engines meet."""
    return classify(items, scenario.schema, TTL_ATTRIBUTE, when(scenario))


def _pages(items: Sequence[Mapping[str, Any]], size: int) -> list[list[Mapping[str, Any]]]:
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def _body(page: Sequence[Mapping[str, Any]]) -> bytes:
    """A Scan answer's body as DynamoDB sends it (no binary values are generated)."""
    return orjson.dumps({"Items": list(page), "Count": len(page), "ScannedCount": len(page)})


def fed_by_pages(scenario: Scenario, items: Sequence[Mapping[str, Any]]) -> Pairing:
    """``Pairing.feed`` page by page (findings asked between pages, as the window does)."""
    pairing = Pairing(scenario.schema, TTL_ATTRIBUTE, when(scenario))
    for page in _pages(items, scenario.page_size):
        pairing.feed(page)
        pairing.findings()
    return pairing


def classified_pages(scenario: Scenario, items: Sequence[Mapping[str, Any]]) -> Pairing:
    """``PageClassifier.feed`` over the pages' JSON bytes: the audit's in-process fast path."""
    pairing = Pairing(scenario.schema, TTL_ATTRIBUTE, when(scenario))
    classifier = PageClassifier(pairing)
    for page in _pages(items, scenario.page_size):
        classifier.feed(_body(page))
    return pairing


def worker_batches(scenario: Scenario, items: Sequence[Mapping[str, Any]]) -> Pairing:
    """The worker processes' path: items split into Scan segments by partition key (DynamoDB
    keeps a partition key in one segment), each segment's pages classified into batches that
    travel as MessagePack, applied to one pairing interleaved in a random order."""
    schema = scenario.schema
    rng = random.Random(scenario.seed)
    segments: list[list[Mapping[str, Any]]] = [[] for _ in range(scenario.segments)]
    for item in items:
        segments[zlib.crc32(orjson.dumps(item[schema.pk_name])) % scenario.segments].append(item)
    merged = Pairing(schema, TTL_ATTRIBUTE, when(scenario))
    queues: list[list[Batch]] = []
    for segment in segments:
        worker = Pairing(schema, TTL_ATTRIBUTE)
        worker.now = merged.now
        classifier = PageClassifier(worker)
        made: list[Batch] = []
        for page in _pages(segment, scenario.page_size):
            classifier.classify(_body(page))
            if rng.random() < 0.5:
                made.append(classifier.take())
        made.append(classifier.take())
        queues.append([msgspec.msgpack.decode(msgspec.msgpack.encode(b), type=Batch) for b in made])
    while any(queues):
        queue = rng.choice([q for q in queues if q])
        merged.apply(queue.pop(0))
        if rng.random() < 0.3:
            merged.findings()
    return merged


# --------------------------------------------------------------------------- the export audit


def _changes(scenario: Scenario, before: Sequence[Mapping[str, Any]],
             after: Sequence[Mapping[str, Any]], moment: float) -> list[Change]:
    """An incremental export's lines for the items the transaction changed (new image, or None
    for a delete), written one second apart in action order."""
    schema = scenario.schema
    old = {key_of(schema, i): i for i in before}
    new = {key_of(schema, i): i for i in after}
    out: list[Change] = []
    for n, action in enumerate(scenario.tx.actions):
        key = action.target_key(schema.key_names)
        ident = key_of(schema, key)
        if old.get(ident) == new.get(ident):
            continue  # a ConditionCheck, or a write that changed nothing
        image = new.get(ident)
        out.append(Change(keys=key, new_image=image, old_image=old.get(ident), written_at=moment + n))
    return out


class Exports:
    """Export folders written from a scenario: the full export of the table before, and an
    incremental export of the transaction's writes (whose audit is the table after)."""

    def __init__(self, scenario: Scenario, root: Path, after: Sequence[Mapping[str, Any]]) -> None:
        moment = scenario.now_s - 7200
        self.full = write_export(root, "accounts", scenario.items, files=scenario.files,
                                 export_time=moment)
        changes = _changes(scenario, scenario.items, after, moment + 60)
        self.incremental = write_export(root, "accounts", changes=changes, files=1,
                                        export_time=moment + 3600, from_time=moment) if changes else None

    def paths(self, after: bool) -> list[str]:
        return [str(self.full)] + ([str(self.incremental)] if after and self.incremental else [])


def exported(scenario: Scenario, exports: Exports, after: bool) -> tuple[list[Finding], dict[str, int]]:
    """The export audit on DuckDB, as ``dynoview audit --export`` runs it (manifests and
    checksums first). An ``EngineMismatchError`` (its SQL against its own evidence) propagates."""
    result = audit_exports(exports.paths(after), scenario.schema, options=ExportAuditOptions(
        ttl_attribute=TTL_ATTRIBUTE, now=when(scenario), memory_limit="500MB", threads=1)).result
    return result.findings, result.counts


#: Athena's limit on a query's text.
ATHENA_MAX_QUERY_BYTES = 262_144
_CONNECTIONS: dict[str, Any] = {}  # one in-memory DuckDB per dialect for the process (connecting costs)


def _connection(dialect: str) -> Any:
    if dialect not in _CONNECTIONS:
        import duckdb

        con = duckdb.connect()
        con.execute("SET threads = 1")
        register_functions(con, dialect)  # what the dialect calls that DuckDB lacks
        _CONNECTIONS[dialect] = con
    return _CONNECTIONS[dialect]


def export_sql(scenario: Scenario, exports: Exports, after: bool,
               dialect: str = DUCKDB) -> tuple[list[Finding], dict[str, int]]:
    """The export audit's statements for ``dialect`` (DuckDB's, or the Athena SQL's DuckDB twin,
    ``sql.ATHENA_TWIN``: Athena's expressions for the keys in DuckDB's spelling) run over the
    export's files on an in-memory DuckDB; the rows become findings as the export audit makes
    them (``rows``), cross-check included. ``exported`` runs the whole path; this is its SQL,
    without a database file per example."""
    manifests = [read_manifest(open_export(p)) for p in exports.paths(after)]
    now = when(scenario)
    files = [([str(m.store.path(f.rel)) for f in m.files], m.incremental)  # type: ignore[attr-defined]
             for m in manifests]
    plan = export_duckdb.plan(scenario.schema, files, ttl_attribute=TTL_ATTRIBUTE, now=now, dialect=dialect)
    assert plan.raw is not None and plan.rules is not None
    con = _connection(dialect)
    con.execute(plan.raw.sql)  # CREATE OR REPLACE TABLE raw AS ...
    rows = con.execute(plan.rules.sql).fetchall()
    engine_rows = parse_rows(rows, len(plan.attributes))
    pairing = build_pairing(engine_rows, scenario.schema, plan.attributes, TTL_ATTRIBUTE, now)
    return findings_and_counts(engine_rows, pairing, scenario.schema)


def athena_twin(scenario: Scenario, exports: Exports, after: bool) -> tuple[list[Finding], dict[str, int]]:
    """The Athena SQL's DuckDB twin (``export_sql``)."""
    return export_sql(scenario, exports, after, ATHENA_TWIN)


def athena_plan(scenario: Scenario, exports: Exports, after: bool) -> None:
    """The real Athena plan of the export builds, and its rules query fits in one Athena query."""
    in_s3 = [dataclasses.replace(m, store=S3Store(None, "dynoview-twin", f"AWSDynamoDB/{m.export_id}/"))
             for m in (read_manifest(open_export(p)) for p in exports.paths(after))]
    settings = export_athena.AthenaSettings("s3://dynoview-twin/results/", None, "default", "twin")
    athena = export_athena.plan(scenario.schema, in_s3, settings, ttl_attribute=TTL_ATTRIBUTE,
                                now=when(scenario))
    assert athena.rules is not None
    size = len(athena.rules.sql.encode())
    assert size < ATHENA_MAX_QUERY_BYTES, f"the Athena rules query is {size:,} bytes"


def export_root() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="dynoview-engines-")


# --------------------------------------------------------------------------- the rule set


def _is_account(schema: UniquenessSchema, item: Mapping[str, Any]) -> bool:
    pk, sk = _text(item, schema.pk_name), _text(item, schema.sk_name)
    return pk is not None and pk.startswith(schema.account_pk_prefix) and (
        not schema.sk_name or schema.account_sk_value is None or sk == schema.account_sk_value)


def _text(item: Mapping[str, Any], name: str | None) -> str | None:
    av = item.get(name) if name else None
    return av["S"] if isinstance(av, Mapping) and isinstance(av.get("S"), str) else None


def _lock_of(schema: UniquenessSchema, item: Mapping[str, Any]) -> tuple[LockRule, str] | None:
    """(rule, stored value) of a lock: the longest matching prefix wins; a fixed sort key must
    match; a sort key that repeats the value must repeat the partition key's."""
    pk, sk = _text(item, schema.pk_name), _text(item, schema.sk_name)
    if pk is None:
        return None
    for rule in sorted(schema.rules, key=lambda r: len(r.fixed_prefix), reverse=True):
        prefix = rule.fixed_prefix  # a scoped rule's: the text before its scope
        if not (pk.startswith(prefix) and pk.endswith(rule.suffix)
                and len(pk) >= len(prefix) + len(rule.suffix)):
            continue
        value = pk[len(prefix):len(pk) - len(rule.suffix)]
        if rule.middle is not None and rule.middle not in value:
            continue  # a scoped rule's key names its middle after the scope
        if schema.sk_name and rule.sk_value is not None and sk != rule.lock_sk(value):
            continue
        return rule, value
    return None


def rules_findings(schema: UniquenessSchema, items: Iterable[Mapping[str, Any]], now_s: float) -> list[Sig]:
    """The findings the rule set of issue 21 names (``findings`` and ``forms`` define the kinds
    and the keys), written out plainly: per rule, the forms are the stored lock values plus the
    account values after the rule's normalisation."""
    out: list[Sig] = []
    holders: dict[str, dict[str, set[str]]] = {r.name: {} for r in schema.rules}
    locks: dict[str, dict[str, bool]] = {r.name: {} for r in schema.rules}
    expired_accounts: dict[str, bool] = {}

    def expired(item: Mapping[str, Any]) -> bool:
        av = item.get(TTL_ATTRIBUTE)
        return isinstance(av, Mapping) and expired_at(av.get("N"), now_s)

    for item in items:
        if _is_account(schema, item):
            acct = _text(item, schema.pk_name)
            assert acct is not None
            # Where accounts' sort keys vary, one account may have several items: it has expired
            # if one of them has, whatever order a Scan reads them in (one finding an account).
            expired_accounts[acct] = expired_accounts.get(acct, False) or expired(item)
            for rule in schema.rules:
                text = protected(item.get(rule.attribute))
                if text is not None:
                    # A scoped rule's form: the scope filled from the item, the middle, the value.
                    head = "" if rule.scope is None else fill_scope(rule.scope, item) + (rule.middle or "")
                    holders[rule.name].setdefault(head + normalise(text, rule.normalisation), set()).add(acct)
            continue
        match = _lock_of(schema, item)
        if match is not None:
            locks[match[0].name][match[1]] = expired(item)
    out += [(kinds.EXPIRED, None, None, (a,), ()) for a, e in expired_accounts.items() if e]
    for rule in schema.rules:
        out += _rule_findings(rule, holders[rule.name], locks[rule.name])
    return sorted(out, key=repr)


def _rule_findings(rule: LockRule, holders: dict[str, set[str]], locks: dict[str, bool]) -> list[Sig]:
    trim = trims(rule.normalisation)
    forms = set(holders) | set(locks)

    def lock_pks(members: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(rule.fixed_prefix + m + rule.suffix for m in members if m in locks))

    def split(form: str) -> tuple[str, str]:
        """A scoped form's head (its scope and the middle, up to the first middle: as spelled)
        and its value: the keys fold only the value, so two scopes never clash."""
        middle = rule.middle or ""
        cut = form.find(middle) if rule.middle is not None else -1
        return ("", form) if cut < 0 else (form[:cut + len(middle)], form[cut + len(middle):])

    def clash_key(form: str, trim: bool) -> str:
        head, value = split(form)
        return head + form_keys.clash_key(value, trim)

    def lookalike_key(form: str, trim: bool) -> str:
        head, value = split(form)
        return head + form_keys.lookalike_key(value, trim)

    def is_odd(form: str, trim: bool) -> bool:
        return form_keys.is_odd(split(form)[1], trim)

    def accounts_of(members: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted({a for m in members for a in holders.get(m, ())}))

    out: list[Sig] = []
    by_clash: dict[str, set[str]] = {}
    by_lookalike: dict[str, set[str]] = {}
    for form in forms:
        by_clash.setdefault(clash_key(form, trim), set()).add(form)
        by_lookalike.setdefault(lookalike_key(form, trim), set()).add(form)
    clashed: set[str] = set()
    for key, members in by_clash.items():
        # Spellings no account holds are stuck signups, each an orphan: no clash without a holder.
        if len(members) >= 2 and any(holders.get(m) for m in members):
            clashed |= members
            out.append((kinds.CASE_CLASH, rule.name, key, accounts_of(members), lock_pks(members)))
    for key, members in by_lookalike.items():
        # An odd member (outside ASCII, or whitespace the lookalike key tidies) and two values.
        if any(is_odd(m, trim) for m in members) and len({clash_key(m, trim) for m in members}) >= 2:
            out.append((kinds.LOOKALIKE_CLASH, rule.name, key, accounts_of(members), lock_pks(members)))
    for value in forms:
        held = holders.get(value, set())
        lock = locks.get(value)  # None: no lock; True: expired; False: live
        if len(held) >= 2:
            out.append((kinds.DUPLICATE_VALUE, rule.name, value, tuple(sorted(held)), lock_pks([value])))
        if lock:
            out.append((kinds.EXPIRED, rule.name, value, tuple(sorted(held)), lock_pks([value])))
        if value in clashed:
            continue
        if len(held) == 1 and lock is None:
            out.append((kinds.MISSING_LOCK, rule.name, value, tuple(held), ()))
        if not held and lock is False:
            out.append((kinds.ORPHAN_LOCK, rule.name, value, (), lock_pks([value])))
    return out


# --------------------------------------------------------------------------- judging a change


def _grew(finding: Sig, before: Sequence[Sig]) -> bool:
    """A finding is new unless the table before had it, with at least its accounts and locks
    (a duplicate gaining an account, or a clash gaining a spelling, is new harm)."""
    status, rule, value, accts, lock_pks = finding
    return not any(b[:3] == (status, rule, value) and set(accts) <= set(b[3]) and set(lock_pks) <= set(b[4])
                   for b in before)


def unguarded(schema: UniquenessSchema, items: Iterable[Mapping[str, Any]]) -> set[tuple[str, str, str]]:
    """(rule, account, value) of each account holding a value (normalised) whose exact lock does
    not exist: the audit reports it as a missing lock, or folds it into a case clash, and either
    way a guarded sign-up with exactly that value passes (docs/cli-transact.md)."""
    items = list(items)
    locked = {(m[0].name, m[1]) for i in items if (m := _lock_of(schema, i)) is not None}
    out = set()
    for item in items:
        if not _is_account(schema, item):
            continue
        account = str(item[schema.pk_name])
        for rule in schema.rules:
            held = rule.held_form(item)
            if held is not None and (rule.name, held) not in locked:
                out.add((rule.name, account, held))
    return out


def new_findings(before: Sequence[Sig], after: Sequence[Sig], statuses: frozenset[str]) -> list[Sig]:
    """The after-state's findings of ``statuses`` that the before-state did not have (or that grew)."""
    return [f for f in after if f[0] in statuses and _grew(f, before)]


# --------------------------------------------------------------------------- one value, as diagnose sees it


def forms_of(schema: UniquenessSchema, rule: LockRule, items: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Every value a person could type for ``rule`` -> its form (stored lock values as they
    are; account values as typed -> after the rule's normalisation)."""
    out: dict[str, str] = {}
    for item in items:
        if _is_account(schema, item):
            text = protected(item.get(rule.attribute))
            if text is not None:
                out[text] = normalise(text, rule.normalisation)
        else:
            match = _lock_of(schema, item)
            if match is not None and match[0] == rule:
                out.setdefault(match[1], match[1])
    return out


def about(schema: UniquenessSchema, rule: LockRule, typed: str, forms: Mapping[str, str],
          findings: Sequence[Finding]) -> list[Sig]:
    """The audit's findings about one typed value: those of its form (and of the typed text when
    the table stores it as is), and the clash groups either belongs to."""
    trim = trims(rule.normalisation)
    stored = set(forms.values())
    mine = {normalise(typed, rule.normalisation)} | ({typed} & stored)
    clash = {form_keys.clash_key(m, trim) for m in mine}
    look = {form_keys.lookalike_key(m, trim) for m in mine}
    groups = (kinds.CASE_CLASH, kinds.LOOKALIKE_CLASH)
    picked = [f for f in findings if f.rule == rule.name and (
        (f.status == kinds.CASE_CLASH and f.value in clash)
        or (f.status == kinds.LOOKALIKE_CLASH and f.value in look)
        or (f.status not in groups and f.value in mine))]
    return signature(picked, schema.pk_name)


def worst(sigs: Sequence[Sig]) -> set[str]:
    """The statuses of the most severe findings."""
    if not sigs:
        return set()
    top = max(kinds.SEVERITY[s[0]] for s in sigs)
    return {s[0] for s in sigs if kinds.SEVERITY[s[0]] == top}
