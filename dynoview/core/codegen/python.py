"""The generated module in Python (boto3), from a ``CodeModel``.

Literals are ``repr`` of exact strings (``quoting``), identifiers come from ``names``; the
request of each operation is written from its data, one dict entry per line. The module
needs only botocore (which boto3 brings) and the standard library.
"""

from __future__ import annotations

import textwrap
from typing import Any

import dynoview.core.codegen.body as bodies
import dynoview.core.codegen.layout as layout
import dynoview.core.codegen.model as m
import dynoview.core.codegen.python_runtime as rt
import dynoview.core.codegen.unicode_tables as unicode_tables
from dynoview import __version__
from dynoview.core.codegen.names import snake
from dynoview.core.codegen.quoting import py_string
from dynoview.core.uniqueness.forms import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
)
from dynoview.core.values.key_sizes import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES

WIDTH = 88  # ruff's and black's default line length
INDENT = "    "

_NORMALISE_BODIES = {
    NORMALISE_NONE: "return value",
    NORMALISE_LOWER: "return value.lower()",
    NORMALISE_TRIM_LOWER: "return value.strip().lower()",
    NORMALISE_NFKC_CASEFOLD: "return _nfkc_casefold(value)",
}
_NORMALISE_DOCS = {
    NORMALISE_NONE: "as typed (normalisation none)",
    NORMALISE_LOWER: "lower-cased (normalisation lowercase)",
    NORMALISE_TRIM_LOWER: "trimmed and lower-cased (normalisation trim+lowercase)",
    NORMALISE_NFKC_CASEFOLD: "NFKC, invisible characters removed, case-folded, trimmed "
                             "(normalisation nfkc+casefold)",
}

# --------------------------------------------------------------------------- data as code


def _text(value: m.Text) -> str:
    return " + ".join(py_string(p) if isinstance(p, str) else _slot(p) for p in value.parts)


def _slot(slot: m.Slot) -> str:
    return slot.param + ("_key" if slot.form == m.KEY else "")


def _leaf(value: Any) -> str:
    if isinstance(value, m.Text):
        return _text(value)
    if isinstance(value, m.Read):
        return "owner_value"
    if isinstance(value, str):
        return py_string(value)
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(int(value))
    raise m.CodegenError(f"A {type(value).__name__} cannot be written as Python here.")


def _chunks(text: str, width: int) -> list[str]:
    """``text`` in pieces whose literals fit ``width``, cut after spaces where possible."""
    pieces: list[str] = []
    while text:
        cut = len(text)
        while cut > 1 and len(py_string(text[:cut])) > width:
            space = text.rfind(" ", 0, cut - 1)
            cut = space + 1 if space > 0 else cut - 1
        pieces.append(text[:cut])
        text = text[cut:]
    return pieces


def _long_leaf(value: Any, base: int) -> str:
    """A string (or string built at run time) too long for its line, in parentheses: literal
    pieces one a line, joined implicitly or with ``+``."""
    inner = " " * (base + 4)
    width = max(WIDTH - len(inner) - 2, 16)
    if isinstance(value, str):
        lines = [inner + py_string(piece) for piece in _chunks(value, width)]
    elif isinstance(value, m.Text):
        lines = []
        for index, part in enumerate(value.parts):
            plus = "+ " if index else ""
            if isinstance(part, m.Slot):
                lines.append(f"{inner}{plus}{_slot(part)}")
            else:
                pieces = [py_string(p) for p in _chunks(part, width)]
                lines += [f"{inner}{plus if i == 0 else ''}{p}" for i, p in enumerate(pieces)]
    else:
        return _leaf(value)
    return "(\n" + "\n".join(lines) + "\n" + " " * base + ")"


_SYNTAX = layout.Syntax(key=py_string, leaf=_leaf, width=WIDTH, step=4, padded_braces=False,
                        long_leaf=_long_leaf)


def expression(value: Any, base: int, column: int, spread_at: Any = None, spread: str = "") -> str:
    """``value`` as a Python expression starting at ``column`` of a line indented ``base``;
    one entry a line when it does not fit on one. The mapping that is ``spread_at`` gets
    ``spread`` (``**...``) as its first entry."""
    return layout.expression(value, _SYNTAX, base, column, spread_at, spread)


# --------------------------------------------------------------------------- the module


def _param_name(param: m.Param) -> str:
    return snake(param.words)


def _var(key: str | None) -> str:
    return "None" if key is None else key


class _Literal:
    """Text to be written as a string literal (a call argument)."""

    def __init__(self, text: str) -> None:
        self.text = text


