"""The generated module in TypeScript (AWS SDK for JavaScript v3), from a ``CodeModel``.

Literals are JSON strings with every non-printable character escaped (``quoting``);
identifiers come from ``names``. The module imports ``@aws-sdk/client-dynamodb`` and
``node:crypto`` (Node.js 18 or later) and compiles under ``strict`` with target ES2022.

The normalisations equal ``forms.normalise``: Python's ``str.strip()`` set of spaces and the
default-ignorables are emitted as code point ranges, and Python's ``casefold()`` as the
characters whose fold differs from ``toLowerCase()`` (``unicode_tables``). Python's ``lower()``
is one character at a time too, except a capital sigma, final or not by its neighbours (Unicode's
Final_Sigma): which characters are cased or case-ignorable there is emitted as ranges read off
this Python's own ``lower()`` (``unicode_tables.sigma_context``), since Node.js's ICU may be a
later Unicode in which some changed (U+0295 is cased in Python 3.11's, not in Node 20's). What
can still differ is the Unicode version of the characters themselves: Node.js may know characters
newer than the Python that generated the module, and normalise or lower-case those its own way.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

import dynoview.core.codegen.body as bodies
import dynoview.core.codegen.layout as layout
import dynoview.core.codegen.model as m
import dynoview.core.codegen.typescript_checks as checks
import dynoview.core.codegen.typescript_runtime as rt
import dynoview.core.codegen.unicode_tables as unicode_tables
from dynoview import __version__
from dynoview.core.codegen.names import RESERVED, camel, pascal
from dynoview.core.codegen.quoting import ts_string
from dynoview.core.uniqueness.forms import (
    NORMALISE_LOWER,
    NORMALISE_NFKC_CASEFOLD,
    NORMALISE_NONE,
    NORMALISE_TRIM_LOWER,
)
from dynoview.core.uniqueness.key_limits import MAX_PARTITION_KEY_BYTES, MAX_SORT_KEY_BYTES

WIDTH = 100
INDENT = "  "

_NORMALISE_BODIES = {
    NORMALISE_NONE: "return value;",
    NORMALISE_LOWER: "return lowerLikePython(value);",
    NORMALISE_TRIM_LOWER: "return lowerLikePython(strip(value));",
    NORMALISE_NFKC_CASEFOLD: "return nfkcCasefold(value);",
}
_NORMALISE_DOCS = {
    NORMALISE_NONE: "as typed (normalisation none)",
    NORMALISE_LOWER: "lower-cased (normalisation lowercase)",
    NORMALISE_TRIM_LOWER: "trimmed and lower-cased (normalisation trim+lowercase)",
    NORMALISE_NFKC_CASEFOLD: "NFKC, invisible characters removed, case-folded, trimmed "
                             "(normalisation nfkc+casefold)",
}

# --------------------------------------------------------------------------- data as code


def _key(key: str) -> str:
    # `"__proto__": v` in an object literal sets the prototype instead of adding a property.
    return f"[{ts_string(key)}]" if key == "__proto__" else ts_string(key)


def _slot(slot: m.Slot) -> str:
    words = tuple(slot.param.split("_"))
    return camel(words) + ("Key" if slot.form == m.KEY else "")


def _leaf(value: Any) -> str:
    if isinstance(value, m.Text):
        return " + ".join(ts_string(p) if isinstance(p, str) else _slot(p) for p in value.parts)
    if isinstance(value, m.Read):
        return "ownerValue"
    if isinstance(value, str):
        return ts_string(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    raise m.CodegenError(f"A {type(value).__name__} cannot be written as TypeScript here.")


_SYNTAX = layout.Syntax(key=_key, leaf=_leaf, width=WIDTH, step=2, padded_braces=True)


def expression(value: Any, base: int, column: int, spread_at: Any = None, spread: str = "") -> str:
    """``value`` as a TypeScript expression starting at ``column`` of a line indented
    ``base``; one entry a line when it does not fit on one."""
    return layout.expression(value, _SYNTAX, base, column, spread_at, spread)


# --------------------------------------------------------------------------- the module


def _name(param: m.Param) -> str:
    return camel(param.words)


def _var(key: str | None) -> str:
    return "null" if key is None else camel(tuple(key.split("_")))


def _failure(step: m.Step) -> str:
    f = step.failure
    field = "null" if f.rule is None else ts_string(f.rule)
    held = "" if step.held is None else f", {_slot(m.Slot(step.held, m.KEY))}"
    return f"failure({ts_string(f.kind)}, {field}, {_var(f.value)}, {_var(f.account)}{held})"


def _doc(level: int, text: str) -> list[str]:
    """A JSDoc comment of fixed text (never schema data)."""
    pad = INDENT * level
    lines = textwrap.wrap(text, WIDTH - len(pad) - 3, break_on_hyphens=False)
    if len(lines) == 1:
        return [f"{pad}/** {lines[0]} */"]
    return [f"{pad}/**", *(f"{pad} * {line}" for line in lines), f"{pad} */"]


class _Writer:
    def __init__(self, code_model: m.CodeModel) -> None:
        self.model = code_model
        self.lines: list[str] = []

    def emit(self, level: int, text: str) -> None:
        self.lines.append(INDENT * level + text if text else "")

    def statements(self, op: m.Operation, statements: tuple[Any, ...], level: int) -> None:
        for st in statements:
            if isinstance(st, bodies.ChooseId):
                name = _var(st.param)
                self.emit(level, f"const {name} = input.{name} ?? randomUUID();")
            elif isinstance(st, bodies.Normalise):
                rule = self.model.rule(st.rule)
                fn = f"normalise{pascal(rule.words)}"
                var = _var(st.param)
                if st.check:
                    trims = "true" if rule.trims else "false"
                    index = ""
                    if rule.index is not None:
                        index = (f", [{ts_string(rule.index)}, {ts_string(rule.attribute)}, "
                                 f"{rule.index_key_bytes}]")
                    self.emit(level, f"const {var}Key = newValue({ts_string(rule.name)}, {var}, "
                                     f"{fn}, {trims}{index});")
                else:
                    self.emit(level, f"const {var}Key = {fn}({var});")
            elif isinstance(st, bodies.RefuseSame):
                self.emit(level, f"if ({_var(st.new)} === {_var(st.held)}) {{")
                self.emit(level + 1, "throw new InvalidValueError(")
                self.emit(level + 2, f"{ts_string(st.rule)},")
                self.emit(level + 2, f"{_var(st.new)},")
                self.emit(level + 2, '"it is the value the account holds now, so nothing would '
                                     'change",')
                self.emit(level + 1, ");")
                self.emit(level, "}")
            elif isinstance(st, bodies.SameKey):
                self.emit(level, f"if ({_var(st.new)}Key === {_var(st.held)}Key) {{")
                self.lines += [INDENT * (level + 1) + "// " + line for line in textwrap.wrap(
                    "Only the spelling changes: the account keeps its lock (a Put of that key "
                    "would meet it, and one transaction cannot delete and put one item), so only "
                    "the account is updated, guarded on the value it holds.",
                    WIDTH - len(INDENT) * (level + 1) - 3, break_on_hyphens=False)]
                self.send(op, st.same, level + 1)
                self.emit(level, "} else {")
                self.statements(op, (st.other,), level + 1)
                self.emit(level, "}")
            elif isinstance(st, bodies.Send):
                self.send(op, st, level)
            elif isinstance(st, bodies.ReadOwner):
                self.read_owner(op, st.read, level)
            elif isinstance(st, bodies.Branch):
                self.emit(level, f"if ({_var(st.param)} == null) {{")
                self.statements(op, st.without, level + 1)
                self.emit(level, "} else {")
                self.statements(op, st.given, level + 1)
                self.emit(level, "}")

    def read_owner(self, op: m.Operation, read: m.OwnerRead, level: int) -> None:
        """Read the owner; refuse when it holds the value; else guard on what was read."""
        indent = len(INDENT) * level
        head = "const formerOwner = await readOwner(client, tableName, "
        key = expression(read.key, indent, indent + len(head))
        self.emit(level, f"{head}{key}, {_var(read.account)});")
        self.emit(level, f"const ownerValue = formerOwner?.[{ts_string(read.attribute)}];")
        value, account = _var(read.value), _var(read.account)
        fn = f"normalise{pascal(self.model.rule(read.rule).words)}"
        self.emit(level, f"if (ownerHolds(ownerValue, {value}, {fn})) {{")
        self.emit(level + 1, f"throw new StillHeldError({ts_string(read.rule)}, {value}, {account});")
        self.emit(level, "}")
        cases = (("if (formerOwner === undefined) {", read.absent),
                 ("} else if (ownerValue === undefined) {", read.lacking), ("} else {", read.holding))
        for test, steps in cases:
            self.emit(level, test)
            self.send(op, bodies.Send(steps), level + 1)
        self.emit(level, "}")

    def send(self, op: m.Operation, st: bodies.Send, level: int) -> None:
        indent = len(INDENT) * level
        requests, spread_at, attributes = layout.send_parts(op, st)
        spread = ""
        if attributes is not None:
            reserved = "[" + ", ".join(ts_string(k) for k in spread_at) + "]"
            spread = f"...extraAttributes(input.{_name(attributes)}, {reserved})"
        head = "const items: TransactWriteItem[] = "
        self.emit(level, head + expression(requests, indent, indent + len(head), spread_at, spread)
                  + ";")
        self.emit(level, "const failures = [")
        for step in st.steps:
            self.emit(level + 1, _failure(step) + ",")
        self.emit(level, "];")
        self.emit(level, "await transact(client, items, failures, maxAttempts, "
                         "options.clientRequestToken);")

    def interface(self, op: m.Operation) -> str:
        name = f"{pascal(op.words)}Input"
        self.emit(0, "")
        self.emit(0, f"export interface {name} {{")
        for param in op.params:
            if param.role in (m.TABLE, m.LOCKS_TABLE):
                continue
            if param.role == m.ATTRIBUTES:
                self.lines += _doc(1, "More attributes for the account item, low-level ({ S: ... }).")
                self.emit(1, f"{_name(param)}?: Record<string, AttributeValue>;")
            elif param.defaulted:
                self.lines += _doc(1, "Left out: a new random id.")
                self.emit(1, f"{_name(param)}?: string;")
            elif param.optional and param.role == m.HELD:
                self.lines += _doc(1, "The value the account holds now; null when it holds none.")
                self.emit(1, f"{_name(param)}: string | null;")
            elif param.optional:
                self.emit(1, f"{_name(param)}?: string | null;")
            else:
                self.emit(1, f"{_name(param)}: string;")
        self.emit(0, "}")
        return name

    def function(self, op: m.Operation) -> None:
        input_type = self.interface(op)
        self.emit(0, "")
        self.lines += _doc(0, f"{op.summary} Throws a UniquenessError subclass when nothing was "
                              "written. After an unknown outcome (a timeout), retry with the same "
                              "`options.clientRequestToken` and the same input"
                              + (", accountId included" if op.returns_account_id else "")
                              + ": DynamoDB applies it once.")
        returns = "Promise<string>" if op.returns_account_id else "Promise<void>"
        self.emit(0, f"export async function {camel(op.words)}(")
        self.emit(1, "client: DynamoDBClient,")
        self.emit(1, f"input: {input_type},")
        self.emit(1, "options: CallOptions = {},")
        self.emit(0, f"): {returns} {{")
        self.emit(1, "const tableName = options.tableName ?? TABLE_NAME;")
        if any(p.role == m.LOCKS_TABLE for p in op.params):
            self.emit(1, "const locksTableName = locksTable(tableName, options.locksTableName);")
        self.emit(1, "const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;")
        self.emit(1, "checkToken(options.clientRequestToken);")
        plain = [_name(p) for p in op.params if p.role not in (m.TABLE, m.LOCKS_TABLE, m.ATTRIBUTES)
                 and not p.defaulted]
        # A value named like a helper the body calls would shadow it (``names.RESERVED`` keeps
        # rule names off those): a bug here is a refusal, never code that does not compile.
        clash = sorted({n for n in plain if n in RESERVED or plain.count(n) > 1})
        if clash:  # pragma: no cover - a bug in names
            raise m.CodegenError(f"The generated TypeScript would shadow {', '.join(clash)}. "
                                 "Report this as a bug in DynoView.")
        if plain:
            self.emit(1, f"const {{ {', '.join(plain)} }} = input;")
        self.statements(op, bodies.body(op), 1)
        if op.returns_account_id:
            account = next(p for p in op.params if p.role == m.ACCOUNT_ID)
            self.emit(1, f"return {_name(account)};")
        self.emit(0, "}")

    def normaliser(self, rule: m.RuleInfo) -> None:
        self.emit(0, "")
        self.lines += _doc(0, f"The value as its lock key stores it: "
                              f"{_NORMALISE_DOCS[rule.normalisation]}.")
        self.emit(0, f"export function normalise{pascal(rule.words)}(value: string): string {{")
        self.emit(1, _NORMALISE_BODIES[rule.normalisation])
        self.emit(0, "}")


def _key_names(names: tuple[str, str | None]) -> str:
    """``[partition key, sort key or null]`` as a TypeScript array literal."""
    return f"[{ts_string(names[0])}, {'null' if names[1] is None else ts_string(names[1])}]"


def _range_lines(ranges: tuple[tuple[int, int], ...]) -> str:
    cells = [f"[0x{a:04x}, 0x{b:04x}]," for a, b in ranges]
    return layout.packed_lines(cells, INDENT, WIDTH)


def _fold_lines() -> str:
    cells = [f"[0x{code:04x}, {ts_string(folded)}],"
             for code, folded in unicode_tables.case_fold_exceptions()]
    return layout.packed_lines(cells, INDENT, WIDTH)


_SIGMA_HEAD = """
// Python's str.lower() lower-cases a capital sigma by its context (Unicode's Final_Sigma): final
// after a cased character (case-ignorable ones skipped) unless a cased one follows. Which
// characters are cased or case-ignorable is the generating Python's: Node.js's may differ.
const SIGMA_CASE_IGNORABLE: ReadonlyArray<readonly [number, number]> = [
"""

_SIGMA_CASED = """];
// Cased characters that are not case-ignorable.
const SIGMA_CASED: ReadonlyArray<readonly [number, number]> = [
"""

_SIGMA_LOWER = """];

