"""Probe values for running a template symbolically (see ``model``): a sentinel string per
parameter, and the splitting of the strings the template built back into literal text and
parameter slots.

A sentinel is ``Q<token><nnn>``: the token is random hex holding a letter and appearing in no
text of the schema, so a sentinel found in a request can only be a parameter. A lower-case
``q`` shows where the template normalised the value (every rule is probed as lowercasing,
which changes that letter and nothing else), and the token in capitals marks another spelling
of a value that normalises to the same key.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
from collections.abc import Mapping
from typing import Any

from dynoview.core.codegen.model import KEY, RAW, Param, Slot, Text
from dynoview.core.uniqueness.forms import NORMALISE_LOWER
from dynoview.core.uniqueness.schema import UniquenessSchema


class Probe:
    """Sentinel strings for parameters, and the splitting of probed strings into ``Text``."""

    def __init__(self, schema: UniquenessSchema) -> None:
        texts = _schema_texts(schema)
        while True:
            # Hex with a letter in it, so its upper-case spelling differs (``spelling``).
            self.token = secrets.token_hex(8)
            if not self.token.isdigit() and not any(self.token in t for t in texts):
                break
        self.params: dict[str, str] = {}  # sentinel number -> Param.key
        self.spellings: dict[str, str] = {}  # sentinel number -> Param.key of another spelling
        self.pattern = re.compile(f"([Qq])({self.token}|{self.token.upper()})([0-9]{{3}})")

    def value(self, param: Param) -> str:
        number = f"{len(self.params):03d}"
        self.params[number] = param.key
        return f"Q{self.token}{number}"

    def spelling(self, of: str, param: Param) -> str:
        """Another spelling of the value ``of`` (a sentinel from ``value``) with the same
        normalised form: the same sentinel with its token in capitals."""
        number = of[-3:]
        self.spellings[number] = param.key
        return f"Q{self.token.upper()}{number}"

    def _slot(self, match: re.Match[str]) -> Slot:
        number = match.group(3)
        if match.group(2) != self.token:
            return Slot(self.spellings[number], RAW)
        return Slot(self.params[number], RAW if match.group(1) == "Q" else KEY)

    def text(self, value: str) -> str | Text:
        parts: list[str | Slot] = []
        pos = 0
        for match in self.pattern.finditer(value):
            if match.start() > pos:
                parts.append(value[pos:match.start()])
            parts.append(self._slot(match))
            pos = match.end()
        if not parts:
            return value
        if pos < len(value):
            parts.append(value[pos:])
        return Text(tuple(parts))

    def data(self, value: Any) -> Any:
        """A probed request with every string split (``Text`` where a sentinel appears)."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, Mapping):
            return {key: self.data(item) for key, item in value.items()}
        if isinstance(value, list):
            return [self.data(item) for item in value]
        return value

    def slot_params(self, value: Any) -> list[str]:
        """The parameters whose sentinels appear in a probed value, in order."""
        found: list[str] = []
        if isinstance(value, str):
            found += [self._slot(m).param for m in self.pattern.finditer(value)]
        elif isinstance(value, Mapping):
            for item in value.values():
                found += self.slot_params(item)
        elif isinstance(value, list):
            for item in value:
                found += self.slot_params(item)
        return found


def _schema_texts(schema: UniquenessSchema) -> list[str]:
    texts = [schema.pk_name, schema.sk_name or "", schema.account_pk_prefix,
             schema.account_sk_value or ""]
    for rule in schema.rules:
        texts += [rule.name, rule.attribute, rule.pk_template, rule.sk_value or ""]
    if schema.locks is not None:
        texts += [schema.locks.name, schema.locks.pk_name, schema.locks.sk_name or ""]
    return [t.lower() for t in texts]


def probe_schema(schema: UniquenessSchema) -> UniquenessSchema:
    """The schema with every rule lowercasing: the probe sees where values are normalised."""
    return dataclasses.replace(schema, rules=tuple(
        dataclasses.replace(r, normalisation=NORMALISE_LOWER) for r in schema.rules))
