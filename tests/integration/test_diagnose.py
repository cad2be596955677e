"""Diagnose one value over HTTP: strong GetItem for the lock, GSI or Scan for accounts."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from dynoview.core.audit.report import diagnosis_json
from dynoview.core.audit.run import run_audit
from dynoview.core.errors import CancelledError, DynoViewError
from dynoview.core.reads.reader import Reader
from dynoview.core.session.connection import Connection
from dynoview.core.session.tables import describe_table
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.tx.execution import execute_transaction
from dynoview.core.tx.model import DELETE, Transaction
from dynoview.core.tx.outcomes import SUCCEEDED
from dynoview.core.tx.templates import change_value, lock_put, sign_up
from dynoview.core.uniqueness.diagnose import FREE, diagnose
from dynoview.core.uniqueness.findings import (
    CASE_CLASH,
    DUPLICATE_VALUE,
    EXPIRED,
    LOOKALIKE_CLASH,
    MISSING_LOCK,
    OK,
    ORPHAN_LOCK,
)
from dynoview.core.uniqueness.holders import VIA_INDEX, VIA_SCAN
from dynoview.core.uniqueness.origin import (
    LEFT_BY_CHANGE,
    LEFT_BY_DELETE,
    SOURCE_ACTION_LOG,
    SOURCE_NONE,
    SOURCE_OWNER,
    SOURCE_STREAM,
    STUCK_SIGNUP,
    UNKNOWN,
)
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, LockRule, UniquenessSchema, default_schema
from tests.demo_expectations import LOOKALIKE_EMAIL
from tests.helpers import connect

pytestmark = pytest.mark.integration
ARTICLE = default_schema(None)


@pytest.mark.parametrize(("rule", "value", "status"), [
    ("email", "ada@lovelace.io", OK),
    ("email", "ken@thompson.dev", ORPHAN_LOCK),
    ("email", "barbara@mit.edu", ORPHAN_LOCK),
    ("username", "linus", MISSING_LOCK),
    ("email", "shared@example.com", DUPLICATE_VALUE),
    ("email", "pending@signup.test", EXPIRED),
    ("email", "Margaret@Hamilton.space", CASE_CLASH),
    ("email", LOOKALIKE_EMAIL, LOOKALIKE_CLASH),
    ("email", "nobody@example.com", FREE),
])
def test_statuses(reader: Reader, conn: Connection, accounts_table: str, rule: str, value: str,
                  status: str) -> None:
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), rule, value)
    assert d.status == status, d.sentence
    get = d.receipts[0]
    assert (get.operation, get.consistency) == ("GetItem", "strong")
    assert get.request["Key"] == d.lock_key
    assert "Scan" not in {r.operation for r in d.receipts if r.request.get("Key")}


def test_stuck_signup_sentence_and_gsi(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "email", "ken@thompson.dev")
    assert d.sentence.startswith("ken@thompson.dev is locked, and no account uses it: a stuck "
                                 "signup. The stream shows the lock written at ")
    assert d.sentence.endswith("with no account write carrying ken@thompson.dev in the same "
                               "transaction: the account write never happened. Releasing the lock "
                               "lets the person sign up again.")
    assert d.origin is not None and (d.origin.kind, d.origin.source) == (STUCK_SIGNUP, SOURCE_STREAM)
    assert d.typed == d.stored == "ken@thompson.dev" and d.typed_note is None
    assert d.method == VIA_INDEX and d.index_name == "email-index"
    query = [r for r in d.receipts if r.operation == "Query"]
    assert query and all(r.consistency == "eventual" for r in query)
    assert any("eventually consistent" in n for n in d.notes)
    assert d.lock_item is not None and d.accounts == []
    data = diagnosis_json(d)
    assert data["status"] == "ORPHAN_LOCK" and data["locked"] is True
    assert data["origin"]["kind"] == "stuck-signup" and data["origin"]["source"] == "stream"
    assert (data["typed"], data["stored"]) == ("ken@thompson.dev", "ken@thompson.dev")
    assert data["lock_key"] == {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}}


def test_scan_path_reports_cost_before_and_after(reader: Reader, conn: Connection,
                                                 accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "username", "linus")
    assert d.method == VIA_SCAN and d.account_ids == ["ACCT#1d2e3f"]
    assert d.estimate is not None and d.estimate.items == info.item_count
    assert d.scanned_count == info.item_count
    scans = [r for r in d.receipts if r.operation == "Scan"]
    assert scans and all(r.consistency == "strong" for r in scans)
    assert scans[0].request["ExpressionAttributeNames"]["#v"] == "username"
    assert any("Scan read" in n for n in d.notes)


def test_reserved_word_rule_and_normalisation(reader: Reader, conn: Connection,
                                              accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    base = default_schema(info)
    schema = replace(base, rules=(*base.rules, LockRule("status", "status", "UNIQ#STATUS#{value}")))
    d = diagnose(reader, info, schema, "status", "active")
    assert d.status == DUPLICATE_VALUE
    assert len(d.account_ids) > 10  # every demo account has status "active"
    lower = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                             NORMALISE_LOWER, "email-index"),))
    d = diagnose(reader, info, lower, "email", "ADA@Lovelace.io")
    assert d.normalised == "ada@lovelace.io" and d.status == OK
    assert d.lock_key["PK"] == {"S": "UNIQ#EMAIL#ada@lovelace.io"}


def test_read_only_connection_diagnoses(endpoint_url: str, accounts_table: str) -> None:
    ro = connect(endpoint_url, read_only=True)
    reader = Reader(ro)
    info = describe_table(ro, accounts_table)
    d = diagnose(reader, info, default_schema(info), "username", "linus")
    assert d.status == MISSING_LOCK
    assert {r.operation for r in reader.log.receipts()} <= {"GetItem", "Query", "Scan"}


def test_unknown_rule_and_empty_value(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    with pytest.raises(DynoViewError, match="No uniqueness rule named 'phone'"):
        diagnose(reader, info, default_schema(info), "phone", "1")
    with pytest.raises(DynoViewError, match="Type the value"):
        diagnose(reader, info, default_schema(info), "email", "")


# --------------------------------------------------------------------------- typed capitals


def test_capitals_find_the_lowercase_lock_and_the_real_case(reader: Reader, conn: Connection,
                                                            accounts_table: str) -> None:
    """Customers type capitals: the lower-cased lock is found and named, never called a clash."""
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "email", "Ken@Thompson.dev")
    assert d.status == ORPHAN_LOCK, d.sentence
    assert (d.typed, d.stored) == ("Ken@Thompson.dev", "ken@thompson.dev")
    assert d.typed_note == "You typed Ken@Thompson.dev; the lock stores ken@thompson.dev."
    assert d.sentence.startswith("You typed Ken@Thompson.dev; the lock stores ken@thompson.dev. "
                                 "ken@thompson.dev is locked, and no account uses it: a stuck signup.")
    assert "Keep one spelling" not in d.sentence and d.variant_lock_key is None
    assert d.lock_key == {"PK": {"S": "UNIQ#EMAIL#ken@thompson.dev"}, "SK": {"S": "LOCK"}}
    assert d.origin is not None and d.origin.kind == STUCK_SIGNUP
    gets = [r.request["Key"]["PK"]["S"] for r in d.receipts if r.operation == "GetItem"]
    assert gets == ["UNIQ#EMAIL#Ken@Thompson.dev", "UNIQ#EMAIL#ken@thompson.dev"]
    assert all(r.consistency == "strong" for r in d.receipts if r.operation == "GetItem")
    # An owned value typed with capitals is OK, with the same line.
    ada = diagnose(reader, info, default_schema(info), "email", "ADA@Lovelace.io")
    assert ada.status == OK and ada.account_ids == ["ACCT#a1f9c3"]
    assert ada.sentence.startswith("You typed ADA@Lovelace.io; the lock stores ada@lovelace.io. ")


def test_real_case_clashes_are_still_found(reader: Reader, conn: Connection,
                                           accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    schema = default_schema(info)
    # Two locks that differ only in case (the demo's Margaret).
    d = diagnose(reader, info, schema, "email", "Margaret@Hamilton.space")
    assert d.status == CASE_CLASH
    assert d.variant_lock_key == {"PK": {"S": "UNIQ#EMAIL#margaret@hamilton.space"}, "SK": {"S": "LOCK"}}
    assert d.sentence.startswith("Margaret@Hamilton.space and margaret@hamilton.space, which differ "
                                 "only in case, are both in the table (each is locked; account using "
                                 "them: ACCT#5d6e7f)")
    # An account holding capitals beside a lower-case lock: two spellings, one lock.
    conn.client.put_item(TableName=accounts_table, Item={
        "PK": {"S": "ACCT#zz1"}, "SK": {"S": "PROFILE"}, "email": {"S": "Zed@Example.io"}})
    conn.client.put_item(TableName=accounts_table, Item={
        "PK": {"S": "UNIQ#EMAIL#zed@example.io"}, "SK": {"S": "LOCK"}})
    d = diagnose(reader, info, schema, "email", "Zed@Example.io", use_index=False)
    assert d.status == CASE_CLASH, d.sentence
    assert "locked: zed@example.io" in d.sentence and d.account_ids == ["ACCT#zz1"]
    assert d.origin is None


# --------------------------------------------------------------------------- Unicode spellings

CYRILLIC_ADA = "\u0430da@x.io"  # Cyrillic а, then Latin "da@x.io": looks like ada@x.io


def _account_and_lock(conn: Connection, table: str, acct: str, email: str, lock: str | None = None) -> None:
    _put(conn, table, f"ACCT#{acct}", "PROFILE", email=email)
    _put(conn, table, f"UNIQ#EMAIL#{email if lock is None else lock}", "LOCK")


@pytest.mark.parametrize("use_index", [True, False], ids=["gsi", "scan"])
def test_a_cyrillic_lookalike_is_a_lookalike_clash(reader: Reader, conn: Connection, accounts_table: str,
                                                   use_index: bool) -> None:
    """Never "working as intended": the typed value's lookalike form is read, and the engine
    judges the two accounts and locks."""
    _account_and_lock(conn, accounts_table, "latin", "ada@x.io")
    _account_and_lock(conn, accounts_table, "cyrillic", CYRILLIC_ADA)
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "email", CYRILLIC_ADA, use_index=use_index)
    assert d.status == LOOKALIKE_CLASH, d.sentence
    assert d.method == (VIA_INDEX if use_index else VIA_SCAN)
    assert d.sentence.startswith("'\u0430da@x.io' (with U+0430 CYRILLIC SMALL LETTER A) looks the same "
                                 "as ada@x.io but is a different value (ACCT#latin uses ada@x.io; "
                                 "ACCT#cyrillic uses '\u0430da@x.io' (with U+0430 CYRILLIC SMALL LETTER "
                                 "A); each is locked): one account may be impersonating another.")
    assert "working as intended" not in d.sentence and d.typed_note is None
    assert sorted(d.account_ids) == ["ACCT#cyrillic", "ACCT#latin"]
    assert d.lock_key == {"PK": {"S": f"UNIQ#EMAIL#{CYRILLIC_ADA}"}, "SK": {"S": "LOCK"}}
    assert d.variant_lock_key == {"PK": {"S": "UNIQ#EMAIL#ada@x.io"}, "SK": {"S": "LOCK"}}
    gets = [r.request["Key"]["PK"]["S"] for r in d.receipts if r.operation == "GetItem"]
    assert gets == [f"UNIQ#EMAIL#{CYRILLIC_ADA}", "UNIQ#EMAIL#ada@x.io"]
    assert diagnosis_json(d)["status"] == "LOOKALIKE_CLASH"


def test_a_free_value_that_looks_like_a_taken_one_says_so(reader: Reader, conn: Connection,
                                                          plain_table: str) -> None:
    _account_and_lock(conn, plain_table, "latin", "ada@x.io")
    info = describe_table(conn, plain_table)
    d = diagnose(reader, info, ARTICLE, "email", CYRILLIC_ADA)
    assert d.status == FREE and not d.is_problem
    assert d.sentence.endswith("But it looks the same as ada@x.io (account ACCT#latin): a signup with "
                               "'\u0430da@x.io' (with U+0430 CYRILLIC SMALL LETTER A) would be a "
                               "lookalike clash. Make sure the person is not impersonating that account.")
    assert d.account_ids == ["ACCT#latin"]
    # A free ASCII value reads no lookalike form: nothing outside ASCII can imitate it.
    d = diagnose(reader, info, ARTICLE, "email", "bob@x.io")
    assert d.status == FREE and "looks the same" not in d.sentence
    assert [r.request["Key"]["PK"]["S"] for r in d.receipts if r.operation == "GetItem"] == [
        "UNIQ#EMAIL#bob@x.io"]


@pytest.mark.parametrize(("stored", "typed", "named"), [
    # NFD stored: either spelling typed finds the other (NFC is the clash key, NFD the skeleton).
    ("jose\u0301@x.io", ["jose\u0301@x.io", "jos\u00e9@x.io"], "U+0301 COMBINING ACUTE ACCENT"),
    ("\uff41da@x.io", ["\uff41da@x.io"], "U+FF41 FULLWIDTH LATIN SMALL LETTER A"),
    ("a\u200bda@x.io", ["a\u200bda@x.io"], "U+200B ZERO WIDTH SPACE"),
])
def test_unicode_forms_of_one_value_are_a_case_clash(reader: Reader, conn: Connection, plain_table: str,
                                                     stored: str, typed: list[str], named: str) -> None:
    """NFD beside NFC, fullwidth letters, a zero-width space: one value to a person, two lock
    keys to DynamoDB. Diagnosing the odd spelling finds the plain one through its clash key."""
    plain = "jos\u00e9@x.io" if stored.startswith("jos") else "ada@x.io"
    _account_and_lock(conn, plain_table, "plain", plain)
    _account_and_lock(conn, plain_table, "odd", stored)
    info = describe_table(conn, plain_table)
    for value in typed:
        d = diagnose(reader, info, ARTICLE, "email", value)
        assert d.status == CASE_CLASH, (value, d.sentence)
        assert "differ only in case, spacing, Unicode form or invisible characters" in d.sentence
        assert named in d.sentence and "each is locked" in d.sentence
        assert sorted(d.account_ids) == ["ACCT#odd", "ACCT#plain"]


def test_diagnosis_says_what_the_audit_says(reader: Reader, conn: Connection, plain_table: str) -> None:
    """Each account value's diagnosis has the status of its cell in the audit (one engine)."""
    _account_and_lock(conn, plain_table, "a", "ada@x.io")
    _account_and_lock(conn, plain_table, "b", CYRILLIC_ADA)  # lookalike of a
    _account_and_lock(conn, plain_table, "c", "Cy@x.io", lock="cy@x.io")  # case clash
    _put(conn, plain_table, "ACCT#d", "PROFILE", email="\u0430l@x.io")  # lookalike, no lock
    _account_and_lock(conn, plain_table, "e", "al@x.io")
    _put(conn, plain_table, "ACCT#f", "PROFILE", email="dup@x.io")
    _put(conn, plain_table, "ACCT#g", "PROFILE", email="dup@x.io")
    _account_and_lock(conn, plain_table, "h", "ok@x.io")
    info = describe_table(conn, plain_table)
    audit = run_audit(reader, info, ARTICLE)
    cells = {r.account_id: r.cells["email"] for r in audit.pairing.rows() if r.kind == "account"}
    assert {c.status for c in cells.values()} >= {LOOKALIKE_CLASH, CASE_CLASH, MISSING_LOCK,
                                                  DUPLICATE_VALUE, OK}
    for acct in ("ACCT#b", "ACCT#c", "ACCT#d", "ACCT#f", "ACCT#h"):
        value = cells[acct].value
        assert value is not None
        d = diagnose(reader, info, ARTICLE, "email", value, explain_origin=False)
        assert d.status == cells[acct].status, (acct, d.sentence)
    # The Cyrillic account without a lock: the missing lock first, the lookalike never unsaid.
    d = diagnose(reader, info, ARTICLE, "email", "\u0430l@x.io", explain_origin=False)
    assert d.status == MISSING_LOCK and " Also: " in d.sentence and "looks the same as al@x.io" in d.sentence


