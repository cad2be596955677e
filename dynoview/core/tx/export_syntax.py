"""The pieces of exported code that transactions (``tx.code_export``) and reads
(``codegen.reads``) write alike: AWS CLI arguments, quoted for POSIX shells, and plain data as a
JavaScript expression. Each caller keeps its own string literal and its own error. In ``tx``
because ``codegen`` builds on ``tx`` (never the other way round)."""

from __future__ import annotations

import base64
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: JavaScript numbers are doubles: a larger integer would change silently.
JS_MAX_SAFE_INTEGER = 2**53 - 1


def has_binary(value: Any) -> bool:
    """Whether plain data holds bytes anywhere (the CLI then needs --cli-binary-format)."""
    if isinstance(value, bytes):
        return True
    if isinstance(value, dict):
        return any(has_binary(v) for v in value.values())
    if isinstance(value, list):
        return any(has_binary(v) for v in value)
    return False


def cli_option(name: str, value: str) -> list[str]:
    """``--name value``; ``--name=value`` when the value starts with "-", so the CLI's
    argument parser cannot read the value as another option.

    For global options (--region, --endpoint-url) and --cli-input-json file://... only: the
    AWS CLI loads an operation argument starting with file://, fileb://, http:// or https://
    as a file or web page ("paramfile"), so request values go in the --cli-input-json file,
    where they stay text."""
    return [f"{name}={value}"] if value.startswith("-") else [name, value]


def here_document(file_name: str, content: str, delimiter: str) -> str | None:
    """Shell lines writing ``content`` to ``file_name``: a here-document with a quoted
    delimiter, so the shell takes every line literally (no expansion, no command line, whatever
    its length). None when a line of ``content`` equals the delimiter (indented JSON never does)."""
    if delimiter in content.splitlines():
        return None
    end = "" if content.endswith("\n") else "\n"
    return f"cat > {shlex.quote(file_name)} <<'{delimiter}'\n{content}{end}{delimiter}\n"


def shell_command(parts: Sequence[str]) -> str:
    """The arguments as one POSIX shell command line, each quoted on its own."""
    return " ".join(shlex.quote(p) for p in parts)


@dataclass(frozen=True)
class JsStyle:
    """How one export writes JavaScript: its string literal, whether every member of an object
    or array ends with a comma, and the error it raises for a value it cannot write."""

    string: Callable[[str], str]
    trailing_commas: bool
    error: Callable[[str], Exception]
    cannot: str = "cannot be written as JavaScript"


def js_expression(value: Any, style: JsStyle, level: int = 0) -> str:
    """A JavaScript expression evaluating to ``value`` (plain data); binary becomes
    ``Buffer.from("<base64>", "base64")`` (a Uint8Array, as the SDK expects)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if abs(value) > JS_MAX_SAFE_INTEGER:
            raise style.error(f"The integer {value} is too large for a JavaScript number.")
        return str(int(value))
    if isinstance(value, str):
        return style.string(value)
    if isinstance(value, bytes):
        return f'Buffer.from({style.string(base64.b64encode(value).decode("ascii"))}, "base64")'
    inner, outer = "  " * (level + 1), "  " * level
    end, join = (",", "\n") if style.trailing_commas else ("", ",\n")
    if isinstance(value, dict):
        if not value:
            return "{}"
        fields = [f"{inner}{_js_key(k, style)}: {js_expression(v, style, level + 1)}{end}"
                  for k, v in value.items()]
        return "{\n" + join.join(fields) + f"\n{outer}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        items = [f"{inner}{js_expression(v, style, level + 1)}{end}" for v in value]
        return "[\n" + join.join(items) + f"\n{outer}]"
    raise style.error(f"A {type(value).__name__} {style.cannot}.")


def _js_key(key: str, style: JsStyle) -> str:
    # `"__proto__": v` in an object literal sets the prototype instead of adding a
    # property (the attribute would vanish); a computed key adds an own property.
    return f"[{style.string(key)}]" if key == "__proto__" else style.string(key)
