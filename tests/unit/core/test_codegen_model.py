"""The operations of a schema as data: each variant, filled with values, is exactly the
transaction the builder's template makes for those values."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import dynoview.core.codegen.body as bodies
import dynoview.core.codegen.model as m
from dynoview.core.codegen.derive import build_model, index_key
from dynoview.core.codegen.names import camel, rule_words, snake
from dynoview.core.session.tables import IndexInfo, KeyAttribute, TableInfo
from dynoview.core.tx import templates
from dynoview.core.tx.template_inputs import account_key, sign_up_account
from dynoview.core.uniqueness.forms import NORMALISATIONS, normalise
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, article_schema
from tests.hostile_values import HOSTILE

TABLE = "accounts"


def schema_with(mode: str) -> UniquenessSchema:
    s = article_schema()
    return dataclasses.replace(s, rules=tuple(dataclasses.replace(r, normalisation=mode)
                                              for r in s.rules))


def hostile_schema() -> UniquenessSchema:
    """Names and templates that try to become code in either language."""
    return UniquenessSchema(
        pk_name="__proto__", sk_name=HOSTILE[0], account_pk_prefix=HOSTILE[1] + "#",
        account_sk_value=HOSTILE[3],
        rules=(LockRule("class", HOSTILE[2], "U\"'#{value}" + HOSTILE[10], HOSTILE[11],
                        "nfkc+casefold"),
               LockRule(HOSTILE[4], "e-mail", HOSTILE[6] + "{value}", "LOCK", "lowercase"),
               LockRule("E mail", HOSTILE[9], "\u202e#{value}#${x}", "x",
                        "trim+lowercase")))


def fill(code_model: m.CodeModel, op: m.Operation, data: Any, values: dict[str, str]) -> Any:
    """A step's request with its slots filled as the generated code fills them: the value
    as given, or its rule's normalisation."""
    if isinstance(data, m.Text):
        out = []
        for part in data.parts:
            if isinstance(part, str):
                out.append(part)
                continue
            value = values[part.param]
            if part.form == m.KEY:
                rule = op.param(part.param).rule
                assert rule is not None
                value = normalise(value, code_model.rule(rule).normalisation)
            out.append(value)
        return "".join(out)
    if isinstance(data, m.Read):  # the owner's value as read: a Number here
        return SEEN
    if isinstance(data, dict):
        return {k: fill(code_model, op, v, values) for k, v in data.items()}
    if isinstance(data, list):
        return [fill(code_model, op, v, values) for v in data]
    return data


def generated(code_model: m.CodeModel, op: m.Operation, values: dict[str, str],
              with_optional: bool) -> list[Any]:
    variant = next(v for v in op.variants if v.with_optional == with_optional)
    return [fill(code_model, op, step.request, values) for step in variant.steps]


def template_items(tx: Any) -> list[Any]:
    return list(tx.to_request()["TransactItems"])


def item(schema: UniquenessSchema, account: str, **held: str) -> dict[str, Any]:
    out = account_key(schema, account)
    for rule in schema.rules:
        if rule.name in held:
            out[rule.attribute] = {"S": held[rule.name]}
    return out


# Values that normalise: case, spaces (trimming rules), a fullwidth letter and a zero-width space.
NEW = "  Ｎew.Person\u200b@X.io "
HELD = "Old.Person@x.IO"
SEEN = {"N": "42"}  # a former owner's value as read


# TypeDORM repeats the value in the sort key; a partition-key-only table has no sort key at all.
TYPEDORM = UniquenessSchema(rules=(
    LockRule("email", "email", "DRM_GEN_USER.EMAIL#{value}", "DRM_GEN_USER.EMAIL#{value}", "lowercase"),))
KEY_ONLY = UniquenessSchema(pk_name="id", sk_name=None, account_sk_value=None, rules=(
    LockRule("email", "email", "unique:email:{value}", None, "trim+lowercase"),))


@pytest.mark.parametrize("schema", [schema_with(mode) for mode in NORMALISATIONS]
                         + [hostile_schema(), TYPEDORM, KEY_ONLY],
                         ids=[*NORMALISATIONS, "hostile", "typedorm", "key-only"])