function inSigmaRanges(
  ranges: ReadonlyArray<readonly [number, number]>,
  char: string,
): boolean {
  const code = char.codePointAt(0) ?? 0;
  return ranges.some(([low, high]) => low <= code && code <= high);
}

/** Whether the capital sigma at chars[at] is final, as Python's str.lower() decides. */
function sigmaIsFinal(chars: readonly string[], at: number): boolean {
  let before = at - 1;
  while (before >= 0 && inSigmaRanges(SIGMA_CASE_IGNORABLE, chars[before] ?? "")) {
    before -= 1;
  }
  if (before < 0 || !inSigmaRanges(SIGMA_CASED, chars[before] ?? "")) {
    return false;
  }
  let after = at + 1;
  while (after < chars.length && inSigmaRanges(SIGMA_CASE_IGNORABLE, chars[after] ?? "")) {
    after += 1;
  }
  return after === chars.length || !inSigmaRanges(SIGMA_CASED, chars[after] ?? "");
}

/** Python's str.lower(): one character at a time, a capital sigma by its context. */
function lowerLikePython(value: string): string {
  const chars = Array.from(value);
  let out = "";
  chars.forEach((char, at) => {
    if (char !== "\\u03a3") {
      out += char.toLowerCase();
    } else {
      out += sigmaIsFinal(chars, at) ? "\\u03c2" : "\\u03c3"; // final or not
    }
  });
  return out;
}
"""


def module(code_model: m.CodeModel, *, example: list[str] | None = None) -> str:
    """The whole module; ``example`` lines (already TypeScript) end it."""
    fields = " | ".join(ts_string(r.name) for r in code_model.rules)
    merges = any(s.merge_attributes for op in code_model.operations for v in op.variants
                 for s in v.steps)
    reads = any(v.read is not None for op in code_model.operations for v in op.variants)
    sdk = ["DynamoDBClient", *(["GetItemCommand"] if reads else []), "TransactWriteItemsCommand",
           "type AttributeValue", "type CancellationReason",
           "type TransactWriteItem"]
    separate = code_model.locks_table is not None
    text = rt.HEADER.format(version=__version__, table=ts_string(code_model.table), fields=fields,
                          sdk_imports="\n".join(f"  {name}," for name in sdk),
                          locks_table=rt.LOCKS_TABLE.format(locks=ts_string(code_model.locks_table))
                          if code_model.locks_table is not None else "",
                          locks_option=rt.LOCKS_OPTION if separate else "")
    text += rt.SUPPORT
    if separate:
        text += rt.LOCKS_TABLE_OF
    text += checks.KEY_LIMITS.format(account_key=_key_names(code_model.account_key),
                                     lock_key=_key_names(code_model.lock_key),
                                     partition_bytes=MAX_PARTITION_KEY_BYTES,
                                     sort_bytes=MAX_SORT_KEY_BYTES)
    new_values = any(p.role == m.NEW for op in code_model.operations for p in op.params)
    if new_values or any(r.trims for r in code_model.rules):
        text += rt.SPACES_HEAD + _range_lines(unicode_tables.space_ranges()) + "\n" + rt.STRIP
    if new_values:
        text += checks.NEW_VALUE
    if merges:
        text += rt.EXTRA
    if reads:
        text += rt.READ_OWNER
    if any(r.normalisation in (NORMALISE_LOWER, NORMALISE_TRIM_LOWER) for r in code_model.rules):
        ignorable, cased = unicode_tables.sigma_context()
        text += (_SIGMA_HEAD + _range_lines(ignorable) + "\n" + _SIGMA_CASED + _range_lines(cased)
                 + "\n" + _SIGMA_LOWER)
    if any(r.normalisation == NORMALISE_NFKC_CASEFOLD for r in code_model.rules):
        text += (rt.IGNORABLE_HEAD + _range_lines(unicode_tables.ignorable_ranges()) + "\n"
                 + rt.FOLD_HEAD + _fold_lines() + "\n" + rt.NFKC)
    text += layout.functions(_Writer(code_model), code_model)
    if example:
        text += "\n" + "\n".join(example) + "\n"
    _check(text)
    return text


_UNSAFE = re.compile("[\u2028\u2029\ud800-\udfff]")


def _check(text: str) -> None:
    """Line separators or lone surrogates outside a literal would be a bug here."""
    if _UNSAFE.search(text):  # pragma: no cover - a bug in this emitter
        raise m.CodegenError("The generated TypeScript holds a raw line separator or surrogate. "
                             "Report this as a bug in DynoView.")