class _Writer:
    def __init__(self, code_model: m.CodeModel) -> None:
        self.model = code_model
        self.lines: list[str] = []
        self.declared = False  # whether the current function has annotated ``items``

    def emit(self, level: int, text: str) -> None:
        self.lines.append(INDENT * level + text if text else "")

    def statements(self, op: m.Operation, statements: tuple[Any, ...], level: int) -> None:
        for st in statements:
            if isinstance(st, bodies.ChooseId):
                self.emit(level, f"if {st.param} is None:")
                self.emit(level + 1, f"{st.param} = str(uuid.uuid4())")
            elif isinstance(st, bodies.Normalise):
                rule = self.model.rule(st.rule)
                fn = f"normalise_{snake(rule.words)}"
                if st.check:
                    args: list[Any] = [_Literal(rule.name), st.param, fn, f"trims={rule.trims!r}"]
                    if rule.index is not None:
                        args.append(f"index=({py_string(rule.index)}, "
                                    f"{py_string(rule.attribute)}, {rule.index_key_bytes})")
                    self.call(level, f"{st.param}_key = ", "_new_value", args)
                else:
                    self.call(level, f"{st.param}_key = ", fn, [st.param])
            elif isinstance(st, bodies.RefuseSame):
                self.condition(level, st.new, st.held)
                reason = "it is the value the account holds now, so nothing would change"
                self.call(level + 1, "raise ", "InvalidValueError",
                          [_Literal(st.rule), st.new, _Literal(reason)], force=True)
            elif isinstance(st, bodies.SameKey):
                self.condition(level, f"{st.new}_key", f"{st.held}_key")
                self.comment(level + 1, "Only the spelling changes: the account keeps its lock (a "
                                        "Put of that key would meet it, and one transaction cannot "
                                        "delete and put one item), so only the account is updated, "
                                        "guarded on the value it holds.")
                self.send(op, st.same, level + 1)
                self.emit(level, "else:")
                self.statements(op, (st.other,), level + 1)
            elif isinstance(st, bodies.Send):
                self.send(op, st, level)
            elif isinstance(st, bodies.ReadOwner):
                self.read_owner(op, st.read, level)
            elif isinstance(st, bodies.Branch):
                self.emit(level, f"if {st.param} is None:")
                self.statements(op, st.without, level + 1)
                self.emit(level, "else:")
                self.statements(op, st.given, level + 1)

    def comment(self, level: int, text: str) -> None:
        """A comment of fixed text (never schema data), wrapped to the line length."""
        for line in textwrap.wrap(text, WIDTH - len(INDENT) * level - 2, break_on_hyphens=False):
            self.emit(level, f"# {line}")

    def condition(self, level: int, left: str, right: str) -> None:
        """``if <left> == <right>:``, the operands a line each when it does not fit."""
        if len(INDENT * level + f"if {left} == {right}:") <= WIDTH:
            self.emit(level, f"if {left} == {right}:")
            return
        self.emit(level, "if (")
        self.emit(level + 1, left)
        self.emit(level + 1, f"== {right}")
        self.emit(level, "):")

    def call(self, level: int, head: str, function: str, args: list[Any], *,
             force: bool = False, tail: str = "") -> None:
        """``<head><function>(args)<tail>`` on one line, or one argument a line. An argument is
        code (a ``str``: a name, ``trims=True``) or text to quote (``_Literal``: a rule name,
        a message)."""
        def code(arg: Any) -> str:
            return py_string(arg.text) if isinstance(arg, _Literal) else str(arg)

        line = f"{head}{function}({', '.join(code(a) for a in args)}){tail}"
        if not force and len(INDENT * level + line) <= WIDTH:
            self.emit(level, line)
            return
        self.emit(level, f"{head}{function}(")
        base = len(INDENT) * (level + 1)
        for arg in args:
            text = expression(arg.text, base, base) if isinstance(arg, _Literal) else str(arg)
            self.emit(level + 1, text + ",")
        self.emit(level, f"){tail}")

    def read_owner(self, op: m.Operation, read: m.OwnerRead, level: int) -> None:
        """Read the owner; refuse when it holds the value; else guard on what was read."""
        indent = len(INDENT) * level
        head = "former_owner = _read_owner(client, table_name, "
        key = expression(read.key, indent, indent + len(head))
        self.emit(level, f"{head}{key}, {read.account})")
        self.call(level, "owner_value = ", "_owner_value", ["former_owner", _Literal(read.attribute)])
        rule = self.model.rule(read.rule)
        self.call(level, "if ", "_owner_holds", ["owner_value", read.value,
                                                 f"normalise_{snake(rule.words)}"], tail=":")
        self.call(level + 1, "raise ", "StillHeldError",
                  [_Literal(read.rule), read.value, read.account])
        for test, steps in (("if former_owner is None:", read.absent),
                            ("elif owner_value is None:", read.lacking), ("else:", read.holding)):
            self.emit(level, test)
            self.send(op, bodies.Send(steps), level + 1)

    def send(self, op: m.Operation, st: bodies.Send, level: int) -> None:
        indent = len(INDENT) * level
        requests, spread_at, attributes = layout.send_parts(op, st)
        spread = ""
        if attributes is not None:
            spread = f"**_extra_attributes({_param_name(attributes)}, _ACCOUNT_ATTRIBUTES)"
        # Annotated once per function: a second annotation in another branch is a redefinition.
        head = "items = " if self.declared else "items: list[dict[str, Any]] = "
        self.declared = True
        self.emit(level, head + expression(requests, indent, indent + len(head), spread_at, spread))
        self.emit(level, "failures = [")
        for step in st.steps:
            f = step.failure
            held = [] if step.held is None else [f"held_key={_slot(m.Slot(step.held, m.KEY))}"]
            self.call(level + 1, "", "_Failure", [
                _Literal(f.kind), "None" if f.rule is None else _Literal(f.rule), _var(f.value),
                _var(f.account), *held], tail=",")
        self.emit(level, "]")
        self.call(level, "", "_transact",
                  ["client", "items", "failures", "max_attempts", "client_request_token"])

    def function(self, op: m.Operation) -> None:
        name = snake(op.words)
        self.declared = False
        self.emit(0, "")
        self.emit(0, "")
        self.emit(0, f"def {name}(")
        self.emit(1, "client: TransactClient,")
        self.emit(1, "*,")
        for param in op.params:
            self.emit(1, self.parameter(param) + ",")
        self.emit(1, "max_attempts: int = MAX_ATTEMPTS,")
        self.emit(1, "client_request_token: str | None = None,")
        self.emit(0, f") -> {'str' if op.returns_account_id else 'None'}:")
        same = " and the same account_id" if op.returns_account_id else ""
        self.docstring(1, f"{op.summary}\n\nRaises a UniquenessError subclass when nothing "
                          "was written.\n\nclient_request_token: when a call's outcome is "
                          "unknown (a timeout, a lost connection), call again with the same "
                          f"token and the same arguments{same}: within 10 minutes DynamoDB "
                          "applies one token's transaction once, so the retry cannot write "
                          "twice or report the first call's own write as a conflict. Use a new "
                          "token (1 to 36 characters) per logical operation: one reused for "
                          "another request raises TokenReusedError. Left out, each call "
                          "chooses its own.")
        self.emit(1, "_check_token(client_request_token)")
        locks = next((p for p in op.params if p.role == m.LOCKS_TABLE), None)
        if locks is not None:
            table = next(p for p in op.params if p.role == m.TABLE)
            self.call(1, f"{_param_name(locks)} = ", "_locks_table",
                      [_param_name(table), _param_name(locks)])
        self.statements(op, bodies.body(op), 1)
        if op.returns_account_id:
            account = next(p for p in op.params if p.role == m.ACCOUNT_ID)
            self.emit(1, f"return {_param_name(account)}")

    def docstring(self, level: int, text: str) -> None:
        """A docstring of fixed text (never schema data), wrapped to the line length."""
        width = WIDTH - len(INDENT) * level
        if "\n" not in text and len(text) + 6 <= width:
            self.emit(level, f'"""{text}"""')
            return
        for index, paragraph in enumerate(text.split("\n\n")):
            if index:
                self.emit(0, "")
            for line in textwrap.wrap(paragraph, width, initial_indent='"""' if index == 0 else "",
                                      break_on_hyphens=False):
                self.emit(level, line)
        self.emit(level, '"""')

    @staticmethod
    def parameter(param: m.Param) -> str:
        name = _param_name(param)
        if param.role == m.TABLE:
            return f"{name}: str = TABLE_NAME"
        if param.role == m.LOCKS_TABLE:  # None: ``_locks_table`` chooses
            return f"{name}: str | None = None"
        if param.role == m.ATTRIBUTES:
            return f"{name}: Mapping[str, Mapping[str, Any]] | None = None"
        if param.defaulted or (param.optional and param.role != m.HELD):
            return f"{name}: str | None = None"
        if param.optional:
            return f"{name}: str | None"  # said on every call: None means "holds none"
        return f"{name}: str"

    def normaliser(self, rule: m.RuleInfo) -> None:
        self.emit(0, "")
        self.emit(0, "")
        self.emit(0, f"def normalise_{snake(rule.words)}(value: str) -> str:")
        self.docstring(1, f"The value as its lock key stores it: "
                          f"{_NORMALISE_DOCS[rule.normalisation]}.")
        self.emit(1, _NORMALISE_BODIES[rule.normalisation])


