"""The export audit on DuckDB gives the live audit's findings: same statuses, values, accounts,
lock keys and sentences, over random tables full of duplicates, clashes, expiry and Unicode."""

from __future__ import annotations

import json
import os
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.cli import main
from dynoview.core.errors import CancelledError
from dynoview.core.exports import duckdb_engine as export_duckdb
from dynoview.core.exports.audit import ExportAuditOptions, audit_exports, finding_keys
from dynoview.core.exports.rows import build_pairing, findings_and_counts, parse_rows
from dynoview.core.exports.sql import ATHENA_TWIN
from dynoview.core.exports.writer import Change, write_export
from dynoview.core.uniqueness.findings import CASE_CLASH, LOOKALIKE_CLASH, OK, Finding
from dynoview.core.uniqueness.forms import NORMALISATIONS, normalise
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from dynoview.core.uniqueness.schema_file import schema_to_text

NOW = datetime(2026, 6, 1, tzinfo=UTC)
T = NOW.timestamp()
POOL = ["ada@x.io", "Ada@X.io", " ada@x.io ", "bob", "BOB", "ΟΔΟΣ", "οδος", "İstanbul", "i̇stanbul",
        "a#b", "x'y", "42", "\tpad\u3000", "pad", "Straße", "STRASSE", "",
        # Lookalikes and normalisation clashes: Cyrillic а, fullwidth, a zero-width space, NFC
        # and NFD, a ligature, final sigma, Cherokee (folds to upper case), ASCII lookalikes.
        "\u0430da@x.io", "ＡＤＡ@x.io", "ada\u200b@x.io", "jos\u00e9", "jose\u0301", "ﬁle", "file",
        "οδοσ", "bob1", "bobl", "\uab70", "\u13a0", "\u0440\u0430\u0443\u0440\u0430l", "paypal"]


def _s(v: str) -> dict[str, str]:
    return {"S": v}


def random_table(rng: random.Random, schema: UniquenessSchema) -> list[dict[str, Any]]:
    items: dict[tuple[str, str | None], dict[str, Any]] = {}

    def ttl() -> dict[str, str] | None:
        return rng.choice([None, None, {"N": str(int(T - 3600))}, {"N": str(int(T + 3600))},
                           {"N": str(int(T * 1000))}, {"N": str(int(T - 6 * 365 * 86400))},
                           # Either side of five calendar years back (one or two leap days more
                           # than 5 x 365 days): still expired, then ignored by DynamoDB.
                           {"N": str(int(T - (5 * 365 + 0.5) * 86400))},
                           {"N": str(int(T - (5 * 365 + 2.5) * 86400))}])

    for i in range(rng.randint(5, 40)):
        acct: dict[str, Any] = {"PK": _s(f"ACCT#{i:03d}"), "SK": _s("PROFILE")}
        for rule in schema.rules:
            roll = rng.random()
            if roll < 0.8:
                acct[rule.attribute] = _s(rng.choice(POOL))
            elif roll < 0.9:
                acct[rule.attribute] = {"N": str(rng.randint(1, 3))}
        if (t := ttl()) is not None:
            acct["expiresAt"] = t
        items[(f"ACCT#{i:03d}", "PROFILE")] = acct
    for _ in range(rng.randint(5, 40)):
        rule = rng.choice(schema.rules)
        value = rng.choice([*POOL, "1", "2"])
        lock: dict[str, Any] = {"PK": _s(rule.prefix + value + rule.suffix)}
        if rule.sk_value is not None:
            lock["SK"] = _s(rule.lock_sk(rng.choice([value, value, "z"])) if rule.sk_template
                            else rule.sk_value)
        else:
            lock["SK"] = _s(rng.choice(["LOCK", "ANY"]))
        if (t := ttl()) is not None:
            lock["expiresAt"] = t
        items[(lock["PK"]["S"], lock["SK"]["S"])] = lock
    items[("SESSION#1", "S")] = {"PK": _s("SESSION#1"), "SK": _s("S"), "email": _s("ada@x.io")}
    items[("num", None)] = {"PK": {"N": "7"}, "SK": _s("X")}
    return list(items.values())