def test_every_operation_is_its_template(schema: UniquenessSchema) -> None:
    code_model = build_model(schema, TABLE)
    ops = {(op.template, op.rule): op for op in code_model.operations}
    assert len(ops) == 2 + 4 * len(schema.rules)
    names = [r.name for r in schema.rules]

    op = ops[(m.SIGN_UP, None)]
    values = {p.key: f"{NEW}{i}" for i, p in enumerate(op.params) if p.role == m.NEW}
    values |= {"account_id": "a1", "table_name": TABLE}
    typed = {p.rule: values[p.key] for p in op.params if p.role == m.NEW}
    want = templates.sign_up(schema, TABLE, sign_up_account(schema, "a1", typed))
    assert generated(code_model, op, values, False) == template_items(want)

    op = ops[(m.DELETE_ACCOUNT, None)]
    held = {p.rule: f"{HELD}{i}" for i, p in enumerate(op.params) if p.role == m.HELD}
    values = {p.key: held[p.rule] for p in op.params if p.role == m.HELD} | {
        "account_id": "a1", "table_name": TABLE}
    want = templates.delete_account(schema, TABLE, item(schema, "a1", **held))
    assert generated(code_model, op, values, False) == template_items(want)

    for rule in schema.rules:
        op = ops[(m.CHANGE_VALUE, rule.name)]
        current, new = (p.key for p in op.params if p.role in (m.HELD, m.NEW))
        for given in (False, True):
            values = {"account_id": "a1", "table_name": TABLE, current: HELD, new: NEW}
            account = item(schema, "a1", **({rule.name: HELD} if given else {}))
            want = templates.change_value(schema, TABLE, account, rule.name, NEW)
            assert generated(code_model, op, values, given) == template_items(want)

        op = ops[(m.CLAIM_MISSING_LOCK, rule.name)]
        value = next(p.key for p in op.params if p.role == m.HELD)
        want = templates.claim_missing_lock(schema, TABLE, item(schema, "a1", **{rule.name: HELD}), rule)
        assert generated(code_model, op, {"account_id": "a1", "table_name": TABLE, value: HELD},
                         False) == template_items(want)

        op = ops[(m.RELEASE_ORPHAN_LOCK, rule.name)]
        value = next(p.key for p in op.params if p.role == m.STORED)
        lock = schema.stored_lock_key(rule, HELD)
        values = {"table_name": TABLE, value: HELD, "former_owner_id": "b2"}
        want = templates.release_orphan_lock(schema, TABLE, lock)
        assert generated(code_model, op, values, False) == template_items(want)
        # Given its former owner, the release is the template's of what was read of it: each
        # case (no item, no value, a value) guarded on exactly that.
        key = account_key(schema, "b2")
        read = op.variants[1].read
        assert read is not None and fill(code_model, op, read.key, values) == key
        for steps, owner in ((read.absent, None), (read.lacking, key),
                             (read.holding, {**key, rule.attribute: SEEN})):
            want = templates.release_orphan_lock(schema, TABLE, lock, templates.OwnerRead(key, owner))
            assert [fill(code_model, op, s.request, values) for s in steps] == template_items(want)

        op = ops[(m.RESOLVE_DUPLICATE, rule.name)]
        # The other account's spelling differs where the rule folds case.
        theirs = HELD if rule.normalisation == "none" else HELD.swapcase()
        keep = item(schema, "a1", **{rule.name: HELD})
        other = item(schema, "b2", **{rule.name: theirs})
        for given in (False, True):
            values = {"keep_account_id": "a1", "other_account_id": "b2", "table_name": TABLE}
            for p in op.params:
                if p.role == m.HELD:
                    values[p.key] = theirs if p.holder else HELD
                elif p.role == m.NEW:
                    values[p.key] = NEW
            want = templates.resolve_duplicate(schema, TABLE, keep, other, rule, NEW if given else None)
            assert generated(code_model, op, values, given) == template_items(want)
    assert sorted(r.name for r in code_model.rules) == sorted(names)


def test_failures_name_the_field_and_the_value_of_each_action() -> None:
    code_model = build_model(article_schema(), TABLE)
    sign_up = code_model.operations[0]
    assert [s.failure for s in sign_up.variants[0].steps] == [
        m.Failure(m.ACCOUNT_EXISTS, None, None, "account_id"),
        m.Failure(m.TAKEN, "email", "email", None),
        m.Failure(m.TAKEN, "username", "username", None),
    ]
    change = next(op for op in code_model.operations if op.words == ("change", "email"))
    assert [s.failure for s in change.variants[1].steps] == [
        m.Failure(m.TAKEN, "email", "new_email", None),
        m.Failure(m.LOCK_MISSING, "email", "current_email", None),
        m.Failure(m.ACCOUNT_CHANGED, "email", None, "account_id"),
    ]
    release = next(op for op in code_model.operations if op.words == ("release", "email", "lock"))
    assert release.variants[1].steps[1].failure == m.Failure(m.STILL_HELD, "email", "email",
                                                             "former_owner_id")


