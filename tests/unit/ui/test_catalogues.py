"""The window's catalogues (issue 27): every text marked in dynoview/ui is in each language's
.ts, translated, with the same placeholders as its source; nothing unfinished or vanished.

These fail until the translators have finished: by design, the lead decides when they must pass.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from dynoview.ui.i18n import english_plurals, languages

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "dynoview" / "ui" / "i18n" / "translations"
LANGS = sorted(languages.TRANSLATED)
PLURAL_FORMS = {"pt_BR": 2, "fr": 2, "id": 1, "en": 2}
PLACEHOLDER = re.compile(r"\{[A-Za-z_][\w.]*(?:![rsa])?(?::[^{}]*)?\}|%L?n|%\d")


def _lupdate() -> str:
    tool = Path(sys.executable).with_name("pyside6-lupdate")
    found = str(tool) if tool.is_file() else shutil.which("pyside6-lupdate")
    if found is None:
        pytest.fail("pyside6-lupdate not found (it comes with PySide6-Essentials)")
    return found


def messages(path: Path) -> list[tuple[str, ET.Element]]:
    """(context name, message element) for every message of a catalogue."""
    root = ET.parse(path).getroot()
    return [(ctx.findtext("name") or "", msg) for ctx in root.iter("context") for msg in ctx.iter("message")]


def translations(message: ET.Element) -> list[str]:
    node = message.find("translation")
    if node is None:
        return []
    if message.get("numerus") == "yes":
        return [form.text or "" for form in node.iter("numerusform")]
    return [node.text or ""]


def placeholders(text: str) -> list[str]:
    found = PLACEHOLDER.findall(text)
    return sorted(p.replace("%Ln", "%n") for p in found)


def grouped(text: str) -> list[str]:
    """Placeholders that group digits themselves ("{count:,}", "{n:_}"): English commas, which
    French, Portuguese and Indonesian read as a decimal mark. Counts reach a message already
    written in the window's language (``dynoview.ui.i18n.formats.number``)."""
    return [p for p in PLACEHOLDER.findall(text) if ":" in p and re.search(r"[,_]", p.split(":", 1)[1])]


def mnemonics(text: str) -> int:
    """Keyboard mnemonics: single "&" before a letter ("&&" is a literal ampersand)."""
    return len(re.findall(r"(?<!&)&(?=[^&\s])", text.replace("&&", "")))


