"""Comments, docstrings and documents name modules that exist (docs/house-rules.md, "Tests").

Every ``dynoview/<layer>/...py`` path and every dotted ``dynoview.<layer>.x.y`` name in a comment
or docstring of dynoview/, tests/ and benchmarks/, and anywhere in docs/ and the README, must
resolve: the path to a file, the dotted name to a module (or package) and, past it, to a name
that module defines at its top level. A module moves, its old name lingers in prose: this finds it.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = "core|ui|cli|demo"
PATH = re.compile(rf"\bdynoview/(?:{LAYERS})/[\w/]*\w\.py\b")
DOTTED = re.compile(rf"\bdynoview\.(?:{LAYERS})(?:\.[A-Za-z_]\w*)*")
CODE_FOLDERS = ("dynoview", "tests", "benchmarks")


def prose_of(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each comment and docstring of a Python file; every line of a document."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        yield from enumerate(text.splitlines(), 1)
        return
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                for offset, line in enumerate(body[0].value.value.splitlines()):
                    yield body[0].lineno + offset, line


def _module_path(dotted: str, root: Path) -> Path | None:
    base = root / dotted.replace(".", "/")
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@cache
def _top_level_names(path: Path) -> frozenset[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
    return frozenset(names)


def resolves(dotted: str, root: Path = ROOT) -> bool:
    """A module, or a module and a name defined in it (``dynoview.core.errors.aws_error_code``)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 1, -1):
        path = _module_path(".".join(parts[:cut]), root)
        if path is not None:
            rest = parts[cut:]
            return not rest or rest[0] in _top_level_names(path)
    return False


def stale_names(files: list[Path], root: Path = ROOT) -> list[str]:
    found = []
    for path in files:
        for line_no, line in prose_of(path):
            names = [m.group() for m in PATH.finditer(line) if not (root / m.group()).is_file()]
            names += [m.group() for m in DOTTED.finditer(line)
                      if not line[m.end():].startswith((".py", "/")) and not resolves(m.group(), root)]
            found += [f"{path.relative_to(root)}:{line_no}: {name}" for name in names]
    return found


def checked_files() -> list[Path]:
    files = [p for folder in CODE_FOLDERS for p in (ROOT / folder).rglob("*.py")
             if "__pycache__" not in p.parts]
    return sorted([*files, *(ROOT / "docs").rglob("*.md"), ROOT / "README.md"])


def test_the_check_finds_a_moved_module(tmp_path: Path) -> None:
    core = tmp_path / "dynoview" / "core"
    (core / "audit").mkdir(parents=True)
    (core / "audit" / "__init__.py").write_text("")
    (core / "audit" / "pages.py").write_text("def classify():\n    pass\n")
    sample = tmp_path / "dynoview" / "core" / "sample.py"
    sample.write_text(
        '"""Pages come from ``dynoview.core.audit.pages.classify`` (dynoview/core/audit/pages.py)."""\n'
        "# the old home: dynoview.core.audit_pages, dynoview/core/audit_pages.py\n"
        "# a name it never had: dynoview.core.audit.pages.parse\n"
        'NOT_PROSE = "dynoview.core.gone"\n')
    assert stale_names([sample], tmp_path) == [
        "dynoview/core/sample.py:2: dynoview/core/audit_pages.py",
        "dynoview/core/sample.py:2: dynoview.core.audit_pages",
        "dynoview/core/sample.py:3: dynoview.core.audit.pages.parse",
    ]


def test_comments_and_documents_name_modules_that_exist() -> None:
    files = checked_files()
    assert len(files) > 300, "the check found too few files"
    stale = stale_names(files)
    assert not stale, "names of modules (or their names) that do not exist:\n  " + "\n  ".join(stale)
