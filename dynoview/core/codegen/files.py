"""The file a generated module is written to, and which table a file DynoView generated was
generated for: ``dynoview codegen --out`` replaces only its own module of the same table.
"""

from __future__ import annotations

import ast
import json
import re

import dynoview.core.codegen.python_runtime as python_runtime
import dynoview.core.codegen.typescript_runtime as typescript_runtime
from dynoview.core.codegen.names import camel, words_of
from dynoview.core.codegen.template import PYTHON, TYPESCRIPT

#: How every generated module starts, up to its version: a file starting otherwise is not one.
_STARTS = {lang: header[:header.index("{version}")]
           for lang, header in ((PYTHON, python_runtime.HEADER),
                                (TYPESCRIPT, typescript_runtime.HEADER))}
_TS_TABLE = re.compile(r'^export const TABLE_NAME = ("(?:[^"\\\n]|\\.)*");$', re.MULTILINE)


def file_name(table: str, lang: str) -> str:
    """The generated module's file name for a table: ``accounts_uniqueness.py`` or
    ``accountsUniqueness.ts``. Tables whose names differ only in punctuation (``users-v2``,
    ``users.v2``) share one: ``generated_for`` tells the two modules apart."""
    words = words_of(table) or ("table",)
    if words[0][0].isdigit():
        words = ("table", *words)
    words = (*words, "uniqueness")
    return "_".join(words) + ".py" if lang == PYTHON else camel(words) + ".ts"


def generated_for(text: str, lang: str) -> str | None:
    """The table a module DynoView generated (``lang``) was generated for: its ``TABLE_NAME``;
    None when ``text`` is not such a module (it does not start with the generated header, or
    holds no ``TABLE_NAME`` string)."""
    if not text.startswith(_STARTS[lang]):
        return None
    if lang != PYTHON:
        match = _TS_TABLE.search(text)
        try:
            table = json.loads(match.group(1)) if match else None
        except ValueError:
            return None
        return table if isinstance(table, str) else None
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and node.targets[0].id == "TABLE_NAME" and \
                isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return node.value.value
    return None
