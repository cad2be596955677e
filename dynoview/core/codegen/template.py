""""Export as code" for a template form: the generated function of that one template, and an
``example`` that calls it with the form's values.

The form's values become the example's arguments as data (each language's literals); the
function is the one ``dynoview codegen`` writes for the schema, so what the example sends is
the form's transaction with a new token. A delete for an account that lacks some protected
values is generated for the values it holds (the template deletes only their locks).

The account's values are read as the templates read them (``protected_text``: a string, or a
number as its exact text); a value held as a number is sent as a number (N), as the template
sends it. The builder's template is run on the form first, so a form it refuses is refused
with its sentence.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from typing import Any

import dynoview.core.codegen.model as m
import dynoview.core.codegen.python as python
import dynoview.core.codegen.typescript as typescript
from dynoview.core.codegen.derive import build_model
from dynoview.core.codegen.names import camel, snake
from dynoview.core.codegen.quoting import ts_string
from dynoview.core.redaction import drop_url_credentials
from dynoview.core.session.tables import TableInfo
from dynoview.core.tx import templates
from dynoview.core.uniqueness.schema import LockRule, UniquenessSchema, protected_text, string_value

PYTHON = "python"
TYPESCRIPT = "typescript"
LANGUAGES = (PYTHON, TYPESCRIPT)

URL_CREDENTIALS_NOTE = ("The endpoint URL's user name and password were left out of this code: "
                        "add them back where you run it, never in a file you share.")


def _account_id(schema: UniquenessSchema, item: Any, what: str) -> str:
    """The id of an account item (its partition key without the account prefix)."""
    if not isinstance(item, Mapping) or not schema.is_account(item):
        raise m.CodegenError(f"The {what} is not an account of this schema; pick an account item.")
    pk = string_value(item.get(schema.pk_name))
    return str(pk)[len(schema.account_pk_prefix):]


def _owner_id(schema: UniquenessSchema, text: Any) -> str | None:
    if text is None or not str(text).strip():
        return None
    text = str(text).strip()
    prefix = schema.account_pk_prefix
    return text[len(prefix):] if text.startswith(prefix) else text


def _text(values: Mapping[str, Any], key: str) -> str:
    value = values.get(key)
    if not isinstance(value, str):
        raise m.CodegenError(f"The form's {key} is missing: fill it in, then export again.")
    return value


def _is_number(av: Any) -> bool:
    """A protected value held as a number (N): exported code sends it as N."""
    return isinstance(av, Mapping) and "N" in av and protected_text(av) is not None


def _checked(run: Callable[[], Any]) -> None:
    """The builder's template on the form's values: what it refuses, the export refuses too."""
    try:
        run()
    except ValueError as exc:  # the template's sentence (ValueParseError, EmptiedValueError)
        raise m.CodegenError(str(exc)) from exc


def _held_as_string(account: Any, rule: LockRule, what: str) -> str | None:
    """The value the account holds for ``rule`` (None: none), for an operation that writes a
    new value: the exported code writes strings, so a number held there is refused."""
    av = (account or {}).get(rule.attribute)
    if _is_number(av):
        raise m.CodegenError(f"The {what}'s {rule.attribute} is a number ({protected_text(av)}), and "
                             f"the exported code writes the new {rule.name} as a string: use the "
                             "builder's template for this account.")
    if av is not None and protected_text(av) is None:  # the template guards on it as it is
        raise m.CodegenError(f"The {what}'s {rule.attribute} holds no {rule.name} value the exported "
                             "code can guard on (it is empty, or not a string): use the builder's "
                             "template for this account.")
    return protected_text(av)


def _model(schema: UniquenessSchema, table: str, only: tuple[str, str | None],
           info: TableInfo | None, numbers: Callable[[m.Param], bool],
           lacking: Mapping[str, Any] | None = None, *, kept_lock: bool = True) -> m.CodeModel:
    """The one-operation model; its held parameters for which ``numbers`` says so carry
    numbers (N). Their names are the model's, so it is built again when one does."""
    code_model = build_model(schema, table, only, lacking, info=info, kept_lock=kept_lock)
    held = frozenset(p.key for p in code_model.operations[0].params if p.role == m.HELD and numbers(p))
    return (build_model(schema, table, only, lacking, info=info, numbers=held, kept_lock=kept_lock)
            if held else code_model)


