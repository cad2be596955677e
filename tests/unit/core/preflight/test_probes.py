"""``preflight.probes``: the spellings read next to a value in play, and the preflight reading
them (on a stub reader, a table too large to read whole)."""

from __future__ import annotations

from typing import cast

from dynoview.core.preflight.check import run_preflight
from dynoview.core.preflight.probes import ascii_respelling, probe_forms
from dynoview.core.reads.reader import Reader
from dynoview.core.tx import keys as tx_keys
from dynoview.core.tx import templates
from dynoview.core.uniqueness.findings import LOOKALIKE_CLASH
from dynoview.core.uniqueness.forms import NORMALISE_TRIM_LOWER
from dynoview.core.uniqueness.key_limits import (
    MAX_PARTITION_KEY_BYTES,
    MAX_SORT_KEY_BYTES,
    fits_partition_key,
    oversized,
)
from dynoview.core.uniqueness.schema import LockRule
from tests.unit.core.preflight.stub_reader import (
    ADA,
    INDEXED_SCHEMA,
    SCHEMA,
    TABLE,
    StubReader,
    acct,
    lock,
    table_info,
)

EMAIL = SCHEMA.rule("email")
CYRILLIC_A = "\u0430"
MALLORY_CYRILLIC = f"M{CYRILLIC_A}llory@x.io"


def test_an_ascii_lower_case_value_is_its_own_only_form() -> None:
    assert probe_forms("ada@x.io", EMAIL) == ["ada@x.io"]


def test_the_value_comes_first_then_its_clash_key() -> None:
    assert probe_forms("ADA@x.io", EMAIL) == ["ADA@x.io", "ada@x.io"]


def test_a_lookalike_is_read_next_to_its_skeleton_and_its_ascii_respelling() -> None:
    # The skeleton of "m" is "rn": the stored ASCII spelling is only found by the respelling.
    assert probe_forms(MALLORY_CYRILLIC, EMAIL) == [
        MALLORY_CYRILLIC, f"m{CYRILLIC_A}llory@x.io", "rnallory@x.io", "mallory@x.io"]


def test_the_respelling_prefers_letters_and_leaves_ascii_alone() -> None:
    assert ascii_respelling("mallory@example.com") is None
    assert ascii_respelling("\u0456van@x.io") == "ivan@x.io"  # Cyrillic і: a letter, not 1 or l
    assert ascii_respelling("\u00e9lise@x.io") is None  # é has no ASCII lookalike: nothing replaced


def test_a_trimming_rule_trims_its_forms() -> None:
    untrimmed = probe_forms("  Ada@x.io ", EMAIL)
    # Untrimmed, the padding is kept in the clash key; the lookalike key tidies it away, so the
    # lock of the value it imitates is read too.
    assert untrimmed == ["  Ada@x.io ", "  ada@x.io ", "ada@x.io"]
    trimming = LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", NORMALISE_TRIM_LOWER)
    assert probe_forms("  Ada@x.io ", trimming) == ["  Ada@x.io ", "ada@x.io"]


def test_the_preflight_reads_the_lock_of_every_form_in_play() -> None:
    reader = StubReader(ADA)
    tx = templates.sign_up(SCHEMA, TABLE, acct("n1", MALLORY_CYRILLIC, "mal"))
    run_preflight(cast(Reader, reader), tx, SCHEMA, {TABLE: table_info(50_000)})
    assert reader.of("Scan") == []  # too large to read whole, no index: point reads only
    read = [g["Get"]["Key"]["PK"]["S"] for r in reader.of("TransactGetItems") for g in r["TransactItems"]]
    for form in probe_forms(MALLORY_CYRILLIC, EMAIL):
        assert f"UNIQ#EMAIL#{form}" in read
    assert "UNIQ#HANDLE#rnal" in read  # the username's skeleton too


def test_a_lookalike_of_a_stored_ascii_value_is_found_through_the_forms() -> None:
    items = [*ADA, acct("m1", "mallory@x.io", "mallory"), lock("EMAIL", "mallory@x.io"),
             lock("HANDLE", "mallory")]
    reader = StubReader(items)
    tx = templates.sign_up(INDEXED_SCHEMA, TABLE, acct("n1", MALLORY_CYRILLIC, "mal"))
    result = run_preflight(cast(Reader, reader), tx, INDEXED_SCHEMA,
                           {TABLE: table_info(50_000, email_index=True)})
    queried = {q["ExpressionAttributeValues"][":v"]["S"] for q in reader.of("Query")}
    assert set(probe_forms(MALLORY_CYRILLIC, EMAIL)) <= queried
    assert not result.refused
    assert [w.status for w in result.warnings] == [LOOKALIKE_CLASH]
    assert "mallory@x.io (ACCT#m1)" in result.warnings[0].message


def test_a_probe_key_over_dynamodbs_limit_is_not_read() -> None:
    # A valid 1,916-byte lock key: its skeleton spells every "m" as "rn", twice the bytes.
    # DynamoDB fails the whole read for such a key; no item can exist there, so it is skipped.
    long_value = "\u00e9" + "m" * 1900 + "@x.io"
    reader = StubReader(ADA)
    tx = templates.sign_up(INDEXED_SCHEMA, TABLE, acct("n1", long_value, "long"))
    result = run_preflight(cast(Reader, reader), tx, INDEXED_SCHEMA,
                           {TABLE: table_info(50_000, email_index=True)})
    read = [g["Get"]["Key"] for r in reader.of("TransactGetItems") for g in r["TransactItems"]]
    assert f"UNIQ#EMAIL#{long_value}" in [k["PK"]["S"] for k in read]  # the value's own lock is read
    assert all(len(k["PK"]["S"].encode()) <= MAX_PARTITION_KEY_BYTES for k in read)
    queried = [q["ExpressionAttributeValues"][":v"]["S"] for q in reader.of("Query")]
    assert long_value in queried and all(len(v.encode()) <= MAX_PARTITION_KEY_BYTES for v in queried)
    skipped = [n for n in result.notes if "longer than DynamoDB allows for a key" in n]
    assert len(skipped) >= 2 and any("through the index email-index" in n for n in skipped)
    assert not result.refused


def test_key_limits() -> None:
    assert (MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES) == (tx_keys.MAX_PARTITION_KEY_BYTES,
                                                             tx_keys.MAX_SORT_KEY_BYTES)
    assert not oversized({"PK": {"S": "é" * 1024}, "SK": {"S": "x" * 1024}}, "PK")  # 2048 bytes: fits
    assert oversized({"PK": {"S": "é" * 1024 + "x"}, "SK": {"S": "LOCK"}}, "PK")
    assert oversized({"PK": {"S": "a"}, "SK": {"S": "x" * 1025}}, "PK")
    assert oversized({"PK": {"B": b"x" * 2049}}, "PK") and not oversized({"PK": {"N": "1" * 38}}, "PK")
    assert fits_partition_key("m" * 2048) and not fits_partition_key("rn" * 1025)