def schema_for(rng: random.Random) -> UniquenessSchema:
    norms = list(NORMALISATIONS)
    return UniquenessSchema(rules=(
        LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", rng.choice(norms)),
        LockRule("handle", "username", "UNIQ#H#{value}#END", rng.choice(["LOCK", None]), rng.choice(norms)),
        LockRule("email2", "email", "UNIQ#EMAIL#2#{value}", "LOCK", rng.choice(norms)),
    ))


@pytest.mark.parametrize("seed", range(12))
def test_export_audit_matches_the_live_rules(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    schema = schema_for(rng)
    items = random_table(rng, schema)
    live = classify(items, schema, "expiresAt", NOW)
    folder = write_export(tmp_path, "accounts", items, files=rng.randint(1, 4))
    result = audit_exports([str(folder)], schema,
                           options=ExportAuditOptions(ttl_attribute="expiresAt", now=NOW)).result
    assert finding_keys(result.findings) == finding_keys(live.findings())
    assert result.findings == live.findings()  # sentences, lock keys and account keys too
    assert result.counts == live.counts()
    assert result.counts[OK] == live.ok_count()
    assert (result.items_read, result.pairing.other_items) == (len(items), live.other_items)


def twin_audit(folder: Path, schema: UniquenessSchema, work: Path,
               ttl: str | None = "expiresAt") -> tuple[list[Finding], dict[str, int]]:
    """The findings and counts of Athena's SQL run on DuckDB (its twin), checked against the
    evidence the way an Athena audit's rows are (``rows.findings_and_counts``)."""
    files = sorted(str(p) for p in (folder / "data").iterdir())
    sql = export_duckdb.plan(schema, [(files, False)], ttl_attribute=ttl, now=NOW, dialect=ATHENA_TWIN)
    _, rows = export_duckdb.run(sql, export_duckdb.DuckDBSettings(work))
    engine_rows = parse_rows(rows, len(sql.attributes))
    pairing = build_pairing(engine_rows, schema, sql.attributes, ttl, NOW)
    return findings_and_counts(engine_rows, pairing, schema)


@pytest.mark.parametrize("seed", range(12))
def test_athena_sql_on_its_twin_matches_the_live_rules(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    schema = schema_for(rng)
    items = random_table(rng, schema)
    live = classify(items, schema, "expiresAt", NOW)
    folder = write_export(tmp_path, "accounts", items, files=rng.randint(1, 4))
    findings, counts = twin_audit(folder, schema, tmp_path / "twin")
    assert findings == live.findings()
    assert counts == live.counts()


def _account(i: int, email: str) -> dict[str, Any]:
    return {"PK": _s(f"ACCT#{i}"), "SK": _s("PROFILE"), "email": _s(email)}


def _lock(value: str) -> dict[str, Any]:
    return {"PK": _s(f"UNIQ#EMAIL#{value}"), "SK": _s("LOCK")}


@pytest.mark.parametrize("mode", NORMALISATIONS)
def test_lookalikes_and_normalisation_clashes_in_every_mode(tmp_path: Path, mode: str) -> None:
    # Each account locked as the rule stores it; a Cyrillic а beside a Latin a (a lookalike);
    # NFC beside NFD, fullwidth beside ASCII, a zero-width space (normalisation clashes); a lock
    # stored with capitals and no account (an orphan folded into its case clash); ASCII
    # lookalikes bob1 / bobl (not flagged).
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode),))
    emails = ["ada@x.io", "\u0430da@x.io", "jos\u00e9@x.io", "jose\u0301@x.io", "ＢＯＢ@x.io",
              "bob@x.io", "eve\u200b@x.io", "bob1", "bobl", "ﬁ@x.io"]
    items: list[dict[str, Any]] = []
    for i, email in enumerate(emails):
        items += [_account(i, email), _lock(normalise(email, mode))]
    items += [_account(20, "\u0440\u0430\u0443\u0440\u0430l"), _lock("EVE@x.io"), _lock("FI@x.io")]
    live = classify(items, schema, None, NOW)
    statuses = [f.status for f in live.findings()]
    assert statuses.count(LOOKALIKE_CLASH) == 1 and CASE_CLASH in statuses
    lookalike = next(f for f in live.findings() if f.status == LOOKALIKE_CLASH)
    assert lookalike.account_ids == ("ACCT#0", "ACCT#1")
    assert ("MISSING_LOCK", "раураl") in [(f.status, f.value) for f in live.findings()]
    folder = write_export(tmp_path, "accounts", items, files=2)
    result = audit_exports([str(folder)], schema, options=ExportAuditOptions(now=NOW)).result
    assert result.findings == live.findings() and result.counts == live.counts()
    assert twin_audit(folder, schema, tmp_path / "twin", ttl=None) == (live.findings(), live.counts())