def _account_attributes(code_model: m.CodeModel) -> str:
    """The attributes sign_up writes itself, which ``attributes`` may not set."""
    item = next(s.request["Put"]["Item"] for op in code_model.operations for v in op.variants
                for s in v.steps if s.merge_attributes)
    head = "_ACCOUNT_ATTRIBUTES = "
    return f"\n\n{head}{expression(list(item), 0, len(head))}\n"


def _field_type(code_model: m.CodeModel) -> str:
    """``Field = Literal[...]``: the rule names, one a line when they do not fit on one."""
    names = [r.name for r in code_model.rules]
    line = "Field = Literal[" + ", ".join(py_string(n) for n in names) + "]"
    if len(line) <= WIDTH:
        return line
    return "Field = Literal[\n" + "".join(f"    {expression(n, 4, 4)},\n" for n in names) + "]"


def _uses_new_values(code_model: m.CodeModel) -> bool:
    return any(p.role == m.NEW for op in code_model.operations for p in op.params)


def _merges_attributes(code_model: m.CodeModel) -> bool:
    return any(s.merge_attributes for op in code_model.operations for v in op.variants
               for s in v.steps)


def _reads_owner(code_model: m.CodeModel) -> bool:
    return any(v.read is not None for op in code_model.operations for v in op.variants)


