"""What generated code refuses, and the names it makes:

- two rules on one attribute (``email`` lowercase and ``email_exact`` as typed): generated code
  takes one value per rule, so it would lock ``Ada@x.io`` under the lowercase rule (the last
  rule's value won); it is refused with a sentence naming both rules, for the module and for a
  form's "Export as code" alike, instead of handing out code that lets ``ada@x.io`` sign up too;
- a rule named like a helper once "value" is appended ("new" became ``newValue``, a helper, and
  TypeScript codegen refused the schema as a bug): no name made from a rule's words is ever a
  name the module uses itself, whatever the rule is called.
"""

from __future__ import annotations

import pytest

from dynoview.core.codegen import LANGUAGES, TEMPLATES, CodegenError, module_code, template_code
from dynoview.core.codegen.names import RESERVED, camel, rule_words, snake
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema

TWO_ON_EMAIL = UniquenessSchema(rules=(
    LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK", "lowercase"),
    LockRule("email_exact", "email", "UNIQ#EXACT#{value}", "LOCK", "none"),
))
ACCOUNT = {"PK": {"S": "ACCT#1"}, "SK": {"S": "PROFILE"}, "email": {"S": "Ada@x.io"}}
FORMS = {
    "sign_up": {"account_id": "z", "values": {"email": "Ada@x.io", "email_exact": "Ada@x.io"}},
    "change_value": {"account": ACCOUNT, "rule": "email", "new_value": "n@x.io"},
    "delete_account": {"account": ACCOUNT},
    "claim_missing_lock": {"account": ACCOUNT, "rule": "email"},
    "release_orphan_lock": {"lock": {"PK": {"S": "UNIQ#EMAIL#ada@x.io"}, "SK": {"S": "LOCK"}},
                            "owner_id": None},
    "resolve_duplicate": {"rule": "email", "keep": ACCOUNT,
                          "other": {**ACCOUNT, "PK": {"S": "ACCT#2"}, "email": {"S": "ada@x.io"}}},
}
REFUSAL = ("The email and email_exact rules both protect attribute email, and generated code "
           "takes one value per rule")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_rules_on_one_attribute_are_refused(lang: str) -> None:
    with pytest.raises(CodegenError, match=REFUSAL):
        module_code(TWO_ON_EMAIL, "accounts", lang=lang)


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_forms_export_of_such_a_schema_says_why(template: str) -> None:
    with pytest.raises(CodegenError, match=REFUSAL):
        template_code(TWO_ON_EMAIL, "accounts", template, FORMS[template], lang="python")


def test_one_rule_per_attribute_is_still_generated() -> None:
    one = UniquenessSchema(rules=(TWO_ON_EMAIL.rules[0],
                                  LockRule("email_exact", "email2", "UNIQ#EXACT#{value}", "LOCK")))
    assert "def sign_up(" in module_code(one, "accounts", lang="python")


def _made(words: tuple[str, ...]) -> set[str]:
    """Every identifier generated code makes of a rule's words: its value's parameters (as
    held, current, new, the other account's) and their normalised ``_key`` forms."""
    forms = [(*prefix, *words, *tail) for prefix in ((), ("current",), ("new",), ("other",))
             for tail in ((), ("key",))]
    return {snake(f) for f in forms} | {camel(f) for f in forms}


def test_no_name_made_from_a_rule_is_reserved() -> None:
    """Every reserved name, in either spelling, as a rule name: none of what is made of it is a
    name the module uses (``new`` once made ``newValue``, the new-value helper)."""
    names = sorted(RESERVED | {n.replace("_", " ") for n in RESERVED})
    for name, words in zip(names, rule_words(names), strict=True):
        assert not _made(words) & RESERVED, (name, words, _made(words) & RESERVED)


def test_a_rule_named_new_is_generated_in_typescript() -> None:
    schema = UniquenessSchema(rules=(LockRule("email", "email", "UNIQ#EMAIL#{value}", "LOCK"),
                                     LockRule("new", "nickname", "UNIQ#NICK#{value}", "LOCK")))
    code = module_code(schema, "accounts", lang="typescript")
    assert "export async function changeNewValueValue(" in code
    assert "export function normaliseNewValueValue(" in code