@pytest.mark.parametrize("seed", range(4))
def test_export_audit_of_locks_whose_sort_key_repeats_the_value(tmp_path: Path, seed: int) -> None:
    # TypeDORM's markers: the value in both keys; an SK with another value is not a lock.
    rng = random.Random(seed)
    schema = UniquenessSchema(rules=(
        LockRule("email", "email", "DRM_GEN_USER.EMAIL#{value}", "DRM_GEN_USER.EMAIL#{value}",
                 rng.choice(["none", "lowercase"])),
        LockRule("handle", "username", "U#H#{value}#E", "H'#{value}#'")))
    items = random_table(rng, schema)
    live = classify(items, schema, "expiresAt", NOW)
    folder = write_export(tmp_path, "accounts", items, files=rng.randint(1, 3))
    result = audit_exports([str(folder)], schema,
                           options=ExportAuditOptions(ttl_attribute="expiresAt", now=NOW)).result
    assert result.findings == live.findings()
    assert result.counts == live.counts()
    assert (result.items_read, result.pairing.other_items) == (len(items), live.other_items)


def test_an_account_whose_items_hold_a_flagged_and_a_healthy_value(tmp_path: Path) -> None:
    # The 20,000-example run's failure (typedorm, accounts' sort keys vary): USER#1's PROFILE
    # item holds 'ada@x.io' (locked: healthy), its USER item ' ada@x.io' (a value of its own
    # under "none": no lock). Rebuilding the evidence took "USER#1 is flagged for email" to
    # mean all its email values, so the healthy one lost its lock there (a MISSING_LOCK the
    # SQL rightly does not report) and the export audit refused to report. The USER item now
    # holds 'ada@y.io': ' ada@x.io' is a lookalike of 'ada@x.io' (forms.lookalike_key tidies
    # whitespace), which would leave no healthy value (test_lookalike_whitespace_dots.py).
    schema = UniquenessSchema("PK", "SK", "USER#", None, (
        LockRule("email", "email", "DRM_GEN_USER.EMAIL#{value}", "DRM_GEN_USER.EMAIL#{value}"),
        LockRule("username", "username", "DRM_GEN_USER.USERNAME#{value}",
                 "DRM_GEN_USER.USERNAME#{value}")))
    items = [{"PK": _s("USER#1"), "SK": _s("PROFILE"), "email": _s("ada@x.io")},
             {"PK": _s("USER#2"), "SK": _s("USER")},
             {"PK": _s("USER#2"), "SK": _s("PROFILE")},
             {"PK": _s("USER#1"), "SK": _s("USER"), "email": _s("ada@y.io"),
              "username": _s("ada@x.io")},
             {"PK": _s("DRM_GEN_USER.EMAIL#ada@x.io"), "SK": _s("DRM_GEN_USER.EMAIL#ada@x.io")}]
    live = classify(items, schema, None, NOW)
    assert [(f.status, f.rule, f.value, f.account_ids) for f in live.findings()] == [
        ("MISSING_LOCK", "email", "ada@y.io", ("USER#1",)),
        ("MISSING_LOCK", "username", "ada@x.io", ("USER#1",))]
    assert live.counts()[OK] == 1  # email 'ada@x.io' with its lock
    folder = write_export(tmp_path, "accounts", items, files=2)
    result = audit_exports([str(folder)], schema, options=ExportAuditOptions(now=NOW)).result
    twin, twin_counts = twin_audit(folder, schema, tmp_path / "twin", ttl=None)
    # Keys, not whole findings: which of USER#1's items a finding's account key names follows
    # the order the engine reads them in (DuckDB's varies).
    want = finding_keys(live.findings())
    assert (finding_keys(result.findings), result.counts) == (want, live.counts())
    assert (finding_keys(twin), twin_counts) == (want, live.counts())


