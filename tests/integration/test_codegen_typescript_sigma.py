"""Generated TypeScript for ``lowercase`` and ``trim+lowercase``: its normaliser equals DynoView's
(Python's ``str.lower()``) around a capital sigma, whose final form depends on its neighbours
(Unicode's Final_Sigma). U+0295 is cased in Python 3.11's Unicode and not in Node 20's ICU, so
``toLowerCase()`` gave ``aʕσ`` for ``AʕΣ`` where the audit expects ``aʕς``: another lock key.
Type-checked by tsc (strict) and run with node; skipped, with the reason, where node is missing."""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

import pytest

from dynoview.core.codegen import module_code
from dynoview.core.uniqueness.forms import normalise
from dynoview.core.uniqueness.schema import NORMALISE_LOWER, NORMALISE_TRIM_LOWER, LockRule, UniquenessSchema
from tests.typescript_project import compile_project, run_driver

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

MODES = (NORMALISE_LOWER, NORMALISE_TRIM_LOWER)
SCHEMA = UniquenessSchema(rules=tuple(
    LockRule(f"r{i}", f"attr{i}", f"UNIQ#R{i}#{{value}}", "LOCK", mode) for i, mode in enumerate(MODES)))
SIGMA = "\u03a3"
DRIVER = """
import { readFileSync } from "node:fs";
import { normaliseR0, normaliseR1 } from "./sigma.js";
const texts: string[] = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8"));
console.log(JSON.stringify([texts.map(normaliseR0), texts.map(normaliseR1)]));
"""


def _edges() -> list[str]:
    """The characters where Python's answer for a sigma after them changes: the first and
    last of each run of code points that give ``cΣ`` and ``AcΣ`` the same final form, among
    the characters assigned in this Python's Unicode (Node.js lower-cases newer ones its way)."""
    kinds = [((chr(c) + SIGMA).lower()[-1], ("A" + chr(c) + SIGMA).lower()[-1])
             for c in range(sys.maxunicode + 1)]
    return [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) not in ("Cn", "Cs")
            and (c == 0 or c == sys.maxunicode or kinds[c] != kinds[c - 1] or kinds[c] != kinds[c + 1])]


def corpus() -> list[str]:
    """The report's two values, then every edge of Python's cased and case-ignorable runs
    before, between and after capital sigmas."""
    texts = ["A\u0295\u03a3", "A\u03a3\u0295", " A\u0295\u03a3 ", "\u039f\u0394\u039f\u03a3", SIGMA]
    for char in _edges():
        texts += [char + SIGMA, "A" + char + SIGMA, "A" + SIGMA + char, "A" + SIGMA + char + "b",
                  "A'" + char + SIGMA + "'"]
    return texts


def compiled(folder: Path) -> Path:
    return compile_project(folder, {"sigma.ts": module_code(SCHEMA, "sigma", lang="typescript"),
                                    "driver.ts": DRIVER})


def test_typescript_lowercase_equals_python_around_a_capital_sigma(tmp_path: Path) -> None:
    project = compiled(tmp_path / "ts")
    texts = corpus()
    (tmp_path / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
    results = run_driver(project, str(tmp_path / "texts.json"))
    lower, trim_lower = results
    assert lower[:2] == ["a\u0295\u03c2", "a\u03c3\u0295"]  # the audit's keys: aʕς, aσʕ
    assert trim_lower[2] == "a\u0295\u03c2"
    for mode, got in zip(MODES, results, strict=True):
        differ = [(t, r) for t, r in zip(texts, got, strict=True) if r != normalise(t, mode)]
        assert not differ, (mode, len(differ), differ[:5])