def _imports(code_model: m.CodeModel, extra_third_party: tuple[str, ...]) -> str:
    nfkc = any(r.normalisation == NORMALISE_NFKC_CASEFOLD for r in code_model.rules)
    callable_ = _uses_new_values(code_model) or _reads_owner(code_model)
    abc = ", ".join([*(["Callable"] if callable_ else []), "Mapping", "Sequence"])
    std = ["import random", *(["import re"] if nfkc else []), "import time",
           *(["import unicodedata"] if nfkc else []), "import uuid",
           f"from collections.abc import {abc}",
           "from typing import Any, Literal, NamedTuple, Protocol"]
    third = [*extra_third_party, "from botocore.exceptions import ClientError"]
    return "\n".join(std) + "\n\n" + "\n".join(third)


def _key_names(names: tuple[str, str | None]) -> str:
    """``(partition key, sort key or None)`` as a Python tuple literal, one name a line when
    the two do not fit after ``_ACCOUNT_KEY: tuple[str, str | None] = ``."""
    cells = [py_string(names[0]), "None" if names[1] is None else py_string(names[1])]
    line = f"({', '.join(cells)})"
    if len(line) <= WIDTH - 40:
        return line
    return "(\n" + "".join(f"    {expression(n, 4, 4)},\n" for n in names) + ")"


def _ranges_lines(ranges: tuple[tuple[int, int], ...]) -> str:
    cells = [f"(0x{a:04X}, 0x{b:04X})," for a, b in ranges]
    return layout.packed_lines(cells, INDENT, WIDTH)


def module(code_model: m.CodeModel, *, example: list[str] | None = None,
           extra_imports: tuple[str, ...] = ()) -> str:
    """The whole module; ``example`` lines (already Python) end it, after the functions."""
    locks = "" if code_model.locks_table is None else rt.LOCKS_TABLE.format(
        locks=expression(code_model.locks_table, 0, len("LOCKS_TABLE_NAME = ")))
    text = rt.HEADER.format(version=__version__, imports=_imports(code_model, extra_imports),
                          table=expression(code_model.table, 0, len("TABLE_NAME = ")),
                          locks_table=locks, field_type=_field_type(code_model))
    if any(r.normalisation == NORMALISE_NFKC_CASEFOLD for r in code_model.rules):
        text += rt.NFKC.format(ranges=_ranges_lines(unicode_tables.ignorable_ranges()))
    text += rt.SUPPORT
    if code_model.locks_table is not None:
        text += rt.LOCKS_TABLE_OF
    text += rt.KEY_LIMITS.format(
        account_key=_key_names(code_model.account_key), lock_key=_key_names(code_model.lock_key),
        partition_bytes=MAX_PARTITION_KEY_BYTES, sort_bytes=MAX_SORT_KEY_BYTES)
    if _uses_new_values(code_model):
        text += rt.NEW_VALUE
    if _merges_attributes(code_model):
        text += rt.EXTRA + _account_attributes(code_model)
    if _reads_owner(code_model):
        text += rt.READ_OWNER
    text += layout.functions(_Writer(code_model), code_model)
    if example:
        text += "\n\n" + "\n".join(example) + "\n"
    _check(text)
    return text


def _check(text: str) -> None:
    """The module must compile: a bug here is a refusal, never broken code handed out.
    ``compile`` (not only ``ast.parse``) also builds the symbol tables, which is where a
    duplicate argument or a misplaced ``nonlocal`` is found."""
    try:
        compile(text, "<generated>", "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise m.CodegenError(f"The generated Python does not compile ({exc.msg}, line {exc.lineno}). "
                             "Report this as a bug in DynoView.") from exc
