""""Export as code" on a template form: the form's operation and an example calling it with
the form's values, in Python and TypeScript; the Python example sends the form's transaction."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from dynoview.core.codegen import LANGUAGES, CodegenError, file_name, template_code
from dynoview.core.tx import templates
from dynoview.core.tx.template_inputs import account_key, sign_up_account
from dynoview.core.uniqueness.schema import article_schema

S = article_schema()
ACCOUNT = {**account_key(S, "a1f9c3"), "email": {"S": "ada@x.io"}, "username": {"S": "ada"}}
NO_NAME = {**account_key(S, "b2"), "email": {"S": "ADA@x.io"}}
LOCK = {"PK": {"S": "UNIQ#EMAIL#old@x.io"}, "SK": {"S": "LOCK"}}
FORMS: dict[str, dict[str, Any]] = {
    "sign_up": {"account_id": "a1f9c3", "values": {"email": "ada@x.io", "username": "ada"}},
    "change_value": {"account": ACCOUNT, "rule": "email", "new_value": "ada@y.io"},
    "delete_account": {"account": NO_NAME},
    "claim_missing_lock": {"account": ACCOUNT, "rule": "username"},
    "release_orphan_lock": {"lock": LOCK, "owner_id": "ACCT#b2"},
    "resolve_duplicate": {"rule": "email", "keep": ACCOUNT, "other": {**NO_NAME, "email": {"S": "ada@x.io"}},
                          "new_value": "ada@z.io"},
    # No lock holds the duplicated value: the resolve claims it (the window passes kept_lock).
    "resolve_duplicate_claiming": {"rule": "email", "keep": ACCOUNT, "new_value": "ada@z.io",
                                   "other": {**NO_NAME, "email": {"S": "ada@x.io"}}, "kept_lock": False},
}
TEMPLATE = {"resolve_duplicate_claiming": "resolve_duplicate"}
WANT = {
    "sign_up": templates.sign_up(S, "accounts", sign_up_account(S, "a1f9c3", FORMS["sign_up"]["values"])),
    "change_value": templates.change_value(S, "accounts", ACCOUNT, "email", "ada@y.io"),
    "delete_account": templates.delete_account(S, "accounts", NO_NAME),
    "claim_missing_lock": templates.claim_missing_lock(S, "accounts", ACCOUNT, "username"),
    # The export reads the former owner first (absent here: Recorder.get_item finds nothing).
    "release_orphan_lock": templates.release_orphan_lock(S, "accounts", LOCK,
                                                         templates.OwnerRead(account_key(S, "b2"), None)),
    "resolve_duplicate": templates.resolve_duplicate(S, "accounts", ACCOUNT,
                                                     {**NO_NAME, "email": {"S": "ada@x.io"}}, "email",
                                                     "ada@z.io"),
    "resolve_duplicate_claiming": templates.resolve_duplicate(
        S, "accounts", ACCOUNT, {**NO_NAME, "email": {"S": "ada@x.io"}}, "email", "ada@z.io",
        kept_lock=False),
}


class Recorder:
    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def transact_write_items(self, **kwargs: Any) -> dict[str, Any]:
        self.calls.append(kwargs)
        return {}

    def get_item(self, **kwargs: Any) -> dict[str, Any]:
        assert kwargs["ConsistentRead"] is True
        return {}


@pytest.mark.parametrize("template", list(FORMS))
def test_python_example_sends_the_forms_transaction(template: str, tmp_path: Path) -> None:
    code = template_code(S, "accounts", TEMPLATE.get(template, template), FORMS[template], lang="python",
                         region="eu-west-1")
    path = tmp_path / f"export_{uuid.uuid4().hex[:6]}.py"
    path.write_text(code, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: nothing is sent on import
    client = Recorder()
    module.example(client)
    (call,) = client.calls
    assert call["TransactItems"] == WANT[template].to_request()["TransactItems"]
    assert 'region_name="eu-west-1"' in code and "aws_secret_access_key" not in code


@pytest.mark.parametrize("template", list(FORMS))
def test_typescript_example_holds_the_forms_values(template: str) -> None:
    code = template_code(S, "accounts", TEMPLATE.get(template, template), FORMS[template],
                         lang="typescript")
    example = code[code.index("export async function example("):]
    literals = [json.loads(m) for m in re.findall(r'"(?:[^"\\]|\\.)*"', example)]
    if template == "sign_up":
        assert {"a1f9c3", "ada@x.io", "ada"} <= set(literals)
    elif template == "release_orphan_lock":
        assert {"old@x.io", "b2"} <= set(literals)
    assert "new DynamoDBClient({})" in example


def test_a_delete_covers_the_values_the_account_holds() -> None:
    code = template_code(S, "accounts", "delete_account", {"account": NO_NAME}, lang="python")
    tree = ast.parse(code)
    delete = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "delete_account")
    assert [a.arg for a in delete.args.kwonlyargs] == ["account_id", "email", "table_name", "max_attempts",
                                                           "client_request_token"]
    with pytest.raises(CodegenError, match="holds no protected value"):
        template_code(S, "accounts", "delete_account", {"account": account_key(S, "c3")}, lang="python")


def test_endpoint_credentials_are_left_out_and_said(tmp_path: Path) -> None:
    for lang in LANGUAGES:
        code = template_code(S, "accounts", "sign_up", FORMS["sign_up"], lang=lang,
                             endpoint_url="http://user:secret@localhost:8000")
        assert "secret" not in code and "localhost:8000" in code
        assert "user name and password were left out" in code


def test_forms_that_cannot_be_exported_say_why() -> None:
    cases = [
        ("change_value", {"account": LOCK, "rule": "email", "new_value": "x"}, "not an account"),
        ("change_value", {"account": ACCOUNT, "rule": "email"}, "new_value is missing"),
        ("claim_missing_lock", {"account": NO_NAME, "rule": "username"}, "has no username"),
        ("release_orphan_lock", {"lock": ACCOUNT}, "not a lock"),
        ("delete_item", {}, "no code export for the delete_item template"),
    ]
    for template, values, message in cases:
        with pytest.raises(CodegenError, match=message):
            template_code(S, "accounts", template, values, lang="python")
    with pytest.raises(CodegenError, match="python or typescript"):
        template_code(S, "accounts", "sign_up", FORMS["sign_up"], lang="go")


def test_file_names_follow_each_languages_convention() -> None:
    assert file_name("accounts", "python") == "accounts_uniqueness.py"
    assert file_name("prod.user-accounts", "typescript") == "prodUserAccountsUniqueness.ts"
    assert file_name("2024_users", "python") == "table_2024_users_uniqueness.py"