def test_a_value_stored_as_a_number_is_found(reader: Reader, conn: Connection, plain_table: str) -> None:
    """The audit reads an N attribute as its text: the diagnosis's Scan finds it as one too."""
    conn.client.put_item(TableName=plain_table, Item={"PK": {"S": "ACCT#n"}, "SK": {"S": "PROFILE"},
                                                      "username": {"N": "42"}})
    _put(conn, plain_table, "UNIQ#HANDLE#42", "LOCK")
    info = describe_table(conn, plain_table)
    d = diagnose(reader, info, ARTICLE, "username", "42")
    assert (d.status, d.account_ids) == (OK, ["ACCT#n"]), d.sentence
    assert run_audit(reader, info, ARTICLE).findings == []


# --------------------------------------------------------------------------- origin of orphan locks


def test_stale_lock_from_an_email_change_is_found_on_the_stream(reader: Reader, conn: Connection,
                                                                accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "email", "barbara@mit.edu")
    assert d.status == ORPHAN_LOCK
    origin = d.origin
    assert origin is not None
    assert (origin.kind, origin.source, origin.account_id, origin.current_value) == (
        LEFT_BY_CHANGE, SOURCE_STREAM, "ACCT#4c5d6e", "barbara@liskov.io")
    assert "stuck signup" not in d.sentence
    assert d.sentence.startswith("barbara@mit.edu is locked, and no account uses it: left behind by a "
                                 "change of email on ACCT#4c5d6e (it now holds barbara@liskov.io). "
                                 "The stream shows ACCT#4c5d6e's email changed from barbara@mit.edu "
                                 "to barbara@liskov.io at ")
    assert d.sentence.endswith("Releasing the lock frees barbara@mit.edu for anyone; ACCT#4c5d6e "
                               "keeps its current email.")
    records = [r for r in d.receipts if r.operation == "GetRecords"]
    assert records and all(r.consistency == "eventual" for r in records)
    assert {r.operation for r in reader.log.receipts()} >= {"GetItem", "Query", "GetRecords"}


