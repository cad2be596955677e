""""Export as code" for an account holding a protected value as a number (``{"N": "12345"}``),
as the templates and the audit read it (``protected_text``): the example sends the builder's
template transaction, the number as N; a form whose template would write a new number is
refused with a sentence. An attribute holding no value (an empty string) is guarded as the
template guards it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dynoview.core.codegen import CodegenError, template_code
from dynoview.core.tx import templates
from dynoview.core.tx.template_inputs import account_key
from dynoview.core.uniqueness.schema import article_schema
from tests.unit.core.test_codegen_python import Recorder, load

S = article_schema()
NUMBER = {**account_key(S, "a1"), "email": {"S": "ada@x.io"}, "username": {"N": "12345"}}
OTHER = {**account_key(S, "b2"), "email": {"S": "bob@x.io"}, "username": {"N": "12345"}}
TEXT = {**account_key(S, "c3"), "email": {"S": "cy@x.io"}, "username": {"S": "12345"}}


def example_sends(template: str, values: dict[str, Any], tmp_path: Path) -> list[Any]:
    module = load(template_code(S, "accounts", template, values, lang="python"), tmp_path)
    client = Recorder()
    module.example(client)
    (call,) = client.calls
    return list(call["TransactItems"])


def test_a_delete_sends_the_number_and_deletes_its_lock(tmp_path: Path) -> None:
    items = example_sends("delete_account", {"account": NUMBER}, tmp_path)
    assert items == templates.delete_account(S, "accounts", NUMBER).to_request()["TransactItems"]
    assert items[2]["Delete"]["Key"]["PK"] == {"S": "UNIQ#HANDLE#12345"}
    assert {"N": "12345"} in items[0]["Delete"]["ExpressionAttributeValues"].values()


def test_a_delete_guards_an_attribute_holding_no_value_as_it_is(tmp_path: Path) -> None:
    empty = {**account_key(S, "d4"), "email": {"S": "dee@x.io"}, "username": {"S": ""}}
    items = example_sends("delete_account", {"account": empty}, tmp_path)
    assert items == templates.delete_account(S, "accounts", empty).to_request()["TransactItems"]


def test_a_claim_of_a_number_sends_the_template(tmp_path: Path) -> None:
    values = {"account": NUMBER, "rule": "username"}
    items = example_sends("claim_missing_lock", values, tmp_path)
    assert items == templates.claim_missing_lock(S, "accounts", NUMBER, "username").to_request()[
        "TransactItems"]


@pytest.mark.parametrize(("keep", "other", "new_value"), [
    (NUMBER, OTHER, None), (TEXT, OTHER, None), (NUMBER, TEXT, "bob"), (NUMBER, TEXT, None)])
def test_a_duplicate_held_as_a_number_is_resolved_as_the_template_resolves_it(
        keep: dict[str, Any], other: dict[str, Any], new_value: str | None, tmp_path: Path) -> None:
    values = {"rule": "username", "keep": keep, "other": other, "new_value": new_value}
    items = example_sends("resolve_duplicate", values, tmp_path)
    want = templates.resolve_duplicate(S, "accounts", keep, other, "username", new_value)
    assert items == want.to_request()["TransactItems"]


def test_a_new_value_where_a_number_is_held_is_refused_with_a_sentence() -> None:
    cases = [
        ("change_value", {"account": NUMBER, "rule": "username", "new_value": "678"},
         "The account's username is a number \\(12345\\), and the exported code writes the new "
         "username as a string: use the builder's template"),
        ("resolve_duplicate", {"rule": "username", "keep": TEXT, "other": OTHER, "new_value": "bob"},
         "The other account's username is a number \\(12345\\)"),
        ("change_value", {"account": {**TEXT, "username": {"S": ""}}, "rule": "username",
                          "new_value": "bob"}, "holds no username value the exported code can guard"),
        # What the builder's template refuses, the export refuses with its sentence.
        ("resolve_duplicate", {"rule": "username", "keep": NUMBER,
                               "other": {**OTHER, "username": {"N": "7"}}},
         "The two accounts do not share a username; pick the two duplicates."),
        ("claim_missing_lock", {"account": {**TEXT, "username": {"BOOL": True}}, "rule": "username"},
         "The account has no username, so there is no username lock to claim."),
    ]
    for template, values, message in cases:
        for lang in ("python", "typescript"):
            with pytest.raises(CodegenError, match=message):
                template_code(S, "accounts", template, values, lang=lang)


def test_the_typescript_export_sends_the_number_as_n() -> None:
    code = template_code(S, "accounts", "delete_account", {"account": NUMBER}, lang="typescript")
    assert '":v0": { "S": email }, ":v1": { "N": username }' in code
    assert 'username: "12345",' in code
