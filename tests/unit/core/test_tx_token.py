from __future__ import annotations

from typing import Any

from dynoview.core.tx.idempotency import TokenPolicy, text_carries_token


def put(pk: str, blob: bytes = b"") -> list[dict[str, Any]]:
    item: dict[str, Any] = {"PK": {"S": pk}, "SK": {"S": "PROFILE"}}
    if blob:
        item["b"] = {"B": blob}
    return [{"Put": {"TableName": "accounts", "Item": item}}]


def test_a_change_of_the_actions_brings_a_new_token_and_a_resend_keeps_it() -> None:
    policy = TokenPolicy("first")
    assert policy.token_for(put("a")) == "first"
    assert policy.token_for(put("a")) == "first"  # same body: a resend keeps the token
    second = policy.token_for(put("b"))
    assert second != "first"
    assert policy.token_for(put("b")) == second
    assert policy.token_for(put("b", b"\x00")) != second  # binary values count too


def test_a_typed_token_is_kept_when_the_actions_change() -> None:
    policy = TokenPolicy()
    policy.token_for(put("a"))
    policy.typed("  my-token ")
    assert policy.pinned and policy.token_for(put("b")) == "my-token"
    assert "kept" in policy.note()
    fresh = policy.regenerate()
    assert not policy.pinned and fresh != "my-token"
    assert policy.token_for(put("c")) != fresh  # unpinned again: changes follow the actions


def test_an_emptied_field_is_not_a_choice() -> None:
    policy = TokenPolicy()
    policy.token_for(put("a"))
    policy.typed("")
    assert not policy.pinned and policy.token == ""
    assert policy.token_for(put("b"))  # the next change brings a token back


def test_loading_a_transaction_takes_its_token_pinned_only_when_asked() -> None:
    policy = TokenPolicy()
    policy.token_for(put("a"))
    policy.load("from-template")
    # The loaded actions come back from the editors: adopted, not taken for a change.
    assert policy.token_for(put("b")) == "from-template" and not policy.pinned
    assert policy.token_for(put("c")) != "from-template"
    policy.load("from-the-log", pinned=True)
    assert policy.token_for(put("z")) == "from-the-log"
    assert policy.token_for(put("y")) == "from-the-log"


def test_pasted_json_carries_a_token_only_when_it_names_one() -> None:
    assert text_carries_token('{"TransactItems": [], "ClientRequestToken": "t"}')
    assert not text_carries_token('{"TransactItems": []}')
    assert not text_carries_token('[{"Put": {}}]')
    assert not text_carries_token("not json")
