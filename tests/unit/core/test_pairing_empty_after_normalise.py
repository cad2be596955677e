"""A value the rule's normalisation empties is no value, on every path of the audit.

Reported: accounts whose email was "   ", "\\t", "\\u3000" (and "\\u200b" under nfkc+casefold)
all held the email '' once trimmed, so the audit invented DUPLICATE_VALUE, CASE_CLASH and
MISSING_LOCK findings for '', and `repair --yes` claimed the lock ``UNIQ#EMAIL#``. The pairing
tested for "" before normalising (``Pairing.feed``, and ``held_values`` behind the page
classifier and the worker processes). docs/cli-audit.md: such an account has no value for that
rule; nothing is enforced and nothing is reported.

Whether a value is emptied is what the rule's ``normalise`` returns, nothing else: a lone
zero-width space is emptied by nfkc+casefold (it drops invisible characters) but kept by
trim+lowercase (``str.strip`` leaves it), where it is a value whose lock is ``UNIQ#EMAIL#\\u200b``.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import orjson
import pytest

from dynoview.core.audit.pages import PageClassifier
from dynoview.core.audit.workers import ClassifierPool
from dynoview.core.tx.templates import claim_missing_lock
from dynoview.core.uniqueness.findings import MISSING_LOCK, NO_VALUE, OK, ORPHAN_LOCK
from dynoview.core.uniqueness.pairing import Pairing
from dynoview.core.uniqueness.pairing_state import Batch, held_values
from dynoview.core.uniqueness.schema import (
    NORMALISATIONS,
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    LockRule,
    UniquenessSchema,
    normalise,
)

NOW = datetime(2026, 6, 1, tzinfo=UTC)
#: Whitespace only: every trimming rule empties these.
BLANK = ["   ", "\t", "\u3000", " \n\u2003 "]
ZWSP = "\u200b"


def _schema(mode: str, template: str = "UNIQ#EMAIL#{value}") -> UniquenessSchema:
    return UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (
        LockRule("email", "email", template, "LOCK", mode),
        LockRule("handle", "username", "UNIQ#HANDLE#{value}", "LOCK")))


def _scoped(mode: str) -> UniquenessSchema:
    return UniquenessSchema("PK", "SK", "ACCT#", "PROFILE", (
        LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                 scope="${tenantId}"),))


def _items(emails: list[str], *, scoped: bool = False, locks: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """One account per email (its handle locked, so only the email rule can show findings), an
    account whose email is locked (OK), and ``locks`` as extra email locks."""
    items: list[dict[str, Any]] = []
    for i, email in enumerate([*emails, "ok@x.io"], start=1):
        item = {"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}, "email": {"S": email}}
        if scoped:
            item["tenantId"] = {"S": "acme"}
        else:
            item["username"] = {"S": f"u{i}"}
            items.append({"PK": {"S": f"UNIQ#HANDLE#u{i}"}, "SK": {"S": "LOCK"}})
        items.append(item)
    for value in ("ok@x.io", *locks):
        pk = f"_unique#acme#User#email#{value}" if scoped else f"UNIQ#EMAIL#{value}"
        items.append({"PK": {"S": pk}, "SK": {"S": "_unique#" if scoped else "LOCK"}})
    return items


def _body(items: list[dict[str, Any]]) -> bytes:
    return orjson.dumps({"Items": items, "Count": len(items), "ScannedCount": len(items)})


def _by_feed(schema: UniquenessSchema, items: list[dict[str, Any]]) -> Pairing:
    p = Pairing(schema, None, NOW)
    p.feed(items)
    return p


def _by_pages(schema: UniquenessSchema, items: list[dict[str, Any]]) -> Pairing:
    """The in-process audit: page bodies through ``PageClassifier`` (columns or item loop)."""
    p = Pairing(schema, None, NOW)
    classifier = PageClassifier(p)
    for start in range(0, len(items), 3):
        classifier.feed(_body(items[start:start + 3]))
    return p


def _by_batches(schema: UniquenessSchema, items: list[dict[str, Any]]) -> Pairing:
    """Worker style: batches made by another pairing, sent as MessagePack, then applied."""
    worker = Pairing(schema, None, NOW)
    classifier = PageClassifier(worker)
    merged = Pairing(schema, None, NOW)
    for start in range(0, len(items), 4):
        classifier.classify(_body(items[start:start + 4]))
        batch = msgspec.msgpack.decode(msgspec.msgpack.encode(classifier.take()), type=Batch)
        merged.apply(batch)
    return merged


def _by_worker_processes(schema: UniquenessSchema, items: list[dict[str, Any]]) -> Pairing:
    """Real spawned audit worker processes (``ClassifierPool``), as ``run_audit(workers=2)``."""
    p = Pairing(schema, None, NOW)
    pool = ClassifierPool(2, p, threading.Lock())
    try:
        for segment, start in enumerate(range(0, len(items), 5)):
            pool.send(segment, _body(items[start:start + 5]))
        pool.finish()
    finally:
        pool.close()
    return p


PATHS = {"feed": _by_feed, "pages": _by_pages, "batches": _by_batches}


def shown(p: Pairing) -> tuple[Any, ...]:
    """What an audit shows: findings, counts, rows (cells' values and statuses)."""
    findings = [(f.status, f.rule, f.value, f.account_ids, f.sentence) for f in p.findings()]
    rows = [(r.kind, r.account_id, sorted((k, c.value, c.status) for k, c in r.cells.items()))
            for r in p.rows()]
    return findings, p.counts(), rows


def _email_cells(p: Pairing) -> dict[str | None, tuple[str | None, str]]:
    return {r.account_id: (r.cells["email"].value, r.cells["email"].status)
            for r in p.rows() if r.kind == "account"}


# --------------------------------------------------------------------------- what normalise says


@pytest.mark.parametrize("value", BLANK)
def test_whitespace_only_is_emptied_by_the_trimming_rules_alone(value: str) -> None:
    assert normalise(value, NORMALISE_TRIM_LOWER) == normalise(value, NORMALISE_NFKC_CASEFOLD) == ""
    assert normalise(value, NORMALISE_NONE) == normalise(value, NORMALISE_LOWER) == value


def test_a_zero_width_space_is_emptied_by_nfkc_casefold_only() -> None:
    assert normalise(ZWSP, NORMALISE_NFKC_CASEFOLD) == ""
    assert normalise(ZWSP, NORMALISE_TRIM_LOWER) == ZWSP  # str.strip keeps it: a lock key of its own


# --------------------------------------------------------------------------- every path


@pytest.mark.parametrize("path", [*PATHS, "worker processes"])
@pytest.mark.parametrize("mode", [NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD])
def test_emptied_values_are_no_value_and_no_finding(mode: str, path: str) -> None:
    emptied = BLANK + ([ZWSP] if mode == NORMALISE_NFKC_CASEFOLD else [])
    schema = _schema(mode)
    make = PATHS.get(path, _by_worker_processes)
    p = make(schema, _items(emptied))
    assert p.findings() == [] and p.certain_findings() == []
    assert p.counts()[OK] == len(emptied) + 2  # every handle (one per account), and ok@x.io
    assert "" not in p.rules["email"].holders
    cells = _email_cells(p)
    assert cells[f"ACCT#{len(emptied) + 1}"] == ("ok@x.io", OK)
    assert all(cells[f"ACCT#{i}"] == (None, NO_VALUE) for i in range(1, len(emptied) + 1))
    assert shown(p) == shown(_by_feed(schema, _items(emptied)))


@pytest.mark.parametrize("path", PATHS)
def test_a_lone_zero_width_space_under_trim_lowercase_is_a_value(path: str) -> None:
    """The trimmed '' beside it no longer makes a case clash; the ZWSP is a value of its own."""
    schema = _schema(NORMALISE_TRIM_LOWER)
    p = PATHS[path](schema, _items(["   ", "\t", ZWSP, "\u3000"]))
    assert [(f.status, f.value, f.account_ids) for f in p.findings()] == [(MISSING_LOCK, ZWSP, ("ACCT#3",))]
    locked = PATHS[path](schema, _items(["   ", ZWSP], locks=(ZWSP,)))
    assert locked.findings() == [] and _email_cells(locked)["ACCT#2"] == (ZWSP, OK)


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("mode", [NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD])
def test_a_lock_on_the_empty_value_is_an_orphan_no_account_holds(mode: str, path: str) -> None:
    """``UNIQ#EMAIL#`` (written by an earlier repair) beside accounts whose email is blank."""
    p = PATHS[path](_schema(mode), _items(["   ", "\t"], locks=("",)))
    assert [(f.status, f.value, f.account_ids) for f in p.findings()] == [(ORPHAN_LOCK, "", ())]


@pytest.mark.parametrize("path", PATHS)
def test_the_item_loop_path_too(path: str) -> None:
    """A lock template with a suffix sends pages through the item loop, not the columns."""
    schema = _schema(NORMALISE_TRIM_LOWER, "UNIQ#EMAIL#{value}#END")
    assert not PageClassifier(Pairing(schema, None, NOW))._columns
    items = [{**i, "PK": {"S": i["PK"]["S"] + "#END"}} if i["PK"]["S"].startswith("UNIQ#EMAIL#") else i
             for i in _items(BLANK)]
    p = PATHS[path](schema, items)
    assert p.findings() == [] and shown(p) == shown(_by_feed(schema, items))


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("mode", [NORMALISE_TRIM_LOWER, NORMALISE_NFKC_CASEFOLD])
def test_a_scoped_rule_empties_the_value_part(mode: str, path: str) -> None:
    """OneTable's scoped uniques: the form ``acme#User#email#`` has an empty value."""
    schema = _scoped(mode)
    p = PATHS[path](schema, _items(["   ", "\u3000"], scoped=True))
    assert p.findings() == [] and p.counts()[OK] == 1
    assert _email_cells(p)["ACCT#1"] == (None, NO_VALUE)
    assert shown(p) == shown(_by_feed(schema, _items(["   ", "\u3000"], scoped=True)))


@pytest.mark.parametrize("mode", [NORMALISE_NONE, NORMALISE_LOWER])
def test_rules_that_do_not_trim_keep_whitespace_as_a_value(mode: str) -> None:
    """Their locks are keyed by the spaces (``UNIQ#EMAIL#   ``): a value, as before."""
    for make in PATHS.values():
        p = make(_schema(mode), _items(["   "]))
        assert [(f.status, f.value) for f in p.findings()] == [(MISSING_LOCK, "   ")]


def test_blank_emptied_takes_them_out_and_blanks_their_places() -> None:
    from dynoview.core.uniqueness.pairing_state import blank_emptied  # the helper of the fix

    column = ["a", "", "  ", "B ", "\t"]
    held = held_values(column, NORMALISE_TRIM_LOWER)
    assert held == ["a", "", "b", ""]
    assert blank_emptied(column, held) == ["a", "b"]
    assert column == ["a", "", "", "B ", ""]
    scoped = ["acme#User#email#  ", "x#User#email#Ada"]
    held = held_values(scoped, NORMALISE_TRIM_LOWER, "#User#email#")
    assert blank_emptied(scoped, held, "#User#email#") == ["x#User#email#ada"]
    assert scoped == ["", "x#User#email#Ada"]


@pytest.mark.parametrize("mode", NORMALISATIONS)
def test_finish_batch_agrees_with_feed_value_by_value(mode: str) -> None:
    """Each column place is "" exactly where ``feed`` records no value."""
    values = [*BLANK, ZWSP, " a ", "A", "\u200bb", ""]
    items = [{"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}, "email": {"S": v}}
             for i, v in enumerate(values)]
    schema = _schema(mode)
    worker = Pairing(schema, None, NOW)
    classifier = PageClassifier(worker)
    classifier.classify(_body(items))
    batch = classifier.take()
    fed = _by_feed(schema, items)
    assert batch.account_values[0] == [fed.account(f"ACCT#{i}")[0][0] or "" for i in range(len(values))]
    assert batch.account_values[0] == [v if normalise(v, mode) else "" for v in values]


# --------------------------------------------------------------------------- claim_missing_lock


@pytest.mark.parametrize(("mode", "value"), [
    (NORMALISE_TRIM_LOWER, "   "), (NORMALISE_TRIM_LOWER, "\u3000"),
    (NORMALISE_NFKC_CASEFOLD, "\t"), (NORMALISE_NFKC_CASEFOLD, ZWSP)])
def test_claim_missing_lock_refuses_a_lock_on_the_empty_value(mode: str, value: str) -> None:
    account = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": value}}
    with pytest.raises(ValueError, match="empty once normalised") as caught:
        claim_missing_lock(_schema(mode), "accounts", account, "email")
    assert "a lock on an empty value is never right" in str(caught.value)
    scoped = {**account, "tenantId": {"S": "acme"}}
    with pytest.raises(ValueError, match="empty once normalised"):
        claim_missing_lock(_scoped(mode), "accounts", scoped, "email")


@pytest.mark.parametrize(("mode", "value", "lock_pk"), [
    (NORMALISE_TRIM_LOWER, ZWSP, "UNIQ#EMAIL#\u200b"),
    (NORMALISE_NONE, "   ", "UNIQ#EMAIL#   "),
    (NORMALISE_TRIM_LOWER, " Ada@X.io ", "UNIQ#EMAIL#ada@x.io")])
def test_claim_missing_lock_still_claims_a_value_that_is_not_emptied(mode: str, value: str,
                                                                     lock_pk: str) -> None:
    account = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": value}}
    tx = claim_missing_lock(_schema(mode), "accounts", account, "email")
    assert tx.actions[0].item["PK"] == {"S": lock_pk}


@pytest.mark.parametrize("mode", ["trim+lowercase", "nfkc+casefold"])
def test_the_export_audits_agree_that_an_emptied_value_is_no_value(tmp_path: Path, mode: str) -> None:
    """DuckDB's audit of an export and Athena's SQL (on its DuckDB twin) leave such values out as
    the live audit does (their SQL counted "   " and "\\t" as one value held twice, and the
    export audit refused to report: its engines disagreed)."""
    from dynoview.core.exports.audit import ExportAuditOptions, audit_exports
    from dynoview.core.exports.writer import write_export
    from dynoview.core.uniqueness.pairing import classify
    from tests.unit.core.test_export_audit import NOW, twin_audit

    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode),))
    items = [{"PK": {"S": f"ACCT#{i}"}, "SK": {"S": "PROFILE"}, "email": {"S": email}}
             for i, email in enumerate(["   ", "\t", "\u3000", "ada@x.io"])]
    items.append({"PK": {"S": "UNIQ#EMAIL#ada@x.io"}, "SK": {"S": "LOCK"}})
    live = classify(items, schema, None, NOW)
    assert live.findings() == []
    folder = write_export(tmp_path, "accounts", items, files=1)
    result = audit_exports([str(folder)], schema, options=ExportAuditOptions(now=NOW)).result
    assert result.findings == live.findings() and result.counts == live.counts()
    assert twin_audit(folder, schema, tmp_path / "twin", ttl=None) == (live.findings(), live.counts())


def test_sign_up_and_change_write_no_lock_for_an_emptied_value() -> None:
    """A sign-up or a change to "   " under a trimming rule is an account with no value: no lock
    on the empty value (which would refuse every other blank account), the old one released."""
    from dynoview.core.tx.templates import change_value, sign_up

    rule = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", "trim+lowercase")
    schema = UniquenessSchema(rules=(rule,))
    blank = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "   "}}
    (account,) = sign_up(schema, "t", blank).actions
    assert account.kind == "Put" and account.item == blank
    held = {**blank, "email": {"S": "Ada@x.io"}}
    tx = change_value(schema, "t", held, "email", " \t ")
    kinds = [(a.kind, a.target_key(["PK", "SK"]).get("PK")) for a in tx.actions]
    assert kinds == [("Delete", {"S": "UNIQ#EMAIL#ada@x.io"}), ("Update", {"S": "ACCT#1"})]
    tx = change_value(schema, "t", blank, "email", "bob@x.io")  # from no value to one: a Put only
    assert [a.kind for a in tx.actions] == ["Put", "Update"]