def test_each_value_is_normalised_once_and_new_values_are_checked() -> None:
    code_model = build_model(schema_with("lowercase"), TABLE)
    change = next(op for op in code_model.operations if op.words == ("change", "email"))
    body = bodies.body(change)
    assert body[0] == bodies.Normalise("new_email", "email", check=True)
    branch = body[1]
    assert isinstance(branch, bodies.Branch) and branch.param == "current_email"
    assert branch.given[:2] == (bodies.Normalise("current_email", "email", check=False),
                                bodies.RefuseSame("current_email", "new_email", "email"))
    normalised = [s for s in (*body, *branch.without, *branch.given) if isinstance(s, bodies.Normalise)]
    assert len({s.param for s in normalised}) == len(normalised)
    # A released lock's value is spelled as the lock stores it: never normalised again.
    release = next(op for op in code_model.operations if op.template == m.RELEASE_ORPHAN_LOCK)
    assert not [s for s in bodies.body(release) if isinstance(s, bodies.Normalise)]


def test_rule_names_become_distinct_identifiers_in_both_spellings() -> None:
    words = rule_words(["e-mail", "E Mail", "class", "почта", "2fa", "email key", "account id",
                        "a1b", "a 1b", "new value", "normalise email", "str"])
    assert [snake(w) for w in words] == ["e_mail", "e_mail_2", "class_value", "rule4", "rule_2fa",
                                         "email_key_value", "account_id_value", "a1b", "a_1b_9",
                                         "new_value_value", "normalise_email_value", "str_value"]
    assert len({camel(w) for w in words}) == len(words)
    assert all(snake(w).isascii() and snake(w).isidentifier() for w in words)


def test_a_schema_whose_accounts_have_no_fixed_sort_key_is_refused() -> None:
    schema = dataclasses.replace(article_schema(), account_sk_value=None)
    with pytest.raises(m.CodegenError, match="account_sk_value"):
        build_model(schema, TABLE)


def test_one_operation_can_be_asked_for() -> None:
    code_model = build_model(article_schema(), TABLE, (m.CLAIM_MISSING_LOCK, "username"))
    assert [op.words for op in code_model.operations] == [("claim", "username", "lock")]
    with pytest.raises(m.CodegenError, match="no claim_missing_lock operation"):
        build_model(article_schema(), TABLE, (m.CLAIM_MISSING_LOCK, "phone"))


def _keyed(*indexes: tuple[str, str, str | None], kind: str = "GSI") -> TableInfo:
    """The article's table with these (name, partition key, sort key) indexes."""
    made = tuple(IndexInfo(name, kind, KeyAttribute(pk, "S"), KeyAttribute(sk, "S") if sk else None,
                           "ALL") for name, pk, sk in indexes)
    return TableInfo(name="accounts", partition_key=KeyAttribute("PK", "S"),
                     sort_key=KeyAttribute("SK", "S"), gsis=made)


@pytest.mark.parametrize(("indexes", "named", "expected"), [
    ((), None, None),
    ((("email-index", "email", None),), None, ("email-index", 2048)),
    ((("by-tenant", "tenant", "email"),), None, ("by-tenant", 1024)),  # a sort key: 1,024 bytes
    ((("email-index", "email", None), ("by-tenant", "tenant", "email")), "email-index",
     ("by-tenant", 1024)),  # the tightest key wins over the one the schema names
    ((("a", "email", None), ("email-index", "email", "SK")), "email-index", ("email-index", 2048)),
    ((("other", "tenant", "name"),), "email-index", None),  # nothing keys the attribute
])
def test_the_index_key_a_value_is_held_to(indexes: tuple[tuple[str, str, str | None], ...],
                                          named: str | None, expected: tuple[str, int] | None) -> None:
    rule = dataclasses.replace(article_schema().rules[0], index_name=named)
    assert index_key(rule, _keyed(*indexes)) == expected


def test_without_the_tables_description_the_schemas_index_is_taken_as_its_partition_key() -> None:
    rule = dataclasses.replace(article_schema().rules[0], index_name="email-index")
    assert index_key(rule, None) == ("email-index", 2048)
    assert index_key(article_schema().rules[1], None) is None