@pytest.fixture(scope="module")
def merged(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each catalogue as ``make translations`` would leave it now: copies merged with what
    dynoview/ui marks today, so a text added since the last merge shows as unfinished."""
    out = tmp_path_factory.mktemp("catalogues")
    copies = {}
    for code in [*LANGS, "en"]:
        source = FOLDER / f"dynoview_{code}.ts"
        assert source.is_file(), f"{source} is missing: run make translations"
        copies[code] = out / source.name
        shutil.copy(source, copies[code])
    base = [_lupdate(), "-silent", "-extensions", "py", "-locations", "none",
            str(ROOT / "dynoview" / "ui")]
    subprocess.run([*base, "-ts", *(str(copies[c]) for c in LANGS)], check=True, timeout=300)
    subprocess.run([*base, "-pluralonly", "-no-obsolete", "-ts", str(copies["en"])], check=True, timeout=300)
    return copies


@pytest.mark.parametrize("code", LANGS)
def test_catalogue_is_current(code: str, merged: dict[str, Path]) -> None:
    """Every marked text is in the catalogue in git (else run make translations)."""
    in_git = {(ctx, m.findtext("source"), m.findtext("comment"))
              for ctx, m in messages(FOLDER / f"dynoview_{code}.ts")}
    now = {(ctx, m.findtext("source"), m.findtext("comment")) for ctx, m in messages(merged[code])
           if (m.find("translation") is None or m.find("translation").get("type") != "vanished")}
    missing = sorted(now - in_git, key=str)
    assert not missing, f"{len(missing)} texts not in dynoview_{code}.ts (make translations): {missing[:10]}"


@pytest.mark.parametrize("code", LANGS)
def test_every_text_is_translated(code: str, merged: dict[str, Path]) -> None:
    problems = []
    for ctx, message in messages(merged[code]):
        source = message.findtext("source") or ""
        node = message.find("translation")
        kind = node.get("type") if node is not None else "missing"
        texts = translations(message)
        if kind in ("unfinished", "missing") or not any(t.strip() for t in texts):
            problems.append(f"unfinished: {ctx}: {source!r}")
        elif kind in ("vanished", "obsolete"):
            problems.append(f"{kind} (source changed or removed; delete it once reused): {ctx}: {source!r}")
        elif message.get("numerus") == "yes" and len(texts) != PLURAL_FORMS[code]:
            problems.append(f"{len(texts)} plural forms, {code} has {PLURAL_FORMS[code]}: {ctx}: {source!r}")
    assert not problems, f"{len(problems)} problems in dynoview_{code}.ts:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("code", [*LANGS, "en"])
def test_placeholders_match(code: str) -> None:
    """{name}, %n and %1 survive translation, and a label keeps one "&" mnemonic."""
    problems = []
    for ctx, message in messages(FOLDER / f"dynoview_{code}.ts"):
        source = message.findtext("source") or ""
        node = message.find("translation")
        if node is None or node.get("type") in ("unfinished", "vanished", "obsolete"):
            continue
        for text in translations(message):
            if not text:
                continue
            if placeholders(text) != placeholders(source):
                problems.append(f"{ctx}: {source!r} -> {text!r}: "
                                f"{placeholders(source)} != {placeholders(text)}")
            if grouped(text):  # {count:,} would raise on the count the code formatted
                problems.append(f"{ctx}: {text!r}: {grouped(text)} groups digits the English way; "
                                "the code formats the number: write the placeholder plain, {count}")
            if mnemonics(source) != mnemonics(text):
                problems.append(f"{ctx}: {source!r} -> {text!r}: '&' mnemonics differ")
    assert not problems, f"{len(problems)} placeholder problems in dynoview_{code}.ts:\n" + \
        "\n".join(problems[:40])


def test_english_plurals_are_filled(merged: dict[str, Path]) -> None:
    """English shows "1 lock" through its catalogue: every plural text has both forms."""
    unfinished = [m.findtext("source") for _, m in messages(merged["en"])
                  if m.find("translation") is not None and m.find("translation").get("type") == "unfinished"]
    assert not unfinished, f"run make translations (english_plurals fills them): {unfinished[:10]}"


@pytest.mark.parametrize(("source", "singular", "plural"), [
    ("%n lock(s)", "%n lock", "%n locks"),
    ("%Ln batch(es) (none)", "%Ln batch (none)", "%Ln batches (none)"),
    ("%n entr(y|ies)", "%n entry", "%n entries"),
    ("{names} (is a protected value|are protected values) (none)", "{names} is a protected value (none)",
     "{names} are protected values (none)"),
])
def test_english_forms(source: str, singular: str, plural: str) -> None:
    assert english_plurals.forms(source) == (singular, plural)


@pytest.mark.parametrize(("text", "expected"), [
    ("Found {count} in {table}", ["{count}", "{table}"]),
    ("%Ln rows, {n} read", ["%n", "{n}"]),
    ("{n:,} read", ["{n:,}"]),  # (found, so the check below can refuse it)
    ("50% of {x}", ["{x}"]),
])
def test_placeholder_parser(text: str, expected: list[str]) -> None:
    assert placeholders(text) == sorted(expected)


def test_mnemonic_counter() -> None:
    assert mnemonics("&File") == 1
    assert mnemonics("Accounts && locks") == 0
    assert mnemonics("Search & replace") == 0


def marked_texts() -> list[tuple[str, int, str]]:
    """(file, line, text) of every literal marked in dynoview/ui: self.tr / translate /
    QT_TRANSLATE_NOOP calls."""
    import ast

    found = []
    for path in sorted((ROOT / "dynoview" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else \
                func.id if isinstance(func, ast.Name) else ""
            at = {"tr": 0, "translate": 1, "QT_TRANSLATE_NOOP": 1}.get(name)
            if at is None or len(node.args) <= at:
                continue
            arg = node.args[at]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((str(path.relative_to(ROOT)), node.lineno, arg.value))
    return found


def test_marked_texts_take_counts_formatted() -> None:
    """A marked text says {count}, never {count:,}: the code passes the count written in the
    window's language ("1 204", "1.204"), as the rest of the window writes numbers."""
    found = [f"{f}:{line}: {text!r} {grouped(text)}" for f, line, text in marked_texts() if grouped(text)]
    assert not found, f"{len(found)} marked texts group digits the English way:\n" + "\n".join(found[:40])


def test_grouped_placeholders_are_found() -> None:
    assert grouped("Writing {done:,} of {total:,}") == ["{done:,}", "{total:,}"]
    assert grouped("{count} at {when:%H:%M}, {value:g} s, U+{code:04X}") == []


def test_lupdate_sees_every_marked_text(merged: dict[str, Path]) -> None:
    """A marked text lupdate cannot extract (it reads a plural's count only as a plain name in
    ``QCoreApplication.translate``, and no keyword arguments) would stay English in every language."""
    sources = {m.findtext("source") for _, m in messages(merged["pt_BR"])}
    unseen = [f"{f}:{line}: {text!r}" for f, line, text in marked_texts() if text not in sources]
    assert not unseen, f"{len(unseen)} marked texts lupdate does not extract:\n" + "\n".join(unseen[:40])
