"""Rule names that are names the generated module uses itself (a parameter every function
takes, a helper its functions call) get "value" after them, so no module has a duplicate
argument or a value shadowing a helper; and a module that would not compile is refused,
never handed out. (TypeScript compiled with tsc: tests/integration/test_codegen_locks_table_run.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import dynoview.core.codegen.python as python
import dynoview.core.codegen.python_runtime as python_runtime
import dynoview.core.codegen.typescript_checks as typescript_checks
import dynoview.core.codegen.typescript_runtime as typescript_runtime
from dynoview.core.codegen import CodegenError, module_code
from dynoview.core.codegen.names import RESERVED, rule_words
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema
from tests.unit.core.test_codegen_python import Recorder, load

#: Each is a name the generated functions use: a parameter, or a helper they call.
CLASHING = ["client request token", "check token", "read owner", "owner holds", "locks table name",
            "locks table"]


def clashing() -> UniquenessSchema:
    names = ["email", *CLASHING]
    return UniquenessSchema(rules=tuple(LockRule(n, f"a{i}", f"UNIQ#{i}#{{value}}", "LOCK", "lowercase")
                                        for i, n in enumerate(names)))


def test_names_the_module_uses_get_value_after_them() -> None:
    words = rule_words(CLASHING)
    assert words == [("client", "request", "token", "value"), ("check", "token", "value"),
                     ("read", "owner", "value"), ("owner", "holds", "value"),
                     ("locks", "table", "name", "value"), ("locks", "table", "value")]


def test_every_name_the_runtimes_declare_is_reserved() -> None:
    """A helper added to a runtime later is reserved without a list to keep up to date."""
    texts = [text for module in (python_runtime, typescript_runtime, typescript_checks)
             for name, text in vars(module).items() if name.isupper() and isinstance(text, str)]
    declared = {m for text in texts for m in re.findall(
        r"^(?:export )?(?:async )?(?:function|def) ([A-Za-z]\w*)", text, re.MULTILINE)}
    assert {"checkToken", "readOwner", "ownerHolds", "locksTable", "transact", "failure"} <= declared
    assert declared <= RESERVED


def test_a_schema_of_such_names_gives_python_that_imports_and_sends(tmp_path: Path) -> None:
    module = load(module_code(clashing(), "accounts", lang="python"), tmp_path)
    client = Recorder()
    module.sign_up(client, account_id="a1", email="ada@x.io", client_request_token_value="t1",
                   check_token_value="c", read_owner_value="r", owner_holds_value="o",
                   locks_table_name_value="l", locks_table_value="k", client_request_token="tok-1")
    (call,) = client.calls
    assert call["ClientRequestToken"] == "tok-1"
    assert call["TransactItems"][0]["Put"]["Item"]["a1"] == {"S": "t1"}


def test_a_module_that_does_not_compile_is_refused() -> None:
    """``ast.parse`` accepts a duplicate argument; the compiler does not."""
    with pytest.raises(CodegenError, match=r"does not compile .*duplicate argument .a..*Report this "
                                           "as a bug"):
        python._check("def f(a: str, a: str) -> None:\n    pass\n")
    python._check("def f(a: str, b: str) -> None:\n    pass\n")