def test_stream_reading_is_bounded(reader: Reader, conn: Connection, accounts_table: str) -> None:
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, default_schema(info), "email", "barbara@mit.edu", max_stream_calls=1)
    assert len([r for r in d.receipts if r.operation == "GetRecords"]) == 1
    assert any("read only in part" in n for n in d.notes)
    assert d.origin is not None and d.origin.kind == LEFT_BY_CHANGE  # the first page held it


@pytest.fixture
def plain_table(conn: Connection) -> Iterator[str]:
    """An article-layout table of our own: no stream, no index, no TTL."""
    name = f"locks-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    yield name
    conn.client.delete_table(TableName=name)


def _put(conn: Connection, table: str, pk: str, sk: str, **attrs: str) -> None:
    item = {"PK": {"S": pk}, "SK": {"S": sk}, **{k: {"S": v} for k, v in attrs.items()}}
    conn.client.put_item(TableName=table, Item=item)


def test_owner_attribute_names_the_account(reader: Reader, conn: Connection, plain_table: str,
                                           tmp_path: Path) -> None:
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK",
                                              owner_attribute="owner"),))
    _put(conn, plain_table, "ACCT#o1", "PROFILE", email="new@owner.io")
    _put(conn, plain_table, "UNIQ#EMAIL#new@owner.io", "LOCK", owner="ACCT#o1")
    _put(conn, plain_table, "UNIQ#EMAIL#old@owner.io", "LOCK", owner="ACCT#o1")
    _put(conn, plain_table, "UNIQ#EMAIL#gone@owner.io", "LOCK", owner="o2")  # bare id: prefix added
    _put(conn, plain_table, "UNIQ#EMAIL#anon@owner.io", "LOCK")
    info = describe_table(conn, plain_table)
    empty = ActionLog(tmp_path / "actions.jsonl")

    d = diagnose(reader, info, schema, "email", "old@owner.io", action_log=empty)
    assert d.status == ORPHAN_LOCK and d.origin is not None
    assert (d.origin.kind, d.origin.source, d.origin.account_id, d.origin.current_value) == (
        LEFT_BY_CHANGE, SOURCE_OWNER, "ACCT#o1", "new@owner.io")
    assert d.sentence == ("old@owner.io is locked, and no account uses it: left behind by a change of "
                          "email on ACCT#o1 (it now holds new@owner.io). The lock's owner attribute "
                          "names account ACCT#o1. That account now holds new@owner.io. Releasing "
                          "the lock frees old@owner.io for anyone; ACCT#o1 keeps its current email.")
    owner_get = [r for r in d.receipts if r.operation == "GetItem"][-1]
    assert owner_get.request["Key"] == {"PK": {"S": "ACCT#o1"}, "SK": {"S": "PROFILE"}}
    assert owner_get.consistency == "strong"

    d = diagnose(reader, info, schema, "email", "gone@owner.io", action_log=empty)
    assert d.origin is not None
    assert (d.origin.kind, d.origin.source, d.origin.account_id) == (LEFT_BY_DELETE, SOURCE_OWNER,
                                                                      "ACCT#o2")
    assert d.sentence.startswith("gone@owner.io is locked, and no account uses it: left by a deleted "
                                 "account (ACCT#o2).")

    # No owner attribute on the lock: the next sources are tried, and the notes say why.
    d = diagnose(reader, info, schema, "email", "anon@owner.io", action_log=empty)
    assert d.origin is not None and d.origin.source == SOURCE_NONE
    assert any("no owner attribute" in n for n in d.notes)
    assert any(f"Table {plain_table} has no stream" in n for n in d.notes)