def _operation(schema: UniquenessSchema, table: str, template: str, values: Mapping[str, Any],
               info: TableInfo | None) -> tuple[m.CodeModel, dict[str, str | None]]:
    """The one-operation model for the form, and its arguments by ``Param.key``."""
    rule_name = values.get("rule")
    if template == m.SIGN_UP:
        code_model = build_model(schema, table, (m.SIGN_UP, None), info=info)
        op = code_model.operations[0]
        typed = values.get("values") or {}
        args: dict[str, str | None] = {"account_id": values.get("account_id") or None}
        for param in op.params:
            if param.role == m.NEW:
                args[param.key] = str(typed.get(param.rule, ""))
        return code_model, args
    if template == m.DELETE_ACCOUNT:
        account = values.get("account")
        account_id = _account_id(schema, account, "account")
        assert isinstance(account, Mapping)
        item: Mapping[str, Any] = account  # for the closure below
        held = tuple(r for r in schema.rules if protected_text(item.get(r.attribute)) is not None)
        if not held:
            raise m.CodegenError("The account holds no protected value, so there is no lock to "
                                 "delete with it: use the Delete item template.")
        # Every rule: one the account lacks is guarded absent (or on what it holds there, as
        # the template guards it), so a value (and lock) it gains after the read cancels the
        # delete instead of being left behind.
        lacking = {r.name: item.get(r.attribute) for r in schema.rules if r not in held}
        code_model = _model(schema, table, (m.DELETE_ACCOUNT, None), info,
                            lambda p: _is_number(item.get(schema.rule(p.rule or "").attribute)),
                            lacking)
        args = {"account_id": account_id}
        for param in code_model.operations[0].params:
            rule = next((r for r in held if r.name == param.rule), None)
            if rule is not None:
                args[param.key] = protected_text(item.get(rule.attribute))
        return code_model, args
    if template not in m.TEMPLATES:
        raise m.CodegenError(f"There is no code export for the {template} template; choose one of "
                             f"{', '.join(m.TEMPLATES)}.")
    if template == m.RELEASE_ORPHAN_LOCK:
        match = schema.match_lock(values.get("lock") or {})
        if match is None:
            raise m.CodegenError("This item is not a lock of the table's uniqueness schema; pick a "
                                 "lock item.")
        rule, stored = match
        code_model = build_model(schema, table, (template, rule.name), info=info)
        op = code_model.operations[0]
        value_param = next(p for p in op.params if p.role == m.STORED)
        return code_model, {value_param.key: stored,
                            "former_owner_id": _owner_id(schema, values.get("owner_id"))}
    if not isinstance(rule_name, str):
        raise m.CodegenError("The form names no rule; pick the protected value to work on.")
    rule = schema.rule(rule_name)
    if template == m.CHANGE_VALUE:
        account = values.get("account")
        account_id = _account_id(schema, account, "account")
        current_value = _held_as_string(account, rule, "account")
        code_model = build_model(schema, table, (template, rule.name), info=info)
        op = code_model.operations[0]
        current = next(p for p in op.params if p.role == m.HELD)
        new = next(p for p in op.params if p.role == m.NEW)
        return code_model, {"account_id": account_id, current.key: current_value,
                            new.key: _text(values, "new_value")}
    if template == m.CLAIM_MISSING_LOCK:
        account = values.get("account")
        account_id = _account_id(schema, account, "account")
        assert isinstance(account, Mapping)
        claimed: Mapping[str, Any] = account  # for the closures below
        _checked(lambda: templates.claim_missing_lock(schema, table, claimed, rule))
        code_model = _model(schema, table, (template, rule.name), info,
                            lambda _: _is_number(claimed.get(rule.attribute)))
        value = next(p for p in code_model.operations[0].params if p.role == m.HELD)
        return code_model, {"account_id": account_id,
                            value.key: protected_text(claimed.get(rule.attribute))}
    keep, other = values.get("keep"), values.get("other")
    args = {"keep_account_id": _account_id(schema, keep, "kept account"),
            "other_account_id": _account_id(schema, other, "other account")}
    assert isinstance(keep, Mapping) and isinstance(other, Mapping)
    new_value = values.get("new_value") or None
    if new_value is not None:
        _held_as_string(other, rule, "other account")
    kept_lock = values.get("kept_lock", True) is not False  # False: the resolve claims the lock
    _checked(lambda: templates.resolve_duplicate(schema, table, keep, other, rule, new_value,
                                                 kept_lock=kept_lock))
    code_model = _model(schema, table, (template, rule.name), info,
                        lambda p: _is_number((other if p.holder is not None else keep)
                                             .get(rule.attribute)), kept_lock=kept_lock)
    for param in code_model.operations[0].params:
        if param.role == m.HELD:
            holder = other if param.holder is not None else keep
            args[param.key] = protected_text(holder.get(rule.attribute))
        elif param.role == m.NEW:
            args[param.key] = new_value
    return code_model, args


def _arguments(op: m.Operation, args: Mapping[str, str | None]) -> list[tuple[m.Param, str | None]]:
    """The call's arguments in parameter order; left-out optional ones are not passed."""
    out = []
    for param in op.params:
        if param.role in (m.TABLE, m.ATTRIBUTES) or param.key not in args:
            continue
        value = args[param.key]
        if value is None and (param.defaulted or (param.optional and param.role != m.HELD)):
            continue
        out.append((param, value))
    return out


