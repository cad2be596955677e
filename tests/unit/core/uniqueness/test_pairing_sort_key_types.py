"""An account's key keeps its sort key's type: a Number sort key (the accounts' SKs varying) is
a Number in the findings and rows, a Binary one is given back as read, and a String one is as
before. The type is kept once per pairing; only a Binary SK is kept whole, per account."""

from __future__ import annotations

from typing import Any

from dynoview.core.session.tables import KeyAttribute, TableInfo
from dynoview.core.uniqueness.diagnose_owner import key_fits, needs_query
from dynoview.core.uniqueness.pairing import classify
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

SCHEMA = UniquenessSchema(pk_name="id", sk_name="ver", account_pk_prefix="U#", account_sk_value=None,
                          rules=(LockRule("email", "mail", "email#{value}", None),))


def _account(acct: str, sk: dict[str, Any], mail: str) -> dict[str, Any]:
    return {"id": {"S": acct}, "ver": sk, "mail": {"S": mail}}


def test_a_number_sort_key_stays_a_number() -> None:
    pairing = classify([_account("U#a", {"N": "7"}, "a@x"), _account("U#b", {"N": "12"}, "b@x")], SCHEMA)
    missing = sorted(f.account_keys[0]["ver"]["N"] for f in pairing.findings())
    assert missing == ["12", "7"]
    assert pairing.account_key("U#a") == {"id": {"S": "U#a"}, "ver": {"N": "7"}}
    assert pairing.sk_type == "N" and not pairing._raw_sks  # no value per account beside the record
    rows = {r.account_id: r.key for r in pairing.rows()}
    assert rows["U#b"] == {"id": {"S": "U#b"}, "ver": {"N": "12"}}


def test_a_binary_sort_key_is_given_back_as_read() -> None:
    pairing = classify([_account("U#a", {"B": b"\x00\x01"}, "a@x")], SCHEMA)
    assert pairing.findings()[0].account_keys == ({"id": {"S": "U#a"}, "ver": {"B": b"\x00\x01"}},)


def test_a_string_sort_key_is_as_before() -> None:
    pairing = classify([_account("U#a", {"S": "PROFILE#a"}, "a@x")], SCHEMA)
    assert pairing.account_key("U#a") == {"id": {"S": "U#a"}, "ver": {"S": "PROFILE#a"}}
    assert pairing.sk_type == "S"
    fixed = UniquenessSchema(pk_name="id", sk_name="ver", account_pk_prefix="U#", account_sk_value="P",
                             rules=SCHEMA.rules)
    assert classify([_account("U#a", {"S": "P"}, "a@x")], fixed).account_key("U#a") == {
        "id": {"S": "U#a"}, "ver": {"S": "P"}}


def test_which_keys_an_id_makes() -> None:
    number = TableInfo("users", KeyAttribute("id", "S"), KeyAttribute("ver", "N"))
    assert needs_query(SCHEMA, number)
    assert not key_fits(number, {"id": {"S": "U#a"}})  # an audit's key without its Number SK
    assert not key_fits(number, {"id": {"S": "U#a"}, "ver": {"S": "1"}})  # of another type
    assert key_fits(number, {"id": {"S": "U#a"}, "ver": {"N": "1"}})
    pk_only = TableInfo("users", KeyAttribute("id", "S"), None)
    assert not needs_query(SCHEMA, pk_only) and key_fits(pk_only, {"id": {"S": "U#a"}})
    fixed = UniquenessSchema(pk_name="id", sk_name="ver", account_sk_value="P", rules=SCHEMA.rules)
    assert not needs_query(fixed, TableInfo("users", KeyAttribute("id", "S"), KeyAttribute("ver", "S")))
