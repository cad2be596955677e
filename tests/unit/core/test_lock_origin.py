"""Orphan-lock origin without an endpoint: stream trails from recorded records, action-log
entries as DynoView writes them, lookup spellings. (Over HTTP: tests/integration/test_diagnose.py.)"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.reads.reader import Reader
from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.streams.records import parse_record
from dynoview.core.tx.action_log import ActionLog
from dynoview.core.uniqueness.diagnose import Diagnosis, spellings
from dynoview.core.uniqueness.origin import (
    LEFT_BY_CHANGE,
    LEFT_BY_DELETE,
    SOURCE_ACTION_LOG,
    SOURCE_NONE,
    STUCK_SIGNUP,
    UNKNOWN,
    LockOrigin,
    classify_orphan,
)
from dynoview.core.uniqueness.origin_stream import AccountTrail
from dynoview.core.uniqueness.schema import (
    NORMALISE_LOWER,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
    LockRule,
    article_schema,
)
from tests.helpers import connect

SCHEMA = article_schema()
RULE = SCHEMA.rule("email")
TABLE = TableInfo("accounts", KeyAttribute("PK", "S"), KeyAttribute("SK", "S"))
ENDPOINT = "http://127.0.0.1:9"  # never contacted: these paths decide without reading
LOCAL = {"name": "local", "endpoint": ENDPOINT, "region": "us-east-1"}


def s(text: str) -> dict[str, str]:
    return {"S": text}


@pytest.fixture
def reader() -> Reader:
    return Reader(connect(ENDPOINT))


@pytest.mark.parametrize(("value", "mode", "expected"), [
    ("ken@thompson.dev", NORMALISE_NONE, ["ken@thompson.dev"]),
    ("Ken@Thompson.dev", NORMALISE_NONE, ["Ken@Thompson.dev", "ken@thompson.dev"]),
    ("Ken@Thompson.dev", NORMALISE_LOWER, ["ken@thompson.dev", "Ken@Thompson.dev"]),
    (" Ken@X ", NORMALISE_TRIM_LOWER, ["ken@x", " Ken@X "]),
])
def test_spellings_read_the_rules_form_first(value: str, mode: str, expected: list[str]) -> None:
    rule = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", mode)
    assert spellings(value, rule) == expected


def test_diagnosis_stays_constructible_positionally() -> None:
    """Callers that built a Diagnosis before origin/typed/stored existed still can."""
    d = Diagnosis("email", "Ken@X", "Ken@X", "FREE", "free", {}, None, [], [], "index", None)
    assert (d.typed, d.stored, d.origin, d.typed_note) == ("Ken@X", "Ken@X", None, None)
    d = Diagnosis("email", "Ken@X", "Ken@X", "ORPHAN_LOCK", "s", {}, {"PK": s("x")}, [], [], "index",
                  None, stored="ken@x")
    assert d.typed_note == "You typed Ken@X; the lock stores ken@x."


def record(name: str, seq: int, old: str | None, new: str | None, *, images: bool = True,
           acct: str = "ACCT#1") -> dict[str, Any]:
    ddb: dict[str, Any] = {"Keys": {"PK": s(acct), "SK": s("PROFILE")}, "SequenceNumber": str(seq),
                           "ApproximateCreationDateTime": 1_790_000_000 + seq}
    if images and old is not None:
        ddb["OldImage"] = {"PK": s(acct), "SK": s("PROFILE"), "email": s(old)}
    if images and new is not None:
        ddb["NewImage"] = {"PK": s(acct), "SK": s("PROFILE"), "email": s(new)}
    return {"eventName": name, "dynamodb": ddb}


def test_trail_fills_missing_images_from_neighbours() -> None:
    """NEW_IMAGE streams: a MODIFY's old value is the previous record's new one."""
    trail = AccountTrail()
    for rec in (record("INSERT", 1, None, "a@x"), record("MODIFY", 2, None, "b@x")):
        trail.add(parse_record(rec), "email")
    states = [(name, before, after) for _, name, before, after in trail.states()]
    assert states == [("INSERT", None, "a@x"), ("MODIFY", "a@x", "b@x")]


def test_trail_without_images_stays_unknown() -> None:
    trail = AccountTrail()
    trail.add(parse_record(record("MODIFY", 5, "a@x", "b@x", images=False)), "email")
    [(_, _, before, after)] = trail.states()
    assert before is not None and after is not None
    assert not isinstance(before, str) and not isinstance(after, str)  # neither side was seen


def tx(*actions: dict[str, Any]) -> dict[str, Any]:
    return {"TransactItems": list(actions)}


def put(item: dict[str, Any]) -> dict[str, Any]:
    return {"Put": {"TableName": "accounts", "Item": item}}


def lock(value: str) -> dict[str, Any]:
    return {"PK": s(f"UNIQ#EMAIL#{value}"), "SK": s("LOCK")}


def account_key(acct: str) -> dict[str, Any]:
    return {"PK": s(acct), "SK": s("PROFILE")}


def log_with(tmp_path: Path, *requests: tuple[dict[str, Any], str]) -> ActionLog:
    log = ActionLog(tmp_path / "actions.jsonl")
    for i, (request, status) in enumerate(requests):
        log.append(connection=LOCAL, token=f"t{i}", request=request, outcome={"status": status},
                   time=datetime(2026, 11, 1, 9, i, tzinfo=UTC))
    return log


def classify(reader: Reader, value: str, log: ActionLog) -> LockOrigin:
    origin, receipts = classify_orphan(reader, TABLE, SCHEMA, RULE, value, lock(value), action_log=log)
    assert receipts == []  # decided from the log alone
    return origin


def test_action_log_change_that_kept_the_old_lock(reader: Reader, tmp_path: Path) -> None:
    log = log_with(
        tmp_path,
        (tx(put({**account_key("ACCT#1"), "email": s("old@x")}), put(lock("old@x"))), "succeeded"),
        (tx(put(lock("new@x")),
            {"Update": {"TableName": "accounts", "Key": account_key("ACCT#1"),
                        "UpdateExpression": "SET #n0 = :v1", "ConditionExpression": "#n0 = :v2",
                        "ExpressionAttributeNames": {"#n0": "email"},
                        "ExpressionAttributeValues": {":v1": s("new@x"), ":v2": s("old@x")}}}),
         "succeeded"),
    )
    origin = classify(reader, "old@x", log)
    assert (origin.kind, origin.source, origin.account_id, origin.current_value) == (
        LEFT_BY_CHANGE, SOURCE_ACTION_LOG, "ACCT#1", "new@x")
    assert origin.evidence == ("The action log shows an email change on ACCT#1 from old@x to new@x at "
                               "2026-11-01 09:01:00 UTC (token t1) that did not release this lock.")
    assert origin.when == datetime(2026, 11, 1, 9, 1, tzinfo=UTC)


def test_action_log_delete_that_kept_the_lock(reader: Reader, tmp_path: Path) -> None:
    log = log_with(tmp_path, (tx(
        {"Delete": {"TableName": "accounts", "Key": account_key("ACCT#2"),
                    "ConditionExpression": "#n0 = :v0", "ExpressionAttributeNames": {"#n0": "email"},
                    "ExpressionAttributeValues": {":v0": s("bye@x")}}}), "succeeded"))
    origin = classify(reader, "bye@x", log)
    assert (origin.kind, origin.account_id) == (LEFT_BY_DELETE, "ACCT#2")


def test_action_log_lock_without_account_is_a_stuck_signup(reader: Reader, tmp_path: Path) -> None:
    log = log_with(
        tmp_path,
        (tx(put({**account_key("ACCT#3"), "email": s("solo@x")}), put(lock("solo@x"))), "cancelled"),
        (tx(put(lock("solo@x"))), "succeeded"),
    )
    origin = classify(reader, "solo@x", log)
    assert (origin.kind, origin.source, origin.account_id) == (STUCK_SIGNUP, SOURCE_ACTION_LOG, None)
    assert "(token t1) without any account write" in origin.evidence


def test_a_released_and_unlogged_lock_has_no_evidence(reader: Reader, tmp_path: Path) -> None:
    """The log released the lock; whatever wrote it again is not in the log."""
    log = log_with(
        tmp_path,
        (tx(put(lock("again@x"))), "succeeded"),
        (tx({"Delete": {"TableName": "accounts", "Key": lock("again@x")}}), "succeeded"),
        (tx(put(lock("again@x"))), "failed"),  # refused: nothing written
        (tx({"Put": {"TableName": "elsewhere", "Item": lock("again@x")}}), "succeeded"),
    )
    origin, _ = classify_orphan(reader, TABLE, SCHEMA, RULE, "again@x", lock("again@x"),
                                action_log=log)
    assert (origin.kind, origin.source) == (UNKNOWN, SOURCE_NONE)
    assert "either it is a stuck signup" in origin.evidence
    assert any("has no stream" in n for n in origin.notes)
    assert any("no transaction that wrote or released this lock" in n for n in origin.notes)
    assert origin.to_json()["kind"] == "unknown" and origin.to_json()["notes"] == list(origin.notes)


def test_another_endpoints_log_is_not_evidence(reader: Reader, tmp_path: Path) -> None:
    log = ActionLog(tmp_path / "actions.jsonl")
    log.append(connection={**LOCAL, "endpoint": "http://127.0.0.1:8000"}, token="x",
               request=tx(put(lock("far@x"))), outcome={"status": "succeeded"})
    origin, _ = classify_orphan(reader, TABLE, SCHEMA, RULE, "far@x", lock("far@x"), action_log=log)
    assert origin.source == SOURCE_NONE


def test_an_account_deleted_by_ttl_is_said_so_not_a_delete_without_its_lock() -> None:
    """A REMOVE that DynamoDB's TTL made (a service delete) is an account that expired while its
    lock had no TTL, not an application deleting the account and forgetting the lock."""
    from types import SimpleNamespace

    from dynoview.core.uniqueness.origin import _left_in_stream, _value_changes
    from dynoview.core.uniqueness.origin_stream import TTL_REMOVE

    expired = record("REMOVE", 2, "ttl@x.io", None, acct="ACCT#3")
    expired["userIdentity"] = {"type": "Service", "principalId": "dynamodb.amazonaws.com"}
    deleted = record("REMOVE", 4, "del@x.io", None, acct="ACCT#4")
    for rec, value, said, kind in ((expired, "ttl@x.io", "expired and deleted by DynamoDB's TTL", TTL_REMOVE),
                                   (deleted, "del@x.io", "deleted at", "REMOVE")):
        trail = AccountTrail()
        for r in (record("INSERT", 1, None, value, acct=rec["dynamodb"]["Keys"]["PK"]["S"]), rec):
            trail.add(parse_record(r), "email")
        ctx = SimpleNamespace(stored=value, rule=RULE, holds=lambda v, value=value: v == value)
        released, _acquired = _value_changes(ctx, {"acct": trail})  # type: ignore[arg-type]
        assert released is not None and released[2] == kind
        origin = _left_in_stream(ctx, released)  # type: ignore[arg-type]
        assert origin.kind == LEFT_BY_DELETE and said in origin.evidence
        assert ("without this lock" in origin.evidence) == (kind == "REMOVE")


def test_an_unknown_origin_of_the_empty_value_names_it(reader: Reader, tmp_path: Path) -> None:
    """A lock on '' (UNIQ#EMAIL#): the sentence names the empty email, not a blank."""
    origin, _ = classify_orphan(reader, TABLE, SCHEMA, RULE, "", lock(""),
                                action_log=ActionLog(tmp_path / "none.jsonl"))
    assert origin.kind == UNKNOWN and "frees the empty email ('') for anyone" in origin.evidence