def test_hostile_schema_text_stays_data(tmp_path: Path) -> None:
    odd = "x'); DROP TABLE raw; --"
    schema = UniquenessSchema(pk_name="p'k", sk_name='s"k', account_pk_prefix="A'#",
                              account_sk_value="P'", rules=(
                                  LockRule("e", "e'mail", "U'#{value}#'", "L'", "lowercase"),))
    items = [{"p'k": _s("A'#1"), 's"k': _s("P'"), "e'mail": _s(odd)},
             {"p'k": _s("A'#2"), 's"k': _s("P'"), "e'mail": _s("Q'")},
             {"p'k": _s("U'#q'#'"), 's"k': _s("L'")},
             {"p'k": _s("U'#z'#'"), 's"k': _s("L'")}]
    live = classify(items, schema, None, NOW)
    folder = write_export(tmp_path, "t", items)
    result = audit_exports([str(folder)], schema, options=ExportAuditOptions(now=NOW)).result
    assert result.findings == live.findings() and len(result.findings) == 2


def test_incremental_export_applied_over_the_full_one(tmp_path: Path) -> None:
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}"),))
    acct = {"PK": _s("ACCT#1"), "SK": _s("PROFILE"), "email": _s("a@x")}
    lock_a = {"PK": _s("UNIQ#EMAIL#a@x"), "SK": _s("LOCK")}
    lock_b = {"PK": _s("UNIQ#EMAIL#b@x"), "SK": _s("LOCK")}
    gone = {"PK": _s("ACCT#2"), "SK": _s("PROFILE"), "email": _s("c@x")}
    full = write_export(tmp_path / "full", "accounts", [acct, lock_a, gone], export_time=T - 7200)
    # The email change: new lock written, account updated, old lock left behind (an orphan);
    # account 2 deleted with its (never written) lock: its missing-lock finding goes away.
    changes = [Change({"PK": acct["PK"], "SK": acct["SK"]}, {**acct, "email": _s("b@x")}, acct,
                      written_at=T - 3000),
               Change({"PK": lock_b["PK"], "SK": lock_b["SK"]}, lock_b, None, written_at=T - 3001),
               Change({"PK": gone["PK"], "SK": gone["SK"]}, None, gone, written_at=T - 2000)]
    inc = write_export(tmp_path / "inc", "accounts", changes=changes, from_time=T - 7300,
                       export_time=T - 1800)
    after = [{**acct, "email": _s("b@x")}, lock_a, lock_b]
    live = classify(after, schema, None, NOW)
    result = audit_exports([str(inc), str(full)], schema, options=ExportAuditOptions(now=NOW))
    assert result.result.findings == live.findings()
    assert [(f.status, f.value) for f in result.result.findings] == [("ORPHAN_LOCK", "a@x")]
    assert result.result.items_read == 3 and result.lines_read == 6
    assert [m.export_type for m in result.manifests] == ["FULL_EXPORT", "INCREMENTAL_EXPORT"]
    assert "1 incremental export(s) applied" in result.text()


def test_cancel_stops_before_a_report(tmp_path: Path) -> None:
    import threading

    folder = write_export(tmp_path, "t", [{"PK": _s("ACCT#1"), "SK": _s("PROFILE")}])
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(CancelledError):
        audit_exports([str(folder)], UniquenessSchema(rules=(LockRule("e", "e", "U#{value}"),)),
                      cancel=cancel)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_exit_codes_and_json_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}"),))
    schema_file = tmp_path / "schema.json"
    schema_file.write_text(schema_to_text(schema))
    clean = write_export(tmp_path / "clean", "accounts", [
        {"PK": _s("ACCT#1"), "SK": _s("PROFILE"), "email": _s("a@x")},
        {"PK": _s("UNIQ#EMAIL#a@x"), "SK": _s("LOCK")}])
    code, out, err = _run(capsys, "audit", "--export", str(clean), "--schema", str(schema_file))
    assert code == 0, err
    assert "No problems found." in out and "snapshot of the table as of" in out
    broken = write_export(tmp_path / "broken", "accounts", [
        {"PK": _s("UNIQ#EMAIL#a@x"), "SK": _s("LOCK")}, {"PK": _s("ACCT#1"), "SK": _s("PROFILE")}])
    code, out, err = _run(capsys, "audit", "--export", str(broken.parent.parent), "--schema",
                          str(schema_file), "--format", "json")
    assert code == 1, err
    data = json.loads(out)
    assert data["format"] == "dynoview-audit" and data["table"] == "accounts"
    assert data["scan"]["consistency"] == "snapshot" and data["scan"]["consumed_capacity"] == 0.0
    assert [f["status"] for f in data["findings"]] == ["ORPHAN_LOCK"]
    assert data["export"]["confirm_requests"] == [
        {"TableName": "accounts", "Key": {"PK": {"S": "UNIQ#EMAIL#a@x"}, "SK": {"S": "LOCK"}},
         "ConsistentRead": True}]
    assert "strongly consistent GetItem" in data["export"]["note"]
    # A corrupted data file: exit 2 naming it, nothing on stdout.
    victim = next((broken / "data").iterdir())
    body = bytearray(victim.read_bytes())
    body[-6] ^= 0xFF  # inside the gzip trailer's CRC: the bytes differ from what was exported
    victim.write_bytes(bytes(body))
    code, out, err = _run(capsys, "audit", "--export", str(broken), "--schema", str(schema_file))
    assert (code, out) == (2, "")
    assert f"data/{victim.name} is corrupted" in err
    victim.unlink()
    code, out, err = _run(capsys, "audit", "--export", str(broken))
    assert (code, out) == (2, "") and f"data/{victim.name} listed in manifest-files.json is missing" in err
    code, _, err = _run(capsys, "audit", "--export", str(clean), "--table", "accounts")
    assert code == 2 and "--table reads a live table" in err
    code, _, err = _run(capsys, "audit")
    assert code == 2 and "give --table TABLE" in err


