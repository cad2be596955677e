"""The generated TypeScript module, read as text: names, literals and the normalisation data.
It is compiled with tsc and run on DynamoDB Local in tests/integration/test_codegen_run.py."""

from __future__ import annotations

import json
import re

from dynoview.core.codegen import module_code
from dynoview.core.codegen.unicode_tables import case_fold_exceptions, ignorable_ranges, space_ranges
from dynoview.core.uniqueness.forms import NORMALISATIONS, is_ignorable
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema
from tests.hostile_values import HOSTILE

EVERY_MODE = UniquenessSchema(rules=tuple(
    LockRule(f"r{i}", f"attr{i}", f"UNIQ#R{i}#{{value}}", "LOCK", mode)
    for i, mode in enumerate(NORMALISATIONS)))
HOSTILE_SCHEMA = UniquenessSchema(
    pk_name="__proto__", sk_name=HOSTILE[0], account_pk_prefix=HOSTILE[1] + "#",
    account_sk_value=HOSTILE[3],
    rules=(LockRule("class", HOSTILE[7], "U\"'#{value}" + HOSTILE[10], HOSTILE[11], "nfkc+casefold"),
           LockRule(HOSTILE[4], "__proto__x", HOSTILE[6] + "{value}", "LOCK", "lowercase")))
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def test_the_article_schema_gives_one_function_per_operation() -> None:
    code = module_code(article_schema(), "accounts", lang="typescript")
    exported = re.findall(r"^export async function (\w+)\(", code, re.M)
    assert exported == ["signUp", "changeEmail", "changeUsername", "deleteAccount", "claimEmailLock",
                        "releaseEmailLock", "resolveDuplicateEmail", "claimUsernameLock",
                        "releaseUsernameLock", "resolveDuplicateUsername"]
    assert 'export type Field = "email" | "username";' in code
    assert 'export const TABLE_NAME = "accounts";' in code
    assert ".trim()" not in code  # JavaScript's trim() is not Python's strip()


def test_hostile_names_are_only_ever_literals() -> None:
    code = module_code(HOSTILE_SCHEMA, "t\u2028\"'`${x}", lang="typescript")
    assert "\u2028" not in code and "\u2029" not in code and "\x00" not in code
    literals = [json.loads(s) for s in _STRING.findall(code)]
    for text in (HOSTILE[0], HOSTILE[1] + "#", HOSTILE[3], HOSTILE[4], HOSTILE[7], "t\u2028\"'`${x}"):
        assert text in literals
    # A "__proto__" key would set the prototype in an object literal: it is computed instead.
    assert '["__proto__"]: ' in code and '"__proto__": ' not in code
    functions = re.findall(r"^export (?:async )?function (\S+)\(", code, re.M)
    assert all(re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", f) for f in functions), functions


def test_normalisation_data_is_pythons() -> None:
    code = module_code(EVERY_MODE, "accounts", lang="typescript")
    folds = dict(re.findall(r'\[0x([0-9a-f]+), ("(?:[^"\\]|\\.)*")\]', code))
    assert {int(k, 16): json.loads(v) for k, v in folds.items()} == dict(case_fold_exceptions())
    assert dict(case_fold_exceptions())[0xDF] == "ss"  # ß
    assert (0x200B, 0x200F) in ignorable_ranges()
    assert all(is_ignorable(chr(c)) for lo, hi in ignorable_ranges() for c in range(lo, hi + 1))
    # U+001C-U+001F and U+0085 are spaces to Python (not to JavaScript's trim), U+FEFF is not.
    spaces = {c for lo, hi in space_ranges() for c in range(lo, hi + 1)}
    assert {0x1C, 0x1F, 0x85, 0x3000} <= spaces and 0xFEFF not in spaces
    for mode_function in ("normaliseR0", "normaliseR1", "normaliseR2", "normaliseR3"):
        assert f"export function {mode_function}(value: string): string" in code


def test_a_schema_without_folding_leaves_the_tables_out() -> None:
    code = module_code(article_schema(), "accounts", lang="typescript")
    assert "CASE_FOLD" not in code and "IGNORABLE" not in code and "type AttributeValue" in code