def _signup(table: str, acct: str, email: str) -> Transaction:
    return sign_up(ARTICLE, table, {"PK": {"S": f"ACCT#{acct}"}, "SK": {"S": "PROFILE"},
                                    "email": {"S": email}})


def test_action_log_tells_a_change_from_a_stuck_signup(reader: Reader, conn: Connection,
                                                       plain_table: str, tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    tables = {plain_table: describe_table(conn, plain_table)}

    def run(tx: Transaction) -> None:
        result = execute_transaction(conn, tx, confirmation=True, tables=tables, schema=ARTICLE,
                                     log=log)
        assert result.status == SUCCEEDED, result.message

    run(_signup(plain_table, "l1", "first@log.io"))
    account = reader.get_item(plain_table, {"PK": {"S": "ACCT#l1"}, "SK": {"S": "PROFILE"}})
    assert account is not None
    # The buggy change: the new lock and the account update, without releasing the old lock.
    change = change_value(ARTICLE, plain_table, account, "email", "second@log.io")
    run(Transaction(actions=[a for a in change.actions if a.kind != DELETE]))
    # A lock written on its own: a signup whose account write never came.
    run(Transaction(actions=[lock_put(ARTICLE, plain_table, ARTICLE.rule("email"), "alone@log.io")]))
    # Another endpoint's log line for the same table name is not evidence here.
    log.append(connection={"endpoint": "http://127.0.0.1:1", "region": "us-east-1"}, token="x",
               request={"TransactItems": [{"Put": {"TableName": plain_table, "Item": {
                   "PK": {"S": "UNIQ#EMAIL#nolog@log.io"}, "SK": {"S": "LOCK"}}}}]},
               outcome={"status": "succeeded"})
    _put(conn, plain_table, "UNIQ#EMAIL#nolog@log.io", "LOCK")
    info = tables[plain_table]

    d = diagnose(reader, info, ARTICLE, "email", "first@log.io", action_log=log)
    assert d.status == ORPHAN_LOCK and d.origin is not None
    assert (d.origin.kind, d.origin.source, d.origin.account_id, d.origin.current_value) == (
        LEFT_BY_CHANGE, SOURCE_ACTION_LOG, "ACCT#l1", "second@log.io")
    assert "The action log shows an email change on ACCT#l1 from first@log.io to second@log.io" \
        in d.sentence

    d = diagnose(reader, info, ARTICLE, "email", "alone@log.io", action_log=log)
    assert d.origin is not None
    assert (d.origin.kind, d.origin.source) == (STUCK_SIGNUP, SOURCE_ACTION_LOG)
    assert "without any account write: the account write never happened" in d.sentence

    d = diagnose(reader, info, ARTICLE, "email", "nolog@log.io", action_log=log)
    assert d.origin is not None and d.origin.source == SOURCE_NONE


def test_no_evidence_says_either_or(reader: Reader, conn: Connection, plain_table: str,
                                    tmp_path: Path) -> None:
    _put(conn, plain_table, "UNIQ#EMAIL#mystery@x.io", "LOCK")
    info = describe_table(conn, plain_table)
    (tmp_path / "none.jsonl").touch()  # an action log with nothing in it (a missing one says so)
    d = diagnose(reader, info, ARTICLE, "email", "mystery@x.io",
                 action_log=ActionLog(tmp_path / "none.jsonl"))
    assert d.status == ORPHAN_LOCK and d.origin is not None
    assert (d.origin.kind, d.origin.source, d.origin.account_id) == (UNKNOWN, SOURCE_NONE, None)
    assert d.sentence == (
        "mystery@x.io is locked, and no account uses it. Nothing on record says how the lock got "
        "there: either it is a stuck signup (the account write never happened; releasing the lock "
        "lets that person sign up) or a value left behind when an account changed its email or was "
        "deleted (releasing it frees mystery@x.io for anyone, and the account that had it keeps its "
        "current value).")
    assert any("has no stream" in n for n in d.notes)
    assert any("action log has no transaction" in n for n in d.notes)
    # Without looking for the origin, the sentence still claims neither.
    d = diagnose(reader, info, ARTICLE, "email", "mystery@x.io", explain_origin=False)
    assert d.origin is None and "a stuck signup or a value left behind by a change" in d.sentence


def test_a_stream_that_lost_the_lock_says_so(reader: Reader, conn: Connection,
                                             tmp_path: Path) -> None:
    """The lock predates the stream (as it would after 24 hours): the stream says it cannot tell."""
    name = f"late-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    try:
        _put(conn, name, "UNIQ#EMAIL#early@x.io", "LOCK")
        conn.client.update_table(TableName=name, StreamSpecification={
            "StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})
        _put(conn, name, "ACCT#later", "PROFILE", email="later@x.io")
        info = describe_table(conn, name)
        assert info.stream_enabled
        d = diagnose(reader, info, ARTICLE, "email", "early@x.io",
                     action_log=ActionLog(tmp_path / "none.jsonl"))
        assert d.origin is not None and d.origin.source == SOURCE_NONE
        assert any("The stream has no record of this lock: it was written more than 24 hours ago"
                   in n for n in d.notes)
    finally:
        conn.client.delete_table(TableName=name)


def test_keys_only_stream_ties_records_by_time(reader: Reader, conn: Connection) -> None:
    name = f"keys-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
    try:
        _put(conn, name, "UNIQ#EMAIL#solo@x.io", "LOCK")
        info = describe_table(conn, name)
        d = diagnose(reader, info, ARTICLE, "email", "solo@x.io")
        assert d.origin is not None
        assert (d.origin.kind, d.origin.source) == (STUCK_SIGNUP, SOURCE_STREAM)
    finally:
        conn.client.delete_table(TableName=name)


def test_a_table_whose_keys_cannot_hold_locks(reader: Reader, conn: Connection) -> None:
    name = f"numbers-{uuid.uuid4().hex[:8]}"
    conn.client.create_table(
        TableName=name, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "deviceId", "AttributeType": "N"}],
        KeySchema=[{"AttributeName": "deviceId", "KeyType": "HASH"}])
    try:
        info = describe_table(conn, name)
        before = len(reader.log.receipts())
        with pytest.raises(DynoViewError, match=f"Table {name} cannot hold lock keys: its partition "
                                                "key deviceId holds numbers"):
            diagnose(reader, info, default_schema(info), "email", "ada@lovelace.io")
        assert len(reader.log.receipts()) == before  # refused before anything was sent
    finally:
        conn.client.delete_table(TableName=name)


def test_a_cancel_between_scans_stops_the_diagnosis(reader: Reader, conn: Connection,
                                                    accounts_table: str) -> None:
    """Cancelled once the holders' Scan was read: the whole-table Scan after it is never sent,
    and the diagnosis says it was cancelled during its Scan."""
    info = describe_table(conn, accounts_table)
    cancel = threading.Event()
    reader.log.add_listener(lambda r: cancel.set() if r.operation == "Scan" else None)
    with pytest.raises(CancelledError, match=r"^The diagnosis was cancelled during its Scan\.$"):
        diagnose(reader, info, default_schema(info), "username", "linus", cancel=cancel)
    scans = [r for r in reader.log.receipts() if r.operation == "Scan"]
    assert len(scans) == 1 and "FilterExpression" in scans[0].request  # the holders' Scan only


def test_action_log_of_a_connection_whose_url_holds_a_password(
        endpoint_url: str, plain_table: str, tmp_path: Path) -> None:
    """The log keeps the endpoint redacted (no password on disk): the connection it is compared
    with is redacted the same way, or no entry of that connection ever counted."""
    from dynoview.core.session.connection import ConnectionSpec
    from tests.helpers import FAKE_KEYS

    conn = Connection(ConnectionSpec(name="lab", region="us-east-1",
                                     endpoint_url=endpoint_url.replace("http://", "http://admin:pw@", 1)),
                      credentials=FAKE_KEYS)
    log = ActionLog(tmp_path / "actions.jsonl")
    tables = {plain_table: describe_table(conn, plain_table)}
    lock = lock_put(ARTICLE, plain_table, ARTICLE.rule("email"), "alone@pw.io")
    result = execute_transaction(conn, Transaction(actions=[lock]), confirmation=True,
                                 tables=tables, schema=ARTICLE, log=log)
    assert result.status == SUCCEEDED, result.message
    assert "pw@" not in (tmp_path / "actions.jsonl").read_text()

    d = diagnose(Reader(conn), tables[plain_table], ARTICLE, "email", "alone@pw.io", action_log=log)
    assert d.origin is not None
    assert (d.origin.kind, d.origin.source) == (STUCK_SIGNUP, SOURCE_ACTION_LOG)


def test_what_a_diagnosis_says_its_reads_cost_is_what_dynamodb_reported(
        reader: Reader, conn: Connection, accounts_table: str, engine: str) -> None:
    """The Scan's note counted the lock reads before it too, and the total left out the reads
    after it (the table read whole): each figure is now the sum of the reads it names."""
    info = describe_table(conn, accounts_table)
    d = diagnose(reader, info, ARTICLE, "email", "ghost@x.io", use_index=False)
    assert d.method == VIA_SCAN
    reported = [r.consumed_capacity for r in d.receipts]
    if engine == "dynamodb-local":
        assert all(c is not None for c in reported)
    if any(c is None for c in reported):
        pytest.skip("this engine reports no consumed capacity for every read")
    assert d.consumed_capacity == sum(c for c in reported if c is not None)
    [note] = [n for n in d.notes if n.startswith("The Scan read")]
    scans = [r for r in d.receipts if r.operation == "Scan"]
    holder_scan = scans[0]  # the accounts' Scan comes before the whole-table read
    assert note.endswith(f"for {holder_scan.consumed_capacity:g} RCU.")
    assert d.estimate is not None and d.estimate.read_units is not None
    assert d.estimate.read_units >= 1  # a strongly consistent Scan costs 1 RCU at least