def _py_argument(name: str, value: str | None, base: int) -> str:
    """``name=<literal>,`` on lines indented ``base``; a long literal in parentheses."""
    head = " " * base + f"{name}="
    literal = "None" if value is None else python.expression(value, base, len(head))
    return f"{head}{literal},"


def _python_example(op: m.Operation, args: Mapping[str, str | None], region: str | None,
                    endpoint: str | None, dropped: bool) -> list[str]:
    lines = ["def example(client: TransactClient) -> None:",
             '    """The values of the DynoView form this was exported from, sent once."""',
             f"    {'account_id = ' if op.returns_account_id else ''}{snake(op.words)}(",
             "        client,"]
    lines += [_py_argument(snake(p.words), value, 8) for p, value in _arguments(op, args)]
    lines.append("    )")
    if op.returns_account_id:
        lines.append('    print("Signed up account", account_id)')
    lines += ["", "", 'if __name__ == "__main__":']
    if dropped:
        lines += [f"    # {line}" for line in textwrap.wrap(URL_CREDENTIALS_NOTE, 80)]
    lines += ["    client = boto3.client(", '        "dynamodb",']
    if region:
        lines.append(_py_argument("region_name", region, 8))
    if endpoint:
        lines.append(_py_argument("endpoint_url", endpoint, 8))
    lines += ["    )", "    example(client)"]
    return lines


def _typescript_example(op: m.Operation, args: Mapping[str, str | None], region: str | None,
                        endpoint: str | None, dropped: bool) -> list[str]:
    options = []
    if region:
        options.append(f"region: {ts_string(region)}")
    if endpoint:
        options.append(f"endpoint: {ts_string(endpoint)}")
    lines = [f"// {line}" for line in textwrap.wrap(URL_CREDENTIALS_NOTE, 96)] if dropped else []
    lines += ["/** The values of the DynoView form this was exported from, sent once: "
              "`await example()`. */",
              "export async function example("]
    if options:
        lines += ["  client: DynamoDBClient = new DynamoDBClient({",
                  *(f"    {option}," for option in options),
                  "  }),"]
    else:
        lines.append("  client: DynamoDBClient = new DynamoDBClient({}),")
    lines += ["): Promise<void> {",
              f"  {'const accountId = ' if op.returns_account_id else ''}await {camel(op.words)}(client, {{"]
    for param, value in _arguments(op, args):
        lines.append(f"    {camel(param.words)}: {'null' if value is None else ts_string(value)},")
    lines.append("  });")
    if op.returns_account_id:
        lines.append('  console.log("Signed up account", accountId);')
    lines.append("}")
    return lines


def template_code(schema: UniquenessSchema, table: str, template: str, values: Mapping[str, Any],
                  *, lang: str, region: str | None = None, endpoint_url: str | None = None,
                  info: TableInfo | None = None) -> str:
    """The code of one template form: its generated function and an ``example`` sending the
    form's values. ``lang`` is "python" (boto3) or "typescript" (SDK v3).

    ``values`` by template (what each form holds):

    - ``sign_up``: ``{"account_id": str | None, "values": {rule name: typed value}}``
    - ``change_value``: ``{"account": account item, "rule": rule name, "new_value": str}``
    - ``delete_account``: ``{"account": account item}``
    - ``claim_missing_lock``: ``{"account": account item, "rule": rule name}``
    - ``release_orphan_lock``: ``{"lock": lock item or key, "owner_id": str | None}``
    - ``resolve_duplicate``: ``{"rule": rule name, "keep": account item, "other": account item,
      "new_value": str | None}``

    ``info``: the table's description; its indexes tell which values are index keys, and so
    held to an index key's size. Items are in the low-level form (``{"S": ...}``). Raises
    ``CodegenError`` (an ``InputError``) with a sentence when the values cannot be exported.
    """
    if lang not in LANGUAGES:
        raise m.CodegenError(f"Code is exported as {' or '.join(LANGUAGES)}, not {lang!r}.")
    code_model, args = _operation(schema, table, template, values, info)
    op = code_model.operations[0]
    endpoint, dropped = drop_url_credentials(endpoint_url) if endpoint_url else (None, False)
    if lang == PYTHON:
        example = _python_example(op, args, region, endpoint, dropped)
        return python.module(code_model, example=example, extra_imports=("import boto3",))
    return typescript.module(code_model,
                             example=_typescript_example(op, args, region, endpoint, dropped))


def module_code(schema: UniquenessSchema, table: str, *, lang: str,
                info: TableInfo | None = None) -> str:
    """Every operation of the schema, as one module (``dynoview codegen``)."""
    if lang not in LANGUAGES:
        raise m.CodegenError(f"Code is generated as {' or '.join(LANGUAGES)}, not {lang!r}.")
    code_model = build_model(schema, table, info=info)
    return python.module(code_model) if lang == PYTHON else typescript.module(code_model)