def test_print_sql(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_export(tmp_path, "accounts", [{"PK": _s("ACCT#1"), "SK": _s("PROFILE")}])
    code, out, _ = _run(capsys, "audit", "--export", str(folder), "--print-sql", "duckdb")
    assert code == 0 and "read_ndjson([" in out and "CREATE OR REPLACE TABLE raw AS" in out
    assert str(folder / "data") in out


def test_print_sql_athena_detect_and_flag_mistakes(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = write_export(tmp_path, "accounts", [
        {"PK": _s("ACCT#1"), "SK": _s("PROFILE"), "mail": _s("a@x")},
        {"PK": _s("UNIQ#MAIL#a@x"), "SK": _s("LOCK")}])
    code, out, err = _run(capsys, "audit", "--export", str(folder), "--detect", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["schema"]["rules"][0]["pk_template"] == "UNIQ#MAIL#{value}"
    code, out, err = _run(capsys, "audit", "--export", str(folder), "--athena-output", "s3://b/o/")
    assert code == 2 and "Athena, which reads exports in S3" in err
    code, out, err = _run(capsys, "audit", "--export", str(folder), "--print-sql", "athena")
    assert code == 2 and "Athena reads exports in S3" in err


def test_an_unsure_detection_audits_no_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As for a live table: locks whose sort keys vary with no pattern make an unsure guess,
    which audits nothing (a healthy export's every lock would have read as an orphan)."""
    folder = write_export(tmp_path, "accounts", [
        {"PK": _s("ACCT#1"), "SK": _s("PROFILE"), "mail": _s("a@x")},
        {"PK": _s("ACCT#2"), "SK": _s("PROFILE"), "mail": _s("b@x")},
        {"PK": _s("ACCT#3"), "SK": _s("PROFILE"), "mail": _s("c@x")},
        {"PK": _s("UNIQ#MAIL#a@x"), "SK": _s("first")},
        {"PK": _s("UNIQ#MAIL#b@x"), "SK": _s("2nd-lock")},
        {"PK": _s("UNIQ#MAIL#c@x"), "SK": _s("x")}])
    code, out, err = _run(capsys, "audit", "--export", str(folder), "--detect", "--format", "json")
    assert (code, out) == (2, ""), err
    assert "--detect is not sure of the schema it proposes" in err and "nothing was audited" in err


def test_export_of_a_onetable_table_with_the_preset(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # Key names come from the markers (an export has no table description): pk / sk.
    folder = write_export(tmp_path, "app", [
        {"pk": _s("user#1"), "sk": _s("user#"), "_type": _s("User"), "email": _s("a@x")},
        {"pk": _s("user#2"), "sk": _s("user#"), "_type": _s("User"), "email": _s("b@x")},
        {"pk": _s("_unique#User#email#a@x"), "sk": _s("_unique#"), "_type": _s("_Unique")},
        {"pk": _s("_unique#User#email#old@x"), "sk": _s("_unique#"), "_type": _s("_Unique")}])
    code, out, err = _run(capsys, "audit", "--export", str(folder), "--preset", "onetable",
                          "--format", "json")
    assert code == 1, err
    data = json.loads(out)
    assert data["schema"]["pk_name"] == "pk"
    assert data["schema"]["rules"][0]["pk_template"] == "_unique#User#email#{value}"
    assert [(f["status"], f["value"]) for f in data["findings"]] == [
        ("MISSING_LOCK", "b@x"), ("ORPHAN_LOCK", "old@x")]
    code, out, err = _run(capsys, "audit", "--export", str(folder), "--preset", "typedorm")
    assert (code, out) == (2, "") and "is a TypeDORM (@typedorm/core) marker" in err


def test_the_report_is_one_dynoview_repair_reads(tmp_path: Path) -> None:
    from dynoview.core.repair.plan import plan_repairs
    from dynoview.core.repair.report import parse_report

    folder = write_export(tmp_path, "accounts", [
        {"PK": _s("UNIQ#EMAIL#a@x"), "SK": _s("LOCK")},
        {"PK": _s("ACCT#1"), "SK": _s("PROFILE"), "email": _s("b@x")}])
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}"),))
    result = audit_exports([str(folder)], schema)
    report = parse_report(json.loads(json.dumps(result.report_json())))
    assert report.table == "accounts" and report.schema == schema
    plan = plan_repairs(report.findings, schema, report.table)
    assert [(p.kind, p.finding.value) for p in plan.items] == [("release", "a@x"), ("claim", "b@x")]


def test_small_memory_limits_use_fewer_threads() -> None:
    from dynoview.core.exports.duckdb_engine import threads_for

    assert threads_for("128MB") == 1 and threads_for("64MB") == 1
    assert threads_for("512 MiB") == min(5, os.cpu_count() or 1)
    assert threads_for("not a size") is None  # DuckDB says what is wrong with it


@pytest.mark.parametrize("mode", NORMALISATIONS)
def test_scoped_rules_pair_by_scope_in_sql_as_live(tmp_path: Path, mode: str) -> None:
    # OneTable's scoped uniques: the scope filled in SQL as scope.fill_scope fills it (text and
    # numbers, ${n:3:x} padded and never cut, `undefined` for a missing variable), the value
    # part normalised, each account paired with its own scope's marker.
    rule = LockRule("email", "email", "_unique#{scope}#User#email#{value}", "_unique#", mode,
                    scope="${org}-${n:3:x}")
    schema = UniquenessSchema("pk", "sk", "user#", "user#", (rule,))

    def user(i: int, email: str, **scope: dict[str, str]) -> dict[str, Any]:
        return {"pk": _s(f"user#{i}"), "sk": _s("user#"), "email": _s(email), **scope}

    def marker(scope: str, value: str) -> dict[str, Any]:
        return {"pk": _s(f"_unique#{scope}#User#email#{value}"), "sk": _s("_unique#")}

    items = [user(1, "ada@x.io", org=_s("acme"), n={"N": "7"}), marker("acme-xx7", "ada@x.io"),
             user(2, "ada@x.io", org=_s("acme"), n=_s("1234")), marker("acme-1234", "ada@x.io"),
             user(3, "Ada@X.io", org=_s("acme"), n={"N": "7"}),  # one value when normalised
             user(4, "bob@x.io", org=_s("acme")), marker("undefined", "bob@x.io"),
             user(5, "cy@x.io", org=_s("globex"), n=_s("")), marker("acme-xx7", "stuck@x.io"),
             marker("acme-xx7", "#hash@x.io"),
             {"pk": _s("_unique#acme-xx7#Team#name#a"), "sk": _s("_unique#")}]  # another model's
    live = classify(items, schema, None, NOW)
    assert {f.value for f in live.findings()} >= {"undefined#User#email#cy@x.io",
                                                  "acme-xx7#User#email#stuck@x.io"}
    folder = write_export(tmp_path, "app", items, files=2)
    result = audit_exports([str(folder)], schema, options=ExportAuditOptions(now=NOW)).result
    assert result.findings == live.findings()
    assert result.counts == live.counts()
    twin = twin_audit(folder, schema, tmp_path / "twin")
    assert twin == (live.findings(), live.counts())
